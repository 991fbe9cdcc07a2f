import { Op, Sequelize, UniqueConstraintError, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import {
  Coach,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleScope,
  CoachingCircleSession,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CoachingCircleType,
  Cohort,
  SkippedCoachingCircleSession,
  Student,
} from '../../models';
import { Messages } from '../../models/messages';
import {
  DEFAULT_ZONE,
  endTimeOf,
  localParts,
  missingForPublish,
  parseZone,
  planSessions,
  timeOfDay,
  wallTimeToUtc,
  type PublishRequirement,
  type Zone,
} from '../../domain/rules/coaching-circles';
import { description } from '../../models/descriptions';
import { diff, recordActivities, recordActivity, stamp, updatedByOf, type ActivityInput } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { circleCriteria, type CircleCriteria, type CircleInput, type SessionRange } from './coaching-circles.schemas';

/**
 * Coaching circles, staff side (back-office spec §7 "Coaching circles"; domain rules "Coaching circles
 * and learning sessions"; issue 19). A circle is made from a type (its sessions, frequency, unit,
 * duration and max students copied unless given) for a cohort, which is its first scope. Its sessions are
 * laid by `generate_sessions` (domain/rules/coaching-circles.ts planSessions, skipping the cohort's
 * skipped dates for its type or for all types). It is published once it has sessions, a coach, a scope and
 * a web conference URL for every coach; a published circle accepts only open/close date changes. Every
 * change is one transaction with the circle's row read under lock.
 */

const conflict = (code: keyof typeof Messages, details?: unknown) => AppError.conflict(code, Messages[code], details);

/** The zone of a call's `utcOffset` (already validated), else the school's. */
export const zoneOf = (utcOffset?: string | null): Zone => parseZone(utcOffset) ?? parseZone(DEFAULT_ZONE)!;

const personAttributes = ['id', 'firstName', 'lastName', 'email'];
export const coachInclude = (as = 'coach'): Includeable => ({
  model: Coach,
  as,
  attributes: ['id', 'studentId'],
  include: [{ model: Student, as: 'student', attributes: personAttributes }],
});

const include: Includeable[] = [
  { model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] },
  { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
  { model: CoachingCircleScope, as: 'scopes', attributes: ['id', 'cohortId'] },
  { model: CoachingCircleCoach, as: 'coaches', include: [coachInclude()] },
];

type CoachRow = Coach & { student?: Student | null };

// ---- Activity log (issue 19, coach-portal): every change of a circle is an entry on the circle. ----

const CIRCLE_FIELDS = [
  'name',
  'coachingCircleTypeId',
  'cohortId',
  'sessions',
  'maxStudents',
  'frequency',
  'frequencyUnit',
  'duration',
  'startDate',
  'startTime',
  'timeZone',
  'openDate',
  'closeDate',
  'openCloseDatesFromCohortConfig',
  'skipSessionsFromCohortConfig',
  'published',
] as const;

/** What the activity log compares of a circle (its own columns and its scopes). */
function circleSnapshot(row: CoachingCircle, scopeCohortIds?: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of CIRCLE_FIELDS)
    out[key] = key === 'openCloseDatesFromCohortConfig' || key === 'skipSessionsFromCohortConfig' || key === 'published' ? Boolean(row[key]) : row[key];
  if (scopeCohortIds) out.scopeCohortIds = [...scopeCohortIds].sort((a, b) => a - b);
  return out;
}

const circleEntry = (entityId: number, rest: Omit<ActivityInput, 'entityType' | 'entityId' | 'category'>): ActivityInput => ({
  entityType: 'COACHING_CIRCLE',
  entityId,
  category: 'ADMINISTRATION',
  ...rest,
});

/** A coach's name for an entry's description (the group's coach with its student record). */
async function coachName(coachId: number, transaction: Transaction): Promise<string> {
  const coach = (await Coach.findByPk(coachId, { include: [{ model: Student, as: 'student', attributes: ['firstName', 'lastName'] }], transaction })) as CoachRow | null;
  return coach?.student ? `${coach.student.firstName} ${coach.student.lastName}`.trim() : `#${coachId}`;
}

const scopesOf = async (circleId: number, transaction: Transaction) =>
  (await CoachingCircleScope.findAll({ attributes: ['cohortId'], where: { coachingCircleId: circleId }, transaction })).map((s) => s.cohortId);
