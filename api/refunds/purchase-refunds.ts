import { QueryTypes, type Transaction } from 'sequelize';
import { Purchase, type Refund } from '../../models';
import { description } from '../../models/descriptions';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { toCents, toDollars } from '../../domain/money';

/**
 * Refunds of purchases in the refund queue (issue 21; source PURCHASE, sourceId = the purchase): the
 * queue's own steps (approve, submit EXTERNAL / ONLINE / MIXED, reservations), where what can be given
 * back is the purchase's total less what it already gave back and what running submits reserve, the
 * online part goes back against the purchase's own charge, and no plan ledger moves (a purchase is not
 * on the tuition plan): the purchase's refunded amount grows, and it is REFUNDED once all went back.
 */

/** The purchase a PURCHASE refund gives back, its row locked (404 when it is gone). */
export async function purchaseOfRefund(refund: Pick<Refund, 'sourceId'>, transaction: Transaction): Promise<Purchase> {
  const purchase = refund.sourceId ? await Purchase.findByPk(refund.sourceId, { lock: transaction.LOCK.UPDATE, transaction }) : null;
  if (!purchase) throw AppError.notFound('Purchase');
  return purchase;
}

/** Cents the purchase can still give back: total − refunded − PENDING reservations of its refunds. */
export async function purchaseRefundable(purchase: Purchase, transaction: Transaction): Promise<number> {
  const [row] = await Purchase.sequelize!.query<{ total: string | number | null }>(
    `SELECT COALESCE(SUM(rt.amount + rt.tax), 0) AS total FROM refund_transactions rt JOIN refunds r ON r.id = rt.refund_id
     WHERE r.source = 'PURCHASE' AND r.source_id = ? AND rt.status = 'PENDING'`,
    { replacements: [purchase.id], type: QueryTypes.SELECT, transaction },
  );
  return toCents(purchase.total) - toCents(purchase.refundedAmount) - toCents(row?.total ?? 0);
}

/** What a submit gave back of the purchase: its refunded amount grows; REFUNDED once nothing is left; the student's activity entry. */
export async function recordPurchaseRefund(purchase: Purchase, cents: number, refundId: number, actor: Actor, transaction: Transaction): Promise<void> {
  if (cents <= 0) return;
  const refunded = toCents(purchase.refundedAmount) + cents;
  const whole = refunded >= toCents(purchase.total);
  const before = purchase.status;
  await purchase.update({ refundedAmount: toDollars(refunded), status: whole ? 'REFUNDED' : purchase.status, ...stamp(actor) }, { transaction });
  await recordActivity(
    actor,
    {
      entityType: 'PURCHASE',
      entityId: purchase.id,
      studentId: purchase.studentId,
      category: 'BILLING',
      type: 'UPDATED',
      description: description('PURCHASE_REFUNDED', { product: purchase.productName, amount: cents }),
      changes: {
        refundedAmount: { from: toDollars(refunded - cents), to: toDollars(refunded) },
        ...(whole ? { status: { from: before, to: 'REFUNDED' } } : {}),
        refundId: { from: null, to: refundId },
      },
    },
    transaction,
  );
}
