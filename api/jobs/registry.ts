import type { Logger } from 'pino';
import type { JobType, Of } from '../../models/enums';
import type { Deps } from '../common/context';

/** What a job's run is given. */
export interface JobContext {
  deps: Deps;
  /** The schedule's params (job-specific). */
  params: Record<string, unknown>;
  /** The school's day (America/New_York) when the run started. */
  today: string;
  /** Aborted when the run lost its lease or the process is shutting down: stop at the next row. */
  signal: AbortSignal;
  log: Logger;
  /** Reports the rows processed so far (kept on the run record while it goes on). */
  progress(count: number): void;
  scheduleId: number;
  runId: number;
}

/** A job's work: answers how many rows it processed. It must be idempotent (a run may be repeated). */
export type JobFn = (ctx: JobContext) => Promise<{ count: number; note?: string | null }>;

const jobs = new Map<string, JobFn>();

/** Registers the work of a job type; answers what was registered before (tests put it back). */
export function registerJob(type: Of<typeof JobType>, run: JobFn): JobFn | undefined {
  const before = jobs.get(type);
  jobs.set(type, run);
  return before;
}

export function jobOf(type: string): JobFn | undefined {
  return jobs.get(type);
}

/** A param as a number (the default when missing or not a finite number). */
export function numberParam(params: Record<string, unknown>, key: string, fallback: number): number {
  const v = params[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** A param as a list of whole numbers (the default when missing or malformed). */
export function daysParam(params: Record<string, unknown>, key: string, fallback: number[]): number[] {
  const v = params[key];
  return Array.isArray(v) && v.every((d) => Number.isInteger(d) && d >= 0) ? (v as number[]) : fallback;
}
