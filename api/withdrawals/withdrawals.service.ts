import { storeIssuedPlan } from '../applications/issue-plan';
import { Op, Sequelize, type Includeable, type Transaction } from 'sequelize';
import { Application, ApplicationCohort, Cohort, Enrollment, Envelope, Program, Refund, Student, StudentPaymentPlan, Withdrawal, WithdrawalSetting } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { description } from '../../models/descriptions';
import type { Of, WithdrawalKind } from '../../models/enums';
import { Messages } from '../../models/messages';
import type { AccountingLineItem } from '../../models/StudentPaymentPlan';
import { roundDollars, toCents, toDollars } from '../../domain/money';
import {
  computeWithdrawal,
  DEFAULT_WITHDRAWAL_SETTINGS,
  MAX_REISSUED_ENTRIES,
  responsibilityBaseCents,
  splitEvenly,
  WithdrawalEngineError,
  withdrawalFigures,
  type WithdrawalCourse,
  type WithdrawalQuote,
  type WithdrawalSettings,
} from '../../domain/rules/withdrawals';
import { paidTowardPlanCents } from '../../domain/rules/transfers';
import { ACTIVE_WITHDRAWAL_STATUSES, PENDING_WITHDRAWAL_STATUSES, withdrawalMachine } from '../../domain/state/withdrawals';
import { changeStatus } from '../applications/status';
import { closeUnpaidEntries, withdrawalReductionLine } from '../billing/close-plan';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { queueRefund, refundPlanOf } from '../refunds/queue';
import { withdrawalCriteria, withdrawalSortable, type WithdrawalCriteria, type WithdrawalInput } from './withdrawals.schemas';

/**
 * Withdrawals (platform spec §7 "Withdrawals"; domain rules "Withdrawals and refunds"; issue 18). A
 * withdrawal of an ENROLLED (or PARTIAL_WITHDRAWN) application leaves all its classes or some of a
 * bundle's. Its money comes from the engine (domain/rules/withdrawals.ts) through `figuresFor`, the one
 * call behind the preview, the request and the approval: staff see what the button will do.
 *
 * Approving is one transaction: the row is locked and its status moved with a compare-and-set (two
 * concurrent approvals: one wins, the other is 409 'Same status'); the figures are recomputed; the
 * application becomes WITHDRAWN or PARTIAL_WITHDRAWN (its enrollments follow; the CRM row is the
 * status change's), the old plan is closed with its withdrawal reduction, the rest reissued as a
 * WITHDRAWAL plan or the refund queued in the refund queue, and WithdrawalDecided raised (the email).
 * The withdrawal is COMPLETED once its refund is (withdrawals.events.ts), at once with nothing to refund.
 */

type Kind = Of<typeof WithdrawalKind>;
const money = roundDollars;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Program, as: 'program', attributes: ['id', 'name'] },
  { model: Cohort, as: 'cohort', attributes: ['id', 'label'] },
];
type Loaded = Withdrawal & { student?: Student | null; program?: Program | null; cohort?: Cohort | null };

