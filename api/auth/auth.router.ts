import type { Deps } from '../common/context';
import type { RouteSpec } from '../common/route';

export function authRoutes(_deps: Deps): Array<RouteSpec<any, any, any>> {
  return [];
}
