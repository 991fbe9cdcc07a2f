/**
 * Learning-session rules (domain rules "Coaching circles and learning sessions"; back-office spec §9):
 * pure and browser-safe, so the API enforces what the console checks before the call.
 */

/** Defaults of a new learning session (back-office spec §9). */
export const LEARNING_SESSION_DEFAULTS = { maxStudents: 10, duration: 90 } as const;
/** A learning session lasts at most this many minutes ('Duration limit'). */
export const MAX_LEARNING_SESSION_MINUTES = 240;
/** A student cancels a sign-up at least this many minutes before the start (12 hours' notice). */
export const SIGN_UP_NOTICE_MINUTES = 12 * 60;
/** A clone starts this many days after its original. */
export const CLONE_OFFSET_DAYS = 7;
/** The zone times are read in when none is asked. */
export const DEFAULT_ZONE = 'America/New_York';

/** Time-of-day ranges (back-office spec §9), in minutes of the local day: [from, to). */
export const TIME_OF_DAY_RANGES = {
  EARLY_MORNING: [0, 5 * 60],
  MORNING: [5 * 60, 12 * 60],
  AFTERNOON: [12 * 60, 18 * 60],
  EVENING: [18 * 60, 24 * 60],
} as const satisfies Record<string, readonly [number, number]>;
export type TimeOfDay = keyof typeof TIME_OF_DAY_RANGES;
export const TIMES_OF_DAY = Object.keys(TIME_OF_DAY_RANGES) as TimeOfDay[];

/** What publishing needs and a session lacks, in this order: a coach, a scope, a web conference URL. */
export type PublishRequirement = 'coach' | 'scope' | 'webConferenceUrl';
export function publishMissing(s: { coachId: number | null | undefined; scopeCount: number; webConferenceUrl: string | null | undefined }): PublishRequirement[] {
  const missing: PublishRequirement[] = [];
  if (!s.coachId) missing.push('coach');
  if (s.scopeCount < 1) missing.push('scope');
  if (!s.webConferenceUrl || !s.webConferenceUrl.trim()) missing.push('webConferenceUrl');
  return missing;
}

/** The English words of the publish refusal ('a coach, a scope and a web conference URL'). */
export const PUBLISH_REQUIREMENT_WORDS: Record<PublishRequirement, string> = { coach: 'a coach', scope: 'a scope', webConferenceUrl: 'a web conference URL' };
export function joinWords(words: string[], and = 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${and} ${words[words.length - 1]}`;
}

/** Whether a sign-up may still be cancelled at `now` with the notice rule. */
export function withinNotice(start: Date, now: Date = new Date()): boolean {
  return start.getTime() - now.getTime() >= SIGN_UP_NOTICE_MINUTES * 60_000;
}

// ---- Zones: an IANA name or a fixed offset (±HH:MM) ----

const FIXED = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/;

/** A zone as asked (`utcOffset`): an IANA name or ±HH:MM; null when neither. */
export function parseZone(text: string | null | undefined): { name: string; fixedOffset: number | null } | null {
  const value = (text ?? '').trim() || DEFAULT_ZONE;
  const m = FIXED.exec(value);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    if (Number(m[2]) > 14 || Number(m[3] ?? 0) > 59) return null;
    return { name: value, fixedOffset: (m[1] === '-' ? -1 : 1) * minutes };
  }
  if (value === 'Z' || value === 'UTC') return { name: 'UTC', fixedOffset: 0 };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return { name: value, fixedOffset: null };
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Minutes the zone is ahead of UTC at the instant `ms`. */
export function zoneOffsetMinutes(zone: { name: string; fixedOffset: number | null }, ms: number): number {
  if (zone.fixedOffset !== null) return zone.fixedOffset;
  let f = formatters.get(zone.name);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone.name, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone.name, f);
  }
  const p = Object.fromEntries(
    f
      .formatToParts(new Date(ms))
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The instant a local wall-clock day starts (00:00) in the zone. */
export function localDayStart(day: string, zone: { name: string; fixedOffset: number | null }): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let utc = wall - zoneOffsetMinutes(zone, wall) * 60_000;
  utc = wall - zoneOffsetMinutes(zone, utc) * 60_000;
  return new Date(utc);
}

/** 'YYYY-MM-DD HH:mm' of an instant in the zone (CSV cells). */
export function localDateTimeText(instant: Date, zone: { name: string; fixedOffset: number | null }): string {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(zone, instant.getTime()) * 60_000);
  return local.toISOString().slice(0, 16).replace('T', ' ');
}

/** The spans of [fromMs, toMs) over which the zone keeps one offset (a fixed zone: one span). */
export function offsetSpans(zone: { name: string; fixedOffset: number | null }, fromMs: number, toMs: number): Array<{ from: number; to: number; offset: number }> {
  const spans: Array<{ from: number; to: number; offset: number }> = [];
  let start = fromMs;
  let offset = zoneOffsetMinutes(zone, start);
  if (zone.fixedOffset !== null) return [{ from: fromMs, to: toMs, offset }];
  const DAY = 86_400_000;
  let probe = start;
  while (probe < toMs) {
    const next = Math.min(probe + DAY, toMs);
    const o = zoneOffsetMinutes(zone, next);
    if (o !== offset) {
      // The change lies in (probe, next]: find its minute.
      let lo = probe;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (zoneOffsetMinutes(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      spans.push({ from: start, to: hi, offset });
      start = hi;
      offset = zoneOffsetMinutes(zone, hi);
    }
    probe = next;
  }
  spans.push({ from: start, to: toMs, offset });
  return spans;
}

/**
 * The UTC minute-of-day ranges ([from, to)) that fall in the asked local times of day when the zone is
 * `offset` minutes ahead of UTC: a local range shifted by the offset, split where it wraps midnight.
 */
export function utcMinuteRanges(times: TimeOfDay[], offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const t of times) {
    const [a, b] = TIME_OF_DAY_RANGES[t];
    const from = (((a - offset) % 1440) + 1440) % 1440;
    const to = from + (b - a);
    if (to <= 1440) out.push([from, to]);
    else out.push([from, 1440], [0, to - 1440]);
  }
  return out;
}

/** The instant a wall-clock `HH:mm` on a YYYY-MM-DD day happens in the zone (the console's date and time inputs). */
export function wallTimeInstant(day: string, time: string, zone = parseZone(DEFAULT_ZONE)!): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let utc = wall - zoneOffsetMinutes(zone, wall) * 60_000;
  utc = wall - zoneOffsetMinutes(zone, utc) * 60_000;
  return new Date(utc);
}
