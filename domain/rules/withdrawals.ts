/**
 * The withdrawal engine (domain rules "Withdrawals and refunds", issue 18 "The engine"): pure,
 * deterministic, integer cents throughout, browser-safe (no Node APIs, no Sequelize). The API's
 * preview and the approval both call `computeWithdrawal`, so what staff see before the button is what
 * the button does.
 *
 * - Tuition responsibility is measured at the withdrawal's effective date (the last date of attendance):
 *   within `cancellationDays` of signing, or before the course starts, the student owes the
 *   registration fee only; after the start, the share of the course elapsed rounded up to
 *   `roundUpToPercent`, and everything once `fullResponsibilityAtPercent` has elapsed. Courses the
 *   student stays in (a partial withdrawal from a bundle) are owed in full.
 * - Refund = paid − responsibility when positive, never above paid − already refunded; otherwise the
 *   rest (responsibility − paid) is reissued as a WITHDRAWAL plan whose installment staff set
 *   ('Invalid installment amount' when it is not a positive whole-cent amount no larger than the rest).
 */

export const WithdrawalKinds = ['specialty', 'hctp', 'alumni', 'advanced', 'cip', 'chopra'] as const;
export type WithdrawalKind = (typeof WithdrawalKinds)[number];

/** A kind's settings (staff may edit them; the defaults are the domain rules'). */
export interface WithdrawalSettings {
  /** Days after signing within which a cancellation owes only the registration fee. */
  cancellationDays: number;
  /** The elapsed share is rounded up to a multiple of this percentage. */
  roundUpToPercent: number;
  /** From this elapsed share on, the whole course is owed. */
  fullResponsibilityAtPercent: number;
}

export const DEFAULT_WITHDRAWAL_SETTINGS: WithdrawalSettings = { cancellationDays: 5, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 };

/** Every kind starts with the domain rules' defaults. */
export const DEFAULT_SETTINGS_BY_KIND: Readonly<Record<WithdrawalKind, WithdrawalSettings>> = Object.fromEntries(
  WithdrawalKinds.map((k) => [k, { ...DEFAULT_WITHDRAWAL_SETTINGS }]),
) as Record<WithdrawalKind, WithdrawalSettings>;

export interface WithdrawalCourse {
  /** The class's dates (YYYY-MM-DD); a class without dates counts as not started. */
  startDate: string | null;
  endDate: string | null;
  /** Its share of the plan's charges other than the registration fee, cents. */
  chargeCents: number;
  /** The student leaves it (false: stays, owed in full). */
  withdrawn: boolean;
}

export interface WithdrawalInput {
  settings: WithdrawalSettings;
  /** When the agreement was signed (YYYY-MM-DD; null: never, the five days do not apply). */
  signedDate: string | null;
  /** The last date of attendance (YYYY-MM-DD). */
  effectiveDate: string;
  /** The registration fee, owed in every case (cents). */
  registrationFeeCents: number;
  courses: WithdrawalCourse[];
  /** Principal paid toward the plan (cents), and what was already refunded of it. */
  paidCents: number;
  refundedCents: number;
  /** Tax paid and already refunded (cents): refunded in proportion to the principal refunded. */
  taxPaidCents: number;
  taxRefundedCents: number;
  /** The reissued plan's installment (staff set it; needed only when something stays owed). */
  installmentCents: number | null;
  /** First due date of the reissued plan (YYYY-MM-DD). */
  firstDueDate: string;
}

export interface ReissuedEntry {
  number: number;
  dueDate: string;
  amountCents: number;
  /** Still owed after this entry is paid. */
  balanceCents: number;
}

export interface CourseResponsibility {
  /** Percent of the course owed (0–100). */
  percent: number;
  /** Elapsed share of the course at the effective date, percent (not rounded), or null before it starts. */
  elapsedPercent: number | null;
  responsibilityCents: number;
}

export interface WithdrawalQuote {
  /** Every charge of the plan (registration fee + courses), cents. */
  chargesCents: number;
  /** What the student owes of it. */
  responsibilityCents: number;
  /** What the withdrawal takes off the plan: charges − responsibility (the breakdown's withdrawal reduction). */
  reductionCents: number;
  /** Whether the cancellation window (or a not-started course) applies: the registration fee only. */
  cancellation: boolean;
  courses: CourseResponsibility[];
  refundCents: number;
  taxRefundCents: number;
  /** What stays owed after what was paid (reissued as a WITHDRAWAL plan when > 0). */
  reissuedCents: number;
  reissued: ReissuedEntry[];
}

export class WithdrawalEngineError extends Error {
  constructor(
    readonly field: string,
    readonly code: 'INVALID_INSTALLMENT_AMOUNT' | 'INVALID_VALUE',
    message: string,
  ) {
    super(message);
    this.name = 'WithdrawalEngineError';
  }
}

