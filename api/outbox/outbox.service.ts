import { Op, type WhereOptions } from 'sequelize';
import { OutboxMessage } from '../../models';
import type { OutboxMessageDto, OutboxMessageSummary } from '../../models/outbox';
import { AppError } from '../common/errors';
import { likePrefix, runList, type ListSpec } from '../common/list';
import { outboxSortable, type OutboxListQuery } from './outbox.schemas';

/**
 * The outbox (issue 15): every email the product sends is a row of outbox_messages, whatever the
 * transport (api/integrations/mail.ts); without SMTP_URL it is the only place an email goes, so the
 * console shows it. It holds password-reset links, invitations and verification codes: reading it
 * needs `outbox:read`, which only SUPER_ADMIN holds among the seeded roles.
 */

const spec: ListSpec<OutboxMessage> = { model: OutboxMessage, sortable: outboxSortable, defaultDescending: true, keywordColumns: [] };

export function outboxSummary(m: OutboxMessage): OutboxMessageSummary {
  return { id: m.id, toAddress: m.toAddress, subject: m.subject, templateKey: m.templateKey, status: m.status, error: m.error, sentAt: m.sentAt, createdAt: m.createdAt };
}

/**
 * Every word must match: the start of the recipient (its index) or anywhere in the subject (subjects
 * begin with the school's name, so a prefix would find nothing useful; the scan is bounded by the
 * page walking the primary key newest first). A number also matches the message id.
 */
function keywordCondition(keyword: string | undefined, dialect: string): WhereOptions | null {
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return null;
  return {
    [Op.and]: words.map((w) => {
      const ors: WhereOptions[] = [{ toAddress: { [Op.like]: likePrefix(w.toLowerCase(), dialect) } }, { subject: { [Op.like]: `%${likePrefix(w, dialect)}` } }];
      if (/^\d{1,9}$/.test(w)) ors.push({ id: Number(w) });
      return { [Op.or]: ors };
    }),
  };
}

/** GET /outbox: the messages, newest first, without their bodies; keyword on recipient and subject, optionally one status. */
export function listOutbox(q: OutboxListQuery) {
  const dialect = OutboxMessage.sequelize!.getDialect();
  return runList(spec, { ...q, keyword: undefined }, [keywordCondition(q.keyword, dialect), q.status ? { status: q.status } : null], outboxSummary);
}

/** GET /outbox/{id}: one message with its text and HTML bodies (404 when there is none). */
export async function getOutboxMessage(id: number): Promise<OutboxMessageDto> {
  const m = await OutboxMessage.findByPk(id);
  if (!m) throw AppError.notFound('Outbox message');
  return { ...outboxSummary(m), textBody: m.textBody, htmlBody: m.htmlBody };
}
