import { storeIssuedPlan, tuitionLines } from '../applications/issue-plan';
import { Op, Sequelize, type Includeable, type Transaction } from 'sequelize';
import {
  Application,
  ApplicationCohort,
  BusinessCategory,
  BusinessCategoryPaymentPlan,
  Cohort,
  Enrollment,
  Product,
  ProductItem,
  ProductPaymentPlan,
  Refund,
  Student,
  StudentPaymentPlan,
  Transfer,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { description } from '../../models/descriptions';
import { Messages } from '../../models/messages';
import { roundDollars, toCents, toDollars } from '../../domain/money';
import { computeTransfer, MAX_TRANSFERS, paidTowardPlanCents, TransferEngineError, type TransferQuote } from '../../domain/rules/transfers';
import { transferMachine } from '../../domain/state/withdrawals';
import type { TransferDestinationsAnswer } from '../../domain/contract/transfers';
import { productPlanName } from '../applications/plan-name';
import { quotePlan } from '../applications/quote';
import { changeStatus, checkClassSeats } from '../applications/status';
import { closeUnpaidEntries, transferReductionLine } from '../billing/close-plan';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { runEngine } from '../payment-plans/payment-plans.service';
import type { Schedule } from '../payment-plans/schedule';
import { queueRefund, refundPlanOf } from '../refunds/queue';
import { transferCriteria, transferSortable, type TransferCriteria, type TransferInput } from './transfers.schemas';

/**
 * Transfers (platform spec §7 "Transfers"; domain rules "Transfers"; issue 18). An ENROLLED
 * application moves to a new class of the same business category that has not ended, at most twice
 * per original enrollment. Staff offer one (PENDING until the student accepts the terms and confirms,
 * or rejects) or the student asks for one (PENDING until staff decide). Its money — fee, tuition
 * rollover, the new plan's principal and schedule — comes from `quoteFor`, the one call behind the
 * preview, the offer and the acceptance.
 *
 * Accepting is one transaction: the row is locked and its status moved with a compare-and-set; the old
 * application becomes TRANSFERRED (its enrollments follow, and the CRM row), a new ENROLLED application
 * in the target class gets its enrollments and a plan whose principal is the target's − rollover + fee,
 * the old plan is CANCELLED with its transfer reduction, anything paid beyond the new plan is queued as a
 * refund, and TransferDecided is raised (the email).
 */

const money = roundDollars;
const conflict = (code: keyof typeof Messages, message: string = Messages[code]) => AppError.conflict(code, message);

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Product, as: 'originProduct', attributes: ['id', 'name'] },
  { model: Product, as: 'destinationProduct', attributes: ['id', 'name'] },
  { model: Cohort, as: 'destinationCohort', attributes: ['id', 'label', 'startDate', 'endDate'] },
];
type Loaded = Transfer & { student?: Student | null; originProduct?: Product | null; destinationProduct?: Product | null; destinationCohort?: Cohort | null };