export function coachPerson(c: CoachRow | null | undefined) {
  const s = c?.student;
  if (!c || !s) return null;
  return { id: c.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email };
}

/** The circle's first session's start: its own zone's wall clock as an instant. */
export function circleStart(c: Pick<CoachingCircle, 'startDate' | 'startTime' | 'timeZone'>): Date {
  return wallTimeToUtc(c.startDate, c.startTime, zoneOf(c.timeZone));
}

export function circleDto(row: CoachingCircle, zone: Zone = zoneOf()) {
  const start = circleStart(row);
  const local = localParts(start, zone);
  const groups = [...(row.coaches ?? [])].sort((a, b) => a.id - b.id);
  const scopes = [...(row.scopes ?? [])].sort((a, b) => (a.cohortId === row.cohortId ? -1 : b.cohortId === row.cohortId ? 1 : a.id - b.id));
  return {
    id: row.id,
    name: row.name ?? null,
    typeId: row.coachingCircleTypeId,
    type: row.type ? { id: row.type.id, name: row.type.name } : null,
    cohortId: row.cohortId,
    cohort: row.cohort ? { id: row.cohort.id, label: row.cohort.label } : null,
    scopeCohortIds: scopes.map((s) => s.cohortId),
    sessions: row.sessions,
    maxStudents: row.maxStudents,
    frequency: row.frequency,
    frequencyUnit: row.frequencyUnit,
    duration: row.duration,
    startDate: row.startDate,
    startTime: row.startTime,
    endTime: row.endTime,
    timeZone: row.timeZone,
    local: { zone: zone.name, startDate: local.date, startTime: local.time, endTime: endTimeOf(local.time, row.duration), timeOfDay: timeOfDay(start, zone) },
    openDate: row.openDate ?? null,
    closeDate: row.closeDate ?? null,
    openCloseDatesFromCohortConfig: Boolean(row.openCloseDatesFromCohortConfig),
    skipSessionsFromCohortConfig: Boolean(row.skipSessionsFromCohortConfig),
    published: Boolean(row.published),
    publishedAt: row.publishedAt ?? null,
    coaches: groups.map((g) => ({
      id: g.id,
      coachId: g.coachId,
      coach: coachPerson(g.coach as CoachRow),
      webConferenceUrl: g.webConferenceUrl ?? null,
      maxStudents: g.maxStudents,
    })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy: updatedByOf(row),
  };
}
export type CircleDto = ReturnType<typeof circleDto>;

/** `fields=id,name,startDate`: only those fields of each row (id always). */
function project(dto: CircleDto, fields: string | undefined): Partial<CircleDto> {
  if (!fields) return dto;
  const wanted = new Set(['id', ...fields.split(',').map((f) => f.trim())]);
  return Object.fromEntries(Object.entries(dto).filter(([k]) => wanted.has(k))) as Partial<CircleDto>;
}

export const circleListSpec: ListSpec<CoachingCircle> = {
  model: CoachingCircle,
  sortable: { id: 'id', ID: 'id', name: 'name', NAME: 'name', startDate: 'startDate', START_DATE: 'startDate', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' },
  defaultDescending: true,
  keywordColumns: ['name'],
  include,
};

type ListQuery = PagingQuery & { utcOffset?: string; fields?: string };

/** GET /coaching_circles: keyword on the name (a number: the id), newest first; `fields` picks the answer's fields. */
export function listCircles(q: ListQuery) {
  const zone = zoneOf(q.utcOffset);
  return runList(circleListSpec, q, [], (row) => project(circleDto(row, zone), q.fields));
}

/**
 * POST /coaching_circles/find_by_criteria: cohort, type, published, coach, start date range (the circle's
 * own days) and the time of day of its start (its first session) in the asked zone.
 */
export async function findCircles(q: ListQuery, criteria: CircleCriteria) {
  const zone = zoneOf(q.utcOffset);
  const conditions = await circleConditions(criteria, zone);
  return runList(circleListSpec, q, conditions, (row) => project(circleDto(row, zone), q.fields));
}

/** The criteria's conditions on the circles list, times of day in `zone` (the list and its export, api/exports, read the same rows). */
export async function circleConditions(criteria: CircleCriteria, zone: Zone): Promise<WhereOptions[]> {
  const { coachId, coachIds, timeOfDay: times, ...plain } = criteria;
  const conditions: WhereOptions[] = criteriaWhere(circleCriteria, plain as Record<string, unknown>, CoachingCircle.sequelize!.getDialect());
  const coaches = [...(coachIds ?? []), ...(coachId ? [coachId] : [])];
  if (coaches.length) {
    conditions.push({ id: { [Op.in]: Sequelize.literal(`(SELECT coaching_circle_id FROM coaching_circle_coaches WHERE coach_id IN (${coaches.map(Number).join(', ')}))`) } });
  }
  if (times?.length) {
    // The time of day depends on each circle's day, clock and zone: read those of the matching circles
    // (three short columns) and keep the ids whose start falls in the asked ranges.
    const wanted = new Set(times);
    const rows = (await CoachingCircle.findAll({
      attributes: ['id', 'startDate', 'startTime', 'timeZone'],
      where: conditions.length ? { [Op.and]: conditions } : {},
      raw: true,
    })) as unknown as Array<Pick<CoachingCircle, 'id' | 'startDate' | 'startTime' | 'timeZone'>>;
    conditions.push({ id: rows.filter((r) => wanted.has(timeOfDay(circleStart(r), zone))).map((r) => r.id) });
  }
  return conditions;
}

// ---- One circle ----

async function load(id: number, transaction?: Transaction, lock = false): Promise<CoachingCircle> {
  const row = await CoachingCircle.findByPk(id, { transaction, ...(lock && transaction ? { lock: transaction.LOCK.UPDATE } : {}) });
  if (!row) throw AppError.notFound('Coaching circle');
  return row;
}

/** GET /coaching_circles/{id}: the circle, its sessions, its sign-ups count and what it lacks to be published. */
export async function getCircle(id: number, utcOffset?: string, transaction?: Transaction) {
  const row = await CoachingCircle.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Coaching circle');
  const [sessions, signUpsCount] = await Promise.all([
    CoachingCircleSession.findAll({
      where: { coachingCircleId: id },
      order: [
        ['startDateTime', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    }),
    CoachingCircleSignUp.count({ where: { coachingCircleId: id }, transaction }),
  ]);
  const dto = circleDto(row, zoneOf(utcOffset));
  return {
    ...dto,
    circleSessions: sessions.map((s) => ({ id: s.id, sessionNumber: s.sessionNumber, startDateTime: s.startDateTime, endDateTime: s.endDateTime })),
    signUpsCount,
    missingForPublish: missingForPublish({ sessionCount: sessions.length, coaches: dto.coaches, scopeCount: dto.scopeCohortIds.length }),
  };
}

const assertUnpublished = (c: CoachingCircle) => {
  if (c.published) throw conflict('CIRCLE_PUBLISHED');
};

const assertDateOrder = (open: Date | null | undefined, close: Date | null | undefined) => {
  if (open && close && open.getTime() >= close.getTime()) throw conflict('DATE_ORDER_ERRORS', { openDate: open, closeDate: close });
};

/** The columns of a create or update: the body, the type's values where the body is silent, the cohort's window when asked. */
async function columnsOf(input: CircleInput, transaction: Transaction) {
  const type = await CoachingCircleType.findByPk(input.typeId, { transaction });
  if (!type) throw AppError.notFound('Coaching circle type');
  const cohort = await Cohort.findByPk(input.cohortId, { transaction });
  if (!cohort) throw AppError.notFound('Cohort');
  const scopeIds = [...new Set([input.cohortId, ...(input.scopeCohortIds ?? [])])];
  if (scopeIds.length > 1 && (await Cohort.count({ where: { id: scopeIds }, transaction })) !== scopeIds.length) throw AppError.notFound('Cohort');
  const fromCohort = input.openCloseDatesFromCohortConfig ?? false;
  const openDate = fromCohort ? cohort.coachingCircleOpenDate : (input.openDate ?? null);
  const closeDate = fromCohort ? cohort.coachingCircleCloseDate : (input.closeDate ?? null);
  assertDateOrder(openDate, closeDate);
  const duration = input.duration ?? type.duration;
  return {
    type,
    scopeIds,
    values: {
      coachingCircleTypeId: type.id,
      cohortId: cohort.id,
      name: input.name ?? type.name,
      sessions: input.sessions ?? type.sessions,
      maxStudents: input.maxStudents ?? type.maxStudents,
      frequency: input.frequency ?? type.frequency,
      frequencyUnit: input.frequencyUnit ?? type.frequencyUnit,
      duration,
      startDate: input.startDate,
      startTime: input.startTime,
      endTime: endTimeOf(input.startTime, duration),
      timeZone: zoneOf(input.timeZone ?? DEFAULT_ZONE).name,
      openDate,
      closeDate,
      openCloseDatesFromCohortConfig: fromCohort,
      skipSessionsFromCohortConfig: input.skipSessionsFromCohortConfig ?? true,
    },
  };
}

async function setScopes(circleId: number, cohortIds: number[], transaction: Transaction) {
  const existing = await CoachingCircleScope.findAll({ where: { coachingCircleId: circleId }, transaction });
  const stale = existing.filter((s) => !cohortIds.includes(s.cohortId)).map((s) => s.id);
  if (stale.length) await CoachingCircleScope.destroy({ where: { id: stale }, transaction });
  const have = new Set(existing.map((s) => s.cohortId));
  const fresh = cohortIds.filter((id) => !have.has(id)).map((cohortId) => ({ coachingCircleId: circleId, cohortId }));
  if (fresh.length) await CoachingCircleScope.bulkCreate(fresh, { transaction });
}

/** POST /coaching_circles: an unpublished circle of a type for a cohort (no sessions until generated). */
export async function createCircle(input: CircleInput, actor: Actor) {
  const sequelize = CoachingCircle.sequelize!;
  const id = await sequelize.transaction(async (transaction) => {
    const { type, scopeIds, values } = await columnsOf(input, transaction);
    if (type.deleted) throw conflict('CIRCLE_TYPE_ARCHIVED');
    const row = await CoachingCircle.create({ ...values, ...stamp(actor) }, { transaction });
    await setScopes(row.id, scopeIds, transaction);
    await recordActivity(actor, circleEntry(row.id, { type: 'CREATED', changes: diff({}, circleSnapshot(row, scopeIds)) }), transaction);
    return row.id;
  });
  return getCircle(id);
}

const SCHEDULE = ['sessions', 'frequency', 'frequencyUnit', 'duration', 'startDate', 'startTime', 'timeZone'] as const;

/**
 * PUT /coaching_circles/{id}: an unpublished circle only. When its schedule changes (start, count,
 * frequency, unit, duration, zone) and it had sessions, they are laid again in the same transaction.
 */
export async function updateCircle(id: number, input: CircleInput, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const row = await load(id, transaction, true);
    assertUnpublished(row);
    const { type, scopeIds, values } = await columnsOf(input, transaction);
    if (type.deleted && type.id !== row.coachingCircleTypeId) throw conflict('CIRCLE_TYPE_ARCHIVED');
    const rescheduled = SCHEDULE.some((k) => String(row[k]) !== String(values[k]));
    const before = circleSnapshot(row, await scopesOf(id, transaction));
    await row.update({ ...values, ...stamp(actor) }, { transaction });
    await setScopes(row.id, scopeIds, transaction);
    const laid = rescheduled && (await CoachingCircleSession.count({ where: { coachingCircleId: id }, transaction })) ? await laySessions(row, transaction) : null;
    await recordActivity(
      actor,
      circleEntry(id, {
        type: 'UPDATED',
        changes: diff(before, circleSnapshot(row, scopeIds)),
        ...(laid !== null ? { description: description('SESSIONS_GENERATED', { count: laid }) } : {}),
      }),
      transaction,
    );
  });
  return getCircle(id);
}

/** DELETE /coaching_circles/{id}: an unpublished circle without sign-ups, with its scopes, sessions and coaches. */
export async function deleteCircle(id: number, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const row = await load(id, transaction, true);
    assertUnpublished(row);
    if (await CoachingCircleSignUp.count({ where: { coachingCircleId: id }, transaction })) throw conflict('CIRCLE_HAS_SIGN_UPS');
    await recordActivity(actor, circleEntry(id, { type: 'DELETED', changes: diff(circleSnapshot(row, await scopesOf(id, transaction)), {}) }), transaction);
    await CoachingCircleSession.destroy({ where: { coachingCircleId: id }, transaction });
    await CoachingCircleScope.destroy({ where: { coachingCircleId: id }, transaction });
    await CoachingCircleCoach.destroy({ where: { coachingCircleId: id }, transaction });
    await row.destroy({ transaction });
  });
}

