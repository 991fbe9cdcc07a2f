/**
 * `npm run bench`: the API's list endpoints against a raw node:http + mysql2 baseline that runs the
 * same SQL, on 100k students in MariaDB, side by side in one run.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench), BENCH_ROWS (100000),
 * BENCH_DURATION seconds per measurement (8), BENCH_CONNECTIONS (1,10).
 * Results: a table on stdout and bench/results/latest.json. Child processes are always stopped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import { QueryTypes, type Sequelize } from 'sequelize';
import { connectDatabase } from '../api/bootstrap';
import { loadPrincipal } from '../api/auth/principal';
import { createLogger } from '../api/common/logger';
import { signAccessToken } from '../api/common/tokens';
import { loadConfig } from '../api/config';
import { Administrator, AdministratorRole, Role, User } from '../models';
import { seedBulkStudents } from '../seeders/bulk';
import { assertLocal, ensureDatabase, freePort } from './support';

const ROOT = path.resolve(__dirname, '..');
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Math.min(Math.max(Number(process.env.BENCH_DURATION ?? 8), 1), 60);
/** Seconds a list total is reused, on both sides (0: count on every full page). */
const COUNT_CACHE = String(Math.max(0, Number(process.env.LIST_COUNT_CACHE_SECONDS ?? 15)));
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 100);
const JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';
const ADMIN = { email: 'bench-admin@example.com', password: 'BenchAdmin123' };

interface Scenario {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const SCENARIOS: Scenario[] = [
  { key: 'a', label: 'first page by last name', method: 'GET', path: '/api/students?page=0&size=10&sortBy=LAST_NAME' },
  { key: 'b', label: 'deep page 5000', method: 'GET', path: '/api/students?page=5000&size=10&sortBy=LAST_NAME' },
  { key: 'c', label: "keyword 'smi' (prefix)", method: 'GET', path: '/api/students?keyword=smi&size=10&sortBy=LAST_NAME' },
  { key: 'd', label: 'criteria NY + FEMALE', method: 'POST', path: '/api/students/find_by_criteria?size=10&sortBy=LAST_NAME', body: { stateCodes: ['NY'], genders: ['FEMALE'] } },
];

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
  non2xx: number;
}

const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((l) => process.stderr.write(`  [${name}] ${l.slice(0, 400)}\n`));
  child.stdout!.on('data', (c: Buffer) => (env.BENCH_CHILD_QUIET === 'true' ? undefined : prefix(c)));
  child.stderr!.on('data', prefix);
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') process.stderr.write(`  [${name}] exited (${code ?? signal})\n`);
  });
  return child;
}

async function waitFor(url: string, child: ChildProcess, seconds = 60) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function stopChildren() {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            c.kill('SIGKILL');
            resolve();
          }, 5000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
}

async function ensureBenchAdmin(): Promise<number> {
  const existing = await User.findOne({ where: { email: ADMIN.email } });
  if (existing) return existing.id;
  const role = await Role.findOne({ where: { name: 'SUPER_ADMIN' } });
  if (!role) throw new Error('SUPER_ADMIN role missing');
  return User.sequelize!.transaction(async (transaction) => {
    const user = await User.create(
      {
        email: ADMIN.email,
        passwordHash: await bcrypt.hash(ADMIN.password, 10),
        kind: 'ADMIN',
        emailVerifiedAt: new Date(),
        firstFailedLoginAt: null,
        lockedUntil: null,
        lastLoginAt: null,
        lastActivityAt: null,
        tokensValidAfter: null,
        updatedById: null,
        updatedByName: 'Benchmark',
      },
      { transaction },
    );
    const admin = await Administrator.create(
      { userId: user.id, email: ADMIN.email, firstName: 'Bench', lastName: 'Admin', updatedById: null, updatedByName: 'Benchmark', deletedAt: null },
      { transaction },
    );
    await AdministratorRole.create({ administratorId: admin.id, roleId: role.id }, { transaction });
    return user.id;
  });
}

