import { Op, type Transaction } from 'sequelize';
import { Application, ApplicationCohort, Cohort, Enrollment, Product, Student } from '../../models';
import {
  CLOSED_APPLICATION_STATUSES,
  isLegalTransition,
  nextStatuses,
  type ApplicationStatusValue,
  type StatusMove,
  type StatusMovesAnswer,
} from '../../models/application-status';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { isAgreementSigned } from '../envelopes/agreement';
import { agreementRefusal, prepareEnvelope } from '../envelopes/prepare';
import { completedStepsOf, flowOf, markStepComplete, programsOfProduct, submitRefusals, type Flow, type Refusal } from './flow';
import { emailsStudent } from './status-mail';
import { raise } from '../common/events';
import { description } from '../../models/descriptions';

export { TRANSITIONS, isLegalTransition, type ApplicationStatusValue } from '../../models/application-status';

/**
 * The application status machine (domain rules "Applications and enrollments"). Every change runs in
 * one transaction: the row is re-read inside it, the requirements of the target are checked, the
 * status moves with a compare-and-set update (so two concurrent changes cannot both win, on SQLite
 * too), and the change is stamped (statusChangedAt, updatedBy, appliedAt/enrolledAt), logged, and
 * raised as ApplicationStatusChanged (api/common/events.ts). What a move makes happen in other areas
 * is theirs: the enrollments (enrollments.events.ts), the plan issued and its deposit charged
 * (applications.events.ts, payments.events.ts), the voucher's use count (vouchers.events.ts), the CRM
 * row (applications.events.ts).
 */

/** What a student may do to their own application: submit it or cancel it while CREATED. */
export function isStudentTransition(from: ApplicationStatusValue, to: ApplicationStatusValue): boolean {
  return from === 'CREATED' && (to === 'APPLIED' || to === 'CANCELLED');
}

const refuse = (r: Refusal, details?: unknown): never => {
  throw AppError.conflict(r.code, r.message, details);
};

/** → APPLIED: every choice made and every required step done; the first missing one refuses (all listed in details). */
async function checkSubmit(application: Application, transaction?: Transaction): Promise<void> {
  const product = await Product.findByPk(application.productId, { attributes: ['id', 'deleted'], transaction });
  if (!product || product.deleted) refuse({ code: 'PRODUCT_ARCHIVED', message: Messages.PRODUCT_ARCHIVED });
  const student = await Student.findByPk(application.studentId, { attributes: ['id', 'archived'], transaction });
  if (!student || student.archived) refuse({ code: 'STUDENT_ARCHIVED', message: Messages.STUDENT_ARCHIVED });
  const missing = await submitRefusals(application, transaction);
  if (missing.length) refuse(missing[0], { missing: missing.map((m) => m.code) });
}

/**
 * → ENROLLED: the ACM requirements (if required), still a class per program, a plan, and a signed,
 * current agreement (if required: changing classes or plan after signing makes it stale); then for
 * each chosen class no active enrollment of the student and a seat left. The classes are locked
 * (MariaDB) so two enrollments cannot take the last seat together.
 */
