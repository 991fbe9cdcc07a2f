import { z } from 'zod';
import { ExtraProductType, PurchaseStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/** Sorting on indexed columns only; newest first by default. */
export const purchaseSortable = {
  id: 'id',
  ID: 'id',
  purchasedAt: 'purchasedAt',
  PURCHASED_AT: 'purchasedAt',
  total: 'total',
  TOTAL: 'total',
  status: 'status',
  STATUS: 'status',
};
export const purchasePaging = { sortable: purchaseSortable, defaultDescending: true };
/** GET /purchases, /enrollments/{id}/purchases, /students/{id}/purchases and the criteria search's paging (keyword: student name or email, product name, ids). */
export const purchaseListQuery = pagingQuery(purchasePaging);

/** POST /purchases/find_by_criteria (issue 21: student, status, type, program, dates). */
export const purchaseCriteria: CriteriaSpec = {
  students: { kind: 'ids', column: 'studentId' },
  statuses: { kind: 'in', column: 'status', values: PurchaseStatus },
  types: { kind: 'in', column: 'productType', values: ExtraProductType },
  programs: { kind: 'ids', column: 'programId' },
  extraProducts: { kind: 'ids', column: 'extraProductId' },
  purchasedAt: { kind: 'dateRange', column: 'purchasedAt', dateTime: true },
};
export const purchaseCriteriaSchema = criteriaSchema(purchaseCriteria);
export type PurchaseCriteria = z.output<typeof purchaseCriteriaSchema>;

export const idParams = z.object({ id: id() });

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) })
    .int(Messages.INVALID_VALUE)
    .min(1, Messages.INVALID_VALUE)
    .max(99, Messages.INVALID_VALUE),
);

/** POST /enrollments/{id}/purchases/quote: what `quantity` of the product costs the student. */
export const quoteBody = z.object({ extraProductId: id(), quantity: quantity.default(1) }).strict();
export type QuoteInput = z.output<typeof quoteBody>;

/**
 * POST /enrollments/{id}/purchases: the product and quantity, and the card — a saved one
 * (`paymentMethodId`), a new one (`token`, made in the browser: saved on the student as
 * POST /students/{id}/payment_methods saves it), or neither (the student's default card). Not both.
 */
export const purchaseBody = z
  .object({
    extraProductId: id(),
    quantity: quantity.default(1),
    paymentMethodId: id().nullish(),
    token: z.string().trim().min(1, Messages.INVALID_VALUE).max(200, Messages.INVALID_VALUE).nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.paymentMethodId && v.token) ctx.addIssue({ code: 'custom', path: ['token'], message: Messages.INVALID_VALUE });
  });
export type PurchaseInput = z.output<typeof purchaseBody>;

/** POST /purchases/{id}/refund: staff ask the refund queue to give a paid purchase back (whole). */
export const purchaseRefundBody = z.object({ comments: optionalText(2000) }).strict();
