/**
 * The payment-schedule engine (domain rules, "Payment plans and payments"): pure, deterministic and
 * in integer cents throughout. The principal is tuition + registration fee + books and materials +
 * CHARGE adjustments − CREDIT adjustments − voucher discount. PAY_IN_FULL is one entry. An
 * INTEREST_BEARING plan takes the deposit first, then amortises the rest monthly at APR/12 by one of
 * three schedules; interest is rounded to the cent on each entry and the last entry absorbs what
 * rounding left, so the principal parts always add up to the principal exactly.
 */
import type { AdjustmentType, Of, PaymentPlanType, PaymentScheduleType } from '../../models/enums';

export interface ScheduleInput {
  paymentPlanType: Of<typeof PaymentPlanType>;
  paymentScheduleType: Of<typeof PaymentScheduleType>;
  /** Monthly entries after the deposit (FIXED_TERMS, FIXED_PRINCIPAL_AMOUNT without an amount). */
  totalTerm: number;
  /** FIXED_TERMS: entries over which the principal is repaid (the last ones; the earlier pay interest only). 0 = totalTerm. */
  amortizeTerm: number;
  /** Annual percentage rate in percent (9.9 = 9.9 %). */
  annualPercentageRate: number;
  tuitionCents: number;
  registrationFeeCents: number;
  booksAndMaterialsFeeCents: number;
  adjustments: Array<{ type: Of<typeof AdjustmentType>; amountCents: number }>;
  voucherDiscountCents: number;
  depositCents: number;
  /** FIXED_INSTALLMENT_AMOUNT: the monthly payment. */
  installmentCents: number | null;
  /** FIXED_PRINCIPAL_AMOUNT: the principal part of each entry (null: principal ÷ totalTerm). */
  principalPartCents: number | null;
  /** Due date of the first entry (the deposit, or the first installment when there is none), YYYY-MM-DD. */
  firstDueDate: string;
}

export interface ScheduleEntry {
  number: number;
  kind: 'DEPOSIT' | 'INSTALLMENT';
  dueDate: string;
  principalCents: number;
  interestCents: number;
  amountCents: number;
  /** Principal still owed after this entry is paid. */
  balanceCents: number;
}

export interface Schedule {
  principalCents: number;
  depositCents: number;
  financedCents: number;
  interestCents: number;
  totalCents: number;
  entries: ScheduleEntry[];
}

/** A schedule the inputs cannot make; `field` names the input at fault. */
export class ScheduleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The most entries a schedule may have (50 years of months). */
export const MAX_ENTRIES = 600;

/** `date` (YYYY-MM-DD) plus whole months; the day is kept, or the month's last day when it has fewer. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** tuition + fees + charges − credits − voucher, in cents; a negative result is refused. */
export function principalOf(input: Pick<ScheduleInput, 'tuitionCents' | 'registrationFeeCents' | 'booksAndMaterialsFeeCents' | 'adjustments' | 'voucherDiscountCents'>): number {
  const adjustments = input.adjustments.reduce((sum, a) => sum + (a.type === 'CHARGE' ? a.amountCents : -a.amountCents), 0);
  const principal = input.tuitionCents + input.registrationFeeCents + input.booksAndMaterialsFeeCents + adjustments - input.voucherDiscountCents;
  if (principal < 0) throw new ScheduleError('adjustments', 'Credits and discounts exceed the amount owed');
  return principal;
}

/** The level monthly payment that repays `balance` over `months` at monthly rate `rate`, in whole cents. */
function levelPayment(balance: number, rate: number, months: number): number {
  if (months <= 0) return balance;
  if (rate === 0) return Math.ceil(balance / months);
  return Math.ceil((balance * rate) / (1 - (1 + rate) ** -months));
}

