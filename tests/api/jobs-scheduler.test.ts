import { Op } from 'sequelize';
import { JobRun, JobSchedule } from '../../models';
import { registerJob, type JobFn } from '../../api/jobs/registry';
import { JobRunner, runnerFor } from '../../api/jobs/runner';
import { Scheduler } from '../../api/jobs/scheduler';
import { intervalSlot, isValidCron, nextCronRun } from '../../api/jobs/cron';
import { setupApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { makeSchedule } from '../support/job-factories';

/**
 * The runner and the scheduler (issue 16 §1): the lease (taken once, renewed, released, taken over
 * after it lapses with the dead run ABANDONED), a scheduled time run once by racing processes (two
 * runners with their own owners stand for two processes), pause and resume, the run records. Short
 * leases (hundreds of milliseconds) instead of minutes. The CLEANUP type's work is replaced by a
 * controllable fake in this file (put back after).
 */

let t: TestApp;
let original: JobFn | undefined;
let gate: { release: () => void; promise: Promise<void> } | null = null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const openGate = () => {
  let release!: () => void;
  const promise = new Promise<void>((r) => {
    release = r;
  });
  gate = { release, promise };
  return gate;
};

beforeAll(async () => {
  t = await setupApp();
  runnerFor(t.deps);
  // The fake: waits for the test's gate when one is open (or until aborted), reports progress.
  original = registerJob('CLEANUP', async (ctx) => {
    ctx.progress(1);
    if (gate) {
      const g = gate;
      await new Promise<void>((resolve) => {
        g.promise.then(resolve);
        ctx.signal.addEventListener('abort', () => resolve());
      });
    }
    if (ctx.params.fail) throw new Error('The fake job failed on purpose');
    return { count: 7 };
  });
});
afterAll(async () => {
  gate?.release();
  await runnerFor(t.deps).idle();
  if (original) registerJob('CLEANUP', original);
  await t.close();
});
beforeEach(() => {
  gate = null;
});

const fake = (overrides: Partial<JobSchedule['_creationAttributes']> = {}) => makeSchedule({ type: 'CLEANUP', ...overrides });

test('cron helpers: 5 or 6 fields, read in America/New_York; interval times aligned on the epoch', () => {
  expect(['0 1 * * *', '*/15 * * * *', '*/10 * * * * *', '0 9 * * 1-5'].map(isValidCron)).toEqual([true, true, true, true]);
  expect(['', 'nope', '* * * *', '* * * * * * *', '60 * * * *', '0 25 * * *'].map(isValidCron)).toEqual([false, false, false, false, false, false]);
  const next = nextCronRun('0 1 * * *')!;
  const nyHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(next));
  expect(nyHour).toBe(1);
  expect(intervalSlot(10, new Date(Date.UTC(2030, 0, 1, 0, 0, 17, 500))).toISOString()).toBe('2030-01-01T00:00:10.000Z');
});

test('a run: lease taken, renewed while it runs, progress kept, released at the end; SUCCEEDED with its count', async () => {
  const s = await fake();
  const runner = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 300 });
  const g = openGate();
  const run = (await runner.start(s.id, 'MANUAL'))!;
  expect(run.outcome).toBe('RUNNING');
  await s.reload();
  expect([s.leaseOwner, s.leaseRunId]).toEqual(['proc-A', run.id]);
  const firstExpiry = s.leaseExpiresAt!.getTime();
  await sleep(450);
  await s.reload();
  // Renewed (a third of the lease): still held, later expiry; the progress is on the run record.
  expect(s.leaseOwner).toBe('proc-A');
  expect(s.leaseExpiresAt!.getTime()).toBeGreaterThan(firstExpiry);
  expect((await JobRun.findByPk(run.id))!.count).toBe(1);
  // Another process cannot take it meanwhile.
  const other = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 300 });
  expect(await other.start(s.id, 'MANUAL')).toBeNull();
  expect(await other.takeOverLapsed()).toEqual([]);
  g.release();
  await runner.idle();
  const done = (await JobRun.findByPk(run.id))!;
  expect([done.outcome, done.count, done.error, done.owner, done.trigger]).toEqual(['SUCCEEDED', 7, null, 'proc-A', 'MANUAL']);
  expect(done.endedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt.getTime());
  await s.reload();
  expect([s.leaseOwner, s.leaseExpiresAt, s.leaseRunId]).toEqual([null, null, null]);
});

