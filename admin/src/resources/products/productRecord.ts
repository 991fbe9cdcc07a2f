import type { Identifier, RaRecord } from 'react-admin';
import type { CategoryPlanAnswer } from '../../../../domain/contract/business-categories';
import type { EnrollingStatusAnswer, PlanAdjustmentAnswer, ProductAnswer, ProductCohortAnswer, ProductPlanAnswer } from '../../../../domain/contract/products';
import { Messages, format } from '../../../../models/messages';
import { moneyCheck, positiveMoneyCheck } from '../../../../domain/contract/fields';

/**
 * Records of /api/products and what its strict bodies accept. A product's payment plans and their
 * adjustments are nested resources whose console names (`products/5/product-payment-plans`,
 * `.../7/adjustments`) the data provider turns into the API paths (`/products/5/product_payment_plans`),
 * so the generic list/get/create/update/delete apply to them.
 */

export type { UpdatedBy } from '../../../../domain/contract/common';

/** A cohort the product sells (a product item), as the product answers it. */
export type ProductCohort = ProductCohortAnswer;

/** A product as GET /api/products answers it; `cost` in dollars, `enrolling` computed for today: domain/contract/products.ts. */
export type Product = Omit<ProductAnswer, 'id'> & RaRecord;

/** A business-category payment plan (the template a product plan points at): domain/contract/business-categories.ts. */
export type PlanTemplate = Omit<CategoryPlanAnswer, 'id'> & RaRecord;

export type PlanAdjustment = Omit<PlanAdjustmentAnswer, 'id'> & RaRecord;

export type ProductPaymentPlan = Omit<ProductPlanAnswer, 'id'> & RaRecord;

/** GET /products/{id}/check_enrolling_status. */
export type EnrollingStatus = EnrollingStatusAnswer;

export const PRODUCTS = 'products';

/** The console resource of a product's payment plans (API: /products/{id}/product_payment_plans). */
export const productPlansResource = (productId: Identifier) => `${PRODUCTS}/${productId}/product-payment-plans`;

/** The console resource of a plan's adjustments (API: .../product_payment_plans/{planId}/adjustments). */
export const adjustmentsResource = (productId: Identifier, planId: Identifier) => `${productPlansResource(productId)}/${planId}/adjustments`;

/** The spec's routes of the two nested screens. */
export const plansPath = (productId: Identifier) => `/${PRODUCTS}/${productId}/payment-plans`;
export const adjustmentsPath = (productId: Identifier, planId: Identifier) => `${plansPath(productId)}/${planId}/adjustments`;

/** A product plan's name where one is needed: its short description, else its template's. */
export const planName = (plan: Pick<ProductPaymentPlan, 'shortDescription' | 'paymentPlan' | 'id'> | undefined) =>
  plan ? plan.shortDescription || plan.paymentPlan?.description || `#${plan.id}` : '';

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

const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? [...new Set(value.map((v) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)).filter((n) => Number.isInteger(n) && n > 0))]
    : [];

/**
 * POST and PUT /api/products take exactly the spec's fields plus `cohortIds` (strict): the computed
 * and state parts of the record (`enrolling`, `published`, `deleted`, `cohorts`, counts, stamps) stay
 * behind. `cohortIds` is always sent, so the items are exactly what the form shows.
 */
export function toProductPayload(data: Partial<Product>) {
  return {
    name: text(data.name) ?? '',
    description: text(data.description),
    salesforceProductType: text(data.salesforceProductType),
    salesforceProductId: text(data.salesforceProductId),
    enrollmentAgreementUrl: text(data.enrollmentAgreementUrl),
    cost: numberOrNull(data.cost),
    flowType: data.flowType,
    enrollingStartDate: text(data.enrollingStartDate),
    enrollingEndDate: text(data.enrollingEndDate),
    cohortIds: ids(data.cohortIds),
  };
}

/** POST and PUT .../product_payment_plans take exactly { paymentPlanId, shortDescription, longDescription, salesforcePaymentPlanId }. */
export function toProductPlanPayload(data: Partial<ProductPaymentPlan>) {
  return {
    paymentPlanId: numberOrNull(data.paymentPlanId),
    shortDescription: text(data.shortDescription),
    longDescription: text(data.longDescription),
    salesforcePaymentPlanId: text(data.salesforcePaymentPlanId),
  };
}

/** POST and PUT .../adjustments take exactly { description, type, category, amount }. */
export function toAdjustmentPayload(data: Partial<PlanAdjustment>) {
  return { description: text(data.description) ?? '', type: data.type, category: data.category, amount: numberOrNull(data.amount) };
}

// ---------------------------------------------------------------- form checks (the server checks the same)

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** At most n characters (the spec's 'Maximum n characters'). */
export const maxChars = (n: number) => (value: unknown) => (typeof value === 'string' && value.trim().length > n ? format(Messages.MAX_LENGTH, n) : undefined);

/** A cost: empty, or 0 to 9,999,999,999.99 in whole cents — the API's rule for `cost` (domain/contract/fields.ts). */
export const costAmount = moneyCheck;

/** An adjustment amount: required, above zero, whole cents (CHARGE or CREDIT says which way) — the API's rule for `amount`. */
export const adjustmentAmount = positiveMoneyCheck;

/** An http(s) address, or nothing. */
export const httpUrl = (value: unknown) => (isBlank(value) || /^https?:\/\/\S+$/i.test(String(value).trim()) ? undefined : Messages.INVALID_URL);

/**
 * The enrolling window (domain rules): the start may not come after the end — the server's 409
 * 'Product enrollment start must be before end', shown under the end date before any call. Equal
 * dates are a one-day window.
 */
export function enrollingWindowError(values: Partial<Pick<Product, 'enrollingStartDate' | 'enrollingEndDate'>> | undefined): string | undefined {
  const start = values?.enrollingStartDate;
  const end = values?.enrollingEndDate;
  if (!start || !end || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return undefined;
  return start > end ? Messages.PRODUCT_ENROLLMENT_WINDOW : undefined;
}

/** Validator of the end-date input (react-admin passes every form value second). */
export const enrollingEndRule = (_value: unknown, values: Partial<Product>) => enrollingWindowError(values);