/** Generates the schedule (see the file comment). Throws ScheduleError for impossible inputs. */
export function generateSchedule(input: ScheduleInput): Schedule {
  const principal = principalOf(input);
  const entries: ScheduleEntry[] = [];
  const due = (n: number) => addMonths(input.firstDueDate, n);

  if (input.paymentPlanType === 'PAY_IN_FULL') {
    entries.push({ number: 1, kind: 'INSTALLMENT', dueDate: due(0), principalCents: principal, interestCents: 0, amountCents: principal, balanceCents: 0 });
    return summarise(principal, 0, entries);
  }

  const deposit = Math.min(Math.max(input.depositCents, 0), principal);
  let balance = principal - deposit;
  let month = 0;
  if (deposit > 0) {
    entries.push({ number: 1, kind: 'DEPOSIT', dueDate: due(0), principalCents: deposit, interestCents: 0, amountCents: deposit, balanceCents: balance });
    month = 1;
  }
  const rate = input.annualPercentageRate / 100 / 12;
  const interestOn = (b: number) => Math.round(b * rate);
  const push = (principalPart: number, interest: number) => {
    // A deferred month without interest owes nothing: no entry, but the calendar moves on.
    if (principalPart + interest === 0) {
      month += 1;
      return;
    }
    balance -= principalPart;
    entries.push({
      number: entries.length + 1,
      kind: 'INSTALLMENT',
      dueDate: due(month),
      principalCents: principalPart,
      interestCents: interest,
      amountCents: principalPart + interest,
      balanceCents: balance,
    });
    month += 1;
  };

  if (balance > 0) {
    switch (input.paymentScheduleType) {
      case 'FIXED_TERMS': {
        const terms = input.totalTerm;
        if (!Number.isInteger(terms) || terms < 1 || terms > MAX_ENTRIES) throw new ScheduleError('totalTerm', 'Invalid value');
        // amortizeTerm below totalTerm: interest only at first, the principal repaid over the last amortizeTerm entries.
        const amortized = input.amortizeTerm > 0 && input.amortizeTerm < terms ? input.amortizeTerm : terms;
        for (let i = 1; i <= terms - amortized; i++) push(0, interestOn(balance));
        const payment = levelPayment(balance, rate, amortized);
        for (let i = 1; i <= amortized && balance > 0; i++) {
          const interest = interestOn(balance);
          // The last entry takes exactly what is left (rounding); no entry overshoots the balance.
          const principalPart = i === amortized ? balance : Math.min(balance, Math.max(payment - interest, 0));
          push(principalPart, interest);
        }
        break;
      }
      case 'FIXED_INSTALLMENT_AMOUNT': {
        const payment = input.installmentCents ?? 0;
        if (payment <= interestOn(balance)) throw new ScheduleError('installmentAmount', 'Invalid installment amount');
        while (balance > 0) {
          if (entries.length >= MAX_ENTRIES) throw new ScheduleError('installmentAmount', 'Invalid installment amount');
          const interest = interestOn(balance);
          push(Math.min(balance, payment - interest), interest);
        }
        break;
      }
      case 'FIXED_PRINCIPAL_AMOUNT': {
        const terms = input.totalTerm;
        const part = input.principalPartCents ?? (Number.isInteger(terms) && terms >= 1 ? Math.floor(balance / terms) : 0);
        if (part <= 0) throw new ScheduleError(input.principalPartCents === null ? 'totalTerm' : 'principalAmount', 'Invalid value');
        const count = input.principalPartCents === null ? terms : Math.ceil(balance / part);
        if (count > MAX_ENTRIES) throw new ScheduleError('principalAmount', 'Invalid value');
        for (let i = 1; i <= count; i++) push(i === count ? balance : Math.min(part, balance), interestOn(balance));
        break;
      }
    }
  }
  const interest = entries.reduce((sum, e) => sum + e.interestCents, 0);
  return summarise(principal, interest, entries, deposit);
}

function summarise(principal: number, interest: number, entries: ScheduleEntry[], deposit = 0): Schedule {
  return { principalCents: principal, depositCents: deposit, financedCents: principal - deposit, interestCents: interest, totalCents: principal + interest, entries };
}
