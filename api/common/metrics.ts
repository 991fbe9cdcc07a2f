import { timingSafeEqual } from 'node:crypto';
import type { Express, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Sequelize } from 'sequelize';
import { AppError } from './errors';

/**
 * What GET /metrics exposes (Prometheus text format, prom-client). One registry per process; the
 * collectors are module-level so that any area can feed them without being handed the app:
 *
 * - `http_requests_total{method,route,status_code}` and `http_request_duration_seconds{method,route,status_code}`
 *   (histogram): `route` is the route's TEMPLATE (`/api/students/:id`), never the URL; requests no
 *   route matched count as `unmatched`, the consoles' pages and assets as `/admin/{*splat}` and `/{*splat}`.
 * - `db_pool_size`, `db_pool_available`, `db_pool_using`, `db_pool_waiting`, `db_pool_max`: Sequelize's
 *   connection pool (read at each scrape).
 * - `job_runs_total{job,outcome}`: fed by the scheduler (`jobRuns.inc({ job, outcome })`).
 * - `domain_events_pending`: read at each scrape from the function `setEventsPendingReader` registered.
 * - prom-client's process and Node.js defaults (`process_cpu_*`, `process_resident_memory_bytes`,
 *   `nodejs_eventloop_lag_*`, `nodejs_heap_*`, `nodejs_gc_duration_seconds`, ...).
 */
export const metricsRegistry = new Registry();

const HTTP_LABELS = ['method', 'route', 'status_code'] as const;

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: HTTP_LABELS,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route template and status code',
  labelNames: HTTP_LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * One run of a scheduled job ended. `job`: the job type (e.g. AUTO_PAY); `outcome`: how the run ended
 * (the run record's outcome, e.g. SUCCEEDED / FAILED / SKIPPED). The jobs area calls
 * `jobRuns.inc({ job, outcome })` once per recorded run.
 */
export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Scheduled job runs, by job type and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

type PendingReader = () => number | Promise<number>;
let eventsPendingReader: PendingReader | null = null;

/**
 * The domain events waiting for delivery. Its value is read at each scrape from the function the
 * events area registers with `setEventsPendingReader` (e.g. a COUNT of PENDING rows); 0 until one is.
 */
export const domainEventsPending = new Gauge({
  name: 'domain_events_pending',
  help: 'Domain events written and not yet delivered to every handler',
  registers: [metricsRegistry],
  async collect() {
    if (!eventsPendingReader) {
      this.set(0);
      return;
    }
    try {
      this.set(await eventsPendingReader());
    } catch {
      // A failed read must not fail the scrape: the last value stays (Prometheus sees it unchanged).
    }
  },
});

/** Registers (or, with null, removes) what `domain_events_pending` reads at each scrape. */
export function setEventsPendingReader(reader: PendingReader | null): void {
  eventsPendingReader = reader;
}

/** The counts sequelize-pool keeps (`connectionManager.pool`; a read/write pair with replication). */
interface PoolCounts {
  size: number;
  available: number;
  using: number;
  waiting: number;
  maxSize: number;
}

let poolSource: Sequelize | null = null;

function poolCounts(): PoolCounts | null {
  const pool = (poolSource?.connectionManager as unknown as { pool?: Partial<PoolCounts> & { read?: Partial<PoolCounts>; write?: Partial<PoolCounts> } } | undefined)?.pool;
  if (!pool) return null;
  const parts = pool.read && pool.write ? [pool.read, pool.write] : [pool];
  const sum = (key: keyof PoolCounts) => parts.reduce((total, p) => total + (typeof p[key] === 'number' ? p[key] : 0), 0);
  return { size: sum('size'), available: sum('available'), using: sum('using'), waiting: sum('waiting'), maxSize: sum('maxSize') };
}

const poolGauge = (name: string, help: string, key: keyof PoolCounts) =>
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      this.set(poolCounts()?.[key] ?? 0);
    },
  });
poolGauge('db_pool_size', 'Database connections open (in use and idle)', 'size');
poolGauge('db_pool_available', 'Database connections open and idle', 'available');
poolGauge('db_pool_using', 'Database connections lent to a query or transaction', 'using');
poolGauge('db_pool_waiting', 'Queries and transactions waiting for a database connection', 'waiting');
poolGauge('db_pool_max', 'The most database connections the pool opens (DB_POOL_MAX)', 'maxSize');

/** The pool the `db_pool_*` gauges read: the app's (createApp calls it). */
export function watchPool(sequelize: Sequelize): void {
  poolSource = sequelize;
}

let defaultsCollected = false;
/** prom-client's process and Node.js metrics, registered once per process. */
function collectDefaults(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The route template a request is counted under (set by the route pipeline; see `routeLabel`). */
export function setRouteLabel(res: Response, template: string): void {
  res.locals.route = template;
}

/**
 * Times and counts every request under its route template: the route pipeline (api/common/route.ts)
 * names it; otherwise an app-level route's own path (e.g. `/api/openapi.json`); otherwise `unmatched`.
 * The raw URL is never a label (ids would make a series per record).
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      let route = res.locals.route as string | undefined;
      if (!route) {
        const path = (req.route as { path?: unknown } | undefined)?.path;
        route = typeof path === 'string' ? path : Array.isArray(path) ? path.join('|') : 'unmatched';
      }
      const labels = { method: req.method, route, status_code: String(res.statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/** A bearer token compared in constant time. */
function sameToken(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics. Off unless METRICS_TOKEN is set (then 404, like any unknown path); when set, the
 * scraper sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The figures say how busy the
 * service is and which routes fail, which is not for the public.
 */
export function mountMetrics(app: Express, token: string | undefined, sequelize: Sequelize): void {
  watchPool(sequelize);
  collectDefaults();
  app.get('/metrics', async (req, res) => {
    if (!token) throw AppError.notFound('Resource');
    if (!sameToken(req.headers.authorization, token)) throw new AppError(401, 'UNAUTHORIZED', 'The metrics token is missing or wrong');
    const text = await metricsRegistry.metrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metricsRegistry.contentType).send(text);
  });
}
