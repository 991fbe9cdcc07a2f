/**
 * `node --import tsx bench/events.ts`: the domain event dispatcher's throughput on MariaDB (issue 16:
 * ≥ 2,000 events/s delivered to a no-op handler).
 *
 * Writes BENCH_EVENTS (20,000) PENDING deliveries of one event type to a no-op handler (as `raise`
 * writes them: one row per event and handler), then times `dispatchEvents` — each delivery claimed
 * under a lease, runs of them in one transaction (a savepoint per handler) that marks them DONE — with BENCH_EVENT_DISPATCHERS (4)
 * dispatchers racing over the same rows (as several processes or job runs would), each claiming
 * BENCH_EVENT_BATCH (500) at a time and running BENCH_EVENT_CONCURRENCY (4) at once, until none is left. Checks that every delivery is DONE once.
 *
 * Environment: BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/hci_bench_events; its
 * domain_events rows of the bench's type are deleted first), BENCH_EVENTS, BENCH_EVENT_DISPATCHERS,
 * BENCH_EVENT_BATCH, BENCH_EVENT_CONCURRENCY. Results: printed, and bench/results/events.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { connectDatabase } from '../api/bootstrap';
import { dispatchEvents, installEventHandlers, on, type PlanIssued } from '../api/common/events';
import { systemActor } from '../api/common/context';
import { createLogger } from '../api/common/logger';
import { loadConfig } from '../api/config';
import { DomainEvent } from '../models';
import { assertLocal, ensureDatabase } from './support';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/hci_bench_events';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const DISPATCHERS = Number(process.env.BENCH_EVENT_DISPATCHERS ?? 4);
const BATCH = Number(process.env.BENCH_EVENT_BATCH ?? 500);
const CONCURRENCY = Number(process.env.BENCH_EVENT_CONCURRENCY ?? 4);
const HANDLER = 'bench.noop';

async function main(): Promise<void> {
  assertLocal(DB_URL);
  const version = await ensureDatabase(DB_URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL, DB_POOL_MAX: String(Math.max(10, DISPATCHERS * CONCURRENCY + 4)), SEED_DEMO: 'false' });
  const sequelize = await connectDatabase(config, createLogger('warn'));
  let runs = 0;
  installEventHandlers([
    on({
      name: HANDLER,
      type: 'PlanIssued',
      async handle() {
        runs += 1;
      },
    }),
  ]);

  await DomainEvent.destroy({ where: { handler: HANDLER } });
  const payload: PlanIssued = { type: 'PlanIssued', planId: 0, applicationId: 0, studentId: 0, actor: systemActor };
  const now = new Date(Date.now() - 1000);
  const writeStart = performance.now();
  for (let i = 0; i < EVENTS; i += 2000) {
    const n = Math.min(2000, EVENTS - i);
    await DomainEvent.bulkCreate(
      Array.from({ length: n }, () => ({ eventId: crypto.randomUUID(), type: 'PlanIssued', handler: HANDLER, payload: payload as never, nextAttemptAt: now })),
    );
  }
  const writeMs = performance.now() - writeStart;

  const start = performance.now();
  const dispatcher = async (k: number) => {
    let done = 0;
    for (;;) {
      const r = await dispatchEvents({ owner: `bench-${k}`, limit: BATCH, concurrency: CONCURRENCY });
      done += r.done;
      if (!r.claimed) {
        // Nothing claimable now: finished when no delivery is left PENDING.
        if (!(await DomainEvent.count({ where: { handler: HANDLER, status: 'PENDING' } }))) return done;
      }
    }
  };
  const counts = await Promise.all(Array.from({ length: DISPATCHERS }, (_, k) => dispatcher(k)));
  const ms = performance.now() - start;
  const delivered = counts.reduce((a, b) => a + b, 0);
  const doneRows = await DomainEvent.count({ where: { handler: HANDLER, status: 'DONE', attempts: 1 } });
  const perSecond = Math.round((delivered / ms) * 1000);
  const result = {
    database: `MariaDB ${version}`,
    events: EVENTS,
    dispatchers: DISPATCHERS,
    batch: BATCH,
    concurrency: CONCURRENCY,
    writeMs: Math.round(writeMs),
    dispatchMs: Math.round(ms),
    delivered,
    handlerRuns: runs,
    doneOnce: doneRows,
    eventsPerSecond: perSecond,
    target: 2000,
    pass: perSecond >= 2000 && delivered === EVENTS && runs === EVENTS && doneRows === EVENTS,
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results', 'events.json'), `${JSON.stringify(result, null, 2)}\n`);
  await DomainEvent.destroy({ where: { handler: HANDLER } });
  await sequelize.close();
  if (!result.pass) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