export function withdrawalDto(row: Withdrawal) {
  const r = row as Loaded;
  const s = r.student;
  return {
    id: r.id,
    kind: r.kind,
    studentId: r.studentId,
    applicationId: r.applicationId,
    programId: r.programId,
    cohortId: r.cohortId,
    cohortIds: r.cohortIds,
    partial: Boolean(r.partial),
    requestedBy: r.requestedBy as 'STAFF' | 'STUDENT',
    status: r.status,
    reason: r.reason,
    comments: r.comments,
    withdrawalDate: r.withdrawalDate,
    tuitionResponsibility: money(r.tuitionResponsibility),
    reductionAmount: money(r.reductionAmount),
    amountToBeRefund: money(r.amountToBeRefund),
    amountRefunded: money(r.amountRefunded),
    taxToBeRefund: money(r.taxToBeRefund),
    taxRefunded: money(r.taxRefunded),
    reissuedAmount: money(r.reissuedAmount),
    installmentAmount: r.installmentAmount === null || r.installmentAmount === undefined ? null : money(r.installmentAmount),
    autoPay: Boolean(r.autoPay),
    refundId: r.refundId,
    reissuedPlanId: r.reissuedPlanId,
    decidedAt: r.decidedAt,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    program: r.program ? { id: r.program.id, name: r.program.name } : null,
    cohort: r.cohort ? { id: r.cohort.id, label: r.cohort.label } : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type WithdrawalDto = ReturnType<typeof withdrawalDto>;

const spec: ListSpec<Withdrawal> = {
  model: Withdrawal,
  sortable: withdrawalSortable,
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: { numbers: ['id', 'studentId', 'applicationId'] },
};

/** A student sees only their own withdrawals. */
const ownOnly = (viewer?: Principal | null) => (viewer && viewer.kind !== 'ADMIN' ? { studentId: viewer.studentId ?? -1 } : null);

export function listWithdrawals(q: PagingQuery, viewer?: Principal | null) {
  return runList(spec, q, [ownOnly(viewer)], withdrawalDto);
}

export function findWithdrawalsByCriteria(q: PagingQuery, c: WithdrawalCriteria, viewer?: Principal | null) {
  return runList(spec, q, [...criteriaWhere(withdrawalCriteria, c, Withdrawal.sequelize!.getDialect()), ownOnly(viewer)], withdrawalDto);
}

/** POST /withdrawals/summary: how many the criteria match per status, and their money (one grouped query). */
export async function withdrawalsSummary(c: WithdrawalCriteria) {
  const where = { [Op.and]: criteriaWhere(withdrawalCriteria, c, Withdrawal.sequelize!.getDialect()) };
  const sum = (col: string) => [Sequelize.fn('SUM', Sequelize.col(col)), col] as [ReturnType<typeof Sequelize.fn>, string];
  const rows = (await Withdrawal.findAll({
    attributes: [
      'status',
      [Sequelize.fn('COUNT', Sequelize.col('id')), 'count'],
      sum('tuition_responsibility'),
      sum('reduction_amount'),
      sum('amount_to_be_refund'),
      sum('amount_refunded'),
      sum('tax_to_be_refund'),
      sum('tax_refunded'),
    ],
    where,
    group: ['status'],
    raw: true,
  })) as unknown as Array<Record<string, string | number | null>>;
  const totals = { tuitionResponsibility: 0, reductionAmount: 0, amountToBeRefund: 0, amountRefunded: 0, taxToBeRefund: 0, taxRefunded: 0 };
  const cols: Record<keyof typeof totals, string> = {
    tuitionResponsibility: 'tuition_responsibility',
    reductionAmount: 'reduction_amount',
    amountToBeRefund: 'amount_to_be_refund',
    amountRefunded: 'amount_refunded',
    taxToBeRefund: 'tax_to_be_refund',
    taxRefunded: 'tax_refunded',
  };
  for (const r of rows) for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += toCents(r[cols[k]]);
  const statuses = rows.map((r) => ({ status: String(r.status), count: Number(r.count) })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return {
    total: statuses.reduce((s, x) => s + x.count, 0),
    statuses,
    ...(Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, toDollars(v)])) as Record<keyof typeof totals, number>),
  };
}

async function loadDto(id: number, transaction?: Transaction): Promise<WithdrawalDto> {
  const row = await Withdrawal.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Withdrawal');
  return withdrawalDto(row);
}

/** GET /withdrawals/{id}: staff, or the student it belongs to (404 otherwise, like a missing one). */
export async function getWithdrawal(id: number, viewer?: Principal | null) {
  const dto = await loadDto(id);
  if (viewer && viewer.kind !== 'ADMIN' && dto.studentId !== viewer.studentId) throw AppError.notFound('Withdrawal');
  return dto;
}

