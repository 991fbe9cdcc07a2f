import { Op, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { ActivityLog, BusinessCategory, Cohort, Product, ProductItem, Program } from '../../models';
import { cohortStatusOn, schoolToday } from '../../models/catalogue';
import { Messages, format } from '../../models/messages';
import { archiveRefusal } from '../catalogue/archive-guards';
import { labelOf } from '../catalogue/cohort-labels';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, likePrefix, runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import {
  DEFAULT_COHORT_STATUSES,
  cohortCriteria,
  cohortSortable,
  type CoachingCircleDatesInput,
  type CohortCriteria,
  type CohortInput,
  type CohortListQuery,
} from './cohorts.schemas';
import { description, type Description } from '../../models/descriptions';
import { checkLmsConnection } from '../lms/lookup';

/**
 * Cohorts: the classes of a program. The status follows the dates (CREATED → ACTIVE → COMPLETED,
 * models/catalogue.ts) and is computed on every save; CANCELLED is set by its own call and ARCHIVED
 * by archiving. The label and the business category are copied from the program for the indexes.
 */

export const ENTITY = 'COHORT';
export const CATEGORY = 'ADMINISTRATION';

const include: Includeable[] = [
  { model: Program, as: 'program', attributes: ['id', 'name', 'durationType', 'accelerated', 'deleted', 'lmsConnectionId'] },
  { model: BusinessCategory, as: 'businessCategory', attributes: ['id', 'name'] },
];

export type CohortDto = ReturnType<typeof cohortDto>;

/** The contract shape of a cohort: every §3 field, its label, program, category and products. */
export function cohortDto(c: Cohort, productIds: number[] = []) {
  // The model declares `program`; the business-category association is read through this view.
  const category = c.businessCategory;
  return {
    id: c.id,
    status: c.status,
    label: c.label,
    customName: c.customName,
    programId: c.programId,
    // program.lmsConnectionId: the program's learning-system connection, used when the cohort names none of its own (lmsConnectionId).
    program: c.program
      ? { id: c.program.id, name: c.program.name, durationType: c.program.durationType, accelerated: c.program.accelerated, lmsConnectionId: c.program.lmsConnectionId ?? null }
      : null,
    businessCategoryId: c.businessCategoryId,
    businessCategory: category ? { id: category.id, name: category.name } : null,
    startDate: c.startDate,
    endDate: c.endDate,
    extendedGraduationDate: c.extendedGraduationDate,
    courseAccessStartDateTime: c.courseAccessStartDateTime,
    courseAccessEndDateTime: c.courseAccessEndDateTime,
    description: c.description,
    image: c.image,
    deleted: c.deleted,
    d2lSectionId: c.d2lSectionId,
    iinLmsCoursePath: c.iinLmsCoursePath,
    salesforceProductId: c.salesforceProductId,
    published: c.published,
    maxStudents: c.maxStudents,
    useCoachingCircle: c.useCoachingCircle,
    accessDisabled: c.accessDisabled,
    coachingCircleOpenDate: c.coachingCircleOpenDate,
    coachingCircleCloseDate: c.coachingCircleCloseDate,
    sessionOpenDate: c.sessionOpenDate,
    sessionCloseDate: c.sessionCloseDate,
    doceboConfig: { learningPlanIds: c.doceboLearningPlanIds, courseIds: c.doceboCourseIds },
    lmsConnectionId: c.lmsConnectionId ?? null,
    productIds,
    updatedBy: updatedByOf(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The products (not archived) each cohort belongs to, in one query for the whole page. */
async function productIdsOf(cohortIds: number[], transaction?: Transaction): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!cohortIds.length) return out;
  const rows = (await ProductItem.findAll({
    attributes: ['cohortId', 'productId'],
    where: { cohortId: cohortIds },
    include: [{ model: Product, as: 'product', attributes: [], where: { deleted: false }, required: true }],
    order: [['productId', 'ASC']],
    raw: true,
    transaction,
  })) as unknown as Array<{ cohortId: number; productId: number }>;
  for (const row of rows) out.set(row.cohortId, [...(out.get(row.cohortId) ?? []), row.productId]);
  return out;
}

async function withProducts(page: Page<CohortDto>): Promise<Page<CohortDto>> {
  const products = await productIdsOf(page.content.map((c) => c.id));
  for (const dto of page.content) dto.productIds = products.get(dto.id) ?? [];
  return page;
}

/** One cohort's DTO, read again with its associations (inside the caller's transaction). */
async function dtoOf(id: number, transaction?: Transaction): Promise<CohortDto> {
  const cohort = await getCohort(id, transaction);
  return cohortDto(cohort, (await productIdsOf([id], transaction)).get(id) ?? []);
}

// ---------------------------------------------------------------- lists

const listSpec = (deleted: boolean): ListSpec<Cohort> => ({
  model: Cohort,
  sortable: cohortSortable,
  keywordColumns: ['label'],
  include,
  baseWhere: { deleted },
});

/**
 * Keyword on the label: every word must appear in it (the dates sit in the middle of a label, so a
 * prefix match is not enough); a number also matches the id. The table holds a school's classes,
 * a few thousand rows, so the contains match is cheap.
 */
function labelKeyword(keyword: string | undefined, dialect: string): WhereOptions | null {
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return null;
  return {
    [Op.and]: words.map((w) => ({
      [Op.or]: [{ label: { [Op.like]: `%${likePrefix(w, dialect)}` } }, ...(/^\d{1,9}$/.test(w) ? [{ id: Number(w) }] : [])],
    })),
  };
}

/** GET /api/cohorts: statuses CREATED and ACTIVE unless asked otherwise (every status of the archived ones). */
export async function listCohorts(q: CohortListQuery): Promise<Page<CohortDto>> {
  const dialect = Cohort.sequelize!.getDialect();
  const statuses = q.status?.length ? q.status : q.deleted ? null : [...DEFAULT_COHORT_STATUSES];
  const page = await runList(
    listSpec(q.deleted === true),
    { ...q, keyword: undefined },
    [
      statuses ? { status: statuses } : null,
      q.businessCategoryId ? { businessCategoryId: q.businessCategoryId } : null,
      q.programId ? { programId: q.programId } : null,
      q.published === undefined ? null : { published: q.published },
      labelKeyword(q.keyword, dialect),
    ],
    (c) => cohortDto(c),
  );
  return withProducts(page);
}

/**
 * POST /api/cohorts/find_by_criteria: as the plain list, no `statuses` means CREATED and ACTIVE,
 * except for a lookup by `ids` (a product's cohorts, whatever their status) and for the archived
 * (`deleted: true`, every status).
 */
export async function findCohortsByCriteria(q: PagingQuery, criteria: Partial<CohortCriteria>): Promise<Page<CohortDto>> {
  const dialect = Cohort.sequelize!.getDialect();
  const { deleted, ...rest } = criteria;
  const listed = (key: 'statuses' | 'ids') => Array.isArray(rest[key]) && (rest[key] as unknown[]).length > 0;
  const defaultStatuses = !listed('statuses') && !listed('ids') && deleted !== true;
  const page = await runList(
    listSpec(deleted === true),
    { ...q, keyword: undefined },
    [...criteriaWhere(cohortCriteria, defaultStatuses ? { ...rest, statuses: [...DEFAULT_COHORT_STATUSES] } : rest, dialect), labelKeyword(q.keyword, dialect)],
    (c) => cohortDto(c),
  );
  return withProducts(page);
}

// ---------------------------------------------------------------- one cohort

/** A cohort with its program and business category, archived ones included; 404 when missing. */
export async function getCohort(id: number, transaction?: Transaction): Promise<Cohort> {
  const cohort = await Cohort.findByPk(id, { include, transaction });
  if (!cohort) throw AppError.notFound('Cohort');
  return cohort;
}

/** GET /api/cohorts/{id}. */
export function getCohortDto(id: number): Promise<CohortDto> {
  return dtoOf(id);
}

/** A cohort that may still change: archived ones are read-only (409 COHORT_ARCHIVED). */
export async function getChangeableCohort(id: number, transaction?: Transaction): Promise<Cohort> {
  const cohort = await getCohort(id, transaction);
  if (cohort.deleted) throw AppError.conflict('COHORT_ARCHIVED', Messages.COHORT_ARCHIVED);
  return cohort;
}

/** The program a cohort is saved under: it must exist (400) and not be archived (409), unless it is the one kept. */
async function programFor(programId: number, keptId: number | null, transaction: Transaction): Promise<Program> {
  const program = await Program.findByPk(programId, { transaction });
  if (!program) throw AppError.badRequest({ programId: Messages.INVALID_VALUE });
  if (program.deleted && program.id !== keptId) throw AppError.conflict('PROGRAM_ARCHIVED', Messages.PROGRAM_ARCHIVED);
  return program;
}

/** Column values of a checked cohort body. */
function cohortValues(input: CohortInput, program: Program) {
  const values = {
    programId: program.id,
    businessCategoryId: program.businessCategoryId,
    customName: input.customName ?? null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    extendedGraduationDate: input.extendedGraduationDate ?? null,
    courseAccessStartDateTime: input.courseAccessStartDateTime ?? null,
    courseAccessEndDateTime: input.courseAccessEndDateTime ?? null,
    description: input.description ?? null,
    image: input.image ?? null,
    d2lSectionId: input.d2lSectionId ?? null,
    iinLmsCoursePath: input.iinLmsCoursePath ?? null,
    salesforceProductId: input.salesforceProductId ?? null,
    maxStudents: input.maxStudents ?? null,
    doceboLearningPlanIds: input.doceboConfig?.learningPlanIds ?? [],
    doceboCourseIds: input.doceboConfig?.courseIds ?? [],
    lmsConnectionId: input.lmsConnectionId ?? null,
  };
  return { ...values, label: labelOf(values, program) };
}

/** POST /api/cohorts: the status comes from the dates, the label and business category from the program. */
export async function createCohort(input: CohortInput, actor: Actor): Promise<CohortDto> {
  return Cohort.sequelize!.transaction(async (transaction) => {
    const program = await programFor(input.programId, null, transaction);
    await checkLmsConnection(input.lmsConnectionId, transaction);
    const values = cohortValues(input, program);
    const cohort = await Cohort.create(
      {
        ...values,
        status: cohortStatusOn({ status: null, startDate: values.startDate, endDate: values.endDate }, schoolToday()),
        coachingCircleOpenDate: null,
        coachingCircleCloseDate: null,
        sessionOpenDate: null,
        sessionCloseDate: null,
        ...stamp(actor),
      },
      { transaction },
    );
    const dto = await dtoOf(cohort.id, transaction);
    await recordActivity(actor, { entityType: ENTITY, entityId: cohort.id, category: CATEGORY, type: 'CREATED', changes: diff({}, dto) }, transaction);
    return dto;
  });
}

/** PUT /api/cohorts/{id}: replaces the cohort's own fields; the status is recomputed (CANCELLED kept). */
export async function updateCohort(id: number, input: CohortInput, actor: Actor): Promise<CohortDto> {
  if (input.id !== undefined && input.id !== id) throw AppError.badRequest({ id: Messages.INVALID_VALUE });
  return Cohort.sequelize!.transaction(async (transaction) => {
    const cohort = await getChangeableCohort(id, transaction);
    const program = await programFor(input.programId, cohort.programId, transaction);
    await checkLmsConnection(input.lmsConnectionId, transaction);
    const before = await dtoOf(id, transaction);
    const values = cohortValues(input, program);
    await cohort.update(
      { ...values, status: cohortStatusOn({ status: cohort.status, startDate: values.startDate, endDate: values.endDate }, schoolToday()), ...stamp(actor) },
      { transaction },
    );
    const after = await dtoOf(id, transaction);
    await recordActivity(actor, { entityType: ENTITY, entityId: id, category: CATEGORY, type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * DELETE /api/cohorts/{id}: archives (deleted, status ARCHIVED, unpublished). Refused while a
 * product that is not archived sells it, then by the guards other areas register (enrollments,
 * applications). Archiving an archived cohort changes nothing.
 */
export async function archiveCohort(id: number, actor: Actor): Promise<void> {
  await Cohort.sequelize!.transaction(async (transaction) => {
    const cohort = await getCohort(id, transaction);
    if (cohort.deleted) return;
    const item = await ProductItem.findOne({
      where: { cohortId: id },
      include: [{ model: Product, as: 'product', attributes: ['id', 'name'], where: { deleted: false }, required: true }],
      order: [[{ model: Product, as: 'product' }, 'name', 'ASC']],
      transaction,
    });
    const product = (item as (ProductItem & { product?: Product }) | null)?.product;
    if (product) throw AppError.conflict('COHORT_IN_PRODUCT', format(Messages.COHORT_IN_PRODUCT, product.name));
    const refusal = await archiveRefusal('cohort', id, transaction);
    if (refusal) throw AppError.conflict(refusal.code, refusal.message);
    const before = { status: cohort.status, deleted: cohort.deleted, published: cohort.published };
    await cohort.update({ deleted: true, status: 'ARCHIVED', published: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: ENTITY,
        entityId: id,
        category: CATEGORY,
        type: 'DELETED',
        description: description('ARCHIVED'),
        changes: diff(before, { status: 'ARCHIVED', deleted: true, published: false }),
      },
      transaction,
    );
  });
}

/**
 * PATCH /api/cohorts/{id}/undeleted: brings an archived cohort back. Its status is the one before
 * archiving when that was CANCELLED (read from the archive's activity entry), else the dates' status;
 * it stays unpublished. A cohort that is not archived is answered as it is.
 */
export async function undeleteCohort(id: number, actor: Actor): Promise<CohortDto> {
  return Cohort.sequelize!.transaction(async (transaction) => {
    const cohort = await getCohort(id, transaction);
    if (!cohort.deleted) return dtoOf(id, transaction);
    const program = await Program.findByPk(cohort.programId, { transaction });
    if (program?.deleted) throw AppError.conflict('PROGRAM_ARCHIVED', Messages.PROGRAM_ARCHIVED);
    const archived = await ActivityLog.findOne({ where: { entityType: ENTITY, entityId: id, type: 'DELETED' }, order: [['id', 'DESC']], transaction });
    const previous = archived?.changes?.status?.from;
    const status = previous === 'CANCELLED' ? 'CANCELLED' : cohortStatusOn({ status: null, startDate: cohort.startDate, endDate: cohort.endDate }, schoolToday());
    await cohort.update({ deleted: false, status, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: ENTITY,
        entityId: id,
        category: CATEGORY,
        type: 'UPDATED',
        description: description('RESTORED'),
        changes: diff({ status: 'ARCHIVED', deleted: true }, { status, deleted: false }),
      },
      transaction,
    );
    return dtoOf(id, transaction);
  });
}

/** POST /api/cohorts/publish: publishes or unpublishes every listed cohort, or none (404 missing, 409 archived). */
export async function publishCohorts(cohortIds: number[], published: boolean, actor: Actor): Promise<CohortDto[]> {
  const ids = [...new Set(cohortIds)];
  return Cohort.sequelize!.transaction(async (transaction) => {
    const rows = await Cohort.findAll({ where: { id: ids }, attributes: ['id', 'deleted', 'published'], transaction });
    if (rows.length !== ids.length) throw AppError.notFound('Cohort');
    if (rows.some((r) => r.deleted)) throw AppError.conflict('COHORT_ARCHIVED', Messages.COHORT_ARCHIVED);
    const changing = rows.filter((r) => r.published !== published).map((r) => r.id);
    if (changing.length) {
      await Cohort.update({ published, ...stamp(actor) }, { where: { id: changing }, transaction });
      for (const cohortId of changing) {
        await recordActivity(
          actor,
          {
            entityType: ENTITY,
            entityId: cohortId,
            category: CATEGORY,
            type: 'UPDATED',
            description: description(published ? 'PUBLISHED' : 'UNPUBLISHED'),
            changes: { published: { from: !published, to: published } },
          },
          transaction,
        );
      }
    }
    const fresh = await Cohort.findAll({ where: { id: ids }, include, order: [['id', 'ASC']], transaction });
    const products = await productIdsOf(ids, transaction);
    return fresh.map((c) => cohortDto(c, products.get(c.id) ?? []));
  });
}

/** Writes some fields of a changeable cohort and logs them: the toggles, cancellation, coaching-circle dates. */
async function patchCohort(id: number, actor: Actor, change: (cohort: Cohort) => Partial<Cohort['_creationAttributes']>, description?: Description): Promise<CohortDto> {
  return Cohort.sequelize!.transaction(async (transaction) => {
    const cohort = await getChangeableCohort(id, transaction);
    const before = await dtoOf(id, transaction);
    await cohort.update({ ...change(cohort), ...stamp(actor) }, { transaction });
    const after = await dtoOf(id, transaction);
    await recordActivity(actor, { entityType: ENTITY, entityId: id, category: CATEGORY, type: 'UPDATED', description, changes: diff(before, after) }, transaction);
    return after;
  });
}

/** PATCH /api/cohorts/{id}/useCoachingCircle and /accessDisabled. */
export function setCohortFlag(id: number, field: 'useCoachingCircle' | 'accessDisabled', value: boolean, actor: Actor): Promise<CohortDto> {
  return patchCohort(id, actor, () => ({ [field]: value }));
}

/** PATCH /api/cohorts/{id}/cancelled: true cancels; false gives the cohort its dates' status back. */
export function setCohortCancelled(id: number, cancelled: boolean, actor: Actor): Promise<CohortDto> {
  return patchCohort(
    id,
    actor,
    (c) => ({ status: cancelled ? 'CANCELLED' : cohortStatusOn({ status: null, startDate: c.startDate, endDate: c.endDate }, schoolToday()) }),
    description(cancelled ? 'COHORT_CANCELLED' : 'COHORT_REINSTATED'),
  );
}

/**
 * PATCH /api/cohorts/{id}/coaching_circle_open_close_dates: the sign-up windows of the cohort's
 * coaching circles and sessions. Keys left out keep their value, null clears; after the change
 * each open date must be on or before its close date (400 on the close date).
 */
export async function setCoachingCircleDates(id: number, input: CoachingCircleDatesInput, actor: Actor): Promise<CohortDto> {
  const cohort = await getCohort(id);
  const merged = {
    coachingCircleOpenDate: input.coachingCircleOpenDate === undefined ? cohort.coachingCircleOpenDate : input.coachingCircleOpenDate,
    coachingCircleCloseDate: input.coachingCircleCloseDate === undefined ? cohort.coachingCircleCloseDate : input.coachingCircleCloseDate,
    sessionOpenDate: input.sessionOpenDate === undefined ? cohort.sessionOpenDate : input.sessionOpenDate,
    sessionCloseDate: input.sessionCloseDate === undefined ? cohort.sessionCloseDate : input.sessionCloseDate,
  };
  const errors: Record<string, string> = {};
  if (merged.coachingCircleOpenDate && merged.coachingCircleCloseDate && merged.coachingCircleCloseDate < merged.coachingCircleOpenDate) {
    errors.coachingCircleCloseDate = Messages.DATE_RANGE_ORDER;
  }
  if (merged.sessionOpenDate && merged.sessionCloseDate && merged.sessionCloseDate < merged.sessionOpenDate) errors.sessionCloseDate = Messages.DATE_RANGE_ORDER;
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
  return patchCohort(id, actor, () => merged);
}
