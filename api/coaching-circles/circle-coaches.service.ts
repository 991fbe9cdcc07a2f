import { Op, Sequelize, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { CoachingCircle, CoachingCircleCoach, CoachingCircleSession, CoachingCircleSignUp, CoachingCircleSignUpSession, CoachingCircleType, Cohort, Student } from '../../models';
import { description } from '../../models/descriptions';
import { Messages } from '../../models/messages';
import { diff, recordActivities, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { coachInclude, coachPerson, recordGroupChange, signUpsOf } from './coaching-circles.service';
import type { AttendancesInput, GroupCriteria } from './coaching-circles.schemas';

/**
 * A coach's group in a circle (/api/coaching_circle_coaches, back-office spec §7): its circle, URL, max
 * students and sign-ups; its sessions, each with the group's roster (the attendance records of the
 * students who attend that session with this coach); attendance taken per session. Staff reach every
 * group by the `coaching_circles` permission; a coach token only its own groups (any other is 404, as
 * if it did not exist); a student token never (403 at the route).
 */

const ids = (values: number[]) => values.map(Number).join(', ');

/** A coach's token: only their groups (a coach without a coach record sees nothing). */
export function ownGroups(viewer?: Principal | null): WhereOptions | null {
  if (!viewer || viewer.kind === 'ADMIN') return null;
  return { coachId: viewer.coachId ?? -1 };
}

const include: Includeable[] = [
  coachInclude(),
  {
    model: CoachingCircle,
    as: 'circle',
    attributes: ['id', 'name', 'cohortId', 'startDate', 'startTime', 'endTime', 'timeZone', 'published'],
    include: [
      { model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] },
      { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
    ],
  },
];

function groupDto(g: CoachingCircleCoach, signUpsCount: number) {
  const c = g.circle!;
  return {
    id: g.id,
    coachingCircleId: g.coachingCircleId,
    coachId: g.coachId,
    coach: coachPerson(g.coach as never),
    webConferenceUrl: g.webConferenceUrl ?? null,
    maxStudents: g.maxStudents,
    signUpsCount,
    circle: {
      id: c.id,
      name: c.name ?? null,
      typeName: c.type?.name ?? null,
      cohortId: c.cohortId,
      cohortLabel: c.cohort?.label ?? null,
      startDate: c.startDate,
      startTime: c.startTime,
      endTime: c.endTime,
      timeZone: c.timeZone,
      published: Boolean(c.published),
    },
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    updatedBy: updatedByOf(g),
  };
}

const spec: ListSpec<CoachingCircleCoach> = {
  model: CoachingCircleCoach,
  sortable: { id: 'id', ID: 'id', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  // The keyword finds a group by its coach's name or email (coaches embed a student record).
  studentKeyword: {
    student: (sql) => ({ coachId: { [Op.in]: Sequelize.literal(`(SELECT c.id FROM coaches c WHERE c.student_id IN (${sql}))`) } }),
    numbers: ['id', 'coachingCircleId'],
  },
  maxSize: 1000,
};

/** Sign-ups per group of a page, in one grouped query. */
async function counts(groupIds: number[]): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const rows = (await CoachingCircleSignUp.findAll({
    attributes: ['coachingCircleCoachId', [Sequelize.fn('COUNT', Sequelize.col('id')), 'n']],
    where: { coachingCircleCoachId: groupIds },
    group: ['coachingCircleCoachId'],
    raw: true,
  })) as unknown as Array<{ coachingCircleCoachId: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.coachingCircleCoachId), Number(r.n)]));
}

async function page(q: PagingQuery, conditions: Array<WhereOptions | null>) {
  const result = await runList(spec, q, conditions, (g) => g);
  const n = await counts(result.content.map((g) => g.id));
  return { ...result, content: result.content.map((g) => groupDto(g, n.get(g.id) ?? 0)) };
}

const inCircles = (sql: string): WhereOptions => ({ coachingCircleId: { [Op.in]: Sequelize.literal(`(${sql})`) } });

/** GET /coaching_circle_coaches?coachId&cohortId&coachingCircleId (size up to 1000). */
export function listGroups(q: PagingQuery & { coachId?: number; cohortId?: number; coachingCircleId?: number }, viewer?: Principal | null) {
  return page(q, [
    ownGroups(viewer),
    q.coachId ? { coachId: q.coachId } : null,
    q.coachingCircleId ? { coachingCircleId: q.coachingCircleId } : null,
    q.cohortId ? inCircles(`SELECT id FROM coaching_circles WHERE cohort_id = ${Number(q.cohortId)}`) : null,
  ]);
}

