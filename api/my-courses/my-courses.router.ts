import { z } from 'zod';
import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { id } from '../../models/validation';
import { AppError } from '../common/errors';
import { bookmark, listCourseModules, unbookmark } from './my-courses.service';

const studentParams = z.object({ id: id() });
const moduleParams = z.object({ id: id(), moduleId: id() });
const query = z.object({ keyword: z.string().trim().max(100).optional(), moduleGroupId: id().optional(), bookmarked: z.enum(['true', 'false']).optional() }).strict();

/** /api/students/{id}/course_modules… (issue 21, My courses): the student's own (staff: students:read to look). */
export function myCoursesRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/course_modules',
      summary: "The modules of the student's cohorts (keyword on the title, moduleGroupId, bookmarked true|false), each with its group and bookmark",
      access: 'students:read',
      self: ownStudent,
      params: studentParams,
      query,
      handle: ({ params, query: q }) => listCourseModules(params.id, q),
    }),
    route({
      method: 'put',
      path: '/:id/course_modules/:moduleId/bookmark',
      summary: 'Bookmark a module of one of the student’s cohorts (the student only; idempotent)',
      access: 'authenticated',
      self: ownStudent,
      params: moduleParams,
      status: 204,
      handle: async (ctx) => {
        if (ctx.auth?.studentId !== ctx.params.id) throw AppError.forbidden();
        await bookmark(ctx.params.id, ctx.params.moduleId);
      },
    }),
    route({
      method: 'delete',
      path: '/:id/course_modules/:moduleId/bookmark',
      summary: 'Remove a bookmark (the student only; idempotent)',
      access: 'authenticated',
      self: ownStudent,
      params: moduleParams,
      handle: async (ctx) => {
        if (ctx.auth?.studentId !== ctx.params.id) throw AppError.forbidden();
        await unbookmark(ctx.params.id, ctx.params.moduleId);
      },
    }),
  ];
}
