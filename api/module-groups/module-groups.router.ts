import type { Deps } from '../common/context';
import { moduleGroups } from './module-groups.service';

/** /api/module_groups: list (by name), create (unique name), delete (when no module uses it). */
export function moduleGroupRoutes(_deps: Deps) {
  return moduleGroups.routes();
}