export function transferDto(row: Transfer) {
  const r = row as Loaded;
  const s = r.student;
  return {
    id: r.id,
    studentId: r.studentId,
    applicationId: r.applicationId,
    rootApplicationId: r.rootApplicationId,
    originProductId: r.originProductId,
    originCohortId: r.originCohortId,
    destinationProductId: r.destinationProductId,
    destinationCohortId: r.destinationCohortId,
    destinationProductPaymentPlanId: r.destinationProductPaymentPlanId,
    newApplicationId: r.newApplicationId,
    transferNumber: r.transferNumber,
    requestedBy: r.requestedBy as 'STAFF' | 'STUDENT',
    status: r.status,
    transferFee: money(r.transferFee),
    tuitionRollover: money(r.tuitionRollover),
    excessRefund: money(r.excessRefund),
    newPrincipal: money(r.newPrincipal),
    reason: r.reason,
    comments: r.comments,
    termsAcceptedAt: r.termsAcceptedAt,
    decidedAt: r.decidedAt,
    refundId: r.refundId,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    originProduct: r.originProduct ? { id: r.originProduct.id, name: r.originProduct.name } : null,
    destinationProduct: r.destinationProduct ? { id: r.destinationProduct.id, name: r.destinationProduct.name } : null,
    destinationCohort: r.destinationCohort
      ? { id: r.destinationCohort.id, label: r.destinationCohort.label, startDate: r.destinationCohort.startDate, endDate: r.destinationCohort.endDate }
      : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type TransferDto = ReturnType<typeof transferDto>;

const spec: ListSpec<Transfer> = {
  model: Transfer,
  sortable: transferSortable,
  defaultDescending: true,
  keywordColumns: [],
  include,
  studentKeyword: { numbers: ['id', 'studentId', 'applicationId'] },
};

const ownOnly = (viewer?: Principal | null) => (viewer && viewer.kind !== 'ADMIN' ? { studentId: viewer.studentId ?? -1 } : null);

export function listTransfers(q: PagingQuery, viewer?: Principal | null) {
  return runList(spec, q, [ownOnly(viewer)], transferDto);
}

export function findTransfersByCriteria(q: PagingQuery, c: TransferCriteria) {
  return runList(spec, q, criteriaWhere(transferCriteria, c, Transfer.sequelize!.getDialect()), transferDto);
}

/** POST /transfers/summary: per status, how many and their fees and rollovers (one grouped query). */
export async function transfersSummary(c: TransferCriteria) {
  const rows = (await Transfer.findAll({
    attributes: [
      'status',
      [Sequelize.fn('COUNT', Sequelize.col('id')), 'count'],
      [Sequelize.fn('SUM', Sequelize.col('transfer_fee')), 'fees'],
      [Sequelize.fn('SUM', Sequelize.col('tuition_rollover')), 'rollover'],
    ],
    where: { [Op.and]: criteriaWhere(transferCriteria, c, Transfer.sequelize!.getDialect()) },
    group: ['status'],
    raw: true,
  })) as unknown as Array<{ status: string; count: number | string; fees: string | number | null; rollover: string | number | null }>;
  const statuses = rows.map((r) => ({ status: r.status, count: Number(r.count) })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return {
    total: statuses.reduce((s, x) => s + x.count, 0),
    statuses,
    transferFee: toDollars(rows.reduce((s, r) => s + toCents(r.fees), 0)),
    tuitionRollover: toDollars(rows.reduce((s, r) => s + toCents(r.rollover), 0)),
  };
}

async function loadDto(id: number, transaction?: Transaction): Promise<TransferDto> {
  const row = await Transfer.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Transfer');
  return transferDto(row);
}

/** GET /transfers/{id}: staff, or the student it belongs to (404 otherwise). */
export async function getTransfer(id: number, viewer?: Principal | null) {
  const dto = await loadDto(id);
  if (viewer && viewer.kind !== 'ADMIN' && dto.studentId !== viewer.studentId) throw AppError.notFound('Transfer');
  return dto;
}

interface Target {
  product: Product;
  cohort: Cohort;
  plan: ProductPaymentPlan;
  /** One class per program of the target product: the chosen class for its program, the first for the others. */
  classes: Array<{ cohortId: number; programId: number }>;
}

/** The target product, class and plan of a transfer request (400 when they do not belong together). */
async function targetOf(input: Pick<TransferInput, 'destinationProductId' | 'destinationCohortId' | 'productPaymentPlanId'>, transaction?: Transaction): Promise<Target> {
  const product = await Product.findByPk(input.destinationProductId, { transaction });
  if (!product || product.deleted) throw AppError.badRequest({ destinationProductId: Messages.INVALID_VALUE });
  const items = await ProductItem.findAll({
    where: { productId: product.id },
    include: [{ model: Cohort, as: 'cohort' }],
    order: [['id', 'ASC']],
    transaction,
  });
  const item = input.destinationCohortId ? items.find((i) => i.cohortId === input.destinationCohortId) : items[0];
  if (!item?.cohort) throw AppError.badRequest({ destinationCohortId: Messages.INVALID_VALUE });
  const plans = await ProductPaymentPlan.findAll({ where: { productId: product.id }, order: [['id', 'ASC']], transaction });
  const plan = input.productPaymentPlanId ? plans.find((p) => p.id === input.productPaymentPlanId) : plans[0];
  if (!plan) throw AppError.badRequest({ productPaymentPlanId: Messages.INVALID_VALUE });
  const byProgram = new Map<number, number>([[item.cohort.programId, item.cohortId]]);
  for (const i of items) if (i.cohort && !byProgram.has(i.cohort.programId)) byProgram.set(i.cohort.programId, i.cohortId);
  return { product, cohort: item.cohort, plan, classes: [...byProgram].map(([programId, cohortId]) => ({ programId, cohortId })) };
}

/** The original enrollment's application: a transferred-into application's root is its transfer's root. */
async function rootOf(applicationId: number, transaction?: Transaction): Promise<number> {
  const from = await Transfer.findOne({ where: { newApplicationId: applicationId }, attributes: ['rootApplicationId'], transaction });
  return from?.rootApplicationId ?? applicationId;
}

export interface TransferFigures {
  quote: TransferQuote;
  target: Target;
  rootApplicationId: number;
  oldPlan: StudentPaymentPlan | null;
  /** The new plan's schedule: the target plan's terms, the rollover a credit, the fee a charge. */
  schedule: Schedule;
  scheduleInput: Parameters<typeof runEngine>[0];
  terms: Awaited<ReturnType<typeof quotePlan>>['terms'];
  paidCents: number;
}

/**
 * Every check of a transfer of `application` and its money, from the engine: the one call behind the
 * preview, the offer and the acceptance. `self`: the transfer being accepted (it is the pending one).
 */
export async function quoteFor(
  application: Application,
  input: Pick<TransferInput, 'destinationProductId' | 'destinationCohortId' | 'productPaymentPlanId' | 'transferFee'>,
  transaction?: Transaction,
  self?: Transfer,
): Promise<TransferFigures> {
  if (application.status !== 'ENROLLED') throw conflict('ONLY_ENROLLED_TRANSFER');
  const pending = await Transfer.count({ where: { applicationId: application.id, status: 'PENDING', ...(self ? { id: { [Op.ne]: self.id } } : {}) }, transaction });
  if (pending) throw conflict('PENDING_TRANSFER');
  const target = await targetOf(input, transaction);
  const mine = await ApplicationCohort.findAll({
    where: { applicationId: application.id },
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'businessCategoryId'] }],
    transaction,
  });
  const category = application.businessCategoryId ?? mine[0]?.cohort?.businessCategoryId ?? null;
  if (target.cohort.businessCategoryId !== category || mine.some((c) => c.cohortId === target.cohort.id)) throw conflict('TRANSFER_SAME_CATEGORY');
  const today = schoolToday();
  if (target.cohort.endDate && target.cohort.endDate < today) throw AppError.conflict('TRANSFER_TARGET_ENDED', Messages.TRANSFER_SAME_CATEGORY);
  const active = await Enrollment.count({ where: { studentId: application.studentId, cohortId: target.classes.map((c) => c.cohortId), status: 'ACTIVE' }, transaction });
  if (active) throw conflict('ALREADY_ENROLLED');
  // A seat in each class of the target, as enrolling checks it (409 'Max students reached'; locked inside a transaction).
  await checkClassSeats(
    target.classes.map((c) => c.cohortId),
    transaction,
  );

  const rootApplicationId = await rootOf(application.id, transaction);
  const counted = await Transfer.count({
    where: { rootApplicationId, status: { [Op.in]: ['PENDING', 'ACCEPTED'] }, ...(self ? { id: { [Op.ne]: self.id } } : {}) },
    transaction,
  });
  if (counted >= MAX_TRANSFERS) throw conflict('TRANSFER_LIMIT_REACHED');
  // The one being accepted is already ACCEPTED by its compare-and-set: it does not count itself.
  const previous = await Transfer.count({ where: { rootApplicationId, status: 'ACCEPTED', ...(self ? { id: { [Op.ne]: self.id } } : {}) }, transaction });

  const oldPlan = await refundPlanOf(application.id, transaction).then((p) => (p ? StudentPaymentPlan.findByPk(p.id, { transaction }) : null));
  // Paid toward the enrollment: this plan's principal paid + the rollover an earlier transfer credited to it.
  const paidCents = oldPlan ? paidTowardPlanCents({ principalPaidCents: toCents(oldPlan.principalPaid), rolloverCents: toCents(oldPlan.rollover) }) : 0;
  const refunds = await Refund.findAll({
    where: { applicationId: application.id, status: { [Op.in]: ['REQUESTED', 'APPROVED', 'COMPLETED'] } },
    attributes: ['status', 'amountToBeRefunded', 'amountRefunded'],
    transaction,
  });
  const refundedCents = refunds.reduce(
    (s, r) => s + (r.status === 'COMPLETED' ? toCents(r.amountRefunded) : Math.max(toCents(r.amountToBeRefunded), toCents(r.amountRefunded))),
    0,
  );

  const targetQuote = await quotePlan(
    { productPaymentPlanId: target.plan.id, voucherId: null, voucherDiscount: 0 },
    target.plan.id,
    { firstDueDate: today, voucher: null },
    transaction,
  );
  let quote: TransferQuote;
  try {
    quote = computeTransfer({
      previousTransfers: previous,
      feeCents: input.transferFee ?? 0,
      paidCents,
      refundedCents: Math.min(refundedCents, paidCents),
      newPrincipalCents: targetQuote.schedule.principalCents,
      newDepositCents: targetQuote.schedule.depositCents,
    });
  } catch (err) {
    if (!(err instanceof TransferEngineError)) throw err;
    if (err.code === 'TRANSFER_LIMIT_REACHED') throw conflict('TRANSFER_LIMIT_REACHED');
    throw AppError.badRequest({ [err.field]: Messages.INVALID_VALUE });
  }
  const scheduleInput = {
    ...targetQuote.input,
    adjustments: [...targetQuote.input.adjustments, { type: 'CREDIT' as const, amountCents: quote.rolloverCents }, { type: 'CHARGE' as const, amountCents: quote.feeCents }],
    depositCents: quote.depositCents,
  };
  const schedule: Schedule =
    quote.principalCents > 0 ? runEngine(scheduleInput) : { principalCents: 0, depositCents: 0, financedCents: 0, interestCents: 0, totalCents: 0, entries: [] };
  return { quote, target, rootApplicationId, oldPlan, schedule, scheduleInput, terms: targetQuote.terms, paidCents };
}

