import { Op, QueryTypes, Sequelize, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Application, PaymentMethod, PaymentSchedule, Product, Student, StudentPaymentPlan, Voucher } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { enumLabel } from '../../models/labels';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import { planPosition, toCents, toDollars } from '../billing/ledger';
import { followsDates, planStanding, standingSql } from '../billing/standing';
import { CsvFile } from '../common/csv';
import { studentPlanCriteria, studentPlanSortable, type PlanExportQuery, type StudentPlanCriteria, type StudentPlanUpdate } from './student-plans.schemas';
import { description, type Description } from '../../models/descriptions';
import { dollarsText, roundDollars } from '../../domain/money';
import { isPlanConcludable } from '../../domain/state/plans';

/**
 * Student payment plans (platform spec §3 "Payment plan terms", "Payment plan breakdown", "Financial
 * status"; back-office spec §3 "Student payment plan", §7 /payment_plans): the staff lists and
 * searches, the plan detail (terms, breakdown, pay-off and pre-pay figures, the schedule), the staff
 * edits and flags, and the CSV exports. Figures come from the plan row, its entries (through
 * `planPosition` of the ledger) and one aggregate of the plan's refund transactions by source.
 * Money in cents here, dollars in JSON.
 */

const money = roundDollars;

type Loaded = StudentPaymentPlan & {
  student?: Student | null;
  voucher?: Voucher | null;
  application?: (Application & { product?: Product | null; paymentMethod?: PaymentMethod | null }) | null;
  paymentMethod?: PaymentMethod | null;
};

/** What a plan row is shown with: its student, its application (product, card), its own card and its voucher. */
const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email', 'languageIso2LetterCode'] },
  {
    model: Application,
    as: 'application',
    attributes: ['id', 'status', 'migrated', 'productId', 'paymentMethodId'],
    include: [
      { model: Product, as: 'product', attributes: ['id', 'name'] },
      { model: PaymentMethod, as: 'paymentMethod', attributes: ['id', 'brand', 'last4', 'deleted'] },
    ],
  },
  { model: PaymentMethod, as: 'paymentMethod', attributes: ['id', 'brand', 'last4', 'deleted'] },
  { model: Voucher, as: 'voucher', attributes: ['id', 'code'] },
];

export const fullName = (s: { firstName?: string | null; lastName?: string | null } | null | undefined) => (s ? [s.firstName, s.lastName].filter(Boolean).join(' ') : '');

/** The card a plan charges: its own, else its application's (the card chosen when applying). */
function planCard(p: Loaded) {
  const card = p.paymentMethod ?? p.application?.paymentMethod ?? null;
  return card ? { id: card.id, brand: card.brand, last4: card.last4 } : null;
}

/** The plan row's fields, money in dollars, with its student, application and program. */
export function planDto(row: StudentPaymentPlan) {
  const p = row as Loaded;
  return {
    id: p.id,
    applicationId: p.applicationId,
    studentId: p.studentId,
    productPaymentPlanId: p.productPaymentPlanId,
    voucherId: p.voucherId,
    name: p.name,
    description: p.description,
    paymentPlanType: p.paymentPlanType,
    paymentScheduleType: p.paymentScheduleType,
    frequency: p.frequency,
    frequencyUnit: p.frequencyUnit,
    depositAmount: money(p.depositAmount),
    totalTerm: p.totalTerm,
    amortizeTerm: p.amortizeTerm,
    principalAmount: money(p.principalAmount),
    installmentAmount: money(p.installmentAmount),
    interestRate: p.interestRate === null ? null : Number(p.interestRate),
    tuitionPrice: money(p.tuitionPrice),
    additionalFees: money(p.additionalFees),
    voucherDiscount: money(p.voucherDiscount),
    totalInterest: money(p.totalInterest),
    totalOwed: money(p.totalOwed),
    totalPaid: money(p.totalPaid),
    totalTax: money(p.totalTax),
    totalCredit: money(p.totalCredit),
    totalRefunds: money(p.totalRefunds),
    rollover: money(p.rollover),
    balance: money(p.balance),
    installmentsCount: p.installmentsCount,
    accountingLineItems: p.accountingLineItems,
    status: p.status,
    ...planStanding(p, schoolToday()),
    source: p.source,
    scholarship: p.scholarship,
    flowType: p.flowType,
    autoPay: p.autoPay,
    firstPaymentDate: p.firstPaymentDate,
    lastPaymentDate: p.lastPaymentDate,
    paymentMethodId: p.paymentMethodId,
    paymentAccountBlocked: p.paymentAccountBlocked,
    bankruptcy: p.bankruptcy,
    migrated: p.migrated,
    concludedAt: p.concludedAt,
    lastFailureAt: p.lastFailureAt,
    lastFailureMessage: p.lastFailureMessage,
    nextDueDate: p.nextDueDate,
    pastDueAmount: money(p.pastDueAmount),
    principalPaid: money(p.principalPaid),
    interestPaid: money(p.interestPaid),
    taxPaid: money(p.taxPaid),
    withdrawalReduction: money(p.withdrawalReduction),
    transferReduction: money(p.transferReduction),
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    student: p.student ? { id: p.student.id, fullName: fullName(p.student), email: p.student.email } : null,
    voucher: p.voucher ? { id: p.voucher.id, code: p.voucher.code } : null,
    application: p.application ? { id: p.application.id, status: p.application.status, migrated: p.application.migrated } : null,
    programName: p.application?.product?.name ?? null,
  };
}
export type PlanDto = ReturnType<typeof planDto>;

