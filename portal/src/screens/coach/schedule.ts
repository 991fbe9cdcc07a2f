/**
 * The coach's sessions as the screens show them: instants written in the coach's time zone, the
 * wall-clock Dates a calendar (which draws in the browser's zone) needs to place them in that zone,
 * the sessions to come and the attendance still to take.
 */
import { isTimeZone, localParts } from '../../../../domain/rules/circle-sign-ups';
import { browserTimeZone } from '../../lib/circles-api';
import type { CoachGroup, GroupSession } from '../../lib/coach-api';

/** The coach's time zone: their record's when it is a real zone, else the browser's. */
export function coachZone(recorded: string | null | undefined): string {
  return recorded && isTimeZone(recorded) ? recorded : browserTimeZone();
}

/** An instant's wall clock in `zone` as a local Date (the calendar then shows the zone's time). */
export function wallClock(instant: Date | string, zone: string): Date {
  const { date, time } = localParts(instant, zone);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(y, m - 1, d, hh, mm);
}

const formatter = (locale: string, zone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { timeZone: zone, ...options });

/** "Tue, Mar 5, 2030, 6:30 PM" / "mar, 5 mar 2030, 18:30" in the coach's zone. */
export function formatWhen(instant: Date | string, zone: string, locale: string): string {
  return formatter(locale, zone, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** "7:30 PM" in the coach's zone. */
export function formatTime(instant: Date | string, zone: string, locale: string): string {
  return formatter(locale, zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

export const circleTitle = (g: CoachGroup) => g.circle.name || g.circle.typeName || `#${g.circle.id}`;

/** The records of a session still PENDING (a started session's attendance to take). */
export const pendingOf = (s: GroupSession) => s.roster.filter((r) => r.status === 'PENDING').length;

export interface ScheduledSession {
  group: CoachGroup;
  session: GroupSession;
}

/** Every session of every group, in start order. */
export function allSessions(groups: CoachGroup[], sessions: ReadonlyMap<number, GroupSession[]>): ScheduledSession[] {
  return groups
    .flatMap((group) => (sessions.get(group.id) ?? []).map((session) => ({ group, session })))
    .sort((a, b) => new Date(a.session.startDateTime).getTime() - new Date(b.session.startDateTime).getTime() || a.session.id - b.session.id);
}

export const sessionPath = (groupId: number, sessionId: number) => `/coach/groups/${groupId}/sessions/${sessionId}`;