/** The preview's answer: the money in dollars and the new plan's schedule. */
export function previewDto(f: TransferFigures, applicationId: number) {
  return {
    applicationId,
    destinationProductId: f.target.product.id,
    destinationCohortId: f.target.cohort.id,
    productPaymentPlanId: f.target.plan.id,
    transferNumber: f.quote.transferNumber,
    paid: toDollars(f.paidCents),
    transferFee: toDollars(f.quote.feeCents),
    tuitionRollover: toDollars(f.quote.rolloverCents),
    excessRefund: toDollars(f.quote.excessCents),
    newPrincipal: toDollars(f.quote.principalCents),
    oldPlanBalance: toDollars(f.oldPlan ? toCents(f.oldPlan.balance) : 0),
    schedule: f.schedule.entries.map((e) => ({
      number: e.number,
      kind: e.kind,
      dueDate: e.dueDate,
      principal: toDollars(e.principalCents),
      interest: toDollars(e.interestCents),
      amount: toDollars(e.amountCents),
      balance: toDollars(e.balanceCents),
    })),
    totalInterest: toDollars(f.schedule.interestCents),
    totalOwed: toDollars(f.schedule.totalCents),
  };
}
export type TransferPreviewDto = ReturnType<typeof previewDto>;

async function applicationFor(applicationId: number, viewer: Principal | null, transaction?: Transaction): Promise<Application> {
  const application = await Application.findByPk(applicationId, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  if (!application || (viewer && viewer.kind !== 'ADMIN' && application.studentId !== viewer.studentId)) throw AppError.notFound('Application');
  return application;
}

/**
 * GET /transfers/destinations?applicationId=: the published products a transfer of the application may
 * go to (the checks of `quoteFor` that depend on the target: same business category, a class that has
 * not ended, not one of its own classes, none the student is already enrolled in), with those classes
 * and the product's plans. The rest of the checks (ENROLLED, pending, limit) are the preview's 409s.
 */
export async function transferDestinations(applicationId: number, viewer: Principal | null) {
  const application = await applicationFor(applicationId, viewer);
  const mine = await ApplicationCohort.findAll({
    where: { applicationId: application.id },
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'businessCategoryId'] }],
  });
  const categoryId = application.businessCategoryId ?? mine[0]?.cohort?.businessCategoryId ?? null;
  const category = categoryId ? await BusinessCategory.findByPk(categoryId, { attributes: ['id', 'name'] }) : null;
  if (!categoryId) return { applicationId: application.id, businessCategory: null, products: [] };
  const enrolled = await Enrollment.findAll({ where: { studentId: application.studentId, status: 'ACTIVE' }, attributes: ['cohortId'] });
  const excluded = [...new Set([...mine.map((c) => c.cohortId), ...enrolled.map((e) => e.cohortId)])];
  const items = await ProductItem.findAll({
    include: [
      {
        model: Cohort,
        as: 'cohort',
        attributes: ['id', 'label', 'startDate', 'endDate'],
        required: true,
        where: {
          businessCategoryId: categoryId,
          [Op.or]: [{ endDate: null }, { endDate: { [Op.gte]: schoolToday() } }],
          ...(excluded.length ? { id: { [Op.notIn]: excluded } } : {}),
        },
      },
      { model: Product, as: 'product', attributes: ['id', 'name'], required: true, where: { deleted: false, published: true } },
    ],
    order: [['id', 'ASC']],
  });
  const products = new Map<number, { id: number; name: string; cohorts: Array<{ id: number; label: string; startDate: string | null; endDate: string | null }> }>();
  for (const item of items) {
    const product = (item as ProductItem & { product?: Product }).product!;
    const cohort = item.cohort!;
    if (!products.has(product.id)) products.set(product.id, { id: product.id, name: product.name, cohorts: [] });
    products.get(product.id)!.cohorts.push({ id: cohort.id, label: cohort.label, startDate: cohort.startDate, endDate: cohort.endDate });
  }
  const plans = products.size
    ? await ProductPaymentPlan.findAll({
        where: { productId: [...products.keys()] },
        include: [{ model: BusinessCategoryPaymentPlan, as: 'paymentPlan', attributes: ['id', 'description'] }],
        order: [['id', 'ASC']],
      })
    : [];
  return {
    applicationId: application.id,
    businessCategory: (category?.name ?? null) as TransferDestinationsAnswer['businessCategory'],
    products: [...products.values()]
      .map((p) => ({
        ...p,
        cohorts: p.cohorts.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? '') || a.id - b.id),
        paymentPlans: plans.filter((plan) => plan.productId === p.id).map((plan) => ({ id: plan.id, name: productPlanName(plan) })),
      }))
      .filter((p) => p.paymentPlans.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  };
}

