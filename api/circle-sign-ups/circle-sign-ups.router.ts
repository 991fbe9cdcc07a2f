import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { availableCirclesAnswer, circleSignUpAnswer, circleSignUpPage } from '../../domain/contract/circle-sign-ups';
import {
  availableQuery,
  noticeQuery,
  signUpBody,
  signUpGetQuery,
  signUpIdParams,
  signUpListQuery,
  studentIdParams,
  switchBody,
  type SignUpListQuery,
} from './circle-sign-ups.schemas';
import * as signUps from './circle-sign-ups.service';

/**
 * /api/coaching_circle_sign_up (issue 19; the spec lists no student call for circles, so these are ours,
 * shaped like the learning-session sign-ups: GET, POST, DELETE …/{id}?validateMinuteDifference=). Staff
 * need `coaching_circles:read` to read and `coaching_circles:update` to sign a student up, switch or
 * remove; a student reaches only their own sign-ups (others 404) and a coach reads their groups'.
 */
export function circleSignUpRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: circleSignUpPage,
      summary:
        "Coaching circle sign-ups with circle, group (coach) and schedule in the asked time zone (newest first; staff filter by coachingCircleId, coachingCircleCoachId, studentId, keyword on the student; a student: their own; a coach: their groups')",
      access: 'coaching_circles:read',
      self: () => true,
      query: signUpListQuery,
      handle: ({ query, auth }) => signUps.listSignUps(query as SignUpListQuery, auth),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: circleSignUpAnswer,
      summary: 'A coaching circle sign-up with its attendance records (a student: their own; a coach: their groups)',
      access: 'coaching_circles:read',
      self: () => true,
      params: signUpIdParams,
      query: signUpGetQuery,
      handle: ({ params, query, auth }) => signUps.getSignUp(params.id, query.timeZone, auth),
    }),
    route({
      method: 'post',
      path: '/',
      status: 201,
      answer: circleSignUpAnswer,
      summary:
        "Sign a student up for a coach's group of a published circle (a student: themself; staff: studentId), one PENDING attendance record per future session (409 CIRCLE_NOT_PUBLISHED, CIRCLE_SIGN_UP_CLOSED, PREVIOUS_SIGNUP_EXISTS, NOT_IN_CIRCLE_COHORT, ENROLLMENT_DATE_OUT_OF_RANGE, MAX_STUDENTS_REACHED)",
      access: 'coaching_circles:update',
      self: ({ auth }) => auth?.kind === 'STUDENT',
      body: signUpBody,
      handle: ({ body, actor, auth }) => signUps.createSignUp(body, actor, auth),
    }),
    route({
      method: 'patch',
      path: '/:id',
      answer: circleSignUpAnswer,
      summary:
        "Switch to another group of the same circle or of a circle of the same type; 12 hours' notice before the next session (staff may send validateMinuteDifference=false); future PENDING records move (409 CIRCLE_NOTICE_REQUIRED, TARGET_ALREADY_STARTED, MAX_STUDENTS_REACHED, PREVIOUS_SIGNUP_EXISTS, CIRCLE_NOT_PUBLISHED, CIRCLE_SWITCH_OTHER_TYPE)",
      access: 'coaching_circles:update',
      self: ({ auth }) => auth?.kind === 'STUDENT',
      params: signUpIdParams,
      query: noticeQuery,
      body: switchBody,
      handle: ({ params, query, body, actor, auth }) => signUps.switchSignUp(params.id, body.coachingCircleCoachId, query.validateMinuteDifference, query.timeZone, actor, auth),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary:
        "Leave a circle: 12 hours' notice before the next session unless staff send validateMinuteDifference=false; future PENDING records removed, a sign-up with taken or past records kept as history (409 CIRCLE_NOTICE_REQUIRED)",
      access: 'coaching_circles:update',
      self: ({ auth }) => auth?.kind === 'STUDENT',
      params: signUpIdParams,
      query: noticeQuery,
      handle: ({ params, query, actor, auth }) => signUps.deleteSignUp(params.id, query.validateMinuteDifference, actor, auth),
    }),
  ];
}

/** /api/students/{id}/coaching_circles: what a student may join (the student themself, or staff). */
export function studentCircleRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/coaching_circles',
      answer: availableCirclesAnswer,
      summary:
        "The published coaching circles of the student's ACTIVE enrollments' cohorts still ahead (and those they are in): groups with coach and free seats, sessions in the asked time zone (default the student's, else America/New_York)",
      access: 'coaching_circles:read',
      self: ownStudent,
      params: studentIdParams,
      query: availableQuery,
      handle: ({ params, query }) => signUps.availableCircles(params.id, query.timeZone),
    }),
  ];
}
