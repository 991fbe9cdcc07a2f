import type { RaRecord } from 'react-admin';
import type { FinancialStatus, ManualPaymentMethod, Of, StudentPaymentPlanStatus } from '../../../models/enums';
import type { LedgerRow, PaymentDto, PlanBreakdown, PlanTerms, ScheduleEntry } from '../../../models/billing-answers';
import type { GatewayEventAnswer, PaymentMethodAnswer, PlanAnswer, PlanDetailAnswer } from '../../../domain/contract/billing';
import type { RefundAnswer } from '../../../domain/contract/refunds';
import { Messages } from '../../../models/messages';
import { MAX_AMOUNT, toCents, toDollars } from '../../../domain/money';
import { amountProblem } from '../../../domain/rules/payments';
import { followsDates, isActivePlan, isPlanConcludable } from '../../../domain/state/plans';

export type { LedgerRow, PlanBreakdown, PlanTerms, ScheduleEntry };
/** The Payment DTO of the contract. */
export type PaymentRow = PaymentDto;

/**
 * Student payment plans in the console (the resources `payment-information` and
 * `migrated-payment-plans`, both over /api/payment_plans): the plan detail the API answers
 * (PlanDetail), its schedule entries, payments, account-history lines, refunds and card-provider
 * events, and the payloads of the staff actions. Money arrives and leaves in dollars.
 */

export const PAYMENT_INFORMATION = 'payment-information';
export const MIGRATED_PAYMENT_PLANS = 'migrated-payment-plans';
export type PlanResource = typeof PAYMENT_INFORMATION | typeof MIGRATED_PAYMENT_PLANS;

export type PlanStatusValue = Of<typeof StudentPaymentPlanStatus>;
export type FinancialStatusValue = Of<typeof FinancialStatus>;
export type ManualMethodValue = Of<typeof ManualPaymentMethod>;

/**
 * A student payment plan as the API answers it (domain/contract/billing.ts): the lists' rows carry
 * the plan's fields (`planAnswer`); GET /payment_plans/{id} adds the PlanDetail's terms, breakdown,
 * pay-off figures and schedule, optional here because the same screens show list rows.
 */
export type PlanRecord = Omit<PlanAnswer, 'id'> & Partial<Omit<PlanDetailAnswer, keyof PlanAnswer>> & RaRecord;

/** A refund-queue item (domain/contract/refunds.ts). */
export type RefundRow = RefundAnswer;

/** A card-provider history event (Stripe/sandbox or migrated Authorize.Net): domain/contract/billing.ts. */
export type GatewayEventRow = GatewayEventAnswer;

/** A saved card (GET /students/{id}/payment_methods). */
export type CardRow = PaymentMethodAnswer;

// ---------------------------------------------------------------- display helpers

export const financialStatusColor: Record<FinancialStatusValue, 'success' | 'warning' | 'error' | 'default'> = {
  GOOD: 'success',
  PAST_DUE: 'warning',
  COLLECTIONS: 'error',
  COLLECTIONS_2: 'error',
};

export const planStatusColor: Record<PlanStatusValue, 'success' | 'info' | 'default' | 'warning'> = {
  ACTIVE: 'info',
  COMPLETED: 'success',
  CONCLUDED: 'default',
  CANCELLED: 'warning',
};

/** 'Ana López', else the email, else '#42'. */
export function planStudentName(record: Pick<PlanRecord, 'student' | 'studentId'>): string {
  const s = record.student;
  return s?.fullName?.trim() || s?.email || `#${s?.id ?? record.studentId}`;
}

/** 'Visa •••• 4242' (brand capitalised), '' without a card. */
export function cardLabel(card: { brand?: string | null; last4?: string | null } | null | undefined): string {
  if (!card || (!card.brand && !card.last4)) return '';
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : '';
  return [brand, card.last4 ? `•••• ${card.last4}` : ''].filter(Boolean).join(' ');
}

/** What is still owed on an entry: amount + tax − paid (never below zero). */
export function entryDue(entry: Pick<ScheduleEntry, 'amount' | 'taxAmount' | 'paidAmount'>): number {
  const cents = toCents(entry.amount) + toCents(entry.taxAmount) - toCents(entry.paidAmount);
  return toDollars(Math.max(0, cents));
}

/** Staff record payments and change taxes only on entries not paid yet. */
export const isOpenEntry = (entry: Pick<ScheduleEntry, 'status'>) => entry.status !== 'PAID' && entry.status !== 'CANCELLED';

/**
 * Plan actions that move money or terms only make sense while the plan is ACTIVE; whether its
 * financial status follows its days overdue (ACTIVE, not in bankruptcy), so staff cannot set it by
 * hand; whether staff may conclude it: the plan machine's (domain/state/plans.ts), as the API reads it.
 */
export { followsDates, isActivePlan, isPlanConcludable };

// ---------------------------------------------------------------- payloads

export interface ExternalPaymentValues {
  method?: ManualMethodValue | null;
  paymentAmount?: number | string | null;
  paymentDate?: string | null;
  referenceNumber?: string | null;
  comment?: string | null;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const money = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};
export { MAX_AMOUNT };

/**
 * POST /students/{sid}/payment_schedule/{eid}/external_payment: method, amount (dollars), date
 * (YYYY-MM-DD) and, when typed, the reference and the comment.
 */
export function toExternalPaymentPayload(values: ExternalPaymentValues) {
  const payload: { method: ManualMethodValue; paymentAmount: number; paymentDate: string; referenceNumber?: string; comment?: string } = {
    method: values.method as ManualMethodValue,
    paymentAmount: money(values.paymentAmount) as number,
    paymentDate: values.paymentDate as string,
  };
  const reference = text(values.referenceNumber);
  const comment = text(values.comment);
  if (reference) payload.referenceNumber = reference;
  if (comment) payload.comment = comment;
  return payload;
}

/** The dialog's own checks (the server checks the same): method, a positive amount in cents, a date. */
export function validateExternalPayment(values: ExternalPaymentValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.method) errors.method = Messages.REQUIRED;
  const amount = amountProblem(values.paymentAmount);
  if (amount) errors.paymentAmount = amount === 'REQUIRED' ? Messages.REQUIRED : Messages.INVALID_VALUE;
  if (!values.paymentDate) errors.paymentDate = Messages.REQUIRED;
  return errors;
}

/** A tax amount: zero or more, cents. */
export function validateTaxAmount(value: unknown): string | undefined {
  const problem = amountProblem(value, { allowZero: true });
  if (problem) return problem === 'REQUIRED' ? Messages.REQUIRED : Messages.INVALID_VALUE;
  return undefined;
}