/** One schedule entry as the plan detail and the schedule search show it; `amountDue` is what is left to pay on it. */
export function entryDto(e: PaymentSchedule) {
  return {
    id: e.id,
    studentPaymentPlanId: e.studentPaymentPlanId,
    number: e.number,
    kind: e.kind,
    dueDate: e.dueDate,
    principal: money(e.principal),
    interest: money(e.interest),
    amount: money(e.amount),
    taxAmount: money(e.taxAmount),
    paidAmount: money(e.paidAmount),
    balance: money(e.balance),
    amountDue: toDollars(Math.max(0, toCents(e.amount) + toCents(e.taxAmount) - toCents(e.paidAmount))),
    status: e.status,
    paidAt: e.paidAt,
    paymentMethodId: e.paymentMethodId,
  };
}

interface RefundsBySource {
  WITHDRAWAL: number;
  VOUCHER: number;
  CUSTOM: number;
}

/** Σ SUCCEEDED refund transactions (amount + tax, cents) of the plans' refunds, by plan and source: one query. */
async function refundsBySource(planIds: number[], transaction?: Transaction): Promise<Map<number, RefundsBySource>> {
  const out = new Map<number, RefundsBySource>();
  if (!planIds.length) return out;
  const rows = await StudentPaymentPlan.sequelize!.query<{ planId: number; source: string; total: string | number | null }>(
    `SELECT r.student_payment_plan_id AS planId, r.source AS source, SUM(t.amount + t.tax) AS total
       FROM refunds r JOIN refund_transactions t ON t.refund_id = r.id
      WHERE r.student_payment_plan_id IN (:planIds) AND t.status = 'SUCCEEDED'
      GROUP BY r.student_payment_plan_id, r.source`,
    { type: QueryTypes.SELECT, replacements: { planIds }, transaction },
  );
  for (const r of rows) {
    const id = Number(r.planId);
    const bucket = out.get(id) ?? { WITHDRAWAL: 0, VOUCHER: 0, CUSTOM: 0 };
    if (r.source in bucket) bucket[r.source as keyof RefundsBySource] += toCents(r.total);
    out.set(id, bucket);
  }
  return out;
}

/**
 * PlanDetail: the plan's fields, `terms` (platform spec §3 "Payment plan terms"), `breakdown`
 * ("Payment plan breakdown"), the pay-off, pre-pay, past-due and due-now figures of `planPosition`,
 * the next entry to pay and the whole schedule.
 */
