import type { Identifier, RaRecord } from 'react-admin';
import type { AccountingLineAnswer, BusinessCategoryAnswer, CategoryPlanAnswer } from '../../../domain/contract/business-categories';
import { enumLabel } from '../../../models/labels';
import { Messages, format } from '../../../models/messages';
import { initialLocale } from '../providers/i18nProvider';
import { moneyCheck, percentRateCheck, termMonthsCheck } from '../../../domain/contract/fields';

/**
 * Records of /api/business_categories and what its strict bodies accept. The 11 categories are fixed
 * (read and update only); their accounting lines and payment plans are nested resources whose console
 * names (`business-categories/5/payment-plans`) the data provider turns into the API paths
 * (`/business_categories/5/payment_plans`), so the generic list/get/create/update/delete apply.
 */

export type { UpdatedBy } from '../../../domain/contract/common';

export type D2LUserType = BusinessCategoryAnswer['d2LUserType'];

/** A business category as GET /api/business_categories answers it: domain/contract/business-categories.ts. */
export type BusinessCategory = Omit<BusinessCategoryAnswer, 'id'> & RaRecord;

export type AccountingLine = Omit<AccountingLineAnswer, 'id'> & RaRecord;

/** A category's payment plan: money in decimal dollars, rates in percent, terms in months. */
export type CategoryPaymentPlan = Omit<CategoryPlanAnswer, 'id'> & RaRecord;

export const CATEGORIES = 'business-categories';

/** The console resource of a category's accounting lines (API: /business_categories/{id}/accounting_lines). */
export const linesResource = (categoryId: Identifier) => `${CATEGORIES}/${categoryId}/accounting-lines`;

/** The console resource of a category's payment plans (API: /business_categories/{id}/payment_plans). */
export const plansResource = (categoryId: Identifier) => `${CATEGORIES}/${categoryId}/payment-plans`;

/** The category's label in the console's language ('HCTP alumni', 'Egresados de HCTP'); the code when unknown. */
export function categoryLabel(record: Pick<BusinessCategory, 'name'> | null | undefined, locale: string = initialLocale()): string {
  if (!record) return '';
  return enumLabel('BusinessCategoryName', record.name, locale === 'es' ? 'es' : 'en');
}

// ---------------------------------------------------------------- payloads

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return value === undefined || value === null ? null : String(value);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * PUT /api/business_categories/{id} takes exactly { name, description, d2LUserType } (strict). The name
 * is sent back as read (a different one is refused with 409); a D2L user type with nothing in it is null.
 */
export function toCategoryPayload(data: Partial<BusinessCategory>) {
  const d2l = data.d2LUserType ?? null;
  const d2LUserType = d2l ? { code: text(d2l.code), displayName: text(d2l.displayName), identifier: text(d2l.identifier) } : null;
  const empty = !d2LUserType || (d2LUserType.code === null && d2LUserType.displayName === null && d2LUserType.identifier === null);
  return { name: data.name, description: text(data.description), d2LUserType: empty ? null : d2LUserType };
}

/** POST and PUT .../accounting_lines take exactly { description, type, category }. */
export function toLinePayload(data: Partial<AccountingLine>) {
  return { description: text(data.description) ?? '', type: data.type, category: data.category };
}

/** Whether the plan's form shows (and sends) an input that only one schedule type uses. */
export function scheduleShows(field: 'installmentAmount' | 'principalAmount', plan: Partial<CategoryPaymentPlan>): boolean {
  if ((plan.paymentPlanType ?? 'PAY_IN_FULL') === 'PAY_IN_FULL') return false;
  return field === 'installmentAmount' ? plan.paymentScheduleType === 'FIXED_INSTALLMENT_AMOUNT' : plan.paymentScheduleType === 'FIXED_PRINCIPAL_AMOUNT';
}

