import { z } from 'zod';
import { Messages } from '../../models/messages';
import { booleanish, id } from '../../models/validation';
import { isTimeZone } from '../../domain/rules/circle-sign-ups';
import { pagingQuery, type PagingQuery } from '../common/list';

/** An IANA time zone (the schedule's wall clock), e.g. America/Chicago. */
export const timeZone = () => z.string().trim().max(64).refine(isTimeZone, Messages.INVALID_VALUE);

export const signUpSortable = { id: 'id', ID: 'id', createdAt: 'createdAt', CREATED_AT: 'createdAt', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' };

/**
 * GET /coaching_circle_sign_up: paged, newest first; staff filter by circle, group or student (keyword:
 * the student's name or email); `timeZone` for the sessions' wall clock (default the student's, else
 * America/New_York); `includeLeft` also lists sign-ups the student left (kept as history).
 */
export const signUpListQuery = pagingQuery(
  { sortable: signUpSortable, defaultDescending: true },
  {
    coachingCircleId: id().optional(),
    coachingCircleCoachId: id().optional(),
    studentId: id().optional(),
    timeZone: timeZone().optional(),
    includeLeft: booleanish().default(false),
  },
);
export type SignUpListQuery = PagingQuery & {
  coachingCircleId?: number;
  coachingCircleCoachId?: number;
  studentId?: number;
  timeZone?: string;
  includeLeft: boolean;
};

export const signUpIdParams = z.object({ id: id() }).strict();
export const signUpGetQuery = z.object({ timeZone: timeZone().optional() }).strict();

/** POST /coaching_circle_sign_up: the group (a coach of a circle); staff name the student, a student signs up themself. */
export const signUpBody = z.object({ coachingCircleCoachId: id(), studentId: id().optional() }).strict();
export type SignUpInput = z.output<typeof signUpBody>;

/** PATCH /coaching_circle_sign_up/{id}: the group to move to. */
export const switchBody = z.object({ coachingCircleCoachId: id() }).strict();

/** PATCH and DELETE: `validateMinuteDifference` (true by default) — the 12 hours' notice; only staff may send false. */
export const noticeQuery = z.object({ validateMinuteDifference: booleanish().default(true), timeZone: timeZone().optional() }).strict();

/** GET /students/{id}/coaching_circles?timeZone=. */
export const availableQuery = z.object({ timeZone: timeZone().optional() }).strict();
export const studentIdParams = z.object({ id: id() }).strict();
