import { z } from 'zod';
import { CoachProductSignUpStatus, CoachProductType, PurchaseStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { email, id, optionalText, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';
import { dollarsCentsOrZero } from '../refunds/refunds.schemas';

const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });

const count = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) })
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .max(max, Messages.INVALID_VALUE),
  );

export const idParams = z.object({ id: id() });

/** GET /coach_products: a coach's own (staff: all, or one coach's with coachId). */
export const coachProductListQuery = pagingQuery(
  { sortable: { id: 'id', ID: 'id', name: 'name', NAME: 'name' }, defaultSort: 'id' },
  { coachId: id().optional(), active: z.enum(['true', 'false']).optional() },
);

/** POST /coach_products (staff name the coach; a coach's token makes its own) and PUT /coach_products/{id}. */
export const coachProductBody = z
  .object({
    coachId: id().nullish(),
    name: requiredText(200),
    description: optionalText(2000),
    type: enumOf(CoachProductType),
    price: dollarsCentsOrZero(),
    sessions: count(200),
    active: z.boolean().optional(),
  })
  .strict();
export type CoachProductInput = z.output<typeof coachProductBody>;

const signUpSortable = { id: 'id', ID: 'id', status: 'status', STATUS: 'status', createdAt: 'createdAt', CREATED_AT: 'createdAt' };
/** GET /coach_product_sign_up and its criteria search's paging (keyword: the customer's name or email, the product's name, ids). */
export const signUpListQuery = pagingQuery({ sortable: signUpSortable, defaultDescending: true });

const purchaseSortable = { id: 'id', ID: 'id', status: 'status', STATUS: 'status', purchasedAt: 'purchasedAt', PURCHASED_AT: 'purchasedAt', amount: 'amount', AMOUNT: 'amount' };
export const coachPurchaseListQuery = pagingQuery({ sortable: purchaseSortable, defaultDescending: true });

/** The criteria of both searches (back-office spec §9: {coach, customer, status} plus coachProductType); empty parts dropped. */
const criteria = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z
    .object({
      coach: id().nullish(),
      customer: id().nullish(),
      status: z.preprocess((v) => (v === '' ? null : v), enumOf(statuses).nullish()),
      coachProductType: z.preprocess((v) => (v === '' ? null : v), enumOf(CoachProductType).nullish()),
    })
    .strict();
export const signUpCriteria = criteria(CoachProductSignUpStatus);
export const coachPurchaseCriteria = criteria(PurchaseStatus);
export type CoachCriteria = { coach?: number | null; customer?: number | null; status?: string | null; coachProductType?: string | null };

/**
 * POST /coach_product_sign_up: a coach signs a customer up for one of the coach's own products (staff
 * for any coach). The customer by id or by email (what the coach knows); the customer's card (a saved
 * one, else the default) is charged the product's price at once.
 */
export const signUpBody = z
  .object({
    coachProductId: id(),
    customerId: id().nullish(),
    customerEmail: z.preprocess((v) => (v === '' ? null : v), email().nullish()),
    paymentMethodId: id().nullish(),
    notes: optionalText(2000),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.customerId && !v.customerEmail) ctx.addIssue({ code: 'custom', path: ['customerEmail'], message: Messages.REQUIRED });
  });
export type SignUpInput = z.output<typeof signUpBody>;