test('a failing job is recorded FAILED with its error, and the lease released', async () => {
  const s = await fake({ params: { fail: true } });
  const runner = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 1000 });
  await runner.start(s.id, 'MANUAL');
  await runner.idle();
  const [run] = await JobRun.findAll({ where: { jobScheduleId: s.id } });
  expect([run.outcome, run.error]).toEqual(['FAILED', 'The fake job failed on purpose']);
  expect((await s.reload()).leaseOwner).toBeNull();
});

test('a process that died: its lease lapses and another process takes it over — the dead run ABANDONED, the job run again', async () => {
  const s = await fake();
  // Process A dies in the middle of a run: its lease stays, no longer renewed.
  const dead = await JobRun.create({
    jobScheduleId: s.id,
    trigger: 'SCHEDULE',
    owner: 'proc-dead',
    scheduledFor: null,
    startedAt: new Date(),
    endedAt: null,
    outcome: 'RUNNING',
    count: 0,
    error: null,
  });
  await s.update({ leaseOwner: 'proc-dead', leaseExpiresAt: new Date(Date.now() + 400), leaseRunId: dead.id }, { silent: true });
  const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 1000 });
  // Before the lease lapses: not taken over, a run once is refused.
  expect(await b.takeOverLapsed()).toEqual([]);
  expect(await b.start(s.id, 'MANUAL')).toBeNull();
  await sleep(500);
  const taken = await b.takeOverLapsed();
  expect(taken.map((r) => r.jobScheduleId)).toContain(s.id);
  await b.idle();
  await dead.reload();
  expect([dead.outcome, dead.endedAt instanceof Date, dead.error]).toEqual(['ABANDONED', true, 'The lease lapsed (its process stopped); taken over by proc-B']);
  const runs = await JobRun.findAll({ where: { jobScheduleId: s.id }, order: [['id', 'ASC']] });
  expect(runs.map((r) => [r.owner, r.trigger, r.outcome])).toEqual([
    ['proc-dead', 'SCHEDULE', 'ABANDONED'],
    ['proc-B', 'SCHEDULE', 'SUCCEEDED'],
  ]);
  expect((await s.reload()).leaseOwner).toBeNull();
});

test('a run that lost its lease (taken over while it stalled) stops, and keeps the outcome ABANDONED the taker gave it', async () => {
  const s = await fake();
  // A renews every second: between two renewals it stalls, its lease lapses and B takes over.
  const a = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 3000 });
  const g = openGate();
  const run = (await a.start(s.id, 'MANUAL'))!;
  await JobSchedule.update({ leaseExpiresAt: new Date(Date.now() - 1) }, { where: { id: s.id }, silent: true });
  const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 5000 });
  const bRun = (await b.start(s.id, 'MANUAL'))!;
  expect(bRun).not.toBeNull();
  // A's next renewal finds the lease gone: its job is aborted and its end does not overwrite ABANDONED nor release B's lease.
  await a.idle();
  expect((await JobRun.findByPk(run.id))!.outcome).toBe('ABANDONED');
  expect((await s.reload()).leaseOwner).toBe('proc-B');
  g.release();
  await b.idle();
  expect((await JobRun.findByPk(bRun.id))!.outcome).toBe('SUCCEEDED');
});

test('a scheduled time is run once, however many processes fire for it, and not again after', async () => {
  const s = await fake({ cronJob: false, cronExpression: null, repeatInterval: 60 });
  const runners = ['proc-A', 'proc-B', 'proc-C'].map((owner) => new JobRunner(t.deps, { owner, leaseMs: 2000 }));
  const slot = intervalSlot(60);
  const started = await Promise.all(runners.map((r) => r.start(s.id, 'SCHEDULE', slot)));
  expect(started.filter(Boolean)).toHaveLength(1);
  await Promise.all(runners.map((r) => r.idle()));
  // Fired late by a slow process: the time is taken already.
  expect(await runners[1].start(s.id, 'SCHEDULE', slot)).toBeNull();
  const runs = await JobRun.findAll({ where: { jobScheduleId: s.id } });
  expect(runs.map((r) => [r.trigger, r.scheduledFor?.toISOString(), r.outcome])).toEqual([['SCHEDULE', slot.toISOString(), 'SUCCEEDED']]);
  await s.reload();
  expect(s.lastFireAt!.toISOString()).toBe(slot.toISOString());
  expect(s.nextRunAt!.getTime()).toBe(slot.getTime() + 60_000);
  // The next time runs.
  expect(await runners[2].start(s.id, 'SCHEDULE', new Date(slot.getTime() + 60_000))).not.toBeNull();
  await runners[2].idle();
});

