/**
 * The answers of /api/products (back-office spec §3 "Product"): a product with the cohorts it sells,
 * its payment plans (a business-category template each) and their adjustments; `cost` in dollars,
 * `enrolling` computed for the school's today. The console's Product, ProductPaymentPlan and
 * PlanAdjustment are `z.infer` of these.
 */
import { z } from 'zod';
import { AdjustmentCategory, AdjustmentType, CohortStatus, ProductFlowType } from '../../models/enums';
import { dollars, id, isoDate, page, timestamp, updatedBy } from './common';
import { categoryPlanAnswer } from './business-categories';

/** A cohort the product sells (a product item). */
export const productCohortAnswer = z.object({ id, label: z.string(), status: z.enum(CohortStatus), startDate: isoDate.nullable(), endDate: isoDate.nullable() }).strict();
export type ProductCohortAnswer = z.infer<typeof productCohortAnswer>;

/** GET /products/{id}, POST, PUT. */
export const productAnswer = z
  .object({
    id,
    name: z.string(),
    deleted: z.boolean(),
    description: z.string().nullable(),
    salesforceProductType: z.string().nullable(),
    salesforceProductId: z.string().nullable(),
    enrollmentAgreementUrl: z.string().nullable(),
    cost: dollars.nullable(),
    flowType: z.enum(ProductFlowType),
    enrollingStartDate: isoDate.nullable(),
    enrollingEndDate: isoDate.nullable(),
    enrolling: z.boolean(),
    published: z.boolean(),
    cohortIds: z.array(id),
    cohorts: z.array(productCohortAnswer),
    paymentPlanCount: z.number().int().min(0),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ProductAnswer = z.infer<typeof productAnswer>;
/** GET /products, /products/by_flow_type/{flowType}, POST …/find_by_criteria. */
export const productPage = page(productAnswer);

/** GET …/product_payment_plans/{planId}/adjustments/{adjId}. */
export const planAdjustmentAnswer = z
  .object({
    id,
    productPaymentPlanId: id,
    description: z.string(),
    type: z.enum(AdjustmentType),
    category: z.enum(AdjustmentCategory),
    amount: dollars,
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type PlanAdjustmentAnswer = z.infer<typeof planAdjustmentAnswer>;
export const planAdjustmentPage = page(planAdjustmentAnswer);

/** GET /products/{id}/product_payment_plans/{planId}. */
export const productPlanAnswer = z
  .object({
    id,
    productId: id,
    paymentPlanId: id,
    paymentPlan: categoryPlanAnswer.nullable(),
    shortDescription: z.string().nullable(),
    longDescription: z.string().nullable(),
    salesforcePaymentPlanId: z.string().nullable(),
    adjustments: z.array(planAdjustmentAnswer),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ProductPlanAnswer = z.infer<typeof productPlanAnswer>;
export const productPlanPage = page(productPlanAnswer);

/** GET /products/{id}/check_enrolling_status. */
export const enrollingStatusAnswer = z.object({ enrolling: z.boolean(), enrollingStartDate: isoDate.nullable(), enrollingEndDate: isoDate.nullable(), today: isoDate }).strict();
export type EnrollingStatusAnswer = z.infer<typeof enrollingStatusAnswer>;
