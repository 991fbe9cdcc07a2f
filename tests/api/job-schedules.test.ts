import request from 'supertest';
import { JobRun, JobSchedule } from '../../models';
import { JOB_CATALOGUE } from '../../api/jobs/catalogue';
import { runnerFor } from '../../api/jobs/runner';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { makeSchedule } from '../support/job-factories';

/**
 * /api/job_schedules (issue 16 §1, the job-schedules contract): every endpoint's happy path, 400,
 * 401, 403, 404 and each 409, asserting the database after the call.
 */

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
});
afterAll(async () => {
  await runnerFor(t.deps).idle();
  await t.close();
});

const api = (token = root.token) => ({
  get: (path: string, query: Record<string, unknown> = {}) => request(t.app).get(`/api/job_schedules${path}`).query(query).set(bearer(token)),
  post: (path: string, body?: unknown) => {
    const r = request(t.app).post(`/api/job_schedules${path}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  },
  put: (path: string, body: unknown) =>
    request(t.app)
      .put(`/api/job_schedules${path}`)
      .set(bearer(token))
      .send(body as object),
  delete: (path: string) => request(t.app).delete(`/api/job_schedules${path}`).set(bearer(token)),
});

const body = (overrides: Record<string, unknown> = {}) => ({
  jobName: unique('Nightly cohorts '),
  jobGroup: 'CATALOGUE',
  description: 'Test schedule',
  type: 'COHORT_STATUS',
  cronJob: true,
  cronExpression: '30 4 * * *',
  ...overrides,
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /api/job_schedules', () => {
  test('the catalogue is seeded by migration: one schedule per job type, active, times in America/New_York', async () => {
    const res = await api().get('', { sortBy: 'jobName' });
    expect(res.status).toBe(200);
    for (const entry of JOB_CATALOGUE) {
      const found = res.body.content.find((s: { type: string; jobName: string }) => s.type === entry.type && s.jobName === entry.jobName);
      expect(found).toMatchObject({
        type: entry.type,
        cronJob: entry.cronExpression !== null,
        cronExpression: entry.cronExpression,
        repeatInterval: entry.repeatInterval,
        params: entry.params,
      });
    }
    const dispatch = JOB_CATALOGUE.find((e) => e.type === 'DOMAIN_EVENT_DISPATCH')!;
    expect([dispatch.cronExpression, dispatch.repeatInterval]).toEqual([null, 10]);
    expect(JOB_CATALOGUE.find((e) => e.type === 'CRM_DELIVERY_RETRY')!.cronExpression).toBe('*/15 * * * *');
    // Without size: every schedule (the seeded nine at least), sorted by name.
    expect(res.body.pagination.total).toBeGreaterThanOrEqual(JOB_CATALOGUE.length);
    expect(res.body.content.length).toBe(res.body.pagination.total);
    const names = res.body.content.map((s: { jobName: string }) => s.jobName);
    // SQLite compares names byte by byte, MariaDB's collation ignores case.
    const key = (n: string) => (t.deps.sequelize.getDialect() === 'sqlite' ? n : n.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
  });

  test('an answer has the contract fields: next run (null when paused), last run, who changed it', async () => {
    const s = await makeSchedule({ jobName: unique('AAA first '), cronExpression: '0 5 * * *' });
    await JobRun.create({
      jobScheduleId: s.id,
      trigger: 'MANUAL',
      owner: 'host:1',
      scheduledFor: null,
      startedAt: new Date(Date.now() - 2000),
      endedAt: new Date(Date.now() - 1000),
      outcome: 'SUCCEEDED',
      count: 3,
      error: null,
    });
    const last = await JobRun.create({
      jobScheduleId: s.id,
      trigger: 'SCHEDULE',
      owner: 'host:2',
      scheduledFor: new Date(),
      startedAt: new Date(),
      endedAt: null,
      outcome: 'FAILED',
      count: 1,
      error: 'Boom',
    });
    const res = await api().get(`/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.id,
      jobName: s.jobName,
      jobGroup: 'TEST',
      description: null,
      type: 'COHORT_STATUS',
      status: 'ACTIVE',
      cronJob: true,
      cronExpression: '0 5 * * *',
      repeatInterval: null,
      params: {},
      nextRunAt: expect.stringMatching(ISO),
      lastRun: {
        id: last.id,
        jobScheduleId: s.id,
        trigger: 'SCHEDULE',
        owner: 'host:2',
        startedAt: expect.stringMatching(ISO),
        endedAt: null,
        outcome: 'FAILED',
        count: 1,
        error: 'Boom',
        note: null,
      },
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      updatedByName: 'Test',
    });
    // 05:00 in New York is 09:00 or 10:00 UTC (daylight saving), within the next day.
    const next = new Date(res.body.nextRunAt);
    expect([9, 10]).toContain(next.getUTCHours());
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  test('sortBy, descending, size and page; 400 for an unknown sortBy or field', async () => {
    const group = unique('G');
    const made = [];
    for (const name of ['b', 'a', 'c']) made.push(await makeSchedule({ jobName: `${group} ${name}`, jobGroup: group }));
    const all = await api().get('', { sortBy: 'jobName', descending: true });
    const ours = all.body.content.filter((s: { jobGroup: string }) => s.jobGroup === group).map((s: { jobName: string }) => s.jobName);
    expect(ours).toEqual([`${group} c`, `${group} b`, `${group} a`]);
    const page = await api().get('', { sortBy: 'updatedAt', size: 2, page: 1 });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toMatchObject({ page: 1, size: 2 });
    expect(page.body.content.length).toBeLessThanOrEqual(2);
    for (const sortBy of ['jobGroup', 'type', 'status', 'nextRunAt', 'updatedAt']) expect((await api().get('', { sortBy })).status).toBe(200);
    const bad = await api().get('', { sortBy: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sortBy).toBeDefined();
    expect((await api().get('', { keyword: 'x' })).status).toBe(400);
  });

  test('401 without a token; every staff role reads; a student is 403', async () => {
    expect((await request(t.app).get('/api/job_schedules')).status).toBe(401);
    for (const role of ['SUPPORT', 'FINANCE', 'ADMISSIONS', 'ACADEMIC']) {
      const staff = role === 'SUPPORT' ? support : await makeAdmin(t.deps, { roles: [role] });
      expect({ role, status: (await api(staff.token).get('')).status }).toEqual({ role, status: 200 });
    }
    const student = await makeStudent(t.deps);
    expect((await api(student.token).get('')).status).toBe(403);
    expect((await api(student.token).get('/1/runs')).status).toBe(403);
  });

  test('404 for a schedule that does not exist; 400 for an id that is not one', async () => {
    expect((await api().get('/99999999')).status).toBe(404);
    expect((await api().get('/99999999/runs')).status).toBe(404);
    expect((await api().get('/abc')).status).toBe(400);
  });
});

describe('POST /api/job_schedules', () => {
  test("201: a cron schedule with its next run, the type's default params, who made it", async () => {
    const b = body({ type: 'INSTALLMENT_REMINDER', cronExpression: '0 9 * * 1-5' });
    const res = await api().post('', b);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      jobName: b.jobName,
      jobGroup: 'CATALOGUE',
      type: 'INSTALLMENT_REMINDER',
      status: 'ACTIVE',
      cronJob: true,
      cronExpression: '0 9 * * 1-5',
      repeatInterval: null,
      params: { daysBefore: [7, 1], catchUpDays: 2 },
      lastRun: null,
    });
    expect(res.body.nextRunAt).toMatch(ISO);
    const row = (await JobSchedule.findByPk(res.body.id))!;
    expect([row.jobName, row.type, row.status, row.cronExpression, row.params, row.updatedByName, row.nextRunAt?.toISOString()]).toEqual([
      b.jobName,
      'INSTALLMENT_REMINDER',
      'ACTIVE',
      '0 9 * * 1-5',
      { daysBefore: [7, 1], catchUpDays: 2 },
      `${'Ada'} ${root.admin.lastName}`,
      res.body.nextRunAt,
    ]);
  });

  test('201: an every-N-seconds schedule (6-field crons too) with its own params', async () => {
    const res = await api().post('', body({ type: 'PAST_DUE_NOTICE', cronJob: false, cronExpression: null, repeatInterval: 30, params: { daysAfter: [2] } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cronJob: false, cronExpression: null, repeatInterval: 30, params: { daysAfter: [2] } });
    expect(new Date(res.body.nextRunAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    const six = await api().post('', body({ cronExpression: '*/20 * * * * *' }));
    expect(six.status).toBe(201);
    expect(new Date(six.body.nextRunAt).getTime() - Date.now()).toBeLessThanOrEqual(20_000);
  });

  test('400: an invalid cron expression, an unknown type, missing fields, an unknown field — nothing saved', async () => {
    const before = await JobSchedule.count();
    for (const cronExpression of ['not a cron', '61 * * * *', '* * *', '* * * * * * *', '', null]) {
      const res = await api().post('', body({ cronExpression }));
      expect({ cronExpression, status: res.status, error: res.body.errors?.cronExpression }).toEqual({ cronExpression, status: 400, error: 'Invalid cron expression' });
    }
    const type = await api().post('', body({ type: 'MAKE_COFFEE' }));
    expect(type.status).toBe(400);
    expect(type.body.errors.type).toBe('Invalid value');
    const missing = await api().post('', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ jobName: 'This field is required', type: 'This field is required', cronJob: 'This field is required' });
    const interval = await api().post('', body({ cronJob: false, cronExpression: null }));
    expect(interval.body.errors.repeatInterval).toBe('This field is required');
    expect((await api().post('', body({ cronJob: false, repeatInterval: 0 }))).body.errors.repeatInterval).toBe('Invalid value');
    expect((await api().post('', body({ owner: 'me' }))).body.errors.owner).toBe('Unknown field');
    expect(await JobSchedule.count()).toBe(before);
  });

  test('401 without a token; 403 for read-only staff', async () => {
    expect((await request(t.app).post('/api/job_schedules').send(body())).status).toBe(401);
    expect((await api(support.token).post('', body())).status).toBe(403);
  });
});

describe('PUT and DELETE /api/job_schedules/{id}', () => {
  test('PUT changes the timing, params and name: the next run follows; the record sent back whole is accepted', async () => {
    const s = await makeSchedule();
    const current = (await api().get(`/${s.id}`)).body;
    const res = await api().put(`/${s.id}`, { ...current, jobName: 'Renamed', cronJob: false, cronExpression: '0 3 * * *', repeatInterval: 3600, params: { x: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, jobName: 'Renamed', cronJob: false, cronExpression: null, repeatInterval: 3600, params: { x: 1 } });
    await s.reload();
    expect([s.jobName, s.cronJob, s.cronExpression, s.repeatInterval, s.params]).toEqual(['Renamed', false, null, 3600, { x: 1 }]);
    expect(s.nextRunAt!.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  test('PUT: 400 bad cron, 404, 401, 403', async () => {
    const s = await makeSchedule();
    const bad = await api().put(`/${s.id}`, body({ cronExpression: '99 99 * * *' }));
    expect([bad.status, bad.body.errors.cronExpression]).toEqual([400, 'Invalid cron expression']);
    expect((await s.reload()).cronExpression).toBe('0 3 * * *');
    expect((await api().put('/99999999', body())).status).toBe(404);
    expect((await request(t.app).put(`/api/job_schedules/${s.id}`).send(body())).status).toBe(401);
    expect((await api(support.token).put(`/${s.id}`, body())).status).toBe(403);
  });

  test('DELETE: 204, the schedule and its runs gone; 404 after; 409 while a run holds the lease; 401; 403', async () => {
    const s = await makeSchedule();
    await JobRun.create({
      jobScheduleId: s.id,
      trigger: 'MANUAL',
      owner: 'h:1',
      scheduledFor: null,
      startedAt: new Date(),
      endedAt: new Date(),
      outcome: 'SUCCEEDED',
      count: 0,
      error: null,
    });
    expect((await api(support.token).delete(`/${s.id}`)).status).toBe(403);
    expect((await request(t.app).delete(`/api/job_schedules/${s.id}`)).status).toBe(401);
    const res = await api().delete(`/${s.id}`);
    expect(res.status).toBe(204);
    expect(await JobSchedule.findByPk(s.id)).toBeNull();
    expect(await JobRun.count({ where: { jobScheduleId: s.id } })).toBe(0);
    expect((await api().delete(`/${s.id}`)).status).toBe(404);

    const busy = await makeSchedule({ leaseOwner: 'other-host:7', leaseExpiresAt: new Date(Date.now() + 60_000) });
    const refused = await api().delete(`/${busy.id}`);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'JOB_ALREADY_RUNNING', 'Job already running']);
    expect(await JobSchedule.findByPk(busy.id)).not.toBeNull();
  });
});

describe('POST /api/job_schedules/{id}/run, /pause, /resume and GET /runs', () => {
  test('run: 202 with the RUNNING run; it goes on in the background and is recorded SUCCEEDED with its count', async () => {
    const s = await makeSchedule();
    const res = await api().post(`/${s.id}/run`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(Number),
      jobScheduleId: s.id,
      trigger: 'MANUAL',
      owner: runnerFor(t.deps).owner,
      startedAt: expect.stringMatching(ISO),
      endedAt: null,
      outcome: 'RUNNING',
      count: 0,
      error: null,
      note: null,
    });
    await runnerFor(t.deps).idle();
    const run = (await JobRun.findByPk(res.body.id))!;
    expect([run.outcome, run.error, run.endedAt instanceof Date]).toEqual(['SUCCEEDED', null, true]);
    // The lease is released at the end.
    await s.reload();
    expect([s.leaseOwner, s.leaseExpiresAt, s.leaseRunId]).toEqual([null, null, null]);
    expect((await api().get(`/${s.id}`)).body.lastRun).toMatchObject({ id: run.id, outcome: 'SUCCEEDED' });
  });

  test('run: 409 "Job already running" while a run holds the lease (nothing recorded); a lapsed lease is taken over', async () => {
    const s = await makeSchedule({ leaseOwner: 'other-host:7', leaseExpiresAt: new Date(Date.now() + 60_000) });
    const refused = await api().post(`/${s.id}/run`);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'JOB_ALREADY_RUNNING', 'Job already running']);
    expect(await JobRun.count({ where: { jobScheduleId: s.id } })).toBe(0);
    const dead = await JobRun.create({
      jobScheduleId: s.id,
      trigger: 'SCHEDULE',
      owner: 'other-host:7',
      scheduledFor: null,
      startedAt: new Date(),
      endedAt: null,
      outcome: 'RUNNING',
      count: 5,
      error: null,
    });
    await s.update({ leaseExpiresAt: new Date(Date.now() - 1000), leaseRunId: dead.id }, { silent: true });
    const res = await api().post(`/${s.id}/run`);
    expect(res.status).toBe(202);
    await runnerFor(t.deps).idle();
    await dead.reload();
    expect([dead.outcome, dead.endedAt instanceof Date, dead.error]).toEqual(['ABANDONED', true, expect.stringContaining('taken over')]);
    expect((await JobRun.findByPk(res.body.id))!.outcome).toBe('SUCCEEDED');
  });

  test('run: 404, 401, 403 for staff without job_schedules:run', async () => {
    const s = await makeSchedule();
    expect((await api().post('/99999999/run')).status).toBe(404);
    expect((await request(t.app).post(`/api/job_schedules/${s.id}/run`)).status).toBe(401);
    expect((await api(support.token).post(`/${s.id}/run`)).status).toBe(403);
    expect(await JobRun.count({ where: { jobScheduleId: s.id } })).toBe(0);
  });

  test('pause then resume: status and next run follow; 409 twice; 404; 401; 403', async () => {
    const s = await makeSchedule();
    const paused = await api().post(`/${s.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: s.id, status: 'PAUSED', nextRunAt: null });
    expect((await s.reload()).status).toBe('PAUSED');
    const again = await api().post(`/${s.id}/pause`);
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'JOB_ALREADY_PAUSED', 'Job already paused']);
    const resumed = await api().post(`/${s.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe('ACTIVE');
    expect(resumed.body.nextRunAt).toMatch(ISO);
    expect((await s.reload()).status).toBe('ACTIVE');
    const notPaused = await api().post(`/${s.id}/resume`);
    expect([notPaused.status, notPaused.body.code, notPaused.body.message]).toEqual([409, 'JOB_NOT_PAUSED', 'Job is not paused']);
    for (const action of ['pause', 'resume']) {
      expect((await api().post(`/99999999/${action}`)).status).toBe(404);
      expect((await request(t.app).post(`/api/job_schedules/${s.id}/${action}`)).status).toBe(401);
      expect((await api(support.token).post(`/${s.id}/${action}`)).status).toBe(403);
    }
    expect((await s.reload()).status).toBe('ACTIVE');
  });

  test('a paused schedule takes no scheduled run, but staff may still run it once', async () => {
    const s = await makeSchedule({ status: 'PAUSED' });
    expect(await runnerFor(t.deps).start(s.id, 'SCHEDULE', new Date())).toBeNull();
    const res = await api().post(`/${s.id}/run`);
    expect(res.status).toBe(202);
    await runnerFor(t.deps).idle();
  });

  test('runs: the history newest first, paged', async () => {
    const s = await makeSchedule();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api().post(`/${s.id}/run`);
      expect(res.status).toBe(202);
      ids.push(res.body.id);
      await runnerFor(t.deps).idle();
    }
    const page = await api(support.token).get(`/${s.id}/runs`, { size: 2 });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    expect(page.body.content.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.content[0]).toMatchObject({ jobScheduleId: s.id, trigger: 'MANUAL', outcome: 'SUCCEEDED', endedAt: expect.stringMatching(ISO) });
    const second = await api().get(`/${s.id}/runs`, { size: 2, page: 1 });
    expect(second.body.content.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect((await api().get(`/${s.id}/runs`, { sortBy: 'id' })).status).toBe(400);
  });
});

test('the OpenAPI document lists the job-schedule calls', async () => {
  const doc = (await request(t.app).get('/api/openapi.json')).body;
  const paths = Object.keys(doc.paths);
  for (const p of [
    '/api/job_schedules',
    '/api/job_schedules/{id}',
    '/api/job_schedules/{id}/run',
    '/api/job_schedules/{id}/pause',
    '/api/job_schedules/{id}/resume',
    '/api/job_schedules/{id}/runs',
  ]) {
    expect(paths).toContain(p);
  }
});