/** A kind's settings (the domain rules' defaults when its row is missing). */
export async function settingsOf(kind: Kind, transaction?: Transaction): Promise<WithdrawalSettings> {
  const row = await WithdrawalSetting.findByPk(kind, { transaction });
  if (!row) return { ...DEFAULT_WITHDRAWAL_SETTINGS };
  return { cancellationDays: row.cancellationDays, roundUpToPercent: row.roundUpToPercent, fullResponsibilityAtPercent: row.fullResponsibilityAtPercent };
}

/** GET /withdrawals/settings: every kind's settings. */
export async function listSettings() {
  const rows = await WithdrawalSetting.findAll({ order: [['kind', 'ASC']] });
  return rows.map((r) => ({
    kind: r.kind,
    cancellationDays: r.cancellationDays,
    roundUpToPercent: r.roundUpToPercent,
    fullResponsibilityAtPercent: r.fullResponsibilityAtPercent,
    updatedBy: updatedByOf(r),
  }));
}

/** PUT /withdrawals/settings/{kind}: staff edit a kind's settings. */
export async function updateSettings(kind: Kind, input: WithdrawalSettings, actor: Actor) {
  await WithdrawalSetting.upsert({ kind, ...input, ...stamp(actor) });
  return (await listSettings()).find((s) => s.kind === kind)!;
}

const conflict = (code: keyof typeof Messages) => AppError.conflict(code, Messages[code]);

export interface WithdrawalFigures {
  quote: WithdrawalQuote;
  plan: StudentPaymentPlan | null;
  withdrawalDate: string;
  /** The classes left by this withdrawal. */
  cohortIds: number[];
  /** Some of the application's active classes stay. */
  partial: boolean;
  installmentCents: number | null;
  courses: Array<{
    cohortId: number;
    programId: number;
    label: string | null;
    startDate: string | null;
    endDate: string | null;
    withdrawn: boolean;
    percent: number | null;
    responsibilityCents: number | null;
  }>;
  settings: WithdrawalSettings;
}

/**
 * The money a withdrawal of `application` moves, from the engine: the one computation the preview,
 * the request and the approval run. `ignoreWithdrawalId`: the withdrawal being approved (its own
 * classes are still ACTIVE, and it is not a pending one that blocks).
 */
