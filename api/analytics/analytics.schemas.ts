import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id, optionalDate } from '../../models/validation';
import { daysBetween, MAX_RANGE_DAYS } from '../../domain/rules/analytics';

/** The path: any text, so that an unknown kind is a 404 (not a 400) and says which kinds exist. */
export const analyticsParams = z.object({ kind: z.string().max(60) }).strict();

const status = z.string().trim().min(1, Messages.REQUIRED).max(40);

/**
 * The criteria of every kind (platform §7): a date range (YYYY-MM-DD or MM-DD-YYYY; each kind applies it
 * to its own date column), program, business category and product, status or statuses (checked against
 * the kind's own statuses by the service), and size (top N).
 */
export const analyticsBody = z
  .object({
    startDate: optionalDate(),
    endDate: optionalDate(),
    programId: id().nullish(),
    businessCategoryId: id().nullish(),
    productId: id().nullish(),
    status: status.nullish(),
    statuses: z.array(status).max(20).nullish(),
    size: z.coerce.number().int(Messages.INVALID_VALUE).min(1, Messages.INVALID_VALUE).max(100, Messages.INVALID_VALUE).nullish(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate) {
      if (b.endDate < b.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: Messages.DATE_RANGE_ORDER });
      else if (daysBetween(b.startDate, b.endDate) >= MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['startDate'], message: Messages.INVALID_VALUE });
    }
  });
export type AnalyticsBody = z.infer<typeof analyticsBody>;
