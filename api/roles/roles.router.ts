import type { Deps } from '../common/context';
import { route } from '../common/route';
import { roleBody, roleIdParams, roleListQuery } from './roles.schemas';
import * as roles from './roles.service';
import { permissionCatalogueAnswer, roleAnswer, rolePage } from '../../domain/contract/people';

/** /api/roles: the roles screen (permission editor). */
export function roleRoutes(_deps: Deps) {
  return [
    route({ method: 'get', path: '/', answer: rolePage, summary: 'List roles', access: 'roles:read', query: roleListQuery, handle: ({ query }) => roles.listRoles(query) }),
    route({
      method: 'get',
      path: '/permissions',
      answer: permissionCatalogueAnswer,
      summary: 'The permission catalogue',
      access: 'roles:read',
      handle: () => roles.permissionCatalogue(),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: roleAnswer,
      summary: 'Get a role',
      access: 'roles:read',
      params: roleIdParams,
      handle: async ({ params }) => roles.roleDto(await roles.getRole(params.id)),
    }),
    route({
      method: 'post',
      path: '/',
      answer: roleAnswer,
      summary: 'Create a role',
      access: 'roles:create',
      body: roleBody,
      status: 201,
      handle: ({ body, actor }) => roles.createRole(body, actor),
    }),
    route({
      method: 'put',
      path: '/:id',
      answer: roleAnswer,
      summary: 'Update a role',
      access: 'roles:update',
      params: roleIdParams,
      body: roleBody,
      handle: ({ params, body, actor }) => roles.updateRole(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a role',
      access: 'roles:delete',
      params: roleIdParams,
      handle: ({ params, actor }) => roles.deleteRole(params.id, actor),
    }),
  ];
}
