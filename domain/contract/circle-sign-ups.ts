/**
 * The answers of the coaching circle sign-up calls (issue 19, helper "signups"): a sign-up with its
 * circle, group (coach), schedule and attendance records, and the circles a student may join with their
 * groups' free seats and sessions in the asked time zone.
 */
import { z } from 'zod';
import { AttendanceStatus } from '../../models/enums';
import { id, isoDate, page, personRef, timestamp, updatedBy } from './common';

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);

/** One attendance record of a sign-up: its session, wall clock in the asked zone, and status. */
export const signUpSessionAnswer = z
  .object({
    id,
    coachingCircleSessionId: id,
    coachingCircleCoachId: id,
    sessionNumber: z.number().int().min(1),
    startDateTime: timestamp,
    endDateTime: timestamp,
    localDate: isoDate,
    localStartTime: hhmm,
    localEndTime: hhmm,
    status: z.enum(AttendanceStatus),
  })
  .strict();

const circleRef = z
  .object({
    id,
    name: z.string().nullable(),
    coachingCircleTypeId: id,
    typeName: z.string().nullable(),
    cohortId: id,
    timeZone: z.string(),
    duration: z.number().int(),
  })
  .strict();

const groupRef = z.object({ id, coachId: id, coachName: z.string(), webConferenceUrl: z.string().nullable() }).strict();

/** GET /coaching_circle_sign_up/{id}, POST, PATCH. */
export const circleSignUpAnswer = z
  .object({
    id,
    coachingCircleId: id,
    coachingCircleCoachId: id,
    studentId: id,
    enrollmentId: id.nullable(),
    leftAt: timestamp.nullable(),
    student: personRef.nullable(),
    circle: circleRef.nullable(),
    group: groupRef.nullable(),
    /** The time zone of the local dates and times. */
    timeZone: z.string(),
    sessions: z.array(signUpSessionAnswer),
    /** The next session of the sign-up (null: none left). */
    nextSessionAt: timestamp.nullable(),
    /** The last instant a switch or a leave is allowed (12 hours before the next session). */
    changeDeadline: timestamp.nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CircleSignUpAnswer = z.infer<typeof circleSignUpAnswer>;

/** GET /coaching_circle_sign_up. */
export const circleSignUpPage = page(circleSignUpAnswer);

/** A circle a student may join (GET /students/{id}/coaching_circles). */
export const availableCircleAnswer = z
  .object({
    id,
    name: z.string().nullable(),
    coachingCircleTypeId: id,
    typeName: z.string().nullable(),
    cohortId: id,
    duration: z.number().int(),
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
    /** Sign-ups are open now (inside the open/close window). */
    open: z.boolean(),
    /** The first session has begun (no switching into it). */
    started: z.boolean(),
    firstSessionAt: timestamp.nullable(),
    groups: z.array(z.object({ id, coachId: id, coachName: z.string(), maxStudents: z.number().int(), freeSeats: z.number().int().min(0) }).strict()),
    sessions: z.array(
      z
        .object({
          id,
          sessionNumber: z.number().int().min(1),
          startDateTime: timestamp,
          endDateTime: timestamp,
          localDate: isoDate,
          localStartTime: hhmm,
          localEndTime: hhmm,
        })
        .strict(),
    ),
    /** The student's sign-up in this circle, if any. */
    signUp: z.object({ id, coachingCircleCoachId: id }).strict().nullable(),
  })
  .strict();
export type AvailableCircle = z.infer<typeof availableCircleAnswer>;

export const availableCirclesAnswer = z.object({ timeZone: z.string(), circles: z.array(availableCircleAnswer) }).strict();
export type AvailableCircles = z.infer<typeof availableCirclesAnswer>;
