/**
 * `npm run bench:auto-pay`: the AUTO_PAY job end to end on MariaDB (issue 16: ≥ 300 charges/s over
 * 100k due entries of 100k plans through the sandbox gateway, memory flat).
 *
 * 1. Starts from a fresh database (BENCH_DATABASE_URL is dropped and migrated again: a run pays every
 *    entry, so its data is used once) and seeds, set-wise (INSERT … SELECT over MariaDB's sequence
 *    tables, BENCH_SEED_BATCH plans a statement): BENCH_AUTO_PAY_STUDENTS students (20,000) each with
 *    one saved sandbox card, and BENCH_AUTO_PAY_PLANS (100,000) ACTIVE auto-pay plans, each of its own
 *    ENROLLED application, paying with its student's card, with ONE entry due today of 100.00–109.99
 *    (the cents vary, so the money check below is to the cent).
 * 2. Builds the app as `npm start` does (createDeps + createApp: the domain event handlers and the
 *    payments' sandbox gateway installed) and runs an AUTO_PAY schedule once through the job runner
 *    (lease, run record, the job's run function `runAutoPay`, `chargePlan`: claim, IN_PROGRESS payment,
 *    sandbox charge, the ledger's allocation, account-history line, card-provider event, activity entry
 *    and the PaymentAccepted deliveries), timed from the start of the run to its end: charges/s.
 * 3. Samples this process's RSS and V8 heap every second during the run, and every tenth second the
 *    live heap after a full GC (`--expose-gc`, as the npm script runs it); "flat" is a live heap that
 *    does not grow with the entries charged (least-squares slope over the charges of the second half
 *    of the run < 100 bytes a charge,
 *    i.e. < 10 MB over 100k: a job holding its rows would take hundreds). The sandbox gateway remembers
 *    its last 10,000 idempotency keys (a few MB), so runs much shorter than that show it filling up.
 * 4. Verifies: every entry PAID and paid to the cent; one ACCEPTED AUTO_PAY payment per entry and no
 *    other payment; one charge of the day per entry; Σ payments = Σ entries = Σ plans' totalPaid to the
 *    cent; every plan's balance 0 and claim released; the ledger invariants of tests/support
 *    (allocations, account-history lines) on every plan; the run SUCCEEDED with count = entries.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench_autopay; DROPPED and
 * made again), BENCH_AUTO_PAY_PLANS, BENCH_AUTO_PAY_STUDENTS, BENCH_AUTO_PAY_CONCURRENCY (the job's
 * `concurrency` param; default: the job's own), BENCH_DB_POOL_MAX (default 20).
 * Results: printed, and bench/results/auto-pay.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createApp } from '../api/app';
import { createDeps } from '../api/bootstrap';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { SandboxGateway } from '../api/integrations/sandbox-gateway';
import { JobRunner } from '../api/jobs/runner';
import { JobRun, JobSchedule } from '../models';
import { schoolToday } from '../models/catalogue';
import { seedBulkStudents } from '../seeders/bulk';
import { ledgerViolations } from '../tests/support/ledger-invariants';
import { describeCpu, pidsNamed, startCpu } from './cpu';
import { assertLocal, ensureDatabase } from './support';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench_autopay';
const PLANS = Number(process.env.BENCH_AUTO_PAY_PLANS ?? 100_000);
const STUDENTS = Math.min(PLANS, Number(process.env.BENCH_AUTO_PAY_STUDENTS ?? 20_000));
const SEED_BATCH = Number(process.env.BENCH_SEED_BATCH ?? 10_000);
const CONCURRENCY = process.env.BENCH_AUTO_PAY_CONCURRENCY ? Number(process.env.BENCH_AUTO_PAY_CONCURRENCY) : null;
const POOL_MAX = Number(process.env.BENCH_DB_POOL_MAX ?? 20);
const TARGET = 300;
/** Heap growth per charge under which memory is flat (bytes). */
const FLAT_BYTES_PER_CHARGE = 100;
const BENCH_PLAN = 'Bench auto-pay plan';

