/**
 * `npm run bench:billing`: billing at volume on MariaDB, as named steps run in order.
 *
 * - `schedules`: makes sure the bench database holds BENCH_SCHEDULE_ROWS (1,000,000) payment schedule
 *   entries across ACTIVE plans (13 entries a plan: a deposit and 12 installments, a spread of due
 *   dates and of paid entries so every financial status occurs). Bulk SQL only: applications, plans
 *   and entries are INSERT ... SELECT over MariaDB's sequence tables, 5,000 plans (65,000 entries) per
 *   statement. Skipped when the rows are already there (the database is kept between runs).
 * - `payments`: accepted card payments per second over HTTP on distinct plans (target ≥ 300/s): the
 *   server as `npm start` runs it, in its own process(es), driven by autocannon. Also prints the
 *   CPU the server, MariaDB and the load generator used per payment (bench/cpu.ts, Linux only).
 * - `financial-status`: times `recomputeFinancialStatus(today)` (api/billing/financial-status.ts),
 *   the nightly set-wise recompute, over all of them; target ≤ 5 s. Prints the statuses it produced.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench, the database
 * `npm run bench` uses), BENCH_SCHEDULE_ROWS, BENCH_STEPS (comma-separated step names; default all),
 * BENCH_PAYMENTS, BENCH_PAYMENT_WARMUP, BENCH_PAYMENT_CONNECTIONS, BENCH_SERVER_PROCESSES,
 * BENCH_SERVER_NODE_ARGS.
 * Results: printed, and bench/results/billing.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { QueryTypes, type Sequelize } from 'sequelize';
import { connectDatabase } from '../api/bootstrap';
import { recomputeFinancialStatus } from '../api/billing/financial-status';
import { createLogger } from '../api/common/logger';
import { loadConfig, type Config } from '../api/config';
import { loadPrincipal } from '../api/auth/principal';
import { signAccessToken } from '../api/common/tokens';
import { SandboxGateway } from '../api/integrations/sandbox-gateway';
import { describeCpu, pidsNamed, startCpu, type CpuReading } from './cpu';
import { Administrator, AdministratorRole, Role, User } from '../models';
import { schoolToday } from '../models/catalogue';
import { seedBulkStudents } from '../seeders/bulk';
import { assertLocal, ensureDatabase, freePort } from './support';

const ROOT = path.resolve(__dirname, '..');
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench';
const SCHEDULE_ROWS = Number(process.env.BENCH_SCHEDULE_ROWS ?? 1_000_000);
const ENTRIES_PER_PLAN = 13;
const PLANS_PER_BATCH = 5_000;
const STUDENTS = 20_000;
const BENCH_PLAN = 'Bench plan';
const TARGET_MS = 5_000;

export interface StepContext {
  sequelize: Sequelize;
  today: string;
  results: Record<string, unknown>;
  log: (line: string) => void;
}
export interface Step {
  name: string;
  describe: string;
  run: (ctx: StepContext) => Promise<void>;
}

const one = async (sequelize: Sequelize, sql: string, replacements: Record<string, unknown> = {}) =>
  Number((await sequelize.query<{ n: number | string }>(sql, { type: QueryTypes.SELECT, replacements }))[0]?.n ?? 0);

/** The product every bench application buys (one row, made once). */
async function benchProduct(sequelize: Sequelize): Promise<number> {
  const found = await one(sequelize, `SELECT id AS n FROM products WHERE name = 'Bench billing product' LIMIT 1`);
  if (found) return found;
  await sequelize.query(
    `INSERT INTO products (name, cost, flow_type, published, deleted, created_at, updated_at)
     VALUES ('Bench billing product', 6000, 'HCTP', true, false, NOW(3), NOW(3))`,
  );
  return one(sequelize, `SELECT id AS n FROM products WHERE name = 'Bench billing product' LIMIT 1`);
}

