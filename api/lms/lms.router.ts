import { z } from 'zod';
import { id } from '../../models/validation';
import type { Ctx, Deps } from '../common/context';
import { route } from '../common/route';
import { lmsConnectionAnswer, lmsConnectionPage, lmsEnrollmentAnswer, lmsEnrollmentPage, lmsSignInAnswer, lmsSyncRunPage } from '../../domain/contract/lms';
import { d2lAuthBody, lmsConnectionBody, lmsEnrollmentListQuery, lmsIdParams, lmsListQuery, syncRunListQuery } from './lms.schemas';
import * as connections from './connections.service';
import * as runs from './sync-runs';
import * as lmsEnrollments from './enrollments';
import { studentSignIn } from './sso';

const enrollmentParams = z.object({ id: id(), enrollmentId: id() }).strict();
const studentParams = z.object({ id: id() }).strict();

/**
 * /api/lms_connection (platform spec §7 "Learning-system connections"; issue 21): every staff role
 * reads (`lms:read`); ACADEMIC and SUPER_ADMIN create, change, test, authorize and remove
 * (`lms:create|update|delete`). The sync runs and LMS enrollments of a connection are read here.
 */
export function lmsRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List learning-system connections (keyword on the name; vendor and status filters; secrets masked)',
      access: 'lms:read',
      query: lmsListQuery,
      answer: lmsConnectionPage,
      handle: ({ query }) => connections.listConnections(deps, query),
    }),
    route({
      method: 'post',
      path: '/',
      summary: "Create a connection with its vendor's properties; its credentials are checked (status CONNECTED only when they work)",
      access: 'lms:create',
      body: lmsConnectionBody,
      status: 201,
      answer: lmsConnectionAnswer,
      handle: ({ body, actor }) => connections.createConnection(deps, body, actor),
    }),
    route({
      method: 'post',
      path: '/d2l_auth',
      summary: "D2L's OAuth 2 callback (the console's /d2l-auth posts the code and state): the code is traded for tokens and checked",
      access: 'lms:update',
      body: d2lAuthBody,
      answer: lmsConnectionAnswer,
      handle: ({ body, actor }) => connections.authorizeD2l(deps, body.code, body.state, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'Get a learning-system connection (secrets masked)',
      access: 'lms:read',
      params: lmsIdParams,
      answer: lmsConnectionAnswer,
      handle: ({ params }) => connections.getConnection(deps, params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a connection (a secret left out or sent back masked is kept; new credentials are checked)',
      access: 'lms:update',
      params: lmsIdParams,
      body: lmsConnectionBody,
      answer: lmsConnectionAnswer,
      handle: ({ params, body, actor }) => connections.updateConnection(deps, params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: "Remove a connection (409 while a cohort syncs through it: 'A connection in use by cohorts cannot be removed')",
      access: 'lms:delete',
      params: lmsIdParams,
      handle: ({ params, actor }) => connections.deleteConnection(deps, params.id, actor),
    }),
    route({
      method: 'post',
      path: '/:id/test',
      summary: "Check the connection's credentials against its LMS now (renewing the token when it must)",
      access: 'lms:update',
      params: lmsIdParams,
      answer: lmsConnectionAnswer,
      handle: ({ params, actor }) => connections.testConnection(deps, params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/sync_runs',
      summary: 'The sync runs through a connection, newest first (kind, program or cohort, dry run, counts, outcome, who and when)',
      access: 'lms:read',
      params: lmsIdParams,
      query: syncRunListQuery,
      answer: lmsSyncRunPage,
      handle: ({ params, query }) => runs.listSyncRuns(params.id, query),
    }),
    route({
      method: 'get',
      path: '/:id/enrollments',
      summary: "The students' enrollments in the connection's LMS, newest first (action, status, attempts, last error)",
      access: 'lms:read',
      params: lmsIdParams,
      query: lmsEnrollmentListQuery,
      answer: lmsEnrollmentPage,
      handle: ({ params, query }) => lmsEnrollments.listConnectionEnrollments(params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/enrollments/:enrollmentId/retry',
      summary: "Deliver a student's LMS enrollment again now (its attempt and outcome recorded on it)",
      access: 'lms:update',
      params: enrollmentParams,
      answer: lmsEnrollmentAnswer,
      handle: ({ params, actor }) => lmsEnrollments.retryEnrollment(deps, params.id, params.enrollmentId, actor),
    }),
  ];
}

const ownStudent = (ctx: Ctx<{ id: number }, unknown, unknown>) => ctx.auth?.studentId === ctx.params.id;

/** /api/students/{id}/sso and /lms_enrollments (issue 21). */
export function studentLmsRoutes(deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/:id/sso',
      summary: "A short-lived sign-in link into the LMS of the student's class (the student for themselves; staff with students:read); 409 when their class has no LMS",
      access: 'students:read',
      self: ownStudent,
      params: studentParams,
      answer: lmsSignInAnswer,
      handle: ({ params }) => studentSignIn(deps, params.id),
    }),
    route({
      method: 'get',
      path: '/:id/lms_enrollments',
      summary: "The student's enrollments in learning systems and their delivery (status, attempts, last error)",
      access: 'lms:read',
      params: studentParams,
      query: lmsEnrollmentListQuery,
      answer: lmsEnrollmentPage,
      handle: ({ params, query }) => lmsEnrollments.listStudentEnrollments(params.id, query),
    }),
  ];
}
