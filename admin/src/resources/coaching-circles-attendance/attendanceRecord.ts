import type { RaRecord } from 'react-admin';
import type { AttendanceRowAnswer } from '../../../../domain/contract/coaching-circles';
import { cleanCriteria } from '../../providers/dataProvider';

/**
 * Coaching circle attendance records (the console resource `coaching-circles-attendance` over
 * POST /api/coaching_circle_attendance/find_by_criteria, issue 19): one row per student and session.
 */
export const ATTENDANCE = 'coaching-circles-attendance';

export type AttendanceRecord = Omit<AttendanceRowAnswer, 'id'> & RaRecord;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** True when a session date range has both ends (back-office spec §5: the attendance range needs both). */
export function completeRange(value: unknown): value is { from: string; to: string } {
  const r = (value ?? {}) as Record<string, unknown>;
  return typeof value === 'object' && value !== null && has(r.from) && has(r.to);
}

/** The criteria the API is sent: empty parts dropped, and the session date range only with both ends. */
export function attendanceCriteria(criteria: Record<string, unknown>): Record<string, unknown> {
  const { sessionDate, ...rest } = criteria;
  const out = cleanCriteria(rest);
  if (completeRange(sessionDate)) out.sessionDate = { from: sessionDate.from, to: sessionDate.to };
  return out;
}
