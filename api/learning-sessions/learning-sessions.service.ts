import { Op, Sequelize, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Coach, Cohort, LearningSession, LearningSessionScope, LearningSessionSignUp, Student } from '../../models';
import { enumLabel } from '../../models/labels';
import { format, Messages } from '../../models/messages';
import {
  CLONE_OFFSET_DAYS,
  joinWords,
  localDateTimeText,
  localDayStart,
  MAX_LEARNING_SESSION_MINUTES,
  offsetSpans,
  parseZone,
  PUBLISH_REQUIREMENT_WORDS,
  publishMissing,
  utcMinuteRanges,
  type PublishRequirement,
} from '../../domain/rules/learning-sessions';
import { description, type Description } from '../../models/descriptions';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import { systemActor, type Actor, type Principal } from '../common/context';
import { CsvFile } from '../common/csv';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import type { LearningSessionCriteria, LearningSessionInput, LearningSessionListQuery } from './learning-sessions.schemas';
import { learningSessionSortable } from './learning-sessions.schemas';

/**
 * Learning sessions (platform spec §7 "Learning sessions"; domain rules "Coaching circles and learning
 * sessions"; issue 19). Staff create, edit, publish, clone and delete them; a coach reads only their own
 * sessions (another's is 404); a student reads the published sessions of the cohorts they are actively
 * enrolled in. Publishing needs a coach, a scope and a web conference URL (the 409 names what is
 * missing); the auto-publish job (`autoPublishDue`) publishes those whose auto-publish date has passed.
 */

const include: Includeable[] = [
  { model: Coach, as: 'coach', attributes: ['id', 'studentId'], include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] }] },
  { model: LearningSessionScope, as: 'scopes', attributes: ['id', 'learningSessionId', 'cohortId'], include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label'] }] },
];

type Loaded = LearningSession & { coach?: (Coach & { student?: Student | null }) | null; scopes?: Array<LearningSessionScope & { cohort?: Cohort | null }> };

export function learningSessionDto(row: LearningSession, signUpsCount = 0) {
  const r = row as Loaded;
  const s = r.coach?.student;
  const scopes = [...(r.scopes ?? [])].sort((a, b) => a.id - b.id);
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    description: r.description ?? null,
    coachId: r.coachId ?? null,
    coach: r.coach ? { id: r.coach.id, fullName: s ? `${s.firstName} ${s.lastName}`.trim() : `#${r.coach.id}`, email: s?.email ?? null } : null,
    maxStudents: r.maxStudents,
    startDateTime: r.startDateTime.toISOString(),
    endDateTime: new Date(r.startDateTime.getTime() + r.duration * 60_000).toISOString(),
    duration: r.duration,
    language: r.language,
    webConferenceUrl: r.webConferenceUrl ?? null,
    published: Boolean(r.published),
    publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    autoPublishDate: r.autoPublishDate ? r.autoPublishDate.toISOString() : null,
    learningSessionScopes: scopes.map((x) => ({ id: x.id, cohortId: x.cohortId, cohortLabel: x.cohort?.label ?? null })),
    signUpsCount,
    seatsLeft: Math.max(0, r.maxStudents - signUpsCount),
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type LearningSessionDto = ReturnType<typeof learningSessionDto>;

const spec: ListSpec<LearningSession> = {
  model: LearningSession,
  sortable: learningSessionSortable,
  defaultSort: 'startDateTime',
  defaultDescending: true,
  keywordColumns: ['title'],
  include,
};

/** Sign-ups per session, one grouped query. */
async function signUpCounts(ids: number[], transaction?: Transaction): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = (await LearningSessionSignUp.findAll({
    attributes: ['learningSessionId', [Sequelize.fn('COUNT', Sequelize.col('id')), 'n']],
    where: { learningSessionId: ids },
    group: ['learningSessionId'],
    raw: true,
    transaction,
  })) as unknown as Array<{ learningSessionId: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.learningSessionId), Number(r.n)]));
}

async function withCounts(page: Page<LearningSession>): Promise<Page<LearningSessionDto>> {
  const counts = await signUpCounts(page.content.map((r) => r.id));
  return { ...page, content: page.content.map((r) => learningSessionDto(r, counts.get(r.id) ?? 0)) };
}

const int = (n: number | undefined) => (Number.isSafeInteger(n) ? Number(n) : -1);
const inScopeOf = (cohortIds: number[]): WhereOptions => ({
  id: { [Op.in]: Sequelize.literal(`(SELECT learning_session_id FROM learning_session_scopes WHERE cohort_id IN (${cohortIds.map(int).join(', ')}))`) },
});

