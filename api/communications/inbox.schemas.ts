import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id } from '../../models/validation';

export const inboxParams = z.object({ id: id() });
export const inboxMessageParams = z.object({ id: id(), intentId: id() });

/** GET /students/{id}/inbox: newest first, 10 a page by default, at most 100. */
export const inboxListQuery = z
  .object({
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(10)
      .transform((n) => Math.min(n, 100)),
    page: z.coerce.number().int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(1_000_000).default(0),
    unread: z
      .enum(['true', 'false'], { error: Messages.INVALID_VALUE })
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type InboxListQuery = z.output<typeof inboxListQuery>;

/** A message of the portal inbox. */
export interface InboxMessageDto {
  id: number;
  subject: string;
  body: string;
  sentAt: string;
  readAt: string | null;
}
