import { Op, QueryTypes, type Includeable, type Transaction } from 'sequelize';
import { Application, GatewayEvent, Payment, Product, Refund, RefundTransaction, Student, StudentPaymentPlan } from '../../models';
import { format, Messages } from '../../models/messages';
import { loadApplicationDto } from '../applications/applications.dto';
import { completeVoucherRefund } from '../application-vouchers/application-vouchers.service';
import { recordRefundMovement, toCents, toDollars } from '../billing/ledger';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { raise } from '../common/events';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { GatewayError, type PaymentGateway } from '../integrations/gateway';
import { readsStudentView, refundReference } from '../payments/student-view';
import { queueRefund, refundPlanOf } from './queue';
import { purchaseOfRefund, purchaseRefundable, recordPurchaseRefund } from './purchase-refunds';
import {
  refundCriteria,
  refundSortable,
  type RefundCreateInput,
  type RefundCriteria,
  type RefundExternalInput,
  type RefundListQuery,
  type RefundSubmitInput,
  type RefundUpdateInput,
} from './refunds.schemas';
import { description } from '../../models/descriptions';
import { roundDollars } from '../../domain/money';
import { isRefundEditable, isRefundSubmittable, refundMachine } from '../../domain/state/refunds';

/**
 * The refund queue (back-office spec §3 "Refund", §9 /refund_queues; domain rules "Withdrawals and
 * refunds"). Items come from withdrawals, approved application vouchers, or staff (CUSTOM). They are
 * REQUESTED until staff decide (APPROVED, REJECTED, CANCELLED); an APPROVED one is submitted:
 * recorded as paid back outside the gateway (EXTERNAL), sent back through the gateway against the
 * plan's card payments (ONLINE), or split (MIXED). It is COMPLETED, refundStatus REFUNDED, once all
 * of it went back; a gateway failure leaves it APPROVED with refundStatus FAILED.
 *
 * The rule "never more than paid − already refunded" holds under concurrency: what a submit will give
 * back is reserved first (PENDING refund transactions, written with the refund's and the plan's rows
 * locked, counted by every later check), the gateway is called outside any transaction, and the
 * outcome is recorded after (SUCCEEDED rows move the ledger; FAILED ones release the reservation).
 * Money in integer cents here, dollars in JSON.
 */

const money = roundDollars;
/** A PENDING reservation older than this was left by an interrupted submit: it no longer blocks. */
const STALE_MS = 10 * 60 * 1000;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Application, as: 'application', attributes: ['id', 'status', 'productId'], include: [{ model: Product, as: 'product', attributes: ['id', 'name'] }] },
];

type Loaded = Refund & {
  student?: Student | null;
  application?: (Application & { product?: Product | null }) | null;
  transactions?: RefundTransaction[];
};

export function refundTransactionDto(t: RefundTransaction) {
  return {
    id: t.id,
    refundId: t.refundId,
    paymentId: t.paymentId,
    kind: t.kind,
    amount: money(t.amount),
    tax: money(t.tax),
    total: toDollars(toCents(t.amount) + toCents(t.tax)),
    status: t.status,
    gateway: t.gateway,
    gatewayRefundId: t.gatewayRefundId,
    referenceNumber: t.referenceNumber,
    failureMessage: t.failureMessage,
    createdAt: t.createdAt,
  };
}

