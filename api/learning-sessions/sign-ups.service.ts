import { Op, Sequelize, UniqueConstraintError, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Enrollment, LearningSession, LearningSessionScope, LearningSessionSignUp, Student } from '../../models';
import { Messages } from '../../models/messages';
import { withinNotice } from '../../domain/rules/learning-sessions';
import { description } from '../../models/descriptions';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { runList, type ListSpec } from '../common/list';
import { hotTransaction } from '../common/sql';
import { signUpSortable, type SignUpListQuery } from './learning-sessions.schemas';

/**
 * Learning-session sign-ups (back-office spec §7; platform spec §7; issue 19). A student signs up for
 * themself, staff for any student; the session must be published and not started, the student actively
 * enrolled in one of its scope cohorts, once per session, within its max students — under concurrency
 * too: the session row is locked (SELECT … FOR UPDATE; SQLite's IMMEDIATE transactions serialize) and
 * the seats counted inside the transaction. A student cancels with 12 hours' notice; staff may skip it.
 * Attendance is taken by staff or the session's coach.
 */

const conflict = (code: keyof typeof Messages) => AppError.conflict(code, Messages[code]);

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: LearningSession, as: 'learningSession', attributes: ['id', 'title', 'type', 'startDateTime', 'duration', 'language', 'webConferenceUrl'] },
];
type Loaded = LearningSessionSignUp & { student?: Student | null; learningSession?: LearningSession | null };