/** POST /transfers/preview: what a transfer would move, nothing saved. */
export async function previewTransfer(input: TransferInput, viewer: Principal | null) {
  const application = await applicationFor(input.applicationId, viewer);
  return previewDto(await quoteFor(application, input), application.id);
}

/**
 * GET /transfers/{id}/preview: what accepting a PENDING transfer would move now — the acceptance's own
 * call (`quoteFor` with the transfer as `self`, so it does not block itself as the pending one), for
 * the console's drawer and the portal's terms step. 409 INVALID_STATUS once decided.
 */
export async function previewPendingTransfer(id: number, viewer: Principal | null) {
  const row = await Transfer.findByPk(id);
  if (!row || (viewer && viewer.kind !== 'ADMIN' && row.studentId !== viewer.studentId)) throw AppError.notFound('Transfer');
  if (row.status !== 'PENDING') throw conflict('INVALID_STATUS');
  const application = await applicationFor(row.applicationId, null);
  const input = {
    destinationProductId: row.destinationProductId,
    destinationCohortId: row.destinationCohortId,
    productPaymentPlanId: row.destinationProductPaymentPlanId,
    transferFee: toCents(row.transferFee),
  };
  return previewDto(await quoteFor(application, input, undefined, row), application.id);
}

/** POST /transfers: a PENDING transfer (staff offer it; a student asks for one of their own). */
export async function createTransfer(input: TransferInput, actor: Actor, viewer: Principal | null): Promise<TransferDto> {
  const id = await Transfer.sequelize!.transaction(async (transaction) => {
    const application = await applicationFor(input.applicationId, viewer, transaction);
    const f = await quoteFor(application, input, transaction);
    const origin = await ApplicationCohort.findOne({ where: { applicationId: application.id }, order: [['id', 'ASC']], transaction });
    const byStudent = Boolean(viewer && viewer.kind !== 'ADMIN');
    const row = await Transfer.create(
      {
        studentId: application.studentId,
        applicationId: application.id,
        rootApplicationId: f.rootApplicationId,
        originProductId: application.productId,
        originCohortId: origin?.cohortId ?? null,
        destinationProductId: f.target.product.id,
        destinationCohortId: f.target.cohort.id,
        destinationProductPaymentPlanId: f.target.plan.id,
        transferNumber: f.quote.transferNumber,
        requestedBy: byStudent ? 'STUDENT' : 'STAFF',
        status: 'PENDING',
        transferFee: toDollars(f.quote.feeCents),
        tuitionRollover: toDollars(f.quote.rolloverCents),
        excessRefund: toDollars(f.quote.excessCents),
        newPrincipal: toDollars(f.quote.principalCents),
        reason: input.reason ?? null,
        comments: input.comments ?? null,
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'TRANSFER',
        entityId: row.id,
        studentId: application.studentId,
        category: 'ENROLLMENT',
        type: 'CREATED',
        description: description('TRANSFER_CREATED', { product: f.target.product.name, fee: f.quote.feeCents, rollover: f.quote.rolloverCents }),
        changes: { status: { from: null, to: 'PENDING' } },
      },
      transaction,
    );
    // A staff offer is emailed to the student (transfer offered).
    if (!byStudent)
      await raise({ type: 'TransferDecided', transferId: row.id, studentId: application.studentId, applicationId: application.id, status: 'PENDING', actor }, transaction);
    return row.id;
  });
  return loadDto(id);
}

