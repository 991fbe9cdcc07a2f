import { Op, Sequelize, UniqueConstraintError, type Includeable, type Transaction, type WhereOptions } from 'sequelize';
import { Dispute, GatewayEvent, Payment, Student } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { reversePayment, toCents, toDollars } from '../billing/ledger';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, likePrefix, runList, type ListSpec, type PagingQuery } from '../common/list';
import { disputeCriteria, disputeSortable, type DisputeCriteria, type DisputeVerifyInput } from './disputes.schemas';
import { description } from '../../models/descriptions';
import { roundDollars } from '../../domain/money';
import { disputeMachine } from '../../domain/state/disputes';

/**
 * Disputed payments (back-office spec §9 /disputes; platform spec §4 "Dispute verification applies
 * only to pending disputes"): a card payment the cardholder disputed with their bank, reported by the
 * gateway (the sandbox's tok_createDispute card, Stripe's `charge.dispute.created` webhook). PENDING
 * until staff verify how it ended: WON keeps the payment; LOST reverses it (the ledger's CHARGEBACK:
 * the payment becomes INVALID, its entries reopen, the plan owes it again).
 */

const money = roundDollars;

const include: Includeable[] = [
  { model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName', 'email'] },
  {
    model: Payment,
    as: 'payment',
    attributes: ['id', 'type', 'channel', 'amount', 'refundedAmount', 'status', 'cardBrand', 'cardLast4', 'paymentDate', 'gatewayChargeId', 'applicationId'],
  },
];

type Loaded = Dispute & { student?: Student | null; payment?: Payment | null };

export function disputeDto(row: Dispute) {
  const r = row as Loaded;
  const s = r.student;
  const p = r.payment;
  return {
    id: r.id,
    paymentId: r.paymentId,
    studentId: r.studentId,
    studentPaymentPlanId: r.studentPaymentPlanId,
    amount: money(r.amount),
    reason: r.reason,
    status: r.status,
    gateway: r.gateway,
    gatewayDisputeId: r.gatewayDisputeId,
    comment: r.comment,
    verifiedAt: r.verifiedAt,
    student: s ? { id: s.id, firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email } : null,
    payment: p
      ? {
          id: p.id,
          applicationId: p.applicationId,
          type: p.type,
          channel: p.channel,
          amount: money(p.amount),
          refundedAmount: money(p.refundedAmount),
          status: p.status,
          cardBrand: p.cardBrand,
          cardLast4: p.cardLast4,
          paymentDate: p.paymentDate,
          gatewayChargeId: p.gatewayChargeId,
        }
      : null,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type DisputeDto = ReturnType<typeof disputeDto>;

const spec: ListSpec<Dispute> = { model: Dispute, sortable: disputeSortable, defaultDescending: true, keywordColumns: [], include };

/** `email`: the student's email starts with it (through the students' email index). */
function emailCondition(email: string | null | undefined): WhereOptions | null {
  const text = (email ?? '').trim();
  if (!text) return null;
  const sequelize = Dispute.sequelize!;
  const like = sequelize.escape(likePrefix(text.toLowerCase(), sequelize.getDialect()));
  return { studentId: { [Op.in]: Sequelize.literal(`(SELECT s.id FROM students s WHERE s.email LIKE ${like})`) } };
}

/** POST /disputes/find_by_criteria: email, statuses (and students). Newest first. */
export function findDisputesByCriteria(q: PagingQuery, c: DisputeCriteria) {
  const { email, ...rest } = c;
  const conditions = criteriaWhere(disputeCriteria, rest, Dispute.sequelize!.getDialect());
  return runList(spec, q, [...conditions, emailCondition(email as string | null | undefined)], disputeDto);
}

async function loadDto(id: number, transaction?: Transaction): Promise<DisputeDto> {
  const row = await Dispute.findByPk(id, { include, transaction });
  if (!row) throw AppError.notFound('Dispute');
  return disputeDto(row);
}

export function getDispute(id: number) {
  return loadDto(id);
}

/**
 * Records a dispute the gateway reported on one of our payments (PENDING), with a DISPUTE event in
 * the card-provider history. Idempotent on (gateway, gateway dispute id): the same report twice (a
 * webhook delivered again, two deliveries at once) answers the first row. `amountCents` defaults to
 * the payment's amount.
 */
export async function openDispute(
  input: { payment: Payment; gateway: string; gatewayDisputeId: string; reason: string | null; amountCents?: number | null },
  transaction?: Transaction,
): Promise<{ dispute: Dispute; created: boolean }> {
  const { payment, gateway, gatewayDisputeId } = input;
  const existing = await Dispute.findOne({ where: { gateway, gatewayDisputeId }, transaction });
  if (existing) return { dispute: existing, created: false };
  const amount = toDollars(input.amountCents ?? toCents(payment.amount));
  const write = async (t: Transaction) => {
    const dispute = await Dispute.create(
      {
        paymentId: payment.id,
        studentId: payment.studentId,
        studentPaymentPlanId: payment.studentPaymentPlanId,
        amount,
        reason: input.reason?.slice(0, 100) ?? null,
        status: 'PENDING',
        gateway,
        gatewayDisputeId,
      },
      { transaction: t },
    );
    await GatewayEvent.create(
      { studentId: payment.studentId, paymentId: payment.id, provider: gateway, kind: 'DISPUTE', amount, status: 'OPENED', reference: gatewayDisputeId, message: input.reason },
      { transaction: t },
    );
    return dispute;
  };
  try {
    const dispute = transaction ? await write(transaction) : await Dispute.sequelize!.transaction(write);
    return { dispute, created: true };
  } catch (err) {
    if (!(err instanceof UniqueConstraintError) || transaction) throw err;
    const first = await Dispute.findOne({ where: { gateway, gatewayDisputeId } });
    if (!first) throw err;
    return { dispute: first, created: false };
  }
}

/**
 * PATCH /disputes/{id}/verify: a PENDING dispute (else 409 DISPUTE_NOT_PENDING) becomes WON or LOST;
 * LOST reverses the payment as a CHARGEBACK in the same transaction. A compare-and-set on the status
 * decides between two concurrent calls.
 */
export async function verifyDispute(id: number, input: DisputeVerifyInput, actor: Actor): Promise<DisputeDto> {
  await Dispute.sequelize!.transaction(async (transaction) => {
    const row = await Dispute.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
    if (!row) throw AppError.notFound('Dispute');
    if (!disputeMachine.can(row.status, input.status)) throw AppError.conflict('DISPUTE_NOT_PENDING', Messages.DISPUTE_NOT_PENDING);
    const [count] = await Dispute.update(
      { status: input.status, comment: input.comment ?? row.comment, verifiedAt: new Date(), ...stamp(actor) },
      { where: { id, status: 'PENDING' }, transaction },
    );
    if (count !== 1) throw AppError.conflict('DISPUTE_NOT_PENDING', Messages.DISPUTE_NOT_PENDING);
    if (input.status === 'LOST') {
      const payment = await Payment.findByPk(row.paymentId, { transaction });
      if (!payment) throw AppError.notFound('Payment');
      await reversePayment(payment, 'CHARGEBACK', schoolToday(), transaction);
    }
    await recordActivity(
      actor,
      {
        entityType: 'DISPUTE',
        entityId: id,
        studentId: row.studentId,
        category: 'BILLING',
        type: 'UPDATED',
        description: description(input.status === 'LOST' ? 'DISPUTE_LOST' : 'DISPUTE_WON', { paymentId: row.paymentId }),
        changes: { status: { from: 'PENDING', to: input.status } },
      },
      transaction,
    );
  });
  return loadDto(id);
}

/** The payment one of these gateway charge ids belongs to (the newest; charge ids are the gateway's own, unique). */
export function paymentOfCharge(chargeIds: string[]): Promise<Payment | null> {
  const ids = chargeIds.filter(Boolean);
  if (!ids.length) return Promise.resolve(null);
  return Payment.findOne({ where: { gatewayChargeId: { [Op.in]: ids } }, order: [['id', 'DESC']] });
}
