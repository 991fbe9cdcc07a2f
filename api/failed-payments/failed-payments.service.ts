import { Op, Sequelize, type Includeable, type WhereOptions } from 'sequelize';
import { FailedPayment, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { planStanding, standingSql } from '../billing/standing';
import { updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, likePrefix, runList, type ListSpec, type PagingQuery } from '../common/list';
import { retryFailedPayment, type PaymentDto } from '../payments/payments.service';
import { failedPaymentCriteria, failedPaymentSortable, type FailedPaymentCriteria } from './failed-payments.schemas';
import { roundDollars } from '../../domain/money';

/**
 * Failed payments (back-office spec §3 "Failed payment filters"; domain rules: auto-pay failures are
 * recorded and retried after 3 and 7 days): charges the school made that did not go through
 * (auto-pay, the enrollment deposit, retries). FAILED until a later payment settles the entry
 * (RESOLVED). Staff search them and retry one now (the payments service's retryFailedPayment).
 */

const money = roundDollars;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email', 'mobilePhone'] },
  {
    model: StudentPaymentPlan,
    as: 'plan',
    attributes: ['id', 'name', 'status', 'bankruptcy', 'autoPay', 'daysOverdue', 'pastDueAmount', 'balance', 'financialStatus', 'paymentMethodId', 'nextDueDate'],
  },
  { model: PaymentSchedule, as: 'schedule', attributes: ['id', 'number', 'dueDate', 'status'] },
];

type Loaded = FailedPayment & { student?: Student | null; plan?: StudentPaymentPlan | null; schedule?: PaymentSchedule | null };

export function failedPaymentDto(row: FailedPayment) {
  const r = row as Loaded;
  const s = r.student;
  const p = r.plan;
  const standing = p ? planStanding(p, schoolToday()) : null;
  return {
    id: r.id,
    studentId: r.studentId,
    applicationId: r.applicationId,
    studentPaymentPlanId: r.studentPaymentPlanId,
    paymentScheduleId: r.paymentScheduleId,
    paymentId: r.paymentId,
    source: r.source,
    status: r.status,
    amountToBePaid: money(r.amountToBePaid),
    failureMessage: r.failureMessage,
    attempts: r.attempts,
    failedAt: r.failedAt,
    nextRetryDate: r.nextRetryDate,
    resolvedAt: r.resolvedAt,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email, mobilePhone: s.mobilePhone } : null,
    plan: p
      ? {
          id: p.id,
          name: p.name,
          status: p.status,
          autoPay: p.autoPay,
          daysOverdue: standing!.daysOverdue,
          pastDueAmount: money(p.pastDueAmount),
          balance: money(p.balance),
          financialStatus: standing!.financialStatus,
          paymentMethodId: p.paymentMethodId,
          nextDueDate: p.nextDueDate,
        }
      : null,
    schedule: r.schedule ? { id: r.schedule.id, number: r.schedule.number, dueDate: r.schedule.dueDate, status: r.schedule.status } : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type FailedPaymentDto = ReturnType<typeof failedPaymentDto>;

const spec: ListSpec<FailedPayment> = { model: FailedPayment, sortable: failedPaymentSortable, defaultDescending: true, keywordColumns: [], include };

const inStudents = (where: string): WhereOptions => ({ studentId: { [Op.in]: Sequelize.literal(`(SELECT s.id FROM students s WHERE ${where})`) } });
const inPlans = (where: string): WhereOptions => ({ studentPaymentPlanId: { [Op.in]: Sequelize.literal(`(SELECT p.id FROM student_payment_plans p WHERE ${where})`) } });

/** The criteria that live on the student, the plan or the student's cards, as subqueries on their indexed columns. */
function relatedConditions(c: FailedPaymentCriteria): WhereOptions[] {
  const sequelize = FailedPayment.sequelize!;
  const dialect = sequelize.getDialect();
  const like = (v: string) => sequelize.escape(likePrefix(v, dialect));
  const out: WhereOptions[] = [];
  for (const word of (c.name ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) out.push(inStudents(`s.first_name LIKE ${like(word)} OR s.last_name LIKE ${like(word)}`));
  if (c.email) out.push(inStudents(`s.email LIKE ${like(c.email.toLowerCase())}`));
  if (c.mobilePhone) {
    const digits = c.mobilePhone.replace(/[^\d+]/g, '');
    if (digits) out.push(inStudents(`s.mobile_phone LIKE ${like(digits)} OR s.mobile_phone LIKE ${like(`+1${digits.replace(/^\+?1?/, '')}`)}`));
  }
  if (c.autoPay !== null && c.autoPay !== undefined) out.push(inPlans(`p.auto_pay = ${c.autoPay ? 1 : 0}`));
  if (c.pastDue !== null && c.pastDue !== undefined) out.push(inPlans(c.pastDue ? 'p.past_due_amount > 0' : 'p.past_due_amount = 0'));
  const days = c.daysOverdue;
  if (days && days.min !== null && days.min !== undefined) {
    // The plan's days overdue today (billing/standing.ts), not the column the nightly recompute writes.
    out.push({ studentPaymentPlanId: { [Op.in]: Sequelize.literal(`(${standingSql(sequelize, schoolToday()).planIdsWithDays(days.min, days.max)})`) } });
  }
  if (c.withPaymentMethod !== null && c.withPaymentMethod !== undefined) {
    out.push({
      studentId: { [c.withPaymentMethod ? Op.in : Op.notIn]: Sequelize.literal('(SELECT pm.student_id FROM payment_methods pm WHERE pm.deleted = 0 OR pm.deleted IS NULL)') },
    });
  }
  return out;
}

/**
 * POST /failed_payments/find_by_criteria: name, email, mobilePhone, autoPay, pastDue, daysOverdue,
 * sources, statuses (FAILED when none are given), date, amountToBePaid, withPaymentMethod. Newest first.
 */
export function findFailedPaymentsByCriteria(q: PagingQuery, c: FailedPaymentCriteria) {
  const own = {
    sources: c.sources,
    statuses: c.statuses?.length ? c.statuses : ['FAILED'],
    date: c.date,
    amountToBePaid: c.amountToBePaid,
    students: c.students,
  };
  const conditions = criteriaWhere(failedPaymentCriteria, own, FailedPayment.sequelize!.getDialect());
  return runList(spec, q, [...conditions, ...relatedConditions(c)], failedPaymentDto);
}

export async function getFailedPayment(id: number): Promise<FailedPaymentDto> {
  const row = await FailedPayment.findByPk(id, { include });
  if (!row) throw AppError.notFound('Failed payment');
  return failedPaymentDto(row);
}

/**
 * POST /failed_payments/{id}/retry: charges it again now through the payments service (its rules and
 * refusals; a decline is 409 PAYMENT_FAILURE and counts an attempt); answers the new payment, the
 * failed payment being RESOLVED when it went through.
 */
export async function retryFailed(id: number, actor: Actor): Promise<PaymentDto> {
  const row = await FailedPayment.findByPk(id, { attributes: ['id'] });
  if (!row) throw AppError.notFound('Failed payment');
  return retryFailedPayment(id, actor);
}