/**
 * PATCH /transfers/{id} {transferFee}: staff set the fee of a PENDING transfer before it is accepted
 * (a student's request comes without one). The money is recomputed by the acceptance's own call
 * (`quoteFor` with the transfer as `self`), so the first transfer stays free whatever is asked and the
 * stored figures are what the preview shows. 404 unknown; 409 INVALID_STATUS once decided, NOT_PERMITTED
 * once the student accepted the terms of a staff offer (they agreed to that fee), and the creation 409s.
 */
export async function setTransferFee(id: number, feeCents: number, actor: Actor): Promise<TransferDto> {
  await Transfer.sequelize!.transaction(async (transaction) => {
    const row = await Transfer.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw AppError.notFound('Transfer');
    if (row.status !== 'PENDING') throw conflict('INVALID_STATUS');
    if (row.termsAcceptedAt) throw conflict('NOT_PERMITTED');
    const application = await applicationFor(row.applicationId, null, transaction);
    const f = await quoteFor(
      application,
      {
        destinationProductId: row.destinationProductId,
        destinationCohortId: row.destinationCohortId,
        productPaymentPlanId: row.destinationProductPaymentPlanId,
        transferFee: feeCents,
      },
      transaction,
      row,
    );
    const from = money(row.transferFee);
    const to = toDollars(f.quote.feeCents);
    if (toCents(from) === f.quote.feeCents) return;
    await row.update(
      {
        transferFee: to,
        tuitionRollover: toDollars(f.quote.rolloverCents),
        excessRefund: toDollars(f.quote.excessCents),
        newPrincipal: toDollars(f.quote.principalCents),
        ...stamp(actor),
      },
      { transaction },
    );
    await recordActivity(
      actor,
      { entityType: 'TRANSFER', entityId: id, studentId: row.studentId, category: 'ENROLLMENT', type: 'UPDATED', changes: { transferFee: { from, to } } },
      transaction,
    );
  });
  return loadDto(id);
}

