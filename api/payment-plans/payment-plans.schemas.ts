import { z } from 'zod';
import { AdjustmentType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalDate } from '../../models/validation';
import { checkPlanTerms, forcePayInFull, planTermsShape } from '../business-categories/business-categories.schemas';
import { moneyCents } from '../../domain/contract/fields';

const adjustment = z.object({ type: z.enum(AdjustmentType), amount: moneyCents() }).strict();

/**
 * POST /api/payment_plans/generate: a schedule preview, nothing saved. Either a product payment plan
 * (its template's terms, its adjustments, the product's cost and its programs' fees; only a voucher
 * discount and the first due date may be sent beside it), or the terms themselves (the billing
 * calculator).
 */
/** With a product payment plan, only these may be sent beside it: the plan brings its own terms. */
const WITH_PRODUCT_PLAN = new Set(['productPaymentPlanId', 'voucherDiscount', 'firstDueDate']);

const generateShape = z
  .object({
    productPaymentPlanId: id().optional(),
    ...planTermsShape,
    registrationFee: moneyCents(),
    booksAndMaterialsFee: moneyCents(),
    adjustments: z.array(adjustment).max(50).nullish(),
    voucherDiscount: moneyCents(),
    firstDueDate: optionalDate(),
  })
  .strict();

export const generateBody = z.preprocess((raw, ctx) => {
  if (raw && typeof raw === 'object' && 'productPaymentPlanId' in raw) {
    for (const key of Object.keys(raw)) {
      if (!WITH_PRODUCT_PLAN.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: Messages.INVALID_VALUE });
    }
  }
  return raw;
}, generateShape);
export type GenerateInput = z.output<typeof generateShape>;

/** The terms once resolved: PAY_IN_FULL forced, the schedule's needs checked (same rules as saving a plan). */
export const resolvedTerms = z
  .object({ ...planTermsShape })
  .transform(forcePayInFull)
  .superRefine(checkPlanTerms)
  .superRefine((p, ctx) => {
    if (p.tuitionPrice === null) ctx.addIssue({ code: 'custom', path: ['tuitionPrice'], message: Messages.REQUIRED });
  });