/** PATCH /coaching_circles/{id}/open_close_date: allowed published or not; explicit dates stop following the cohort's. */
export async function setOpenCloseDates(id: number, body: { openDate?: Date | null; closeDate?: Date | null }, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const row = await load(id, transaction, true);
    assertDateOrder(body.openDate, body.closeDate);
    const before = circleSnapshot(row);
    await row.update({ openDate: body.openDate ?? null, closeDate: body.closeDate ?? null, openCloseDatesFromCohortConfig: false, ...stamp(actor) }, { transaction });
    await recordActivity(actor, circleEntry(id, { type: 'UPDATED', changes: diff(before, circleSnapshot(row)) }), transaction);
  });
  return getCircle(id);
}

/**
 * Lays circles' sessions: each circle's plan from its start, skipping its cohort's skipped dates (for its
 * type or for every type) when skipSessionsFromCohortConfig. Sessions nobody signed up to are replaced; a
 * session with attendance records is kept (and a planned one at the same instant not added), then that
 * circle's sessions are numbered again in order. Set-based whatever the number of circles: one read of
 * the skipped dates, one of the sessions with records, one DELETE, INSERTs of 1,000 rows (bench/circles.ts).
 * Answers how many sessions each circle has.
 */
export async function laySessionsOf(circles: CoachingCircle[], transaction: Transaction): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (!circles.length) return result;
  const circleIds = circles.map((c) => c.id);
  const skipping = [...new Set(circles.filter((c) => c.skipSessionsFromCohortConfig).map((c) => c.cohortId))];
  const skippedRows = skipping.length
    ? ((await SkippedCoachingCircleSession.findAll({
        attributes: ['cohortId', 'coachingCircleTypeId', 'sessionDate'],
        where: { cohortId: skipping },
        transaction,
        raw: true,
      })) as unknown as Array<Pick<SkippedCoachingCircleSession, 'cohortId' | 'coachingCircleTypeId' | 'sessionDate'>>)
    : [];
  const inCircles = `(SELECT s.id FROM coaching_circle_sessions s WHERE s.coaching_circle_id IN (${circleIds.map(Number).join(', ')}))`;
  const kept = (await CoachingCircleSession.findAll({
    attributes: ['id', 'coachingCircleId', 'startDateTime'],
    where: {
      id: {
        [Op.in]: Sequelize.literal(`(SELECT DISTINCT r.coaching_circle_session_id FROM coaching_circle_sign_up_sessions r WHERE r.coaching_circle_session_id IN ${inCircles})`),
      },
    },
    transaction,
    raw: true,
  })) as unknown as Array<Pick<CoachingCircleSession, 'id' | 'coachingCircleId' | 'startDateTime'>>;
  await CoachingCircleSession.destroy({ where: { coachingCircleId: circleIds, ...(kept.length ? { id: { [Op.notIn]: kept.map((k) => k.id) } } : {}) }, transaction });
  const keptAt = new Set(kept.map((k) => `${k.coachingCircleId}|${new Date(k.startDateTime).getTime()}`));
  const fresh: Array<{ coachingCircleId: number; sessionNumber: number; startDateTime: Date; endDateTime: Date }> = [];
  for (const circle of circles) {
    const skippedDates = circle.skipSessionsFromCohortConfig
      ? skippedRows
          .filter((r) => r.cohortId === circle.cohortId && (r.coachingCircleTypeId === null || r.coachingCircleTypeId === circle.coachingCircleTypeId))
          .map((r) => String(r.sessionDate).slice(0, 10))
      : [];
    const planned = planSessions({
      startDate: circle.startDate,
      startTime: circle.startTime,
      duration: circle.duration,
      sessions: circle.sessions,
      frequency: circle.frequency,
      frequencyUnit: circle.frequencyUnit,
      timeZone: circle.timeZone,
      skippedDates,
    });
    const own = planned.filter((p) => !keptAt.has(`${circle.id}|${p.startDateTime.getTime()}`));
    for (const p of own) fresh.push({ coachingCircleId: circle.id, sessionNumber: p.sessionNumber, startDateTime: p.startDateTime, endDateTime: p.endDateTime });
    result.set(circle.id, own.length + kept.filter((k) => k.coachingCircleId === circle.id).length);
  }
  for (let i = 0; i < fresh.length; i += 1000) await CoachingCircleSession.bulkCreate(fresh.slice(i, i + 1000), { transaction });
  for (const circleId of new Set(kept.map((k) => k.coachingCircleId))) {
    const all = await CoachingCircleSession.findAll({
      attributes: ['id', 'sessionNumber'],
      where: { coachingCircleId: circleId },
      order: [
        ['startDateTime', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    for (const [i, row] of all.entries()) if (row.sessionNumber !== i + 1) await row.update({ sessionNumber: i + 1 }, { transaction });
  }
  return result;
}

/** One circle's sessions laid (laySessionsOf); answers how many it has. */
export async function laySessions(circle: CoachingCircle, transaction: Transaction): Promise<number> {
  return (await laySessionsOf([circle], transaction)).get(circle.id) ?? 0;
}

/** POST /coaching_circles/{id}/generate_sessions: an unpublished circle's sessions laid (again). */
export async function generateSessions(id: number, actor: Actor, utcOffset?: string) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const row = await load(id, transaction, true);
    assertUnpublished(row);
    const count = await laySessions(row, transaction);
    await row.update({ ...stamp(actor), updatedAt: new Date() }, { transaction });
    await recordActivity(actor, circleEntry(id, { type: 'UPDATED', description: description('SESSIONS_GENERATED', { count }) }), transaction);
  });
  return getCircle(id, utcOffset);
}

