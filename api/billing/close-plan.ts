import type { Transaction } from 'sequelize';
import { FailedPayment, PaymentSchedule } from '../../models';
import { description, type Description } from '../../models/descriptions';
import { stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { updateRows } from '../common/rows';
import { entryParts, loadPlan, planPosition, refreshPlan, toDollars, writeLedgerLine } from './ledger';

/**
 * Closing what a plan still owes when a withdrawal CONCLUDES it (or replaces it with a WITHDRAWAL
 * plan) or an accepted transfer CANCELS it (issue 18): its unpaid schedule entries are cut down to what
 * they have paid and marked CANCELLED, so no auto-pay, retry, reminder or past-due notice can ever ask
 * for them again (those read unpaid entries of ACTIVE plans; a CANCELLED entry has nothing left to
 * pay either), the plan's open failed payments are RESOLVED (the declined-deposit retries read failed
 * payments, not plans), the plan's balance is recomputed (0), and one ADJUSTMENT line in the account
 * history says where the balance went (withdrawal reduction / transfer reduction), dated that day.
 *
 * The ledger's invariants hold: balance = Σ (amount + tax − paid) of the entries (0), the newest line's
 * balance = the plan's, each entry 0 ≤ paid ≤ amount + tax. The plan's status must already be CONCLUDED
 * or CANCELLED (the ledger keeps those; an ACTIVE plan would turn COMPLETED). Answers the cents cut.
 */
export async function closeUnpaidEntries(planId: number, why: Description, actor: Actor, today: string, transaction: Transaction): Promise<number> {
  const { plan, entries } = await loadPlan(planId, transaction);
  const now = new Date();
  let principal = 0;
  let interest = 0;
  let tax = 0;
  const cut: Array<{ id: number; values: Record<string, unknown> }> = [];
  for (const e of entries) {
    if (e.status === 'PAID' || e.status === 'CANCELLED') continue;
    const p = entryParts(e, today);
    if (p.remaining <= 0) continue;
    // What is left of each part once the unpaid part is cut: exactly what the entry has paid.
    const keepPrincipal = p.principal - p.unpaidPrincipal;
    const keepInterest = p.interest - p.unpaidInterest;
    const keepTax = p.tax - p.unpaidTax;
    principal += p.unpaidPrincipal;
    interest += p.unpaidInterest;
    tax += p.unpaidTax;
    cut.push({
      id: e.id,
      values: {
        principal: toDollars(keepPrincipal),
        interest: toDollars(keepInterest),
        amount: toDollars(keepPrincipal + keepInterest),
        taxAmount: toDollars(keepTax),
        status: 'CANCELLED',
      },
    });
  }
  const total = principal + interest + tax;
  if (cut.length) await updateRows(PaymentSchedule, cut, transaction, now);
  await FailedPayment.update({ status: 'RESOLVED', resolvedAt: now, ...stamp(actor) }, { where: { studentPaymentPlanId: planId, status: 'FAILED' }, transaction });
  if (total === 0) return 0;
  await refreshPlan(planId, today, transaction);
  const after = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: planId }, transaction });
  await writeLedgerLine(
    plan,
    planPosition(after, today),
    { kind: 'ADJUSTMENT', description: why, principal: -principal, interest: -interest, tax: -tax, total: -total },
    transaction,
    undefined,
    now,
  );
  return total;
}

/** The account-history line of a withdrawal's reduction: the reissued rest moved to the WITHDRAWAL plan when there is one. */
export const withdrawalReductionLine = (reissuedCents: number, planName: string | null) =>
  reissuedCents > 0 && planName ? description('WITHDRAWAL_REDUCTION_REISSUED', { amount: reissuedCents, plan: planName }) : description('WITHDRAWAL_REDUCTION');

/** The account-history line of a transfer's reduction (the new plan named). */
export const transferReductionLine = (planName: string) => description('TRANSFER_REDUCTION', { plan: planName });
