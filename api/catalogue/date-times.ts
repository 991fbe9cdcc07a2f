import { z } from 'zod';
import { Messages } from '../../models/messages';
import { parseDate } from '../../models/validation';

/**
 * Date-times of the catalogue's bodies (cohorts, program modules): a bare calendar day is read in the
 * school's zone, America/New_York, as the start or the end of that day.
 */

const SCHOOL_ZONE = 'America/New_York';

/** Milliseconds `zone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(utcMs))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a wall-clock time on a YYYY-MM-DD day happens in the school's zone. */
export function schoolInstant(day: string, edge: 'start' | 'end'): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = edge === 'start' ? Date.UTC(y, m - 1, d, 0, 0, 0, 0) : Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  let utc = wall - zoneOffsetMs(wall, SCHOOL_ZONE);
  // Around a daylight-saving change the first guess can be an hour off: correct once.
  utc = wall - zoneOffsetMs(utc, SCHOOL_ZONE);
  return new Date(utc);
}

/** The instant a wall-clock `HH:mm` on a YYYY-MM-DD day happens in the school's zone (a scheduled communication's). */
export function schoolWallTime(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, 0, 0);
  let utc = wall - zoneOffsetMs(wall, SCHOOL_ZONE);
  utc = wall - zoneOffsetMs(utc, SCHOOL_ZONE);
  return new Date(utc);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date-time: ISO 8601 with a zone (`2027-01-15T14:00:00Z`), or a calendar date (YYYY-MM-DD or
 * MM-DD-YYYY, what the console's date inputs send) read in the school's zone as the start or the
 * end of that day. Blank is null.
 */
export const dateTime = (edge: 'start' | 'end') =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .transform((v, ctx) => {
        if (ISO_DATE_TIME.test(v)) {
          const date = new Date(v);
          if (!Number.isNaN(date.getTime()) && parseDate(v.slice(0, 10))) return date;
        } else {
          const day = parseDate(v);
          if (day) return schoolInstant(day, edge);
        }
        ctx.addIssue({ code: 'custom', message: Messages.INVALID_DATE });
        return z.NEVER;
      })
      .nullish(),
  );
