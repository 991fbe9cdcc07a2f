import { createHash, randomBytes } from 'node:crypto';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import type { AttachedCard, ChargeInput, ChargeResult, GatewayCustomer, PaymentGateway, RefundInput, RefundResult } from './gateway';
import { GatewayError, type DeclineCode } from './gateway-errors';
import { centsText } from '../../domain/money';

/**
 * The local sandbox gateway (the default; Stripe is chosen by configuration): no network, and no
 * state but the idempotency keys of its charges and refunds.
 *
 * Tokens carry the card's public facts in their own text, `tok_sandbox_{brand}_{last4}_{mm}{yy}_{fp}`
 * (`fp` = 16 hex characters of a hash of the card number), so any process can attach a token made
 * by another and nothing is kept between calls. They are made by `createToken` (behind
 * `POST /api/payment_gateway/sandbox/tokens`), which checks the number (Luhn), the expiry and the
 * security code and refuses the test numbers that decline. The gateway's documented fixed test
 * tokens are accepted too (`tok_visa`, `tok_mastercard`, `tok_amex`, and `tok_chargeDeclined`,
 * `tok_chargeDeclinedInsufficientFunds`, which attach and decline only when charged).
 * An attached card's method id is the token with `pm_` in place of `tok_`.
 *
 * Charges decode the method id again: the cards of `tok_chargeDeclined` and
 * `tok_chargeDeclinedInsufficientFunds` (and any other declining test number's) decline with the
 * number's reason, an expired card declines. The card of `tok_createDispute` (4000000000000259) is
 * charged, and the result carries a dispute (reason 'fraudulent') as if the cardholder had disputed it. A charge id carries its amount
 * (`ch_sandbox_{cents}_{random}`), so a refund of another process's charge is still checked against it.
 */

/** The test numbers that approve (the gateway's documented ones). */
export const SANDBOX_TEST_NUMBERS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
} as const;

/** Test numbers refused when tokenised, and their cards when charged, with the gateway's reason (409 'Payment failure {reason}'). */
export const SANDBOX_DECLINED_NUMBERS: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined',
  '4000000000009995': 'Your card has insufficient funds',
  '4000000000009987': 'Your card was declined',
  '4000000000000069': 'Your card has expired',
  '4000000000000127': "Your card's security code is incorrect",
};

/** The decline code of each sandbox reason (what Stripe's test cards answer as `decline_code`). */
const SANDBOX_DECLINE_CODES: Readonly<Record<string, DeclineCode>> = {
  'Your card has insufficient funds': 'INSUFFICIENT_FUNDS',
  'Your card has expired': 'EXPIRED_CARD',
  "Your card's security code is incorrect": 'INCORRECT_CVC',
};
const decline = (reason: string) => new GatewayError('declined', reason, undefined, SANDBOX_DECLINE_CODES[reason] ?? 'CARD_DECLINED');

/** The test number whose charges are approved and then disputed by the cardholder (the gateway's documented one). */
export const SANDBOX_DISPUTE_NUMBER = '4000000000000259';

/** The fixed test tokens and the numbers they stand for (those of tok_chargeDeclined* decline when charged; tok_createDispute's charges are disputed). */
const FIXED_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: SANDBOX_TEST_NUMBERS.visa,
  tok_mastercard: SANDBOX_TEST_NUMBERS.mastercard,
  tok_amex: SANDBOX_TEST_NUMBERS.amex,
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_createDispute: SANDBOX_DISPUTE_NUMBER,
};

export const SANDBOX_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type SandboxBrand = (typeof SANDBOX_BRANDS)[number];

const TOKEN_PATTERN = new RegExp(`^tok_sandbox_(${SANDBOX_BRANDS.join('|')})_(\\d{4})_(0[1-9]|1[0-2])(\\d{2})_([0-9a-f]{16})$`);
const METHOD_PATTERN = new RegExp(TOKEN_PATTERN.source.replace('^tok_', '^pm_'));
const CHARGE_PATTERN = /^ch_sandbox_(\d{1,9})_[0-9a-f]{16}$/;

/** The gateway's bounds of a usd amount in cents (Stripe's: $0.50 to $999,999.99). */
const MIN_CHARGE_CENTS = 50;
const MAX_CHARGE_CENTS = 99_999_999;
/** How many idempotency keys (and refunded charges) one sandbox remembers before forgetting the oldest. */
const REMEMBERED = 10_000;

/** The card number's fingerprint: the same for every token of one number, whatever its expiry. */
export function sandboxFingerprint(number: string): string {
  return createHash('sha256').update(`sandbox-card:${number}`).digest('hex').slice(0, 16);
}

/** The fingerprints of the declining test numbers, with the reason a charge of their card declines with. */
const DECLINED_FINGERPRINTS: ReadonlyMap<string, string> = new Map(Object.entries(SANDBOX_DECLINED_NUMBERS).map(([number, reason]) => [sandboxFingerprint(number), reason]));
/** The fingerprint of the disputed test number. */
const DISPUTE_FINGERPRINT = sandboxFingerprint(SANDBOX_DISPUTE_NUMBER);