/**
 * POST and PUT .../payment_plans take exactly the plan's fields (strict). Spec §4: a PAY_IN_FULL plan
 * is FIXED_TERMS over 1 term (the server forces the same). The installment amount is sent only for a
 * FIXED_INSTALLMENT_AMOUNT schedule and the principal amount only for FIXED_PRINCIPAL_AMOUNT (null
 * otherwise), so a plan never keeps a hidden amount from a schedule type it no longer has.
 */
export function toPlanPayload(data: Partial<CategoryPaymentPlan>) {
  const paymentPlanType = data.paymentPlanType === 'INTEREST_BEARING' ? 'INTEREST_BEARING' : 'PAY_IN_FULL';
  const payInFull = paymentPlanType === 'PAY_IN_FULL';
  const plan = { ...data, paymentPlanType } as Partial<CategoryPaymentPlan>;
  return {
    description: text(data.description) ?? '',
    paymentPlanType,
    paymentScheduleType: payInFull ? 'FIXED_TERMS' : (data.paymentScheduleType ?? null),
    installmentAmount: scheduleShows('installmentAmount', plan) ? numberOrNull(data.installmentAmount) : null,
    depositAmount: numberOrNull(data.depositAmount),
    interestRate: numberOrNull(data.interestRate),
    annualPercentageRate: numberOrNull(data.annualPercentageRate),
    tuitionPrice: numberOrNull(data.tuitionPrice),
    totalTerm: payInFull ? 1 : numberOrNull(data.totalTerm),
    amortizeTerm: numberOrNull(data.amortizeTerm) ?? 0,
    principalAmount: scheduleShows('principalAmount', plan) ? numberOrNull(data.principalAmount) : null,
    salesforcePaymentPlanId: text(data.salesforcePaymentPlanId),
  };
}

/** What a new plan starts with (spec §9: PAY_IN_FULL, totalTerm 1, amortizeTerm 0). */
export const NEW_PLAN: Partial<CategoryPaymentPlan> = { paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', totalTerm: 1, amortizeTerm: 0 };

// ---------------------------------------------------------------- form checks (the server checks the same)

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** At most n characters (the spec's 'Maximum n characters'). */
export const maxChars = (n: number) => (value: unknown) => (typeof value === 'string' && value.trim().length > n ? format(Messages.MAX_LENGTH, n) : undefined);

/** An amount of money: empty, or 0 to 9,999,999,999.99 in whole cents — the API's rule for the same field (domain/contract/fields.ts). */
export const moneyAmount = moneyCheck;

/** A rate in percent: 0–100, at most four decimals (the API's rule). */
export const percentRate = percentRateCheck;

/** A term in months: a whole number 0–600 (the API's rule; empty takes the default). */
export const termMonths = termMonthsCheck;

/** An amount the schedule type needs: present and above zero. */
export const requiredPositive = Object.assign(
  (value: unknown) => {
    if (isBlank(value)) return Messages.REQUIRED;
    const n = numberOrNull(value);
    return n !== null && n > 0 ? undefined : Messages.INVALID_VALUE;
  },
  { isRequired: true },
);

/** Total term: required on an interest-bearing plan, at least 1 on a FIXED_TERMS schedule. */
export const totalTermRule = (value: unknown, values: Partial<CategoryPaymentPlan>) => {
  if (values?.paymentPlanType !== 'INTEREST_BEARING') return undefined;
  if (isBlank(value)) return Messages.REQUIRED;
  const n = numberOrNull(value);
  return values.paymentScheduleType === 'FIXED_TERMS' && n !== null && n < 1 ? Messages.INVALID_VALUE : undefined;
};

/** Amortize term: no longer than the total term (1 on a pay-in-full plan). */
export const amortizeTermRule = (value: unknown, values: Partial<CategoryPaymentPlan>) => {
  const amortize = numberOrNull(value);
  const total = values?.paymentPlanType === 'INTEREST_BEARING' ? numberOrNull(values.totalTerm) : 1;
  return amortize !== null && total !== null && amortize > total ? Messages.INVALID_VALUE : undefined;
};