async function checkEnroll(application: Application, required: Set<string>, done: Set<string>, transaction?: Transaction): Promise<ApplicationCohort[]> {
  if (required.has('COMPLETE_ACM_REQUIREMENTS') && !done.has('COMPLETE_ACM_REQUIREMENTS'))
    refuse({ code: 'ACM_REQUIREMENTS_INCOMPLETE', message: Messages.ACM_REQUIREMENTS_INCOMPLETE });
  const chosen = await ApplicationCohort.findAll({ where: { applicationId: application.id }, order: [['id', 'ASC']], transaction });
  const programs = await programsOfProduct(application.productId, transaction);
  const chosenPrograms = new Set(chosen.map((c) => c.programId));
  if (!chosen.length || programs.some((p) => !chosenPrograms.has(p))) refuse({ code: 'NO_COURSE_SELECTED', message: Messages.NO_COURSE_SELECTED });
  if (!application.productPaymentPlanId) refuse({ code: 'NO_PAYMENT_PLAN_SELECTED', message: Messages.NO_PAYMENT_PLAN_SELECTED });
  if (required.has('ENROLLMENT_AGREEMENT') && !(await isAgreementSigned(application.id, transaction)))
    refuse({ code: 'AGREEMENT_NOT_SIGNED', message: Messages.AGREEMENT_NOT_SIGNED });
  const cohortIds = chosen.map((c) => c.cohortId);
  const cohorts = await lockClasses(cohortIds, transaction);
  const enrolled = await Enrollment.findAll({ where: { studentId: application.studentId, cohortId: cohortIds, status: 'ACTIVE' }, attributes: ['id'], transaction });
  if (enrolled.length) refuse({ code: 'ALREADY_ENROLLED', message: Messages.ALREADY_ENROLLED });
  await checkSeats(cohorts, transaction);
  return chosen;
}