/** What a caller may see: staff everything; a coach their own sessions; a student the published sessions of their active cohorts. */
function visibleTo(viewer?: Principal | null): WhereOptions | null {
  if (!viewer || viewer.kind === 'ADMIN') return null;
  if (viewer.kind === 'COACH') return { coachId: int(viewer.coachId) };
  return {
    published: true,
    id: {
      [Op.in]: Sequelize.literal(
        `(SELECT s.learning_session_id FROM learning_session_scopes s JOIN enrollments e ON e.cohort_id = s.cohort_id WHERE e.student_id = ${int(viewer.studentId)} AND e.status = 'ACTIVE')`,
      ),
    },
  };
}

export async function listLearningSessions(q: LearningSessionListQuery, viewer?: Principal | null) {
  return withCounts(await runList(spec, q, [visibleTo(viewer), q.cohortId ? inScopeOf([q.cohortId]) : null], (r) => r));
}

/** The minute of the UTC day of the start, in the dialect's SQL. */
function minuteOfDaySql(dialect: string): string {
  return dialect === 'sqlite'
    ? `(CAST(strftime('%H', start_date_time) AS INTEGER) * 60 + CAST(strftime('%M', start_date_time) AS INTEGER))`
    : `(HOUR(start_date_time) * 60 + MINUTE(start_date_time))`;
}

