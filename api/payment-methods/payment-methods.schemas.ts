import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id, requiredText } from '../../models/validation';

export const studentIdParams = z.object({ id: id() });

/** GET /students/{id}/payment_methods: the student's cards (default first), size 100 by default. */
export const paymentMethodListQuery = z
  .object({
    size: z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).default(100).transform((n) => Math.min(n, 100)),
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