export function refundDto(row: Refund) {
  const r = row as Loaded;
  const s = r.student;
  const a = r.application;
  return {
    id: r.id,
    applicationId: r.applicationId,
    studentId: r.studentId,
    studentPaymentPlanId: r.studentPaymentPlanId,
    source: r.source,
    sourceId: r.sourceId,
    status: r.status,
    refundStatus: r.refundStatus,
    refundType: r.refundType,
    amountToBeRefunded: money(r.amountToBeRefunded),
    taxToBeRefunded: money(r.taxToBeRefunded),
    totalToBeRefunded: money(r.totalToBeRefunded),
    amountRefunded: money(r.amountRefunded),
    taxRefunded: money(r.taxRefunded),
    totalRefunded: money(r.totalRefunded),
    referenceNumber: r.referenceNumber,
    comments: r.comments,
    approvedAt: r.approvedAt,
    submittedAt: r.submittedAt,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    application: a ? { id: a.id, status: a.status, product: a.product ? { id: a.product.id, name: a.product.name } : null } : null,
    ...(r.transactions ? { transactions: [...r.transactions].sort((x, y) => x.id - y.id).map(refundTransactionDto) } : {}),
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type RefundDto = ReturnType<typeof refundDto>;

const spec: ListSpec<Refund> = {
  model: Refund,
  sortable: refundSortable,
  defaultDescending: true,
  keywordColumns: [],
  include,
  // The keyword: the student's name or email, or the refund's or application's id.
  studentKeyword: { numbers: ['id', 'applicationId'] },
};

/** GET /refund_queues (newest first; keyword; applicationId). */
export function listRefunds(q: RefundListQuery) {
  const { applicationId, ...paging } = q;
  return runList(spec, paging, [applicationId ? { applicationId } : null], refundDto);
}

/** GET /students/{id}/refunds: one student's refunds (newest first; applicationId), for the student and staff. */
export function listStudentRefunds(studentId: number, q: RefundListQuery, viewer?: Principal | null) {
  const { applicationId, ...paging } = q;
  // The student quotes the institute's reference of the refund (payments/student-view.ts), staff the one recorded.
  const dto = readsStudentView(viewer) ? (r: Refund) => ({ ...refundDto(r), referenceNumber: refundReference(r.id) }) : refundDto;
  return runList(spec, paging, [{ studentId }, applicationId ? { applicationId } : null], dto);
}

/** POST /refund_queues/find_by_criteria. */
export function findRefundsByCriteria(q: PagingQuery, c: RefundCriteria) {
  const conditions = criteriaWhere(refundCriteria, c, Refund.sequelize!.getDialect());
  return runList(spec, q, [...conditions], refundDto);
}

async function loadDto(id: number, transaction?: Transaction): Promise<RefundDto> {
  const row = await Refund.findByPk(id, { include: [...include, { model: RefundTransaction, as: 'transactions' }], transaction });
  if (!row) throw AppError.notFound('Refund');
  return refundDto(row);
}

/** GET /refund_queues/{id}: with its refund transactions (external and gateway), oldest first. */
export function getRefund(id: number) {
  return loadDto(id);
}

/** GET /refund_queues/{id}/application: the refund's application as GET /applications/{id} answers it. */
export async function getRefundApplication(id: number) {
  const refund = await Refund.findByPk(id, { attributes: ['id', 'applicationId'] });
  if (!refund) throw AppError.notFound('Refund');
  return loadApplicationDto(refund.applicationId);
}

/**
 * What the plan can still give back (cents; 0 without a plan): paid toward it − already refunded, where
 * paid counts the tuition rollover an earlier transfer credited to it (money paid on the earlier plan,
 * refundable through this one). Online refunds still go only against this plan's own card payments
 * (`refundableCardPayments`): the rollover part goes back EXTERNAL (or the EXTERNAL part of a MIXED one).
 */
async function refundableOfPlan(planId: number | null, transaction: Transaction): Promise<number> {
  if (!planId) return 0;
  const plan = await StudentPaymentPlan.findByPk(planId, { attributes: ['id', 'totalPaid', 'rollover', 'totalRefunds'], lock: transaction.LOCK.UPDATE, transaction });
  if (!plan) return 0;
  return toCents(plan.totalPaid) + toCents(plan.rollover) - toCents(plan.totalRefunds);
}

/**
 * POST /refund_queues: a CUSTOM refund of an application (400 on a missing application). Refusals in
 * order: another source than CUSTOM → 409 INVALID_SOURCE; a REQUESTED CUSTOM refund on the
 * application → 409 PENDING_REFUNDS; amount + tax above what its plan has paid less what was already
 * refunded → 409 REFUND_AMOUNT_EXCEEDED.
 */
export async function createRefund(input: RefundCreateInput, actor: Actor): Promise<RefundDto> {
  const id = await Refund.sequelize!.transaction(async (transaction) => {
    const application = await Application.findByPk(input.applicationId, { attributes: ['id', 'studentId'], lock: transaction.LOCK.UPDATE, transaction });
    if (!application) throw AppError.badRequest({ applicationId: Messages.INVALID_VALUE });
    if (input.source && input.source !== 'CUSTOM') throw AppError.conflict('INVALID_SOURCE', Messages.INVALID_SOURCE);
    const pending = await Refund.count({ where: { applicationId: application.id, source: 'CUSTOM', status: 'REQUESTED' }, transaction });
    if (pending > 0) throw AppError.conflict('PENDING_REFUNDS', Messages.PENDING_REFUNDS);
    const plan = await refundPlanOf(application.id, transaction);
    const taxCents = input.taxToBeRefunded ?? 0;
    if (input.amountToBeRefunded + taxCents > (await refundableOfPlan(plan?.id ?? null, transaction))) {
      throw AppError.conflict('REFUND_AMOUNT_EXCEEDED', Messages.REFUND_AMOUNT_EXCEEDED);
    }
    const refund = await queueRefund(
      { application, source: 'CUSTOM', sourceId: null, amountCents: input.amountToBeRefunded, taxCents, comments: input.comments ?? null, planId: plan?.id ?? null },
      actor,
      transaction,
    );
    return refund.id;
  });
  return loadDto(id);
}

const snapshot = (r: Refund): Record<string, unknown> => ({
  amountToBeRefunded: money(r.amountToBeRefunded),
  taxToBeRefunded: money(r.taxToBeRefunded),
  totalToBeRefunded: money(r.totalToBeRefunded),
  comments: r.comments,
});

/**
 * PUT /refund_queues/{id}: amounts and comments while REQUESTED (else 409 STATUS_INVALID); the total
 * follows amount + tax; a CUSTOM refund's new total may not exceed paid − refunded (409 REFUND_AMOUNT_EXCEEDED).
 */
export async function updateRefund(id: number, input: RefundUpdateInput, actor: Actor): Promise<RefundDto> {
  await Refund.sequelize!.transaction(async (transaction) => {
    const row = await Refund.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('Refund');
    if (!isRefundEditable(row)) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    const amountCents = input.amountToBeRefunded ?? toCents(row.amountToBeRefunded);
    const taxCents = input.taxToBeRefunded ?? toCents(row.taxToBeRefunded);
    if (row.source === 'CUSTOM' && amountCents + taxCents > (await refundableOfPlan(row.studentPaymentPlanId, transaction))) {
      throw AppError.conflict('REFUND_AMOUNT_EXCEEDED', Messages.REFUND_AMOUNT_EXCEEDED);
    }
    if (row.source === 'PURCHASE' && amountCents + taxCents > (await purchaseRefundable(await purchaseOfRefund(row, transaction), transaction))) {
      throw AppError.conflict('REFUND_AMOUNT_EXCEEDED', Messages.REFUND_AMOUNT_EXCEEDED);
    }
    const before = snapshot(row);
    await row.update(
      {
        amountToBeRefunded: toDollars(amountCents),
        taxToBeRefunded: toDollars(taxCents),
        totalToBeRefunded: toDollars(amountCents + taxCents),
        comments: input.comments === undefined ? row.comments : input.comments,
        ...stamp(actor),
      },
      { transaction },
    );
    const changes = diff(before, snapshot(row));
    if (Object.keys(changes).length) {
      await recordActivity(actor, { entityType: 'REFUND', entityId: id, studentId: row.studentId, category: 'BILLING', type: 'UPDATED', changes }, transaction);
    }
  });
  return loadDto(id);
}

/**
 * PATCH /refund_queues/{id}/status?status=APPROVED|REJECTED|CANCELLED: only from REQUESTED (else 409
 * STATUS_INVALID); a compare-and-set on the status decides between two concurrent calls.
 */
export async function changeRefundStatus(id: number, to: 'APPROVED' | 'REJECTED' | 'CANCELLED', actor: Actor): Promise<RefundDto> {
  await Refund.sequelize!.transaction(async (transaction) => {
    const row = await Refund.findByPk(id, { attributes: ['id', 'status', 'studentId'], transaction });
    if (!row) throw AppError.notFound('Refund');
    if (!refundMachine.can(row.status, to)) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    const [count] = await Refund.update(
      { status: to, ...(to === 'APPROVED' ? { approvedAt: new Date() } : {}), ...stamp(actor) },
      { where: { id, status: 'REQUESTED' }, transaction },
    );
    if (count !== 1) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    await recordActivity(
      actor,
      {
        entityType: 'REFUND',
        entityId: id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description('REFUND_STATUS', { status: to }),
        changes: { status: { from: 'REQUESTED', to } },
      },
      transaction,
    );
  });
  return loadDto(id);
}

// ---------------------------------------------------------------------------------------------
// Giving the money back

/** One part of a submit: a gateway refund against one card payment, or the external part. */
interface Part {
  transactionId: number;
  kind: 'ONLINE' | 'EXTERNAL';
  amountCents: number;
  taxCents: number;
  /** The card payment the online part goes back against (`id` null: a purchase's own charge). */
  payment: { id: number | null; gatewayChargeId: string | null; cardLast4: string | null } | null;
}

/** What the submit asks: the external and the online cents (0 = none), and what the external part carries. */
interface Ask {
  refundType: 'EXTERNAL' | 'ONLINE' | 'MIXED';
  externalCents: number;
  onlineCents: number;
  referenceNumber: string | null;
  comment: string | null;
}

/**
 * The tax carried by each part: tax left × (parts so far ÷ what is left), rounded cumulatively, so a
 * submit of everything that is left carries exactly the tax left, and each part at most its amount.
 */
export function splitTax(parts: number[], remainingCents: number, taxRemainingCents: number): number[] {
  let before = 0;
  let sum = 0;
  return parts.map((cents) => {
    sum += cents;
    const upTo = remainingCents > 0 ? Math.round((taxRemainingCents * sum) / remainingCents) : 0;
    const tax = Math.min(cents, Math.max(0, upTo - before));
    before += tax;
    return tax;
  });
}

/** Σ (amount + tax) of PENDING reservations of refunds of the plan (what running submits hold). */
async function reservedOfPlan(planId: number, transaction: Transaction): Promise<number> {
  const [row] = await Refund.sequelize!.query<{ total: string | number | null }>(
    `SELECT COALESCE(SUM(rt.amount + rt.tax), 0) AS total FROM refund_transactions rt JOIN refunds r ON r.id = rt.refund_id
     WHERE r.student_payment_plan_id = ? AND rt.status = 'PENDING'`,
    { replacements: [planId], type: QueryTypes.SELECT, transaction },
  );
  return toCents(row?.total ?? 0);
}

/**
 * The plan's ACCEPTED card payments of this gateway, newest first, with what each can still give back:
 * its amount less its SUCCEEDED and PENDING online refund transactions (amount + tax).
 */
async function refundableCardPayments(planId: number, gatewayName: string, transaction: Transaction) {
  const payments = await Payment.findAll({
    where: { studentPaymentPlanId: planId, status: 'ACCEPTED', channel: 'CARD', gateway: gatewayName, gatewayChargeId: { [Op.ne]: null } },
    attributes: ['id', 'amount', 'gatewayChargeId', 'cardLast4'],
    order: [['id', 'DESC']],
    transaction,
  });
  if (!payments.length) return [];
  const used = await Refund.sequelize!.query<{ paymentId: number; total: string | number }>(
    `SELECT payment_id AS "paymentId", SUM(amount + tax) AS total FROM refund_transactions
     WHERE kind = 'ONLINE' AND status IN ('SUCCEEDED', 'PENDING') AND payment_id IN (${payments.map((p) => Number(p.id)).join(',')}) GROUP BY payment_id`,
    { type: QueryTypes.SELECT, transaction },
  );
  const usedBy = new Map(used.map((u) => [Number(u.paymentId), toCents(u.total)]));
  return payments.map((p) => ({ payment: p, leftCents: toCents(p.amount) - (usedBy.get(p.id) ?? 0) })).filter((p) => p.leftCents > 0);
}

/**
 * Step 1 (one transaction, the refund's and the plan's rows locked): the checks, then the parts are
 * reserved as PENDING refund transactions. Refusals: not APPROVED → STATUS_INVALID; another submit of
 * it running → PAYMENT_IN_PROGRESS; nothing left → ALREADY_PROCESSED; more than is left of the refund,
 * than the plan's paid − refunded − reserved, or (online) than its card payments have left →
 * REFUND_AMOUNT_EXCEEDED.
 */
async function reserve(refundId: number, ask: Ask, gateway: PaymentGateway): Promise<Part[]> {
  return Refund.sequelize!.transaction(async (transaction) => {
    const refund = await Refund.findByPk(refundId, { lock: transaction.LOCK.UPDATE, transaction });
    if (!refund) throw AppError.notFound('Refund');
    if (!isRefundSubmittable(refund)) throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
    // The plan's row is locked before anything else is read: on MariaDB (REPEATABLE READ) the
    // transaction's snapshot is taken at its first plain read, which must come after every earlier
    // submit of the plan has committed its reservations.
    const planId = refund.studentPaymentPlanId;
    // A purchase's refund gives back from the purchase (its row locked first), never from a plan.
    const purchase = refund.source === 'PURCHASE' ? await purchaseOfRefund(refund, transaction) : null;
    const paidLessRefunded = purchase ? 0 : await refundableOfPlan(planId, transaction);
    const pending = await RefundTransaction.findAll({ where: { refundId, status: 'PENDING' }, attributes: ['id', 'createdAt'], transaction });
    const stale = pending.filter((p) => Date.now() - new Date(p.createdAt).getTime() > STALE_MS);
    if (pending.length > stale.length) throw AppError.conflict('PAYMENT_IN_PROGRESS', Messages.PAYMENT_IN_PROGRESS);
    if (stale.length) {
      await RefundTransaction.update({ status: 'FAILED', failureMessage: 'Interrupted' }, { where: { id: stale.map((p) => p.id) }, transaction });
    }
    const remaining = toCents(refund.totalToBeRefunded) - toCents(refund.totalRefunded);
    const taxRemaining = Math.max(0, toCents(refund.taxToBeRefunded) - toCents(refund.taxRefunded));
    if (remaining <= 0) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
    const externalCents = ask.refundType === 'ONLINE' ? 0 : ask.refundType === 'EXTERNAL' ? ask.externalCents || remaining : ask.externalCents;
    const onlineCents = ask.refundType === 'EXTERNAL' ? 0 : ask.refundType === 'ONLINE' ? ask.onlineCents || remaining : ask.onlineCents;
    const exceeded = () => AppError.conflict('REFUND_AMOUNT_EXCEEDED', Messages.REFUND_AMOUNT_EXCEEDED);
    if (externalCents + onlineCents > remaining) throw exceeded();
    if (!planId && !purchase) throw exceeded();
    const refundable = purchase ? await purchaseRefundable(purchase, transaction) : paidLessRefunded - (await reservedOfPlan(planId!, transaction));
    if (externalCents + onlineCents > refundable) throw exceeded();

    const online: Array<{ payment: Part['payment'] & object; cents: number }> = [];
    if (onlineCents > 0 && purchase) {
      // The purchase's own charge, through the gateway that made it.
      if (!purchase.gatewayChargeId || purchase.gateway !== gateway.name) throw exceeded();
      online.push({ payment: { id: null, gatewayChargeId: purchase.gatewayChargeId, cardLast4: purchase.cardLast4 }, cents: onlineCents });
    } else if (onlineCents > 0) {
      let left = onlineCents;
      for (const { payment, leftCents } of await refundableCardPayments(planId!, gateway.name, transaction)) {
        if (left === 0) break;
        const cents = Math.min(left, leftCents);
        online.push({ payment, cents });
        left -= cents;
      }
      if (left > 0) throw exceeded();
    }
    const amounts = [...online.map((o) => o.cents), ...(externalCents > 0 ? [externalCents] : [])];
    const taxes = splitTax(amounts, remaining, taxRemaining);
    const parts: Part[] = [];
    for (const [i, cents] of amounts.entries()) {
      const o = online[i];
      const row = await RefundTransaction.create(
        {
          refundId,
          paymentId: o ? o.payment.id : null,
          kind: o ? 'ONLINE' : 'EXTERNAL',
          amount: toDollars(cents - taxes[i]),
          tax: toDollars(taxes[i]),
          status: 'PENDING',
          gateway: o ? gateway.name : null,
          referenceNumber: o ? null : ask.referenceNumber,
        },
        { transaction },
      );
      parts.push({
        transactionId: row.id,
        kind: o ? 'ONLINE' : 'EXTERNAL',
        amountCents: cents - taxes[i],
        taxCents: taxes[i],
        payment: o ? { id: o.payment.id, gatewayChargeId: o.payment.gatewayChargeId ?? null, cardLast4: o.payment.cardLast4 ?? null } : null,
      });
    }
    return parts;
  });
}

interface Outcome {
  part: Part;
  ok: boolean;
  gatewayRefundId: string | null;
  message: string | null;
}

/** Step 2 (no transaction): the gateway refunds, one card payment after the other; the first failure stops the rest. */
async function callGateway(refundId: number, parts: Part[], gateway: PaymentGateway): Promise<{ outcomes: Outcome[]; failure: string | null }> {
  const outcomes: Outcome[] = [];
  for (const part of parts.filter((p) => p.kind === 'ONLINE')) {
    try {
      const result = await gateway.refund({
        chargeId: part.payment!.gatewayChargeId!,
        amountCents: part.amountCents + part.taxCents,
        idempotencyKey: `refund-${refundId}-${part.payment!.id ?? 'purchase'}`,
      });
      if (result.status === 'succeeded' || result.status === 'pending') {
        outcomes.push({ part, ok: true, gatewayRefundId: result.refundId, message: null });
        continue;
      }
      outcomes.push({
        part,
        ok: false,
        gatewayRefundId: result.refundId,
        message: `The refund ${result.status === 'requires_action' ? 'requires action' : 'was ' + result.status}`,
      });
    } catch (err) {
      outcomes.push({ part, ok: false, gatewayRefundId: null, message: err instanceof GatewayError ? err.reason : 'The payment gateway did not answer' });
    }
    return { outcomes, failure: outcomes[outcomes.length - 1].message };
  }
  return { outcomes, failure: null };
}

/**
 * Step 3 (one transaction): each gateway success becomes a SUCCEEDED online transaction, a REFUND
 * ledger movement and a GatewayEvent; a failure a FAILED transaction and event; parts not tried (and
 * the external part when the online part failed) are dropped. The refund's refunded totals grow;
 * everything given back → COMPLETED / REFUNDED (a VOUCHER refund also completes its application
 * voucher); a failure → refundStatus FAILED, still APPROVED.
 */
async function record(refundId: number, ask: Ask, parts: Part[], outcomes: Outcome[], failure: string | null, gateway: PaymentGateway, actor: Actor): Promise<void> {
  await Refund.sequelize!.transaction(async (transaction) => {
    const refund = await Refund.findByPk(refundId, { lock: transaction.LOCK.UPDATE, transaction });
    if (!refund) throw AppError.notFound('Refund');
    const planId = refund.studentPaymentPlanId!;
    const purchase = refund.source === 'PURCHASE' ? await purchaseOfRefund(refund, transaction) : null;
    if (!purchase) await StudentPaymentPlan.findByPk(planId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
    const byTransaction = new Map(outcomes.map((o) => [o.part.transactionId, o]));
    let amountCents = 0;
    let taxCents = 0;
    const drop: number[] = [];
    for (const part of parts) {
      const outcome = byTransaction.get(part.transactionId);
      if (part.kind === 'ONLINE' && !outcome) {
        drop.push(part.transactionId);
        continue;
      }
      if (part.kind === 'EXTERNAL' && failure) {
        drop.push(part.transactionId);
        continue;
      }
      const ok = part.kind === 'EXTERNAL' || outcome!.ok;
      await RefundTransaction.update(
        { status: ok ? 'SUCCEEDED' : 'FAILED', gatewayRefundId: outcome?.gatewayRefundId ?? null, failureMessage: ok ? null : outcome!.message },
        { where: { id: part.transactionId }, transaction },
      );
      if (part.kind === 'ONLINE') {
        await GatewayEvent.create(
          {
            studentId: refund.studentId,
            paymentId: part.payment!.id,
            refundTransactionId: part.transactionId,
            provider: gateway.name,
            kind: 'REFUND',
            amount: toDollars(part.amountCents + part.taxCents),
            status: ok ? 'SUCCEEDED' : 'FAILED',
            reference: outcome!.gatewayRefundId,
            message: ok ? null : outcome!.message,
          },
          { transaction },
        );
      }
      if (!ok) continue;
      if (purchase) {
        amountCents += part.amountCents;
        taxCents += part.taxCents;
        continue;
      }
      await recordRefundMovement(
        {
          planId,
          paymentId: part.payment?.id ?? null,
          refundId,
          amountCents: part.amountCents,
          taxCents: part.taxCents,
          description:
            part.kind === 'ONLINE'
              ? part.payment!.cardLast4
                ? description('REFUND_TO_CARD_ENDING', { last4: part.payment!.cardLast4 })
                : description('REFUND_TO_CARD')
              : description('REFUND_EXTERNAL'),
          referenceNumber: part.kind === 'ONLINE' ? outcome!.gatewayRefundId : ask.referenceNumber,
          comment: ask.comment ?? refund.comments ?? null,
        },
        transaction,
      );
      amountCents += part.amountCents;
      taxCents += part.taxCents;
    }
    if (drop.length) await RefundTransaction.destroy({ where: { id: drop }, transaction });

    const amountRefunded = toCents(refund.amountRefunded) + amountCents;
    const taxRefunded = toCents(refund.taxRefunded) + taxCents;
    const totalRefunded = amountRefunded + taxRefunded;
    const done = !failure && totalRefunded >= toCents(refund.totalToBeRefunded);
    const before = refund.status;
    await refund.update(
      {
        amountRefunded: toDollars(amountRefunded),
        taxRefunded: toDollars(taxRefunded),
        totalRefunded: toDollars(totalRefunded),
        refundType: ask.refundType,
        submittedAt: new Date(),
        referenceNumber: ask.referenceNumber ?? refund.referenceNumber,
        status: done ? 'COMPLETED' : refund.status,
        refundStatus: failure ? 'FAILED' : done ? 'REFUNDED' : refund.refundStatus === 'FAILED' ? 'PENDING' : refund.refundStatus,
        ...stamp(actor),
      },
      { transaction },
    );
    if (purchase) await recordPurchaseRefund(purchase, amountCents + taxCents, refundId, actor, transaction);
    if (amountCents + taxCents > 0 && !purchase) {
      await Application.increment('refunded', { by: toDollars(amountCents + taxCents), where: { id: refund.applicationId }, transaction });
    }
    if (done && refund.source === 'VOUCHER' && refund.sourceId) {
      await completeVoucherRefund(refund.sourceId, { amountCents: amountRefunded, taxCents: taxRefunded }, actor, transaction);
    }
    // RefundCompleted (the refund-issued email reacts to it), once: when this submission completes it.
    if (done && before !== 'COMPLETED') {
      await raise({ type: 'RefundCompleted', refundId, studentId: refund.studentId, applicationId: refund.applicationId, actor }, transaction);
    }
    await recordActivity(
      actor,
      {
        entityType: 'REFUND',
        entityId: refundId,
        studentId: refund.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: failure
          ? description('REFUND_FAILED', { refundType: ask.refundType, reason: failure })
          : description(done ? 'REFUND_GIVEN_BACK_COMPLETED' : 'REFUND_GIVEN_BACK', { refundType: ask.refundType, amount: amountCents + taxCents }),
        changes: {
          totalRefunded: { from: toDollars(totalRefunded - amountCents - taxCents), to: toDollars(totalRefunded) },
          ...(done ? { status: { from: before, to: 'COMPLETED' } } : {}),
        },
      },
      transaction,
    );
  });
}

/** Reserve, call the gateway, record; a gateway failure answers 409 PAYMENT_FAILURE after the outcome is stored. */
async function giveBack(refundId: number, ask: Ask, gateway: PaymentGateway, actor: Actor): Promise<RefundDto> {
  const parts = await reserve(refundId, ask, gateway);
  const { outcomes, failure } = await callGateway(refundId, parts, gateway);
  await record(refundId, ask, parts, outcomes, failure, gateway, actor);
  if (failure) throw AppError.conflict('PAYMENT_FAILURE', format(Messages.PAYMENT_FAILURE, failure));
  return loadDto(refundId);
}

/** POST /refund_queues/{id}/submit: EXTERNAL, ONLINE or MIXED (see `reserve` for the refusals). */
export function submitRefund(id: number, input: RefundSubmitInput, gateway: PaymentGateway, actor: Actor): Promise<RefundDto> {
  return giveBack(
    id,
    {
      refundType: input.refundType,
      externalCents: input.externalAmount ?? 0,
      onlineCents: input.onlineAmount ?? 0,
      referenceNumber: input.referenceNumber ?? null,
      comment: input.comment ?? null,
    },
    gateway,
    actor,
  );
}

/** POST /refund_queues/{id}/external: records `amount` (default: all that is left) as given back outside the gateway. */
export function refundExternally(id: number, input: RefundExternalInput, gateway: PaymentGateway, actor: Actor): Promise<RefundDto> {
  return giveBack(
    id,
    { refundType: 'EXTERNAL', externalCents: input.amount ?? 0, onlineCents: 0, referenceNumber: input.referenceNumber ?? null, comment: input.comment ?? null },
    gateway,
    actor,
  );
}

/** POST /refund_queues/{id}/online: sends all that is left back through the gateway. */
export function refundOnline(id: number, gateway: PaymentGateway, actor: Actor): Promise<RefundDto> {
  return giveBack(id, { refundType: 'ONLINE', externalCents: 0, onlineCents: 0, referenceNumber: null, comment: null }, gateway, actor);
}
