import { z } from 'zod';
import { GatewayEvent, Payment, PaymentMethod, RefundTransaction, Student } from '../../models';
import { Messages } from '../../models/messages';
import { id } from '../../models/validation';
import { toCents } from '../billing/ledger';
import type { Actor, Principal } from '../common/context';
import { AppError } from '../common/errors';
import type { Page } from '../common/list';
import type { PaymentGateway } from '../integrations/gateway';
import type { Idempotency } from './idempotency';
import { chargePlan, paymentFor, type ChargeType, type PaymentDto } from './payments.service';
import { readsStudentView, studentGatewayEvent } from './student-view';
import { roundDollarsOrNull } from '../../domain/money';

/**
 * The card-provider history of a student (back-office spec §9 "Student card-provider history";
 * platform spec §2 payment-information tab "card-provider history"): every call made to the card
 * gateway about the student (charges, refunds, disputes) as `gateway_events`. Authorize.Net rows are
 * the migrated records of the former gateway (read only); the sandbox's and Stripe's are ours, and a
 * card payment that failed there can be tried again (a new payment with the same amount and type).
 */

const money = roundDollarsOrNull;

export const cardHistoryParams = z.object({ id: id() });
export const cardHistoryRetryParams = z.object({ id: id(), paymentId: id() });

const pageQuery = (size: number) =>
  z
    .object({
      size: z.coerce
        .number()
        .int(Messages.INVALID_VALUE)
        .min(1, Messages.INVALID_VALUE)
        .default(size)
        .transform((n) => Math.min(n, 1000)),
      page: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000).default(0),
    })
    .strict();
/** GET /students/{id}/authorize_net_history: paged, size 10 by default. */
export const authorizeNetHistoryQuery = pageQuery(10);
/** GET /students/{id}/stripe_history: the newest 50 by default. */
export const stripeHistoryQuery = pageQuery(50);
export type HistoryQuery = z.output<typeof authorizeNetHistoryQuery>;

type Loaded = GatewayEvent & { payment?: Payment | null };

export function gatewayEventDto(row: GatewayEvent) {
  const e = row as Loaded;
  const p = e.payment;
  return {
    id: e.id,
    studentId: e.studentId,
    paymentId: e.paymentId,
    refundTransactionId: e.refundTransactionId,
    provider: e.provider,
    kind: e.kind,
    amount: money(e.amount),
    status: e.status,
    reference: e.reference,
    message: e.message,
    createdAt: e.createdAt,
    payment: p
      ? {
          id: p.id,
          type: p.type,
          channel: p.channel,
          status: p.status,
          amount: money(p.amount),
          cardBrand: p.cardBrand,
          cardLast4: p.cardLast4,
          failureMessage: p.failureMessage,
          paymentDate: p.paymentDate,
        }
      : null,
  };
}
export type GatewayEventDto = ReturnType<typeof gatewayEventDto>;

async function findStudent(studentId: number): Promise<void> {
  if (!(await Student.findByPk(studentId, { attributes: ['id'] }))) throw AppError.notFound('Student');
}

/**
 * One page of the student's events of these providers, newest first (index student_id, provider, id).
 * The student reads the institute's references and our sentences, staff the gateway's (payments/student-view.ts).
 */
async function history(studentId: number, providers: string[], q: HistoryQuery, viewer: Principal | null | undefined): Promise<Page<GatewayEventDto>> {
  await findStudent(studentId);
  const where = { studentId, provider: providers };
  const [rows, total] = await Promise.all([
    GatewayEvent.findAll({
      where,
      order: [['id', 'DESC']],
      limit: q.size,
      offset: q.page * q.size,
      include: [{ model: Payment, as: 'payment', attributes: ['id', 'type', 'channel', 'status', 'amount', 'cardBrand', 'cardLast4', 'failureMessage', 'paymentDate'] }],
    }),
    GatewayEvent.count({ where }),
  ]);
  if (!readsStudentView(viewer)) return { content: rows.map(gatewayEventDto), pagination: { total, page: q.page, size: q.size } };
  // A refund's event is quoted by its refund: the page's refund transactions in one query.
  const transactionIds = rows.map((r) => r.refundTransactionId).filter((id): id is number => Boolean(id));
  const refundOf = new Map(
    transactionIds.length ? (await RefundTransaction.findAll({ where: { id: transactionIds }, attributes: ['id', 'refundId'] })).map((r) => [r.id, r.refundId]) : [],
  );
  const content = rows.map((row) => studentGatewayEvent({ ...gatewayEventDto(row), refundId: row.refundTransactionId ? (refundOf.get(row.refundTransactionId) ?? null) : null }));
  return { content, pagination: { total, page: q.page, size: q.size } };
}

/** GET /students/{id}/authorize_net_history: the migrated Authorize.Net records. */
export function authorizeNetHistory(studentId: number, q: HistoryQuery, viewer?: Principal | null) {
  return history(studentId, ['AUTHORIZE_NET'], q, viewer);
}

/** GET /students/{id}/stripe_history: the sandbox's and Stripe's events (the gateway in use). */
export function stripeHistory(studentId: number, q: HistoryQuery, viewer?: Principal | null) {
  return history(studentId, ['SANDBOX', 'STRIPE'], q, viewer);
}

/**
 * POST /students/{id}/stripe_history/{paymentId}: tries an INVALID card payment of the student again
 * (a payment of another student, or not a card payment, is 404; one that is not INVALID is 409
 * STATUS_INVALID) through the payments service's charge pipeline: a new payment of the same type and
 * amount on the same entry, with every payment rule and refusal (a pay-off pays what pay-off is
 * today, which grows with interest), on the same card while the student still has it (else the plan's
 * card or the default). Answers the new payment (201); a decline is 409 PAYMENT_FAILURE.
 */
export async function retryCardPayment(
  gateway: PaymentGateway,
  studentId: number,
  paymentId: number,
  idempotency: Idempotency | undefined,
  actor: Actor,
  viewer?: Principal | null,
): Promise<PaymentDto> {
  const payment = await Payment.findOne({ where: { id: paymentId, studentId, channel: 'CARD' } });
  if (!payment) throw AppError.notFound('Payment');
  if (payment.status !== 'INVALID') throw AppError.conflict('STATUS_INVALID', Messages.STATUS_INVALID);
  const card = payment.paymentMethodId ? await PaymentMethod.findOne({ where: { id: payment.paymentMethodId, studentId, deleted: false }, attributes: ['id'] }) : null;
  const retried = await chargePlan(gateway, {
    studentId,
    planId: payment.studentPaymentPlanId,
    type: payment.type as ChargeType,
    amountCents: payment.type === 'PAY_OFF' ? null : toCents(payment.amount),
    scheduleId: payment.paymentScheduleId,
    paymentMethodId: card?.id ?? null,
    idempotency,
    actor,
  });
  return paymentFor(retried, viewer);
}
