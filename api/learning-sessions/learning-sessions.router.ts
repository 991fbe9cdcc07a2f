import type { Deps } from '../common/context';
import { route } from '../common/route';
import { learningSessionAnswer, learningSessionPage, learningSessionSignUpAnswer, learningSessionSignUpPage } from '../../domain/contract/learning-sessions';
import {
  attendanceBody,
  learningSessionBody,
  learningSessionCriteria,
  learningSessionCriteriaQuery,
  learningSessionIdParams,
  learningSessionListQuery,
  signUpBody,
  signUpDeleteQuery,
  signUpIdParams,
  signUpListQuery,
  studentsCsvQuery,
} from './learning-sessions.schemas';
import * as sessions from './learning-sessions.service';
import * as signUps from './sign-ups.service';

/**
 * /api/learning_sessions (platform spec §7 "Learning sessions"; issue 19). Staff need
 * `learning_sessions:read|create|update|delete|publish`; a coach reads their own sessions (another's is
 * 404) and downloads their students; a student reads the published sessions of their active cohorts.
 */
export function learningSessionRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: learningSessionPage,
      summary:
        "Learning sessions (newest first; keyword on title or id; cohortId: that cohort's, 20 a page by default; a coach: their own; a student: published ones of their cohorts)",
      access: 'learning_sessions:read',
      self: () => true,
      query: learningSessionListQuery,
      handle: ({ query, auth }) => sessions.listLearningSessions(query, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: learningSessionPage,
      summary:
        'Search learning sessions (utcOffset: the zone dates and times of day are read in, America/New_York by default; coachId, cohortId, published, startDateTime {from,to}, timeOfDay EARLY_MORNING|MORNING|AFTERNOON|EVENING, types, language)',
      access: 'learning_sessions:read',
      self: () => true,
      query: learningSessionCriteriaQuery,
      body: learningSessionCriteria,
      handle: ({ query, body, auth }) => sessions.findLearningSessions(query, body, auth),
    }),
    route({
      method: 'get',
      path: '/file_export/learning_sessions_students_csv',
      summary: "A learning session's students as CSV (streamed; times in utcOffset, America/New_York by default; a coach: their own sessions)",
      access: 'learning_sessions:read',
      self: ({ auth }) => auth?.kind === 'COACH',
      query: studentsCsvQuery,
      handle: ({ query, auth }) => sessions.studentsCsv(query.learningSessionId, query.utcOffset, auth),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: learningSessionAnswer,
      summary: 'A learning session',
      access: 'learning_sessions:read',
      self: () => true,
      params: learningSessionIdParams,
      handle: ({ params, auth }) => sessions.getLearningSession(params.id, auth),
    }),
    route({
      method: 'post',
      path: '/',
      status: 201,
      answer: learningSessionAnswer,
      summary: 'Create a learning session, unpublished (maxStudents 10 and duration 90 by default; 409 DURATION_LIMIT above 240 minutes)',
      access: 'learning_sessions:create',
      body: learningSessionBody,
      handle: ({ body, actor }) => sessions.createLearningSession(body, actor),
    }),
    route({
      method: 'put',
      path: '/:id',
      answer: learningSessionAnswer,
      summary:
        'Replace a learning session (409 DURATION_LIMIT; LEARNING_SESSION_MAX_BELOW_SIGN_UPS; LEARNING_SESSION_PUBLISH_MISSING when a published one would lose its coach, scope or URL)',
      access: 'learning_sessions:update',
      params: learningSessionIdParams,
      body: learningSessionBody,
      handle: ({ params, body, actor }) => sessions.updateLearningSession(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an unpublished learning session without sign-ups (409 LEARNING_SESSION_PUBLISHED_NOT_DELETED, LEARNING_SESSION_HAS_SIGN_UPS)',
      access: 'learning_sessions:delete',
      params: learningSessionIdParams,
      handle: ({ params, actor }) => sessions.deleteLearningSession(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/publish',
      answer: learningSessionAnswer,
      summary: 'Publish (needs a coach, a scope and a web conference URL: 409 LEARNING_SESSION_PUBLISH_MISSING with details.missing)',
      access: 'learning_sessions:publish',
      params: learningSessionIdParams,
      handle: ({ params, actor }) => sessions.publishLearningSession(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/unpublish',
      answer: learningSessionAnswer,
      summary: 'Unpublish (no new sign-ups; those taken stay)',
      access: 'learning_sessions:publish',
      params: learningSessionIdParams,
      handle: ({ params, actor }) => sessions.unpublishLearningSession(params.id, actor),
    }),
    route({
      method: 'post',
      path: '/:id/clone',
      status: 201,
      answer: learningSessionAnswer,
      summary: 'Clone: an unpublished copy a week later (same scopes, no sign-ups)',
      access: 'learning_sessions:create',
      params: learningSessionIdParams,
      handle: ({ params, actor }) => sessions.cloneLearningSession(params.id, actor),
    }),
  ];
}

/**
 * /api/learning_session_sign_up (back-office spec §7; issue 19). A student signs up, lists and cancels
 * their own; staff with `learning_sessions:read|update` for any student; the session's coach lists its
 * sign-ups and takes attendance.
 */
export function learningSessionSignUpRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: learningSessionSignUpPage,
      summary: 'Sign-ups (learningSessionId, studentId; a student: their own; a coach: those of their sessions)',
      access: 'learning_sessions:read',
      self: () => true,
      query: signUpListQuery,
      handle: ({ query, auth }) => signUps.listSignUps(query, auth),
    }),
    route({
      method: 'post',
      path: '/',
      status: 201,
      answer: learningSessionSignUpAnswer,
      summary:
        'Sign up (a student for themself; staff name studentId): 409 LEARNING_SESSION_NOT_PUBLISHED, TARGET_ALREADY_STARTED, PREVIOUS_SIGNUP_EXISTS, LEARNING_SESSION_NOT_IN_SCOPE, MAX_STUDENTS_REACHED',
      access: 'learning_sessions:update',
      self: ({ auth }) => auth?.kind === 'STUDENT',
      body: signUpBody,
      handle: ({ body, actor, auth }) => signUps.signUp(body, actor, auth),
    }),
    route({
      method: 'put',
      path: '/:id/attendances',
      answer: learningSessionSignUpAnswer,
      summary: "Take attendance (participationStatus ATTENDED is saved as ATTENDED, anything else ABSENT; participation; notes): staff or the session's coach",
      access: 'learning_sessions:update',
      self: ({ auth }) => auth?.kind === 'COACH',
      params: signUpIdParams,
      body: attendanceBody,
      handle: ({ params, body, actor, auth }) => signUps.takeAttendance(params.id, body, actor, auth),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: "Cancel a sign-up (12 hours' notice: 409 LEARNING_SESSION_CANCEL_NOTICE; staff may send validateMinuteDifference=false)",
      access: 'learning_sessions:update',
      self: ({ auth }) => auth?.kind === 'STUDENT',
      params: signUpIdParams,
      query: signUpDeleteQuery,
      handle: ({ params, query, auth }) => signUps.cancelSignUp(params.id, query.validateMinuteDifference, auth),
    }),
  ];
}
