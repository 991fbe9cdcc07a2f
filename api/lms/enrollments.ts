import { Op, type Transaction } from 'sequelize';
import { Cohort, LmsConnection, LmsEnrollment, LmsUser, Student } from '../../models';
import type { LmsEnrollmentAction, Of } from '../../models/enums';
import { description } from '../../models/descriptions';
import { recordActivity } from '../common/audit';
import { systemActor, type Actor, type Deps } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import type { LmsClient, LmsPerson, LmsTarget } from '../integrations/lms/client';
import { clientFor, findConnection } from './connections.service';
import { cohortLms, describeTarget } from './targets';

/**
 * Students' enrollments in their cohort's learning system (domain rules "Learning systems (LMS)":
 * failures recorded and retried, never lost). Each (connection, student, cohort) has one
 * `lms_enrollments` row: the wanted action (ENROLL | UNENROLL) and its delivery. `deliver` calls the
 * LMS (the user found or created first, kept in `lms_users`), then records DONE, or the attempt and
 * its error (FAILED) and throws, so the domain-event delivery that called it retries with its backoff
 * (api/common/events.ts) and staff see both the delivery and this row. Delivering a DONE row again
 * changes nothing (at-least-once events).
 */

const ERROR_MAX = 1000;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

type Loaded = LmsEnrollment & { student?: Student; cohort?: Cohort };

export function lmsEnrollmentDto(e: Loaded) {
  return {
    id: e.id,
    lmsConnectionId: e.lmsConnectionId,
    studentId: e.studentId,
    studentName: e.student ? `${e.student.firstName} ${e.student.lastName}` : null,
    cohortId: e.cohortId,
    cohortLabel: e.cohort?.label ?? null,
    action: e.action,
    status: e.status,
    externalUserId: e.externalUserId ?? null,
    externalTarget: e.externalTarget ?? null,
    attempts: e.attempts,
    lastError: e.lastError ?? null,
    lastAttemptAt: iso(e.lastAttemptAt),
    doneAt: iso(e.doneAt),
    updatedAt: iso(e.updatedAt)!,
  };
}
export type LmsEnrollmentDto = ReturnType<typeof lmsEnrollmentDto>;

const include = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName'] },
  { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
];
const spec: ListSpec<LmsEnrollment> = {
  model: LmsEnrollment,
  sortable: { id: 'id', updatedAt: 'updatedAt', ID: 'id', UPDATED_AT: 'updatedAt' },
  defaultSort: 'id',
  defaultDescending: true,
  keywordColumns: [],
  include,
};

export async function listConnectionEnrollments(connectionId: number, q: PagingQuery & { status?: string }): Promise<Page<LmsEnrollmentDto>> {
  await findConnection(connectionId);
  return runList(spec, q, [{ lmsConnectionId: connectionId }, q.status ? { status: q.status } : null], lmsEnrollmentDto);
}

export async function listStudentEnrollments(studentId: number, q: PagingQuery & { status?: string }): Promise<Page<LmsEnrollmentDto>> {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  return runList(spec, q, [{ studentId }, q.status ? { status: q.status } : null], lmsEnrollmentDto);
}

const personOf = (s: Student): LmsPerson => ({ studentId: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email });

/** The student's user in the connection's LMS: the one kept, else found or created there (and kept). */
export async function lmsUserOf(client: LmsClient, connection: LmsConnection, student: Student): Promise<string> {
  const kept = await LmsUser.findOne({ where: { lmsConnectionId: connection.id, studentId: student.id } });
  if (kept) return kept.externalUserId;
  const externalUserId = await client.ensureUser(personOf(student));
  await LmsUser.findOrCreate({
    where: { lmsConnectionId: connection.id, studentId: student.id },
    defaults: { lmsConnectionId: connection.id, studentId: student.id, externalUserId },
  });
  if (connection.vendor === 'D2L' && student.d2lUserId !== externalUserId) await Student.update({ d2lUserId: externalUserId }, { where: { id: student.id } });
  return externalUserId;
}

/**
 * Wants `action` for the student in the cohort's LMS: the row made or turned to it (PENDING), or
 * null when the cohort has no LMS (nothing to do). A row already DONE with the same action stays.
 */
export async function want(
  cohortId: number,
  studentId: number,
  action: Of<typeof LmsEnrollmentAction>,
  applicationId: number | null,
  transaction?: Transaction,
): Promise<LmsEnrollment | null> {
  const lms = await cohortLms(cohortId, transaction);
  if (!lms?.connection) return null;
  const where = { lmsConnectionId: lms.connection.id, studentId, cohortId };
  const existing = await LmsEnrollment.findOne({ where, transaction });
  if (existing) {
    if (existing.action === action && existing.status === 'DONE') return existing;
    if (existing.action !== action)
      await existing.update({ action, status: 'PENDING', attempts: 0, lastError: null, doneAt: null, applicationId: applicationId ?? existing.applicationId }, { transaction });
    return existing;
  }
  try {
    return await LmsEnrollment.create({ ...where, applicationId, action, status: 'PENDING', externalTarget: describeTarget(lms.target) }, { transaction });
  } catch {
    // Made meanwhile by another delivery of the same event.
    return LmsEnrollment.findOne({ where, transaction });
  }
}

