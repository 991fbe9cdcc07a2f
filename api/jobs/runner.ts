import os from 'node:os';
import { jobRuns } from '../common/metrics';
import { Op, UniqueConstraintError } from 'sequelize';
import { JobRun, JobSchedule } from '../../models';
import { schoolToday } from '../../models/catalogue';
import type { Deps } from '../common/context';
import { nextRunOf } from './cron';
import { registerCatalogueJobs } from './jobs';
import { jobOf, type JobContext } from './registry';

/**
 * Runs jobs under a lease (issue 16 §1; decisions in docs/decisions.md, "Issue 16: Scheduled jobs"). The lease is three columns of
 * the schedule's row — owner (this process), expiry, run — taken by ONE compare-and-set UPDATE that
 * succeeds only when the lease is free or has lapsed (and, for a scheduled time, when no process took
 * that time yet): correct on SQLite and MariaDB alike, with no SELECT … FOR UPDATE. While the job runs
 * the lease is renewed every third of its length; a renewal that finds the lease gone (taken over
 * after it lapsed) aborts the job. At the end the run is recorded (outcome, count, error) and the lease
 * released. A lease that lapsed — its process died — is taken over: the dead run becomes ABANDONED and
 * the job runs again (jobs are idempotent, so it finishes what the dead run left).
 */

export type Trigger = 'SCHEDULE' | 'MANUAL';

export interface RunnerOptions {
  /** This process in leases and runs (default host:pid). */
  owner: string;
  /** How long a lease holds without renewal. */
  leaseMs: number;
}

interface InFlight {
  scheduleId: number;
  runId: number;
  abort: AbortController;
  done: Promise<void>;
  interrupted: boolean;
}

const ERROR_MAX = 1000;
const errorText = (err: unknown) => ((err instanceof Error ? err.message : String(err)) || 'Failed').slice(0, ERROR_MAX);

export class JobRunner {
  readonly owner: string;
  leaseMs: number;
  private readonly inFlight = new Map<number, InFlight>();
  private accepting = true;

  constructor(
    private readonly deps: Deps,
    opts: Partial<RunnerOptions> = {},
  ) {
    registerCatalogueJobs();
    this.owner = (opts.owner ?? deps.config.JOBS_OWNER ?? `${os.hostname()}:${process.pid}`).slice(0, 100);
    this.leaseMs = opts.leaseMs ?? deps.config.JOBS_LEASE_SECONDS * 1000;
  }

  /** Runs going on in this process. */
  get running(): number {
    return this.inFlight.size;
  }

  /**
   * Takes the schedule's lease and starts a run in the background; answers the RUNNING run, or null
   * when the lease is held (or, for a scheduled time, the time was taken by another process, or the
   * schedule is paused or gone). `slot`: the scheduled time a SCHEDULE run is for.
   */
  async start(scheduleId: number, trigger: Trigger, slot: Date | null = null): Promise<JobRun | null> {
    if (!this.accepting) return null;
    const now = new Date();
    const free = { [Op.or]: [{ leaseOwner: null }, { leaseExpiresAt: { [Op.lt]: now } }] };
    const where: Record<string | symbol, unknown> = { id: scheduleId, ...free };
    const values: Partial<JobSchedule['_attributes']> = { leaseOwner: this.owner, leaseExpiresAt: new Date(now.getTime() + this.leaseMs), leaseRunId: null };
    if (slot) {
      Object.assign(where, { status: 'ACTIVE', [Op.and]: [{ [Op.or]: [{ lastFireAt: null }, { lastFireAt: { [Op.lt]: slot } }] }] });
      values.lastFireAt = slot;
    }
    const [taken] = await JobSchedule.update(values, { where, silent: true });
    if (taken !== 1) return null;
    const schedule = await JobSchedule.findByPk(scheduleId);
    if (!schedule) return null;
    // The run starts once the lease is ours (after the previous holder's end, whatever the clocks said before the UPDATE).
    const startedAt = new Date();
    // Whatever run of this schedule is still RUNNING lost its lease: its process died or stalled.
    await JobRun.update(
      { outcome: 'ABANDONED', endedAt: startedAt, error: `The lease lapsed (its process stopped); taken over by ${this.owner}`.slice(0, ERROR_MAX) },
      { where: { jobScheduleId: scheduleId, outcome: 'RUNNING' } },
    );
    let run: JobRun;
    try {
      run = await JobRun.create({ jobScheduleId: scheduleId, trigger, owner: this.owner, scheduledFor: slot, startedAt, endedAt: null, outcome: 'RUNNING', count: 0, error: null });
    } catch (err) {
      await this.releaseLease(scheduleId, null);
      if (err instanceof UniqueConstraintError) return null;
      throw err;
    }
    const next = slot ? { nextRunAt: nextRunOf(schedule) } : {};
    await JobSchedule.update({ leaseRunId: run.id, ...next }, { where: { id: scheduleId, leaseOwner: this.owner, leaseRunId: null }, silent: true });
    this.launch(schedule, run);
    return run;
  }

  private launch(schedule: JobSchedule, run: JobRun): void {
    const abort = new AbortController();
    const entry: InFlight = { scheduleId: schedule.id, runId: run.id, abort, interrupted: false, done: Promise.resolve() };
    entry.done = this.execute(schedule, run, entry)
      .catch((err) => this.deps.log.error({ err, runId: run.id }, 'job run bookkeeping failed'))
      .finally(() => {
        this.inFlight.delete(run.id);
      });
    this.inFlight.set(run.id, entry);
  }