/** PATCH /transfers/{id}/accept_terms: the student's first step on a staff offer (the terms accepted). */
export async function acceptTransferTerms(id: number, actor: Actor, viewer: Principal | null): Promise<TransferDto> {
  await Transfer.sequelize!.transaction(async (transaction) => {
    const row = await Transfer.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || (viewer && viewer.kind !== 'ADMIN' && row.studentId !== viewer.studentId)) throw AppError.notFound('Transfer');
    if (row.status !== 'PENDING') throw conflict('INVALID_STATUS');
    if (row.requestedBy !== 'STAFF') throw conflict('NOT_PERMITTED');
    if (!row.termsAcceptedAt) await row.update({ termsAcceptedAt: new Date(), ...stamp(actor) }, { transaction });
  });
  return loadDto(id);
}

/** The new ENROLLED application's plan: the target's terms, principal − rollover + fee (the engine's). */
async function issueTransferPlan(application: Application, f: TransferFigures, actor: Actor, transaction: Transaction): Promise<StudentPaymentPlan> {
  const { schedule, scheduleInput: input, terms, quote } = f;
  const lines = tuitionLines(input);
  if (quote.rolloverCents) lines.push({ description: 'Tuition rollover', type: 'CREDIT', category: null, amount: toDollars(quote.rolloverCents) });
  if (quote.feeCents) lines.push({ description: 'Transfer fee', type: 'CHARGE', category: 'FEE', amount: toDollars(quote.feeCents) });
  return storeIssuedPlan(
    {
      applicationId: application.id,
      studentId: application.studentId,
      productPaymentPlanId: f.target.plan.id,
      voucherId: null,
      name: productPlanName(f.target.plan),
      description: f.target.plan.longDescription,
      paymentPlanType: terms.paymentPlanType,
      paymentScheduleType: terms.paymentScheduleType ?? 'FIXED_TERMS',
      totalTerm: terms.totalTerm,
      amortizeTerm: terms.amortizeTerm ?? 0,
      interestRate: input.annualPercentageRate,
      tuitionPrice: toDollars(input.tuitionCents),
      additionalFees: toDollars(input.registrationFeeCents + input.booksAndMaterialsFeeCents + quote.feeCents),
      voucherDiscount: 0,
      rollover: toDollars(quote.rolloverCents),
      accountingLineItems: lines,
      source: 'APPLICATION',
      flowType: application.flowType,
      autoPay: application.autoPay,
      paymentMethodId: application.paymentMethodId ?? null,
    },
    schedule,
    actor,
    transaction,
  );
}