test('the scheduler fires an every-second schedule in two "processes" — once per second — and stops on pause, again on resume', async () => {
  const s = await fake({ cronJob: false, cronExpression: null, repeatInterval: 1 });
  const only = (x: JobSchedule) => x.id === s.id;
  const a = new Scheduler(t.deps, { runner: new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 2000 }), only });
  const b = new Scheduler(t.deps, { runner: new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 2000 }), only });
  await Promise.all([a.start(), b.start()]);
  expect(a.status()).toMatchObject({ state: 'running', owner: 'proc-A', schedules: 1 });
  await eventually(async () => (await JobRun.count({ where: { jobScheduleId: s.id, outcome: 'SUCCEEDED' } })) >= 3, 10_000);
  // Paused (as the API does it) and the table read again: no more scheduled runs.
  await JobSchedule.update({ status: 'PAUSED' }, { where: { id: s.id } });
  await Promise.all([a.reload(), b.reload()]);
  expect(a.status().schedules).toBe(0);
  await sleep(300);
  const atPause = await JobRun.count({ where: { jobScheduleId: s.id } });
  await sleep(1500);
  expect(await JobRun.count({ where: { jobScheduleId: s.id } })).toBe(atPause);
  await JobSchedule.update({ status: 'ACTIVE' }, { where: { id: s.id } });
  await Promise.all([a.reload(), b.reload()]);
  await eventually(async () => (await JobRun.count({ where: { jobScheduleId: s.id } })) >= atPause + 2, 10_000);
  await Promise.all([a.stop(2000), b.stop(2000)]);
  expect(a.status().state).toBe('stopped');
  const runs = await JobRun.findAll({ where: { jobScheduleId: s.id } });
  const slots = runs.map((r) => r.scheduledFor!.toISOString());
  expect(new Set(slots).size).toBe(slots.length);
  expect(runs.every((r) => r.trigger === 'SCHEDULE' && r.scheduledFor!.getMilliseconds() === 0)).toBe(true);
  expect(new Set(runs.map((r) => r.owner)).size).toBeGreaterThanOrEqual(1);
});

test('a graceful stop: a run that outlasts the grace is handed over — ABANDONED, its lease left lapsed for another process', async () => {
  const s = await fake();
  const a = new JobRunner(t.deps, { owner: 'proc-A', leaseMs: 5000 });
  openGate();
  const run = (await a.start(s.id, 'MANUAL'))!;
  await a.stop(200);
  expect(a.running).toBe(0);
  expect(await a.start(s.id, 'MANUAL')).toBeNull();
  const ended = (await JobRun.findByPk(run.id))!;
  expect([ended.outcome, ended.error]).toEqual(['ABANDONED', 'Interrupted by the shutdown of proc-A; handed over']);
  await s.reload();
  expect(s.leaseOwner).toBe('proc-A');
  expect(s.leaseExpiresAt!.getTime()).toBeLessThan(Date.now());
  gate = null;
  const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 5000 });
  expect((await b.takeOverLapsed()).map((r) => r.jobScheduleId)).toContain(s.id);
  await b.idle();
  expect(await JobRun.count({ where: { jobScheduleId: s.id, outcome: 'SUCCEEDED', owner: 'proc-B' } })).toBe(1);
});

test('a paused schedule whose process died: the lease is cleared and the run ABANDONED, the job not run again', async () => {
  const s = await fake({ status: 'PAUSED' });
  const dead = await JobRun.create({
    jobScheduleId: s.id,
    trigger: 'MANUAL',
    owner: 'proc-dead',
    scheduledFor: null,
    startedAt: new Date(),
    endedAt: null,
    outcome: 'RUNNING',
    count: 0,
    error: null,
  });
  await s.update({ leaseOwner: 'proc-dead', leaseExpiresAt: new Date(Date.now() - 10), leaseRunId: dead.id }, { silent: true });
  const b = new JobRunner(t.deps, { owner: 'proc-B', leaseMs: 1000 });
  const started = await b.takeOverLapsed();
  expect(started.map((r) => r.jobScheduleId)).not.toContain(s.id);
  expect((await dead.reload()).outcome).toBe('ABANDONED');
  expect((await s.reload()).leaseOwner).toBeNull();
  expect(await JobRun.count({ where: { jobScheduleId: s.id, id: { [Op.ne]: dead.id } } })).toBe(0);
});