const one = async (sequelize: Sequelize, sql: string, replacements: Record<string, unknown> = {}) =>
  Number((await sequelize.query<{ n: number | string | null }>(sql, { type: QueryTypes.SELECT, replacements }))[0]?.n ?? 0);

/** Drops the bench database (it is used once per run) and makes it again. */
async function freshDatabase(url: string): Promise<string> {
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = u.pathname.replace(/^\//, '');
  if (!/^hci_bench\w*$/.test(name)) throw new Error(`the auto-pay bench drops its database: only hci_bench* names (got ${name})`);
  const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await conn.end();
  }
  return ensureDatabase(url);
}

async function seed(sequelize: Sequelize, today: string, log: (line: string) => void): Promise<number> {
  const started = Date.now();
  await seedBulkStudents(sequelize, STUDENTS, { log: false });
  log(`  ${STUDENTS.toLocaleString('en-US')} students (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await sequelize.query(
    `INSERT INTO products (name, cost, flow_type, published, deleted, created_at, updated_at) VALUES ('Bench auto-pay product', 6000, 'HCTP', true, false, NOW(3), NOW(3))`,
  );
  const productId = await one(sequelize, `SELECT id AS n FROM products WHERE name = 'Bench auto-pay product'`);
  // One saved sandbox card per student (as attaching tok_visa saves it).
  const card = await new SandboxGateway().attachCard('tok_visa', { studentId: 0, email: 'bench@example.com', customerId: null });
  await sequelize.query(
    `INSERT INTO payment_methods (student_id, gateway, gateway_customer_id, gateway_method_id, fingerprint, brand, last4, exp_month, exp_year, is_default, deleted, created_at, updated_at)
     SELECT s.id, 'SANDBOX', CONCAT('cus_sandbox_', s.id), :methodId, CONCAT('bench-', s.id), 'visa', '4242', :month, :year, true, false, NOW(3), NOW(3) FROM students s`,
    { replacements: { methodId: card.methodId, month: card.expMonth, year: card.expYear } },
  );
  const [range] = await sequelize.query<{ lo: number; hi: number }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM students', { type: QueryTypes.SELECT });
  const span = Number(range.hi) - Number(range.lo) + 1;
  for (let from = 1; from <= PLANS; from += SEED_BATCH) {
    const to = Math.min(PLANS, from + SEED_BATCH - 1);
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(
        `INSERT INTO applications (student_id, product_id, status, flow_type, opportunity_id, auto_pay, financial_status, days_overdue, created_at, updated_at)
         SELECT :lo + MOD(seq, :span), :productId, 'ENROLLED', 'HCTP', CONCAT('bench-autopay-', seq), true, 'GOOD', 0, NOW(3), NOW(3) FROM seq_${from}_to_${to}`,
        { replacements: { lo: Number(range.lo), span, productId }, transaction },
      );
      // The entry of plan k owes 100.00 + (k mod 1000) cents: Σ is exact only if every cent is.
      await sequelize.query(
        `INSERT INTO student_payment_plans (application_id, student_id, name, payment_plan_type, payment_schedule_type, frequency, frequency_unit, deposit_amount, total_term,
            principal_amount, installment_amount, interest_rate, tuition_price, total_owed, balance, installments_count, accounting_line_items, status, financial_status,
            source, first_payment_date, auto_pay, payment_method_id, next_due_date, created_at, updated_at)
         SELECT a.id, a.student_id, :name, 'INTEREST_BEARING', 'FIXED_TERMS', 'MONTHLY', 'MONTHS', 0, 1,
                100 + MOD(s.seq, 1000) / 100, 100 + MOD(s.seq, 1000) / 100, 0, 100 + MOD(s.seq, 1000) / 100, 100 + MOD(s.seq, 1000) / 100, 100 + MOD(s.seq, 1000) / 100,
                1, '[]', 'ACTIVE', 'GOOD', 'APPLICATION', :today, true, m.id, :today, NOW(3), NOW(3)
           FROM seq_${from}_to_${to} s
           JOIN applications a ON a.opportunity_id = CONCAT('bench-autopay-', s.seq)
           JOIN payment_methods m ON m.student_id = a.student_id AND m.fingerprint = CONCAT('bench-', a.student_id)`,
        { replacements: { name: BENCH_PLAN, today }, transaction },
      );
      await sequelize.query(
        `INSERT INTO payment_schedules (student_payment_plan_id, number, kind, due_date, principal, interest, amount, balance, tax_amount, paid_amount, status, created_at, updated_at)
         SELECT p.id, 1, 'INSTALLMENT', :today, p.installment_amount, 0, p.installment_amount, 0, 0, 0, 'PENDING', NOW(3), NOW(3)
           FROM student_payment_plans p JOIN applications a ON a.id = p.application_id
          WHERE a.opportunity_id IN (SELECT CONCAT('bench-autopay-', seq) FROM seq_${from}_to_${to})`,
        { replacements: { today }, transaction },
      );
    });
    if (to % 25_000 === 0 || to === PLANS) log(`  ${to.toLocaleString('en-US')} / ${PLANS.toLocaleString('en-US')} plans (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await sequelize.query('ANALYZE TABLE applications, student_payment_plans, payment_schedules, payment_methods');
  return (Date.now() - started) / 1000;
}

interface Sample {
  s: number;
  charged: number;
  rssMb: number;
  heapMb: number;
  /** Every 10th sample: the heap after a full GC (what the run holds), with --expose-gc. */
  liveHeapMb?: number;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const log = (line: string) => console.log(line);
  const version = await freshDatabase(DB_URL);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: DB_URL,
    DB_POOL_MAX: String(POOL_MAX),
    LOG_LEVEL: 'warn',
    LOG_SQL: 'false',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-auto-pay-secret-that-is-long-enough-0123456789',
  });
  const deps = await createDeps(config, createLogger('warn'));
  const { sequelize } = deps;
  const today = schoolToday();
  log(`auto-pay bench on ${DB_URL} (MariaDB ${version}), today ${today}`);
  log(`[seed] ${PLANS.toLocaleString('en-US')} auto-pay plans, one entry due today each, ${STUDENTS.toLocaleString('en-US')} students with a saved sandbox card`);
  const seedSeconds = await seed(sequelize, today, log);
  const expectedCents = await one(
    sequelize,
    `SELECT ROUND(SUM(s.amount) * 100) AS n FROM payment_schedules s JOIN student_payment_plans p ON p.id = s.student_payment_plan_id WHERE p.name = :name`,
    {
      name: BENCH_PLAN,
    },
  );

  // As `npm start` builds it: the event handlers and the payments' gateway installed.
  createApp(deps);
  const schedule = await JobSchedule.create({
    jobName: 'Bench auto-pay',
    jobGroup: 'BENCH',
    description: null,
    type: 'AUTO_PAY',
    status: 'ACTIVE',
    cronJob: true,
    cronExpression: '0 6 * * *',
    repeatInterval: null,
    params: CONCURRENCY ? { concurrency: CONCURRENCY } : {},
    nextRunAt: null,
    updatedById: null,
    updatedByName: 'Benchmark',
  });
  const runner = new JobRunner(deps, { owner: 'bench-auto-pay', leaseMs: 60_000 });

  global.gc?.();
  const samples: Sample[] = [];
  const cpuMeter = startCpu({ MariaDB: pidsNamed('mariadbd', 'mysqld') });
  const t0 = performance.now();
  const run = await runner.start(schedule.id, 'MANUAL');
  if (!run) throw new Error('the bench schedule lease is held');
  const sample = async () => {
    const live = global.gc && samples.length % 10 === 9;
    if (live) global.gc!();
    const m = process.memoryUsage();
    const charged = await one(sequelize, `SELECT COUNT(*) AS n FROM payments WHERE status = 'ACCEPTED'`).catch(() => samples.at(-1)?.charged ?? 0);
    samples.push({
      s: Math.round((performance.now() - t0) / 100) / 10,
      charged,
      rssMb: Math.round(m.rss / 1048576),
      heapMb: Math.round(m.heapUsed / 1048576),
      ...(live ? { liveHeapMb: Math.round(m.heapUsed / 104857.6) / 10 } : {}),
    });
  };
  const timer = setInterval(() => void sample(), 1000);
  await runner.idle();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  // This process is the job (reported as 'load generator' by bench/cpu.ts); MariaDB may serve others on a shared machine.
  const cpu = cpuMeter.stop(PLANS);
  if (cpu) {
    cpu.perOperationMs['auto-pay job'] = cpu.perOperationMs['load generator'];
    delete cpu.perOperationMs['load generator'];
  }
  const finished = (await JobRun.findByPk(run.id))!;

  // ---- Verification ----
  log('[verify]');
  const planIds = (
    await sequelize.query<{ id: number }>(`SELECT id FROM student_payment_plans WHERE name = :name ORDER BY id`, { type: QueryTypes.SELECT, replacements: { name: BENCH_PLAN } })
  ).map((r) => Number(r.id));
  const checks = {
    entries: await one(sequelize, `SELECT COUNT(*) AS n FROM payment_schedules`),
    entriesPaid: await one(sequelize, `SELECT COUNT(*) AS n FROM payment_schedules WHERE status = 'PAID' AND paid_amount = amount`),
    paymentsAccepted: await one(sequelize, `SELECT COUNT(*) AS n FROM payments WHERE status = 'ACCEPTED' AND type = 'AUTO_PAY'`),
    paymentsOther: await one(sequelize, `SELECT COUNT(*) AS n FROM payments WHERE NOT (status = 'ACCEPTED' AND type = 'AUTO_PAY')`),
    entriesPaidTwice: await one(sequelize, `SELECT COUNT(*) AS n FROM (SELECT payment_schedule_id FROM payments GROUP BY payment_schedule_id HAVING COUNT(*) > 1) t`),
    entriesWithoutPayment: await one(
      sequelize,
      `SELECT COUNT(*) AS n FROM payment_schedules s WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.payment_schedule_id = s.id AND p.status = 'ACCEPTED')`,
    ),
    chargesOfTheDay: await one(sequelize, `SELECT COUNT(*) AS n FROM auto_charge_attempts WHERE charge_date = :today`, { today }),
    paymentsCents: await one(sequelize, `SELECT ROUND(SUM(amount) * 100) AS n FROM payments WHERE status = 'ACCEPTED'`),
    entriesPaidCents: await one(sequelize, `SELECT ROUND(SUM(paid_amount) * 100) AS n FROM payment_schedules`),
    plansTotalPaidCents: await one(sequelize, `SELECT ROUND(SUM(total_paid) * 100) AS n FROM student_payment_plans WHERE name = :name`, { name: BENCH_PLAN }),
    plansNotSettled: await one(sequelize, `SELECT COUNT(*) AS n FROM student_payment_plans WHERE name = :name AND (balance <> 0 OR payment_claim IS NOT NULL)`, {
      name: BENCH_PLAN,
    }),
    historyLines: await one(sequelize, `SELECT COUNT(*) AS n FROM ledger_entries`),
    eventDeliveries: await one(sequelize, `SELECT COUNT(*) AS n FROM domain_events WHERE type = 'PaymentAccepted'`),
    failedPayments: await one(sequelize, `SELECT COUNT(*) AS n FROM failed_payments`),
  };
  const violations: string[] = [];
  for (let i = 0; i < planIds.length; i += 10_000) violations.push(...(await ledgerViolations({ planIds: planIds.slice(i, i + 10_000) })));
  const ok =
    checks.entries === PLANS &&
    checks.entriesPaid === PLANS &&
    checks.paymentsAccepted === PLANS &&
    checks.paymentsOther === 0 &&
    checks.entriesPaidTwice === 0 &&
    checks.entriesWithoutPayment === 0 &&
    checks.chargesOfTheDay === PLANS &&
    checks.paymentsCents === expectedCents &&
    checks.entriesPaidCents === expectedCents &&
    checks.plansTotalPaidCents === expectedCents &&
    checks.plansNotSettled === 0 &&
    checks.historyLines === PLANS &&
    checks.failedPayments === 0 &&
    violations.length === 0 &&
    finished.outcome === 'SUCCEEDED' &&
    finished.count === PLANS;

  const perSecond = Math.round(PLANS / seconds);
  // The live heap (after a full GC) when there are such samples, else the heap as sampled; over the
  // second half of the run (the first 10,000 charges fill the sandbox gateway's idempotency memory).
  const live = samples.filter((s) => s.charged >= PLANS / 2 && s.liveHeapMb !== undefined);
  const during = live.length >= 3 ? live : samples.filter((s) => s.charged >= PLANS / 2);
  const bytesPerCharge = slope(
    during.map((s) => s.charged),
    during.map((s) => (s.liveHeapMb ?? s.heapMb) * 1048576),
  );
  const flat = Math.abs(bytesPerCharge) < FLAT_BYTES_PER_CHARGE;
  const result = {
    database: `MariaDB ${version}`,
    date: new Date().toISOString(),
    plans: PLANS,
    students: STUDENTS,
    seedSeconds,
    concurrency: CONCURRENCY ?? 'job default',
    poolMax: POOL_MAX,
    runSeconds: Math.round(seconds * 10) / 10,
    chargesPerSecond: perSecond,
    target: TARGET,
    cpu,
    run: { outcome: finished.outcome, count: finished.count, error: finished.error },
    memory: {
      samples: samples.length,
      rssMb: { min: Math.min(...samples.map((s) => s.rssMb)), max: Math.max(...samples.map((s) => s.rssMb)) },
      heapMb: { min: Math.min(...samples.map((s) => s.heapMb)), max: Math.max(...samples.map((s) => s.heapMb)) },
      liveHeapMb: samples.filter((s) => s.liveHeapMb !== undefined).map((s) => s.liveHeapMb),
      heapBytesPerCharge: Math.round(bytesPerCharge),
      flat,
    },
    checks: { ...checks, expectedCents, ledgerViolations: violations.slice(0, 10), ledgerViolationCount: violations.length },
    verified: ok,
    pass: ok && flat && perSecond >= TARGET,
    samples,
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'auto-pay.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ ...result, samples: `${samples.length} samples in bench/results/auto-pay.json` }, null, 2));
  log(
    `${PLANS.toLocaleString('en-US')} entries charged in ${seconds.toFixed(1)} s = ${perSecond}/s (target ≥ ${TARGET}/s ${perSecond >= TARGET ? 'met' : 'MISSED'}); ` +
      `heap ${result.memory.heapMb.min}–${result.memory.heapMb.max} MB, RSS ${result.memory.rssMb.min}–${result.memory.rssMb.max} MB, ${result.memory.heapBytesPerCharge} B/charge (${flat ? 'flat' : 'GROWS'}); verified: ${ok}`,
  );
  const cpuLine = describeCpu(cpu);
  if (cpuLine) log(cpuLine.replace('CPU per payment', 'CPU per charge'));
  await sequelize.close();
  if (!result.pass) process.exitCode = 1;
}

// The whole run is bounded: a watchdog exits if something hangs.
setTimeout(() => {
  console.error('auto-pay benchmark watchdog: giving up after 60 minutes');
  process.exit(2);
}, 60 * 60_000).unref();

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
