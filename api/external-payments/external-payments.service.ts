import type { Includeable, Transaction } from 'sequelize';
import { ExternalPayment, Payment, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { applyPayment, claimPlan, loadPlan, planPosition, releasePlan, toCents, toDollars } from '../billing/ledger';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { externalPaymentCriteria, externalPaymentSortable, type ExternalPaymentCriteria } from './external-payments.schemas';
import { description } from '../../models/descriptions';
import { roundDollars } from '../../domain/money';
import { externalPaymentMachine, isExternalPaymentAmountEditable } from '../../domain/state/external-payments';

/**
 * External payments (back-office spec §3, §9 /external_payments): checks, wire transfers and other
 * payments received outside the gateway, recorded by staff on a schedule entry as PENDING. Accepting
 * one applies it to the plan like any payment: it claims the plan (409 PAYMENT_IN_PROGRESS while a
 * card payment is running), becomes a Payment of type EXTERNAL (channel = its method) that pays the
 * oldest unpaid entries first, and writes the EXTERNAL_PAYMENT account-history line. Only a PENDING
 * one is decided (409 STATUS_INVALID) or has its amount changed (409 ALREADY_PROCESSED).
 */

const money = roundDollars;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: StudentPaymentPlan, as: 'plan', attributes: ['id', 'name', 'status', 'balance'] },
  { model: PaymentSchedule, as: 'schedule', attributes: ['id', 'number', 'dueDate', 'status'] },
];

type Loaded = ExternalPayment & { student?: Student | null; plan?: StudentPaymentPlan | null; schedule?: PaymentSchedule | null };

export function externalPaymentDto(row: ExternalPayment) {
  const r = row as Loaded;
  const s = r.student;
  return {
    id: r.id,
    studentId: r.studentId,
    applicationId: r.applicationId,
    studentPaymentPlanId: r.studentPaymentPlanId,
    paymentScheduleId: r.paymentScheduleId,
    method: r.method,
    paymentAmount: money(r.paymentAmount),
    paymentDate: r.paymentDate,
    referenceNumber: r.referenceNumber,
    comment: r.comment,
    status: r.status,
    paymentId: r.paymentId,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    plan: r.plan ? { id: r.plan.id, name: r.plan.name, status: r.plan.status, balance: money(r.plan.balance) } : null,
    schedule: r.schedule ? { id: r.schedule.id, number: r.schedule.number, dueDate: r.schedule.dueDate, status: r.schedule.status } : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type ExternalPaymentDto = ReturnType<typeof externalPaymentDto>;

const spec: ListSpec<ExternalPayment> = {
  model: ExternalPayment,
  sortable: externalPaymentSortable,
  defaultDescending: true,
  keywordColumns: [],
  include,
  // The keyword: the student's name or email, or the payment's or student's id.
  studentKeyword: { numbers: ['id', 'studentId'] },
};

/** GET /external_payments (newest first; keyword). */
export function listExternalPayments(q: PagingQuery) {
  return runList(spec, q, [], externalPaymentDto);
}

/** POST /external_payments/find_by_criteria: students, statuses, paymentAmount, paymentDate, updatedBy, updatedAt. */
export function findExternalPaymentsByCriteria(q: PagingQuery, c: ExternalPaymentCriteria) {
  const conditions = criteriaWhere(externalPaymentCriteria, c, ExternalPayment.sequelize!.getDialect());
  return runList(spec, q, [...conditions], externalPaymentDto);
}

async function loadDto(id: number, transaction?: Transaction): Promise<ExternalPaymentDto> {
  const row = await ExternalPayment.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('External payment');
  return externalPaymentDto(row);
}

export function getExternalPayment(id: number) {
  return loadDto(id);
}

/**
 * Accepts a PENDING external payment inside `transaction`: claims the plan, refuses a plan that is not
 * ACTIVE (PAYMENT_DISABLED), one with nothing left to pay (NO_BALANCE) and an amount above its balance
 * (AMOUNT_EXCEEDED); then the EXTERNAL payment is created and applied, and the claim released.
 */
async function accept(row: ExternalPayment, actor: Actor, transaction: Transaction): Promise<Payment> {
  const claim = await claimPlan(row.studentPaymentPlanId, transaction);
  const today = schoolToday();
  const { plan, entries } = await loadPlan(row.studentPaymentPlanId, transaction);
  if (plan.status !== 'ACTIVE') throw AppError.conflict('PAYMENT_DISABLED', Messages.PAYMENT_DISABLED);
  const position = planPosition(entries, today);
  if (position.balanceCents <= 0) throw AppError.conflict('NO_BALANCE', Messages.NO_BALANCE);
  if (toCents(row.paymentAmount) > position.balanceCents) throw AppError.conflict('AMOUNT_EXCEEDED', Messages.AMOUNT_EXCEEDED);
  const payment = await Payment.create(
    {
      studentId: row.studentId,
      applicationId: row.applicationId,
      studentPaymentPlanId: row.studentPaymentPlanId,
      paymentScheduleId: row.paymentScheduleId,
      type: 'EXTERNAL',
      channel: row.method,
      amount: money(row.paymentAmount),
      status: 'IN_PROGRESS',
      referenceNumber: row.referenceNumber,
      comment: row.comment,
      paymentDate: row.paymentDate,
      externalPaymentId: row.id,
      ...stamp(actor),
    },
    { transaction },
  );
  await applyPayment(payment, today, transaction);
  await releasePlan(row.studentPaymentPlanId, claim, transaction);
  return payment;
}

/**
 * PATCH /external_payments/{id}/status?status=ACCEPTED|REJECTED: only from PENDING (409
 * STATUS_INVALID); ACCEPTED applies it (see `accept`); a compare-and-set on the status decides
 * between two concurrent calls.
 */
export async function changeExternalPaymentStatus(id: number, to: 'ACCEPTED' | 'REJECTED', actor: Actor): Promise<ExternalPaymentDto> {
  await ExternalPayment.sequelize!.transaction(async (transaction) => {
    const row = await ExternalPayment.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('External payment');
    if (!externalPaymentMachine.can(row.status, to)) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    const payment = to === 'ACCEPTED' ? await accept(row, actor, transaction) : null;
    const [count] = await ExternalPayment.update({ status: to, ...(payment ? { paymentId: payment.id } : {}), ...stamp(actor) }, { where: { id, status: 'PENDING' }, transaction });
    if (count !== 1) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    await recordActivity(
      actor,
      {
        entityType: 'EXTERNAL_PAYMENT',
        entityId: id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('EXTERNAL_PAYMENT_DECIDED', { method: row.method, amount: toCents(row.paymentAmount), status: to }),
        changes: { status: { from: 'PENDING', to } },
      },
      transaction,
    );
  });
  return loadDto(id);
}

/** PUT /external_payments/{id}/payment-amount: a PENDING one's amount (else 409 ALREADY_PROCESSED). */
export async function updateExternalPaymentAmount(id: number, amountCents: number, actor: Actor): Promise<ExternalPaymentDto> {
  await ExternalPayment.sequelize!.transaction(async (transaction) => {
    const row = await ExternalPayment.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('External payment');
    if (!isExternalPaymentAmountEditable(row)) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
    const before = money(row.paymentAmount);
    if (toCents(row.paymentAmount) === amountCents) return;
    await row.update({ paymentAmount: toDollars(amountCents), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'EXTERNAL_PAYMENT',
        entityId: id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        changes: { paymentAmount: { from: before, to: toDollars(amountCents) } },
      },
      transaction,
    );
  });
  return loadDto(id);
}