/** The classes a student is about to enter, locked (MariaDB) so two enrollments cannot take the last seat together. */
function lockClasses(cohortIds: number[], transaction?: Transaction): Promise<Cohort[]> {
  return Cohort.findAll({ where: { id: cohortIds }, attributes: ['id', 'maxStudents'], transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
}

/** 409 MAX_STUDENTS_REACHED when one of the classes has no seat left (its maxStudents ACTIVE enrollments). */
async function checkSeats(cohorts: Cohort[], transaction?: Transaction): Promise<void> {
  const limited = cohorts.filter((c) => c.maxStudents !== null && c.maxStudents !== undefined);
  if (!limited.length) return;
  const seats = await seatsTaken(
    limited.map((c) => c.id),
    transaction,
  );
  if (limited.some((c) => (seats.get(c.id) ?? 0) >= Number(c.maxStudents))) refuse({ code: 'MAX_STUDENTS_REACHED', message: Messages.MAX_STUDENTS_REACHED });
}

/**
 * The seat check of ENROLLED for classes entered another way (a transfer's new application): the
 * classes locked inside `transaction`, then 409 'Max students reached' when one of them is full.
 */
export async function checkClassSeats(cohortIds: number[], transaction?: Transaction): Promise<void> {
  await checkSeats(await lockClasses(cohortIds, transaction), transaction);
}

/** ACTIVE enrollments per cohort (one grouped query): the seats taken. */
export async function seatsTaken(cohortIds: number[], transaction?: Transaction): Promise<Map<number, number>> {
  if (!cohortIds.length) return new Map();
  const sequelize = Enrollment.sequelize!;
  const rows = (await Enrollment.findAll({
    attributes: ['cohortId', [sequelize.fn('COUNT', sequelize.col('id')), 'count']],
    where: { cohortId: cohortIds, status: 'ACTIVE' },
    group: ['cohortId'],
    raw: true,
    transaction,
  })) as unknown as Array<{ cohortId: number; count: number | string }>;
  return new Map(rows.map((r) => [Number(r.cohortId), Number(r.count)]));
}

type Opts = { transaction?: Transaction; bySystem?: boolean; asStudent?: boolean };

/** What a move needs once its checks have passed. */
interface Checked {
  flow: Flow;
  chosen: ApplicationCohort[];
  /** The move goes into WAITING_TO_SIGN on a flow that requires the agreement: its envelope is prepared. */
  preparesAgreement: boolean;
}

/**
 * Every check of the move `application.status → to`, in the order the status call runs them: the
 * caller's right to it (students: CREATED → APPLIED | CANCELLED), the machine's edge, then the
 * target's requirements. Throws the refusal (403, 409 with the spec's code and message). The status
 * call and `statusMoves` both run this one function, so the console offers exactly what the call
 * accepts. Without a transaction it only reads (no row is locked).
 */
async function checkMove(application: Application, to: ApplicationStatusValue, opts: Pick<Opts, 'bySystem' | 'asStudent'>, transaction?: Transaction): Promise<Checked> {
  const from = application.status;
  if (opts.asStudent && !isStudentTransition(from, to)) throw AppError.forbidden();
  if (!isLegalTransition(from, to)) refuse({ code: 'INVALID_STATUS', message: Messages.INVALID_STATUS });

  const flow = await flowOf(application.productId, transaction);
  const done = new Set<string>((await completedStepsOf([application.id], transaction)).get(application.id)?.keys() ?? []);
  let chosen: ApplicationCohort[] = [];
  let preparesAgreement = false;
  switch (to) {
    case 'APPLIED':
      await checkSubmit(application, transaction);
      break;
    case 'WAITING_TO_SIGN': {
      // The system moves on only past a done (or not required) approval; staff moving it approve.
      if (from === 'APPLIED' && flow.required.has('ADMIN_APPROVAL') && !done.has('ADMIN_APPROVAL') && opts.bySystem)
        refuse({ code: 'INVALID_STATUS', message: Messages.INVALID_STATUS });
      // Waiting to sign means there is an agreement to sign: it is prepared with the move, so it needs its terms.
      preparesAgreement = flow.required.has('ENROLLMENT_AGREEMENT');
      const refusal = preparesAgreement ? await agreementRefusal(application, transaction) : null;
      if (refusal) refuse(refusal);
      break;
    }
    case 'SIGNED':
      if (flow.required.has('ENROLLMENT_AGREEMENT') && !(await isAgreementSigned(application.id, transaction)))
        refuse({ code: 'AGREEMENT_NOT_SIGNED', message: Messages.AGREEMENT_NOT_SIGNED });
      break;
    case 'ENROLLED':
      chosen = await checkEnroll(application, flow.required, done, transaction);
      break;
    default:
      break;
  }
  return { flow, chosen, preparesAgreement };
}

async function change(applicationId: number, to: ApplicationStatusValue, actor: Actor, opts: Opts, transaction: Transaction): Promise<Application> {
  const application = await Application.findByPk(applicationId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!application) throw AppError.notFound('Application');
  const from = application.status;
  const { flow, preparesAgreement } = await checkMove(application, to, opts, transaction);

  const now = new Date();
  const values: Partial<Application['_creationAttributes']> = { status: to, statusChangedAt: now, ...stamp(actor) };
  if (to === 'APPLIED') values.appliedAt = now;
  if (to === 'ENROLLED') values.enrolledAt = now;
  // Compare-and-set: only from the status read above; a concurrent change makes this one a 409.
  const [affected] = await Application.update(values, { where: { id: applicationId, status: from }, transaction });
  if (affected !== 1) refuse({ code: 'INVALID_STATUS', message: Messages.INVALID_STATUS });

  if (to === 'APPLIED') await Student.update({ isStudent: true }, { where: { id: application.studentId, isStudent: false }, transaction });
  if (to === 'WAITING_TO_SIGN' && from === 'APPLIED' && flow.required.has('ADMIN_APPROVAL') && !opts.bySystem) {
    await markStepComplete(applicationId, 'ADMIN_APPROVAL', actor, transaction);
  }
  // The agreement to sign (the current one when it still matches the terms, else a new SENT one).
  if (preparesAgreement) await prepareEnvelope(application, actor, transaction);
  // What the move makes happen elsewhere (enrollments, the plan and its deposit, voucher counts, the
  // CRM row) is done by those areas' handlers of ApplicationStatusChanged (api/events.ts).
  await raise(
    {
      type: 'ApplicationStatusChanged',
      applicationId,
      studentId: application.studentId,
      productId: application.productId,
      from,
      to,
      voucherId: application.voucherId ?? null,
      opportunityId: application.opportunityId ?? null,
      bySystem: Boolean(opts.bySystem),
      actor,
      at: now.toISOString(),
    },
    transaction,
  );
  await recordActivity(
    actor,
    {
      entityType: 'APPLICATION',
      entityId: applicationId,
      studentId: application.studentId,
      category: 'ENROLLMENT',
      type: 'UPDATED',
      description: description('APPLICATION_STATUS_CHANGED', { from, to }),
      changes: { status: { from, to } },
    },
    transaction,
  );

  // The automatic steps after a submit and after an approval (the signed agreement goes on by itself).
  if (to === 'APPLIED' || to === 'WAITING_TO_SIGN') await advance(applicationId, actor, transaction);
  return (await Application.findByPk(applicationId, { transaction }))!;
}

/**
 * Moves an application to `to` (409 INVALID_STATUS for an edge the machine lacks, the requirement's
 * own 409 when one is missing). `asStudent`: only the student's own moves (CREATED → APPLIED |
 * CANCELLED), else 403. `bySystem`: an automatic step (no approval is implied). Inside the caller's
 * transaction when one is given.
 */
export async function changeStatus(applicationId: number, to: ApplicationStatusValue, actor: Actor, opts: Opts = {}): Promise<Application> {
  if (opts.transaction) return change(applicationId, to, actor, opts, opts.transaction);
  return Application.sequelize!.transaction((transaction) => change(applicationId, to, actor, opts, transaction));
}

/**
 * The staff moves from an application's current status (the machine's order), each judged by the
 * same checks the status call runs (`checkMove`), read without a transaction: nothing is written or
 * locked. 404 when the application does not exist.
 */
export async function statusMoves(applicationId: number): Promise<Omit<StatusMovesAnswer, 'delivery'>> {
  const application = await Application.findByPk(applicationId);
  if (!application) throw AppError.notFound('Application');
  const moves: StatusMove[] = [];
  for (const to of nextStatuses(application.status)) {
    const move: StatusMove = { status: to, allowed: true, code: null, message: null, emailsStudent: emailsStudent(to), preparesAgreement: false };
    try {
      move.preparesAgreement = (await checkMove(application, to, {})).preparesAgreement;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      Object.assign(move, { allowed: false, code: err.code, message: err.message });
    }
    moves.push(move);
  }
  return { applicationId, status: application.status, moves };
}

/**
 * The automatic steps (never ENROLLED, always staff): APPLIED → WAITING_TO_SIGN when ADMIN_APPROVAL
 * is not required (or already done); WAITING_TO_SIGN → SIGNED when the agreement is signed and
 * current (or ENROLLMENT_AGREEMENT is not required). Each step is a full status change; the chain
 * goes on as far as it can.
 */
export async function advance(applicationId: number, actor: Actor, transaction: Transaction): Promise<void> {
  const application = await Application.findByPk(applicationId, { attributes: ['id', 'status', 'productId'], transaction });
  if (!application) return;
  if (application.status !== 'APPLIED' && application.status !== 'WAITING_TO_SIGN') return;
  const flow = await flowOf(application.productId, transaction);
  if (application.status === 'APPLIED') {
    if (flow.required.has('ADMIN_APPROVAL')) {
      const done = (await completedStepsOf([applicationId], transaction)).get(applicationId);
      if (!done?.has('ADMIN_APPROVAL')) return;
    }
    await changeStatus(applicationId, 'WAITING_TO_SIGN', actor, { transaction, bySystem: true });
    return;
  }
  if (flow.required.has('ENROLLMENT_AGREEMENT') && !(await isAgreementSigned(applicationId, transaction))) return;
  await changeStatus(applicationId, 'SIGNED', actor, { transaction, bySystem: true });
}

/** Statuses in which an application no longer holds its place (for ALREADY_APPLIED and the archive guards). */
export const CLOSED = CLOSED_APPLICATION_STATUSES;
export const notClosed = { [Op.notIn]: [...CLOSED] };
