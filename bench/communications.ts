/**
 * `npm run bench:communications`: a BROADCAST to 100k students on MariaDB (issue 17 "Performance").
 *
 * - Seed (kept between runs): the demo catalogue and applications (seedDemo) once, then students up to
 *   BENCH_COMM_STUDENTS (100,000; seeders/bulk.ts) and an ACTIVE enrollment for each (one INSERT …
 *   SELECT), so every one is a BROADCAST recipient. The delivery tables (communication_intents,
 *   outbox_messages, the COMMUNICATION activity entries) are emptied first: the bench database is the
 *   bench's own.
 * - (a) intents: `createCommunication` of a NOW BROADCAST, which makes its intents set-based (one
 *   INSERT … SELECT per channel: an EMAIL and an INBOX intent per student); target ≤ 10 s.
 * - (c) preview: `previewCommunication` for BENCH_COMM_PREVIEWS (200) students in turn, a manual
 *   message and one of a template in an email template (the MJML layout); target p95 ≤ 50 ms.
 * - (b) delivery: the dispatcher (`dispatchIntents`, as the COMMUNICATION_DISPATCH job runs it: batches
 *   of BENCH_COMM_BATCH, BENCH_COMM_CONCURRENCY at once, BENCH_COMM_DISPATCHERS loops in this process)
 *   through the product's SMTP mailer (nodemailer's pooled transport, SMTP_POOL_MAX_CONNECTIONS =
 *   BENCH_COMM_SMTP_CONNECTIONS) into a local SMTP server (smtp-server, in a child process so it does
 *   not share this event loop) for BENCH_COMM_DELIVER_SECONDS (0: until every intent is sent); the
 *   server counts messages and distinct Message-IDs (none twice). RSS and heap are sampled every
 *   second; target ≥ 200 emails/s with memory flat (heap at the end within 25 % of the heap after
 *   the first 10 s).
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench_comms), the
 * BENCH_COMM_* above. Results: printed, and bench/results/communications.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createApp } from '../api/app';
import { createDeps } from '../api/bootstrap';
import { systemActor } from '../api/common/context';
import { createLogger } from '../api/common/logger';
import { createCommunication, previewCommunication } from '../api/communications/communications.service';
import { communicationBody } from '../api/communications/communications.schemas';
import { dispatchIntents } from '../api/communications/dispatcher';
import { loadConfig } from '../api/config';
import { CommunicationIntent, CommunicationTemplate, EmailTemplate } from '../models';
import { seedDemo } from '../seeders/demo';
import { seedBulkStudents } from '../seeders/bulk';
import { describeCpu, pidsNamed, startCpu } from './cpu';
import { assertLocal, ensureDatabase } from './support';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench_comms';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = env('BENCH_COMM_STUDENTS', 100_000);
const PREVIEWS = env('BENCH_COMM_PREVIEWS', 200);
const BATCH = env('BENCH_COMM_BATCH', 500);
const CONCURRENCY = env('BENCH_COMM_CONCURRENCY', 16);
const DISPATCHERS = env('BENCH_COMM_DISPATCHERS', 2);
const SMTP_CONNECTIONS = env('BENCH_COMM_SMTP_CONNECTIONS', 5);
const DELIVER_SECONDS = env('BENCH_COMM_DELIVER_SECONDS', 0);

const count = async (sequelize: Sequelize, sql: string) =>
  Number(((await sequelize.query<{ n: number | string }>(sql, { type: QueryTypes.SELECT }))[0] as { n: number | string }).n);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The SMTP sink: smtp-server in a child process, counting messages and Message-IDs. */
const SINK = `
const { SMTPServer } = require('smtp-server');
let messages = 0; const ids = new Set(); let duplicates = 0;
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, closeTimeout: 100,
  onData(stream, _session, cb) {
    let head = ''; let inHead = true;
    stream.on('data', (c) => { if (inHead) { head += c.toString('utf8'); if (head.includes('\\r\\n\\r\\n')) inHead = false; } });
    stream.on('end', () => { messages++; const m = /^message-id:\\s*(.+)$/im.exec(head); if (m) { const id = m[1].trim(); if (ids.has(id)) duplicates++; else ids.add(id); } cb(); });
  } });
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => { if (m === 'stats') process.send({ messages, unique: ids.size, duplicates }); if (m === 'stop') server.close(() => process.exit(0)); });
`;

