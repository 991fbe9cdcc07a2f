import { z } from 'zod';
import { ExtraProductPriceType, ExtraProductType, GraduationRequirementType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText, requiredText } from '../../models/validation';
import { checkPlanTerms, forcePayInFull, planTermsShape } from '../business-categories/business-categories.schemas';
import { moneyCents } from '../../domain/contract/fields';
import { checkModuleDates, displayOrder, moduleShape } from '../catalogue/modules';
import { pagingQuery } from '../common/list';

/** A default page size other than the platform's 10 (capped like every list). */
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
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : b;
};
/** An optional whole number in [min, max]; blank is null. */
const optionalInt = (min = 0, max = 1_000_000) =>
  z.preprocess(numeric, z.number().int(Messages.INVALID_VALUE).min(min, Messages.INVALID_VALUE).max(max, Messages.INVALID_VALUE).nullish()).transform((v) => v ?? null);
/** A flag: missing or null is false. */
const flag = () => z.preprocess((v) => (v === null ? undefined : v), booleanish().default(false));
/** An optional reference id; blank or null is null. */
const optionalId = () => z.preprocess((v) => (v === '' ? null : v), id().nullish()).transform((v) => v ?? null);

export const programIdParams = z.object({ id: id() });

// ---------------------------------------------------------------- graduation requirements

export const requirementSortable = { id: 'id', ID: 'id', displayOrder: 'displayOrder', DISPLAY_ORDER: 'displayOrder', name: 'name', NAME: 'name', type: 'type', TYPE: 'type' };
export const requirementListQuery = pagingQuery({ sortable: requirementSortable, defaultSort: 'DISPLAY_ORDER' }, { size: sizeDefault(100) });
export const requirementParams = z.object({ id: id(), requirementId: id() });

/** A graduation requirement (spec §3). Counts are whole numbers; minScore is a percentage. */
export const requirementBody = z
  .object({
    name: requiredText(200),
    total: optionalInt(),
    type: requiredEnum(GraduationRequirementType),
    requirement: optionalText(255),
    minRequiredToComplete: optionalInt(),
    minRequiredToPass: optionalInt(),
    minScore: z
      .preprocess(
        numeric,
        z
          .number()
          .min(0, Messages.INVALID_VALUE)
          .max(100, Messages.INVALID_VALUE)
          .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, Messages.INVALID_VALUE)
          .nullish(),
      )
      .transform((v) => v ?? null),
    displayOrder: z.preprocess(numeric, z.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000, Messages.INVALID_VALUE)),
    quizCategoryId: optionalId(),
    assignmentCategoryId: optionalId(),
    quizIds: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .array(z.preprocess((x) => (typeof x === 'number' ? String(x) : x), requiredText(40)))
        .max(500)
        .default([]),
    ),
  })
  .strict()
  .superRefine((r, ctx) => {
    // The minimums cannot exceed the total they count against.
    for (const key of ['minRequiredToComplete', 'minRequiredToPass'] as const) {
      if (r.total !== null && r[key] !== null && r[key]! > r.total) ctx.addIssue({ code: 'custom', path: [key], message: Messages.INVALID_VALUE });
    }
  });
export type RequirementInput = z.output<typeof requirementBody>;

/** GET /programs/{id}/quiz_categories and /assignment_categories: few rows, one page of 100 by default. */
export const categorySortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name' };
export const lmsCategoryListQuery = pagingQuery({ sortable: categorySortable, defaultSort: 'NAME', maxSize: 2000 }, { size: sizeDefault(100, 2000) });

// ---------------------------------------------------------------- program payment plans

export const programPlanSortable = {
  id: 'id',
  ID: 'id',
  name: 'name',
  NAME: 'name',
  paymentPlanType: 'paymentPlanType',
  PAYMENT_PLAN_TYPE: 'paymentPlanType',
  updatedAt: 'updatedAt',
};
export const programPlanListQuery = pagingQuery({ sortable: programPlanSortable }, { size: sizeDefault(100) });
export const programPlanParams = z.object({ id: id(), planId: id() });

