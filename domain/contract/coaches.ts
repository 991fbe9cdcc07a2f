/**
 * The answers of /api/coaches (back-office spec §3 "Coach", §7 "Coaches"; issue 19): the coach's own
 * fields with its embedded student record (the students area's nested shape), the coach's circles on
 * GET /coaches/{id}, the light picker rows of `fields=id,name`, and staff comments. The console's
 * CoachRecord is `z.infer` of `coachDetailAnswer`.
 */
import { z } from 'zod';
import { AttendanceStatus, IntentStatus, Language } from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';
import { studentAnswer } from './students';

/** One coach (list rows, PUT). */
export const coachAnswer = z
  .object({
    id,
    /** First and last name of the student record. */
    name: z.string(),
    active: z.boolean(),
    rateOfPay: dollars.nullable(),
    intro: z.string().nullable(),
    specializations: z.array(z.string()),
    languages: z.array(z.enum(Language)),
    hctpGraduatingClass: z.string().nullable(),
    video: z.string().nullable(),
    source: z.string().nullable(),
    showPhone: z.boolean(),
    socialNetworks: z.object({ linkedIn: z.string().nullable(), facebook: z.string().nullable(), instagram: z.string().nullable(), youtube: z.string().nullable() }).strict(),
    photo: z.string().nullable(),
    coachWebConferenceUrl: z.string().nullable(),
    facebookGroupUrl: z.string().nullable(),
    testCall: z.boolean(),
    student: studentAnswer,
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedBy,
  })
  .strict();
export type CoachAnswer = z.infer<typeof coachAnswer>;

/** A group the coach leads in a circle (GET /coaches/{id} `circles`). */
export const coachCircleAnswer = z
  .object({
    circleCoachId: id,
    circleId: id,
    typeName: z.string(),
    cohortId: id,
    cohortLabel: z.string(),
    startDate: isoDate,
    published: z.boolean(),
    signUps: z.number().int().min(0),
  })
  .strict();
export type CoachCircleAnswer = z.infer<typeof coachCircleAnswer>;

/** GET /coaches/{id}: the coach with its circles, newest start first. */
export const coachDetailAnswer = coachAnswer.extend({ circles: z.array(coachCircleAnswer) }).strict();
export type CoachDetailAnswer = z.infer<typeof coachDetailAnswer>;

/** POST /coaches: the coach, and whether the invitation left (null: none was asked for). */
export const coachCreatedAnswer = coachDetailAnswer
  .extend({
    invitation: z
      .object({ status: z.enum(IntentStatus) })
      .strict()
      .nullable(),
  })
  .strict();
export type CoachCreatedAnswer = z.infer<typeof coachCreatedAnswer>;

/** GET /coaches, POST /coaches/find_by_criteria. */
export const coachPage = page(coachAnswer);
/** GET /coaches?fields=id,name: the light rows of pickers. */
export const coachPickPage = page(z.object({ id, name: z.string() }).strict());
/** Either of the two. */
export const coachListAnswer = z.union([coachPage, coachPickPage]);

/** GET /coaches/{id}/comments (newest first, 5 a page), POST, PUT. */
export const coachCommentAnswer = z
  .object({ id, content: z.string(), author: z.object({ id: id.nullable(), name: z.string().nullable() }).strict().nullable(), createdAt: timestamp, updatedAt: timestamp })
  .strict();
export type CoachCommentAnswer = z.infer<typeof coachCommentAnswer>;
export const coachCommentPage = page(coachCommentAnswer);

/**
 * GET /coaches/me: what a coach reads of itself in the portal (issue 19, coach-portal): names, email,
 * language and time zone of the embedded student record, the coach's own public fields. Staff-only
 * fields (rate of pay, source, test call, comments) stay out.
 */
export const coachSelfAnswer = z
  .object({
    id,
    studentId: id,
    userId: id,
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    email: z.string(),
    /** The student record's IANA time zone; null when none was set (the portal then uses the browser's). */
    timeZone: z.string().nullable(),
    languageIso2LetterCode: z.string().nullable(),
    languages: z.array(z.enum(Language)),
    intro: z.string().nullable(),
    photo: z.string().nullable(),
    coachWebConferenceUrl: z.string().nullable(),
    /** What the coach edits of themself (PUT /coaches/me; issue 19, coach-portal): their phone and public profile. */
    mobilePhone: z.string().nullable(),
    specializations: z.array(z.string()),
    video: z.string().nullable(),
    showPhone: z.boolean(),
    socialNetworks: z.object({ linkedIn: z.string().nullable(), facebook: z.string().nullable(), instagram: z.string().nullable(), youtube: z.string().nullable() }).strict(),
    facebookGroupUrl: z.string().nullable(),
    updatedAt: timestamp,
  })
  .strict();
export type CoachSelfAnswer = z.infer<typeof coachSelfAnswer>;

/**
 * GET /coaches/me/comments: the coach's own comments — the notes they wrote in their groups' attendance
 * (one per student and session), newest first, with the student, the circle, the session and the status.
 */
export const coachOwnCommentAnswer = z
  .object({
    /** The attendance record (coachingCircleSignUpSessionId). */
    id,
    coachingCircleCoachId: id,
    coachingCircleId: id,
    coachingCircleName: z.string(),
    session: z.object({ id, sessionNumber: z.number().int().min(1), startDateTime: timestamp, endDateTime: timestamp }).strict(),
    student: z.object({ id, firstName: z.string(), lastName: z.string(), fullName: z.string() }).strict(),
    status: z.enum(AttendanceStatus),
    participation: z.string().nullable(),
    notes: z.string(),
    updatedAt: timestamp,
  })
  .strict();
export type CoachOwnCommentAnswer = z.infer<typeof coachOwnCommentAnswer>;
export const coachOwnCommentPage = page(coachOwnCommentAnswer);