const schedulesStep: Step = {
  name: 'schedules',
  describe: `${SCHEDULE_ROWS.toLocaleString('en-US')} payment schedule entries across ACTIVE plans (bulk INSERT ... SELECT)`,
  async run({ sequelize, today, results, log }) {
    const wantPlans = Math.ceil(SCHEDULE_ROWS / ENTRIES_PER_PLAN);
    let plans = await one(sequelize, `SELECT COUNT(*) AS n FROM student_payment_plans WHERE name = :name`, { name: BENCH_PLAN });
    const started = Date.now();
    if (plans >= wantPlans) {
      log(`  already there: ${plans.toLocaleString('en-US')} bench plans`);
    } else {
      const students = await one(sequelize, 'SELECT COUNT(*) AS n FROM students');
      if (students < STUDENTS) {
        log(`  loading ${(STUDENTS - students).toLocaleString('en-US')} students ...`);
        await seedBulkStudents(sequelize, STUDENTS - students, { log: false });
      }
      const productId = await benchProduct(sequelize);
      const [firstStudent] = await sequelize.query<{ lo: number; hi: number }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM students', { type: QueryTypes.SELECT });
      const span = Number(firstStudent.hi) - Number(firstStudent.lo) + 1;
      while (plans < wantPlans) {
        const n = Math.min(PLANS_PER_BATCH, wantPlans - plans);
        const from = plans + 1;
        const to = plans + n;
        await sequelize.transaction(async (transaction) => {
          // Applications bench-app-{k}, one per plan, students taken in turn.
          await sequelize.query(
            `INSERT INTO applications (student_id, product_id, status, flow_type, opportunity_id, financial_status, days_overdue, created_at, updated_at)
             SELECT :lo + MOD(seq, :span), :productId, 'ENROLLED', 'HCTP', CONCAT('bench-app-', seq), 'GOOD', 0, NOW(3), NOW(3)
               FROM seq_${from}_to_${to}`,
            { replacements: { lo: Number(firstStudent.lo), span, productId }, transaction },
          );
          // Plan k starts (k mod 240) days before today: some are current, some up to 8 months behind.
          await sequelize.query(
            `INSERT INTO student_payment_plans (application_id, student_id, name, payment_plan_type, payment_schedule_type, frequency, frequency_unit, deposit_amount, total_term,
                principal_amount, installment_amount, interest_rate, tuition_price, total_owed, balance, installments_count, accounting_line_items, status, financial_status,
                source, first_payment_date, created_at, updated_at)
             SELECT a.id, a.student_id, :name, 'INTEREST_BEARING', 'FIXED_TERMS', 'MONTHLY', 'MONTHS', 500, 12, 6150, 500, 0, 6000, 6500, 6500, 12, '[]', 'ACTIVE', 'GOOD',
                'APPLICATION', DATE_SUB(:today, INTERVAL MOD(CAST(SUBSTRING(a.opportunity_id, 11) AS UNSIGNED), 240) DAY), NOW(3), NOW(3)
               FROM applications a WHERE a.opportunity_id IN (SELECT CONCAT('bench-app-', seq) FROM seq_${from}_to_${to})`,
            { replacements: { name: BENCH_PLAN, today }, transaction },
          );
          // 13 entries a plan, monthly from its first payment date; the first (plan id mod 4) entries are paid.
          await sequelize.query(
            `INSERT INTO payment_schedules (student_payment_plan_id, number, kind, due_date, principal, interest, amount, balance, tax_amount, paid_amount, status, created_at, updated_at)
             SELECT p.id, n.seq, IF(n.seq = 1, 'DEPOSIT', 'INSTALLMENT'), DATE_ADD(p.first_payment_date, INTERVAL n.seq - 1 MONTH), 500, 0, 500, 6500 - 500 * n.seq, 0,
                    IF(n.seq <= MOD(p.id, 4), 500, 0), IF(n.seq <= MOD(p.id, 4), 'PAID', 'PENDING'), NOW(3), NOW(3)
               FROM student_payment_plans p
               JOIN applications a ON a.id = p.application_id AND a.opportunity_id IN (SELECT CONCAT('bench-app-', seq) FROM seq_${from}_to_${to})
              CROSS JOIN seq_1_to_${ENTRIES_PER_PLAN} n`,
            { transaction },
          );
        });
        plans = to;
        if (plans % 25_000 < PLANS_PER_BATCH || plans === wantPlans)
          log(`  ${plans.toLocaleString('en-US')} / ${wantPlans.toLocaleString('en-US')} plans (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
      await sequelize.query('ANALYZE TABLE applications, student_payment_plans, payment_schedules');
    }
    const entries = await one(sequelize, 'SELECT COUNT(*) AS n FROM payment_schedules');
    const activePlans = await one(sequelize, `SELECT COUNT(*) AS n FROM student_payment_plans WHERE status = 'ACTIVE'`);
    results.schedules = { entries, activePlans, loadSeconds: (Date.now() - started) / 1000 };
    log(`  ${entries.toLocaleString('en-US')} schedule entries, ${activePlans.toLocaleString('en-US')} ACTIVE plans`);
  },
};

/** Waits (≤ 60 s) until InnoDB has purged old row versions (history list length below 1,000); answers the ms waited. */
async function purgeSettled(sequelize: Sequelize): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const [row] = await sequelize.query<{ Status: string }>('SHOW ENGINE INNODB STATUS', { type: QueryTypes.SELECT });
    const length = Number(/History list length (\d+)/.exec(row?.Status ?? '')?.[1] ?? 0);
    if (length < 1_000) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

const financialStatusStep: Step = {
  name: 'financial-status',
  describe: `recomputeFinancialStatus(today) over every ACTIVE plan (target ≤ ${TARGET_MS / 1000} s)`,
  async run({ sequelize, today, results, log }) {
    // Start from a known state so the run really writes: every bench plan and its application GOOD / 0.
    // The state the ledger keeps at every payment: each plan's next due date is its oldest unpaid
    // entry (entries 1..MOD(id, 4) are paid). What time changes is reset: status, days, past due.
    await sequelize.query(
      `UPDATE student_payment_plans SET financial_status = 'GOOD', days_overdue = 0, past_due_amount = 0,
              next_due_date = DATE_ADD(first_payment_date, INTERVAL MOD(id, 4) MONTH)
        WHERE name = :name`,
      { replacements: { name: BENCH_PLAN } },
    );
    await sequelize.query(
      `UPDATE applications SET financial_status = 'GOOD', days_overdue = 0
        WHERE id IN (SELECT application_id FROM student_payment_plans WHERE name = :name)`,
      { replacements: { name: BENCH_PLAN } },
    );
    // The reset is setup, not the measured work: let InnoDB purge its old row versions first, so
    // the first run does not share the cores with the purge of the reset (history list length).
    const settled = await purgeSettled(sequelize);
    log(`  reset settled in ${settled} ms (InnoDB purge of the reset)`);
    const runs: number[] = [];
    let plans = 0;
    for (let i = 0; i < 3; i++) {
      const r = await recomputeFinancialStatus(today);
      runs.push(r.ms);
      plans = r.plans;
      log(`  run ${i + 1}: ${plans.toLocaleString('en-US')} plans in ${r.ms} ms${i === 0 ? ' (from a reset state)' : ''}`);
    }
    const byStatus = await sequelize.query<{ s: string; n: number }>(
      `SELECT financial_status AS s, COUNT(*) AS n FROM student_payment_plans WHERE status = 'ACTIVE' GROUP BY financial_status ORDER BY financial_status`,
      { type: QueryTypes.SELECT },
    );
    const first = runs[0];
    results.financialStatus = { plans, firstRunMs: first, runsMs: runs, targetMs: TARGET_MS, met: first <= TARGET_MS, byStatus };
    log(`  statuses: ${byStatus.map((r) => `${r.s} ${Number(r.n).toLocaleString('en-US')}`).join(', ')}`);
    log(`  recomputeFinancialStatus: ${first} ms for ${plans.toLocaleString('en-US')} plans — target ≤ ${TARGET_MS} ms ${first <= TARGET_MS ? 'met' : 'MISSED'}`);
  },
};

const PAYMENT_PLANS = Number(process.env.BENCH_PAYMENTS ?? 3_000);
const PAYMENT_CONNECTIONS = Number(process.env.BENCH_PAYMENT_CONNECTIONS ?? 20);
/** Payments on other plans before the timed ones, not counted (BENCH_PAYMENT_WARMUP). */
const PAYMENT_WARMUP = Number(process.env.BENCH_PAYMENT_WARMUP ?? 500);
const PAYMENTS_TARGET = 300;
const BENCH_ADMIN_EMAIL = 'bench-billing@example.com';

/** A SUPER_ADMIN for the bench (made once) and an access token for it, signed with the app's secret. */
async function benchToken(config: Config): Promise<string> {
  let user = await User.findOne({ where: { email: BENCH_ADMIN_EMAIL } });
  if (!user) {
    const role = await Role.findOne({ where: { name: 'SUPER_ADMIN' } });
    if (!role) throw new Error('SUPER_ADMIN role missing');
    user = await User.create({
      email: BENCH_ADMIN_EMAIL,
      passwordHash: null,
      kind: 'ADMIN',
      emailVerifiedAt: new Date(),
      firstFailedLoginAt: null,
      lockedUntil: null,
      lastLoginAt: null,
      lastActivityAt: null,
      tokensValidAfter: null,
      updatedById: null,
      updatedByName: 'Benchmark',
    });
    const admin = await Administrator.create({
      userId: user.id,
      email: BENCH_ADMIN_EMAIL,
      firstName: 'Bench',
      lastName: 'Billing',
      updatedById: null,
      updatedByName: 'Benchmark',
      deletedAt: null,
    });
    await AdministratorRole.create({ administratorId: admin.id, roleId: role.id });
  }
  const principal = await loadPrincipal(user.id);
  if (!principal) throw new Error('no principal for the bench admin');
  return signAccessToken(config.JWT_SECRET, 3600, principal);
}

const BENCH_JWT_SECRET = 'bench-billing-secret-that-is-long-enough-0123456789';
const SERVER_PROCESSES = Math.max(1, Number(process.env.BENCH_SERVER_PROCESSES ?? 1));

/** `npm start`'s server (api/server.ts) in its own process on the bench database; answers it once /api/health does. */
async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(`  [server] ${c.toString().slice(0, 400)}`));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer within 60 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * `payments`: accepted sandbox card payments per second through the real HTTP API: `npm start`'s
 * server in its own process (BENCH_SERVER_PROCESSES of them, each on its own port, round robin) on
 * MariaDB, driven by autocannon from this process with BENCH_PAYMENT_CONNECTIONS connections.
 * BENCH_PAYMENTS distinct bench plans never paid before each get one INSTALLMENT payment (their
 * oldest unpaid entry, 500.00, with an Idempotency-Key) through the whole pipeline (rules, claim,
 * IN_PROGRESS row, sandbox charge, allocation, ledger line, release). Target ≥ 300 accepted
 * payments/s, timed from the first request to the last answer, after BENCH_PAYMENT_WARMUP (500)
 * uncounted payments on other plans. Each run uses fresh plans.
 */
const paymentsStep: Step = {
  name: 'payments',
  describe: `${PAYMENT_PLANS.toLocaleString('en-US')} card payments on distinct plans over HTTP, ${PAYMENT_CONNECTIONS} connections, ${SERVER_PROCESSES} server process(es) (target ≥ ${PAYMENTS_TARGET}/s)`,
  async run({ sequelize, results, log }) {
    const all = await sequelize.query<{ id: number; studentId: number }>(
      `SELECT p.id, p.student_id AS studentId FROM student_payment_plans p
        WHERE p.name = :name AND p.status = 'ACTIVE' AND p.payment_claim IS NULL
          AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.student_payment_plan_id = p.id)
        ORDER BY p.id LIMIT :n`,
      { type: QueryTypes.SELECT, replacements: { name: BENCH_PLAN, n: PAYMENT_WARMUP + PAYMENT_PLANS } },
    );
    if (all.length < PAYMENT_WARMUP + PAYMENT_PLANS) {
      throw new Error(`only ${all.length} unpaid bench plans left: reset the bench database (DROP DATABASE hci_bench)`);
    }
    const warmup = all.slice(0, PAYMENT_WARMUP);
    const plans = all.slice(PAYMENT_WARMUP);
    // One chargeable sandbox card per student of those plans, assigned to the plans.
    const card = await new SandboxGateway().attachCard('tok_visa', { studentId: 0, email: 'bench@example.com', customerId: null });
    await sequelize.query(
      `INSERT INTO payment_methods (student_id, gateway, gateway_customer_id, gateway_method_id, fingerprint, brand, last4, exp_month, exp_year, is_default, deleted, created_at, updated_at)
       SELECT DISTINCT p.student_id, 'SANDBOX', NULL, :methodId, CONCAT('bench-', p.student_id), 'visa', '4242', :month, :year, true, false, NOW(3), NOW(3)
         FROM student_payment_plans p
        WHERE p.id IN (:ids) AND NOT EXISTS (SELECT 1 FROM payment_methods m WHERE m.student_id = p.student_id AND m.fingerprint = CONCAT('bench-', p.student_id))`,
      { replacements: { methodId: card.methodId, month: card.expMonth, year: card.expYear, ids: all.map((p) => p.id) } },
    );
    await sequelize.query(
      `UPDATE student_payment_plans p JOIN payment_methods m ON m.student_id = p.student_id AND m.fingerprint = CONCAT('bench-', p.student_id)
          SET p.payment_method_id = m.id WHERE p.id IN (:ids)`,
      { replacements: { ids: all.map((p) => p.id) } },
    );

    const env = {
      DATABASE_URL: DB_URL,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOG_SQL: 'false',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      DB_POOL_MAX: String(Math.max(Math.ceil(PAYMENT_CONNECTIONS / SERVER_PROCESSES) + 5, 10)),
    };
    const token = await benchToken(loadConfig({ ...process.env, ...env }));
    const ports = await Promise.all(Array.from({ length: SERVER_PROCESSES }, freePort));
    const servers: ChildProcess[] = [];
    let statuses = new Map<number, number>();
    let latencies: number[] = [];
    let lastAnswer = 0;
    /** One autocannon run per server process, each with its share of these plans and of the connections. */
    const drive = (batch: Array<{ id: number; studentId: number }>) =>
      Promise.all(
        ports.map(async (port, i) => {
          const share = batch.filter((_, k) => k % ports.length === i);
          let next = 0;
          const instance = autocannon({
            url: `http://127.0.0.1:${port}`,
            connections: Math.max(1, Math.round(PAYMENT_CONNECTIONS / ports.length)),
            amount: share.length,
            timeout: 30,
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => {
                  const plan = share[next++ % share.length];
                  return {
                    ...req,
                    method: 'POST',
                    path: `/api/students/${plan.studentId}/payment_plans/${plan.id}/payments`,
                    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${plan.id}` },
                    body: JSON.stringify({ type: 'INSTALLMENT', amount: 500 }),
                  };
                },
              },
            ],
          });
          instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
            statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
            latencies.push(ms);
            lastAnswer = performance.now();
          });
          await instance;
        }),
      );
    let seconds: number;
    let cpu: CpuReading | null;
    try {
      for (const port of ports) servers.push(await startServer(port, env));
      // Warm-up: a running server has its code compiled and its pool open; these payments are not counted.
      if (warmup.length) await drive(warmup);
      statuses = new Map();
      latencies = [];
      const cpuMeter = startCpu({ server: servers.map((s) => s.pid!), MariaDB: pidsNamed('mariadbd', 'mysqld') });
      const started = performance.now();
      await drive(plans);
      // Until the last answer: autocannon itself only notices the end on its next one-second tick.
      seconds = (lastAnswer - started) / 1000;
      cpu = cpuMeter.stop(plans.length);
    } finally {
      await Promise.all(servers.map(stopServer));
    }
    const accepted = statuses.get(201) ?? 0;
    const paidInDb = await one(sequelize, `SELECT COUNT(*) AS n FROM payments WHERE status = 'ACCEPTED' AND student_payment_plan_id IN (:ids)`, { ids: plans.map((p) => p.id) });
    latencies.sort((a, b) => a - b);
    const p = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((q / 100) * latencies.length))]);
    const perSecond = Math.round(accepted / seconds);
    results.payments = {
      plans: plans.length,
      connections: PAYMENT_CONNECTIONS,
      serverProcesses: SERVER_PROCESSES,
      seconds,
      accepted,
      acceptedInDatabase: paidInDb,
      statuses: Object.fromEntries(statuses),
      perSecond,
      p50Ms: p(50),
      p95Ms: p(95),
      p99Ms: p(99),
      target: PAYMENTS_TARGET,
      met: perSecond >= PAYMENTS_TARGET,
      cpu,
    };
    log(`  statuses: ${[...statuses].map(([k, v]) => `${k} × ${v}`).join(', ')}; ACCEPTED in the database: ${paidInDb}`);
    const cpuLine = describeCpu(cpu);
    if (cpuLine) log(`  ${cpuLine}`);
    log(
      `  ${accepted} accepted payments in ${seconds.toFixed(2)} s = ${perSecond}/s (p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms) — target ≥ ${PAYMENTS_TARGET}/s ${perSecond >= PAYMENTS_TARGET ? 'met' : 'MISSED'}`,
    );
  },
};

/** The steps in the order they run. */
export const STEPS: Step[] = [schedulesStep, financialStatusStep, paymentsStep];

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const wanted = (process.env.BENCH_STEPS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
  if (unknown.length) throw new Error(`unknown step(s): ${unknown.join(', ')} (steps: ${STEPS.map((s) => s.name).join(', ')})`);
  const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;
  const mariadb = await ensureDatabase(DB_URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL, LOG_LEVEL: 'warn', LOG_SQL: 'false' });
  const sequelize = await connectDatabase(config, createLogger('warn'));
  const ctx: StepContext = { sequelize, today: schoolToday(), results: {}, log: (line) => console.log(line) };
  const startedAt = new Date();
  try {
    console.log(`billing bench on ${DB_URL} (MariaDB ${mariadb}), today ${ctx.today}`);
    for (const step of steps) {
      console.log(`[${step.name}] ${step.describe}`);
      const t0 = Date.now();
      await step.run(ctx);
      console.log(`[${step.name}] done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/billing.json'),
      `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), database: DB_URL, mariadb, steps: steps.map((s) => s.name), ...ctx.results }, null, 2)}\n`,
    );
    console.log('written: bench/results/billing.json');
  } finally {
    await sequelize.close();
  }
}

// The whole run is bounded: a watchdog exits if something hangs.
const watchdog = setTimeout(() => {
  console.error('billing benchmark watchdog: giving up after 20 minutes');
  process.exit(2);
}, 20 * 60_000);
watchdog.unref();

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
