import { z } from 'zod';
import { AttendanceStatus, FrequencyUnit, TimeOfDay } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText, requiredText, time, url } from '../../models/validation';
import { MAX_CIRCLE_DURATION_MINUTES, parseZone } from '../../domain/rules/coaching-circles';
import { dateTime } from '../catalogue/date-times';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';
import { date } from '../../models/validation';

/** A whole number within bounds, as JSON or query text. */
const count = (min: number, max: number, maxMessage: string = Messages.INVALID_VALUE) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) })
      .int(Messages.INVALID_VALUE)
      .min(min, Messages.INVALID_VALUE)
      .max(max, maxMessage),
  );
const duration = () => count(1, MAX_CIRCLE_DURATION_MINUTES, Messages.DURATION_LIMIT);
const unit = () => z.enum(FrequencyUnit, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) });

/** An IANA time zone or a ±HH:mm offset (domain/rules/coaching-circles.ts parseZone). */
export const zoneText = () =>
  z
    .string()
    .trim()
    .max(64)
    .refine((v) => parseZone(v) !== null, Messages.UNKNOWN_TIME_ZONE);

// ---- Circle types ----

export const circleTypeSortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' };
/** GET /coaching_circle_types: deleted=false by default (true: the archived ones only). */
export const circleTypeListQuery = pagingQuery({ sortable: circleTypeSortable }, { deleted: booleanish().default(false) });
export const circleTypeCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  name: { kind: 'prefix', column: 'name' },
  deleted: { kind: 'eq', column: 'deleted', type: 'boolean' },
  frequencyUnits: { kind: 'in', column: 'frequencyUnit', values: FrequencyUnit },
};
export const circleTypeBody = z
  .object({
    name: requiredText(200),
    description: optionalText(2000),
    sessions: count(1, 520),
    maxStudents: count(1, 1000),
    frequency: count(1, 365),
    frequencyUnit: unit(),
    duration: duration(),
  })
  .strict();
export type CircleTypeInput = z.output<typeof circleTypeBody>;

// ---- Circles ----

export const circleSortable = {
  id: 'id',
  ID: 'id',
  name: 'name',
  NAME: 'name',
  startDate: 'startDate',
  START_DATE: 'startDate',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
const zoneQuery = { utcOffset: zoneText().optional() };
/** `fields`: a comma-separated choice of the answer's fields (id always comes). */
const fieldsQuery = { fields: z.string().trim().max(500).optional() };
/** Newest first (back-office spec §9: coaching circles sort descending). */
export const circleListQuery = pagingQuery({ sortable: circleSortable, defaultDescending: true }, { ...zoneQuery, ...fieldsQuery });

/** POST /coaching_circles/find_by_criteria (utcOffset in the query: the zone of the time of day). */
export const circleCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  cohortId: { kind: 'eq', column: 'cohortId', type: 'number' },
  cohortIds: { kind: 'ids', column: 'cohortId' },
  typeId: { kind: 'eq', column: 'coachingCircleTypeId', type: 'number' },
  typeIds: { kind: 'ids', column: 'coachingCircleTypeId' },
  published: { kind: 'eq', column: 'published', type: 'boolean' },
  startDate: { kind: 'dateRange', column: 'startDate' },
};
/** The criteria the list layer does not translate: a coach's circles, the time of day of the start. */
const oneOrMany = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === null || v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(100).nullish());
export const circleCriteriaSchema = criteriaSchema(circleCriteria).extend({
  coachId: id().nullish(),
  coachIds: z.array(id()).max(1000).nullish(),
  timeOfDay: oneOrMany(z.enum(TimeOfDay)),
});
/** The criteria as the service reads them (the list layer's keys stay untyped: criteriaWhere reads them). */
export type CircleCriteria = Record<string, unknown> & { coachId?: number | null; coachIds?: number[] | null; timeOfDay?: Array<(typeof TimeOfDay)[number]> | null };

/**
 * POST and PUT /coaching_circles: the type and cohort, the start (day, wall clock, zone), and — unless
 * given — the type's sessions, frequency, unit, duration and max students. `scopeCohortIds` adds cohorts
 * whose students may sign up (the circle's cohort is always its first scope).
 */
export const circleBody = z
  .object({
    typeId: id(),
    cohortId: id(),
    name: optionalText(200),
    sessions: count(1, 520).optional(),
    maxStudents: count(1, 1000).optional(),
    frequency: count(1, 365).optional(),
    frequencyUnit: unit().optional(),
    duration: duration().optional(),
    startDate: date(),
    startTime: time(),
    timeZone: zoneText().optional(),
    openDate: dateTime('start'),
    closeDate: dateTime('end'),
    openCloseDatesFromCohortConfig: z.boolean().optional(),
    skipSessionsFromCohortConfig: z.boolean().optional(),
    scopeCohortIds: z.array(id()).max(100).optional(),
  })
  .strict();
export type CircleInput = z.output<typeof circleBody>;

