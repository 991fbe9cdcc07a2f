/**
 * Coaching circle sign-ups' rules the API enforces and the portal explains before the student tries
 * (issue 19; back-office spec §9 "Alternate coaching sessions need 12 hours' notice"). Browser-safe.
 */

/** Switching group or leaving a circle needs this much notice before the next session of the current group. */
export const CIRCLE_NOTICE_HOURS = 12;
export const CIRCLE_NOTICE_MS = CIRCLE_NOTICE_HOURS * 3_600_000;

/** The default display time zone (platform spec §9). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The last instant a change is allowed before a session starting at `nextStart` (null: no next session, no limit). */
export function changeDeadline(nextStart: Date | string | null | undefined): Date | null {
  if (!nextStart) return null;
  return new Date(new Date(nextStart).getTime() - CIRCLE_NOTICE_MS);
}

/** Whether a switch or a leave is still allowed at `now` given the current group's next session. */
export function canChangeBefore(nextStart: Date | string | null | undefined, now: Date = new Date()): boolean {
  const deadline = changeDeadline(nextStart);
  return deadline === null || now.getTime() <= deadline.getTime();
}

/** An instant's wall-clock date (YYYY-MM-DD) and time (HH:mm, 24-hour) in `zone`. */
export function localParts(instant: Date | string, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** Whether a cohort's period (start … the later of end and extended graduation; an open end is unbounded) holds every date. */
export function periodCovers(period: { startDate: string | null; endDate: string | null; extendedGraduationDate?: string | null }, dates: string[]): boolean {
  const end =
    [period.endDate, period.extendedGraduationDate]
      .filter((d): d is string => Boolean(d))
      .sort()
      .pop() ?? null;
  return dates.every((d) => (!period.startDate || d >= period.startDate) && (!end || d <= end));
}