const DAY_MS = 86_400_000;
const dayNumber = (d: string): number => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
const dateOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** `date` plus `months` (the day clamped to the month's last). */
export function addMonthsTo(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** `amount × num ÷ den` rounded half up, in integers (no float drift). */
export function shareOf(amountCents: number, num: number, den: number): number {
  if (den <= 0) return 0;
  return Math.floor((amountCents * num * 2 + den) / (den * 2));
}

function checkCents(field: string, v: number | null): void {
  if (v !== null && (!Number.isInteger(v) || v < 0)) throw new WithdrawalEngineError(field, 'INVALID_VALUE', 'Invalid value');
}

/** The percentage of one course owed at `effectiveDate` (0 before it starts). */
export function coursePercent(
  course: Pick<WithdrawalCourse, 'startDate' | 'endDate'>,
  effectiveDate: string,
  settings: WithdrawalSettings,
): { percent: number; elapsedPercent: number | null } {
  if (!course.startDate || effectiveDate < course.startDate) return { percent: 0, elapsedPercent: null };
  const start = dayNumber(course.startDate);
  const end = course.endDate ? dayNumber(course.endDate) : start;
  const length = end - start + 1;
  const elapsed = Math.min(length, dayNumber(effectiveDate) - start + 1);
  const elapsedPercent = (elapsed * 100) / length;
  if (elapsedPercent >= settings.fullResponsibilityAtPercent) return { percent: 100, elapsedPercent };
  const step = Math.max(1, settings.roundUpToPercent);
  // Rounded up to the step, on integers: ceil(elapsed × 100 / (length × step)) × step.
  const percent = Math.min(100, Math.ceil((elapsed * 100) / (length * step)) * step);
  return { percent, elapsedPercent };
}

/** The reissued WITHDRAWAL plan: monthly entries of the installment, the last one the rest. */
export function reissueSchedule(balanceCents: number, installmentCents: number, firstDueDate: string): ReissuedEntry[] {
  const entries: ReissuedEntry[] = [];
  let left = balanceCents;
  for (let n = 0; left > 0; n++) {
    const amount = Math.min(installmentCents, left);
    left -= amount;
    entries.push({ number: n + 1, dueDate: addMonthsTo(firstDueDate, n), amountCents: amount, balanceCents: left });
  }
  return entries;
}

/**
 * The charges a withdrawal's responsibility is measured on (cents): the plan's principal plus its
 * tuition rollover credit. A plan issued by a transfer carries the class's price less the rollover as
 * its principal; the class costs the same whether it was reached by a transfer or not, so the credit
 * is added back (and the rollover counts as paid: `paidTowardPlanCents`).
 */
export function responsibilityBaseCents(plan: { principalCents: number; rolloverCents: number }): number {
  return Math.max(0, plan.principalCents) + Math.max(0, plan.rolloverCents);
}

/** At most this many entries in a reissued plan: a smaller installment is refused. */
export const MAX_REISSUED_ENTRIES = 600;

/** The figures of a withdrawal without the reissued schedule (no installment needed). */
export function withdrawalFigures(input: Omit<WithdrawalInput, 'installmentCents' | 'firstDueDate'>): Omit<WithdrawalQuote, 'reissued'> {
  checkCents('registrationFee', input.registrationFeeCents);
  checkCents('paid', input.paidCents);
  checkCents('refunded', input.refundedCents);
  checkCents('taxPaid', input.taxPaidCents);
  checkCents('taxRefunded', input.taxRefundedCents);
  for (const c of input.courses) checkCents('charge', c.chargeCents);

  const { settings, effectiveDate } = input;
  const inWindow = input.signedDate !== null && effectiveDate <= addDays(input.signedDate, settings.cancellationDays);
  const courses: CourseResponsibility[] = input.courses.map((c) => {
    if (!c.withdrawn) return { percent: 100, elapsedPercent: null, responsibilityCents: c.chargeCents };
    if (inWindow) return { percent: 0, elapsedPercent: null, responsibilityCents: 0 };
    const { percent, elapsedPercent } = coursePercent(c, effectiveDate, settings);
    return { percent, elapsedPercent, responsibilityCents: shareOf(c.chargeCents, percent, 100) };
  });
  const cancellation = inWindow || courses.every((c, i) => !input.courses[i].withdrawn || c.percent === 0);
  const chargesCents = input.registrationFeeCents + input.courses.reduce((s, c) => s + c.chargeCents, 0);
  const responsibilityCents = input.registrationFeeCents + courses.reduce((s, c) => s + c.responsibilityCents, 0);
  const reductionCents = chargesCents - responsibilityCents;

  const netPaid = Math.max(0, input.paidCents - input.refundedCents);
  const over = input.paidCents - responsibilityCents;
  const refundCents = over > 0 ? Math.min(over, netPaid) : 0;
  const taxLeft = Math.max(0, input.taxPaidCents - input.taxRefundedCents);
  const taxRefundCents = input.paidCents > 0 ? Math.min(taxLeft, shareOf(input.taxPaidCents, refundCents, input.paidCents)) : 0;
  const reissuedCents = over < 0 ? -over : 0;
  return { chargesCents, responsibilityCents, reductionCents, cancellation, courses, refundCents, taxRefundCents, reissuedCents };
}

/** The money a withdrawal moves (see the file comment). Throws WithdrawalEngineError on a bad installment or amount. */
export function computeWithdrawal(input: WithdrawalInput): WithdrawalQuote {
  const figures = withdrawalFigures(input);
  let reissued: ReissuedEntry[] = [];
  if (figures.reissuedCents > 0) {
    const inst = input.installmentCents;
    if (inst === null || !Number.isInteger(inst) || inst <= 0 || inst > figures.reissuedCents || Math.ceil(figures.reissuedCents / inst) > MAX_REISSUED_ENTRIES)
      throw new WithdrawalEngineError('installmentAmount', 'INVALID_INSTALLMENT_AMOUNT', 'Invalid installment amount');
    reissued = reissueSchedule(figures.reissuedCents, inst, input.firstDueDate);
  }
  return { ...figures, reissued };
}

/** Splits `totalCents` over `count` parts as evenly as cents allow (the first parts take the extra cents). */
export function splitEvenly(totalCents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(totalCents / count);
  const extra = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}
