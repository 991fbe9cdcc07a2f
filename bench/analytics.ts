/**
 * `npm run bench:analytics`: each kind of POST /analytics/admin/{kind} on MariaDB at volume; target
 * ≤ 200 ms a kind (issue 20) with 1M payment schedule entries and 300k applications.
 *
 * - data: the billing bench's `schedules` step (bench/billing.ts, run as a child: BENCH_SCHEDULE_ROWS
 *   entries, one ENROLLED application per plan), then applications up to BENCH_APPLICATIONS spread over
 *   the last two years (statuses, sources, enrolled dates, a cohort each) and a sign-in a day for a
 *   share of the students (activity_logs SIGNED_IN). Bulk INSERT ... SELECT over MariaDB's sequence
 *   tables; skipped when the rows are there.
 * - summaries (migration 0039): brought up to date once after seeding, not timed as a kind — built from
 *   scratch the first time (or with BENCH_REBUILD=1), its time printed; then a refresh with nothing changed.
 * - timing: every kind through the service (analytics.service.ts: the refresh it runs first, then the one
 *   statement) for the last 30 days, the last year, and the last year filtered by product; the median of
 *   BENCH_RUNS (5).
 * - after the timing: the refresh after a burst of writes (BENCH_TOUCH applications and 5× as many schedule
 *   entries stamped as just written, nothing else changed: each is reloaded and compared with its ledger),
 *   and one kind read while those writes are inside the refresh's overlap window.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench), BENCH_SCHEDULE_ROWS
 * (1,000,000), BENCH_APPLICATIONS (300,000), BENCH_RUNS. Results: printed, and bench/results/analytics.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { connectDatabase } from '../api/bootstrap';
import { analytics } from '../api/analytics/analytics.service';
import { refreshAnalytics } from '../api/analytics/refresh';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { AnalyticsKind } from '../domain/contract/analytics';
import { addDays } from '../domain/rules/analytics';
import { schoolToday } from '../models/catalogue';
import { assertLocal, ensureDatabase } from './support';

const ROOT = path.resolve(__dirname, '..');
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench';
const SCHEDULE_ROWS = Number(process.env.BENCH_SCHEDULE_ROWS ?? 1_000_000);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOUCH = Number(process.env.BENCH_TOUCH ?? 1000);
const TARGET_MS = 200;
const BATCH = 20_000;

const one = async (sequelize: Sequelize, sql: string) => Number((await sequelize.query<{ n: number | string }>(sql, { type: QueryTypes.SELECT }))[0]?.n ?? 0);

async function seed(sequelize: Sequelize, today: string): Promise<void> {
  // 1. The billing bench's plans and entries (its own process: bench/billing.ts runs its main on load).
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/billing.ts')], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_STEPS: 'schedules', BENCH_DATABASE_URL: DB_URL, BENCH_SCHEDULE_ROWS: String(SCHEDULE_ROWS) },
  });
  if (child.status !== 0) throw new Error('the billing bench could not make the schedule entries');
  // 2. A program, a cohort and a product of the bench's own, then applications up to APPLICATIONS.
  let cohortId = await one(sequelize, `SELECT id AS n FROM cohorts WHERE label = 'Bench analytics cohort' LIMIT 1`);
  if (!cohortId) {
    await sequelize.query(
      `INSERT INTO programs (name, cost, business_category_id, deleted, created_at, updated_at) SELECT 'Bench analytics program', 6000, MIN(id), false, NOW(3), NOW(3) FROM business_categories`,
    );
    await sequelize.query(
      `INSERT INTO cohorts (program_id, business_category_id, status, label, deleted, published, docebo_learning_plan_ids, docebo_course_ids, created_at, updated_at)
       SELECT id, business_category_id, 'ACTIVE', 'Bench analytics cohort', false, true, '[]', '[]', NOW(3), NOW(3) FROM programs WHERE name = 'Bench analytics program'`,
    );
    cohortId = await one(sequelize, `SELECT id AS n FROM cohorts WHERE label = 'Bench analytics cohort' LIMIT 1`);
  }
  const [cohort] = await sequelize.query<{ programId: number; categoryId: number }>(
    `SELECT program_id AS programId, business_category_id AS categoryId FROM cohorts WHERE id = ${cohortId}`,
    {
      type: QueryTypes.SELECT,
    },
  );
  const productId = await one(sequelize, `SELECT MIN(id) AS n FROM products`);
  const [span] = await sequelize.query<{ lo: number; hi: number }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM students', { type: QueryTypes.SELECT });
  let have = await one(sequelize, 'SELECT COUNT(*) AS n FROM applications');
  const started = Date.now();
  while (have < APPLICATIONS) {
    const n = Math.min(BATCH, APPLICATIONS - have);
    await sequelize.query(
      `INSERT INTO applications (student_id, product_id, business_category_id, status, flow_type, source, opportunity_id, financial_status, days_overdue, enrolled_at, created_at, updated_at)
       SELECT :lo + MOD(seq * 7, :span), :productId, :categoryId,
              ELT(1 + MOD(seq, 6), 'CREATED', 'APPLIED', 'WAITING_TO_SIGN', 'SIGNED', 'ENROLLED', 'REJECTED'), 'HCTP',
              ELT(1 + MOD(seq, 4), 'WEBSITE', 'PHONE', 'REFERRAL', 'EVENT'), CONCAT('bench-an-', :base + seq), 'GOOD', 0,
              IF(MOD(seq, 6) = 4, DATE_SUB(:now, INTERVAL MOD(seq, 730) DAY), NULL), DATE_SUB(:now, INTERVAL MOD(seq, 730) DAY), NOW(3)
         FROM seq_1_to_${n}`,
      { replacements: { lo: Number(span.lo), span: Number(span.hi) - Number(span.lo) + 1, productId, categoryId: cohort.categoryId, base: have, now: `${today} 12:00:00` } },
    );
    await sequelize.query(
      `INSERT IGNORE INTO application_cohorts (application_id, program_id, cohort_id, created_at, updated_at)
       SELECT a.id, :programId, :cohortId, NOW(3), NOW(3) FROM applications a WHERE a.id > (SELECT COALESCE(MAX(application_id), 0) FROM application_cohorts)`,
      { replacements: { programId: cohort.programId, cohortId } },
    );
    have += n;
    console.log(`  ${have.toLocaleString('en-US')} / ${APPLICATIONS.toLocaleString('en-US')} applications (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // 3. Sign-ins: one entry a day for 1 student in 10 over the last 90 days, made once.
  if (!(await one(sequelize, `SELECT COUNT(*) AS n FROM activity_logs WHERE type = 'SIGNED_IN' AND actor_name = 'bench'`))) {
    await sequelize.query(
      `INSERT INTO activity_logs (entity_type, entity_id, student_id, category, type, actor_user_id, actor_name, changes, created_at)
       SELECT 'USER', s.user_id, s.id, 'SECURITY', 'SIGNED_IN', s.user_id, 'bench', '{}', DATE_SUB(:now, INTERVAL d.seq DAY)
         FROM students s CROSS JOIN seq_0_to_89 d WHERE MOD(s.id, 10) = 0`,
      { replacements: { now: `${today} 12:00:00` } },
    );
  }
  await sequelize.query('ANALYZE TABLE applications, application_cohorts, activity_logs, students, payment_schedules, student_payment_plans');
}

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const mariadb = await ensureDatabase(DB_URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL, LOG_LEVEL: 'warn', LOG_SQL: 'false' });
  const sequelize = await connectDatabase(config, createLogger('warn'));
  const today = schoolToday();
  try {
    console.log(`analytics bench on ${DB_URL} (MariaDB ${mariadb}), today ${today}`);
    await seed(sequelize, today);
    const counts = {
      applications: await one(sequelize, 'SELECT COUNT(*) AS n FROM applications'),
      scheduleEntries: await one(sequelize, 'SELECT COUNT(*) AS n FROM payment_schedules'),
      students: await one(sequelize, 'SELECT COUNT(*) AS n FROM students'),
    };
    console.log(`  ${JSON.stringify(counts)}`);
    const tb = performance.now();
    const built = await refreshAnalytics(sequelize, { rebuild: process.env.BENCH_REBUILD === '1' });
    const summaries = {
      build: built.build,
      buildSeconds: Math.round((performance.now() - tb) / 100) / 10,
      applications: built.applications,
      plans: built.plans,
      students: built.students,
      rows: built.rows,
      idleRefreshMs: 0,
      touchedRefreshMs: 0,
      kindWhileTouchedMs: 0,
    };
    console.log(
      `  summaries ${built.build ? 'built' : 'brought up to date'} in ${summaries.buildSeconds} s (${built.applications} applications, ${built.plans} plans, ${built.students} students; ${built.rows} summary rows written)`,
    );
    const idle: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await refreshAnalytics(sequelize);
      idle.push(performance.now() - t0);
    }
    summaries.idleRefreshMs = Math.round(idle.sort((x, y) => x - y)[Math.floor(idle.length / 2)] * 10) / 10;
    console.log(`  a refresh with nothing changed: median ${summaries.idleRefreshMs} ms`);
    const productId = await one(sequelize, 'SELECT MIN(id) AS n FROM products');
    const cases: Array<[string, Record<string, unknown>]> = [
      ['30 days', {}],
      ['1 year', { startDate: addDays(today, -364), endDate: today }],
      ['1 year, product', { startDate: addDays(today, -364), endDate: today, productId }],
    ];
    const results: Array<{ kind: string; case: string; medianMs: number; maxMs: number; ok: boolean }> = [];
    for (const kind of AnalyticsKind) {
      for (const [name, body] of cases) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          await analytics(sequelize, kind, body as never, today);
          times.push(performance.now() - t0);
        }
        times.sort((x, y) => x - y);
        const medianMs = Math.round(times[Math.floor(times.length / 2)] * 10) / 10;
        const row = { kind, case: name, medianMs, maxMs: Math.round(times[times.length - 1] * 10) / 10, ok: medianMs <= TARGET_MS };
        results.push(row);
        console.log(`  ${kind.padEnd(24)} ${name.padEnd(16)} median ${String(row.medianMs).padStart(7)} ms  max ${String(row.maxMs).padStart(7)} ms  ${row.ok ? 'ok' : 'OVER'}`);
      }
    }
    // A burst of writes: TOUCH applications and 5× as many entries stamped as just written (their values unchanged).
    await sequelize.query(`UPDATE applications SET updated_at = NOW(3) ORDER BY id DESC LIMIT ${TOUCH}`);
    await sequelize.query(`UPDATE payment_schedules SET updated_at = NOW(3) ORDER BY id DESC LIMIT ${TOUCH * 5}`);
    let t0 = performance.now();
    const touched = await refreshAnalytics(sequelize);
    summaries.touchedRefreshMs = Math.round((performance.now() - t0) * 10) / 10;
    t0 = performance.now();
    await analytics(sequelize, 'applications', {} as never, today);
    summaries.kindWhileTouchedMs = Math.round((performance.now() - t0) * 10) / 10;
    console.log(
      `  after ${TOUCH} applications and ${TOUCH * 5} entries written: the refresh ${summaries.touchedRefreshMs} ms (${touched.applications} applications and ${touched.plans} plans changed), then applications 30 days ${summaries.kindWhileTouchedMs} ms (the writes still inside the overlap window)`,
    );
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/analytics.json'),
      `${JSON.stringify({ finishedAt: new Date().toISOString(), database: DB_URL, mariadb, targetMs: TARGET_MS, ...counts, summaries, results }, null, 2)}\n`,
    );
    console.log(`written: bench/results/analytics.json (${results.filter((r) => !r.ok).length} over ${TARGET_MS} ms)`);
  } finally {
    await sequelize.close();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : err);
    process.exit(1);
  });
