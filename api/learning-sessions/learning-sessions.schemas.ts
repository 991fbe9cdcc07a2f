import { z } from 'zod';
import { Language, LearningSessionType, TimeOfDay } from '../../models/enums';
import { format, Messages } from '../../models/messages';
import { booleanish, id, optionalText, parseDate, requiredText, url } from '../../models/validation';
import { LEARNING_SESSION_DEFAULTS, parseZone } from '../../domain/rules/learning-sessions';
import { dateTime } from '../catalogue/date-times';
import { pagingQuery } from '../common/list';

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) });

/** Sorting on indexed columns only; newest first by default. */
export const learningSessionSortable = {
  id: 'id',
  ID: 'id',
  startDateTime: 'startDateTime',
  START_DATE_TIME: 'startDateTime',
  title: 'title',
  TITLE: 'title',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
const paging = { sortable: learningSessionSortable, defaultSort: 'startDateTime', defaultDescending: true };

/** The size of a list: 20 by default for one cohort's sessions (platform spec §9), else 10. */
const optionalSize = z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).optional();

/** GET /learning_sessions: paged, keyword (title, id), cohortId. */
export const learningSessionListQuery = pagingQuery(paging)
  .extend({ size: optionalSize, cohortId: id().optional() })
  .transform((q) => ({
    ...q,
    size: Math.min(q.size ?? (q.cohortId ? 20 : 10), 1000),
  }));
export type LearningSessionListQuery = z.output<typeof learningSessionListQuery>;

/** POST /learning_sessions/find_by_criteria?page&size&sortBy&descending&keyword. */
export const learningSessionCriteriaQuery = pagingQuery(paging);

const zone = z
  .string()
  .trim()
  .max(64)
  .refine((v) => parseZone(v) !== null, Messages.INVALID_VALUE)
  .nullish();
const day = z
  .string()
  .refine((v) => parseDate(v) !== null, Messages.INVALID_DATE)
  .transform((v) => parseDate(v)!);
const blank = (v: unknown) => (v === '' ? null : v);
const startDateTime = dateTime('start');
/** A required date-time (dateTime's shape, which is optional): a missing key is refused, not skipped. */
const requiredDateTime = z.string({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_DATE) }).transform((v, ctx) => {
  const parsed = startDateTime.safeParse(v);
  if (parsed.success && parsed.data) return parsed.data;
  ctx.addIssue({ code: 'custom', message: v.trim() ? Messages.INVALID_DATE : Messages.REQUIRED });
  return z.NEVER;
});

/**
 * The criteria of POST /learning_sessions/find_by_criteria: the zone the dates and times of day are
 * read in (`utcOffset`, an IANA name or ±HH:MM; America/New_York by default), the coach, the cohort,
 * published or not, a range of local start dates, local times of day, types, language.
 */
export const learningSessionCriteria = z
  .object({
    utcOffset: zone,
    coachId: z.preprocess((v) => (typeof v === 'number' || typeof v === 'string' ? [v] : v), z.array(id()).max(100).nullish()),
    cohortId: z.preprocess((v) => (typeof v === 'number' || typeof v === 'string' ? [v] : v), z.array(id()).max(100).nullish()),
    published: booleanish().nullish(),
    startDateTime: z
      .object({ from: z.preprocess(blank, day.nullish()), to: z.preprocess(blank, day.nullish()) })
      .strict()
      .nullish(),
    timeOfDay: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(enumOf(TimeOfDay)).max(4).nullish()),
    types: z.array(enumOf(LearningSessionType)).max(10).nullish(),
    language: enumOf(Language).nullish(),
  })
  .strict();
export type LearningSessionCriteria = z.output<typeof learningSessionCriteria>;

export const learningSessionIdParams = z.object({ id: id() });

/**
 * POST /learning_sessions and PUT /learning_sessions/{id}: a whole session. maxStudents 10 and duration
 * 90 by default; a duration above 240 is the 409 'Duration limit' (the rule, not the shape).
 */
export const learningSessionBody = z
  .object({
    type: enumOf(LearningSessionType),
    title: requiredText(200),
    description: optionalText(5000),
    coachId: z.preprocess(blank, id().nullish()),
    maxStudents: z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).max(1000, Messages.INVALID_VALUE).default(LEARNING_SESSION_DEFAULTS.maxStudents),
    startDateTime: requiredDateTime,
    duration: z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).max(100_000, Messages.INVALID_VALUE).default(LEARNING_SESSION_DEFAULTS.duration),
    language: enumOf(Language).default('EN'),
    webConferenceUrl: z.preprocess(blank, url().nullish()),
    autoPublishDate: dateTime('start'),
    learningSessionScopes: z
      .array(z.object({ cohortId: id() }).strict())
      .max(200)
      .default([])
      .refine((s) => new Set(s.map((x) => x.cohortId)).size === s.length, Messages.INVALID_VALUE),
  })
  .strict();
export type LearningSessionInput = z.output<typeof learningSessionBody>;

/** GET /learning_sessions/file_export/learning_sessions_students_csv?learningSessionId=&utcOffset=. */
export const studentsCsvQuery = z.object({ learningSessionId: id(), utcOffset: zone }).strict();

// ---- Sign-ups ----

export const signUpSortable = { id: 'id', ID: 'id', createdAt: 'createdAt', CREATED_AT: 'createdAt' };
/** GET /learning_session_sign_up: a student's own; staff and the session's coach by learningSessionId (or studentId). */
export const signUpListQuery = pagingQuery({ sortable: signUpSortable, defaultSort: 'id', keyword: false }).extend({
  learningSessionId: id().optional(),
  studentId: id().optional(),
});
export type SignUpListQuery = z.output<typeof signUpListQuery>;

/** POST /learning_session_sign_up: the session; staff name the student. */
export const signUpBody = z.object({ learningSessionId: id(), studentId: id().optional() }).strict();

export const signUpIdParams = z.object({ id: id() });

/**
 * PUT /learning_session_sign_up/{id}/attendances: the participation status (ATTENDED is saved as
 * ATTENDED, anything else — nothing included — ABSENT; `participation` alone stands for it when no
 * status is sent), how the student took part, notes.
 */
export const attendanceBody = z
  .object({
    participationStatus: z.string().trim().max(20, format(Messages.MAX_LENGTH, 20)).nullish(),
    participation: optionalText(100),
    notes: optionalText(2000),
  })
  .strict();

/** DELETE /learning_session_sign_up/{id}?validateMinuteDifference= (true by default: 12 hours' notice). */
export const signUpDeleteQuery = z.object({ validateMinuteDifference: booleanish().default(true) }).strict();
