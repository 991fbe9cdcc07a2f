/**
 * Answers of /api/learning_sessions and /api/learning_session_sign_up (platform spec §7 "Learning
 * sessions"; back-office spec §3 "Learning session"; issue 19).
 */
import { z } from 'zod';
import { AttendanceStatus, Language, LearningSessionType } from '../../models/enums';
import { id, page, personRef, timestamp, updatedBy } from './common';

/** A learning session: its coach, scope cohorts, seats taken and left, publish state. */
export const learningSessionAnswer = z
  .object({
    id,
    type: z.enum(LearningSessionType),
    title: z.string(),
    description: z.string().nullable(),
    coachId: id.nullable(),
    coach: z.object({ id, fullName: z.string(), email: z.string().nullable() }).strict().nullable(),
    maxStudents: z.number().int().min(1),
    /** UTC. */
    startDateTime: timestamp,
    /** startDateTime + duration. */
    endDateTime: timestamp,
    /** Minutes (at most 240). */
    duration: z.number().int().min(1),
    language: z.enum(Language),
    webConferenceUrl: z.string().nullable(),
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    autoPublishDate: timestamp.nullable(),
    learningSessionScopes: z.array(z.object({ id, cohortId: id, cohortLabel: z.string().nullable() }).strict()),
    signUpsCount: z.number().int().min(0),
    seatsLeft: z.number().int().min(0),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type LearningSessionAnswer = z.infer<typeof learningSessionAnswer>;
export const learningSessionPage = page(learningSessionAnswer);

/** A sign-up and the attendance taken on it. */
export const learningSessionSignUpAnswer = z
  .object({
    id,
    learningSessionId: id,
    studentId: id,
    student: personRef.nullable(),
    participationStatus: z.enum(AttendanceStatus),
    participation: z.string().nullable(),
    notes: z.string().nullable(),
    learningSession: z
      .object({
        id,
        title: z.string(),
        type: z.enum(LearningSessionType),
        startDateTime: timestamp,
        duration: z.number().int(),
        language: z.enum(Language),
        webConferenceUrl: z.string().nullable(),
      })
      .strict()
      .nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type LearningSessionSignUpAnswer = z.infer<typeof learningSessionSignUpAnswer>;
export const learningSessionSignUpPage = page(learningSessionSignUpAnswer);
