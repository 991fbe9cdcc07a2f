import { Op, QueryTypes, Sequelize, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import { BannerDismissal, Cohort, InformationBanner, InformationBannerCohort, Program, Student } from '../../models';
import { BannerLevel } from '../../models/enums';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page } from '../common/list';
import { bannerSortable, type BannerInput, type BannerListQuery } from './banners.schemas';

/**
 * Information banners (back-office spec §3 and §7 "Banners", domain rules "Information banners and
 * the mobile app"): staff write them (`banners:create|update`), publish and unpublish them
 * (`banners:publish`); the portal shows each student the published ones of their audience that
 * they have not dismissed.
 */

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function bannerDto(b: InformationBanner, cohortIds: number[]) {
  return {
    id: b.id,
    title: b.title,
    content: b.content,
    type: b.type,
    audience: b.audience,
    programId: b.programId ?? null,
    cohortIds,
    coachingCircleId: b.coachingCircleId ?? null,
    published: Boolean(b.published),
    publishedAt: iso(b.publishedAt),
    createdAt: iso(b.createdAt)!,
    updatedAt: iso(b.updatedAt)!,
    updatedBy: updatedByOf(b),
  };
}
export type BannerDto = ReturnType<typeof bannerDto>;

/** The cohort ids of each banner, in one query. */
async function cohortIdsOf(bannerIds: number[], transaction?: Transaction): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(bannerIds.map((id) => [id, []]));
  if (!bannerIds.length) return out;
  const rows = await InformationBannerCohort.findAll({
    attributes: ['informationBannerId', 'cohortId'],
    where: { informationBannerId: bannerIds },
    order: [['cohortId', 'ASC']],
    transaction,
  });
  for (const r of rows) out.get(r.informationBannerId)?.push(r.cohortId);
  return out;
}

const spec: ListSpec<InformationBanner> = { model: InformationBanner, sortable: bannerSortable, defaultSort: 'id', keywordColumns: ['title'] };

/** GET /information_banner: paged, sorted, keyword on the title (a number also finds the id), published/type/audience filters. */
export async function listBanners(q: BannerListQuery): Promise<Page<BannerDto>> {
  const filters: WhereOptions[] = [];
  if (q.published !== undefined) filters.push({ published: q.published });
  if (q.type) filters.push({ type: q.type });
  if (q.audience) filters.push({ audience: q.audience });
  const page = await runList(spec, q, filters, (b) => b);
  const cohorts = await cohortIdsOf(page.content.map((b) => b.id));
  return { ...page, content: page.content.map((b) => bannerDto(b, cohorts.get(b.id) ?? [])) };
}

async function findBanner(id: number, transaction?: Transaction): Promise<InformationBanner> {
  const banner = await InformationBanner.findByPk(id, { transaction });
  if (!banner) throw AppError.notFound('Information banner');
  return banner;
}

async function answer(banner: InformationBanner, transaction?: Transaction): Promise<BannerDto> {
  return bannerDto(banner, (await cohortIdsOf([banner.id], transaction)).get(banner.id) ?? []);
}

export async function getBanner(id: number): Promise<BannerDto> {
  return answer(await findBanner(id));
}

/**
 * The audience's program and cohorts exist and are not archived (400 on the field otherwise); those
 * the banner already had may stay after they were archived.
 */
async function checkAudience(input: BannerInput, existing: { programId: number | null; cohortIds: number[] } | null, transaction: Transaction): Promise<void> {
  if (input.programId && input.programId !== existing?.programId) {
    if (!(await Program.count({ where: { id: input.programId, deleted: false }, transaction }))) throw AppError.badRequest({ programId: Messages.INVALID_VALUE });
  }
  const added = input.cohortIds.filter((id) => !existing?.cohortIds.includes(id));
  if (added.length && (await Cohort.count({ where: { id: added, deleted: false }, transaction })) !== added.length)
    throw AppError.badRequest({ cohortIds: Messages.INVALID_VALUE });
}

