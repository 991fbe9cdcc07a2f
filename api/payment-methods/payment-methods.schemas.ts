import { z } from 'zod';
import { Messages } from '../../models/messages';
import { schoolToday } from '../../models/catalogue';
import { id, requiredText } from '../../models/validation';

export const studentIdParams = z.object({ id: id() });

/** GET /students/{id}/payment_methods: the student's cards (default first), size 100 by default. */
export const paymentMethodListQuery = z
  .object({
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(100)
      .transform((n) => Math.min(n, 100)),
    page: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000).default(0),
  })
  .strict();
export type PaymentMethodListQuery = z.output<typeof paymentMethodListQuery>;

/** POST /students/{id}/payment_methods: a card token made in the browser (the name is the contract's). */
export const paymentMethodBody = z.object({ stripeTokenId: requiredText(200) }).strict();

/** Text or a number, kept as text (the card form may send either). */
const cardText = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v), z.string().min(1, Messages.REQUIRED).max(max, Messages.INVALID_VALUE));

/** POST /payment_gateway/sandbox/tokens: the card's fields; their rules are the sandbox's (api/integrations/sandbox-gateway.ts). */
export const sandboxTokenBody = z
  .object({
    number: cardText(40),
    expMonth: cardText(4),
    expYear: cardText(4),
    cvc: cardText(4),
  })
  .strict();

/** /students/{id}/payment_methods/{methodId}. */
export const paymentMethodParams = z.object({ id: id(), methodId: id() });

/** A whole number sent as a number or as its digits (the card form may send either). */
const wholeNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v);

/** Whether month/year ended before the month of `today` (YYYY-MM-DD): the sandbox's rule for an expired card. */
export function expiryPassed(month: number, year: number, today: string): boolean {
  const [y, m] = today.split('-').map(Number);
  return year < y || (year === y && month < m);
}

/**
 * PUT /students/{id}/payment_methods/{methodId}: a renewed card's expiry. Month 1–12; year as YYYY or
 * YY (20YY), at most 50 years ahead; an expiry before the school's current month is 400 'The card has
 * expired' on `expYear` for a past year, on `expMonth` for a past month of this year (the card form's
 * messages, api/integrations/sandbox-gateway.ts).
 */
export const paymentMethodUpdateBody = z
  .object({
    expMonth: z.preprocess(wholeNumber, z.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).max(12, Messages.INVALID_VALUE)),
    expYear: z.preprocess(
      (v) => {
        const n = wholeNumber(v);
        return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 100 ? 2000 + n : n;
      },
      z.number().int(Messages.INVALID_VALUE).min(2000, Messages.INVALID_VALUE),
    ),
  })
  .strict()
  .superRefine((v, ctx) => {
    const today = schoolToday();
    const thisYear = Number(today.slice(0, 4));
    if (v.expYear > thisYear + 50) ctx.addIssue({ code: 'custom', path: ['expYear'], message: Messages.INVALID_VALUE });
    else if (expiryPassed(v.expMonth, v.expYear, today)) {
      ctx.addIssue({ code: 'custom', path: [v.expYear < thisYear ? 'expYear' : 'expMonth'], message: Messages.CARD_EXPIRED });
    }
  });
export type PaymentMethodUpdate = z.output<typeof paymentMethodUpdateBody>;
