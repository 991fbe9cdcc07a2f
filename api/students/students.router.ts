import type { Ctx, Deps } from '../common/context';
import { AppError, fieldErrors } from '../common/errors';
import { ownStudent, route } from '../common/route';
import {
  activityLogQuery,
  changeEmailBody,
  filterIdParams,
  mergeBody,
  studentCreateBody,
  studentCriteriaSchema,
  studentEmailParams,
  studentIdParams,
  studentListQuery,
  studentProfileBody,
  studentUpdateBody,
  type StudentInput,
} from './students.schemas';
import * as students from './students.service';
import { studentAnswer, studentPage } from '../../domain/contract/students';
import { activityEntryPage, searchFilterAnswer, sessionAnswer } from '../../domain/contract/people';

/** Staff send the whole editable shape; a student's own token may not touch the staff-only fields. */
function profileInput(ctx: Ctx<unknown, unknown, StudentInput>): StudentInput {
  if (ctx.auth?.kind === 'ADMIN') return ctx.body;
  const result = studentProfileBody.safeParse(ctx.req.body ?? {});
  if (!result.success) throw AppError.badRequest(fieldErrors(result.error));
  return result.data;
}

/** /api/students: the students list, profile, account and merge calls (platform spec §7 "Students"). */
export function studentRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: studentPage,
      summary: 'List students',
      access: 'students:read',
      query: studentListQuery,
      handle: ({ query }) => students.listStudents('students', query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: studentPage,
      summary: 'Search students by criteria',
      access: 'students:read',
      query: studentListQuery,
      body: studentCriteriaSchema,
      handle: ({ query, body }) => students.findStudentsByCriteria('students', query, body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a student',
      access: 'students:create',
      body: studentCreateBody,
      status: 201,
      handle: ({ body, actor }) => students.createStudent(body, actor),
    }),
    route({
      method: 'post',
      path: '/merge',
      summary: 'Merge two students',
      access: 'students:merge',
      body: mergeBody,
      handle: ({ body, actor }) => students.mergeStudents(body.keepId, body.mergeId, actor),
    }),
    route({
      method: 'get',
      path: '/emails/:email',
      answer: studentAnswer,
      summary: 'Find a student by email',
      access: 'students:read',
      params: studentEmailParams,
      handle: ({ params }) => students.getStudentByEmail(params.email),
    }),
    route({
      method: 'get',
      path: '/filters/:id',
      answer: searchFilterAnswer,
      summary: 'One of my saved student filters',
      access: 'students:read',
      params: filterIdParams,
      handle: ({ params, auth }) => students.getStudentFilter(auth!.userId, params.id),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: studentAnswer,
      summary: 'Get a student',
      access: 'students:read',
      self: ownStudent,
      params: studentIdParams,
      handle: ({ params }) => students.getStudent(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a student',
      access: 'students:update',
      self: ownStudent,
      params: studentIdParams,
      body: studentUpdateBody,
      handle: (ctx) => students.updateStudent(ctx.params.id, profileInput(ctx), ctx.actor),
    }),
    route({
      method: 'patch',
      path: '/:id/email',
      summary: "Change a student's sign-in email",
      access: 'students:update',
      self: ownStudent,
      params: studentIdParams,
      body: changeEmailBody,
      handle: ({ params, body, actor }) => students.changeStudentEmail(params.id, body.email, actor),
    }),
    route({
      method: 'put',
      path: '/:id/toggle_active',
      summary: 'Activate or deactivate a student',
      access: 'students:update',
      params: studentIdParams,
      handle: ({ params, actor }) => students.toggleStudentActive(params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/activity_log',
      answer: activityEntryPage,
      summary: "A student's activity log",
      access: 'students:read',
      self: ownStudent,
      params: studentIdParams,
      query: activityLogQuery,
      handle: ({ params, query }) => students.listStudentActivity(params.id, query),
    }),
    route({
      method: 'get',
      path: '/:id/session',
      answer: sessionAnswer,
      summary: "A student's session status",
      access: 'students:read',
      params: studentIdParams,
      handle: ({ params }) => students.studentSession(params.id, deps.config.SESSION_IDLE_MINUTES),
    }),
  ];
}