async function replaceCohorts(bannerId: number, cohortIds: number[], transaction: Transaction): Promise<void> {
  await InformationBannerCohort.destroy({ where: { informationBannerId: bannerId, ...(cohortIds.length ? { cohortId: { [Op.notIn]: cohortIds } } : {}) }, transaction });
  const kept = new Set((await InformationBannerCohort.findAll({ attributes: ['cohortId'], where: { informationBannerId: bannerId }, transaction })).map((r) => r.cohortId));
  const added = cohortIds.filter((id) => !kept.has(id));
  if (added.length)
    await InformationBannerCohort.bulkCreate(
      added.map((cohortId) => ({ informationBannerId: bannerId, cohortId })),
      { transaction },
    );
}

const columns = (input: BannerInput) => ({
  title: input.title,
  content: input.content,
  type: input.type,
  audience: input.audience,
  programId: input.programId,
  coachingCircleId: input.coachingCircleId,
});

/** POST /information_banner: a new banner, unpublished. */
export async function createBanner(input: BannerInput, actor: Actor): Promise<BannerDto> {
  return InformationBanner.sequelize!.transaction(async (transaction) => {
    await checkAudience(input, null, transaction);
    const banner = await InformationBanner.create({ ...columns(input), published: false, ...stamp(actor) }, { transaction });
    await replaceCohorts(banner.id, input.cohortIds, transaction);
    const dto = await answer(banner, transaction);
    await recordActivity(actor, { entityType: 'INFORMATION_BANNER', entityId: banner.id, category: 'COMMUNICATION', type: 'CREATED', changes: diff({}, dto) }, transaction);
    return dto;
  });
}

