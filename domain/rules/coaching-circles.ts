/**
 * Coaching circles' pure rules (domain rules "Coaching circles and learning sessions", issue 19):
 * laying a circle's sessions, the end time of a session, time zones and the time of day of an instant.
 * Browser-safe: no Node APIs, no Sequelize; time zones through Intl only (the console and the portal
 * show the same sessions the API lays).
 *
 * - A circle meets `sessions` times from `startDate` at `startTime` (a wall clock in its time zone) every
 *   `frequency` `frequencyUnit`: the wall clock is kept across daylight-saving changes (18:00 in New York
 *   stays 18:00, so the UTC instant moves by an hour). Months keep the start's day of the month, clamped
 *   to the month's length (Jan 31 → Feb 28 → Mar 31).
 * - A skipped date drops the slot that falls on it and the count is still met: the circle meets one slot
 *   later instead (a circle of 10 weekly sessions with one skipped week ends a week later).
 * - A wall clock that does not exist on a day (02:30 on the spring-forward day) is read with the offset
 *   before the change, i.e. an hour later on the clock (03:30); one that happens twice takes the first.
 */

import { CirclePublishRequirement, FrequencyUnit, TimeOfDay } from '../../models/enums';

export const FREQUENCY_UNITS = FrequencyUnit;
export type FrequencyUnitValue = (typeof FREQUENCY_UNITS)[number];

/** The school's zone: the default of a circle and of every `utcOffset` (platform spec §9). */
export const DEFAULT_ZONE = 'America/New_York';

/** The time-of-day ranges of a session's start (back-office spec §9), in minutes of the day [from, to]. */
export const TIMES_OF_DAY = TimeOfDay;
export type TimeOfDayValue = (typeof TIMES_OF_DAY)[number];
export const TIME_OF_DAY_RANGES: Readonly<Record<TimeOfDayValue, readonly [number, number]>> = {
  EARLY_MORNING: [0, 4 * 60 + 59],
  MORNING: [5 * 60, 11 * 60 + 59],
  AFTERNOON: [12 * 60, 17 * 60 + 59],
  EVENING: [18 * 60, 23 * 60 + 59],
};

