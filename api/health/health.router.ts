import type { Deps } from '../common/context';
import { route } from '../common/route';

/**
 * GET /api/health: the database answers and migrations have run, and the job scheduler of this process
 * (api/jobs/scheduler.ts): `running` with its owner, schedules and runs in flight; `stopping` during a
 * graceful shutdown (the answer is then 503, so a balancer stops sending requests); `off` when this
 * process does not schedule jobs (JOBS_ENABLED=false). A database that does not answer is a 500.
 * An app without a server (createApp alone: tests, scripts) answers without `scheduler`.
 */
export function healthRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/health',
      summary: 'Liveness: the database and the job scheduler',
      access: 'public',
      handle: async ({ res }) => {
        await deps.sequelize.query('SELECT 1');
        const scheduler = deps.scheduler?.status() ?? null;
        const stopping = scheduler?.state === 'stopping';
        // An app made without the server (createApp in tests, scripts) has no scheduler to report.
        const body = {
          status: stopping ? 'stopping' : 'ok',
          db: 'ok',
          ...(scheduler ? { scheduler: scheduler.state === 'off' ? { state: 'off' } : scheduler } : {}),
        };
        if (!stopping) return body;
        res.status(503).json(body);
        return undefined;
      },
    }),
  ];
}