export async function figuresFor(
  application: Application,
  kind: Kind,
  input: Pick<WithdrawalInput, 'cohortIds' | 'withdrawalDate' | 'installmentAmount'>,
  transaction?: Transaction,
): Promise<WithdrawalFigures> {
  if (application.status !== 'ENROLLED' && application.status !== 'PARTIAL_WITHDRAWN') throw conflict('INVALID_STATUS');
  const today = schoolToday();
  const chosen = await ApplicationCohort.findAll({
    where: { applicationId: application.id },
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label', 'startDate', 'endDate'] }],
    order: [['id', 'ASC']],
    transaction,
  });
  const active = new Set((await Enrollment.findAll({ where: { applicationId: application.id, status: 'ACTIVE' }, attributes: ['cohortId'], transaction })).map((e) => e.cohortId));
  const all = new Set(chosen.map((c) => c.cohortId));
  const wanted = input.cohortIds ?? [...active];
  const unknown = wanted.filter((c) => !all.has(c));
  if (unknown.length) throw AppError.badRequest({ cohortIds: Messages.INVALID_VALUE });
  if (!wanted.length || wanted.some((c) => !active.has(c))) throw conflict('ACTIVE_WITHDRAWAL_EXISTS');
  const partial = [...active].some((c) => !wanted.includes(c));

  // Classes an earlier (partial) withdrawal left are owed as of that withdrawal's date.
  const earlier = await Withdrawal.findAll({
    where: { applicationId: application.id, status: ACTIVE_WITHDRAWAL_STATUSES as string[] },
    attributes: ['cohortIds', 'withdrawalDate'],
    transaction,
  });
  const earlierDate = new Map<number, string>();
  for (const w of earlier) for (const c of w.cohortIds) earlierDate.set(c, w.withdrawalDate);

  const envelope = await Envelope.findOne({ where: { applicationId: application.id, status: 'SIGNED' }, order: [['signedAt', 'DESC']], attributes: ['signedAt'], transaction });
  const signedDate = envelope?.signedAt ? schoolToday(new Date(envelope.signedAt)) : null;
  const withdrawalDate = input.withdrawalDate ?? today;
  if (withdrawalDate > today || (signedDate && withdrawalDate < signedDate)) throw AppError.badRequest({ withdrawalDate: Messages.INVALID_DATE });

  const plan = await refundPlanOf(application.id, transaction).then((p) => (p ? StudentPaymentPlan.findByPk(p.id, { transaction }) : null));
  const lines = (plan?.accountingLineItems ?? []) as AccountingLineItem[];
  // The class's full price: a plan issued by a transfer carries its rollover as a credit off the principal.
  const principalCents = plan ? responsibilityBaseCents({ principalCents: toCents(plan.principalAmount), rolloverCents: toCents(plan.rollover) }) : 0;
  const feeCents = Math.min(principalCents, toCents(lines.find((l) => l.description === 'Registration fee')?.amount ?? 0));
  const shares = splitEvenly(principalCents - feeCents, chosen.length);
  const settings = await settingsOf(kind, transaction);

  // Courses: this withdrawal's as of its date; earlier withdrawals' as of theirs (computed apart and summed).
  const courses: WithdrawalCourse[] = [];
  const earlierCourses: WithdrawalCourse[] = [];
  const earlierDates: string[] = [];
  const position = new Map<number, number>();
  chosen.forEach((c, i) => {
    const course = { startDate: c.cohort?.startDate ?? null, endDate: c.cohort?.endDate ?? null, chargeCents: shares[i] };
    if (!earlierDate.has(c.cohortId) || wanted.includes(c.cohortId)) position.set(c.cohortId, courses.length);
    if (wanted.includes(c.cohortId)) courses.push({ ...course, withdrawn: true });
    else if (earlierDate.has(c.cohortId)) {
      earlierCourses.push({ ...course, withdrawn: true });
      earlierDates.push(earlierDate.get(c.cohortId)!);
    } else courses.push({ ...course, withdrawn: false });
  });
  // What earlier withdrawals left owed is fixed at their dates: those classes count at that figure.
  for (let i = 0; i < earlierCourses.length; i++) {
    const owed = computeWithdrawal({
      settings,
      signedDate,
      effectiveDate: earlierDates[i],
      registrationFeeCents: 0,
      courses: [earlierCourses[i]],
      paidCents: 0,
      refundedCents: 0,
      taxPaidCents: 0,
      taxRefundedCents: 0,
      installmentCents: null,
      firstDueDate: today,
    }).responsibilityCents;
    courses.push({ startDate: null, endDate: null, chargeCents: owed, withdrawn: false });
  }

  const refunds = await Refund.findAll({ where: { applicationId: application.id, status: { [Op.in]: ['REQUESTED', 'APPROVED', 'COMPLETED'] } }, transaction });
  let refundedCents = 0;
  let taxRefundedCents = 0;
  for (const r of refunds) {
    // A refund still to go back counts as given: the queue will give it.
    refundedCents += r.status === 'COMPLETED' ? toCents(r.amountRefunded) : Math.max(toCents(r.amountToBeRefunded), toCents(r.amountRefunded));
    taxRefundedCents += r.status === 'COMPLETED' ? toCents(r.taxRefunded) : Math.max(toCents(r.taxToBeRefunded), toCents(r.taxRefunded));
  }
  // Paid toward the enrollment: this plan's principal paid + the rollover an earlier transfer credited to it.
  const paidCents = plan ? paidTowardPlanCents({ principalPaidCents: toCents(plan.principalPaid), rolloverCents: toCents(plan.rollover) }) : 0;
  const taxPaidCents = plan ? toCents(plan.taxPaid) : 0;
  const engineInput = {
    settings,
    signedDate,
    effectiveDate: withdrawalDate,
    registrationFeeCents: feeCents,
    courses,
    paidCents,
    refundedCents: Math.min(refundedCents, paidCents),
    taxPaidCents,
    taxRefundedCents: Math.min(taxRefundedCents, taxPaidCents),
    firstDueDate: today,
  };
  // Staff set the reissued plan's installment; without one, the plan's current installment (no more than the rest).
  let installmentCents = input.installmentAmount ?? null;
  if (installmentCents === null) {
    const rest = withdrawalFigures(engineInput).reissuedCents;
    const current = plan ? toCents(plan.installmentAmount) : 0;
    if (rest > 0) installmentCents = Math.min(rest, Math.max(current, Math.ceil(rest / MAX_REISSUED_ENTRIES)));
  }
  let quote: WithdrawalQuote;
  try {
    quote = computeWithdrawal({ ...engineInput, installmentCents });
  } catch (err) {
    if (!(err instanceof WithdrawalEngineError)) throw err;
    if (err.code === 'INVALID_INSTALLMENT_AMOUNT') throw AppError.badRequest({ installmentAmount: Messages.INVALID_INSTALLMENT_AMOUNT });
    throw AppError.badRequest({ [err.field]: Messages.INVALID_VALUE });
  }
  return {
    quote,
    plan,
    withdrawalDate,
    cohortIds: wanted,
    partial,
    installmentCents: quote.reissuedCents > 0 ? installmentCents : null,
    settings,
    courses: chosen.map((c) => {
      const owed = position.has(c.cohortId) ? quote.courses[position.get(c.cohortId)!] : null;
      return {
        cohortId: c.cohortId,
        programId: c.programId,
        label: c.cohort?.label ?? null,
        startDate: c.cohort?.startDate ?? null,
        endDate: c.cohort?.endDate ?? null,
        withdrawn: wanted.includes(c.cohortId),
        /** Percent of the class owed, and its charge owed (null: left by an earlier withdrawal). */
        percent: owed ? owed.percent : null,
        responsibilityCents: owed ? owed.responsibilityCents : null,
      };
    }),
  };
}

