import type { ZodType } from 'zod';
import type { Ctx, Deps } from '../common/context';
import { AppError, fieldErrors } from '../common/errors';
import { route } from '../common/route';
import { scheduleDelivery } from '../integrations/crm';
import { registerApplicationArchiveGuards } from './archive-guards';
import {
  applicationCohortsQuery,
  applicationCreateBody,
  applicationCriteriaQuery,
  applicationCriteriaSchema,
  applicationIdParams,
  applicationListQuery,
  applicationSearchQuery,
  applicationUpdateBody,
  progressBody,
  statusQuery,
  studentCreateBody,
  studentIdParams,
  studentUpdateBody,
  type ApplicationListQuery,
} from './applications.schemas';
import * as applications from './applications.service';
import { applicationOptions } from './options';
import {
  applicationAnswer,
  applicationCohortPage,
  applicationIssuedPlanAnswer,
  applicationOptionsAnswer,
  applicationPage,
  progressAnswer,
  statusMovesAnswer,
} from '../../domain/contract/applications';

const own = applications.ownApplication;

const anyStudent = (ctx: Ctx<unknown, unknown, unknown>) => Boolean(ctx.auth?.studentId);

/** A student's body is held to the narrower schema (the staff-only keys are unknown fields for them). */
function studentBody<T>(ctx: Ctx<unknown, unknown, T>, schema: ZodType): T {
  if (ctx.auth?.kind === 'ADMIN') return ctx.body;
  const result = schema.safeParse(ctx.req.body ?? {});
  if (!result.success) throw AppError.badRequest(fieldErrors(result.error));
  return ctx.body;
}

/**
 * /api/applications (back-office spec §7 "Applications", platform spec §2 enrollment steps): lists,
 * create, read, update, options, progress, the status machine, plans and classes. Staff need
 * applications:read/create/update/status; a signed-in student reaches their own applications
 * (students may create one for themselves and move it only CREATED → APPLIED | CANCELLED).
 */
export function applicationRoutes(deps: Deps) {
  registerApplicationArchiveGuards();
  /** Runs a status-changing handler, then sends the CRM notifications it queued (in the background, after the commit). */
  const thenDeliver = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    scheduleDelivery(deps);
    return result;
  };
  return [
    route({
      method: 'get',
      path: '/',
      answer: applicationPage,
      summary: 'List applications (staff: all, `migrated` and `statuses` optional; a student: their own, size up to 200)',
      access: 'applications:read',
      self: () => true,
      query: applicationListQuery,
      handle: ({ query, auth }) => applications.listApplications(query as ApplicationListQuery, auth),
    }),
    route({
      method: 'get',
      path: '/search',
      answer: applicationPage,
      summary: 'Quick search of applications by id or student name/email (size 10)',
      access: 'applications:read',
      query: applicationSearchQuery,
      handle: ({ query }) => applications.searchApplications(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: applicationPage,
      summary: 'Search applications by the applications filter',
      access: 'applications:read',
      query: applicationCriteriaQuery,
      body: applicationCriteriaSchema,
      handle: ({ query, body }) => applications.findApplicationsByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/summary',
      summary: 'Count the applications the filter matches, per status',
      access: 'applications:read',
      body: applicationCriteriaSchema,
      handle: ({ body }) => applications.applicationsSummary(body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create an application (staff: for a student; a student: `{ productId }` for themselves)',
      access: 'applications:create',
      self: anyStudent,
      body: applicationCreateBody,
      status: 201,
      handle: (ctx) => applications.createApplication(studentBody(ctx, studentCreateBody), ctx.auth!, ctx.actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: applicationAnswer,
      summary: 'Get an application',
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      handle: ({ params }) => applications.getApplication(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: "Update an application's choices (classes, plan, card, document; staff also source, opportunity id, migrated)",
      access: 'applications:update',
      self: own,
      params: applicationIdParams,
      body: applicationUpdateBody,
      handle: (ctx) => applications.updateApplication(ctx.params.id, studentBody(ctx, studentUpdateBody), ctx.auth!, ctx.actor),
    }),
    route({
      method: 'get',
      path: '/:id/options',
      answer: applicationOptionsAnswer,
      summary: 'The classes per program and the payment plans (with a schedule preview) an application may choose',
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      handle: ({ params }) => applicationOptions(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/progress',
      answer: progressAnswer,
      summary: 'Mark an enrollment-flow step complete (after checking it) and answer the flow',
      access: 'applications:update',
      self: own,
      params: applicationIdParams,
      body: progressBody,
      handle: ({ params, body, auth, actor }) => thenDeliver(applications.recordProgress(deps, params.id, body.step, auth!, actor)),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      summary: 'Move an application along the status machine (students: submit or cancel their own CREATED application)',
      access: 'applications:status',
      self: own,
      params: applicationIdParams,
      query: statusQuery,
      handle: ({ params, query, auth, actor }) => thenDeliver(applications.patchStatus(deps, params.id, query.status, auth!, actor)),
    }),
    route({
      method: 'get',
      path: '/:id/status_moves',
      answer: statusMovesAnswer,
      summary:
        'The staff moves from the current status (machine order), each with `allowed` and, when not, the code and message the status call would refuse with; `emailsStudent`, `preparesAgreement`, and where the email and the CRM notification go (`delivery`)',
      access: 'applications:status',
      params: applicationIdParams,
      handle: ({ params }) => applications.getStatusMoves(deps, params.id),
    }),
    route({
      method: 'get',
      path: '/:id/payment_plans',
      answer: applicationIssuedPlanAnswer.array(),
      summary: "An application's student payment plans with their schedules",
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      handle: ({ params }) => applications.listApplicationPlans(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/application_cohorts',
      answer: applicationCohortPage,
      summary: 'The classes an application chose (one per program; size 200)',
      access: 'applications:read',
      self: own,
      params: applicationIdParams,
      query: applicationCohortsQuery,
      handle: ({ params, query }) => applications.listApplicationCohorts(params.id, query),
    }),
  ];
}

/** /api/students/{id}/application_cohorts: the classes a student chose over all their applications (own; size 200). */
export function studentApplicationRoutes(_deps: Deps) {
  const self = (ctx: Ctx<{ id: number }, unknown, unknown>) => ctx.auth?.studentId === ctx.params.id;
  return [
    route({
      method: 'get',
      path: '/:id/application_cohorts',
      answer: applicationCohortPage,
      summary: 'The classes a student chose over all their applications (size 200)',
      access: 'applications:read',
      self,
      params: studentIdParams,
      query: applicationCohortsQuery,
      handle: ({ params, query }) => applications.listStudentApplicationCohorts(params.id, query),
    }),
  ];
}
