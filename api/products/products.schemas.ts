import { z } from 'zod';
import { AdjustmentCategory, AdjustmentType, CohortStatus, ProductFlowType, type Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalDate, optionalText, requiredText } from '../../models/validation';
import { moneyCents, positiveMoneyCents } from '../../domain/contract/fields';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';

/** A default page size other than the platform's 10 (still capped by the list's maximum). */
const sizeDefault = (n: number, max = 1000) =>
  z.coerce
    .number()
    .int(Messages.INVALID_VALUE)
    .min(1, Messages.INVALID_VALUE)
    .default(n)
    .transform((v) => Math.min(v, max));

/** A required enum value: missing reads 'This field is required', anything else 'Invalid value'. */
const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });

// ---- Products.
/** Sorting stays on columns the products indexes cover (deleted + column, or the enrolling dates). */
export const productSortable = {
  id: 'id',
  ID: 'id',
  name: 'name',
  NAME: 'name',
  cost: 'cost',
  COST: 'cost',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
  enrollingStartDate: 'enrollingStartDate',
  ENROLLING_START_DATE: 'enrollingStartDate',
};
/** The spec's "products without paging" list is `?size=2000`: this list alone allows it. */
const PRODUCT_MAX_SIZE = 2000;
const productPaging = { sortable: productSortable, maxSize: PRODUCT_MAX_SIZE };

/** GET /products: `deleted` (default false) picks the live or the archived products. */
export const productListQuery = pagingQuery(productPaging, { deleted: booleanish().default(false) });
/** POST /products/find_by_criteria: paging in the query string, criteria in the body. */
export const productCriteriaQuery = pagingQuery(productPaging);

/**
 * Criteria of the products list (spec §3). `deleted` swaps the list's base filter and `enrolling`
 * (not stored) becomes a condition on the two enrolling dates: both are read by the service.
 */
export const productCriteria: CriteriaSpec = {
  deleted: { kind: 'eq', column: 'deleted', type: 'boolean' },
  published: { kind: 'eq', column: 'published', type: 'boolean' },
  enrolling: { kind: 'eq', column: 'enrolling', type: 'boolean' },
  flowTypes: { kind: 'in', column: 'flowType', values: ProductFlowType },
};
export const productCriteriaSchema = criteriaSchema(productCriteria);
export type ProductCriteria = z.output<typeof productCriteriaSchema>;

/** GET /products/by_flow_type/{flowType}: size 100, published true by default (spec §7, §9). */
export const byFlowTypeParams = z.object({ flowType: z.enum(ProductFlowType) });
export const byFlowTypeQuery = pagingQuery(productPaging, {
  size: sizeDefault(100, PRODUCT_MAX_SIZE),
  published: booleanish().default(true),
  cohortStatus: z.enum(CohortStatus).optional(),
});
/** (pagingQuery's extra keys are not in its inferred type: spelled out here.) */
export type ByFlowTypeQuery = PagingQuery & { published?: boolean; cohortStatus?: Of<typeof CohortStatus> };

export const productIdParams = z.object({ id: id() });
/** POST /products/{id}/publish?publish=false unpublishes; publishing is the default. */
export const publishQuery = z.object({ publish: booleanish().default(true) }).strict();

const httpUrl = (max: number) => optionalText(max).refine((v) => v === null || v === undefined || /^https?:\/\/\S+$/i.test(v), Messages.INVALID_URL);

/**
 * POST and PUT body: the spec's product fields plus `cohortIds` (the product items, replaced as a
 * set; absent on PUT leaves them as they are). `published`, `deleted` and `enrolling` are not
 * accepted: they change through publish, archive and undelete, or follow the dates.
 */
export const productBody = z
  .object({
    name: requiredText(200),
    description: optionalText(10_000),
    salesforceProductType: optionalText(40),
    salesforceProductId: optionalText(40),
    enrollmentAgreementUrl: httpUrl(500),
    cost: moneyCents(),
    flowType: requiredEnum(ProductFlowType),
    enrollingStartDate: optionalDate(),
    enrollingEndDate: optionalDate(),
    cohortIds: z.array(id()).max(500, Messages.INVALID_VALUE).optional(),
  })
  .strict();
export type ProductInput = z.output<typeof productBody>;

// ---- Product payment plans.
export const productPlanSortable = {
  id: 'id',
  ID: 'id',
  shortDescription: 'shortDescription',
  SHORT_DESCRIPTION: 'shortDescription',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const productPlanListQuery = pagingQuery({ sortable: productPlanSortable }, { size: sizeDefault(100) });
export const productPlanParams = z.object({ id: id(), planId: id() });

/** A product payment plan: a business-category plan template plus the product's own texts. */
export const productPlanBody = z
  .object({
    paymentPlanId: id(),
    shortDescription: optionalText(255),
    longDescription: optionalText(10_000),
    salesforcePaymentPlanId: optionalText(40),
  })
  .strict();
export type ProductPlanInput = z.output<typeof productPlanBody>;

// ---- Payment plan adjustments.
export const adjustmentSortable = {
  id: 'id',
  ID: 'id',
  description: 'description',
  DESCRIPTION: 'description',
  type: 'type',
  TYPE: 'type',
  category: 'category',
  CATEGORY: 'category',
  amount: 'amount',
  AMOUNT: 'amount',
};
export const adjustmentListQuery = pagingQuery({ sortable: adjustmentSortable }, { size: sizeDefault(100) });
export const adjustmentParams = z.object({ id: id(), planId: id(), adjId: id() });

export const adjustmentBody = z
  .object({
    description: requiredText(255),
    type: requiredEnum(AdjustmentType),
    category: requiredEnum(AdjustmentCategory),
    amount: positiveMoneyCents(),
  })
  .strict();
export type AdjustmentInput = z.output<typeof adjustmentBody>;