/** POST /coaching_circle_coaches/find_by_criteria: coaches, cohorts (the circle's), circles, published. */
export function findGroups(q: PagingQuery, criteria: GroupCriteria, viewer?: Principal | null) {
  const circleParts: string[] = [];
  if (criteria.cohortIds?.length) circleParts.push(`cohort_id IN (${ids(criteria.cohortIds)})`);
  if (criteria.published !== null && criteria.published !== undefined) circleParts.push(`published = ${criteria.published ? 1 : 0}`);
  return page(q, [
    ownGroups(viewer),
    criteria.coachIds?.length ? { coachId: criteria.coachIds } : null,
    criteria.coachingCircleIds?.length ? { coachingCircleId: criteria.coachingCircleIds } : null,
    circleParts.length ? inCircles(`SELECT id FROM coaching_circles WHERE ${circleParts.join(' AND ')}`) : null,
  ]);
}

async function findGroup(id: number, viewer?: Principal | null, transaction?: Transaction, withCircle = true) {
  const where = { id, ...(ownGroups(viewer) ?? {}) } as WhereOptions;
  const group = await CoachingCircleCoach.findOne({ where, include: withCircle ? include : undefined, transaction, ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}) });
  if (!group) throw AppError.notFound('Coaching circle coach');
  return group;
}

/** GET /coaching_circle_coaches/{id}. */
export async function getGroup(id: number, viewer?: Principal | null) {
  const group = await findGroup(id, viewer);
  return groupDto(group, await signUpsOf(group.id));
}

type RecordRow = CoachingCircleSignUpSession & { signUp?: CoachingCircleSignUp & { student?: Student } };

function rosterEntry(r: RecordRow) {
  const s = r.signUp!.student!;
  return {
    coachingCircleSignUpSessionId: r.id,
    coachingCircleSignUpId: r.coachingCircleSignUpId,
    student: { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email },
    status: r.status,
    participation: r.participation ?? null,
    notes: r.notes ?? null,
    updatedBy: updatedByOf(r),
  };
}

const rosterInclude: Includeable[] = [
  {
    model: CoachingCircleSignUp,
    as: 'signUp',
    attributes: ['id', 'studentId'],
    include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] }],
  },
];

const byName = (a: ReturnType<typeof rosterEntry>, b: ReturnType<typeof rosterEntry>) =>
  a.student.lastName.localeCompare(b.student.lastName) ||
  a.student.firstName.localeCompare(b.student.firstName) ||
  a.coachingCircleSignUpSessionId - b.coachingCircleSignUpSessionId;

function sessionWithRoster(s: CoachingCircleSession, records: RecordRow[], now: number) {
  return {
    id: s.id,
    sessionNumber: s.sessionNumber,
    startDateTime: s.startDateTime,
    endDateTime: s.endDateTime,
    started: new Date(s.startDateTime).getTime() <= now,
    roster: records.map(rosterEntry).sort(byName),
  };
}