function detailOf(row: StudentPaymentPlan, entries: PaymentSchedule[], refunds: RefundsBySource, today: string) {
  const p = row as Loaded;
  const pos = planPosition(entries, today);
  const c = (v: number | string | null | undefined) => toCents(v);
  const netTuitionCents = c(p.tuitionPrice) + c(p.additionalFees) - c(p.withdrawalReduction) - c(p.transferReduction) - c(p.voucherDiscount);
  return {
    ...planDto(p),
    terms: {
      description: p.description ?? p.name,
      installmentAmount: money(p.installmentAmount),
      totalOwed: money(p.totalOwed),
      amountDue: toDollars(pos.dueNowCents),
      interestRate: p.interestRate === null ? null : Number(p.interestRate),
      depositAmount: money(p.depositAmount),
      installmentsCount: p.installmentsCount,
      taxAmount: money(p.totalTax),
      amountPaid: money(p.totalPaid),
      paymentDueDate: pos.nextEntry?.dueDate ?? null,
      captureMethod: p.autoPay ? ('automatic' as const) : ('manual' as const),
      currency: 'usd' as const,
      status: p.status,
      paymentMethod: planCard(p),
    },
    breakdown: {
      tuitionRollover: money(p.rollover),
      withdrawalReduction: money(p.withdrawalReduction),
      transferReduction: money(p.transferReduction),
      withdrawalRefund: toDollars(refunds.WITHDRAWAL),
      voucherRefund: toDollars(refunds.VOUCHER),
      additionalRefund: toDollars(refunds.CUSTOM),
      totalTaxesPaid: money(p.taxPaid),
      totalInterest: money(p.totalInterest),
      principalPaid: money(p.principalPaid),
      netTuition: toDollars(netTuitionCents),
      totalPaid: money(p.totalPaid),
      totalRefunded: money(p.totalRefunds),
      totalRemaining: money(p.balance),
    },
    maxPrePayAmount: toDollars(pos.maxPrePayCents),
    payoffAmount: toDollars(pos.payoffCents),
    totalPastDueAmount: toDollars(pos.pastDueCents),
    amountDueNow: toDollars(pos.dueNowCents),
    nextPaymentSchedule: pos.nextEntry
      ? { id: pos.nextEntry.id, number: pos.nextEntry.number, dueDate: pos.nextEntry.dueDate, amountDue: toDollars(pos.nextEntry.amountDueCents) }
      : null,
    schedules: entries.map(entryDto),
  };
}
export type PlanDetail = ReturnType<typeof detailOf>;

/** PlanDetails of several plans in three queries: the plans, all their entries, their refunds by source. */
async function detailsOf(where: WhereOptions, order: Array<[string, string]>, transaction?: Transaction): Promise<PlanDetail[]> {
  const plans = await StudentPaymentPlan.findAll({ where, include, order, transaction });
  if (!plans.length) return [];
  const ids = plans.map((p) => p.id);
  const [entries, refunds] = await Promise.all([
    PaymentSchedule.findAll({
      where: { studentPaymentPlanId: ids },
      order: [
        ['studentPaymentPlanId', 'ASC'],
        ['number', 'ASC'],
      ],
      transaction,
    }),
    refundsBySource(ids, transaction),
  ]);
  const byPlan = new Map<number, PaymentSchedule[]>();
  for (const e of entries) {
    const list = byPlan.get(e.studentPaymentPlanId) ?? [];
    list.push(e);
    byPlan.set(e.studentPaymentPlanId, list);
  }
  const today = schoolToday();
  return plans.map((p) => detailOf(p, byPlan.get(p.id) ?? [], refunds.get(p.id) ?? { WITHDRAWAL: 0, VOUCHER: 0, CUSTOM: 0 }, today));
}

/** GET /payment_plans/{id}: the PlanDetail (404 'Payment plan not found'). */
export async function getPlanDetail(planId: number): Promise<PlanDetail> {
  const [detail] = await detailsOf({ id: planId }, [['id', 'ASC']]);
  if (!detail) throw AppError.notFound('Payment plan');
  return detail;
}

/** GET /students/{id}/payment_plans: the student's plans, newest first, as PlanDetails (404 for an unknown student). */
export async function listStudentPlans(studentId: number): Promise<PlanDetail[]> {
  const student = await Student.findByPk(studentId, { attributes: ['id'] });
  if (!student) throw AppError.notFound('Student');
  return detailsOf({ studentId }, [['id', 'DESC']]);
}

