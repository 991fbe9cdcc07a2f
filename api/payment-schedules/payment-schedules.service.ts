import { Op, Sequelize, type Includeable, type WhereOptions } from 'sequelize';
import { PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { toDisplayDate } from '../../models/dates';
import { Messages } from '../../models/messages';
import type { Actor, Deps } from '../common/context';
import { instituteParams, languageOf, ProductEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { CsvFile } from '../common/csv';
import { entryDto, fullName } from '../payment-plans/student-plans.service';
import { scheduleCriteria, scheduleSortable, type ScheduleCriteria, type ScheduleExportQuery } from './payment-schedules.schemas';
import { centsText, formatCents, toCents } from '../../domain/money';

/**
 * Payment schedule entries across plans (back-office spec §7 /payment_schedules): the staff search,
 * the reminder of one installment sent to its student (mail module, English or Spanish by the
 * student's language), and a plan's schedule as CSV.
 */

type Loaded = PaymentSchedule & { plan?: (StudentPaymentPlan & { student?: Student | null }) | null };

const include: Includeable[] = [
  {
    model: StudentPaymentPlan,
    as: 'plan',
    attributes: ['id', 'studentId', 'applicationId', 'name'],
    include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] }],
  },
];

/** An entry with its plan and student, as the schedule search lists it. */
export function scheduleRowDto(row: PaymentSchedule) {
  const e = row as Loaded;
  const student = e.plan?.student ?? null;
  return {
    ...entryDto(e),
    planName: e.plan?.name ?? null,
    applicationId: e.plan?.applicationId ?? null,
    studentId: e.plan?.studentId ?? null,
    studentName: fullName(student),
    email: student?.email ?? null,
  };
}

const spec: ListSpec<PaymentSchedule> = { model: PaymentSchedule, sortable: scheduleSortable, defaultSort: 'dueDate', keywordColumns: [], include };

/** `students` through the plans (entries have no student column; plans are indexed by student). */
function studentCondition(ids: number[] | null | undefined): WhereOptions | null {
  if (!ids?.length) return null;
  return { studentPaymentPlanId: { [Op.in]: Sequelize.literal(`(SELECT p.id FROM student_payment_plans p WHERE p.student_id IN (${ids.map(Number).join(',')}))`) } };
}

/** POST /payment_schedules/find_by_criteria: students, statuses, dueDate, amount, planIds, paymentMethodIds. */
export function findSchedulesByCriteria(q: PagingQuery, c: ScheduleCriteria) {
  const { students, ...rest } = c;
  const conditions = criteriaWhere(scheduleCriteria, rest, PaymentSchedule.sequelize!.getDialect());
  return runList(spec, q, [...conditions, studentCondition(students as number[] | null | undefined)], scheduleRowDto);
}

/**
 * GET /payment_schedules/{id}/send-equal-notification: emails the entry's student the INSTALLMENT_DUE
 * template, "your installment of $X is due on D" (X what is left to pay on the entry, D its due date), in Spanish when the student's
 * language is ES. A paid entry has nothing to remind of: 409 ALREADY_PROCESSED. The mailer puts it on
 * the student's timeline (COMMUNICATION, EMAIL_SENT, about the entry, by the staff member).
 */
export async function sendEqualNotification(deps: Deps, entryId: number, actor: Actor): Promise<{ sent: true; to: string }> {
  const entry = await PaymentSchedule.findByPk(entryId, {
    include: [
      {
        model: StudentPaymentPlan,
        as: 'plan',
        attributes: ['id', 'studentId'],
        include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email', 'languageIso2LetterCode'] }],
      },
    ],
  });
  const e = entry as Loaded | null;
  const student = e?.plan?.student;
  if (!e || !student) throw AppError.notFound('Payment schedule');
  const dueCents = toCents(e.amount) + toCents(e.taxAmount) - toCents(e.paidAmount);
  if (e.status === 'PAID' || dueCents <= 0) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
  await sendTemplate(deps, {
    key: ProductEmail.INSTALLMENT_DUE,
    to: student.email,
    language: languageOf(student.languageIso2LetterCode),
    studentId: student.id,
    params: { ...instituteParams(deps.config), ...recipientParams(student), amount: formatCents(dueCents), dueDate: toDisplayDate(e.dueDate) },
    actor,
    about: { entityType: 'PAYMENT_SCHEDULE', entityId: e.id },
  });
  return { sent: true, to: student.email };
}

/**
 * GET /payment_schedules/{id}/export: the schedule of plan {id} as CSV, one line per entry in number
 * order; `fullName` and `address` add the student's name and postal address to every line.
 */
export async function exportPlanSchedule(planId: number, q: ScheduleExportQuery): Promise<CsvFile> {
  const plan = await StudentPaymentPlan.findByPk(planId, {
    attributes: ['id', 'studentId'],
    include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'middleName', 'lastName', 'street1', 'street2', 'city', 'stateCode', 'zip', 'countryCode'] }],
  });
  const student = (plan as (StudentPaymentPlan & { student?: Student | null }) | null)?.student;
  if (!plan) throw AppError.notFound('Payment plan');
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: planId }, order: [['number', 'ASC']] });
  const header = ['Number', 'Kind', 'Due date', 'Principal', 'Interest', 'Amount', 'Tax', 'Paid', 'Balance', 'Status'];
  if (q.fullName) header.push('Full name');
  if (q.address) header.push('Address');
  const name = student ? [student.firstName, student.middleName, student.lastName].filter(Boolean).join(' ') : '';
  const address = student
    ? [student.street1, student.street2, student.city, [student.stateCode, student.zip].filter(Boolean).join(' '), student.countryCode].filter(Boolean).join(', ')
    : '';
  const cents = (v: number | string) => centsText(toCents(v));
  const lines = entries.map((e) => {
    const line: unknown[] = [
      e.number,
      e.kind === 'DEPOSIT' ? 'Deposit' : e.kind === 'INSTALLMENT' ? 'Installment' : e.kind,
      e.dueDate,
      cents(e.principal),
      cents(e.interest),
      cents(e.amount),
      cents(e.taxAmount),
      cents(e.paidAmount),
      cents(e.balance),
      e.status === 'PAID' ? 'Paid' : e.status === 'PENDING' ? 'Pending' : e.status,
    ];
    if (q.fullName) line.push(name);
    if (q.address) line.push(address);
    return line;
  });
  return new CsvFile(`payment-schedule-${planId}.csv`, header, lines);
}