/**
 * POST /coaching_circles/generate_sessions {ids}: several unpublished circles' sessions laid in one
 * transaction (after a cohort's skipped dates change, or a term's circles at once): 404 when one is
 * missing, 409 CIRCLE_PUBLISHED naming the published ones. Answers how many sessions each circle has.
 */
export async function generateSessionsOf(ids: number[], actor: Actor) {
  const unique = [...new Set(ids)];
  return CoachingCircle.sequelize!.transaction(async (transaction) => {
    const rows = await CoachingCircle.findAll({ where: { id: unique }, transaction, lock: transaction.LOCK.UPDATE });
    if (rows.length !== unique.length) throw AppError.notFound('Coaching circle');
    const published = rows.filter((r) => r.published).map((r) => r.id);
    if (published.length) throw conflict('CIRCLE_PUBLISHED', { ids: published });
    const laid = await laySessionsOf(rows, transaction);
    await CoachingCircle.update({ ...stamp(actor) }, { where: { id: unique }, transaction });
    await recordActivities(
      actor,
      unique.map((id) => circleEntry(id, { type: 'UPDATED', description: description('SESSIONS_GENERATED', { count: laid.get(id) ?? 0 }) })),
      transaction,
    );
    return { content: unique.map((id) => ({ id, sessions: laid.get(id) ?? 0 })) };
  });
}