/** The gateway's own way of writing an amount (`$1234.50`, no grouping), as its messages carry it. */
const dollars = (cents: number) => `$${centsText(cents)}`;
const randomHex = () => randomBytes(8).toString('hex');

/** A Map that forgets its oldest entries beyond `limit`. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}

/** What one idempotency key was first used for, and what it answered (a result or a decline). */
interface Remembered {
  request: string;
  outcome: { result: ChargeResult | RefundResult } | { error: GatewayError };
}

/** Luhn check digit test over a string of digits. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its leading digits (what the number's issuer ranges say). */
export function brandOf(number: string): SandboxBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^3[47]/.test(number)) return 'amex';
  const six = Number(number.slice(0, 6));
  if (/^5[1-5]/.test(number) || (six >= 222100 && six <= 272099)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(number) || (six >= 622126 && six <= 622925)) return 'discover';
  return 'unknown';
}

/** The card as the form sends it: number with spaces or dashes, month 1–12, year as YY or YYYY, CVC. */
export interface SandboxCardInput {
  number: string;
  expMonth: number | string;
  expYear: number | string;
  cvc: string;
}

export interface SandboxToken {
  id: string;
  brand: SandboxBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const wholeNumber = (v: number | string): number | null => {
  const text = typeof v === 'number' ? String(v) : String(v ?? '').trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
};

/** Whether month/year has ended before the month of `today` (YYYY-MM-DD). */
function expired(month: number, year: number, today: string): boolean {
  const [y, m] = today.split('-').map(Number);
  return year < y || (year === y && month < m);
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'SANDBOX' as const;
  readonly publishableKey = null;

  /**
   * The idempotency keys of this instance's charges and refunds (the last REMEMBERED of them), and
   * what each refunded charge has given back. Memory only, as a stand-in for the gateway's own
   * records: billing's payments table is the durable record of what was charged, and billing sends
   * a payment's same key when it asks again.
   */
  private readonly idempotency = new BoundedMap<string, Remembered>(REMEMBERED);
  private readonly refunded = new BoundedMap<string, number>(REMEMBERED);

  /** `today` (YYYY-MM-DD, the school's day by default) decides what has expired. */
  constructor(private readonly today: () => string = schoolToday) {}

  /**
   * Makes a token for a card: field errors (number not 12–19 digits or failing Luhn, month, year,
   * expired, CVC of the wrong length) are `invalid` with `errors`; a declining test number is
   * `declined` with its reason.
   */
  createToken(input: SandboxCardInput): SandboxToken {
    const errors: Record<string, string> = {};
    const number = String(input.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.number = Messages.INVALID_CARD_NUMBER;
    const month = wholeNumber(input.expMonth);
    if (month === null || month < 1 || month > 12) errors.expMonth = Messages.INVALID_VALUE;
    const yearInput = wholeNumber(input.expYear);
    const year = yearInput === null ? null : yearInput < 100 ? 2000 + yearInput : yearInput;
    const thisYear = Number(this.today().slice(0, 4));
    if (year === null || year < 2000 || year > thisYear + 50) errors.expYear = Messages.INVALID_VALUE;
    else if (!errors.expMonth && expired(month!, year, this.today())) {
      if (year < thisYear) errors.expYear = Messages.CARD_EXPIRED;
      else errors.expMonth = Messages.CARD_EXPIRED;
    }
    const brand = brandOf(number);
    const cvc = String(input.cvc ?? '').trim();
    if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) errors.cvc = Messages.INVALID_CVC;
    if (Object.keys(errors).length) throw new GatewayError('invalid', 'Invalid card', errors);
    const declined = SANDBOX_DECLINED_NUMBERS[number];
    if (declined) throw decline(declined);
    const last4 = number.slice(-4);
    return { id: `tok_sandbox_${brand}_${last4}_${pad2(month!)}${pad2(year! % 100)}_${sandboxFingerprint(number)}`, brand, last4, expMonth: month!, expYear: year! };
  }

  /** The card a token stands for, or null when the text is not a sandbox token. */
  decodeToken(token: string): Omit<AttachedCard, 'methodId' | 'customerId'> | null {
    const fixed = FIXED_TOKENS[token];
    if (fixed) {
      // The fixed tokens never expire: three years ahead, in December.
      return { brand: brandOf(fixed), last4: fixed.slice(-4), expMonth: 12, expYear: Number(this.today().slice(0, 4)) + 3, fingerprint: sandboxFingerprint(fixed) };
    }
    const m = TOKEN_PATTERN.exec(token);
    if (!m) return null;
    return { brand: m[1], last4: m[2], expMonth: Number(m[3]), expYear: 2000 + Number(m[4]), fingerprint: m[5] };
  }

  async attachCard(token: string, customer: GatewayCustomer): Promise<AttachedCard> {
    const card = this.decodeToken(token.trim());
    if (!card) throw new GatewayError('invalid', 'Invalid token');
    if (expired(card.expMonth, card.expYear, this.today())) throw decline('Your card has expired');
    const methodId = `pm_sandbox_${card.brand}_${card.last4}_${pad2(card.expMonth)}${pad2(card.expYear % 100)}_${card.fingerprint}`;
    return { ...card, methodId, customerId: customer.customerId ?? `cus_sandbox_${customer.studentId}` };
  }

  /**
   * Charges a sandbox card: `invalid` for a method id that is not one, an amount out of bounds or a
   * currency other than usd; `declined` for an expired card or a declining test number's card;
   * otherwise succeeded with a new charge id. The same idempotency key answers the first outcome (the
   * charge or the decline) without charging again; with other parameters it is `invalid`.
   */
  async charge(input: ChargeInput): Promise<ChargeResult> {
    const { amountCents, currency, customerId, methodId, description, metadata } = input;
    return this.once(input.idempotencyKey, { kind: 'charge', amountCents, currency, customerId, methodId, description, metadata }, () => {
      const m = METHOD_PATTERN.exec(methodId);
      if (!m) throw new GatewayError('invalid', `No such PaymentMethod: '${methodId}'`);
      checkAmount(amountCents, currency);
      if (expired(Number(m[3]), 2000 + Number(m[4]), this.today())) throw decline('Your card has expired');
      const declined = DECLINED_FINGERPRINTS.get(m[5]);
      if (declined) throw decline(declined);
      const result: ChargeResult = { chargeId: `ch_sandbox_${amountCents}_${randomHex()}`, status: 'succeeded' };
      if (m[5] === DISPUTE_FINGERPRINT) result.dispute = { id: `dp_sandbox_${randomHex()}`, reason: 'fraudulent' };
      return result;
    });
  }

  /**
   * Refunds part or all of a sandbox charge: `invalid` for a charge id that is not one, an amount
   * that is not whole cents above zero, or more than the charge has left (of what this instance has
   * refunded of it). The same idempotency key answers the first refund.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const { chargeId, amountCents } = input;
    return this.once(input.idempotencyKey, { kind: 'refund', chargeId, amountCents }, () => {
      const m = CHARGE_PATTERN.exec(chargeId);
      if (!m) throw new GatewayError('invalid', `No such charge: '${chargeId}'`);
      if (!Number.isInteger(amountCents) || amountCents < 1) throw new GatewayError('invalid', 'Invalid positive integer');
      const left = Number(m[1]) - (this.refunded.get(chargeId) ?? 0);
      if (amountCents > left) {
        throw new GatewayError('invalid', `Refund amount (${dollars(amountCents)}) is greater than unrefunded amount on charge (${dollars(left)})`);
      }
      this.refunded.set(chargeId, Number(m[1]) - left + amountCents);
      return { refundId: `re_sandbox_${randomHex()}`, status: 'succeeded' as const };
    });
  }

  /**
   * Runs `act` once per idempotency key, synchronously (so two calls at once cannot both act). A
   * success or a decline is remembered and answered again; an `invalid` request is not (as the
   * gateways do, it may be corrected and sent again under the same key).
   */
  private once<T extends ChargeResult | RefundResult>(key: string, request: object, act: () => T): Promise<T> {
    const text = JSON.stringify(request);
    const seen = this.idempotency.get(key);
    if (seen) {
      if (seen.request !== text) {
        return Promise.reject(new GatewayError('invalid', 'Keys for idempotent requests can only be used with the same parameters they were first used with'));
      }
      return 'error' in seen.outcome ? Promise.reject(seen.outcome.error) : Promise.resolve(seen.outcome.result as T);
    }
    try {
      const result = act();
      this.idempotency.set(key, { request: text, outcome: { result } });
      return Promise.resolve(result);
    } catch (err) {
      if (err instanceof GatewayError && err.kind === 'declined') this.idempotency.set(key, { request: text, outcome: { error: err } });
      return Promise.reject(err);
    }
  }
}

/** Whole cents within the gateway's bounds, in usd; else `invalid` with the gateway's words. */
function checkAmount(amountCents: number, currency: string): void {
  if (currency !== 'usd') throw new GatewayError('invalid', `Invalid currency: ${currency}`);
  if (!Number.isInteger(amountCents)) throw new GatewayError('invalid', 'Invalid integer');
  if (amountCents < MIN_CHARGE_CENTS) throw new GatewayError('invalid', `Amount must be at least ${dollars(MIN_CHARGE_CENTS)} usd`);
  if (amountCents > MAX_CHARGE_CENTS) throw new GatewayError('invalid', `Amount must be no more than ${dollars(MAX_CHARGE_CENTS)}`);
}