/** The preview's answer: the engine's figures, in dollars, with the reissued plan's schedule. */
export function previewDto(f: WithdrawalFigures, kind: Kind, applicationId: number) {
  const q = f.quote;
  return {
    kind,
    applicationId,
    withdrawalDate: f.withdrawalDate,
    cohortIds: f.cohortIds,
    partial: f.partial,
    applicationStatus: f.partial ? ('PARTIAL_WITHDRAWN' as const) : ('WITHDRAWN' as const),
    settings: f.settings,
    planId: f.plan?.id ?? null,
    paid: toDollars(f.plan ? paidTowardPlanCents({ principalPaidCents: toCents(f.plan.principalPaid), rolloverCents: toCents(f.plan.rollover) }) : 0),
    charges: toDollars(q.chargesCents),
    cancellation: q.cancellation,
    tuitionResponsibility: toDollars(q.responsibilityCents),
    reductionAmount: toDollars(q.reductionCents),
    amountToBeRefund: toDollars(q.refundCents),
    taxToBeRefund: toDollars(q.taxRefundCents),
    reissuedAmount: toDollars(q.reissuedCents),
    installmentAmount: f.installmentCents === null ? null : toDollars(f.installmentCents),
    courses: f.courses.map(({ responsibilityCents, ...c }) => ({ ...c, tuitionResponsibility: responsibilityCents === null ? null : toDollars(responsibilityCents) })),
    schedule: q.reissued.map((e) => ({ number: e.number, dueDate: e.dueDate, amount: toDollars(e.amountCents), balance: toDollars(e.balanceCents) })),
  };
}
export type WithdrawalPreviewDto = ReturnType<typeof previewDto>;

