/**
 * The transfer engine (domain rules "Transfers", issue 18 "The engine"): pure, integer cents,
 * browser-safe. The API's preview and the acceptance both call `computeTransfer`; the new plan's
 * schedule is then the schedule engine's, on the target plan's terms with the rollover as a credit and
 * the fee as a charge.
 *
 * - The first transfer of an enrollment is free; later ones carry the fee staff set, 0–300 dollars.
 * - Tuition rollover: what was paid toward the old plan and not refunded moves to the new one, up to
 *   the new principal + fee; anything paid beyond that is refunded through the refund queue.
 * - What was paid toward a plan counts the rollover an earlier transfer credited to it
 *   (`paidTowardPlanCents`): a second transfer, or a withdrawal after a transfer, counts every dollar the
 *   student paid toward the enrollment, not only what was paid on the current plan.
 */

export const MAX_TRANSFER_FEE_CENTS = 30_000;
/** At most this many transfers per original enrollment ('Transfer limit reached'). */
export const MAX_TRANSFERS = 2;

export interface TransferInput {
  /** Transfers of the original enrollment before this one (accepted or pending). */
  previousTransfers: number;
  /** The fee staff asked for (cents); ignored on the first transfer. */
  feeCents: number;
  /** Principal paid toward the old plan, and what was refunded of it (cents). */
  paidCents: number;
  refundedCents: number;
  /** The target plan's principal (after its voucher), cents. */
  newPrincipalCents: number;
  /** The target plan's deposit (cents). */
  newDepositCents: number;
}

export interface TransferQuote {
  /** 1 for the first transfer. */
  transferNumber: number;
  feeCents: number;
  rolloverCents: number;
  /** Paid beyond what the new plan owes: refunded. */
  excessCents: number;
  /** The new plan's principal: new principal + fee − rollover. */
  principalCents: number;
  /** The new plan's deposit: the target's, no more than the new principal. */
  depositCents: number;
  /** The old plan's balance the transfer takes off (its transfer reduction) is the service's: it reads the old schedule. */
}

export class TransferEngineError extends Error {
  constructor(
    readonly field: string,
    readonly code: 'TRANSFER_LIMIT_REACHED' | 'INVALID_VALUE',
    message: string,
  ) {
    super(message);
    this.name = 'TransferEngineError';
  }
}

/**
 * What the student paid toward an enrollment's plan (cents): the principal paid on the plan itself plus
 * the tuition rollover credited to it by an earlier transfer (money paid on the earlier plan). The
 * figure both the transfer's rollover and the withdrawal's refund start from.
 */
export function paidTowardPlanCents(plan: { principalPaidCents: number; rolloverCents: number }): number {
  return Math.max(0, plan.principalPaidCents) + Math.max(0, plan.rolloverCents);
}

/** The fee a transfer carries: 0 for the first, else the asked fee (0–300 dollars in whole cents). */
export function transferFeeCents(previousTransfers: number, askedCents: number): number {
  if (previousTransfers <= 0) return 0;
  if (!Number.isInteger(askedCents) || askedCents < 0 || askedCents > MAX_TRANSFER_FEE_CENTS) throw new TransferEngineError('transferFee', 'INVALID_VALUE', 'Invalid value');
  return askedCents;
}

/** The money a transfer moves (see the file comment). */
export function computeTransfer(input: TransferInput): TransferQuote {
  if (input.previousTransfers >= MAX_TRANSFERS) throw new TransferEngineError('applicationId', 'TRANSFER_LIMIT_REACHED', 'Transfer limit reached');
  for (const [field, v] of Object.entries({ paid: input.paidCents, refunded: input.refundedCents, newPrincipal: input.newPrincipalCents, newDeposit: input.newDepositCents })) {
    if (!Number.isInteger(v) || v < 0) throw new TransferEngineError(field, 'INVALID_VALUE', 'Invalid value');
  }
  const feeCents = transferFeeCents(input.previousTransfers, input.feeCents);
  const netPaid = Math.max(0, input.paidCents - input.refundedCents);
  const owed = input.newPrincipalCents + feeCents;
  const rolloverCents = Math.min(netPaid, owed);
  const excessCents = netPaid - rolloverCents;
  const principalCents = owed - rolloverCents;
  const depositCents = Math.min(input.newDepositCents, principalCents);
  return { transferNumber: input.previousTransfers + 1, feeCents, rolloverCents, excessCents, principalCents, depositCents };
}
