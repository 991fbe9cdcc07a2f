import { z } from 'zod';
import { VoucherDiscountKind, VoucherScope } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, email, id, optionalDate, optionalText, requiredText } from '../../models/validation';
import { moneyCents } from '../../domain/contract/fields';
import { pagingQuery, type PagingQuery } from '../common/list';

/** Sorting stays on indexed columns (code is unique; dates and updatedAt have their own indexes). */
export const voucherSortable = {
  id: 'id',
  ID: 'id',
  code: 'code',
  CODE: 'code',
  validFrom: 'validFrom',
  VALID_FROM: 'validFrom',
  validTo: 'validTo',
  VALID_TO: 'validTo',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const voucherListQuery = pagingQuery({ sortable: voucherSortable });
export type VoucherListQuery = PagingQuery;

/**
 * POST /vouchers/find_by_criteria: discount kinds, scopes, active, and `validOn` (a day inside the
 * validity dates; an open end counts as valid).
 */
export const voucherCriteriaSchema = z
  .object({
    discountKinds: z.array(z.enum(VoucherDiscountKind)).max(10).nullish(),
    scopes: z.array(z.enum(VoucherScope)).max(10).nullish(),
    active: booleanish().nullish(),
    validOn: optionalDate(),
  })
  .strict();
export type VoucherCriteria = z.output<typeof voucherCriteriaSchema>;

export const voucherIdParams = z.object({ id: id() });
export const voucherStatusQuery = z.object({ active: booleanish() }).strict();

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });

/** A code students type: trimmed, upper-cased, letters, digits, '-' and '_' only. */
const code = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    requiredText(40).refine((v) => /^[A-Z0-9_-]+$/.test(v), Messages.INVALID_VALUE),
  );

/**
 * POST and PUT body. The value is a percentage (0 < v ≤ 100) for PERCENT_OFF and dollars (> 0) for
 * AMOUNT_OFF, both with at most two decimals (answered as hundredths: cents or hundredths of a
 * percent). EMAIL_IDS needs at least one email (stored lower-case, once each); ALL keeps none.
 * `active` left out keeps the current value (true for a new voucher).
 */
export const voucherBody = z
  .object({
    code: code(),
    description: optionalText(255),
    discountKind: requiredEnum(VoucherDiscountKind),
    discountValue: moneyCents(),
    scope: requiredEnum(VoucherScope),
    emailIds: z.array(email()).max(500, Messages.INVALID_VALUE).nullish(),
    validFrom: optionalDate(),
    validTo: optionalDate(),
    useLimit: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).max(1_000_000, Messages.INVALID_VALUE).nullish(),
    ),
    active: booleanish().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.discountValue === null || v.discountValue === undefined) issue('discountValue', Messages.REQUIRED);
    else if (v.discountValue <= 0 || (v.discountKind === 'PERCENT_OFF' && v.discountValue > 100_00)) issue('discountValue', Messages.INVALID_VALUE);
    if (v.scope === 'EMAIL_IDS' && !(v.emailIds ?? []).length) issue('emailIds', Messages.REQUIRED);
    if (v.validFrom && v.validTo && v.validTo < v.validFrom) issue('validTo', Messages.DATE_RANGE_ORDER);
  });
export type VoucherInput = z.output<typeof voucherBody>;