/** GET /coaching_circle_coaches/{id}/sessions: the circle's sessions, each with this group's roster (two queries). */
export async function groupSessions(id: number, viewer?: Principal | null) {
  const group = await findGroup(id, viewer, undefined, false);
  const sessions = await CoachingCircleSession.findAll({
    where: { coachingCircleId: group.coachingCircleId },
    order: [
      ['startDateTime', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const records = sessions.length
    ? ((await CoachingCircleSignUpSession.findAll({
        where: { coachingCircleCoachId: group.id, coachingCircleSessionId: sessions.map((s) => s.id) },
        include: rosterInclude,
      })) as RecordRow[])
    : [];
  const bySession = new Map<number, RecordRow[]>();
  for (const r of records) bySession.set(r.coachingCircleSessionId, [...(bySession.get(r.coachingCircleSessionId) ?? []), r]);
  const now = Date.now();
  return { content: sessions.map((s) => sessionWithRoster(s, bySession.get(s.id) ?? [], now)) };
}

/**
 * PUT /coaching_circle_coaches/{id}/sessions/{sessionId}/attendances: ATTENDED or ABSENT, participation
 * and notes for records of this group and session only (any other is a 400 on its row); a session that
 * has not started cannot be marked (409 SESSION_NOT_STARTED). One transaction: the records, then
 * CircleAttendanceTaken raised with them. Answers the session with its roster.
 */
export async function saveAttendance(id: number, sessionId: number, rows: AttendancesInput, actor: Actor, viewer?: Principal | null) {
  const sequelize = CoachingCircleCoach.sequelize!;
  const now = Date.now();
  return sequelize.transaction(async (transaction) => {
    const group = await findGroup(id, viewer, transaction, false);
    const session = await CoachingCircleSession.findOne({ where: { id: sessionId, coachingCircleId: group.coachingCircleId }, transaction });
    if (!session) throw AppError.notFound('Coaching circle session');
    if (new Date(session.startDateTime).getTime() > now) throw AppError.conflict('SESSION_NOT_STARTED', Messages.SESSION_NOT_STARTED, { startDateTime: session.startDateTime });
    const records = (await CoachingCircleSignUpSession.findAll({
      where: { id: rows.map((r) => r.coachingCircleSignUpSessionId) },
      include: rosterInclude,
      transaction,
    })) as RecordRow[];
    const byId = new Map(records.map((r) => [r.id, r]));
    const errors: Record<string, string> = {};
    rows.forEach((r, i) => {
      const record = byId.get(r.coachingCircleSignUpSessionId);
      if (!record || record.coachingCircleCoachId !== group.id || record.coachingCircleSessionId !== session.id)
        errors[`${i}.coachingCircleSignUpSessionId`] = Messages.NOT_IN_SESSION;
    });
    if (Object.keys(errors).length) throw AppError.badRequest(errors);
    // Each record whose mark, participation or notes changed: an entry on the circle and the student's timeline.
    const circle = await CoachingCircle.findByPk(group.coachingCircleId, { attributes: ['id', 'name'], transaction });
    const entries = rows.flatMap((r) => {
      const record = byId.get(r.coachingCircleSignUpSessionId)!;
      const before = { status: record.status, participation: record.participation ?? null, notes: record.notes ?? null };
      const changes = diff(before, { status: r.status, participation: r.participation ?? null, notes: r.notes ?? null });
      if (!Object.keys(changes).length) return [];
      return [
        {
          entityType: 'COACHING_CIRCLE' as const,
          entityId: group.coachingCircleId,
          studentId: record.signUp!.studentId,
          category: 'ENROLLMENT' as const,
          type: 'UPDATED' as const,
          description: description('CIRCLE_ATTENDANCE_TAKEN', { circle: circle?.name ?? `#${group.coachingCircleId}`, number: session.sessionNumber, status: r.status }),
          changes,
        },
      ];
    });
    await recordActivities(actor, entries, transaction);
    for (const r of rows) {
      await byId
        .get(r.coachingCircleSignUpSessionId)!
        .update({ status: r.status, participation: r.participation ?? null, notes: r.notes ?? null, ...stamp(actor) }, { transaction });
    }
    await raise(
      {
        type: 'CircleAttendanceTaken',
        coachingCircleId: group.coachingCircleId,
        coachingCircleSessionId: session.id,
        coachingCircleCoachId: group.id,
        records: rows.map((r) => ({
          coachingCircleSignUpSessionId: r.coachingCircleSignUpSessionId,
          coachingCircleSignUpId: byId.get(r.coachingCircleSignUpSessionId)!.coachingCircleSignUpId,
          studentId: byId.get(r.coachingCircleSignUpSessionId)!.signUp!.studentId,
          status: r.status,
        })),
        actor,
      },
      transaction,
    );
    const roster = (await CoachingCircleSignUpSession.findAll({
      where: { coachingCircleCoachId: group.id, coachingCircleSessionId: session.id },
      include: rosterInclude,
      transaction,
    })) as RecordRow[];
    return sessionWithRoster(session, roster, now);
  });
}

/** PATCH /coaching_circle_coaches/{id}/web_conference_url (staff, or the group's coach): allowed on a published circle. */
export async function setWebConferenceUrl(id: number, url: string, actor: Actor, viewer?: Principal | null) {
  await CoachingCircleCoach.sequelize!.transaction(async (transaction) => {
    const group = await findGroup(id, viewer, transaction, false);
    await recordGroupChange(group, { webConferenceUrl: url }, actor, transaction);
  });
  return getGroup(id, viewer);
}

/** PATCH /coaching_circle_coaches/{id}/max_students?maxStudents= (staff): not below the group's sign-ups; allowed on a published circle. */
export async function setMaxStudents(id: number, maxStudents: number, actor: Actor) {
  await CoachingCircleCoach.sequelize!.transaction(async (transaction) => {
    const group = await findGroup(id, null, transaction, false);
    const taken = await signUpsOf(group.id, transaction);
    if (maxStudents < taken) throw AppError.conflict('MAX_STUDENTS_BELOW_SIGN_UPS', Messages.MAX_STUDENTS_BELOW_SIGN_UPS, { signUps: taken });
    await recordGroupChange(group, { maxStudents }, actor, transaction);
  });
  return getGroup(id);
}