/** The local start-date range and times of day of the criteria, in the asked zone, as conditions on the UTC start. */
async function timeConditions(c: LearningSessionCriteria, base: WhereOptions[]): Promise<WhereOptions[]> {
  const zone = parseZone(c.utcOffset)!;
  const out: WhereOptions[] = [];
  let from = c.startDateTime?.from ? localDayStart(c.startDateTime.from, zone) : null;
  let to = c.startDateTime?.to ? localDayStart(nextDay(c.startDateTime.to), zone) : null;
  if (from) out.push({ startDateTime: { [Op.gte]: from } });
  if (to) out.push({ startDateTime: { [Op.lt]: to } });
  if (!c.timeOfDay?.length) return out;
  if (!from || !to) {
    // The zone's offsets over the sessions' own span: one bounded query on the start index.
    const [row] = (await LearningSession.findAll({
      attributes: [
        [Sequelize.fn('MIN', Sequelize.col('start_date_time')), 'min'],
        [Sequelize.fn('MAX', Sequelize.col('start_date_time')), 'max'],
      ],
      where: { [Op.and]: [...base, ...out] },
      raw: true,
    })) as unknown as Array<{ min: string | Date | null; max: string | Date | null }>;
    if (!row?.min || !row.max) return [...out, { id: -1 }];
    from ??= new Date(row.min);
    to ??= new Date(new Date(row.max).getTime() + 60_000);
  }
  const minute = minuteOfDaySql(LearningSession.sequelize!.getDialect());
  const spans = offsetSpans(zone, from.getTime(), to.getTime());
  const perSpan = spans.map((span) => {
    const ranges = utcMinuteRanges(c.timeOfDay!, span.offset)
      .map(([a, b]) => `(${minute} >= ${a} AND ${minute} < ${b})`)
      .join(' OR ');
    return { [Op.and]: [{ startDateTime: { [Op.gte]: new Date(span.from), [Op.lt]: new Date(span.to) } }, Sequelize.literal(`(${ranges})`)] };
  });
  out.push(perSpan.length === 1 ? perSpan[0] : { [Op.or]: perSpan });
  return out;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function findLearningSessions(q: PagingQuery, c: LearningSessionCriteria, viewer?: Principal | null) {
  const base: WhereOptions[] = [];
  const visible = visibleTo(viewer);
  if (visible) base.push(visible);
  if (c.coachId?.length) base.push({ coachId: { [Op.in]: c.coachId } });
  if (c.cohortId?.length) base.push(inScopeOf(c.cohortId));
  if (c.published !== null && c.published !== undefined) base.push({ published: c.published });
  if (c.types?.length) base.push({ type: { [Op.in]: c.types } });
  if (c.language) base.push({ language: c.language });
  const times = await timeConditions(c, base);
  return withCounts(await runList(spec, q, [...base, ...times], (r) => r));
}

async function load(id: number, transaction?: Transaction): Promise<LearningSession> {
  const row = await LearningSession.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Learning session');
  return row;
}

async function loadDto(id: number, transaction?: Transaction): Promise<LearningSessionDto> {
  const row = await load(id, transaction);
  const counts = await signUpCounts([id], transaction);
  return learningSessionDto(row, counts.get(id) ?? 0);
}

/** A session the caller may see (404 otherwise: a coach's other sessions do not exist for them). */
export async function visibleSession(id: number, viewer?: Principal | null, transaction?: Transaction): Promise<LearningSession> {
  const visible = visibleTo(viewer);
  const row = await LearningSession.findOne({ where: visible ? { [Op.and]: [{ id }, visible] } : { id }, transaction });
  if (!row) throw AppError.notFound('Learning session');
  return row;
}

export async function getLearningSession(id: number, viewer?: Principal | null) {
  await visibleSession(id, viewer);
  return loadDto(id);
}

const conflict = (code: keyof typeof Messages, message: string = Messages[code], details?: unknown) => AppError.conflict(code, message, details);

function publishRefusal(missing: PublishRequirement[]) {
  return conflict('LEARNING_SESSION_PUBLISH_MISSING', format(Messages.LEARNING_SESSION_PUBLISH_MISSING, joinWords(missing.map((m) => PUBLISH_REQUIREMENT_WORDS[m]))), { missing });
}

/** The coach and the cohorts must exist (400 on the field otherwise); the duration within 240 (409). */
async function checkInput(input: LearningSessionInput, transaction: Transaction): Promise<void> {
  if (input.duration > MAX_LEARNING_SESSION_MINUTES) throw conflict('DURATION_LIMIT');
  if (input.coachId && !(await Coach.findByPk(input.coachId, { attributes: ['id'], transaction }))) throw AppError.badRequest({ coachId: Messages.INVALID_VALUE });
  const cohortIds = input.learningSessionScopes.map((s) => s.cohortId);
  if (cohortIds.length) {
    const found = await Cohort.count({ where: { id: cohortIds }, transaction });
    if (found !== cohortIds.length) throw AppError.badRequest({ learningSessionScopes: Messages.INVALID_VALUE });
  }
}

function columnsOf(input: LearningSessionInput) {
  return {
    type: input.type,
    title: input.title,
    description: input.description ?? null,
    coachId: input.coachId ?? null,
    maxStudents: input.maxStudents,
    startDateTime: input.startDateTime!,
    duration: input.duration,
    language: input.language,
    webConferenceUrl: input.webConferenceUrl ?? null,
    autoPublishDate: input.autoPublishDate ?? null,
  };
}

async function replaceScopes(sessionId: number, cohortIds: number[], transaction: Transaction): Promise<void> {
  const existing = await LearningSessionScope.findAll({ where: { learningSessionId: sessionId }, transaction });
  const keep = new Set(cohortIds);
  const gone = existing.filter((s) => !keep.has(s.cohortId)).map((s) => s.id);
  if (gone.length) await LearningSessionScope.destroy({ where: { id: gone }, transaction });
  const have = new Set(existing.map((s) => s.cohortId));
  const added = cohortIds.filter((c) => !have.has(c));
  if (added.length)
    await LearningSessionScope.bulkCreate(
      added.map((cohortId) => ({ learningSessionId: sessionId, cohortId })),
      { transaction },
    );
}

// ---- Activity log (issue 19, coach-portal): every change of a session is an entry on it. ----

const SESSION_FIELDS = [
  'type',
  'title',
  'description',
  'coachId',
  'maxStudents',
  'startDateTime',
  'duration',
  'language',
  'webConferenceUrl',
  'published',
  'autoPublishDate',
] as const;

/** What the activity log compares of a session (its columns and its scope cohorts). */
async function sessionSnapshot(row: LearningSession, transaction: Transaction): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const key of SESSION_FIELDS) out[key] = key === 'published' ? Boolean(row[key]) : row[key];
  const scopes = await LearningSessionScope.findAll({ attributes: ['cohortId'], where: { learningSessionId: row.id }, transaction });
  out.scopeCohortIds = scopes.map((s) => s.cohortId).sort((a, b) => a - b);
  return out;
}

const logSession = (
  actor: Actor,
  id: number,
  type: 'CREATED' | 'UPDATED' | 'DELETED',
  changes: Record<string, { from: unknown; to: unknown }>,
  transaction: Transaction,
  what?: Description,
) => recordActivity(actor, { entityType: 'LEARNING_SESSION', entityId: id, category: 'ADMINISTRATION', type, changes, ...(what ? { description: what } : {}) }, transaction);

