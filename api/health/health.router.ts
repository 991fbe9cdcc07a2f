import type { Deps } from '../common/context';
import { route } from '../common/route';

/** GET /api/health: the database answers and migrations have run. */
export function healthRoutes(deps: Deps) {
  return [
    route({
      method: 'get', path: '/health', summary: 'Liveness and database check', access: 'public',
      handle: async () => {
        await deps.sequelize.query('SELECT 1');
        return { status: 'ok', db: 'ok' };
      },
    }),
  ];
}