const REFUSAL: Record<PublishRequirement, keyof typeof Messages> = {
  SESSIONS: 'NO_SESSIONS_GENERATED',
  COACHES: 'CIRCLE_NEEDS_COACH',
  SCOPE: 'CIRCLE_NEEDS_SCOPE',
  WEB_CONFERENCE_URL: 'CIRCLE_COACH_URL_MISSING',
};

/**
 * PATCH /coaching_circles/{id}/publish {published}. Publishing needs sessions, a coach, a scope and a URL
 * for every coach: the first missing one is the 409's message, `details.missing` lists them all (and the
 * coaches without a URL). Unpublishing a circle that has sign-ups is refused: its students would keep
 * sessions of a circle nobody can see. The same state again answers the circle unchanged.
 */
export async function publishCircle(id: number, published: boolean, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const row = await load(id, transaction, true);
    if (Boolean(row.published) === published) return;
    if (published) {
      const [sessionCount, scopeCount, coaches] = await Promise.all([
        CoachingCircleSession.count({ where: { coachingCircleId: id }, transaction }),
        CoachingCircleScope.count({ where: { coachingCircleId: id }, transaction }),
        CoachingCircleCoach.findAll({ attributes: ['id', 'coachId', 'webConferenceUrl'], where: { coachingCircleId: id }, transaction }),
      ]);
      const missing = missingForPublish({ sessionCount, scopeCount, coaches });
      if (missing.length) {
        const withoutUrl = coaches.filter((c) => !c.webConferenceUrl?.trim()).map((c) => c.coachId);
        throw conflict(REFUSAL[missing[0]], { missing, ...(withoutUrl.length ? { coachesWithoutUrl: withoutUrl } : {}) });
      }
      await row.update({ published: true, publishedAt: new Date(), ...stamp(actor) }, { transaction });
    } else {
      if (await CoachingCircleSignUp.count({ where: { coachingCircleId: id }, transaction })) throw conflict('CIRCLE_HAS_SIGN_UPS');
      await row.update({ published: false, publishedAt: null, ...stamp(actor) }, { transaction });
    }
    await recordActivity(
      actor,
      circleEntry(id, { type: 'UPDATED', description: description(published ? 'PUBLISHED' : 'UNPUBLISHED'), changes: diff({ published: !published }, { published }) }),
      transaction,
    );
  });
  return getCircle(id);
}