export async function createLearningSession(input: LearningSessionInput, actor: Actor) {
  return LearningSession.sequelize!.transaction(async (transaction) => {
    await checkInput(input, transaction);
    const row = await LearningSession.create({ ...columnsOf(input), published: false, publishedAt: null, ...stamp(actor) }, { transaction });
    await replaceScopes(
      row.id,
      input.learningSessionScopes.map((s) => s.cohortId),
      transaction,
    );
    await logSession(actor, row.id, 'CREATED', diff({}, await sessionSnapshot(row, transaction)), transaction);
    return loadDto(row.id, transaction);
  });
}

/**
 * PUT: the whole session. A published one must keep what publishing needed (409 naming what would be
 * missing); max students never below the sign-ups already taken.
 */
export async function updateLearningSession(id: number, input: LearningSessionInput, actor: Actor) {
  return LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSession.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Learning session');
    await checkInput(input, transaction);
    if (row.published) {
      const missing = publishMissing({ coachId: input.coachId, scopeCount: input.learningSessionScopes.length, webConferenceUrl: input.webConferenceUrl });
      if (missing.length) throw publishRefusal(missing);
    }
    const taken = await LearningSessionSignUp.count({ where: { learningSessionId: id }, transaction });
    if (input.maxStudents < taken) throw conflict('LEARNING_SESSION_MAX_BELOW_SIGN_UPS');
    const before = await sessionSnapshot(row, transaction);
    await row.update({ ...columnsOf(input), ...stamp(actor) }, { transaction });
    await replaceScopes(
      id,
      input.learningSessionScopes.map((s) => s.cohortId),
      transaction,
    );
    await logSession(actor, id, 'UPDATED', diff(before, await sessionSnapshot(row, transaction)), transaction);
    return loadDto(id, transaction);
  });
}

/** DELETE: an unpublished session without sign-ups, with its scopes. */
export async function deleteLearningSession(id: number, actor: Actor): Promise<void> {
  await LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSession.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Learning session');
    if (row.published) throw conflict('LEARNING_SESSION_PUBLISHED_NOT_DELETED');
    if (await LearningSessionSignUp.count({ where: { learningSessionId: id }, transaction })) throw conflict('LEARNING_SESSION_HAS_SIGN_UPS');
    await logSession(actor, id, 'DELETED', diff(await sessionSnapshot(row, transaction), {}), transaction);
    await LearningSessionScope.destroy({ where: { learningSessionId: id }, transaction });
    await row.destroy({ transaction });
  });
}

/** What publishing a session lacks, read in the caller's transaction. */
async function missingOf(row: LearningSession, transaction?: Transaction): Promise<PublishRequirement[]> {
  const scopeCount = await LearningSessionScope.count({ where: { learningSessionId: row.id }, transaction });
  return publishMissing({ coachId: row.coachId, scopeCount, webConferenceUrl: row.webConferenceUrl });
}

/** PATCH {id}/publish: needs a coach, a scope and a URL (409 naming each missing); publishing a published one changes nothing. */
export async function publishLearningSession(id: number, actor: Actor) {
  return LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSession.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Learning session');
    if (!row.published) {
      const missing = await missingOf(row, transaction);
      if (missing.length) throw publishRefusal(missing);
      await row.update({ published: true, publishedAt: new Date(), ...stamp(actor) }, { transaction });
      await logSession(actor, id, 'UPDATED', { published: { from: false, to: true } }, transaction, description('PUBLISHED'));
    }
    return loadDto(id, transaction);
  });
}

/** PATCH {id}/unpublish: no new sign-ups; those taken stay. */
export async function unpublishLearningSession(id: number, actor: Actor) {
  return LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSession.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Learning session');
    if (row.published) {
      await row.update({ published: false, publishedAt: null, ...stamp(actor) }, { transaction });
      await logSession(actor, id, 'UPDATED', { published: { from: true, to: false } }, transaction, description('UNPUBLISHED'));
    }
    return loadDto(id, transaction);
  });
}