/** PUT /information_banner/{id}: its text, level and audience; a published banner stays published (the portal shows the new text). */
export async function updateBanner(id: number, input: BannerInput, actor: Actor): Promise<BannerDto> {
  return InformationBanner.sequelize!.transaction(async (transaction) => {
    const banner = await findBanner(id, transaction);
    const before = await answer(banner, transaction);
    await checkAudience(input, before, transaction);
    await banner.update({ ...columns(input), ...stamp(actor) }, { transaction });
    await replaceCohorts(id, input.cohortIds, transaction);
    const after = await answer(banner, transaction);
    await recordActivity(actor, { entityType: 'INFORMATION_BANNER', entityId: id, category: 'COMMUNICATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * PATCH /information_banner/{id}/publish?publish=true|false: shows it to its audience, or takes it
 * off the portal. Idempotent (publishing a published banner changes nothing, as products do);
 * `publishedAt` is when it was last published.
 */
export async function publishBanner(id: number, publish: boolean, actor: Actor): Promise<BannerDto> {
  return InformationBanner.sequelize!.transaction(async (transaction) => {
    const banner = await findBanner(id, transaction);
    if (Boolean(banner.published) === publish) return answer(banner, transaction);
    await banner.update({ published: publish, ...(publish ? { publishedAt: new Date() } : {}), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'INFORMATION_BANNER', entityId: id, category: 'COMMUNICATION', type: 'UPDATED', changes: { published: { from: !publish, to: publish } } },
      transaction,
    );
    return answer(banner, transaction);
  });
}

// ---------------------------------------------------------------- the student's banners

/**
 * The applications and enrollments that put a student in a program's or cohort's audience: an
 * application still in play (not rejected, archived, cancelled, withdrawn or transferred away) and an
 * enrollment ACTIVE or RETAKING.
 */
const ENDED_APPLICATION = ['REJECTED', 'ARCHIVED', 'CANCELLED', 'WITHDRAWN', 'TRANSFERRED'];
const LIVE_ENROLLMENT = ['ACTIVE', 'RETAKING'];

async function audienceOf(studentId: number): Promise<{ programIds: number[]; cohortIds: number[] }> {
  const sequelize = InformationBanner.sequelize!;
  const rows = await sequelize.query<{ program_id: number; cohort_id: number }>(
    `SELECT ac.program_id, ac.cohort_id FROM application_cohorts ac JOIN applications a ON a.id = ac.application_id
      WHERE a.student_id = :studentId AND a.status NOT IN (:ended)
     UNION
     SELECT e.program_id, e.cohort_id FROM enrollments e WHERE e.student_id = :studentId AND e.status IN (:live)`,
    { type: QueryTypes.SELECT, replacements: { studentId, ended: ENDED_APPLICATION, live: LIVE_ENROLLMENT } },
  );
  return { programIds: [...new Set(rows.map((r) => Number(r.program_id)))], cohortIds: [...new Set(rows.map((r) => Number(r.cohort_id)))] };
}

/** At most this many banners at the top of the portal. */
const STUDENT_BANNERS_MAX = 20;
const LEVEL_ORDER = [...BannerLevel].reverse(); // ERROR, WARNING, INFO, SUCCESS: the most urgent first

export function studentBannerDto(b: InformationBanner) {
  return { id: b.id, title: b.title, content: b.content, type: b.type, publishedAt: iso(b.publishedAt) };
}
export type StudentBannerDto = ReturnType<typeof studentBannerDto>;

/**
 * The published banners a student sees and has not dismissed: audience ALL; PROGRAM of a program,
 * COHORT naming a cohort, of one of their applications or enrollments (audienceOf). COACHING_CIRCLE
 * banners reach nobody until coaching circles and their members exist (issue 19): none is faked.
 * Three queries whatever the number of banners.
 */
async function visibleBanners(studentId: number, onlyId?: number): Promise<InformationBanner[]> {
  const { programIds, cohortIds } = await audienceOf(studentId);
  const audiences: WhereOptions[] = [{ audience: 'ALL' }];
  if (programIds.length) audiences.push({ audience: 'PROGRAM', programId: programIds });
  if (cohortIds.length) {
    audiences.push({
      audience: 'COHORT',
      id: { [Op.in]: Sequelize.literal(`(SELECT information_banner_id FROM information_banner_cohorts WHERE cohort_id IN (${cohortIds.map(Number).join(', ')}))`) },
    });
  }
  return InformationBanner.findAll({
    where: {
      [Op.and]: [
        { published: true },
        { [Op.or]: audiences },
        { id: { [Op.notIn]: Sequelize.literal(`(SELECT information_banner_id FROM banner_dismissals WHERE student_id = ${Number(studentId)})`) } },
        ...(onlyId ? [{ id: onlyId }] : []),
      ],
    },
    order: [
      ['publishedAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: STUDENT_BANNERS_MAX,
  });
}

/** GET /students/{id}/information_banners: the banners at the top of the student's portal, the most urgent level first, then the newest. */
export async function studentBanners(studentId: number): Promise<{ content: StudentBannerDto[] }> {
  // Staff (banners:read) may look at any student's: one who does not exist is 404, not an empty strip.
  if (!(await Student.count({ where: { id: studentId } }))) throw AppError.notFound('Student');
  const banners = await visibleBanners(studentId);
  const rank = (b: InformationBanner) => LEVEL_ORDER.indexOf(b.type);
  return { content: [...banners].sort((a, b) => rank(a) - rank(b)).map(studentBannerDto) };
}

/**
 * POST /students/{id}/information_banners/{bannerId}/dismiss: the student hides a banner they see,
 * for good and on every device (a row per student and banner). Dismissing one already dismissed
 * changes nothing; a banner they do not see (unpublished, another audience, missing) is 404.
 */
export async function dismissBanner(studentId: number, bannerId: number): Promise<void> {
  const already = await BannerDismissal.count({ where: { studentId, informationBannerId: bannerId } });
  if (already) return;
  if (!(await visibleBanners(studentId, bannerId)).length) throw AppError.notFound('Information banner');
  try {
    await BannerDismissal.create({ studentId, informationBannerId: bannerId });
  } catch (err) {
    // Two devices at once: the other one's dismissal stands.
    if (!(err instanceof UniqueConstraintError)) throw err;
  }
}
