/**
 * The pieces every answer schema of domain/contract/ is made of (issue 16 §3): the API's answers as
 * zod schemas, strict (an extra, missing or renamed field fails the parse), from which the console and
 * the portal take their types (`z.infer`) instead of restating them by hand. Browser-safe.
 */
import { z } from 'zod';
import { hasWholeCents } from '../money';

/** Dollars as answers carry them: a JSON number with at most two decimals. */
export const dollars = z.number().refine(hasWholeCents, 'Not a whole number of cents');
/** A row id. */
export const id = z.number().int().positive();
/** A date-time as JSON writes it (ISO 8601, UTC). */
export const timestamp = z.iso.datetime();
/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** A student as a billing row names it. */
export const personRef = z.object({ id, firstName: z.string(), lastName: z.string(), fullName: z.string(), email: z.string() }).strict();
export type PersonRef = z.infer<typeof personRef>;

/** Who last changed a row (null: the system or nobody yet). */
export const updatedBy = z.object({ id: id.nullable(), name: z.string().nullable() }).strict().nullable();
export type UpdatedBy = z.infer<typeof updatedBy>;

/** A page of a list call: `{ content, pagination: { total, page, size } }`. */
export const page = <T extends z.ZodType>(item: T) =>
  z
    .object({
      content: z.array(item),
      pagination: z.object({ total: z.number().int().min(0), page: z.number().int().min(0), size: z.number().int().min(0) }).strict(),
    })
    .strict();

/** The values of an enumeration of models/enums.ts as a schema. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** What a refund owes and has paid back (a refund of the queue, a voucher's refund request): total = amount + tax. */
export const refundAmounts = {
  amountToBeRefunded: dollars,
  taxToBeRefunded: dollars,
  totalToBeRefunded: dollars,
  amountRefunded: dollars,
  taxRefunded: dollars,
  totalRefunded: dollars,
};