/** What accepting does, inside the status change's transaction (see the file comment). */
async function accept(row: Transfer, actor: Actor, transaction: Transaction): Promise<Partial<Transfer['_creationAttributes']>> {
  const old = (await Application.findByPk(row.applicationId, { transaction, lock: transaction.LOCK.UPDATE }))!;
  const f = await quoteFor(
    old,
    {
      destinationProductId: row.destinationProductId,
      destinationCohortId: row.destinationCohortId,
      productPaymentPlanId: row.destinationProductPaymentPlanId,
      transferFee: toCents(row.transferFee),
    },
    transaction,
    row,
  );
  const now = new Date();
  const created = await Application.create(
    {
      studentId: old.studentId,
      productId: f.target.product.id,
      productPaymentPlanId: f.target.plan.id,
      businessCategoryId: old.businessCategoryId,
      status: 'ENROLLED',
      flowType: f.target.product.flowType,
      source: 'TRANSFER',
      opportunityId: null,
      autoPay: old.autoPay,
      documentName: null,
      documentType: null,
      voucherId: null,
      paymentMethodId: old.paymentMethodId,
      appliedAt: now,
      enrolledAt: now,
      statusChangedAt: now,
      ...stamp(actor),
    },
    { transaction },
  );
  await ApplicationCohort.bulkCreate(
    f.target.classes.map((c) => ({ applicationId: created.id, programId: c.programId, cohortId: c.cohortId })),
    { transaction },
  );
  // ENROLLED like any application (ApplicationStatusChanged): its enrollments (enrollments.events.ts) and
  // its CRM row (applications.events.ts); its plan is the transfer's, issued below (no deposit charged:
  // the rollover pays first).
  await raise(
    {
      type: 'ApplicationStatusChanged',
      applicationId: created.id,
      studentId: created.studentId,
      productId: created.productId,
      from: 'CREATED',
      to: 'ENROLLED',
      voucherId: null,
      opportunityId: null,
      bySystem: false,
      actor,
      at: now.toISOString(),
      transferId: row.id,
    },
    transaction,
  );
  // The old application TRANSFERRED: its enrollments follow, the CRM hears of it (ApplicationStatusChanged).
  await changeStatus(old.id, 'TRANSFERRED', actor, { transaction });
  const newPlan = await issueTransferPlan(created, f, actor, transaction);
  if (f.oldPlan && f.oldPlan.status !== 'CANCELLED') {
    await f.oldPlan.update(
      { status: 'CANCELLED', transferReduction: toDollars(toCents(f.oldPlan.transferReduction) + Math.max(0, toCents(f.oldPlan.balance))), ...stamp(actor) },
      { transaction },
    );
    // Its unpaid entries are never asked for again; the account history says where its balance went.
    await closeUnpaidEntries(f.oldPlan.id, transferReductionLine(newPlan.name), actor, schoolToday(), transaction);
  }
  let refundId: number | null = null;
  if (f.quote.excessCents > 0) {
    const refund = await queueRefund(
      {
        application: old,
        source: 'CUSTOM',
        sourceId: row.id,
        amountCents: f.quote.excessCents,
        taxCents: 0,
        comments: `Transfer ${row.id}: paid beyond the new plan`,
        planId: f.oldPlan?.id ?? null,
      },
      actor,
      transaction,
    );
    refundId = refund.id;
  }
  return {
    newApplicationId: created.id,
    refundId,
    transferFee: toDollars(f.quote.feeCents),
    tuitionRollover: toDollars(f.quote.rolloverCents),
    excessRefund: toDollars(f.quote.excessCents),
    newPrincipal: toDollars(f.quote.principalCents),
  };
}

