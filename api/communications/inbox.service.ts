import { Op } from 'sequelize';
import { CommunicationIntent } from '../../models';
import type { Principal } from '../common/context';
import { AppError } from '../common/errors';
import type { Page } from '../common/list';
import type { InboxListQuery, InboxMessageDto } from './inbox.schemas';

/**
 * The portal inbox (issue 17): a student's messages are their INBOX intents once SENT (the dispatcher
 * kept the rendered text in `body`), newest first; reading one marks it read (`readAt`) when the
 * student reads it — staff looking at it (communications:read) leave it unread. Every read is one
 * index range of (student_id, channel, status, sent_at, id) or (…, read_at).
 */

const inboxOf = (studentId: number) => ({ studentId, channel: 'INBOX' as const, status: 'SENT' as const });

const dto = (r: CommunicationIntent): InboxMessageDto => ({
  id: r.id,
  subject: r.subject ?? '',
  body: r.body ?? '',
  sentAt: (r.sentAt ?? r.createdAt).toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

const ATTRIBUTES = ['id', 'subject', 'body', 'sentAt', 'readAt', 'createdAt'];

export async function listInbox(studentId: number, q: InboxListQuery): Promise<Page<InboxMessageDto>> {
  const where = { ...inboxOf(studentId), ...(q.unread === undefined ? {} : { readAt: q.unread ? null : { [Op.ne]: null } }) };
  const [rows, total] = await Promise.all([
    CommunicationIntent.findAll({
      attributes: ATTRIBUTES,
      where,
      order: [
        ['sentAt', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: q.size,
      offset: q.page * q.size,
    }),
    CommunicationIntent.count({ where }),
  ]);
  return { content: rows.map(dto), pagination: { total, page: q.page, size: q.size } };
}

export async function unreadCount(studentId: number): Promise<{ count: number }> {
  return { count: await CommunicationIntent.count({ where: { ...inboxOf(studentId), readAt: null } }) };
}

/** One message (404 when it is not a message of this student's inbox); the student reading it marks it read. */
export async function readInboxMessage(studentId: number, intentId: number, viewer: Principal | null): Promise<InboxMessageDto> {
  const row = await CommunicationIntent.findOne({ attributes: ATTRIBUTES, where: { id: intentId, ...inboxOf(studentId) } });
  if (!row) throw AppError.notFound('Message');
  if (!row.readAt && viewer?.studentId === studentId) {
    const readAt = new Date();
    // Compare-and-set: the first read's instant stays.
    const [n] = await CommunicationIntent.update({ readAt }, { where: { id: row.id, readAt: null } });
    if (n === 1) row.readAt = readAt;
    else await row.reload({ attributes: ATTRIBUTES });
  }
  return dto(row);
}
