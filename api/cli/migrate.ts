import { connectDatabase } from '../bootstrap';
import { createLogger } from '../common/logger';
import { loadConfig } from '../config';

/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */
const config = loadConfig();
connectDatabase(config, createLogger(config.LOG_LEVEL))
  .then(async (sequelize) => {
    await sequelize.close();
    console.log('migrations applied');
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
