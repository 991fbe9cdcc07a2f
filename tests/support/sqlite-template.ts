/**
 * Jest globalSetup of the API project: on SQLite (no TEST_DATABASE_URL) the migrations run once, into
 * a template file, and each test file's database starts as a copy of it (tests/support/app.ts) —
 * migrating ~100 fresh files took 2–4 s of CPU each, a fifth of `npm test`. The copy is then
 * migrated as usual, which finds nothing to do. MariaDB is migrated once per run by with-mariadb.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './env';
import { createSequelize, initModels } from '../../models';
import { migrate } from '../../models/migrator';

export const TEMPLATE_ENV = 'HCI_TEST_SQLITE_TEMPLATE';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL || process.env[TEMPLATE_ENV]) return;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hci-template-')), 'template.sqlite');
  const sequelize = createSequelize(`sqlite:${file}`);
  initModels(sequelize);
  await migrate(sequelize);
  await sequelize.close();
  // The workers jest starts next inherit this process's environment.
  process.env[TEMPLATE_ENV] = file;
}