// ---- A circle's coaches ----

async function groupOf(circleId: number, circleCoachId: number, transaction: Transaction) {
  const group = await CoachingCircleCoach.findOne({ where: { id: circleCoachId, coachingCircleId: circleId }, transaction });
  if (!group) throw AppError.notFound('Coaching circle coach');
  return group;
}

/** POST /coaching_circles/{id}/coaches: a coach's group (URL default the coach's own, max students the circle's). */
export async function addCoach(circleId: number, body: { coachId: number; webConferenceUrl?: string | null; maxStudents?: number }, actor: Actor) {
  try {
    await CoachingCircle.sequelize!.transaction(async (transaction) => {
      const circle = await load(circleId, transaction, true);
      const coach = await Coach.findByPk(body.coachId, { transaction });
      if (!coach) throw AppError.notFound('Coach');
      assertUnpublished(circle);
      if (await CoachingCircleCoach.count({ where: { coachingCircleId: circleId, coachId: coach.id }, transaction })) throw conflict('COACH_ALREADY_IN_CIRCLE');
      const group = await CoachingCircleCoach.create(
        {
          coachingCircleId: circleId,
          coachId: coach.id,
          webConferenceUrl: body.webConferenceUrl === undefined ? (coach.coachWebConferenceUrl ?? null) : body.webConferenceUrl,
          maxStudents: body.maxStudents ?? circle.maxStudents,
          ...stamp(actor),
        },
        { transaction },
      );
      await circle.update({ ...stamp(actor), updatedAt: new Date() }, { transaction });
      await recordActivity(
        actor,
        circleEntry(circleId, {
          type: 'UPDATED',
          description: description('COACH_ADDED', { coach: await coachName(coach.id, transaction) }),
          changes: diff({}, { coachId: coach.id, webConferenceUrl: group.webConferenceUrl, maxStudents: group.maxStudents }),
        }),
        transaction,
      );
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict('COACH_ALREADY_IN_CIRCLE');
    throw err;
  }
  return getCircle(circleId);
}

/**
 * A group's URL and max students changed (staff's PUT, the coach's or staff's PATCHes of the group): the
 * row updated and, when something changed, the circle's entry naming the coach.
 */
export async function recordGroupChange(
  group: CoachingCircleCoach,
  values: { webConferenceUrl?: string | null; maxStudents?: number },
  actor: Actor,
  transaction: Transaction,
): Promise<void> {
  const before = { webConferenceUrl: group.webConferenceUrl ?? null, maxStudents: group.maxStudents };
  await group.update({ ...values, ...stamp(actor) }, { transaction });
  const changes = diff(before, { webConferenceUrl: group.webConferenceUrl ?? null, maxStudents: group.maxStudents });
  if (!Object.keys(changes).length) return;
  await recordActivity(
    actor,
    circleEntry(group.coachingCircleId, { type: 'UPDATED', description: description('COACH_GROUP_CHANGED', { coach: await coachName(group.coachId, transaction) }), changes }),
    transaction,
  );
}

/** How many students a group holds. */
export const signUpsOf = (circleCoachId: number, transaction?: Transaction) => CoachingCircleSignUp.count({ where: { coachingCircleCoachId: circleCoachId }, transaction });

/** PUT /coaching_circles/{id}/coaches/{circleCoachId}: URL and max students (not below its sign-ups) of an unpublished circle's group. */
export async function updateCoach(circleId: number, circleCoachId: number, body: { webConferenceUrl?: string | null; maxStudents: number }, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const circle = await load(circleId, transaction, true);
    const group = await groupOf(circleId, circleCoachId, transaction);
    assertUnpublished(circle);
    if (body.maxStudents < (await signUpsOf(group.id, transaction))) throw conflict('MAX_STUDENTS_BELOW_SIGN_UPS');
    await recordGroupChange(group, { webConferenceUrl: body.webConferenceUrl ?? null, maxStudents: body.maxStudents }, actor, transaction);
  });
  return getCircle(circleId);
}