/** The plan's student id (null when the plan does not exist): what the `self` rule of auto-pay reads. */
export async function planStudentId(planId: number): Promise<number | null> {
  const plan = await StudentPaymentPlan.findByPk(planId, { attributes: ['id', 'studentId'] });
  return plan?.studentId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Days overdue and financial status sort by the plan's standing today (billing/standing.ts). */
const standingSorts: ListSpec<StudentPaymentPlan>['sortExpressions'] = {
  daysOverdue: (column) => standingSql(StudentPaymentPlan.sequelize!, schoolToday()).planDays(column),
  financialStatus: (column) => standingSql(StudentPaymentPlan.sequelize!, schoolToday()).planStatus(column),
};
export const planListSpec: ListSpec<StudentPaymentPlan> = {
  model: StudentPaymentPlan,
  sortable: studentPlanSortable,
  sortExpressions: standingSorts,
  keywordColumns: [],
  include,
  // The keyword: the student's name or email, the plan's name, or the plan's or application's id.
  studentKeyword: { columns: ['name'], numbers: ['id', 'applicationId'] },
};

/** The criteria's conditions; financial statuses and days overdue are the plans' standing today (billing/standing.ts). */
export function planConditions(c: StudentPlanCriteria | Record<string, unknown>): WhereOptions[] {
  const { financialStatuses, daysOverdue, ...direct } = c as { financialStatuses?: string[] | null; daysOverdue?: { min?: number | null; max?: number | null } | null };
  const out = criteriaWhere(studentPlanCriteria, direct as Record<string, unknown>, StudentPaymentPlan.sequelize!.getDialect());
  const standing = standingSql(StudentPaymentPlan.sequelize!, schoolToday());
  const inPlans = (sql: string): WhereOptions => ({ id: { [Op.in]: Sequelize.literal(`(${sql})`) } });
  if (financialStatuses?.length) out.push(inPlans(standing.planIdsWithStatus(financialStatuses)));
  if (daysOverdue && daysOverdue.min !== null && daysOverdue.min !== undefined) out.push(inPlans(standing.planIdsWithDays(daysOverdue.min, daysOverdue.max)));
  return out;
}

/** GET /payment_plans and POST /payment_plans/find_by_keyword. */
export function listPlans(q: PagingQuery, keyword = q.keyword): Promise<Page<PlanDto>> {
  return runList(planListSpec, { ...q, keyword }, [], planDto);
}

/** POST /payment_plans/find_by_criteria. */
export function findPlansByCriteria(q: PagingQuery, c: StudentPlanCriteria): Promise<Page<PlanDto>> {
  return runList(planListSpec, q, [...planConditions(c)], planDto);
}

/** One row of the financial-status report. */
export function financialStatusRow(row: StudentPaymentPlan) {
  const p = row as Loaded;
  return {
    planId: p.id,
    studentId: p.studentId,
    fullName: fullName(p.student),
    email: p.student?.email ?? null,
    programName: p.application?.product?.name ?? null,
    ...planStanding(p, schoolToday()),
    pastDueAmount: money(p.pastDueAmount),
    balance: money(p.balance),
    nextDueDate: p.nextDueDate,
    autoPay: p.autoPay,
  };
}

/** POST /payment_plans/financial_status: the criteria's plans as financial-status rows (paged). */
export function financialStatusReport(q: PagingQuery, c: StudentPlanCriteria) {
  return runList(planListSpec, q, [...planConditions(c)], financialStatusRow);
}

/** What a CSV line of a plan reads besides the plan: its student and its application's product. */
export const planCsvInclude: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Application, as: 'application', attributes: ['id', 'productId'], include: [{ model: Product, as: 'product', attributes: ['id', 'name'] }] },
];

/**
 * Every plan matching `where` in id order, `batch` rows per query (keyset paging on the id), as CSV
 * lines read batch by batch while the file is written; so an export of any size holds one batch.
 */
async function* planLines(where: WhereOptions[], line: (p: Loaded) => unknown[], batch = 500): AsyncGenerator<unknown[]> {
  let lastId = 0;
  for (;;) {
    const rows = (await StudentPaymentPlan.findAll({
      where: { [Op.and]: [...where, { id: { [Op.gt]: lastId } }] },
      include: planCsvInclude,
      order: [['id', 'ASC']],
      limit: batch,
    })) as Loaded[];
    for (const row of rows) yield line(row);
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1].id;
  }
}

export const FINANCIAL_HEADER = [
  'Plan ID',
  'Student ID',
  'Full name',
  'Email',
  'Program',
  'Financial status',
  'Days overdue',
  'Past due amount',
  'Balance',
  'Next due date',
  'Auto-pay',
];

/** One line of the financial-status CSV (this route's and the collections_csv export's, api/exports). */
export function financialStatusLine(p: StudentPaymentPlan): unknown[] {
  const r = financialStatusRow(p);
  return [
    r.planId,
    r.studentId,
    r.fullName,
    r.email,
    r.programName,
    enumLabel('FinancialStatus', r.financialStatus),
    r.daysOverdue,
    dollarsText(r.pastDueAmount),
    dollarsText(r.balance),
    r.nextDueDate,
    r.autoPay ? 'Yes' : 'No',
  ];
}

