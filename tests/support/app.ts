import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/bootstrap';
import type { Deps } from '../../api/common/context';
import { createLogger } from '../../api/common/logger';
import { loadConfig } from '../../api/config';

export interface TestApp {
  app: Express;
  deps: Deps;
  close(): Promise<void>;
}

/**
 * A migrated database and the app over it. SQLite: a fresh file per test file. MariaDB/MySQL:
 * TEST_DATABASE_URL (a fresh database per CI run); tests make their own rows and never assume an empty table.
 */
export async function setupApp(env: Record<string, string> = {}): Promise<TestApp> {
  let file: string | null = null;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hci-test-')), 'test.sqlite');
    url = `sqlite:${file}`;
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: url, SEED_DEMO: 'false', ...env });
  const deps = await createDeps(config, createLogger(config.LOG_LEVEL));
  return {
    app: createApp(deps),
    deps,
    async close() {
      await deps.sequelize.close();
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}