/**
 * Delivers one row to its LMS (outside any transaction: the LMS is called). `from` (a transfer's old
 * cohort) makes an ENROLL a move. Throws after recording the failure, so the caller's retry runs.
 */
export async function deliver(deps: Deps, rowId: number, actor: Actor = systemActor, from: { cohortId: number } | null = null): Promise<LmsEnrollment> {
  const row = await LmsEnrollment.findByPk(rowId);
  if (!row) throw AppError.notFound('LMS enrollment');
  if (row.status === 'DONE') return row;
  const lms = await cohortLms(row.cohortId);
  const connection = lms?.connection && lms.connection.id === row.lmsConnectionId ? lms.connection : await LmsConnection.findByPk(row.lmsConnectionId);
  const student = await Student.findByPk(row.studentId);
  const name = connection?.name ?? `#${row.lmsConnectionId}`;
  try {
    if (!connection || !student || !lms) throw new Error('The connection, student or cohort no longer exists');
    const target: LmsTarget | null = lms.connection?.id === connection.id ? lms.target : null;
    if (!target) throw new Error('The cohort has no course or section in the LMS');
    const client = clientFor(connection, deps);
    const userId = await lmsUserOf(client, connection, student);
    let moved = false;
    if (row.action === 'ENROLL' && from) {
      const old = await cohortLms(from.cohortId);
      if (old?.connection?.id === connection.id && old.target) {
        await client.move(userId, old.target, target);
        moved = true;
        // The old class's row says the student left it (the move did): nothing is unenrolled there again.
        const where = { lmsConnectionId: connection.id, studentId: student.id, cohortId: from.cohortId };
        const [left] = await LmsEnrollment.findOrCreate({
          where,
          defaults: { ...where, applicationId: null, action: 'UNENROLL', status: 'DONE', doneAt: new Date(), externalUserId: userId, externalTarget: describeTarget(old.target) },
        });
        await left.update({ action: 'UNENROLL', status: 'DONE', doneAt: new Date(), lastError: null });
      }
    }
    if (!moved) {
      if (row.action === 'ENROLL') await client.enroll(userId, target);
      else await client.unenroll(userId, target);
    }
    await LmsEnrollment.sequelize!.transaction(async (transaction) => {
      await row.update(
        {
          status: 'DONE',
          externalUserId: userId,
          externalTarget: describeTarget(target),
          attempts: row.attempts + 1,
          lastError: null,
          lastAttemptAt: new Date(),
          doneAt: new Date(),
        },
        { transaction },
      );
      const key = moved ? 'LMS_MOVED' : row.action === 'ENROLL' ? 'LMS_ENROLLED' : 'LMS_UNENROLLED';
      await recordActivity(
        actor,
        { entityType: 'STUDENT', entityId: student.id, category: 'ENROLLMENT', type: 'UPDATED', description: description(key, { connection: name }) },
        transaction,
      );
    });
    return row;
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    await LmsEnrollment.sequelize!.transaction(async (transaction) => {
      await row.update({ status: 'FAILED', attempts: row.attempts + 1, lastError: reason, lastAttemptAt: new Date() }, { transaction });
      if (student) {
        await recordActivity(
          actor,
          {
            entityType: 'STUDENT',
            entityId: student.id,
            category: 'ENROLLMENT',
            type: 'UPDATED',
            description: description('LMS_ENROLLMENT_FAILED', { connection: name, reason: reason.slice(0, 200) }),
          },
          transaction,
        );
      }
    });
    throw err;
  }
}

/** POST /lms_connection/{id}/enrollments/{enrollmentId}/retry: staff deliver a FAILED (or PENDING) row again now; answers the row. */
export async function retryEnrollment(deps: Deps, connectionId: number, id: number, actor: Actor): Promise<LmsEnrollmentDto> {
  const row = await LmsEnrollment.findOne({ where: { id, lmsConnectionId: connectionId } });
  if (!row) throw AppError.notFound('LMS enrollment');
  try {
    await deliver(deps, id, actor);
  } catch {
    // Recorded on the row (FAILED, attempts, last error): the answer shows it.
  }
  const fresh = await LmsEnrollment.findByPk(id, { include });
  return lmsEnrollmentDto(fresh!);
}

/** The rows of a connection not DONE (the cohort sync's catch-up and tests). */
export const undelivered = (connectionId: number) => LmsEnrollment.findAll({ where: { lmsConnectionId: connectionId, status: { [Op.ne]: 'DONE' } } });
