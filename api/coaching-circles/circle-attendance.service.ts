import { Op, Sequelize, type Includeable, type WhereOptions } from 'sequelize';
import { CoachingCircle, CoachingCircleCoach, CoachingCircleSession, CoachingCircleSignUp, CoachingCircleSignUpSession, Student } from '../../models';
import { addToDay, wallTimeToUtc } from '../../domain/rules/coaching-circles';
import { updatedByOf } from '../common/audit';
import type { Principal } from '../common/context';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { coachInclude, coachPerson, zoneOf } from './coaching-circles.service';
import type { AttendanceCriteria } from './coaching-circles.schemas';

/**
 * POST /coaching_circle_attendance/find_by_criteria (back-office spec §7; the console's
 * /coaching-circles-attendance): the attendance records — one per student and session — filtered by
 * circle, cohort (the circle's), coach, student (ids, or the keyword on the student's name or email),
 * status and session date range (both ends, days in the asked `utcOffset`). Every filter is a condition
 * on the record's own indexed columns through a subquery; a page is its ids, then its rows with the
 * student, session, circle and coach joined in one query (and the count when the page cannot tell).
 * A coach token lists only its own groups' records.
 */

const person = ['id', 'firstName', 'lastName', 'email'];
const include: Includeable[] = [
  { model: CoachingCircleSignUp, as: 'signUp', attributes: ['id', 'studentId'], include: [{ model: Student, as: 'student', attributes: person }] },
  {
    model: CoachingCircleSession,
    as: 'session',
    attributes: ['id', 'sessionNumber', 'startDateTime', 'endDateTime', 'coachingCircleId'],
    include: [{ model: CoachingCircle, as: 'circle', attributes: ['id', 'name', 'cohortId'] }],
  },
  { model: CoachingCircleCoach, as: 'circleCoach', attributes: ['id', 'coachId'], include: [coachInclude()] },
];

type Row = CoachingCircleSignUpSession & {
  signUp?: CoachingCircleSignUp & { student?: Student };
  session?: CoachingCircleSession & { circle?: CoachingCircle };
  circleCoach?: CoachingCircleCoach;
};

export function attendanceDto(row: CoachingCircleSignUpSession) {
  const r = row as Row;
  const s = r.signUp?.student;
  const session = r.session;
  return {
    id: r.id,
    status: r.status,
    participation: r.participation ?? null,
    notes: r.notes ?? null,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    session: session ? { id: session.id, sessionNumber: session.sessionNumber, startDateTime: session.startDateTime, endDateTime: session.endDateTime } : null,
    coachingCircleId: session?.circle?.id ?? null,
    coachingCircleName: session?.circle?.name ?? null,
    cohortId: session?.circle?.cohortId ?? null,
    coachingCircleCoachId: r.coachingCircleCoachId,
    coach: coachPerson(r.circleCoach?.coach as never),
    updatedAt: r.updatedAt,
    updatedBy: updatedByOf(r),
  };
}

export const attendanceListSpec: ListSpec<CoachingCircleSignUpSession> = {
  model: CoachingCircleSignUpSession,
  sortable: { id: 'id', ID: 'id', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt', status: 'status', STATUS: 'status' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: {
    student: (sql) => ({ coachingCircleSignUpId: { [Op.in]: Sequelize.literal(`(SELECT su.id FROM coaching_circle_sign_ups su WHERE su.student_id IN (${sql}))`) } }),
    numbers: ['id'],
  },
};

const ids = (values: number[]) => values.map(Number).join(', ');
const literalIn = (column: string, sql: string): WhereOptions => ({ [column]: { [Op.in]: Sequelize.literal(`(${sql})`) } });

export function findAttendance(q: PagingQuery & { utcOffset?: string }, criteria: AttendanceCriteria, viewer?: Principal | null) {
  return runList(attendanceListSpec, q, attendanceConditions(criteria, q.utcOffset, viewer), attendanceDto);
}

