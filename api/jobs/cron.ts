import cron from 'node-cron';

/** The school's zone: every job's cron expression is read in it (domain rules "Scheduled jobs"). */
export const JOB_TIMEZONE = 'America/New_York';

/** A node-cron expression of 5 fields (minute first) or 6 (second first) that node-cron accepts. */
export function isValidCron(expression: string | null | undefined): boolean {
  if (typeof expression !== 'string') return false;
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) return false;
  try {
    return cron.validate(expression.trim());
  } catch {
    return false;
  }
}

/** The first time after now a cron expression matches, in America/New_York (null when it is invalid). */
export function nextCronRun(expression: string, from: Date = new Date()): Date | null {
  if (!isValidCron(expression)) return null;
  const task = cron.createTask(expression.trim(), () => undefined, { timezone: JOB_TIMEZONE });
  try {
    const [next] = task.getNextRuns(1);
    // getNextRuns starts at the present moment; a later `from` skips ahead.
    if (next && next.getTime() > from.getTime()) return next;
    let at = next;
    for (let i = 0; at && at.getTime() <= from.getTime() && i < 1000; i++) at = task.getNextRuns(i + 2)[i + 1];
    return at ?? null;
  } finally {
    void task.destroy();
  }
}

/** The scheduled time of an every-N-seconds job at or before `at` (times aligned on the epoch, so every process agrees). */
export function intervalSlot(seconds: number, at: Date = new Date()): Date {
  const ms = seconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** The next scheduled time of an every-N-seconds job after `at`. */
export function nextIntervalRun(seconds: number, at: Date = new Date()): Date {
  return new Date(intervalSlot(seconds, at).getTime() + seconds * 1000);
}

/** The next run of a schedule (null when paused or its timing is unusable). */
export function nextRunOf(s: { status: string; cronJob: boolean; cronExpression: string | null; repeatInterval: number | null }, from: Date = new Date()): Date | null {
  if (s.status !== 'ACTIVE') return null;
  if (s.cronJob) return s.cronExpression ? nextCronRun(s.cronExpression, from) : null;
  return s.repeatInterval && s.repeatInterval > 0 ? nextIntervalRun(s.repeatInterval, from) : null;
}
