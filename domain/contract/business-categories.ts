/**
 * The answers of /api/business_categories (back-office spec §3): the 11 fixed categories, their
 * accounting lines and their payment plans (the templates products and programs point at): money in
 * dollars, rates in percent, terms in months. The console's BusinessCategory, AccountingLine and
 * CategoryPaymentPlan are `z.infer` of these.
 */
import { z } from 'zod';
import { AdjustmentCategory, AdjustmentType, BusinessCategoryName, PaymentPlanType, PaymentScheduleType } from '../../models/enums';
import { dollars, id, page, timestamp, updatedBy } from './common';

/** GET /business_categories/{id}, PUT. */
export const businessCategoryAnswer = z
  .object({
    id,
    name: z.enum(BusinessCategoryName),
    description: z.string().nullable(),
    d2LUserType: z.object({ code: z.string().nullable(), displayName: z.string().nullable(), identifier: z.string().nullable() }).strict(),
    updatedBy,
    updatedAt: timestamp,
  })
  .strict();
export type BusinessCategoryAnswer = z.infer<typeof businessCategoryAnswer>;
export const businessCategoryPage = page(businessCategoryAnswer);

/** GET /business_categories/{id}/accounting_lines/{lineId}. */
export const accountingLineAnswer = z
  .object({
    id,
    businessCategoryId: id,
    description: z.string(),
    type: z.enum(AdjustmentType),
    category: z.enum(AdjustmentCategory),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type AccountingLineAnswer = z.infer<typeof accountingLineAnswer>;
export const accountingLinePage = page(accountingLineAnswer);

/** A category's payment plan: GET /business_categories/{id}/payment_plans/{planId}, a product plan's `paymentPlan`. */
export const categoryPlanAnswer = z
  .object({
    id,
    businessCategoryId: id,
    description: z.string(),
    paymentPlanType: z.enum(PaymentPlanType),
    paymentScheduleType: z.enum(PaymentScheduleType).nullable(),
    installmentAmount: dollars.nullable(),
    depositAmount: dollars.nullable(),
    /** Percent. */
    interestRate: z.number().nullable(),
    annualPercentageRate: z.number().nullable(),
    tuitionPrice: dollars.nullable(),
    /** Months. */
    totalTerm: z.number().int().nullable(),
    amortizeTerm: z.number().int().nullable(),
    principalAmount: dollars.nullable(),
    salesforcePaymentPlanId: z.string().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CategoryPlanAnswer = z.infer<typeof categoryPlanAnswer>;
/** GET /business_categories/{id}/payment_plans, GET /business_categories/payment_plans. */
export const categoryPlanPage = page(categoryPlanAnswer);