/**
 * DELETE /coaching_circles/{id}/coaches/{circleCoachId}: 'Cannot delete coach' while the group has
 * sign-ups (the spec's future sessions; past ones keep their attendance records, which name the group,
 * so any sign-up or attendance record keeps it), then a published circle's lock.
 */
export async function removeCoach(circleId: number, circleCoachId: number, actor: Actor) {
  await CoachingCircle.sequelize!.transaction(async (transaction) => {
    const circle = await load(circleId, transaction, true);
    const group = await groupOf(circleId, circleCoachId, transaction);
    const [signUps, records] = await Promise.all([
      signUpsOf(group.id, transaction),
      CoachingCircleSignUpSession.count({ where: { coachingCircleCoachId: group.id }, transaction }),
    ]);
    if (signUps + records > 0) throw conflict('CANNOT_DELETE_COACH', { signUps, attendanceRecords: records });
    assertUnpublished(circle);
    await group.destroy({ transaction });
    await recordActivity(
      actor,
      circleEntry(circleId, {
        type: 'UPDATED',
        description: description('COACH_REMOVED', { coach: await coachName(group.coachId, transaction) }),
        changes: diff({ coachId: group.coachId, webConferenceUrl: group.webConferenceUrl, maxStudents: group.maxStudents }, {}),
      }),
      transaction,
    );
  });
}

