import type { Deps } from '../common/context';
import { route } from '../common/route';
import { moduleGroupBody, moduleGroupListQuery, moduleGroupParams } from './module-groups.schemas';
import * as groups from './module-groups.service';

/** /api/module_groups: list (by name), create (unique name), delete (when no module uses it). */
export function moduleGroupRoutes(_deps: Deps) {
  return [
    route({ method: 'get', path: '/', summary: 'List module groups (by name, 100 a page)', access: 'programs:read', query: moduleGroupListQuery, handle: ({ query }) => groups.listModuleGroups(query) }),
    route({ method: 'post', path: '/', summary: 'Create a module group (409 MODULE_GROUP_NAME_TAKEN)', access: 'programs:create', body: moduleGroupBody, status: 201, handle: ({ body, actor }) => groups.createModuleGroup(body, actor) }),
    route({ method: 'delete', path: '/:id', summary: 'Delete a module group (409 MODULE_GROUP_IN_USE)', access: 'programs:delete', params: moduleGroupParams, handle: ({ params, actor }) => groups.deleteModuleGroup(params.id, actor) }),
  ];
}
