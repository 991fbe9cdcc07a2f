/**
 * The answers of coaching circles' staff side (issue 19): /api/coaching_circle_types,
 * /api/coaching_circles, /api/coaching_circle_coaches and /api/coaching_circle_attendance. The console's
 * records and the portal's coach screens take their types from these (`z.infer`).
 */
import { z } from 'zod';
import { AttendanceStatus, CirclePublishRequirement, FrequencyUnit, TimeOfDay } from '../../models/enums';
import { id, isoDate, page, timestamp, updatedBy } from './common';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** GET /coaching_circle_types/{id}, POST, PUT (a page of them: GET /coaching_circle_types). */
export const circleTypeAnswer = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    sessions: z.number().int(),
    maxStudents: z.number().int(),
    frequency: z.number().int(),
    frequencyUnit: z.enum(FrequencyUnit),
    duration: z.number().int(),
    deleted: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type CircleTypeAnswer = z.infer<typeof circleTypeAnswer>;
export const circleTypePage = page(circleTypeAnswer);

/** A coach as a circle names it. */
export const circleCoachPerson = z.object({ id, firstName: z.string(), lastName: z.string(), fullName: z.string(), email: z.string() }).strict();

/** A coach's group in a circle, as the circle lists it. */
export const circleGroupAnswer = z
  .object({
    id,
    coachId: id,
    coach: circleCoachPerson.nullable(),
    webConferenceUrl: z.string().nullable(),
    maxStudents: z.number().int(),
  })
  .strict();

/** The circle's start in the zone asked (`utcOffset`, default America/New_York): its first session's day, clock and time of day. */
export const circleLocalStart = z.object({ zone: z.string(), startDate: isoDate, startTime: hhmm, endTime: hhmm, timeOfDay: z.enum(TimeOfDay) }).strict();

/** One circle of GET /coaching_circles and POST …/find_by_criteria (a page of them). */
export const circleAnswer = z
  .object({
    id,
    name: z.string().nullable(),
    typeId: id,
    type: z.object({ id, name: z.string() }).strict().nullable(),
    cohortId: id,
    cohort: z.object({ id, label: z.string() }).strict().nullable(),
    scopeCohortIds: z.array(id),
    sessions: z.number().int(),
    maxStudents: z.number().int(),
    frequency: z.number().int(),
    frequencyUnit: z.enum(FrequencyUnit),
    duration: z.number().int(),
    startDate: isoDate,
    startTime: hhmm,
    endTime: hhmm,
    timeZone: z.string(),
    local: circleLocalStart,
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
    openCloseDatesFromCohortConfig: z.boolean(),
    skipSessionsFromCohortConfig: z.boolean(),
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    coaches: z.array(circleGroupAnswer),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type CircleAnswer = z.infer<typeof circleAnswer>;
export const circlePage = page(circleAnswer);

/** A generated session of a circle. */
export const circleSessionAnswer = z.object({ id, sessionNumber: z.number().int(), startDateTime: timestamp, endDateTime: timestamp }).strict();

/**
 * GET /coaching_circles/{id} and every call on one circle: the circle with its generated sessions, how
 * many students signed up, and what it lacks to be published (empty when it may be).
 */
export const circleDetailAnswer = circleAnswer
  .extend({
    circleSessions: z.array(circleSessionAnswer),
    signUpsCount: z.number().int(),
    missingForPublish: z.array(z.enum(CirclePublishRequirement)),
  })
  .strict();
export type CircleDetailAnswer = z.infer<typeof circleDetailAnswer>;

/** POST /coaching_circles/generate_sessions: how many sessions each circle has now. */
export const generatedAnswer = z.object({ content: z.array(z.object({ id, sessions: z.number().int() }).strict()) }).strict();

/** GET /coaching_circle_coaches/{id} and one row of its lists: a coach's group with its circle and sign-ups count. */
export const circleCoachAnswer = z
  .object({
    id,
    coachingCircleId: id,
    coachId: id,
    coach: circleCoachPerson.nullable(),
    webConferenceUrl: z.string().nullable(),
    maxStudents: z.number().int(),
    signUpsCount: z.number().int(),
    circle: z
      .object({
        id,
        name: z.string().nullable(),
        typeName: z.string().nullable(),
        cohortId: id,
        cohortLabel: z.string().nullable(),
        startDate: isoDate,
        startTime: hhmm,
        endTime: hhmm,
        timeZone: z.string(),
        published: z.boolean(),
      })
      .strict(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type CircleCoachAnswer = z.infer<typeof circleCoachAnswer>;
export const circleCoachPage = page(circleCoachAnswer);

/** One student's attendance record in a session's roster. */
export const rosterEntryAnswer = z
  .object({
    coachingCircleSignUpSessionId: id,
    coachingCircleSignUpId: id,
    student: z.object({ id, firstName: z.string(), lastName: z.string(), fullName: z.string(), email: z.string() }).strict(),
    status: z.enum(AttendanceStatus),
    participation: z.string().nullable(),
    notes: z.string().nullable(),
    updatedBy,
  })
  .strict();

/** A session of a coach's group with its roster (GET /coaching_circle_coaches/{id}/sessions, PUT …/attendances). */
export const groupSessionAnswer = circleSessionAnswer.extend({ started: z.boolean(), roster: z.array(rosterEntryAnswer) }).strict();
export type GroupSessionAnswer = z.infer<typeof groupSessionAnswer>;
export const groupSessionsAnswer = z.object({ content: z.array(groupSessionAnswer) }).strict();

/** One row of POST /coaching_circle_attendance/find_by_criteria. */
export const attendanceRowAnswer = z
  .object({
    id,
    status: z.enum(AttendanceStatus),
    participation: z.string().nullable(),
    notes: z.string().nullable(),
    student: z.object({ id, firstName: z.string(), lastName: z.string(), fullName: z.string(), email: z.string() }).strict().nullable(),
    session: z.object({ id, sessionNumber: z.number().int(), startDateTime: timestamp, endDateTime: timestamp }).strict().nullable(),
    coachingCircleId: id.nullable(),
    coachingCircleName: z.string().nullable(),
    cohortId: id.nullable(),
    coachingCircleCoachId: id,
    coach: circleCoachPerson.nullable(),
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type AttendanceRowAnswer = z.infer<typeof attendanceRowAnswer>;
export const attendancePage = page(attendanceRowAnswer);

/** POST /coaching_circles/sessions/find_by_criteria: the generated sessions in a range (the console's calendar). */
export const circleSessionsAnswer = z
  .object({
    content: z.array(
      z
        .object({
          id,
          coachingCircleId: id,
          circleName: z.string().nullable(),
          sessionNumber: z.number().int(),
          sessions: z.number().int(),
          startDateTime: timestamp,
          endDateTime: timestamp,
          published: z.boolean(),
        })
        .strict(),
    ),
    truncated: z.boolean(),
  })
  .strict();
export type CircleSessionsAnswer = z.infer<typeof circleSessionsAnswer>;