const planLine = z
  .object({
    accountingLineId: id(),
    amount: moneyCents().refine((v) => v !== null, Messages.REQUIRED),
  })
  .strict();

/**
 * A program payment plan: name, default flag, descriptions, the terms of a business-category plan
 * (the same rules: PAY_IN_FULL forced to FIXED_TERMS / totalTerm 1, INTEREST_BEARING needs its
 * schedule's fields) and its accounting lines with amounts (integer cents after parsing).
 */
export const programPlanBody = z
  .object({
    name: requiredText(200),
    isDefault: flag(),
    shortDescription: optionalText(255),
    longDescription: optionalText(5000),
    ...planTermsShape,
    salesforcePaymentPlanId: optionalText(40),
    accountingLines: z.preprocess((v) => (v === null ? undefined : v), z.array(planLine).max(100).default([])),
  })
  .strict()
  .transform(forcePayInFull)
  .superRefine(checkPlanTerms)
  .superRefine((p, ctx) => {
    const seen = new Set<number>();
    p.accountingLines.forEach((line, i) => {
      if (seen.has(line.accountingLineId)) ctx.addIssue({ code: 'custom', path: ['accountingLines', i, 'accountingLineId'], message: Messages.INVALID_VALUE });
      seen.add(line.accountingLineId);
    });
  });
export type ProgramPlanInput = z.output<typeof programPlanBody>;

// ---------------------------------------------------------------- extra products

export const extraProductSortable = {
  id: 'id',
  ID: 'id',
  name: 'name',
  NAME: 'name',
  type: 'type',
  TYPE: 'type',
  price: 'price',
  PRICE: 'price',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
/** Archived extra products are listed only with `deleted=true`. */
export const extraProductListQuery = pagingQuery({ sortable: extraProductSortable, defaultSort: 'NAME' }, { size: sizeDefault(100) }).extend({
  deleted: booleanish().default(false),
  published: booleanish().optional(),
  type: z.enum(ExtraProductType).optional(),
});
export const extraProductParams = z.object({ id: id(), extraProductId: id() });
export const publishQuery = z.object({ publish: booleanish() }).strict();

/** An extra product (spec §3) without `published`, which changes through PATCH .../publish. */
export const extraProductBody = z
  .object({
    name: requiredText(200),
    description: optionalText(5000),
    type: requiredEnum(ExtraProductType),
    priceType: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(ExtraProductPriceType).default('FIXED')),
    price: moneyCents(),
    calculateTaxes: flag(),
    multipleItemPurchase: flag(),
  })
  .strict()
  // A FREE product costs 0 whatever was sent; a FIXED one needs its price.
  .transform((p) => (p.priceType === 'FREE' ? { ...p, price: 0 } : p))
  .superRefine((p, ctx) => {
    if (p.priceType === 'FIXED' && p.price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: Messages.REQUIRED });
  });
export type ExtraProductInput = z.output<typeof extraProductBody>;

// ---------------------------------------------------------------- program modules

export const moduleSortable = { id: 'id', ID: 'id', displayOrder: 'displayOrder', DISPLAY_ORDER: 'displayOrder', title: 'title', TITLE: 'title' };
/** GET /programs/{id}/program_modules: 20 a page (spec §9), by display order then id. */
export const moduleListQuery = pagingQuery({ sortable: moduleSortable, defaultSort: 'DISPLAY_ORDER' }, { size: sizeDefault(20) });
export const moduleParams = z.object({ id: id(), moduleId: id() });

/** A module (spec §3). `group` is free text; `moduleGroupId` points at a module group. */
export const moduleBody = z
  .object({ ...moduleShape, displayOrder: displayOrder().default(0) })
  .strict()
  .superRefine(checkModuleDates);
export type ModuleInput = z.output<typeof moduleBody>;

export const cohortModuleParams = z.object({ id: id(), moduleId: id() });
/** PATCH .../cohort_modules/{moduleId}/module_group: null clears the group. */
export const moduleGroupAssignBody = z.object({ moduleGroupId: z.preprocess((v) => (v === undefined ? undefined : v === '' ? null : v), id().nullable()) }).strict();
