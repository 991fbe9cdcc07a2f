import { z } from 'zod';
import { AdjustmentCategory, AdjustmentType, PaymentPlanType, PaymentScheduleType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';
import { blankToNull, moneyCents, percentRate, termMonths } from '../../domain/contract/fields';

/** A default page size other than the platform's 10 (capped at 1000 like every list). */
const sizeDefault = (n: number) =>
  z.coerce
    .number()
    .int(Messages.INVALID_VALUE)
    .min(1, Messages.INVALID_VALUE)
    .default(n)
    .transform((v) => Math.min(v, 1000));

// ---- Business categories: the 11 fixed categories, listed 20 at a time sorted by NAME (spec §9).
export const categorySortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name', updatedAt: 'updatedAt', UPDATED_AT: 'updatedAt' };
export const categoryListQuery = pagingQuery({ sortable: categorySortable, defaultSort: 'NAME' }, { size: sizeDefault(20) });
export const categoryIdParams = z.object({ id: id() });

/**
 * PUT body. `name` is the category's fixed code: it may be sent back unchanged (the drawer sends the
 * record), a different one is refused by the service (409). `id`, when sent, must be the path's.
 */
export const categoryBody = z
  .object({
    id: id().optional(),
    name: z.string().max(40).optional(),
    description: optionalText(255),
    d2LUserType: z
      .object({ code: optionalText(40), displayName: optionalText(100), identifier: optionalText(40) })
      .strict()
      .nullish(),
  })
  .strict();
export type CategoryInput = z.output<typeof categoryBody>;

// ---- Accounting lines of a category.
export const lineSortable = {
  id: 'id',
  ID: 'id',
  description: 'description',
  DESCRIPTION: 'description',
  type: 'type',
  TYPE: 'type',
  category: 'category',
  CATEGORY: 'category',
  updatedAt: 'updatedAt',
};
export const lineListQuery = pagingQuery({ sortable: lineSortable }, { size: sizeDefault(100) });
/** A required enum value: missing reads 'This field is required', anything else 'Invalid value'. */
const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });

export const lineBody = z
  .object({
    description: requiredText(255),
    type: requiredEnum(AdjustmentType),
    category: requiredEnum(AdjustmentCategory),
  })
  .strict();
export type LineInput = z.output<typeof lineBody>;

// ---- Payment plans of a category.
export const planSortable = {
  id: 'id',
  ID: 'id',
  description: 'description',
  DESCRIPTION: 'description',
  paymentPlanType: 'paymentPlanType',
  PAYMENT_PLAN_TYPE: 'paymentPlanType',
  updatedAt: 'updatedAt',
};
/** GET /business_categories/{id}/payment_plans: page 0, size 100 (spec §7). */
export const planListQuery = pagingQuery({ sortable: planSortable }, { size: sizeDefault(100), paymentPlanType: z.enum(PaymentPlanType).optional() });
/** GET /business_categories/payment_plans: every category's plans, paged. */
export const allPlansQuery = pagingQuery({ sortable: planSortable }, { businessCategoryId: id().optional(), paymentPlanType: z.enum(PaymentPlanType).optional() });
export const planParams = z.object({ id: id(), planId: id() });

/**
 * The terms of a plan definition (shared with program payment plans: api/programs/program-parts.schemas.ts).
 * Money, rates and terms are the rules the console's forms check with (domain/contract/fields.ts).
 */
export const planTermsShape = {
  paymentPlanType: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(PaymentPlanType).default('PAY_IN_FULL')),
  paymentScheduleType: z.preprocess(blankToNull, z.enum(PaymentScheduleType).nullish()),
  installmentAmount: moneyCents(),
  depositAmount: moneyCents(),
  interestRate: percentRate(),
  annualPercentageRate: percentRate(),
  tuitionPrice: moneyCents(),
  totalTerm: termMonths(1),
  amortizeTerm: termMonths(0),
  principalAmount: moneyCents(),
};
type PlanTermsParsed = z.output<z.ZodObject<typeof planTermsShape>>;

const planShape = z
  .object({
    description: requiredText(255),
    ...planTermsShape,
    salesforcePaymentPlanId: optionalText(40),
  })
  .strict();

/** Spec §4: a PAY_IN_FULL plan is saved with schedule FIXED_TERMS and totalTerm 1 whatever was sent. */
export function forcePayInFull<T extends PlanTermsParsed>(p: T): T {
  return p.paymentPlanType === 'PAY_IN_FULL' ? { ...p, paymentScheduleType: 'FIXED_TERMS' as const, totalTerm: 1 } : p;
}

/** An INTEREST_BEARING plan needs what its schedule type needs, and amortizeTerm ≤ totalTerm. */
export function checkPlanTerms(p: PlanTermsParsed, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (p.paymentPlanType === 'INTEREST_BEARING') {
    if (!p.paymentScheduleType) issue('paymentScheduleType', Messages.REQUIRED);
    if (p.paymentScheduleType === 'FIXED_TERMS' && p.totalTerm < 1) issue('totalTerm', Messages.INVALID_VALUE);
    if (p.paymentScheduleType === 'FIXED_INSTALLMENT_AMOUNT' && !p.installmentAmount)
      issue('installmentAmount', p.installmentAmount === null ? Messages.REQUIRED : Messages.INVALID_VALUE);
    if (p.paymentScheduleType === 'FIXED_PRINCIPAL_AMOUNT' && !p.principalAmount) issue('principalAmount', p.principalAmount === null ? Messages.REQUIRED : Messages.INVALID_VALUE);
  }
  if (p.amortizeTerm > p.totalTerm) issue('amortizeTerm', Messages.INVALID_VALUE);
}

/** A category plan: PAY_IN_FULL forced first, then the terms checked. */
export const planBody = planShape.transform(forcePayInFull).superRefine(checkPlanTerms);
/** A checked plan: money in integer cents, schedule type always set. */
export type PlanInput = z.output<typeof planBody>;