/** The criteria's conditions on the attendance list, days in `utcOffset` (the list and its export, api/exports, read the same rows). */
export function attendanceConditions(criteria: AttendanceCriteria, utcOffset: string | undefined, viewer?: Principal | null): WhereOptions[] {
  const sequelize = CoachingCircleSignUpSession.sequelize!;
  const conditions: WhereOptions[] = [];
  const groupParts: string[] = [];
  if (criteria.coachingCircleIds?.length) groupParts.push(`cc.coaching_circle_id IN (${ids(criteria.coachingCircleIds)})`);
  if (criteria.coachIds?.length) groupParts.push(`cc.coach_id IN (${ids(criteria.coachIds)})`);
  if (criteria.cohortIds?.length) groupParts.push(`cc.coaching_circle_id IN (SELECT c.id FROM coaching_circles c WHERE c.cohort_id IN (${ids(criteria.cohortIds)}))`);
  if (viewer && viewer.kind !== 'ADMIN') groupParts.push(`cc.coach_id = ${Number(viewer.coachId ?? -1)}`);
  if (groupParts.length) conditions.push(literalIn('coachingCircleCoachId', `SELECT cc.id FROM coaching_circle_coaches cc WHERE ${groupParts.join(' AND ')}`));
  if (criteria.statuses?.length) conditions.push({ status: criteria.statuses });
  if (criteria.students?.length)
    conditions.push(literalIn('coachingCircleSignUpId', `SELECT su.id FROM coaching_circle_sign_ups su WHERE su.student_id IN (${ids(criteria.students)})`));
  if (criteria.sessionDate) {
    const zone = zoneOf(utcOffset);
    const from = wallTimeToUtc(criteria.sessionDate.from, '00:00', zone);
    const until = wallTimeToUtc(addToDay(criteria.sessionDate.to, 1, 'DAYS'), '00:00', zone);
    conditions.push(
      literalIn(
        'coachingCircleSessionId',
        `SELECT s.id FROM coaching_circle_sessions s WHERE s.start_date_time >= ${sequelize.escape(from as never)} AND s.start_date_time < ${sequelize.escape(until as never)}`,
      ),
    );
  }
  return conditions;
}

// ---- The coach's own comments (issue 19, coach-portal) ----

/** One of the coach's notes: the attendance record with its student, circle and session. */
function ownCommentDto(row: CoachingCircleSignUpSession) {
  const r = row as Row;
  const s = r.signUp!.student!;
  const session = r.session!;
  return {
    id: r.id,
    coachingCircleCoachId: r.coachingCircleCoachId,
    coachingCircleId: session.circle!.id,
    coachingCircleName: session.circle!.name ?? '',
    session: { id: session.id, sessionNumber: session.sessionNumber, startDateTime: session.startDateTime, endDateTime: session.endDateTime },
    student: { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim() },
    status: r.status,
    participation: r.participation ?? null,
    notes: r.notes ?? '',
    updatedAt: r.updatedAt,
  };
}

const ownSpec: ListSpec<CoachingCircleSignUpSession> = {
  ...attendanceListSpec,
  sortable: { updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt', id: 'id', ID: 'id' },
  defaultSort: 'updatedAt',
  include: include.filter((i) => (i as { as?: string }).as !== 'circleCoach'),
};

/**
 * GET /coaches/me/comments: the notes a coach wrote in the attendance of their own groups (records with
 * notes), newest first, optionally of one group; the keyword finds the student. The groups are the
 * coach's by a subquery on `coaching_circle_coaches.coach_id`, so another coach's never show; a group id
 * that is not the coach's lists nothing. Index (coaching_circle_coach_id, updated_at) (migration 0031).
 */
export function coachComments(coachId: number, q: PagingQuery & { coachingCircleCoachId?: number }) {
  const own = `SELECT cc.id FROM coaching_circle_coaches cc WHERE cc.coach_id = ${Number(coachId)}${q.coachingCircleCoachId ? ` AND cc.id = ${Number(q.coachingCircleCoachId)}` : ''}`;
  const conditions: WhereOptions[] = [literalIn('coachingCircleCoachId', own), { notes: { [Op.and]: [{ [Op.ne]: null }, { [Op.ne]: '' }] } }];
  return runList(ownSpec, q, conditions, ownCommentDto);
}
