import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { inboxListQuery, inboxMessageParams, inboxParams } from './inbox.schemas';
import * as inbox from './inbox.service';

/**
 * /api/students/{id}/inbox: the portal inbox of a student (issue 17). The student reaches only their
 * own (another student's is 403); staff with `communications:read` may look (without marking read).
 */
export function inboxRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/inbox',
      summary: "A student's inbox messages, newest first (paged; unread=true|false filters)",
      access: 'communications:read',
      self: ownStudent,
      params: inboxParams,
      query: inboxListQuery,
      handle: ({ params, query }) => inbox.listInbox(params.id, query),
    }),
    route({
      method: 'get',
      path: '/:id/inbox/unread_count',
      summary: "How many of a student's inbox messages are unread { count }",
      access: 'communications:read',
      self: ownStudent,
      params: inboxParams,
      handle: ({ params }) => inbox.unreadCount(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/inbox/:intentId',
      summary: 'One inbox message; the student reading it marks it read (readAt)',
      access: 'communications:read',
      self: ownStudent,
      params: inboxMessageParams,
      handle: ({ params, auth }) => inbox.readInboxMessage(params.id, params.intentId, auth),
    }),
  ];
}
