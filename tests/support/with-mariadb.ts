/**
 * `npm run test:mysql`: runs the API suite against MariaDB/MySQL in a fresh database that is
 * dropped afterwards. MYSQL_URL points at the server (default mysql://root@127.0.0.1:3306).
 */
import { spawnSync } from 'node:child_process';
import mysql from 'mysql2/promise';
import { createSequelize, initModels } from '../../models';
import { migrate } from '../../models/migrator';

async function main(): Promise<number> {
  const server = (process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
  const database = `hci_test_${Date.now().toString(36)}_${process.pid}`;
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection(server);
  } catch (err) {
    console.error(`MariaDB is not reachable at ${server.replace(/\/\/[^@]*@/, '//***@')}: ${(err as Error).message}`);
    return 2;
  }
  await connection.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  console.log(`API suite on MariaDB, database ${database}`);
  try {
    // Migrate once before the suites: on MariaDB the DDL takes seconds, and suites must not race to run it.
    const sequelize = createSequelize(`${server}/${database}`);
    initModels(sequelize);
    await migrate(sequelize);
    await sequelize.close();
    const run = spawnSync('npx', ['jest', '--runInBand', ...process.argv.slice(2), '--selectProjects', 'api'], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: `${server}/${database}` },
    });
    return run.status ?? 1;
  } finally {
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
