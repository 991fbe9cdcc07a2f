/**
 * The field rules of the catalogue's request bodies (issue 16 §3: one rule for the API's 400 and the
 * console's form check): money in a DECIMAL(12,2) column (products, programs, business categories'
 * plan templates, program plans and their lines, extra products, plan adjustments), rates in percent
 * and terms in months. The API builds its zod bodies from these schemas (api/business-categories,
 * api/products, api/programs); the console's validators are the same schemas through `fieldCheck`,
 * so a value one refuses the other refuses with the same message. Browser-safe.
 */
import { z } from 'zod';
import { Messages } from '../../models/messages';
import { hasWholeCents, toCentsOrNull } from '../money';

/** The largest amount a DECIMAL(12,2) column holds (the catalogue's money columns). */
export const MAX_COLUMN_MONEY = 9_999_999_999.99;
/** The largest term in months (a plan of 50 years). */
export const MAX_TERM_MONTHS = 600;

/** Blank text is no value. */
export const blankToNull = (v: unknown) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v);
/** Numeric text ('12.50') is read as its number; anything else is left for the schema to judge. */
export const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : b;
};
/** Whether `v` has at most `places` decimals. */
export const hasDecimals = (v: number, places: number) => {
  const scaled = v * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const number = () => z.number({ error: Messages.INVALID_VALUE });

/** Money in dollars: empty, or 0 to 9,999,999,999.99 in whole cents (numeric text accepted). */
export const moneyDollars = () =>
  z.preprocess(numeric, number().min(0, Messages.INVALID_VALUE).max(MAX_COLUMN_MONEY, Messages.INVALID_VALUE).refine(hasWholeCents, Messages.INVALID_VALUE).nullish());

/** The same, answered as integer cents (what the API's services take). */
export const moneyCents = () => moneyDollars().transform((v) => toCentsOrNull(v));

/** Money above zero, required (an adjustment: CHARGE or CREDIT says which way it goes), as integer cents. */
export const positiveMoneyCents = () =>
  moneyCents().superRefine((cents, ctx) => {
    if (cents === null) ctx.addIssue({ code: 'custom', message: Messages.REQUIRED });
    else if (cents <= 0) ctx.addIssue({ code: 'custom', message: Messages.INVALID_VALUE });
  });

/** A rate in percent: empty, or 0–100 with at most four decimals. */
export const percentRate = () =>
  z
    .preprocess(
      numeric,
      number()
        .min(0, Messages.INVALID_VALUE)
        .max(100, Messages.INVALID_VALUE)
        .refine((v) => hasDecimals(v, 4), Messages.INVALID_VALUE)
        .nullish(),
    )
    .transform((v) => (v === null || v === undefined ? null : Math.round(v * 10_000) / 10_000));

/** A term in months: a whole number 0–600; missing or empty takes `fallback`. */
export const termMonths = (fallback: number) =>
  z.preprocess(
    (v) => {
      const n = numeric(v);
      return n === null ? undefined : n;
    },
    z.number({ error: Messages.INVALID_VALUE }).int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(MAX_TERM_MONTHS, Messages.INVALID_VALUE).default(fallback),
  );

/**
 * A form validator from a field's schema: undefined when the value passes, else the schema's first
 * message (the one the API's 400 names the field with). react-admin calls it with the input's value.
 */
export const fieldCheck =
  (schema: z.ZodType) =>
  (value: unknown): string | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

// ---- The console's validators of these fields (react-admin's `validate`): the same schemas.

/** Money of the catalogue: a plan's amounts, a product's cost, a program's fees, an extra product's price. */
export const moneyCheck = fieldCheck(moneyDollars());
/** A rate in percent. */
export const percentRateCheck = fieldCheck(percentRate());
/** A term in months. */
export const termMonthsCheck = fieldCheck(termMonths(0));
/** An amount above zero that the form requires (react-admin marks the input required). */
export const positiveMoneyCheck = Object.assign(fieldCheck(positiveMoneyCents()), { isRequired: true });