/** POST /payment_plans/financial_status_csv: the same rows as the report, streamed as CSV (English labels). */
export function financialStatusCsv(c: StudentPlanCriteria): CsvFile {
  return new CsvFile('financial-status.csv', FINANCIAL_HEADER, planLines(planConditions(c), financialStatusLine));
}

export const PLANS_HEADER = [
  'Plan ID',
  'Application ID',
  'Student ID',
  'Full name',
  'Email',
  'Program',
  'Plan',
  'Plan type',
  'Status',
  'Financial status',
  'Days overdue',
  'Total owed',
  'Total paid',
  'Total refunded',
  'Balance',
  'Past due amount',
  'Next due date',
  'Auto-pay',
  'Migrated',
];

/** One line of the payment plans CSV (this route's and the payment_plans_csv exports', api/exports); `today` the school's day. */
export function planLine(p: StudentPaymentPlan, today: string): unknown[] {
  const plan = p as Loaded;
  const standing = planStanding(plan, today);
  return [
    plan.id,
    plan.applicationId,
    plan.studentId,
    fullName(plan.student),
    plan.student?.email ?? null,
    plan.application?.product?.name ?? null,
    plan.name,
    enumLabel('PaymentPlanType', plan.paymentPlanType),
    enumLabel('StudentPaymentPlanStatus', plan.status),
    enumLabel('FinancialStatus', standing.financialStatus),
    standing.daysOverdue,
    dollarsText(plan.totalOwed),
    dollarsText(plan.totalPaid),
    dollarsText(plan.totalRefunds),
    dollarsText(plan.balance),
    dollarsText(plan.pastDueAmount),
    plan.nextDueDate,
    plan.autoPay ? 'Yes' : 'No',
    plan.migrated ? 'Yes' : 'No',
  ];
}

/** GET /payment_plans/export: plans (optionally of one status, financial status, migrated or not), streamed as CSV. */
export function exportPlans(q: PlanExportQuery): CsvFile {
  const where: WhereOptions[] = [];
  if (q.status) where.push({ status: q.status });
  if (q.financialStatus) where.push(...planConditions({ financialStatuses: [q.financialStatus] }));
  if (q.migrated !== undefined) where.push({ migrated: q.migrated });
  const today = schoolToday();
  return new CsvFile(
    'payment-plans.csv',
    PLANS_HEADER,
    planLines(where, (p) => planLine(p, today)),
  );
}

// ---------------------------------------------------------------------------------------------
// Staff edits. Each runs in one transaction that locks the plan row, logs what changed (BILLING),
// and answers the PlanDetail.

async function lockedPlan(planId: number, transaction: Transaction): Promise<StudentPaymentPlan> {
  const plan = await StudentPaymentPlan.findByPk(planId, { lock: transaction.LOCK.UPDATE, transaction });
  if (!plan) throw AppError.notFound('Payment plan');
  return plan;
}

const snapshot = (p: StudentPaymentPlan, keys: string[]) => Object.fromEntries(keys.map((k) => [k, (p as unknown as Record<string, unknown>)[k]]));

async function changePlan(
  planId: number,
  actor: Actor,
  description: Description,
  apply: (plan: StudentPaymentPlan, transaction: Transaction) => Promise<Record<string, unknown> | null>,
): Promise<PlanDetail> {
  await StudentPaymentPlan.sequelize!.transaction(async (transaction) => {
    const plan = await lockedPlan(planId, transaction);
    const changes = await apply(plan, transaction);
    if (!changes) return;
    const keys = Object.keys(changes);
    const before = snapshot(plan, keys);
    plan.set({ ...changes, ...stamp(actor) });
    const changed = diff(before, snapshot(plan, keys));
    if (!Object.keys(changed).length) return;
    await plan.save({ transaction });
    await recordActivity(
      actor,
      { entityType: 'PAYMENT_PLAN', entityId: plan.id, studentId: plan.studentId, category: 'BILLING', type: 'UPDATED', description, changes: changed },
      transaction,
    );
  });
  return getPlanDetail(planId);
}

/**
 * PUT /payment_plans/{id}: name, description, auto-pay (also the application's flag) and the
 * installment amount. The installment amount is a money term: once anything has been paid on the
 * plan, changing it is refused (409 ALREADY_PROCESSED); the schedule itself is not re-amortised.
 */