async function signIn(base: string, userId: number): Promise<{ token: string; how: string }> {
  try {
    const res = await fetch(`${base}/api/auth/signin/admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (res.ok) {
      const body = (await res.json()) as { accessToken?: string };
      if (body.accessToken) return { token: body.accessToken, how: 'POST /api/auth/signin/admin' };
    }
  } catch {
    /* fall back below */
  }
  const principal = await loadPrincipal(userId);
  if (!principal) throw new Error('no principal for the bench admin');
  return { token: signAccessToken(JWT_SECRET, 3600, principal), how: 'signed locally (signin endpoint unavailable)' };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function measure(base: string, s: Scenario, connections: number, duration: number, token?: string): Promise<Measure> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (s.body) headers['content-type'] = 'application/json';
  const latencies: number[] = [];
  const instance = autocannon({ url: `${base}${s.path}`, method: s.method, headers, body: s.body ? JSON.stringify(s.body) : undefined, connections, duration, timeout: 10 });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const r = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: r.requests.total / r.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** One request each side: same status, same total, same ids in the same order. */
async function compareAnswers(api: string, raw: string, token: string, s: Scenario): Promise<string> {
  const call = async (base: string, auth: boolean) => {
    const res = await fetch(`${base}${s.path}`, {
      method: s.method,
      headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...(s.body ? { 'content-type': 'application/json' } : {}) },
      body: s.body ? JSON.stringify(s.body) : undefined,
    });
    const text = await res.text();
    let body: { content?: Array<{ id: number }>; pagination?: { total: number } } = {};
    try {
      body = JSON.parse(text);
    } catch {
      /* reported below */
    }
    return { status: res.status, body, text };
  };
  const [a, r] = await Promise.all([call(api, true), call(raw, false)]);
  if (a.status !== 200) throw new Error(`API ${s.method} ${s.path} answered ${a.status}: ${a.text.slice(0, 300)}`);
  const ids = (x: typeof a) => (x.body.content ?? []).map((c) => c.id).join(',');
  const same = ids(a) === ids(r) && a.body.pagination?.total === r.body.pagination?.total;
  return `${same ? 'same' : 'DIFFERENT'} answer (total ${a.body.pagination?.total} vs ${r.body.pagination?.total}, ${a.body.content?.length ?? 0} rows)`;
}

function sh(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', timeout: 5000 }).trim();
  } catch {
    return 'n/a';
  }
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const startedAt = new Date();
  const mariadbVersion = await ensureDatabase(DB_URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL, LOG_LEVEL: 'warn', LOG_SQL: 'false' });
  const sequelize: Sequelize = await connectDatabase(config, createLogger('warn'));
  let loadSeconds: number | null = null;
  let students: number;
  try {
    const [{ n }] = await sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM students', { type: QueryTypes.SELECT });
    students = Number(n);
    if (students < ROWS) {
      console.log(`loading ${(ROWS - students).toLocaleString('en-US')} students into ${DB_URL} ...`);
      const result = await seedBulkStudents(sequelize, ROWS - students, { log: (l) => console.log(l) });
      loadSeconds = result.ms / 1000;
      students = ROWS;
      console.log(`load time: ${loadSeconds.toFixed(1)} s for ${result.inserted.toLocaleString('en-US')} students`);
      await sequelize.query('ANALYZE TABLE students, users');
    }
    const adminUserId = await ensureBenchAdmin();
    const [{ listed }] = await sequelize.query<{ listed: number }>('SELECT COUNT(*) AS listed FROM students WHERE archived = false AND is_student = true', {
      type: QueryTypes.SELECT,
    });

    const apiPort = await freePort();
    const api = startChild('api', 'api/server.ts', {
      DATABASE_URL: DB_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_SQL: 'false',
      PORT: String(apiPort),
      NODE_ENV: 'production',
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      BCRYPT_ROUNDS: '10',
      LIST_COUNT_CACHE_SECONDS: COUNT_CACHE,
    });
    const rawPort = await freePort();
    const raw = startChild('raw', 'bench/raw-server.ts', {
      DATABASE_URL: DB_URL,
      PORT: String(rawPort),
      BENCH_CHILD_QUIET: 'true',
      LIST_COUNT_CACHE_SECONDS: COUNT_CACHE,
      BENCH_USER_ID: String(adminUserId),
    });
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const rawBase = `http://127.0.0.1:${rawPort}`;
    await Promise.all([waitFor(`${apiBase}/api/health`, api), waitFor(`${rawBase}/health`, raw)]);
    const { token, how } = await signIn(apiBase, adminUserId);
    console.log(`API on ${apiBase} (token: ${how}), raw baseline on ${rawBase}; ${students.toLocaleString('en-US')} students (${Number(listed).toLocaleString('en-US')} listed)`);

    const rows: Array<{ scenario: string; label: string; path: string; connections: number; api: Measure; raw: Measure; ratio: number; check: string }> = [];
    for (const s of SCENARIOS) {
      const check = await compareAnswers(apiBase, rawBase, token, s);
      console.log(`(${s.key}) ${s.method} ${s.path}: ${check}`);
      // Warm both sides (JIT, pools, buffer pool) before measuring.
      await measure(apiBase, s, 2, 1, token);
      await measure(rawBase, s, 2, 1);
      for (const c of CONNECTIONS) {
        const a = await measure(apiBase, s, c, DURATION, token);
        const r = await measure(rawBase, s, c, DURATION);
        rows.push({ scenario: s.key, label: s.label, path: `${s.method} ${s.path}`, connections: c, api: a, raw: r, ratio: a.rps / r.rps, check });
        console.log(
          `    ${c} conn: API ${fmt(a.rps)} req/s p50 ${fmt(a.p50, 1)} p95 ${fmt(a.p95, 1)} ms | raw ${fmt(r.rps)} req/s p50 ${fmt(r.p50, 1)} p95 ${fmt(r.p95, 1)} ms | ratio ${fmt(a.rps / r.rps, 2)}${a.non2xx || a.errors ? ` | API non-2xx ${a.non2xx}, errors ${a.errors}` : ''}`,
        );
      }
    }

    const header = '| scenario | conn | API req/s | raw req/s | API/raw | API p50 / p95 ms | raw p50 / p95 ms |';
    const lines = [header, '|---|---:|---:|---:|---:|---:|---:|'];
    for (const r of rows) {
      lines.push(
        `| (${r.scenario}) ${r.label} | ${r.connections} | ${fmt(r.api.rps)} | ${fmt(r.raw.rps)} | ${fmt(r.ratio, 2)} | ${fmt(r.api.p50, 1)} / ${fmt(r.api.p95, 1)} | ${fmt(r.raw.p50, 1)} / ${fmt(r.raw.p95, 1)} |`,
      );
    }
    console.log(`\n${lines.join('\n')}\n`);
    const misses = rows.filter((r) => r.ratio < 0.6 || (r.connections === 1 && r.api.p95 > 20));
    console.log(
      misses.length
        ? `targets missed (ratio ≥ 0.6, API p95 ≤ 20 ms at 1 connection): ${misses.map((m) => `(${m.scenario})@${m.connections}`).join(', ')}`
        : 'all targets met (ratio ≥ 0.6, API p95 ≤ 20 ms at 1 connection)',
    );

    const machine = {
      nproc: os.cpus().length,
      memory: sh('free', ['-h']).split('\n')[1]?.replace(/\s+/g, ' ') ?? 'n/a',
      node: process.version,
      mariadb: mariadbVersion,
      cpu: os.cpus()[0]?.model ?? 'n/a',
      kernel: os.release(),
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/latest.json'),
      `${JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          finishedAt: new Date().toISOString(),
          database: DB_URL,
          students,
          listed: Number(listed),
          loadSeconds,
          durationSeconds: DURATION,
          connections: CONNECTIONS,
          machine,
          token: how,
          results: rows,
          table: lines.join('\n'),
        },
        null,
        2,
      )}\n`,
    );
    console.log('written: bench/results/latest.json');
  } finally {
    await stopChildren();
    await sequelize.close();
  }
}

// The whole run is bounded: a watchdog stops the children and exits if something hangs.
const watchdog = setTimeout(() => {
  console.error('benchmark watchdog: giving up after 20 minutes');
  stopChildren().finally(() => process.exit(2));
}, 20 * 60_000);
watchdog.unref();

main()
  .then(() => process.exit(0))
  .catch(async (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    await stopChildren();
    process.exit(1);
  });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopChildren().finally(() => process.exit(130));
  });
}
