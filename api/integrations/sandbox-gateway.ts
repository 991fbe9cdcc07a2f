import { createHash } from 'node:crypto';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { GatewayError, type AttachedCard, type GatewayCustomer, type PaymentGateway } from './gateway';

/**
 * The local sandbox gateway (the default until billing brings Stripe): no network, no state.
 *
 * Tokens carry the card's public facts in their own text, `tok_sandbox_{brand}_{last4}_{mm}{yy}_{fp}`
 * (`fp` = 16 hex characters of a hash of the card number), so any process can attach a token made
 * by another and nothing is kept between calls. They are made by `createToken` (behind
 * `POST /api/payment_gateway/sandbox/tokens`), which checks the number (Luhn), the expiry and the
 * security code and refuses the test numbers that decline. The gateway's documented fixed test
 * tokens are accepted too (`tok_visa`, `tok_mastercard`, `tok_amex`, and `tok_chargeDeclined`,
 * `tok_chargeDeclinedInsufficientFunds`, which attach and decline only when charged, with billing).
 * An attached card's method id is the token with `pm_` in place of `tok_`.
 */

/** The test numbers that approve (the gateway's documented ones). */
export const SANDBOX_TEST_NUMBERS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
} as const;

/** Test numbers refused when tokenised, with the gateway's reason (409 'Payment failure {reason}'). */
export const SANDBOX_DECLINED_NUMBERS: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined',
  '4000000000009995': 'Your card has insufficient funds',
  '4000000000009987': 'Your card was declined',
  '4000000000000069': 'Your card has expired',
  '4000000000000127': "Your card's security code is incorrect",
};

/** The fixed test tokens and the numbers they stand for (those of tok_chargeDeclined* decline when charged). */
const FIXED_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: SANDBOX_TEST_NUMBERS.visa,
  tok_mastercard: SANDBOX_TEST_NUMBERS.mastercard,
  tok_amex: SANDBOX_TEST_NUMBERS.amex,
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export const SANDBOX_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type SandboxBrand = (typeof SANDBOX_BRANDS)[number];

const TOKEN_PATTERN = new RegExp(`^tok_sandbox_(${SANDBOX_BRANDS.join('|')})_(\\d{4})_(0[1-9]|1[0-2])(\\d{2})_([0-9a-f]{16})$`);

/** The card number's fingerprint: the same for every token of one number, whatever its expiry. */
export function sandboxFingerprint(number: string): string {
  return createHash('sha256').update(`sandbox-card:${number}`).digest('hex').slice(0, 16);
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
    if (declined) throw new GatewayError('declined', declined);
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
    if (expired(card.expMonth, card.expYear, this.today())) throw new GatewayError('declined', 'Your card has expired');
    const methodId = `pm_sandbox_${card.brand}_${card.last4}_${pad2(card.expMonth)}${pad2(card.expYear % 100)}_${card.fingerprint}`;
    return { ...card, methodId, customerId: customer.customerId ?? `cus_sandbox_${customer.studentId}` };
  }
}