async function applicationFor(applicationId: number, viewer: Principal | null, transaction?: Transaction): Promise<Application> {
  const application = await Application.findByPk(applicationId, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  // A student reaches only their own applications: another's is as missing as a missing one.
  if (!application || (viewer && viewer.kind !== 'ADMIN' && application.studentId !== viewer.studentId)) throw AppError.notFound('Application');
  return application;
}

/** POST /withdrawals/{kind}/preview: what the withdrawal would move, nothing saved. */
export async function previewWithdrawal(kind: Kind, input: WithdrawalInput, viewer: Principal | null) {
  const application = await applicationFor(input.applicationId, viewer);
  return previewDto(await figuresFor(application, kind, input), kind, application.id);
}

/**
 * POST /withdrawals/{kind}: a REQUESTED withdrawal with the engine's figures (staff, or the student for
 * their own application). 409 'A pending withdrawal exists' while one is REQUESTED for the application.
 */
export async function createWithdrawal(kind: Kind, input: WithdrawalInput, actor: Actor, viewer: Principal | null): Promise<WithdrawalDto> {
  const id = await Withdrawal.sequelize!.transaction(async (transaction) => {
    const application = await applicationFor(input.applicationId, viewer, transaction);
    const pending = await Withdrawal.count({ where: { applicationId: application.id, status: PENDING_WITHDRAWAL_STATUSES as string[] }, transaction });
    if (pending) throw conflict('PENDING_WITHDRAWAL');
    const f = await figuresFor(application, kind, input, transaction);
    const first = f.courses.find((c) => c.withdrawn)!;
    const row = await Withdrawal.create(
      {
        kind,
        studentId: application.studentId,
        applicationId: application.id,
        programId: first.programId,
        cohortId: first.cohortId,
        cohortIds: f.cohortIds,
        partial: f.partial,
        requestedBy: viewer && viewer.kind !== 'ADMIN' ? 'STUDENT' : 'STAFF',
        status: 'REQUESTED',
        reason: input.reason ?? null,
        comments: input.comments ?? null,
        withdrawalDate: f.withdrawalDate,
        installmentAmount: f.installmentCents === null ? null : toDollars(f.installmentCents),
        autoPay: Boolean(f.plan?.autoPay),
        ...figureColumns(f.quote),
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'WITHDRAWAL',
        entityId: row.id,
        studentId: application.studentId,
        category: 'BILLING',
        type: 'CREATED',
        description: description('WITHDRAWAL_CREATED', { kind, responsibility: f.quote.responsibilityCents, refund: f.quote.refundCents }),
        changes: { status: { from: null, to: 'REQUESTED' } },
      },
      transaction,
    );
    return row.id;
  });
  return loadDto(id);
}

function figureColumns(q: WithdrawalQuote) {
  return {
    tuitionResponsibility: toDollars(q.responsibilityCents),
    reductionAmount: toDollars(q.reductionCents),
    amountToBeRefund: toDollars(q.refundCents),
    taxToBeRefund: toDollars(q.taxRefundCents),
    reissuedAmount: toDollars(q.reissuedCents),
  };
}

/** The reissued WITHDRAWAL plan: the rest the student owes, in the staff's installments, no interest. */
async function reissuePlan(old: StudentPaymentPlan, f: WithdrawalFigures, actor: Actor, transaction: Transaction): Promise<StudentPaymentPlan> {
  const q = f.quote;
  const entries = q.reissued.map((e) => ({ ...e, kind: 'INSTALLMENT' as const, principalCents: e.amountCents, interestCents: 0 }));
  return storeIssuedPlan(
    {
      applicationId: old.applicationId,
      studentId: old.studentId,
      productPaymentPlanId: old.productPaymentPlanId,
      voucherId: null,
      name: `${old.name} (withdrawal)`,
      description: old.description,
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
      installmentAmount: toDollars(f.installmentCents ?? 0),
      totalTerm: entries.length,
      amortizeTerm: 0,
      interestRate: 0,
      tuitionPrice: toDollars(q.reissuedCents),
      additionalFees: 0,
      voucherDiscount: 0,
      accountingLineItems: [{ description: 'Tuition responsibility after withdrawal', type: 'CHARGE', category: null, amount: toDollars(q.reissuedCents) }],
      status: 'ACTIVE',
      source: 'WITHDRAWAL',
      flowType: old.flowType,
      autoPay: old.autoPay,
      paymentMethodId: old.paymentMethodId ?? null,
    },
    { depositCents: 0, principalCents: q.reissuedCents, interestCents: 0, totalCents: q.reissuedCents, entries },
    actor,
    transaction,
  );
}

/** What approving does, inside the status change's transaction (see the file comment). */
async function approve(row: Withdrawal, actor: Actor, transaction: Transaction): Promise<Partial<Withdrawal['_creationAttributes']>> {
  const application = (await Application.findByPk(row.applicationId, { transaction, lock: transaction.LOCK.UPDATE }))!;
  const installment = row.installmentAmount === null || row.installmentAmount === undefined ? null : toCents(row.installmentAmount);
  const f = await figuresFor(application, row.kind, { cohortIds: row.cohortIds, withdrawalDate: row.withdrawalDate, installmentAmount: installment }, transaction);
  const to = f.partial ? 'PARTIAL_WITHDRAWN' : 'WITHDRAWN';
  if (application.status !== to) await changeStatus(application.id, to, actor, { transaction });
  // The classes left (a full withdrawal's follow the application's status: enrollments.events.ts).
  await Enrollment.update({ status: 'WITHDRAWN', ...stamp(actor) }, { where: { applicationId: application.id, cohortId: f.cohortIds, status: 'ACTIVE' }, transaction });

  let reissuedPlanId: number | null = null;
  if (f.plan) {
    const reduction = toDollars(toCents(f.plan.withdrawalReduction) + f.quote.reductionCents);
    if (f.quote.reissuedCents > 0 && !f.partial) {
      const plan = await reissuePlan(f.plan, f, actor, transaction);
      reissuedPlanId = plan.id;
      await f.plan.update({ status: 'CANCELLED', withdrawalReduction: reduction, ...stamp(actor) }, { transaction });
      // Its unpaid entries are never asked for again; the account history says where its balance went.
      await closeUnpaidEntries(f.plan.id, withdrawalReductionLine(f.quote.reissuedCents, plan.name), actor, schoolToday(), transaction);
    } else if (!f.partial) {
      await f.plan.update(
        { status: f.plan.status === 'CANCELLED' ? 'CANCELLED' : 'CONCLUDED', concludedAt: new Date(), withdrawalReduction: reduction, ...stamp(actor) },
        { transaction },
      );
      await closeUnpaidEntries(f.plan.id, withdrawalReductionLine(0, null), actor, schoolToday(), transaction);
    } else {
      await f.plan.update({ withdrawalReduction: reduction, ...stamp(actor) }, { transaction });
    }
  }
  let refundId: number | null = null;
  if (f.quote.refundCents > 0 || f.quote.taxRefundCents > 0) {
    const refund = await queueRefund(
      {
        application,
        source: 'WITHDRAWAL',
        sourceId: row.id,
        amountCents: f.quote.refundCents,
        taxCents: f.quote.taxRefundCents,
        comments: row.reason ?? null,
        planId: f.plan?.id ?? null,
      },
      actor,
      transaction,
    );
    refundId = refund.id;
  }
  return {
    ...figureColumns(f.quote),
    installmentAmount: f.installmentCents === null ? null : toDollars(f.installmentCents),
    refundId,
    reissuedPlanId,
    // Nothing to give back: done at once; else when the refund is (withdrawals.events.ts).
    status: refundId ? 'APPROVED' : 'COMPLETED',
  };
}

/**
 * PATCH /withdrawals/{kind}/{id}/status?status=: REQUESTED → APPROVED | REJECTED | CANCELLED,
 * APPROVED → COMPLETED. The same status again is 409 'Same status'; any other move the machine lacks
 * 409 'Invalid status'. One transaction, compare-and-set on the status. A student may only cancel a
 * request of their own (another student's is 404; any other move, or a withdrawal staff opened, 409
 * 'Not permitted').
 */
export async function changeWithdrawalStatus(
  kind: Kind,
  id: number,
  to: 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'COMPLETED',
  actor: Actor,
  viewer: Principal | null = null,
): Promise<WithdrawalDto> {
  await Withdrawal.sequelize!.transaction(async (transaction) => {
    const row = await Withdrawal.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    const byStudent = Boolean(viewer && viewer.kind !== 'ADMIN');
    if (!row || row.kind !== kind || (byStudent && row.studentId !== viewer!.studentId)) throw AppError.notFound('Withdrawal');
    const from = row.status;
    if (from === to) throw conflict('SAME_STATUS');
    if (!withdrawalMachine.can(from, to)) throw conflict('INVALID_STATUS');
    if (byStudent && (to !== 'CANCELLED' || row.requestedBy !== 'STUDENT')) throw conflict('NOT_PERMITTED');
    // Compare-and-set first: of two concurrent approvals only one goes on to move the money.
    const [count] = await Withdrawal.update({ status: to, decidedAt: new Date(), ...stamp(actor) }, { where: { id, status: from }, transaction });
    if (count !== 1) throw conflict('SAME_STATUS');
    const extra = to === 'APPROVED' ? await approve(row, actor, transaction) : {};
    if (Object.keys(extra).length) await Withdrawal.update(extra, { where: { id }, transaction });
    await recordActivity(
      actor,
      {
        entityType: 'WITHDRAWAL',
        entityId: id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('WITHDRAWAL_DECIDED', { kind, status: to }),
        changes: { status: { from, to } },
      },
      transaction,
    );
    if (to !== 'COMPLETED')
      await raise({ type: 'WithdrawalDecided', withdrawalId: id, studentId: row.studentId, applicationId: row.applicationId, status: to, actor }, transaction);
  });
  return loadDto(id);
}

/** PATCH /withdrawals/{id}/auto_pay: the withdrawal's auto-pay, and its reissued plan's when there is one. */
export async function setWithdrawalAutoPay(id: number, autoPay: boolean, actor: Actor): Promise<WithdrawalDto> {
  await Withdrawal.sequelize!.transaction(async (transaction) => {
    const row = await Withdrawal.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Withdrawal');
    if (Boolean(row.autoPay) === autoPay) return;
    await row.update({ autoPay, ...stamp(actor) }, { transaction });
    if (row.reissuedPlanId) await StudentPaymentPlan.update({ autoPay, ...stamp(actor) }, { where: { id: row.reissuedPlanId }, transaction });
    await recordActivity(
      actor,
      { entityType: 'WITHDRAWAL', entityId: id, studentId: row.studentId, category: 'BILLING', type: 'UPDATED', changes: { autoPay: { from: !autoPay, to: autoPay } } },
      transaction,
    );
  });
  return loadDto(id);
}

/** A withdrawal's refund went back: its amounts, and COMPLETED (withdrawals.events.ts). */
export async function completeOnRefund(refundId: number, transaction?: Transaction): Promise<void> {
  const refund = await Refund.findByPk(refundId, { transaction });
  if (!refund || refund.source !== 'WITHDRAWAL' || !refund.sourceId) return;
  await Withdrawal.update(
    { amountRefunded: money(refund.amountRefunded), taxRefunded: money(refund.taxRefunded), ...(refund.status === 'COMPLETED' ? { status: 'COMPLETED' } : {}) },
    { where: { id: refund.sourceId, status: ['APPROVED', 'COMPLETED'] }, transaction },
  );
}