export const idParams = z.object({ id: id() });
export const circleGroupParams = z.object({ id: id(), circleCoachId: id() });

/** POST /coaching_circles/generate_sessions: the circles whose sessions to lay, at most 500. */
export const generateManyBody = z.object({ ids: z.array(id()).min(1, Messages.REQUIRED).max(500) }).strict();

/** PATCH /coaching_circles/{id}/open_close_date. */
export const openCloseBody = z.object({ openDate: dateTime('start'), closeDate: dateTime('end') }).strict();

/** PATCH /coaching_circles/{id}/publish. */
export const publishBody = z.object({ published: z.boolean({ error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) }).strict();

/** POST /coaching_circles/{id}/coaches: the coach; its URL (default the coach's own) and max students (default the circle's). */
export const addCoachBody = z
  .object({ coachId: id(), webConferenceUrl: z.preprocess((v) => (v === '' ? null : v), url().nullish()), maxStudents: count(1, 1000).optional() })
  .strict();
export const updateCoachBody = z.object({ webConferenceUrl: z.preprocess((v) => (v === '' ? null : v), url().nullish()), maxStudents: count(1, 1000) }).strict();

// ---- Circle coaches (a coach's group) ----

export const groupSortable = { id: 'id', ID: 'id', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' };
/** GET /coaching_circle_coaches?coachId&cohortId (the spec asks size 1000 of it). */
export const groupListQuery = pagingQuery(
  { sortable: groupSortable, defaultDescending: true },
  { coachId: id().optional(), cohortId: id().optional(), coachingCircleId: id().optional() },
);
export const groupCriteriaSchema = z
  .object({
    coachIds: z.array(id()).max(1000).nullish(),
    cohortIds: z.array(id()).max(1000).nullish(),
    coachingCircleIds: z.array(id()).max(1000).nullish(),
    published: booleanish().nullish(),
  })
  .strict();
export type GroupCriteria = z.output<typeof groupCriteriaSchema>;

export const groupSessionParams = z.object({ id: id(), sessionId: id() });

/** PUT /coaching_circle_coaches/{id}/sessions/{sessionId}/attendances: the records of that group and session. */
export const attendancesBody = z
  .array(
    z
      .object({
        coachingCircleSignUpSessionId: id(),
        status: z.enum(['ATTENDED', 'ABSENT'] as const satisfies ReadonlyArray<(typeof AttendanceStatus)[number]>, {
          error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE),
        }),
        participation: optionalText(30),
        notes: optionalText(2000),
      })
      .strict(),
  )
  .min(1, Messages.REQUIRED)
  .max(500)
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    rows.forEach((r, i) => {
      if (seen.has(r.coachingCircleSignUpSessionId)) ctx.addIssue({ code: 'custom', path: [i, 'coachingCircleSignUpSessionId'], message: Messages.INVALID_VALUE });
      seen.add(r.coachingCircleSignUpSessionId);
    });
  });
export type AttendancesInput = z.output<typeof attendancesBody>;

export const webConferenceUrlBody = z.object({ webConferenceUrl: url() }).strict();
export const maxStudentsQuery = z.object({ maxStudents: count(1, 1000) }).strict();

// ---- Attendance list ----

export const attendanceSortable = { id: 'id', ID: 'id', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt', status: 'status', STATUS: 'status' };
export const attendanceListQuery = pagingQuery({ sortable: attendanceSortable, defaultDescending: true }, zoneQuery);
const dayRange = z
  .object({ from: date(), to: date() })
  .strict()
  .refine((r) => r.from <= r.to, { message: Messages.DATE_RANGE_ORDER, path: ['to'] });
/** POST /coaching_circle_attendance/find_by_criteria (the session date range needs both ends: back-office spec §5). */
export const attendanceCriteriaSchema = z
  .object({
    coachingCircleIds: z.array(id()).max(1000).nullish(),
    cohortIds: z.array(id()).max(1000).nullish(),
    coachIds: z.array(id()).max(1000).nullish(),
    statuses: z.array(z.enum(AttendanceStatus)).max(3).nullish(),
    students: z.array(id()).max(1000).nullish(),
    sessionDate: dayRange.nullish(),
  })
  .strict();
export type AttendanceCriteria = z.output<typeof attendanceCriteriaSchema>;

/** The calendar's range (instants; at most 62 days) and what narrows it. */
export const sessionRangeSchema = z
  .object({
    from: z.coerce.date(),
    to: z.coerce.date(),
    cohortId: z.number().int().positive().optional(),
    coachId: z.number().int().positive().optional(),
    published: z.boolean().optional(),
  })
  .strict()
  .refine((r) => r.to > r.from, { path: ['to'], message: 'Must be after from' })
  .refine((r) => r.to.getTime() - r.from.getTime() <= 62 * 86_400_000, { path: ['to'], message: 'At most 62 days after from' });
export type SessionRange = z.infer<typeof sessionRangeSchema>;
