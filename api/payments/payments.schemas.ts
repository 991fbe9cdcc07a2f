import { z } from 'zod';
import { ManualPaymentMethod } from '../../models/enums';
import { Messages } from '../../models/messages';
import { date, id, optionalText } from '../../models/validation';
import { hasWholeCents, MAX_AMOUNT, toCents } from '../../domain/money';

const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/**
 * Dollars in a request (numeric text accepted): at most two decimals and 999,999,999.99; answered as
 * integer cents. `min`: the amount must be strictly greater (cents), with its message; `orZero`: 0 or more.
 */
export const dollarsToCents = (min: { cents: number; message: string } = { cents: 0, message: Messages.INVALID_VALUE }, orZero = false) =>
  z
    .preprocess(
      numeric,
      z
        .number({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) })
        .max(MAX_AMOUNT, Messages.INVALID_VALUE)
        .refine(hasWholeCents, Messages.INVALID_VALUE),
    )
    .transform((v) => toCents(v))
    .refine((c) => (orZero ? c >= 0 : c > min.cents), orZero ? Messages.INVALID_VALUE : min.message);

/** A payment's amount: more than 0.50 (domain rules; 400 `{ amount: MIN_PAYMENT_AMOUNT }`). */
export const paymentAmount = () => dollarsToCents({ cents: 50, message: Messages.MIN_PAYMENT_AMOUNT });

/** /students/{id}/payment_plans/{planId}/payments. */
export const planPaymentParams = z.object({ id: id(), planId: id() });
/** /students/{id}/payment_schedule/{scheduleId}/... */
export const scheduleParams = z.object({ id: id(), scheduleId: id() });
export const studentParams = z.object({ id: id() });

/** The online payment types a student (or staff for them) starts; AUTO_PAY and ENROLLMENT are the school's own charges. */
export const OnlinePaymentType = ['INSTALLMENT', 'PRE_PAY', 'PAY_OFF'] as const;

/** POST /students/{id}/payment_plans/{planId}/payments: `{ type, amount, paymentMethodId? }` (INSTALLMENT pays the oldest unpaid entry). */
export const paymentBody = z
  .object({
    type: z.enum(OnlinePaymentType, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    amount: paymentAmount(),
    paymentMethodId: id().nullish(),
  })
  .strict();
export type PaymentInput = z.output<typeof paymentBody>;

/** POST /students/{id}/payment_schedule/{scheduleId}/online_payment: `{ amount?, paymentMethodId? }` (amount defaults to the entry's due). */
export const onlinePaymentBody = z
  .object({
    amount: paymentAmount().nullish(),
    paymentMethodId: id().nullish(),
  })
  .strict();
export type OnlinePaymentInput = z.output<typeof onlinePaymentBody>;

/** POST /students/{id}/payment_schedule/{scheduleId}/external_payment: a check, wire or other payment staff record (PENDING). */
export const externalPaymentBody = z
  .object({
    method: z.enum(ManualPaymentMethod, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    paymentAmount: dollarsToCents(),
    paymentDate: date(),
    referenceNumber: optionalText(100),
    comment: optionalText(2000),
  })
  .strict();
export type ExternalPaymentInput = z.output<typeof externalPaymentBody>;

/** POST /students/{id}/payment_schedule/{scheduleId}/tax_amount: `{ taxAmount }` (0 or more). */
export const taxAmountBody = z.object({ taxAmount: dollarsToCents(undefined, true) }).strict();

/** GET /students/{id}/payments: `applicationId`, `size` (default 10, at most 100), `page`; newest first. */
export const paymentListQuery = z
  .object({
    applicationId: id().optional(),
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(10)
      .transform((n) => Math.min(n, 100)),
    page: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000).default(0),
  })
  .strict();
export type PaymentListQuery = z.output<typeof paymentListQuery>;

/** The Idempotency-Key header: optional, at most 100 characters. */
export const idempotencyKey = z.string().trim().min(1, Messages.INVALID_VALUE).max(100, Messages.INVALID_VALUE).optional();
