import { createApp } from './app';
import { createDeps, ensureFirstAdmin } from './bootstrap';
import { createLogger } from './common/logger';
import { loadConfig } from './config';
import { Student } from '../models';
import { gatewayFor } from './integrations/gateway';
import { crmIdle } from './integrations/crm';
import { Scheduler } from './jobs/scheduler';
import { seedDemo } from '../seeders/demo';

/** config → database → migrations → first admin → demo data if empty → listen → the job scheduler. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const deps = await createDeps(config, log);
  await ensureFirstAdmin(config, log);
  // Scheduled jobs (api/jobs): in this process unless JOBS_ENABLED=false; /api/health reports it either way.
  const scheduler = config.JOBS_ENABLED ? new Scheduler(deps) : null;
  deps.scheduler = scheduler ?? { status: () => ({ state: 'off', owner: '', schedules: 0, running: 0, lastReloadAt: null }), reload: async () => undefined };
  // Before the demo data: the app installs the domain events' handlers the seeders' status changes raise to.
  const app = createApp(deps);
  if (config.SEED_DEMO && (await Student.count()) === 0) {
    log.info('seeding demo data');
    // Through the gateway the app uses (the same instance: gatewayFor is memoised per configuration).
    await seedDemo({ password: config.DEMO_PASSWORD, rounds: config.BCRYPT_ROUNDS, gateway: gatewayFor(config) });
  }
  const server = app.listen(config.PORT, () => {
    log.info({ port: config.PORT, url: config.PUBLIC_URL, database: config.DATABASE_URL.split(':')[0] }, 'serving');
  });
  await scheduler?.start();

  // Graceful shutdown: health answers 503 'stopping' at once; no new job runs; runs in flight get the
  // grace (then are handed over to another process through their lapsed lease); the server stops
  // accepting connections and finishes the requests in flight (idle keep-alive connections closed);
  // then the pool is closed. A second signal, or the grace passed twice, exits at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    log.info({ signal, graceMs }, 'shutting down');
    setTimeout(
      () => {
        log.warn('shutdown took too long: exiting');
        process.exit(1);
      },
      graceMs * 2 + 5000,
    ).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forceClose = setTimeout(() => server.closeAllConnections(), graceMs);
    forceClose.unref();
    await Promise.all([scheduler?.stop(graceMs), closed]);
    clearTimeout(forceClose);
    await crmIdle().catch(() => undefined);
    deps.mailer.close?.();
    await deps.sequelize.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