/** A circle's (or a session's) longest duration in minutes, as for learning sessions ('Duration limit'). */
export const MAX_CIRCLE_DURATION_MINUTES = 240;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// ---- Calendar days ----

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function dayParts(day: string): [number, number, number] {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `day` moved by `n` units (months and years keep the day of the month, clamped to the month's length). */
export function addToDay(day: string, n: number, unit: FrequencyUnitValue): string {
  const [y, m, d] = dayParts(day);
  if (unit === 'DAYS' || unit === 'WEEKS') {
    const t = new Date(Date.UTC(y, m - 1, d) + n * (unit === 'WEEKS' ? 7 : 1) * DAY_MS);
    return dayOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  }
  const months = unit === 'MONTHS' ? n : n * 12;
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return dayOf(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** `HH:mm` plus `minutes`, on a 24-hour clock (a session ending after midnight ends at 00:30). */
export function endTimeOf(startTime: string, minutes: number): string {
  const m = TIME_PATTERN.exec(startTime);
  if (!m) throw new RangeError(`Not an HH:mm time: ${startTime}`);
  const total = (((Number(m[1]) * 60 + Number(m[2]) + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

// ---- Time zones ----

/** A zone: an IANA name (`America/New_York`) or a fixed offset from UTC in minutes (`-05:00`). */
export type Zone = { name: string; fixedMinutes: number | null };

const OFFSET_PATTERN = /^(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?$/i;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(name: string): Intl.DateTimeFormat {
  let f = formatters.get(name);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(name, f);
  }
  return f;
}

/**
 * What a `utcOffset` (or a circle's time zone) names: an IANA zone, a fixed offset (`-05:00`, `+0530`,
 * `UTC+01:00`), `UTC`/`Z`; blank is the school's zone. Null when it names nothing.
 */
export function parseZone(input: string | null | undefined): Zone | null {
  const text = (input ?? '').trim();
  if (!text) return { name: DEFAULT_ZONE, fixedMinutes: null };
  if (/^(utc|gmt|z)$/i.test(text)) return { name: 'UTC', fixedMinutes: 0 };
  const m = OFFSET_PATTERN.exec(text);
  if (m) {
    const hours = Number(m[2]);
    const minutes = Number(m[3] ?? 0);
    if (hours > 14 || minutes > 59) return null;
    const total = (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
    return { name: `${total < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(total) / 60))}:${pad(Math.abs(total) % 60)}`, fixedMinutes: total };
  }
  try {
    formatterOf(text);
    return { name: text, fixedMinutes: null };
  } catch {
    return null;
  }
}

/** Milliseconds the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMs(zone: Zone, utcMs: number): number {
  if (zone.fixedMinutes !== null) return zone.fixedMinutes * MINUTE_MS;
  // Zones change their offset on quarter hours of UTC: one Intl call per zone and quarter hour (a year of
  // weekly sessions for hundreds of circles asks the same few instants again and again).
  const key = `${zone.name}|${Math.floor(utcMs / QUARTER_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  if (offsets.size > 50_000) offsets.clear();
  const offset = intlOffsetMs(zone.name, Math.floor(utcMs / QUARTER_MS) * QUARTER_MS);
  offsets.set(key, offset);
  return offset;
}

const QUARTER_MS = 15 * MINUTE_MS;
const offsets = new Map<string, number>();

function intlOffsetMs(name: string, utcMs: number): number {
  const p: Record<string, number> = {};
  for (const part of formatterOf(name).formatToParts(new Date(utcMs))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour === 24 ? 0 : p.hour, p.minute, p.second);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a wall clock `HH:mm` on `day` happens in `zone` (see the header for clocks that do not exist). */
export function wallTimeToUtc(day: string, time: string, zone: Zone): Date {
  const [y, m, d] = dayParts(day);
  const t = TIME_PATTERN.exec(time);
  if (!t) throw new RangeError(`Not an HH:mm time: ${time}`);
  const wall = Date.UTC(y, m - 1, d, Number(t[1]), Number(t[2]));
  if (zone.fixedMinutes !== null) return new Date(wall - zone.fixedMinutes * MINUTE_MS);
  // The offset half a day before the wall clock (read as UTC) is the one in force before any change that day.
  const before = zoneOffsetMs(zone, wall - DAY_MS / 2);
  const first = wall - before;
  const atFirst = zoneOffsetMs(zone, first);
  if (atFirst === before) return new Date(first);
  // A change happened: the clock read with the new offset, if it exists; else (a gap) the old offset's reading.
  const second = wall - atFirst;
  return new Date(zoneOffsetMs(zone, second) === atFirst ? second : first);
}

/** An instant's calendar day and wall clock in `zone`. */
export function localParts(instant: Date | string | number, zone: Zone): { date: string; time: string; minutes: number } {
  const ms = new Date(instant).getTime();
  const t = new Date(ms + zoneOffsetMs(zone, ms));
  const minutes = t.getUTCHours() * 60 + t.getUTCMinutes();
  return { date: dayOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()), time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`, minutes };
}

/** The time of day of an instant in `zone` (Early Morning 00:00–04:59, Morning 05:00–11:59, Afternoon 12:00–17:59, Evening 18:00–23:59). */
export function timeOfDay(instant: Date | string | number, zone: Zone): TimeOfDayValue {
  const { minutes } = localParts(instant, zone);
  return TIMES_OF_DAY.find((k) => minutes >= TIME_OF_DAY_RANGES[k][0] && minutes <= TIME_OF_DAY_RANGES[k][1]) ?? 'EVENING';
}

// ---- Laying sessions ----

export interface SessionPlan {
  /** YYYY-MM-DD, the first session's day (in the circle's zone). */
  startDate: string;
  /** HH:mm, wall clock in the circle's zone. */
  startTime: string;
  /** Minutes. */
  duration: number;
  sessions: number;
  frequency: number;
  frequencyUnit: FrequencyUnitValue;
  /** The circle's zone (IANA name; default the school's). */
  timeZone?: string | null;
  /** Days (YYYY-MM-DD, in the circle's zone) on which the circle does not meet. */
  skippedDates?: Iterable<string>;
}

export interface PlannedSession {
  sessionNumber: number;
  /** The session's day in the circle's zone. */
  date: string;
  startDateTime: Date;
  endDateTime: Date;
}

export class SessionPlanError extends Error {}

/**
 * The sessions of a circle: `sessions` slots from the start date every `frequency` units at the start
 * time's wall clock, a slot on a skipped date dropped and replaced by the next one.
 */
export function planSessions(plan: SessionPlan): PlannedSession[] {
  if (!Number.isInteger(plan.sessions) || plan.sessions < 0) throw new SessionPlanError('sessions must be a whole number');
  if (!Number.isInteger(plan.frequency) || plan.frequency < 1) throw new SessionPlanError('frequency must be a positive whole number');
  if (!Number.isInteger(plan.duration) || plan.duration < 1) throw new SessionPlanError('duration must be a positive whole number of minutes');
  const zone = parseZone(plan.timeZone);
  if (!zone) throw new SessionPlanError(`Unknown time zone ${plan.timeZone}`);
  const skipped = new Set(plan.skippedDates ?? []);
  const out: PlannedSession[] = [];
  // Every skipped date can drop at most one slot, so this many slots always meet the count.
  const slots = plan.sessions + skipped.size;
  for (let k = 0; k < slots && out.length < plan.sessions; k += 1) {
    const date = addToDay(plan.startDate, k * plan.frequency, plan.frequencyUnit);
    if (skipped.has(date)) continue;
    const start = wallTimeToUtc(date, plan.startTime, zone);
    out.push({ sessionNumber: out.length + 1, date, startDateTime: start, endDateTime: new Date(start.getTime() + plan.duration * MINUTE_MS) });
  }
  return out;
}

// ---- Publishing ----

/** What a circle lacks to be published, in the order the refusals name them. */
export const PUBLISH_REQUIREMENTS = CirclePublishRequirement;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

export function missingForPublish(circle: { sessionCount: number; coaches: Array<{ webConferenceUrl: string | null | undefined }>; scopeCount: number }): PublishRequirement[] {
  const missing: PublishRequirement[] = [];
  if (circle.sessionCount < 1) missing.push('SESSIONS');
  if (circle.coaches.length < 1) missing.push('COACHES');
  if (circle.scopeCount < 1) missing.push('SCOPE');
  if (circle.coaches.some((c) => !c.webConferenceUrl || !c.webConferenceUrl.trim())) missing.push('WEB_CONFERENCE_URL');
  return missing;
}