/** POST {id}/clone: an unpublished copy a week later (its auto-publish date, if any, a week later too), same scopes, no sign-ups. */
export async function cloneLearningSession(id: number, actor: Actor) {
  return LearningSession.sequelize!.transaction(async (transaction) => {
    const source = await LearningSession.findByPk(id, { include: [{ model: LearningSessionScope, as: 'scopes' }], transaction });
    if (!source) throw AppError.notFound('Learning session');
    const week = CLONE_OFFSET_DAYS * 86_400_000;
    const copy = await LearningSession.create(
      {
        type: source.type,
        title: source.title,
        description: source.description,
        coachId: source.coachId,
        maxStudents: source.maxStudents,
        startDateTime: new Date(source.startDateTime.getTime() + week),
        duration: source.duration,
        language: source.language,
        webConferenceUrl: source.webConferenceUrl,
        published: false,
        publishedAt: null,
        autoPublishDate: source.autoPublishDate ? new Date(source.autoPublishDate.getTime() + week) : null,
        ...stamp(actor),
      },
      { transaction },
    );
    const scopes = (source as Loaded).scopes ?? [];
    if (scopes.length)
      await LearningSessionScope.bulkCreate(
        scopes.map((s) => ({ learningSessionId: copy.id, cohortId: s.cohortId })),
        { transaction },
      );
    await logSession(actor, copy.id, 'CREATED', diff({}, await sessionSnapshot(copy, transaction)), transaction, description('CLONED_FROM', { id }));
    return loadDto(copy.id, transaction);
  });
}

const CSV_HEADER = ['Sign-up ID', 'Student ID', 'First name', 'Last name', 'Email', 'Mobile phone', 'Participation status', 'Participation', 'Notes', 'Signed up at'];

/** The students of a session as CSV, read 500 sign-ups at a time (keyset on the id); times in the asked zone. */
export async function studentsCsv(learningSessionId: number, utcOffset: string | null | undefined, viewer?: Principal | null): Promise<CsvFile> {
  await visibleSession(learningSessionId, viewer);
  const zone = parseZone(utcOffset)!;
  async function* lines(batch = 500): AsyncGenerator<unknown[]> {
    let lastId = 0;
    for (;;) {
      const rows = (await LearningSessionSignUp.findAll({
        where: { learningSessionId, id: { [Op.gt]: lastId } },
        include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email', 'mobilePhone'] }],
        order: [['id', 'ASC']],
        limit: batch,
      })) as Array<LearningSessionSignUp & { student?: Student | null }>;
      for (const r of rows)
        yield [
          r.id,
          r.studentId,
          r.student?.firstName ?? null,
          r.student?.lastName ?? null,
          r.student?.email ?? null,
          r.student?.mobilePhone ?? null,
          enumLabel('AttendanceStatus', r.participationStatus),
          r.participation,
          r.notes,
          localDateTimeText(r.createdAt, zone),
        ];
      if (rows.length < batch) return;
      lastId = rows[rows.length - 1].id;
    }
  }
  return new CsvFile(`learning-session-${learningSessionId}-students.csv`, CSV_HEADER, lines());
}

/**
 * The LEARNING_SESSION_AUTO_PUBLISH job: unpublished sessions whose auto-publish date has passed are
 * published when they have a coach, a scope and a URL (compare-and-set on `published`); the others
 * stay, each named with what it lacks in the run's note. Answers how many were published.
 */
export async function autoPublishDue(
  now: Date = new Date(),
  batch = 200,
  signal?: AbortSignal,
): Promise<{ published: number; skipped: Array<{ id: number; missing: PublishRequirement[] }> }> {
  let published = 0;
  const skipped: Array<{ id: number; missing: PublishRequirement[] }> = [];
  let lastId = 0;
  while (!signal?.aborted) {
    const rows = await LearningSession.findAll({
      where: { published: false, autoPublishDate: { [Op.lte]: now }, id: { [Op.gt]: lastId } },
      order: [['id', 'ASC']],
      limit: batch,
    });
    for (const row of rows) {
      const missing = await missingOf(row);
      if (missing.length) {
        skipped.push({ id: row.id, missing });
        continue;
      }
      const n = await LearningSession.sequelize!.transaction(async (transaction) => {
        const [changed] = await LearningSession.update(
          { published: true, publishedAt: now, updatedById: null, updatedByName: 'System' },
          { where: { id: row.id, published: false }, transaction },
        );
        if (changed) await logSession(systemActor, row.id, 'UPDATED', { published: { from: false, to: true } }, transaction, description('PUBLISHED'));
        return changed;
      });
      published += n;
    }
    if (rows.length < batch) break;
    lastId = rows[rows.length - 1].id;
  }
  return { published, skipped };
}
