/**
 * The payment rules the UIs check before asking the server, and the server checks again (platform
 * spec §5 "Payments"; domain rules "Payment plans and payments"), defined once (issue 16 §3). The API
 * (api/payments/payments.service.ts `checkPayment`) turns a refusal into its 400/409 answer; the
 * portal's Make a payment screen and the console's payment dialogs show the same sentence before any
 * request. Money in integer cents. Browser-safe.
 */
import { Messages, format } from '../../models/messages';
import { formatCents, hasWholeCents, MAX_AMOUNT, MAX_AMOUNT_CENTS, toAmount } from '../money';
import { isActivePlan } from '../state/plans';

/** A payment must be strictly greater than this (0.50): 400 `{ amount: MIN_PAYMENT_AMOUNT }`. */
export const MIN_PAYMENT_CENTS = 50;
/** The least a pre-pay may leave on a plan besides nothing (no balance strictly between 0 and 0.50). */
export const MIN_LEFTOVER_CENTS = 50;

/**
 * Why a payment is refused: the catalogue code and its English sentence (the UIs translate it by the
 * sentence, as the API's answers are). `field` set: the server answers 400 with that field's error;
 * else 409 with the code.
 */
export interface PaymentRefusal {
  code: string;
  message: string;
  field?: 'amount';
}

const refusal = (code: keyof typeof Messages, field?: 'amount', message: string = Messages[code]): PaymentRefusal => (field ? { code, message, field } : { code, message });

/** Whether a plan takes payments at all (ACTIVE, not blocked, not in bankruptcy); else 409 PAYMENT_DISABLED. */
export const paymentsEnabled = (plan: { status: string; paymentAccountBlocked?: boolean | null; bankruptcy?: boolean | null }): boolean =>
  isActivePlan(plan) && !plan.paymentAccountBlocked && !plan.bankruptcy;

/** Rule 1: every payment is above 0.50. */
export function minimumRefusal(amountCents: number): PaymentRefusal | null {
  return amountCents <= MIN_PAYMENT_CENTS ? refusal('MIN_PAYMENT_AMOUNT', 'amount') : null;
}

/** The largest pre-pay a plan takes: the pay-off less the smallest leftover (never below 0). */
export const maxPrePayCents = (payoffCents: number): number => Math.max(0, payoffCents - MIN_LEFTOVER_CENTS);

/**
 * A pre-pay of `amountCents` on a plan whose pay-off is `payoffCents` and whose due now is
 * `dueNowCents`, in the server's order: above 0.50; below the pay-off (else pay it off); leaving at
 * least 0.50; at least what is due now.
 */
export function prePayRefusal(amountCents: number, plan: { payoffCents: number; dueNowCents: number }): PaymentRefusal | null {
  const min = minimumRefusal(amountCents);
  if (min) return min;
  if (amountCents >= plan.payoffCents) return refusal('PREPAY_AT_OR_ABOVE_PAYOFF');
  const leftover = plan.payoffCents - amountCents;
  if (leftover < MIN_LEFTOVER_CENTS) return refusal('LEFTOVER_BALANCE', undefined, format(Messages.LEFTOVER_BALANCE, formatCents(leftover), formatCents(plan.payoffCents)));
  if (amountCents < plan.dueNowCents) return refusal('AMOUNT_LOWER_THAN_TO_BE_PAID');
  return null;
}

/** An installment (or an auto-pay / enrollment charge) pays exactly what its entry still owes. */
export function installmentRefusal(amountCents: number, dueCents: number): PaymentRefusal | null {
  const min = minimumRefusal(amountCents);
  if (min) return min;
  if (amountCents < dueCents) return refusal('AMOUNT_LOWER_THAN_TO_BE_PAID');
  if (amountCents > dueCents) return refusal('AMOUNT_EXCEEDED');
  return null;
}

/** A pay-off pays exactly the plan's pay-off amount. */
export function payOffRefusal(amountCents: number, payoffCents: number): PaymentRefusal | null {
  const min = minimumRefusal(amountCents);
  if (min) return min;
  if (amountCents < payoffCents) return refusal('AMOUNT_LOWER_THAN_TO_BE_PAID');
  if (amountCents > payoffCents) return refusal('AMOUNT_EXCEEDED');
  return null;
}

/**
 * What is wrong with an amount typed in dollars before it is sent (the request bodies' money rule: a
 * number above zero — or zero with `allowZero` — with at most two decimals and at most
 * 999,999,999.99): 'REQUIRED', 'NOT_POSITIVE', 'NOT_CENTS', 'TOO_LARGE', or null when fine. Each UI
 * words the problem in its own catalogue.
 */
export type AmountProblem = 'REQUIRED' | 'NOT_POSITIVE' | 'NOT_CENTS' | 'TOO_LARGE';
export function amountProblem(value: unknown, { allowZero = false }: { allowZero?: boolean } = {}): AmountProblem | null {
  if (value === null || value === undefined || value === '') return 'REQUIRED';
  const n = toAmount(value);
  if (n === null || n < 0 || (!allowZero && n === 0)) return 'NOT_POSITIVE';
  if (!hasWholeCents(n)) return 'NOT_CENTS';
  if (n > MAX_AMOUNT) return 'TOO_LARGE';
  return null;
}

/** Whether typed cents are within what a request may carry. */
export const withinMaxAmount = (cents: number): boolean => cents <= MAX_AMOUNT_CENTS;
