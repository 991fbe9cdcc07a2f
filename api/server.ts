import { createApp } from './app';
import { createDeps, ensureFirstAdmin } from './bootstrap';
import { createLogger } from './common/logger';
import { loadConfig } from './config';
import { Student } from '../models';
import { gatewayFor } from './integrations/gateway';
import { seedDemo } from '../seeders/demo';

/** config → database → migrations → first admin → demo data if empty → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const deps = await createDeps(config, log);
  await ensureFirstAdmin(config, log);
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
  const stop = async () => {
    server.close();
    await deps.sequelize.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