function startSink(): Promise<{ child: ChildProcess; port: number; stats(): Promise<{ messages: number; unique: number; duplicates: number }> }> {
  const file = path.join(os.tmpdir(), `bench-smtp-sink-${process.pid}.cjs`);
  fs.writeFileSync(file, SINK);
  const child = fork(file, [], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, NODE_PATH: path.join(__dirname, '..', 'node_modules') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stats = () =>
    new Promise<{ messages: number; unique: number; duplicates: number }>((resolve) => {
      child.once('message', (m) => resolve(m as never));
      child.send('stats');
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port, stats }));
  });
}

async function seed(sequelize: Sequelize): Promise<number> {
  if ((await count(sequelize, 'SELECT COUNT(*) AS n FROM applications')) === 0) {
    console.log('seeding the demo catalogue and applications (once)');
    await seedDemo({ password: 'Bench12345', rounds: 4 });
  }
  // Until BENCH_COMM_STUDENTS of them are BROADCAST recipients (the bulk seeder makes some archived or
  // prospects only, who are not).
  const eligible = 'SELECT COUNT(*) AS n FROM students WHERE archived = 0 AND is_student = 1';
  for (let have = await count(sequelize, eligible); have < STUDENTS; have = await count(sequelize, eligible)) {
    const adding = Math.ceil((STUDENTS - have) * 1.25);
    console.log(`adding ${adding} students (${have} eligible)`);
    await seedBulkStudents(sequelize, adding, { batchSize: 5000, log: false });
  }
  const [app] = await sequelize.query<{ id: number; cohortId: number; programId: number }>(
    'SELECT ac.application_id AS id, ac.cohort_id AS cohortId, ac.program_id AS programId FROM application_cohorts ac ORDER BY ac.application_id LIMIT 1',
    { type: QueryTypes.SELECT },
  );
  if (!app) throw new Error('no application with a cohort in the demo data');
  // Every student without an enrollment gets an ACTIVE one (the BROADCAST's recipients: active students in a class).
  const t0 = performance.now();
  await sequelize.query(
    `INSERT INTO enrollments (application_id, student_id, cohort_id, program_id, status, enrolled_at, created_at, updated_at)
     SELECT ${app.id}, s.id, ${app.cohortId}, ${app.programId}, 'ACTIVE', NOW(3), NOW(3), NOW(3) FROM students s
     WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = s.id)`,
  );
  await sequelize.query(
    "UPDATE students SET active = 1 WHERE active = 0 AND archived = 0 AND is_student = 1 AND EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = students.id AND e.status = 'ACTIVE')",
  );
  console.log(`enrollments ready in ${Math.round(performance.now() - t0)} ms`);
  return count(sequelize, 'SELECT COUNT(*) AS n FROM students');
}

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const version = await ensureDatabase(DB_URL);
  const sink = await startSink();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: DB_URL,
    DB_POOL_MAX: String(Math.max(10, DISPATCHERS * CONCURRENCY + 4)),
    SEED_DEMO: 'false',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    SMTP_POOL_MAX_CONNECTIONS: String(SMTP_CONNECTIONS),
    COMMUNICATION_RATE_PER_SECOND: '10000',
    LOG_LEVEL: 'warn',
  });
  const deps = await createDeps(config, createLogger('warn'));
  createApp(deps); // installs the domain event handlers the demo seed raises events to
  const { sequelize } = deps;
  const totalStudents = await seed(sequelize);
  // How busy the machine is: a database round trip (SELECT 1) and an autocommit write, medians of 50.
  const probe = async (sql: string) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const s = performance.now();
      await sequelize.query(sql);
      times.push(performance.now() - s);
    }
    return +percentile(
      times.sort((a, b) => a - b),
      50,
    ).toFixed(2);
  };
  await sequelize.query('CREATE TABLE IF NOT EXISTS bench_probe (id INT AUTO_INCREMENT PRIMARY KEY, v INT)');
  const load = {
    selectOneMs: await probe('SELECT 1'),
    autocommitInsertMs: await probe('INSERT INTO bench_probe (v) VALUES (1)'),
    loadAverage: os.loadavg().map((x) => +x.toFixed(1)),
  };
  await sequelize.query('DROP TABLE bench_probe');
  console.log(`machine: ${JSON.stringify(load)}`);
  // The delivery tables are the bench's: emptied so every run starts the same.
  await sequelize.query('TRUNCATE TABLE communication_intents');
  await sequelize.query('DELETE FROM communications');
  await sequelize.query('TRUNCATE TABLE outbox_messages');
  await sequelize.query("DELETE FROM activity_logs WHERE category = 'COMMUNICATION'");

  // (a) The BROADCAST and its intents.
  const input = communicationBody.parse({
    recipientType: 'BROADCAST',
    scheduleType: 'NOW',
    subject: 'BENCH Term starts Monday',
    header: 'Welcome back',
    longMessageBody: '<p>Dear {{firstName}},</p><p>Classes resume on Monday. See you there, {{fullName}}.</p>',
    shortMessageBody: 'Dear {{firstName}}, classes resume on Monday.',
  });
  const t0 = performance.now();
  const created = await createCommunication(deps, input, systemActor);
  const intentsMs = performance.now() - t0;
  const intents = await count(sequelize, `SELECT COUNT(*) AS n FROM communication_intents WHERE communication_id = ${Number(created.id)}`);
  console.log(`(a) ${intents} intents for ${created.recipientCount} recipients in ${Math.round(intentsMs)} ms`);

  // (c) Previews: a manual message, and one of a template inside an email template (MJML layout).
  const ids = (await sequelize.query<{ id: number }>(`SELECT id FROM students ORDER BY id LIMIT ${PREVIEWS}`, { type: QueryTypes.SELECT })).map((r) => r.id);
  const template = await CommunicationTemplate.findOne({ where: { key: 'PASSWORD_RESET' } });
  const layout = await EmailTemplate.findOne({ where: { deleted: false } });
  const previewTimes = async (draft: Record<string, unknown>) => {
    const times: number[] = [];
    for (const studentId of ids) {
      const s = performance.now();
      await previewCommunication({ ...input, ...draft, studentId } as never);
      times.push(performance.now() - s);
    }
    return times.sort((a, b) => a - b);
  };
  const manual = await previewTimes({ emailTemplateId: layout?.id ?? null });
  // Every param the template declares gets a sample value (the recipient's own come from the student).
  const sampleParams = Object.fromEntries((template?.availableParams ?? []).map((name) => [name, `sample ${name}`]));
  const templated = template
    ? await previewTimes({ communicationTemplateId: template.id, emailTemplateId: layout?.id ?? null, params: sampleParams }).catch((err) => {
        console.warn(`template preview skipped: ${(err as Error).message}`);
        return [] as number[];
      })
    : [];
  const previewSummary = (t: number[]) =>
    t.length ? { n: t.length, p50: +percentile(t, 50).toFixed(1), p95: +percentile(t, 95).toFixed(1), max: +t[t.length - 1].toFixed(1) } : null;
  console.log(`(c) preview manual ${JSON.stringify(previewSummary(manual))} template ${JSON.stringify(previewSummary(templated))}`);

  // (b) Delivery.
  const emailIntents = await count(sequelize, `SELECT COUNT(*) AS n FROM communication_intents WHERE communication_id = ${Number(created.id)} AND channel = 'EMAIL'`);
  const samples: Array<{ s: number; rss: number; heap: number; sent: number }> = [];
  let sent = 0;
  const controller = new AbortController();
  const start = performance.now();
  const cpuMeter = startCpu({ MariaDB: pidsNamed('mariadbd', 'mysqld'), 'SMTP server': sink.child.pid ? [sink.child.pid] : [] });
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    samples.push({ s: Math.round((performance.now() - start) / 1000), rss: mb(m.rss), heap: mb(m.heapUsed), sent });
  }, 1000);
  if (DELIVER_SECONDS > 0) setTimeout(() => controller.abort(), DELIVER_SECONDS * 1000).unref();
  const loop = async (k: number) => {
    while (!controller.signal.aborted) {
      const r = await dispatchIntents(deps, { owner: `bench-${k}`, limit: BATCH, concurrency: CONCURRENCY, signal: controller.signal });
      sent += r.sent;
      if (!r.claimed) return;
    }
  };
  await Promise.all(Array.from({ length: DISPATCHERS }, (_, k) => loop(k)));
  const ms = performance.now() - start;
  clearInterval(sampler);
  const emailsSent = await count(
    sequelize,
    `SELECT COUNT(*) AS n FROM communication_intents WHERE communication_id = ${Number(created.id)} AND channel = 'EMAIL' AND status = 'SENT'`,
  );
  const cpuReading = cpuMeter.stop(Math.max(1, emailsSent));
  const inboxSent = await count(
    sequelize,
    `SELECT COUNT(*) AS n FROM communication_intents WHERE communication_id = ${Number(created.id)} AND channel = 'INBOX' AND status = 'SENT'`,
  );
  const failed = await CommunicationIntent.count({ where: { communicationId: Number(created.id), status: 'FAILED' } });
  const smtp = await sink.stats();
  const emailsPerSecond = Math.round((emailsSent / ms) * 1000);
  const settled = samples.filter((x) => x.s >= 10);
  const heapAfterWarmup = settled[0]?.heap ?? samples[0]?.heap ?? 0;
  const heapEnd = samples[samples.length - 1]?.heap ?? 0;
  const memory = {
    rssStartMb: samples[0]?.rss,
    rssPeakMb: Math.max(...samples.map((x) => x.rss)),
    rssEndMb: samples[samples.length - 1]?.rss,
    heapAfter10sMb: heapAfterWarmup,
    heapPeakMb: Math.max(...samples.map((x) => x.heap)),
    heapEndMb: heapEnd,
    flat: heapEnd <= heapAfterWarmup * 1.25 + 8,
  };
  const cpuLine = describeCpu(cpuReading && { ...cpuReading, perOperationMs: renameGenerator(cpuReading.perOperationMs) });
  if (cpuLine) console.log(cpuLine.replace('CPU per payment', 'CPU per email (with its inbox copy)'));
  console.log(`(b) ${emailsSent} emails (+${inboxSent} inbox) in ${Math.round(ms)} ms = ${emailsPerSecond}/s; smtp ${JSON.stringify(smtp)}; memory ${JSON.stringify(memory)}`);

  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} MB (shared with other work: figures are low)`,
    database: `MariaDB ${version}`,
    load,
    students: totalStudents,
    intents: { count: intents, recipients: created.recipientCount, ms: Math.round(intentsMs), target: 10_000, pass: intentsMs <= 10_000 },
    preview: {
      manual: previewSummary(manual),
      template: previewSummary(templated),
      targetP95: 50,
      pass: (previewSummary(manual)?.p95 ?? Infinity) <= 50 && (templated.length === 0 || (previewSummary(templated)?.p95 ?? Infinity) <= 50),
    },
    delivery: {
      dispatchers: DISPATCHERS,
      batch: BATCH,
      concurrency: CONCURRENCY,
      smtpConnections: SMTP_CONNECTIONS,
      seconds: DELIVER_SECONDS || null,
      emailIntents,
      emailsSent,
      inboxSent,
      failed,
      ms: Math.round(ms),
      emailsPerSecond,
      cpu: cpuReading && { ...cpuReading, perOperationMs: renameGenerator(cpuReading.perOperationMs) },
      smtp,
      noneTwice: smtp.duplicates === 0 && smtp.unique === smtp.messages,
      memory,
      samples: samples.filter((_, i) => i % 5 === 0),
      target: 200,
      pass: emailsPerSecond >= 200 && memory.flat && smtp.duplicates === 0 && failed === 0,
    },
  };
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'communications.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ ...result, delivery: { ...result.delivery, samples: undefined } }, null, 2));
  deps.mailer.close?.();
  sink.child.send('stop');
  await sequelize.close();
  if (!(result.intents.pass && result.preview.pass && result.delivery.pass)) process.exitCode = 1;
}

/** This process is the dispatcher (bench/cpu.ts calls it the load generator). */
function renameGenerator(perOperationMs: Record<string, number>): Record<string, number> {
  const { ['load generator']: dispatcher, ...rest } = perOperationMs;
  return { ...rest, dispatcher };
}

main().catch((err) => {
  console.error(err);
  process.exit(1); // the SMTP sink exits when its IPC channel closes
});
