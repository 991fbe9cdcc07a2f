import cron, { type ScheduledTask } from 'node-cron';
import { JobSchedule } from '../../models';
import type { Deps } from '../common/context';
import { JOB_TIMEZONE, intervalSlot, isValidCron } from './cron';
import { runnerFor, type JobRunner } from './runner';

/**
 * The scheduler of one API process (issue 16 §1): node-cron in America/New_York for cron schedules,
 * an epoch-aligned timer for every-N-seconds ones. Each fire asks the runner for the schedule's lease
 * for that scheduled time: with several processes every one fires, one wins, and the time is taken
 * (job_schedules.last_fire_at, and job_runs' unique scheduled time), so it runs once. When the lease
 * is held by a run still going on, the fire keeps asking for a while (a quarter of the interval, at
 * most 30 s) so a manual run does not swallow the scheduled one.
 *
 * The table is read again every JOBS_RELOAD_SECONDS (and at once after an edit through this process's
 * API): edits, pauses and deletions made through any process take effect in every one. The same tick
 * takes over leases that lapsed. Started by api/server.ts when JOBS_ENABLED; never by createApp or tests
 * (they drive the runner directly).
 */

interface Timer {
  signature: string;
  stop(): void;
}

export interface SchedulerStatus {
  state: 'stopped' | 'running' | 'stopping';
  owner: string;
  schedules: number;
  running: number;
  lastReloadAt: string | null;
}

const RETRY_MS = 250;

export class Scheduler {
  private readonly timers = new Map<number, Timer>();
  private readonly runner: JobRunner;
  private tick: NodeJS.Timeout | null = null;
  private state: SchedulerStatus['state'] = 'stopped';
  private lastReloadAt: Date | null = null;
  private reloading: Promise<void> | null = null;

  /**
   * `opts.runner`: the runner to use (default the app's); `opts.only`: the schedules this scheduler
   * times (default all; tests time their own schedules only).
   */
  constructor(
    private readonly deps: Deps,
    private readonly opts: { runner?: JobRunner; only?: (s: JobSchedule) => boolean } = {},
  ) {
    this.runner = opts.runner ?? runnerFor(deps);
  }

  async start(): Promise<void> {
    if (this.state !== 'stopped') return;
    this.state = 'running';
    await this.reload();
    const every = this.deps.config.JOBS_RELOAD_SECONDS * 1000;
    this.tick = setInterval(() => {
      void this.reload().catch((err) => this.deps.log.warn({ err }, 'job schedules not reloaded'));
    }, every);
    this.tick.unref();
    this.deps.log.info({ owner: this.runner.owner, schedules: this.timers.size }, 'scheduler started');
  }

  status(): SchedulerStatus {
    return { state: this.state, owner: this.runner.owner, schedules: this.timers.size, running: this.runner.running, lastReloadAt: this.lastReloadAt?.toISOString() ?? null };
  }

  /** Reads the schedules again: timers made, remade or stopped to match the table; lapsed leases taken over. */
  reload(): Promise<void> {
    if (this.state !== 'running') return Promise.resolve();
    this.reloading ??= this.doReload().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async doReload(): Promise<void> {
    const rows = await JobSchedule.findAll({ attributes: ['id', 'type', 'status', 'cronJob', 'cronExpression', 'repeatInterval', 'updatedAt'] });
    if (this.state !== 'running') return;
    const seen = new Set<number>();
    for (const s of rows) {
      if (s.status !== 'ACTIVE' || (this.opts.only && !this.opts.only(s))) continue;
      const signature = `${s.cronJob}|${s.cronExpression}|${s.repeatInterval}`;
      seen.add(s.id);
      const current = this.timers.get(s.id);
      if (current?.signature === signature) continue;
      current?.stop();
      const timer = this.timerFor(s, signature);
      if (timer) this.timers.set(s.id, timer);
      else this.timers.delete(s.id);
    }
    for (const [id, timer] of this.timers) {
      if (!seen.has(id)) {
        timer.stop();
        this.timers.delete(id);
      }
    }
    this.lastReloadAt = new Date();
    await this.runner.takeOverLapsed();
  }

  private timerFor(s: JobSchedule, signature: string): Timer | null {
    if (s.cronJob) {
      if (!s.cronExpression || !isValidCron(s.cronExpression)) return null;
      const task: ScheduledTask = cron.schedule(s.cronExpression.trim(), (ctx) => this.fire(s.id, ctx.date, 60_000), {
        timezone: JOB_TIMEZONE,
        name: `job-schedule-${s.id}`,
        suppressMissedWarning: true,
        unref: true,
      });
      return { signature, stop: () => void Promise.resolve(task.destroy()).catch(() => undefined) };
    }
    const seconds = s.repeatInterval ?? 0;
    if (seconds <= 0) return null;
    let handle: NodeJS.Timeout | null = null;
    let stopped = false;
    const arm = () => {
      if (stopped) return;
      const next = intervalSlot(seconds, new Date()).getTime() + seconds * 1000;
      handle = setTimeout(
        () => {
          void this.fire(s.id, new Date(next), seconds * 1000);
          arm();
        },
        Math.max(0, next - Date.now()),
      );
      handle.unref();
    };
    arm();
    return {
      signature,
      stop: () => {
        stopped = true;
        if (handle) clearTimeout(handle);
      },
    };
  }

  /** One scheduled time: ask for the lease; while another run holds it, ask again for a while. */
  private async fire(scheduleId: number, slot: Date, intervalMs: number): Promise<void> {
    const until = Date.now() + Math.min(30_000, Math.max(RETRY_MS, intervalMs / 4));
    try {
      for (;;) {
        if (this.state !== 'running') return;
        const run = await this.runner.start(scheduleId, 'SCHEDULE', slot);
        if (run) return;
        const s = await JobSchedule.findByPk(scheduleId, { attributes: ['id', 'status', 'lastFireAt', 'leaseOwner'] });
        // Gone, paused, or this time already taken: nothing more to do.
        if (!s || s.status !== 'ACTIVE' || (s.lastFireAt && s.lastFireAt.getTime() >= slot.getTime())) return;
        if (Date.now() + RETRY_MS > until) {
          this.deps.log.info({ scheduleId, slot: slot.toISOString() }, 'scheduled run skipped: the job was running');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (err) {
      this.deps.log.warn({ err, scheduleId }, 'scheduled run not started');
    }
  }

  /** Graceful stop: no more fires; runs in flight get `graceMs` (then are handed over); leases released. */
  async stop(graceMs: number): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopping';
    if (this.tick) clearInterval(this.tick);
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
    await this.runner.stop(graceMs);
    this.state = 'stopped';
    this.deps.log.info('scheduler stopped');
  }
}
