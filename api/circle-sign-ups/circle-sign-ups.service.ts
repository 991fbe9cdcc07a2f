import { Op, Sequelize, UniqueConstraintError, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import {
  Coach,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleScope,
  CoachingCircleSession,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CoachingCircleType,
  Cohort,
  Enrollment,
  Student,
} from '../../models';
import { Messages } from '../../models/messages';
import { canChangeBefore, changeDeadline, DEFAULT_TIME_ZONE, localParts, periodCovers } from '../../domain/rules/circle-sign-ups';
import type { AvailableCircles, CircleSignUpAnswer } from '../../domain/contract/circle-sign-ups';
import { stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec } from '../common/list';
import type { SignUpInput, SignUpListQuery } from './circle-sign-ups.schemas';
import { oneAtATime } from './queue';

/**
 * Coaching circle sign-ups (issue 19; domain rules "Coaching circles and learning sessions"; decisions
 * in docs/decisions/signups.md). A student joins one coach's group of a published circle inside its
 * open/close window, through an ACTIVE enrollment in one of the circle's scope cohorts whose period
 * covers the circle's remaining sessions, within the group's max students, once per circle; one
 * PENDING attendance record is made per future session. Switching group (same circle, or a circle of
 * the same type that has not started) and leaving need 12 hours' notice before the current group's
 * next session. Capacity holds under concurrency: the group's row is locked (`SELECT … FOR UPDATE` on
 * MariaDB; SQLite's IMMEDIATE transactions serialize writers) and its seats counted inside the
 * transaction.
 */

const conflict = (code: keyof typeof Messages) => AppError.conflict(code, Messages[code]);
const notFound = () => AppError.notFound('Coaching circle sign-up');

type CoachWithStudent = Coach & { student?: Student | null };
type GroupLoaded = CoachingCircleCoach & { coach?: CoachWithStudent | null };
type CircleLoaded = CoachingCircle & { type?: CoachingCircleType | null; cohort?: Cohort | null };
type SignUpLoaded = CoachingCircleSignUp & { circle?: CircleLoaded | null; circleCoach?: GroupLoaded | null; student?: Student | null };
type RecordLoaded = CoachingCircleSignUpSession & { session?: CoachingCircleSession | null };

const coachName = (g: GroupLoaded | null | undefined) => (g?.coach?.student ? `${g.coach.student.firstName} ${g.coach.student.lastName}`.trim() : '');

const include: Includeable[] = [
  { model: CoachingCircle, as: 'circle', include: [{ model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] }] },
  {
    model: CoachingCircleCoach,
    as: 'circleCoach',
    include: [{ model: Coach, as: 'coach', attributes: ['id', 'studentId'], include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName'] }] }],
  },
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email', 'timeZone'] },
];

function sessionParts(s: CoachingCircleSession, zone: string) {
  const start = localParts(s.startDateTime, zone);
  const end = localParts(s.endDateTime, zone);
  return { localDate: start.date, localStartTime: start.time, localEndTime: end.time };
}

export function signUpDto(row: CoachingCircleSignUp, records: RecordLoaded[], zone: string, now = new Date()): CircleSignUpAnswer {
  const r = row as SignUpLoaded;
  const s = r.student;
  const c = r.circle;
  const sessions = records
    .filter((x) => x.session)
    .sort((a, b) => a.session!.startDateTime.getTime() - b.session!.startDateTime.getTime())
    .map((x) => ({
      id: x.id,
      coachingCircleSessionId: x.coachingCircleSessionId,
      coachingCircleCoachId: x.coachingCircleCoachId,
      sessionNumber: x.session!.sessionNumber,
      startDateTime: x.session!.startDateTime.toISOString(),
      endDateTime: x.session!.endDateTime.toISOString(),
      ...sessionParts(x.session!, zone),
      status: x.status,
    }));
  const next = r.leftAt ? undefined : sessions.find((x) => new Date(x.startDateTime) > now);
  return {
    id: r.id,
    coachingCircleId: r.coachingCircleId,
    coachingCircleCoachId: r.coachingCircleCoachId,
    studentId: r.studentId,
    enrollmentId: r.enrollmentId ?? null,
    leftAt: r.leftAt ? r.leftAt.toISOString() : null,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    circle: c
      ? {
          id: c.id,
          name: c.name ?? null,
          coachingCircleTypeId: c.coachingCircleTypeId,
          typeName: c.type?.name ?? null,
          cohortId: c.cohortId,
          timeZone: c.timeZone,
          duration: c.duration,
        }
      : null,
    group: r.circleCoach
      ? { id: r.circleCoach.id, coachId: r.circleCoach.coachId, coachName: coachName(r.circleCoach), webConferenceUrl: r.circleCoach.webConferenceUrl ?? null }
      : null,
    timeZone: zone,
    sessions,
    nextSessionAt: next?.startDateTime ?? null,
    changeDeadline: next ? changeDeadline(next.startDateTime)!.toISOString() : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function recordsOf(signUpIds: number[], transaction?: Transaction): Promise<RecordLoaded[]> {
  if (!signUpIds.length) return [];
  return (await CoachingCircleSignUpSession.findAll({
    where: { coachingCircleSignUpId: signUpIds },
    include: [{ model: CoachingCircleSession, as: 'session' }],
    transaction,
  })) as RecordLoaded[];
}

const zoneOf = (asked: string | undefined, student: Student | null | undefined) => asked ?? student?.timeZone ?? DEFAULT_TIME_ZONE;

async function loadDto(id: number, zone: string | undefined, transaction?: Transaction): Promise<CircleSignUpAnswer> {
  const row = (await CoachingCircleSignUp.findByPk(id, { include, transaction })) as SignUpLoaded | null;
  if (!row) throw notFound();
  return signUpDto(row, await recordsOf([row.id], transaction), zoneOf(zone, row.student));
}

// ---- Who sees what ----

/** The rows a caller may read: staff all; a student their own; a coach their groups' sign-ups. */
function scopeOf(viewer: Principal | null | undefined): WhereOptions | null {
  if (!viewer || viewer.kind === 'ADMIN') return null;
  if (viewer.kind === 'COACH' && viewer.coachId)
    return { coachingCircleCoachId: { [Op.in]: Sequelize.literal(`(SELECT id FROM coaching_circle_coaches WHERE coach_id = ${Number(viewer.coachId)})`) } };
  return { studentId: viewer.studentId ?? -1 };
}

async function visibleSignUp(id: number, viewer: Principal | null | undefined, transaction?: Transaction, lock = false): Promise<CoachingCircleSignUp> {
  const row = await CoachingCircleSignUp.findByPk(id, { transaction, lock: lock && transaction ? transaction.LOCK.UPDATE : undefined });
  if (!row) throw notFound();
  if (viewer && viewer.kind !== 'ADMIN') {
    const own = viewer.kind === 'COACH' ? (await CoachingCircleCoach.count({ where: { id: row.coachingCircleCoachId, coachId: viewer.coachId ?? -1 }, transaction })) > 0 : false;
    if (row.studentId !== viewer.studentId && !own) throw notFound();
  }
  return row;
}

// ---- Reading ----

const listSpec: ListSpec<CoachingCircleSignUp> = {
  model: CoachingCircleSignUp,
  sortable: { id: 'id', ID: 'id', createdAt: 'createdAt', CREATED_AT: 'createdAt', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' },
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: { numbers: ['id', 'studentId'] },
};

/** GET /coaching_circle_sign_up. */
export async function listSignUps(q: SignUpListQuery, viewer?: Principal | null) {
  const where: Array<WhereOptions | null> = [scopeOf(viewer)];
  if (q.coachingCircleId) where.push({ coachingCircleId: q.coachingCircleId });
  if (q.coachingCircleCoachId) where.push({ coachingCircleCoachId: q.coachingCircleCoachId });
  if (q.studentId) where.push({ studentId: q.studentId });
  if (!q.includeLeft) where.push({ leftAt: null });
  const pageOf = await runList(listSpec, q, where, (row) => row);
  const records = await recordsOf(pageOf.content.map((r) => r.id));
  const bySignUp = new Map<number, RecordLoaded[]>();
  for (const r of records) bySignUp.set(r.coachingCircleSignUpId, [...(bySignUp.get(r.coachingCircleSignUpId) ?? []), r]);
  const now = new Date();
  return {
    content: pageOf.content.map((row) => signUpDto(row, bySignUp.get(row.id) ?? [], zoneOf(q.timeZone, (row as SignUpLoaded).student), now)),
    pagination: pageOf.pagination,
  };
}

/** GET /coaching_circle_sign_up/{id}: staff, the student, or the group's coach (404 otherwise). */
export async function getSignUp(id: number, zone: string | undefined, viewer?: Principal | null) {
  await visibleSignUp(id, viewer);
  return loadDto(id, zone);
}

/** The circle's dates: its open/close window (the cohort's when the circle takes them from its cohort's settings). */
function windowOf(circle: CircleLoaded): { open: Date | null; close: Date | null } {
  const fromCohort = circle.openCloseDatesFromCohortConfig && circle.cohort;
  return {
    open: circle.openDate ?? (fromCohort ? circle.cohort!.coachingCircleOpenDate : null) ?? null,
    close: circle.closeDate ?? (fromCohort ? circle.cohort!.coachingCircleCloseDate : null) ?? null,
  };
}

const inWindow = (w: { open: Date | null; close: Date | null }, now: Date) => (!w.open || w.open <= now) && (!w.close || w.close >= now);

async function scopeCohortIds(circle: CoachingCircle, transaction?: Transaction): Promise<number[]> {
  const scopes = await CoachingCircleScope.findAll({ where: { coachingCircleId: circle.id }, attributes: ['cohortId'], transaction });
  return [...new Set([circle.cohortId, ...scopes.map((s) => s.cohortId)])];
}

/** GET /students/{id}/coaching_circles: the published circles of the student's ACTIVE enrollments' cohorts still ahead, and those they are in. */
export async function availableCircles(studentId: number, asked: string | undefined): Promise<AvailableCircles> {
  const student = await Student.findByPk(studentId, { attributes: ['id', 'timeZone'] });
  if (!student) throw AppError.notFound('Student');
  const zone = zoneOf(asked, student);
  const now = new Date();
  const enrollments = await Enrollment.findAll({ where: { studentId, status: 'ACTIVE' }, attributes: ['cohortId'] });
  const cohortIds = [...new Set(enrollments.map((e) => e.cohortId))];
  const mine = await CoachingCircleSignUp.findAll({ where: { studentId, leftAt: null }, attributes: ['id', 'coachingCircleId', 'coachingCircleCoachId'] });
  const viaScope = cohortIds.length ? (await CoachingCircleScope.findAll({ where: { cohortId: cohortIds }, attributes: ['coachingCircleId'] })).map((s) => s.coachingCircleId) : [];
  const circleIds = [...new Set([...viaScope, ...mine.map((m) => m.coachingCircleId)])];
  if (!circleIds.length) return { timeZone: zone, circles: [] };
  const circles = (await CoachingCircle.findAll({
    where: { id: circleIds, published: true },
    include: [
      { model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] },
      { model: Cohort, as: 'cohort', attributes: ['id', 'coachingCircleOpenDate', 'coachingCircleCloseDate'] },
    ],
    order: [
      ['startDate', 'ASC'],
      ['id', 'ASC'],
    ],
  })) as CircleLoaded[];
  const ids = circles.map((c) => c.id);
  const [sessions, groups, seats] = await Promise.all([
    CoachingCircleSession.findAll({ where: { coachingCircleId: ids }, order: [['startDateTime', 'ASC']] }),
    CoachingCircleCoach.findAll({
      where: { coachingCircleId: ids },
      include: [{ model: Coach, as: 'coach', attributes: ['id', 'studentId'], include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName'] }] }],
      order: [['id', 'ASC']],
    }) as Promise<GroupLoaded[]>,
    CoachingCircleSignUp.findAll({
      where: { coachingCircleId: ids, leftAt: null },
      attributes: ['coachingCircleCoachId', [Sequelize.fn('COUNT', Sequelize.col('id')), 'n']],
      group: ['coachingCircleCoachId'],
      raw: true,
    }) as unknown as Promise<Array<{ coachingCircleCoachId: number; n: number | string }>>,
  ]);
  const taken = new Map(seats.map((s) => [Number(s.coachingCircleCoachId), Number(s.n)]));
  const out: AvailableCircles['circles'] = [];
  for (const c of circles) {
    const own = mine.find((m) => m.coachingCircleId === c.id) ?? null;
    const list = sessions.filter((s) => s.coachingCircleId === c.id);
    const future = list.filter((s) => s.startDateTime > now);
    const w = windowOf(c);
    // What a student may still join (sessions ahead, window not closed), or a circle they are in.
    if (!own && (!future.length || (w.close && w.close < now))) continue;
    out.push({
      id: c.id,
      name: c.name ?? null,
      coachingCircleTypeId: c.coachingCircleTypeId,
      typeName: c.type?.name ?? null,
      cohortId: c.cohortId,
      duration: c.duration,
      openDate: w.open ? w.open.toISOString() : null,
      closeDate: w.close ? w.close.toISOString() : null,
      open: inWindow(w, now) && future.length > 0,
      started: list.length > 0 && list[0].startDateTime <= now,
      firstSessionAt: list[0]?.startDateTime.toISOString() ?? null,
      groups: groups
        .filter((g) => g.coachingCircleId === c.id)
        .map((g) => ({ id: g.id, coachId: g.coachId, coachName: coachName(g), maxStudents: g.maxStudents, freeSeats: Math.max(0, g.maxStudents - (taken.get(g.id) ?? 0)) })),
      sessions: list.map((s) => ({
        id: s.id,
        sessionNumber: s.sessionNumber,
        startDateTime: s.startDateTime.toISOString(),
        endDateTime: s.endDateTime.toISOString(),
        ...sessionParts(s, zone),
      })),
      signUp: own ? { id: own.id, coachingCircleCoachId: own.coachingCircleCoachId } : null,
    });
  }
  return { timeZone: zone, circles: out };
}

// ---- Writing ----

/** The group, locked for the rest of the transaction (its seats are counted under the lock). */
async function lockGroup(id: number, transaction: Transaction): Promise<CoachingCircleCoach> {
  const group = await CoachingCircleCoach.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!group) throw AppError.notFound('Coaching circle coach');
  return group;
}

async function assertSeat(group: CoachingCircleCoach, transaction: Transaction): Promise<void> {
  const taken = await CoachingCircleSignUp.count({ where: { coachingCircleCoachId: group.id, leftAt: null }, transaction });
  if (taken >= group.maxStudents) throw conflict('MAX_STUDENTS_REACHED');
}

async function futureSessions(circleId: number, now: Date, transaction: Transaction): Promise<CoachingCircleSession[]> {
  return CoachingCircleSession.findAll({ where: { coachingCircleId: circleId, startDateTime: { [Op.gt]: now } }, order: [['startDateTime', 'ASC']], transaction });
}

/**
 * The student's ACTIVE enrollment in a scope cohort of the circle whose period (cohort start … the later
 * of its end and extended graduation dates) holds the date of every session still ahead, in the circle's
 * time zone: 409 NOT_IN_CIRCLE_COHORT without such an enrollment, ENROLLMENT_DATE_OUT_OF_RANGE when none covers.
 */
async function coveringEnrollment(studentId: number, circle: CoachingCircle, sessions: CoachingCircleSession[], transaction?: Transaction): Promise<Enrollment> {
  const cohortIds = await scopeCohortIds(circle, transaction);
  const enrollments = (await Enrollment.findAll({
    where: { studentId, status: 'ACTIVE', cohortId: cohortIds },
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'startDate', 'endDate', 'extendedGraduationDate'] }],
    order: [['id', 'ASC']],
    transaction,
  })) as Array<Enrollment & { cohort?: Cohort }>;
  if (!enrollments.length) throw conflict('NOT_IN_CIRCLE_COHORT');
  const dates = sessions.map((s) => localParts(s.startDateTime, circle.timeZone).date);
  const covering = enrollments.find((e) => e.cohort && periodCovers(e.cohort, dates));
  if (!covering) throw conflict('ENROLLMENT_DATE_OUT_OF_RANGE');
  return covering;
}

async function makeRecords(signUpId: number, groupId: number, sessions: CoachingCircleSession[], actor: Actor, transaction: Transaction): Promise<void> {
  if (!sessions.length) return;
  const existing = new Set(
    (
      await CoachingCircleSignUpSession.findAll({
        where: { coachingCircleSignUpId: signUpId, coachingCircleSessionId: sessions.map((s) => s.id) },
        attributes: ['coachingCircleSessionId'],
        transaction,
      })
    ).map((r) => r.coachingCircleSessionId),
  );
  const rows = sessions
    .filter((s) => !existing.has(s.id))
    .map((s) => ({ coachingCircleSignUpId: signUpId, coachingCircleSessionId: s.id, coachingCircleCoachId: groupId, status: 'PENDING' as const, ...stamp(actor) }));
  if (rows.length) await CoachingCircleSignUpSession.bulkCreate(rows, { transaction });
}

/** POST /coaching_circle_sign_up. */
export async function createSignUp(input: SignUpInput, actor: Actor, viewer: Principal | null | undefined) {
  const staff = !viewer || viewer.kind === 'ADMIN';
  const studentId = staff ? input.studentId : viewer!.studentId;
  if (staff && !studentId) throw AppError.badRequest({ studentId: Messages.REQUIRED });
  if (!staff && input.studentId !== undefined && input.studentId !== viewer!.studentId) throw AppError.forbidden();
  const sequelize = CoachingCircleSignUp.sequelize!;
  const now = new Date();
  // What does not change with the seats is read before the write transaction (SQLite: one writer at a
  // time, so the transaction is kept to the lock, the checks that race, and the inserts).
  const found = await CoachingCircleCoach.findByPk(input.coachingCircleCoachId, { attributes: ['id', 'coachingCircleId'] });
  if (!found) throw AppError.notFound('Coaching circle coach');
  const student = await Student.findByPk(studentId!, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  const circle = (await CoachingCircle.findByPk(found.coachingCircleId, { include: [{ model: Cohort, as: 'cohort' }] })) as CircleLoaded;
  if (!circle.published) throw conflict('CIRCLE_NOT_PUBLISHED');
  const sessions = await CoachingCircleSession.findAll({ where: { coachingCircleId: circle.id, startDateTime: { [Op.gt]: now } }, order: [['startDateTime', 'ASC']] });
  if (!inWindow(windowOf(circle), now) || !sessions.length) throw conflict('CIRCLE_SIGN_UP_CLOSED');
  const before = await CoachingCircleSignUp.findOne({ where: { coachingCircleId: circle.id, studentId: student.id }, attributes: ['id', 'leftAt'] });
  if (before && !before.leftAt) throw conflict('PREVIOUS_SIGNUP_EXISTS');
  const enrollment = await coveringEnrollment(student.id, circle, sessions);
  try {
    const id = await oneAtATime(`circle-group:${found.id}`, () =>
      sequelize.transaction(async (transaction) => {
        const group = await lockGroup(input.coachingCircleCoachId, transaction);
        const previous = await CoachingCircleSignUp.findOne({ where: { coachingCircleId: circle.id, studentId: student.id }, transaction });
        if (previous && !previous.leftAt) throw conflict('PREVIOUS_SIGNUP_EXISTS');
        await assertSeat(group, transaction);
        let signUp: CoachingCircleSignUp;
        if (previous) {
          // Back after leaving: the kept sign-up (its taken records stay) joins the group again.
          signUp = await previous.update({ coachingCircleCoachId: group.id, enrollmentId: enrollment.id, leftAt: null, ...stamp(actor) }, { transaction });
        } else {
          signUp = await CoachingCircleSignUp.create(
            { coachingCircleId: circle.id, coachingCircleCoachId: group.id, studentId: student.id, enrollmentId: enrollment.id, leftAt: null, ...stamp(actor) },
            { transaction },
          );
        }
        await makeRecords(signUp.id, group.id, sessions, actor, transaction);
        return signUp.id;
      }),
    );
    return loadDto(id, undefined);
  } catch (err) {
    // The same student twice at once: the unique (circle, student) index lets one through.
    if (err instanceof UniqueConstraintError) throw conflict('PREVIOUS_SIGNUP_EXISTS');
    throw err;
  }
}

/** The next session of the sign-up that has not started (its future records). */
async function nextSessionOf(signUpId: number, now: Date, transaction: Transaction): Promise<Date | null> {
  const next = (await CoachingCircleSignUpSession.findOne({
    where: { coachingCircleSignUpId: signUpId },
    include: [{ model: CoachingCircleSession, as: 'session', required: true, where: { startDateTime: { [Op.gt]: now } } }],
    order: [[{ model: CoachingCircleSession, as: 'session' }, 'startDateTime', 'ASC']],
    transaction,
  })) as RecordLoaded | null;
  return next?.session?.startDateTime ?? null;
}

/** The future PENDING records of a sign-up (what a switch moves and a leave removes). */
async function futurePendingRecordIds(signUpId: number, now: Date, transaction: Transaction): Promise<number[]> {
  const rows = await CoachingCircleSignUpSession.findAll({
    where: { coachingCircleSignUpId: signUpId, status: 'PENDING' },
    include: [{ model: CoachingCircleSession, as: 'session', required: true, attributes: ['id'], where: { startDateTime: { [Op.gt]: now } } }],
    attributes: ['id'],
    transaction,
  });
  return rows.map((r) => r.id);
}

function checkNotice(validate: boolean, viewer: Principal | null | undefined, next: Date | null, now: Date): void {
  const staff = !viewer || viewer.kind === 'ADMIN';
  if (!validate && !staff) throw AppError.forbidden();
  if (validate && !canChangeBefore(next, now)) throw conflict('CIRCLE_NOTICE_REQUIRED');
}

/**
 * PATCH /coaching_circle_sign_up/{id}: to another group of the same circle, or of another published
 * circle of the same type that holds the student's enrollment cohort in its scopes and has not started
 * ('Target already started'); 12 hours' notice before the current group's next session; the target's
 * seats. Future PENDING records move (same circle: their group; another circle: the target's future
 * sessions instead); past and taken records stay.
 */
export async function switchSignUp(id: number, targetGroupId: number, validate: boolean, zone: string | undefined, actor: Actor, viewer: Principal | null | undefined) {
  if (viewer && viewer.kind === 'COACH') throw AppError.forbidden();
  const sequelize = CoachingCircleSignUp.sequelize!;
  const now = new Date();
  await oneAtATime(`circle-group:${targetGroupId}`, () =>
    sequelize.transaction(async (transaction) => {
      const signUp = await visibleSignUp(id, viewer, transaction, true);
      if (signUp.leftAt) throw notFound();
      checkNotice(validate, viewer, await nextSessionOf(signUp.id, now, transaction), now);
      if (signUp.coachingCircleCoachId === targetGroupId) return;
      const target = await lockGroup(targetGroupId, transaction);
      const targetCircle = (await CoachingCircle.findByPk(target.coachingCircleId, { transaction }))!;
      if (!targetCircle.published) throw conflict('CIRCLE_NOT_PUBLISHED');
      const sameCircle = targetCircle.id === signUp.coachingCircleId;
      let sessions: CoachingCircleSession[] = [];
      if (!sameCircle) {
        const current = (await CoachingCircle.findByPk(signUp.coachingCircleId, { transaction }))!;
        if (current.coachingCircleTypeId !== targetCircle.coachingCircleTypeId) throw conflict('CIRCLE_SWITCH_OTHER_TYPE');
        const first = await CoachingCircleSession.findOne({ where: { coachingCircleId: targetCircle.id }, order: [['startDateTime', 'ASC']], transaction });
        if (!first || first.startDateTime <= now) throw conflict('TARGET_ALREADY_STARTED');
        if (await CoachingCircleSignUp.count({ where: { coachingCircleId: targetCircle.id, studentId: signUp.studentId }, transaction })) throw conflict('PREVIOUS_SIGNUP_EXISTS');
        sessions = await futureSessions(targetCircle.id, now, transaction);
        const enrollment = await coveringEnrollment(signUp.studentId, targetCircle, sessions, transaction);
        signUp.enrollmentId = enrollment.id;
      }
      await assertSeat(target, transaction);
      const moving = await futurePendingRecordIds(signUp.id, now, transaction);
      if (sameCircle) {
        if (moving.length) await CoachingCircleSignUpSession.update({ coachingCircleCoachId: target.id, ...stamp(actor) }, { where: { id: moving }, transaction });
      } else {
        if (moving.length) await CoachingCircleSignUpSession.destroy({ where: { id: moving }, transaction });
        await makeRecords(signUp.id, target.id, sessions, actor, transaction);
      }
      await signUp.update({ coachingCircleId: targetCircle.id, coachingCircleCoachId: target.id, ...stamp(actor) }, { transaction });
    }),
  );
  return loadDto(id, zone);
}

/**
 * DELETE /coaching_circle_sign_up/{id}?validateMinuteDifference=: the student leaves. Future PENDING
 * records go; a sign-up with no record left is deleted, one with past or taken records is kept as
 * history (leftAt) and holds no seat.
 */
export async function deleteSignUp(id: number, validate: boolean, actor: Actor, viewer: Principal | null | undefined): Promise<void> {
  if (viewer && viewer.kind === 'COACH') throw AppError.forbidden();
  const now = new Date();
  await CoachingCircleSignUp.sequelize!.transaction(async (transaction) => {
    const signUp = await visibleSignUp(id, viewer, transaction, true);
    if (signUp.leftAt) throw notFound();
    checkNotice(validate, viewer, await nextSessionOf(signUp.id, now, transaction), now);
    const removing = await futurePendingRecordIds(signUp.id, now, transaction);
    if (removing.length) await CoachingCircleSignUpSession.destroy({ where: { id: removing }, transaction });
    const kept = await CoachingCircleSignUpSession.count({ where: { coachingCircleSignUpId: signUp.id }, transaction });
    if (kept === 0) await signUp.destroy({ transaction });
    else await signUp.update({ leftAt: now, ...stamp(actor) }, { transaction });
  });
}
