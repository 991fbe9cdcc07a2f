import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

/** Input of the application's side calls: comments, answers, auto-pay, call attempts, CRM notifications. */

export const applicationIdParams = z.object({ id: id() });
export const commentParams = z.object({ id: id(), commentId: id() });
export const notificationParams = z.object({ id: id(), notificationId: id() });
/** PATCH /applications/{id}/call_attempts/{n}: n is 0..99. */
export const callAttemptsParams = z.object({
  id: id(),
  n: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: Messages.INVALID_VALUE }).int(Messages.INVALID_VALUE).min(0, Messages.INVALID_VALUE).max(99, Messages.INVALID_VALUE),
  ),
});

/** Comments: newest first, 5 a page (back-office spec §9 sizes). */
export const commentListQuery = pagingQuery(
  { sortable: { createdAt: 'createdAt', CREATED_AT: 'createdAt' }, defaultSort: 'createdAt', defaultDescending: true, maxSize: 100, keyword: false },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(5)
      .transform((n) => Math.min(n, 100)),
  },
);
export const commentBody = z.object({ content: requiredText(5000) }).strict();

/** POST /applications/{id}/answers: `[{ questionId, content }]`, upserted by questionId. */
export const answersBody = z
  .array(z.object({ questionId: requiredText(60), content: requiredText(10_000) }).strict())
  .min(1, Messages.REQUIRED)
  .max(200, Messages.INVALID_VALUE);

export const autoPayBody = z.object({ autoPay: z.boolean({ error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) }).strict();

/** CRM notifications of an application: newest first by default. */
export const notificationSortable = {
  id: 'id',
  ID: 'id',
  createdAt: 'createdAt',
  CREATED_AT: 'createdAt',
  sentAt: 'sentAt',
  SENT_AT: 'sentAt',
  status: 'status',
  STATUS: 'status',
};
export const notificationListQuery = pagingQuery({ sortable: notificationSortable, defaultSort: 'createdAt', defaultDescending: true, maxSize: 200, keyword: false });
