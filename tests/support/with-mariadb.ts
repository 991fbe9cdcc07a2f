/**
 * `npm run test:mysql`: runs the API suite against MariaDB/MySQL, each jest worker in a fresh
 * database of its own, dropped afterwards. MYSQL_URL points at the server (default mysql://root@127.0.0.1:3306).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createSequelize, initModels } from '../../models';
import { migrate } from '../../models/migrator';

/** Jest workers of the pass, each with a database of its own (MARIADB_TEST_WORKERS, default 2). */
const WORKERS = Math.max(1, Number(process.env.MARIADB_TEST_WORKERS ?? 2) || 1);

async function main(): Promise<number> {
  const server = (process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
  const prefix = `hci_test_${Date.now().toString(36)}_${process.pid}`;
  const databases = Array.from({ length: WORKERS }, (_, i) => `${prefix}_w${i + 1}`);
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection(server);
  } catch (err) {
    console.error(`MariaDB is not reachable at ${server.replace(/\/\/[^@]*@/, '//***@')}: ${(err as Error).message}`);
    return 2;
  }
  console.log(`API suite on MariaDB, ${WORKERS} worker(s), databases ${prefix}_w1…${WORKERS}`);
  try {
    // Migrate before the suites: on MariaDB the DDL takes seconds, and suites must not race to run it.
    // Each jest worker runs its suites one after the other in its own database (tests/support/env.ts),
    // so a job suite never acts on another suite's rows while that one runs.
    await Promise.all(
      databases.map(async (database) => {
        await connection.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        const sequelize = createSequelize(`${server}/${database}`);
        initModels(sequelize);
        await migrate(sequelize);
        await sequelize.close();
      }),
    );
    const args = process.argv.slice(2);
    const run = spawnSync('npx', ['jest', `--maxWorkers=${WORKERS}`, ...args, ...(args.some((a) => !a.startsWith('-')) ? [] : skipWithoutDatabase()), '--selectProjects', 'api'], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL_PREFIX: `${server}/${prefix}` },
    });
    return run.status ?? 1;
  } finally {
    for (const database of databases) await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection.end();
  }
}

/**
 * The whole pass skips the suites marked `@database none` in their first line (pure code: money, the
 * schedule and transfer engines, state machines, rendering, the gateways' fakes): on MariaDB they
 * would run the very same code again. Named explicitly, they run.
 */
function skipWithoutDatabase(): string[] {
  const dir = path.join(__dirname, '..', 'api');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts') && fs.readFileSync(path.join(dir, file), 'utf8').split('\n', 1)[0]!.includes('@database none'))
    .flatMap((file) => ['--testPathIgnorePatterns', `/tests/api/${file.replace(/\./g, '\\.')}$`]);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
