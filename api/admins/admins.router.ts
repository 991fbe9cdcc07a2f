import type { Deps } from '../common/context';
import { route, type AnyRouteSpec } from '../common/route';
import { adminCreateBody, adminCriteriaBody, adminIdParams, adminListQuery, adminUpdateBody } from './admins.schemas';
import * as admins from './admins.service';
import { administratorAnswer, administratorPage } from '../../domain/contract/people';

/** /api/admins: the administrators screen (staff accounts, their roles and sessions). */
export function adminRoutes(deps: Deps): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/',
      answer: administratorPage,
      summary: 'List administrators',
      access: 'admins:read',
      query: adminListQuery,
      handle: ({ query }) => admins.listAdmins(query, deps),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: administratorPage,
      summary: 'Find administrators by criteria',
      access: 'admins:read',
      query: adminListQuery,
      body: adminCriteriaBody,
      handle: ({ query, body }) => admins.listAdmins(query, deps, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: administratorAnswer,
      summary: 'Get an administrator',
      access: 'admins:read',
      params: adminIdParams,
      handle: ({ params }) => admins.getAdmin(params.id, deps),
    }),
    route({
      method: 'post',
      path: '/',
      answer: administratorAnswer,
      summary: 'Create an administrator (invited when no password is given)',
      access: 'admins:create',
      body: adminCreateBody,
      status: 201,
      handle: ({ body, actor }) => admins.createAdmin(body, actor, deps),
    }),
    route({
      method: 'put',
      path: '/:id',
      answer: administratorAnswer,
      summary: 'Update an administrator',
      access: 'admins:update',
      params: adminIdParams,
      body: adminUpdateBody,
      handle: ({ params, body, actor }) => admins.updateAdmin(params.id, body, actor, deps),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an administrator',
      access: 'admins:delete',
      params: adminIdParams,
      handle: ({ params, actor }) => admins.deleteAdmin(params.id, actor),
    }),
    route({
      method: 'post',
      path: '/:id/logout',
      summary: "End an administrator's sessions",
      access: 'admins:logout',
      params: adminIdParams,
      status: 204,
      handle: ({ params, actor }) => admins.logoutAdmin(params.id, actor),
    }),
  ];
}
