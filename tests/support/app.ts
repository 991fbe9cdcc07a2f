import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import mysql from 'mysql2/promise';
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
export async function setupApp(env: Record<string, string> = {}, opts: { ownDatabase?: boolean } = {}): Promise<TestApp> {
  let file: string | null = null;
  let url = process.env.TEST_DATABASE_URL;
  let dropOwn: (() => Promise<void>) | null = null;
  if (url && opts.ownDatabase) {
    // A suite that takes tables down (migrations) must not do it under the other suites' rows: a database of its own, dropped after.
    const own = await ownDatabase(url);
    url = own.url;
    dropOwn = own.drop;
  }
  if (!url) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hci-test-')), 'test.sqlite');
    url = `sqlite:${file}`;
    // Already migrated (tests/support/sqlite-template.ts); createDeps' migrate finds nothing to do.
    const template = process.env.HCI_TEST_SQLITE_TEMPLATE;
    if (template) fs.copyFileSync(template, file);
  }
  // Each app its own file store, removed with it.
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hci-files-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: url, SEED_DEMO: 'false', STORAGE_DIR: storageDir, ...env });
  const deps = await createDeps(config, createLogger(config.LOG_LEVEL));
  return {
    app: createApp(deps),
    deps,
    async close() {
      await deps.sequelize.close();
      await dropOwn?.();
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database beside TEST_DATABASE_URL's on the same server (MariaDB/MySQL), and how to drop it. */
async function ownDatabase(shared: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const parsed = new URL(shared);
  const name = `${parsed.pathname.replace(/^\//, '')}_own_${process.pid}`.slice(0, 64);
  parsed.pathname = '';
  const server = parsed.toString().replace(/\/+$/, '');
  const connection = await mysql.createConnection(server);
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return {
    url: `${server}/${name}`,
    async drop() {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