export function updatePlan(planId: number, input: StudentPlanUpdate, actor: Actor): Promise<PlanDetail> {
  return changePlan(planId, actor, description('PLAN_UPDATED'), async (plan, transaction) => {
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.installmentAmount !== undefined && input.installmentAmount !== null && input.installmentAmount !== toCents(plan.installmentAmount)) {
      if (toCents(plan.totalPaid) > 0) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
      changes.installmentAmount = toDollars(input.installmentAmount);
    }
    if (input.autoPay !== undefined && input.autoPay !== plan.autoPay) {
      changes.autoPay = input.autoPay;
      await Application.update({ autoPay: input.autoPay }, { where: { id: plan.applicationId }, transaction });
    }
    return changes;
  });
}

/** PATCH /payment_plans/{id}/payment_account_blocked: blocks (or unblocks) payments on the plan. */
export function setPaymentAccountBlocked(planId: number, blocked: boolean, actor: Actor) {
  return changePlan(planId, actor, description(blocked ? 'PAYMENT_ACCOUNT_BLOCKED' : 'PAYMENT_ACCOUNT_UNBLOCKED'), async () => ({ paymentAccountBlocked: blocked }));
}

/** PATCH /payment_plans/{id}/bankruptcy: a plan in bankruptcy takes no payments and the nightly recompute leaves it alone. */
export function setBankruptcy(planId: number, bankruptcy: boolean, actor: Actor) {
  return changePlan(planId, actor, description(bankruptcy ? 'BANKRUPTCY_DECLARED' : 'BANKRUPTCY_LIFTED'), async () => ({ bankruptcy }));
}

/**
 * PATCH /payment_plans/{id}/financial_status: staff set the status by hand where the dates do not
 * decide it (billing/standing.ts): on a plan in bankruptcy, or closed (not ACTIVE). On an ACTIVE plan
 * not in bankruptcy the status is its days overdue's, so a status by hand is 409
 * FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE and nothing changes. The application's column follows (its
 * answers take the standing of its ACTIVE plans).
 */
export function setFinancialStatus(planId: number, financialStatus: string, actor: Actor) {
  return changePlan(planId, actor, description('FINANCIAL_STATUS_SET'), async (plan, transaction) => {
    if (followsDates(plan)) throw AppError.conflict('FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE', Messages.FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE);
    await Application.update({ financialStatus }, { where: { id: plan.applicationId }, transaction });
    return { financialStatus };
  });
}

/**
 * PATCH /payment_plans/{id}/payment_method/{methodId}: the card the plan (and its PENDING entries) is
 * charged to. Only a card of the plan's student that is not deleted (else 404 'Payment method not found').
 */
export function setPlanPaymentMethod(planId: number, methodId: number, actor: Actor) {
  return changePlan(planId, actor, description('PLAN_PAYMENT_METHOD_CHANGED'), async (plan, transaction) => {
    const card = await PaymentMethod.findOne({ where: { id: methodId, studentId: plan.studentId, deleted: false }, attributes: ['id'], transaction });
    if (!card) throw AppError.notFound('Payment method');
    await PaymentSchedule.update({ paymentMethodId: card.id }, { where: { studentPaymentPlanId: plan.id, status: 'PENDING' }, transaction });
    return { paymentMethodId: card.id };
  });
}

/** PATCH /payment_plans/{id}/mark_as_concluded: an ACTIVE plan is closed by staff (CONCLUDED, concludedAt); any other status → 409 ALREADY_PROCESSED. */
export function markAsConcluded(planId: number, actor: Actor) {
  return changePlan(planId, actor, description('PLAN_CONCLUDED'), async (plan) => {
    if (!isPlanConcludable(plan)) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
    return { status: 'CONCLUDED', concludedAt: new Date() };
  });
}

/** PATCH /payment_plans/{id}/auto_pay: the plan's and its application's auto-pay flag (staff, or the plan's student). */
export function setAutoPay(planId: number, autoPay: boolean, actor: Actor) {
  return changePlan(planId, actor, description(autoPay ? 'AUTO_PAY_ON' : 'AUTO_PAY_OFF'), async (plan, transaction) => {
    await Application.update({ autoPay }, { where: { id: plan.applicationId }, transaction });
    return { autoPay };
  });
}
