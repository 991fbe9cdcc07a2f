/**
 * `npm run bench:exports`: the students_csv export of 1M students on MariaDB (issue 20: ≥ 100k rows/s,
 * peak RSS ≤ 250 MB). The export runs as the FILE_EXPORT job runs it (api/exports/export-job.ts
 * runExport: COUNT, then keyset pages of raw rows through csv-stringify into storage, progress and the
 * lease written as it goes, the StoredFile and COMPLETED in one transaction) into a local storage folder
 * in the system's temp folder (removed after). Students missing from the bench database are added first
 * by the bulk seeder (seeders/bulk.ts; about 85 % of its learners are students); the seeding is not timed.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench_exports, local only),
 * BENCH_STUDENTS (1000000), BENCH_BATCH (rows per keyset page, 1000: the FILE_EXPORT job's default). Results: printed, and
 * bench/results/exports.json. Run it on a quiet machine; figures from a loaded one mean little.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Op } from 'sequelize';
import { createDeps } from '../api/bootstrap';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { runExport } from '../api/exports/export-job';
import { FileExport, StoredFile, Student } from '../models';
import { seedBulkStudents } from '../seeders/bulk';
import { assertLocal, ensureDatabase } from './support';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench_exports';
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const TARGET_ROWS_PER_S = 100_000;
const TARGET_RSS_MB = 250;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<number> {
  const isSqlite = DB_URL.startsWith('sqlite:');
  if (!isSqlite) assertLocal(DB_URL);
  const mariadb = isSqlite ? null : await ensureDatabase(DB_URL);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hci-bench-exports-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL, SEED_DEMO: 'false', LOG_LEVEL: 'warn', LOG_SQL: 'false', STORAGE_DIR: storageDir });
  const deps = await createDeps(config, createLogger('warn'));
  try {
    const students = () => Student.count({ where: { archived: false, isStudent: true } });
    let have = await students();
    while (have < STUDENTS) {
      const add = Math.ceil((STUDENTS - have) / 0.85) + 100;
      console.log(`seeding: ${have.toLocaleString('en-US')} students, adding about ${add.toLocaleString('en-US')} learners`);
      await seedBulkStudents(deps.sequelize, add, { batchSize: 5000, log: false });
      have = await students();
    }
    console.log(
      `students_csv of ${have.toLocaleString('en-US')} students on ${DB_URL.replace(/\/\/[^@]*@/, '//***@')}${mariadb ? ` (MariaDB ${mariadb})` : ''}, pages of ${BATCH}`,
    );

    // Earlier runs' exports and files go first (the bench database is the bench's own).
    const old = await FileExport.findAll({ attributes: ['id', 'storedFileId'], where: { requestedByName: 'Bench' } });
    await FileExport.destroy({ where: { id: old.map((e) => e.id) } });
    await StoredFile.destroy({ where: { id: { [Op.in]: old.map((e) => e.storedFileId).filter((v): v is number => v !== null) } } });

    const owner = `bench-${process.pid}`;
    const row = await FileExport.create({
      type: 'students_csv',
      criteria: {},
      keyword: null,
      utcOffset: null,
      requestedById: null,
      requestedByName: 'Bench',
      status: 'RUNNING',
      leaseOwner: owner,
      leaseExpiresAt: new Date(Date.now() + 10 * 60_000),
      attempts: 1,
      startedAt: new Date(),
    });

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = process.hrtime.bigint();
    const rows = await runExport(deps, row, { owner, batch: BATCH, leaseMs: 10 * 60_000 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);

    const done = await FileExport.findByPk(row.id);
    const file = done?.storedFileId ? await StoredFile.findByPk(done.storedFileId) : null;
    const rowsPerSecond = Math.round(rows / seconds);
    const result = {
      at: new Date().toISOString(),
      database: DB_URL.replace(/\/\/[^@]*@/, '//***@'),
      mariadb,
      students: have,
      batch: BATCH,
      status: done?.status,
      rows,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond,
      fileMb: file ? mb(file.size) : null,
      rssBaselineMb: mb(baseline),
      rssPeakMb: mb(peak),
      targets: { rowsPerSecond: TARGET_ROWS_PER_S, rssPeakMb: TARGET_RSS_MB },
      pass: done?.status === 'COMPLETED' && rowsPerSecond >= TARGET_ROWS_PER_S && mb(peak) <= TARGET_RSS_MB,
    };
    console.log(
      `${result.status}: ${rows.toLocaleString('en-US')} rows in ${result.seconds} s = ${rowsPerSecond.toLocaleString('en-US')} rows/s (target ≥ ${TARGET_ROWS_PER_S.toLocaleString('en-US')}); ` +
        `file ${result.fileMb} MB; RSS ${result.rssBaselineMb} MB before, peak ${result.rssPeakMb} MB (target ≤ ${TARGET_RSS_MB}) → ${result.pass ? 'PASS' : 'FAIL'}`,
    );
    const out = path.join(__dirname, 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'exports.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result.pass || STUDENTS < 1_000_000 ? 0 : 1;
  } finally {
    await deps.sequelize.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