  private async execute(schedule: JobSchedule, run: JobRun, entry: InFlight): Promise<void> {
    const log = this.deps.log.child({ job: schedule.type, scheduleId: schedule.id, runId: run.id });
    let count = 0;
    let note: string | null = null;
    let reported = 0;
    let lost = false;
    const renew = setInterval(
      () => {
        void (async () => {
          const [kept] = await JobSchedule.update(
            { leaseExpiresAt: new Date(Date.now() + this.leaseMs) },
            { where: { id: schedule.id, leaseOwner: this.owner, leaseRunId: run.id }, silent: true },
          );
          if (kept !== 1) {
            lost = true;
            entry.abort.abort(new Error('lease lost'));
            return;
          }
          if (count !== reported) {
            reported = count;
            await JobRun.update({ count }, { where: { id: run.id, outcome: 'RUNNING' } });
          }
        })().catch((err) => log.warn({ err }, 'lease not renewed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    let outcome: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED';
    let error: string | null = null;
    try {
      const job = jobOf(schedule.type);
      if (!job) throw new Error(`No work is registered for the job type ${schedule.type}`);
      const ctx: JobContext = {
        deps: this.deps,
        params: schedule.params ?? {},
        today: schoolToday(),
        signal: entry.abort.signal,
        log,
        scheduleId: schedule.id,
        runId: run.id,
        progress: (n) => {
          count = n;
        },
      };
      log.info('job run started');
      const result = await job(ctx);
      count = result.count;
      note = result.note ? result.note.slice(0, ERROR_MAX) : null;
    } catch (err) {
      outcome = 'FAILED';
      error = errorText(err);
      log.warn({ err }, 'job run failed');
    } finally {
      clearInterval(renew);
    }
    const endedAt = new Date();
    if (entry.interrupted) {
      // Stopped by a shutdown before it finished: handed over — ABANDONED, and the lease left lapsed
      // (expiry now) so another process takes it over at once and finishes it.
      await JobRun.update(
        { outcome: 'ABANDONED', endedAt, count, error: `Interrupted by the shutdown of ${this.owner}; handed over` },
        { where: { id: run.id, outcome: 'RUNNING' } },
      );
      await JobSchedule.update({ leaseExpiresAt: new Date(0) }, { where: { id: schedule.id, leaseOwner: this.owner, leaseRunId: run.id }, silent: true });
      jobRuns.inc({ job: schedule.type, outcome: 'ABANDONED' });
      return;
    }
    // A run whose lease was taken over was already marked ABANDONED by the taker: the outcome stays.
    await JobRun.update({ outcome, endedAt, count, error, note }, { where: { id: run.id, outcome: 'RUNNING' } });
    if (!lost) await this.releaseLease(schedule.id, run.id);
    jobRuns.inc({ job: schedule.type, outcome: lost ? 'ABANDONED' : outcome });
    log.info({ outcome, count }, 'job run ended');
  }

  private async releaseLease(scheduleId: number, runId: number | null): Promise<void> {
    await JobSchedule.update({ leaseOwner: null, leaseExpiresAt: null, leaseRunId: null }, { where: { id: scheduleId, leaseOwner: this.owner, leaseRunId: runId }, silent: true });
  }

  /**
   * Leases that lapsed (their process died): each is taken over — the dead run ABANDONED and, for an
   * ACTIVE schedule, the job run again with the dead run's trigger; a PAUSED one is only released.
   */
  async takeOverLapsed(): Promise<JobRun[]> {
    if (!this.accepting) return [];
    const now = new Date();
    const lapsed = await JobSchedule.findAll({
      where: { leaseOwner: { [Op.ne]: null }, leaseExpiresAt: { [Op.lt]: now } },
      attributes: ['id', 'status', 'leaseOwner', 'leaseRunId'],
    });
    const started: JobRun[] = [];
    for (const s of lapsed) {
      const dead = s.leaseRunId ? await JobRun.findByPk(s.leaseRunId, { attributes: ['id', 'trigger'] }) : null;
      if (s.status !== 'ACTIVE') {
        const [released] = await JobSchedule.update(
          { leaseOwner: null, leaseExpiresAt: null, leaseRunId: null },
          { where: { id: s.id, leaseOwner: s.leaseOwner, leaseExpiresAt: { [Op.lt]: now } }, silent: true },
        );
        if (released === 1)
          await JobRun.update(
            { outcome: 'ABANDONED', endedAt: now, error: 'The lease lapsed (its process stopped) while the job was paused' },
            { where: { jobScheduleId: s.id, outcome: 'RUNNING' } },
          );
        continue;
      }
      const run = await this.start(s.id, (dead?.trigger as Trigger | undefined) ?? 'SCHEDULE');
      if (run) started.push(run);
    }
    return started;
  }

  /** Resolves when no run of this process is going on. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight.values()].map((r) => r.done));
  }

  /**
   * Graceful stop: no new runs; the runs in flight get `graceMs` to finish, then are aborted (they stop
   * at their next row), recorded ABANDONED and their leases left lapsed for another process to take over.
   */
  async stop(graceMs: number): Promise<void> {
    this.accepting = false;
    const all = () => Promise.all([...this.inFlight.values()].map((r) => r.done));
    const timedOut = await Promise.race([all().then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref())]);
    if (!timedOut) return;
    for (const r of this.inFlight.values()) {
      r.interrupted = true;
      r.abort.abort(new Error('shutdown'));
    }
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, Math.max(1000, graceMs / 2)).unref())]);
  }
}

const runners = new WeakMap<Deps, JobRunner>();

/** The runner of an app's dependencies (one per process: the API's run call and the scheduler share it). */
export function runnerFor(deps: Deps): JobRunner {
  let runner = runners.get(deps);
  if (!runner) {
    runner = new JobRunner(deps);
    runners.set(deps, runner);
  }
  return runner;
}
