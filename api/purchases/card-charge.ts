import type { Transaction } from 'sequelize';
import { PaymentMethod } from '../../models';
import { Messages } from '../../models/messages';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { declineCodeOfReason, declineSentence, GatewayError, type DeclineCode, type PaymentGateway } from '../integrations/gateway';
import { addPaymentMethod } from '../payment-methods/payment-methods.service';

/**
 * What the purchases (extra products, coaches' products) share with the card payments of plans: the
 * card a purchase is charged to, and one charge through the gateway outside any transaction with the
 * purchase's own idempotency key, so a retry of the same purchase never charges twice.
 */

export type Card = Pick<PaymentMethod, 'id' | 'brand' | 'last4' | 'gatewayCustomerId' | 'gatewayMethodId'>;

/** A new card's token is saved on the student first (as POST /students/{id}/payment_methods does), outside the purchase's transaction. */
export async function savedCardOfToken(gateway: PaymentGateway, studentId: number, token: string | null | undefined, actor: Actor): Promise<number | null> {
  if (!token) return null;
  const saved = await addPaymentMethod(gateway, studentId, token, actor);
  return saved.id;
}

/**
 * The card to charge: the one named (the student's, not deleted; else 404 'Payment method'), else the
 * student's newest default card; none → 409 PAYMENT_METHOD_REQUIRED.
 */
export async function cardToCharge(studentId: number, paymentMethodId: number | null | undefined, transaction?: Transaction): Promise<Card> {
  const cards = await PaymentMethod.findAll({
    where: { studentId, deleted: false },
    attributes: ['id', 'brand', 'last4', 'gatewayCustomerId', 'gatewayMethodId', 'isDefault'],
    order: [['id', 'DESC']],
    transaction,
  });
  if (paymentMethodId) {
    const named = cards.find((c) => c.id === paymentMethodId);
    if (!named) throw AppError.notFound('Payment method');
    return named;
  }
  const card = cards.find((c) => c.isDefault);
  if (!card) throw AppError.conflict('PAYMENT_METHOD_REQUIRED', Messages.PAYMENT_METHOD_REQUIRED);
  return card;
}

export type ChargeOutcome = { ok: true; chargeId: string } | { ok: false; reason: string; declineCode: DeclineCode };

/**
 * One charge (no transaction open): the gateway's success, or its refusal (declined or invalid) with
 * the reason. Any other error (network, an outcome not known) is thrown as is: the purchase stays
 * PENDING and the same key finds out later.
 */
export async function chargeCard(
  gateway: PaymentGateway,
  input: { amountCents: number; card: Card; idempotencyKey: string; description: string; metadata: Record<string, string> },
): Promise<ChargeOutcome> {
  try {
    const result = await gateway.charge({
      amountCents: input.amountCents,
      currency: 'usd',
      customerId: input.card.gatewayCustomerId ?? null,
      methodId: input.card.gatewayMethodId,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
      metadata: input.metadata,
    });
    return { ok: true, chargeId: result.chargeId };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    return { ok: false, reason: err.reason.slice(0, 255), declineCode: err.declineCode };
  }
}

/** 409 PAYMENT_FAILURE in our words for a declined charge (the gateway's own text stays on the row for staff). */
export const declined = (reason: string | null, code?: DeclineCode): AppError =>
  AppError.conflict('PAYMENT_FAILURE', Messages.PAYMENT_FAILURE.replace('{0}', declineSentence(code ?? declineCodeOfReason(reason))));