export function signUpDto(row: LearningSessionSignUp) {
  const r = row as Loaded;
  const s = r.student;
  const ls = r.learningSession;
  return {
    id: r.id,
    learningSessionId: r.learningSessionId,
    studentId: r.studentId,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    participationStatus: r.participationStatus,
    participation: r.participation ?? null,
    notes: r.notes ?? null,
    learningSession: ls
      ? {
          id: ls.id,
          title: ls.title,
          type: ls.type,
          startDateTime: ls.startDateTime.toISOString(),
          duration: ls.duration,
          language: ls.language,
          webConferenceUrl: ls.webConferenceUrl ?? null,
        }
      : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type SignUpDto = ReturnType<typeof signUpDto>;

const spec: ListSpec<LearningSessionSignUp> = { model: LearningSessionSignUp, sortable: signUpSortable, defaultSort: 'id', keywordColumns: [], include };

const int = (n: number | undefined) => (Number.isSafeInteger(n) ? Number(n) : -1);

/** A student reads their own sign-ups; a coach those of their own sessions; staff all. */
function visibleTo(viewer?: Principal | null): WhereOptions | null {
  if (!viewer || viewer.kind === 'ADMIN') return null;
  if (viewer.kind === 'COACH') return { learningSessionId: { [Op.in]: Sequelize.literal(`(SELECT id FROM learning_sessions WHERE coach_id = ${int(viewer.coachId)})`) } };
  return { studentId: int(viewer.studentId) };
}

export function listSignUps(q: SignUpListQuery, viewer?: Principal | null) {
  return runList(spec, q, [visibleTo(viewer), q.learningSessionId ? { learningSessionId: q.learningSessionId } : null, q.studentId ? { studentId: q.studentId } : null], signUpDto);
}

async function loadDto(id: number): Promise<SignUpDto> {
  const row = await LearningSessionSignUp.findByPk(id, { include });
  if (!row) throw AppError.notFound('Learning session sign-up');
  return signUpDto(row);
}

/** POST: the session published, not started, the student in scope, once, within the seats. */
export async function signUp(input: { learningSessionId: number; studentId?: number }, actor: Actor, viewer?: Principal | null): Promise<SignUpDto> {
  const staff = !viewer || viewer.kind === 'ADMIN';
  let studentId: number;
  if (staff) {
    if (!input.studentId) throw AppError.badRequest({ studentId: Messages.REQUIRED });
    studentId = input.studentId;
  } else {
    if (input.studentId && input.studentId !== viewer.studentId) throw AppError.forbidden();
    studentId = int(viewer.studentId);
  }
  // What needs no lock is checked first, so the locked part is three statements (the seats' queue is short).
  const session = await LearningSession.findByPk(input.learningSessionId);
  if (!session) throw AppError.notFound('Learning session');
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
  const open = (s: LearningSession) => {
    if (!s.published) throw conflict('LEARNING_SESSION_NOT_PUBLISHED');
    if (s.startDateTime.getTime() <= Date.now()) throw conflict('TARGET_ALREADY_STARTED');
  };
  open(session);
  if (await LearningSessionSignUp.count({ where: { learningSessionId: session.id, studentId } })) throw conflict('PREVIOUS_SIGNUP_EXISTS');
  const scopes = await LearningSessionScope.findAll({ where: { learningSessionId: session.id }, attributes: ['cohortId'] });
  const enrolled = scopes.length ? await Enrollment.count({ where: { studentId, status: 'ACTIVE', cohortId: scopes.map((s) => s.cohortId) } }) : 0;
  if (!enrolled) throw conflict('LEARNING_SESSION_NOT_IN_SCOPE');
  let id: number;
  try {
    const sequelize = LearningSession.sequelize!;
    // SQLite: one such transaction at a time in the process (hotTransaction's queue), not a crowd waiting for its one writer.
    const inTransaction = <T>(work: (t: Transaction) => Promise<T>) => (sequelize.getDialect() === 'sqlite' ? hotTransaction(sequelize, work) : sequelize.transaction(work));
    id = await inTransaction(async (transaction) => {
      // The session row locked (SELECT … FOR UPDATE; SQLite's IMMEDIATE transaction holds the write lock): seats counted one request at a time.
      const locked = await LearningSession.findByPk(session.id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!locked) throw AppError.notFound('Learning session');
      open(locked);
      const taken = await LearningSessionSignUp.count({ where: { learningSessionId: session.id }, transaction });
      if (taken >= locked.maxStudents) throw conflict('MAX_STUDENTS_REACHED');
      const row = await LearningSessionSignUp.create({ learningSessionId: session.id, studentId, participationStatus: 'PENDING', ...stamp(actor) }, { transaction });
      return row.id;
    });
  } catch (err) {
    // Two requests of one student at once: the unique index (session, student) keeps one.
    if (err instanceof UniqueConstraintError) throw conflict('PREVIOUS_SIGNUP_EXISTS');
    throw err;
  }
  return loadDto(id);
}

/** PUT {id}/attendances: ATTENDED is saved as ATTENDED, anything else ABSENT; staff, or the session's coach. */
export async function takeAttendance(
  id: number,
  body: { participationStatus?: string | null; participation?: string | null; notes?: string | null },
  actor: Actor,
  viewer?: Principal | null,
): Promise<SignUpDto> {
  await LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSessionSignUp.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Learning session sign-up');
    const session = await LearningSession.findByPk(row.learningSessionId, { attributes: ['id', 'coachId', 'title'], transaction });
    if (viewer && viewer.kind === 'COACH') {
      if (!session || session.coachId !== viewer.coachId) throw AppError.notFound('Learning session sign-up');
    }
    const said = (body.participationStatus ?? body.participation ?? '').trim().toUpperCase();
    const before = { participationStatus: row.participationStatus, participation: row.participation ?? null, notes: row.notes ?? null };
    await row.update(
      { participationStatus: said === 'ATTENDED' ? 'ATTENDED' : 'ABSENT', participation: body.participation ?? null, notes: body.notes ?? null, ...stamp(actor) },
      { transaction },
    );
    // The session's entry, on the student's timeline too.
    const changes = diff(before, { participationStatus: row.participationStatus, participation: row.participation ?? null, notes: row.notes ?? null });
    if (Object.keys(changes).length) {
      await recordActivity(
        actor,
        {
          entityType: 'LEARNING_SESSION',
          entityId: row.learningSessionId,
          studentId: row.studentId,
          category: 'ENROLLMENT',
          type: 'UPDATED',
          description: description('LEARNING_SESSION_ATTENDANCE_TAKEN', { title: session?.title ?? `#${row.learningSessionId}`, status: row.participationStatus }),
          changes,
        },
        transaction,
      );
    }
    // Attendance counts toward the student's LEARNING_SESSION graduation requirements (api/academics).
    await raise(
      {
        type: 'LearningSessionAttendanceTaken',
        learningSessionId: row.learningSessionId,
        studentId: row.studentId,
        status: row.participationStatus as 'ATTENDED' | 'ABSENT',
        actor,
      },
      transaction,
    );
  });
  return loadDto(id);
}

/** DELETE {id}: a student their own with 12 hours' notice; staff any, and may skip the notice (validateMinuteDifference=false). */
export async function cancelSignUp(id: number, validateMinuteDifference: boolean, viewer?: Principal | null): Promise<void> {
  const staff = !viewer || viewer.kind === 'ADMIN';
  await LearningSession.sequelize!.transaction(async (transaction) => {
    const row = await LearningSessionSignUp.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || (!staff && row.studentId !== viewer.studentId)) throw AppError.notFound('Learning session sign-up');
    const session = await LearningSession.findByPk(row.learningSessionId, { attributes: ['id', 'startDateTime'], transaction });
    if ((validateMinuteDifference || !staff) && session && !withinNotice(session.startDateTime)) throw conflict('LEARNING_SESSION_CANCEL_NOTICE');
    await row.destroy({ transaction });
  });
}
