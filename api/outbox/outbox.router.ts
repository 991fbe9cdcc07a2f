import type { Deps } from '../common/context';
import { route } from '../common/route';
import { outboxIdParams, outboxListQuery, type OutboxListQuery } from './outbox.schemas';
import * as outbox from './outbox.service';

/**
 * /api/outbox: every email the product has sent (the outbox_messages table), for reading them where
 * no mail server is set up. It holds reset links and codes: `outbox:read` (SUPER_ADMIN by default).
 */
export function outboxRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List sent emails, newest first (keyword: start of the recipient or a word of the subject; status PENDING|SENT|FAILED), without bodies',
      access: 'outbox:read',
      query: outboxListQuery,
      handle: ({ query }) => outbox.listOutbox(query as OutboxListQuery),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'One sent email with its text and HTML bodies',
      access: 'outbox:read',
      params: outboxIdParams,
      handle: ({ params }) => outbox.getOutboxMessage(params.id),
    }),
  ];
}
