import { Writable } from 'node:stream';
import request from 'supertest';
import { Role, User } from '../../models';
import { createApp } from '../../api/app';
import { createLogger } from '../../api/common/logger';
import { domainEventsPending, jobRuns, setEventsPendingReader } from '../../api/common/metrics';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin } from '../support/factories';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await setupApp({ METRICS_TOKEN, LOCKOUT_MAX_FAILURES: '2' });
  root = await makeAdmin(t.deps);
});
afterAll(async () => {
  setEventsPendingReader(null);
  await t.close();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const scrape = () => request(t.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);

/** The value of one sample line of the text format (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  test('Prometheus text format: HTTP series by route template, pool, jobs, events and the process defaults', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const type of [
      '# TYPE http_requests_total counter',
      '# TYPE http_request_duration_seconds histogram',
      '# TYPE job_runs_total counter',
      '# TYPE domain_events_pending gauge',
      '# TYPE db_pool_size gauge',
      '# TYPE db_pool_available gauge',
      '# TYPE db_pool_waiting gauge',
      '# TYPE process_cpu_user_seconds_total counter',
      '# TYPE nodejs_heap_size_used_bytes gauge',
    ]) {
      expect(res.text).toContain(type);
    }
    expect(sample(res.text, 'db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(res.text).toContain('# HELP http_requests_total');
  });

  test('the counter and the histogram move by route template and status, never by raw URL', async () => {
    const series = 'http_requests_total{method="GET",route="/api/roles/:id",status_code="404"}';
    const timed = 'http_request_duration_seconds_count{method="GET",route="/api/roles/:id",status_code="404"}';
    const before = await scrape();
    for (const id of [987654, 987655, 987656]) {
      expect((await request(t.app).get(`/api/roles/${id}`).set(bearer(root.token))).status).toBe(404);
    }
    const ok = await request(t.app).get('/api/roles/permissions').set(bearer(root.token));
    expect(ok.status).toBe(200);
    const after = await scrape();
    expect(sample(after.text, series) - sample(before.text, series)).toBe(3);
    expect(sample(after.text, timed) - sample(before.text, timed)).toBe(3);
    expect(sample(after.text, 'http_requests_total{method="GET",route="/api/roles/permissions",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(after.text).not.toContain('987654');
    // A path no route serves is one series, whatever the path.
    await request(t.app).get('/api/no-such-area/123456789');
    const unmatched = await scrape();
    expect(sample(unmatched.text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(unmatched.text).not.toContain('123456789');
  });

  test('job runs and pending domain events are fed by the areas that own them', async () => {
    const before = sample((await scrape()).text, 'job_runs_total{job="AUTO_PAY",outcome="SUCCEEDED"}');
    jobRuns.inc({ job: 'AUTO_PAY', outcome: 'SUCCEEDED' });
    jobRuns.inc({ job: 'AUTO_PAY', outcome: 'SUCCEEDED' });
    jobRuns.inc({ job: 'AUTO_PAY', outcome: 'FAILED' });
    let reads = 0;
    setEventsPendingReader(async () => {
      reads += 1;
      return 7;
    });
    const res = await scrape();
    expect(sample(res.text, 'job_runs_total{job="AUTO_PAY",outcome="SUCCEEDED"}') - before).toBe(2);
    expect(sample(res.text, 'job_runs_total{job="AUTO_PAY",outcome="FAILED"}')).toBeGreaterThanOrEqual(1);
    expect(sample(res.text, 'domain_events_pending')).toBe(7);
    expect(reads).toBe(1);
    // A reader that fails does not fail the scrape.
    setEventsPendingReader(() => {
      throw new Error('database away');
    });
    const failed = await scrape();
    expect(failed.status).toBe(200);
    expect(sample(failed.text, 'domain_events_pending')).toBe(7);
    expect(domainEventsPending).toBeDefined();
  });

  test('401 without the metrics token or with another one; 404 when no METRICS_TOKEN is configured', async () => {
    const none = await request(t.app).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'The metrics token is missing or wrong', requestId: none.headers['x-request-id'] });
    expect(none.text).not.toContain('http_requests_total');
    const wrong = await request(t.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`);
    expect(wrong.status).toBe(401);
    // A staff member's own access token is not the metrics token.
    expect((await request(t.app).get('/metrics').set(bearer(root.token))).status).toBe(401);

    const off = createApp({ ...t.deps, config: { ...t.deps.config, METRICS_TOKEN: undefined } });
    const res = await request(off).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('request ids', () => {
  test('a sane incoming X-Request-Id is echoed; a missing or unsafe one is replaced by a new UUID', async () => {
    const kept = await request(t.app).get('/api/health').set('X-Request-Id', 'lb-7f3a.2c:91_x');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2c:91_x');

    const made = await request(t.app).get('/api/health');
    expect(made.headers['x-request-id']).toMatch(UUID);
    const other = await request(t.app).get('/api/health');
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id']);

    for (const unsafe of ['has space', 'quote"d', 'x'.repeat(129), '-starts-with-dash', 'semi;colon', 'ünïcode']) {
      const res = await request(t.app).get('/api/health').set('X-Request-Id', unsafe);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    // The pages of the consoles too.
    expect((await request(t.app).get('/admin/students').set('X-Request-Id', 'page-1')).headers['x-request-id']).toBe('page-1');
  });

  test('every error answer names the request id: 400, 401, 403, 404, 415', async () => {
    const limited = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    const answers = [
      await request(t.app).post('/api/roles').set(bearer(root.token)).send({ name: '' }),
      await request(t.app).get('/api/roles'),
      await request(t.app).post('/api/roles').set(bearer(limited.token)).send({ name: 'X', permissions: [] }),
      await request(t.app).get('/api/roles/987654').set(bearer(root.token)),
      await request(t.app).post('/api/roles').set(bearer(root.token)).set('Content-Type', 'text/plain').send('name=x'),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 401, 403, 404, 415]);
    for (const res of answers) {
      expect(res.body.requestId).toMatch(UUID);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    }
    const given = await request(t.app).get('/api/roles/987654').set(bearer(root.token)).set('X-Request-Id', 'support-ticket-42');
    expect(given.body).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Role not found', requestId: 'support-ticket-42' });
  });

  test('a 500 carries the request id and the generic message, no internals', async () => {
    jest.spyOn(Role, 'findByPk').mockRejectedValueOnce(new Error('SELECT password_hash FROM users -- secret'));
    const res = await request(t.app).get('/api/roles/1').set(bearer(root.token)).set('X-Request-Id', 'boom-1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'An error found, please try again.', requestId: 'boom-1' });
    expect(res.text).not.toContain('password_hash');
  });

  test("the request's log lines carry its id: the access line, the error line and a line written deep in a service", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
        done();
      },
    });
    const app = createApp({ ...t.deps, log: createLogger('info', sink) });
    const linesOf = (id: string) => lines.filter((l) => l.requestId === id);

    await request(app).get('/api/roles/987654').set(bearer(root.token)).set('X-Request-Id', 'trace-404');
    expect(linesOf('trace-404')).toEqual([expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } })]);

    jest.spyOn(Role, 'findByPk').mockRejectedValueOnce(new Error('database away'));
    await request(app).get('/api/roles/1').set(bearer(root.token)).set('X-Request-Id', 'trace-500');
    expect(linesOf('trace-500').map((l) => l.msg)).toEqual(['unhandled error', 'request completed']);

    // After the JSON body is read, the lockout's warning is written inside a transaction of the sign-in
    // service, several awaits deep: the request's scope follows it there.
    const victim = await makeAdmin(t.deps, { roles: [] });
    for (const id of ['signin-1', 'signin-2']) {
      const res = await request(app).post('/api/auth/signin/admin').set('X-Request-Id', id).send({ email: victim.email, password: 'Wrong-password-1' });
      expect(res.status).toBe(401);
      expect(res.body.requestId).toBe(id);
    }
    expect((await User.findByPk(victim.user.id))!.lockedUntil).not.toBeNull();
    expect(linesOf('signin-2').map((l) => l.msg)).toEqual(['account locked after repeated failed sign-ins', 'request completed']);
    // Lines of other requests never borrow an id.
    expect(lines.filter((l) => l.msg === 'account locked after repeated failed sign-ins').map((l) => l.requestId)).toEqual(['signin-2']);
  });
});