/**
 * PATCH /transfers/{id}/status?status=ACCEPTED|REJECTED. Who decides: staff a student's request, the
 * student a staff offer (after accepting its terms); staff may reject either, the student decline an
 * offer or take back a request of their own (409 NOT_PERMITTED otherwise). 409 SAME_STATUS for the status it has, INVALID_STATUS for a
 * decided one. One transaction, compare-and-set on the status.
 */
export async function changeTransferStatus(id: number, to: 'ACCEPTED' | 'REJECTED', actor: Actor, viewer: Principal | null): Promise<TransferDto> {
  await Transfer.sequelize!.transaction(async (transaction) => {
    const row = await Transfer.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    const byStudent = Boolean(viewer && viewer.kind !== 'ADMIN');
    if (!row || (byStudent && row.studentId !== viewer!.studentId)) throw AppError.notFound('Transfer');
    const from = row.status;
    if (from === to) throw conflict('SAME_STATUS');
    if (!transferMachine.can(from, to)) throw conflict('INVALID_STATUS');
    // A student accepts only a staff offer; they may decline one, or take back a request of their own (REJECTED).
    if (byStudent && to === 'ACCEPTED' && row.requestedBy !== 'STAFF') throw conflict('NOT_PERMITTED');
    if (!byStudent && to === 'ACCEPTED' && row.requestedBy === 'STAFF') throw conflict('NOT_PERMITTED');
    if (byStudent && to === 'ACCEPTED' && !row.termsAcceptedAt) throw conflict('NOT_PERMITTED');
    const [count] = await Transfer.update({ status: to, decidedAt: new Date(), ...stamp(actor) }, { where: { id, status: from }, transaction });
    if (count !== 1) throw conflict('SAME_STATUS');
    if (to === 'ACCEPTED') await Transfer.update(await accept(row, actor, transaction), { where: { id }, transaction });
    const product = await Product.findByPk(row.destinationProductId, { attributes: ['name'], transaction });
    await recordActivity(
      actor,
      {
        entityType: 'TRANSFER',
        entityId: id,
        studentId: row.studentId,
        category: 'ENROLLMENT',
        type: 'UPDATED',
        description: description('TRANSFER_DECIDED', { product: product?.name ?? '', status: to }),
        changes: { status: { from, to } },
      },
      transaction,
    );
    await raise({ type: 'TransferDecided', transferId: id, studentId: row.studentId, applicationId: row.applicationId, status: to, actor }, transaction);
  });
  return loadDto(id);
}