/** The most sessions one calendar range answers (a month of 50 weekly circles is ~250). */
export const SESSIONS_IN_RANGE_LIMIT = 2000;

/**
 * The generated sessions starting in [from, to) with their circle's name, count and published flag,
 * earliest first, for the console's calendar: one query on the sessions' start index joined to their
 * circle (and, for a coach, to the circle's groups).
 */
export async function sessionsInRange(range: SessionRange) {
  const circleWhere: WhereOptions = {};
  if (range.cohortId) Object.assign(circleWhere, { cohortId: range.cohortId });
  if (range.published !== undefined) Object.assign(circleWhere, { published: range.published });
  if (range.coachId)
    Object.assign(circleWhere, {
      id: { [Op.in]: Sequelize.literal(`(SELECT coaching_circle_id FROM coaching_circle_coaches WHERE coach_id = ${Number(range.coachId)})`) },
    });
  const rows = await CoachingCircleSession.findAll({
    where: { startDateTime: { [Op.gte]: range.from, [Op.lt]: range.to } },
    include: [{ model: CoachingCircle, as: 'circle', attributes: ['id', 'name', 'sessions', 'published'], where: circleWhere, required: true }],
    order: [
      ['startDateTime', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: SESSIONS_IN_RANGE_LIMIT + 1,
  });
  const content = rows.slice(0, SESSIONS_IN_RANGE_LIMIT).map((s) => {
    const circle = (s as CoachingCircleSession & { circle: CoachingCircle }).circle;
    return {
      id: s.id,
      coachingCircleId: s.coachingCircleId,
      circleName: circle.name ?? null,
      sessionNumber: s.sessionNumber,
      sessions: circle.sessions,
      startDateTime: s.startDateTime,
      endDateTime: s.endDateTime,
      published: circle.published,
    };
  });
  return { content, truncated: rows.length > SESSIONS_IN_RANGE_LIMIT };
}
