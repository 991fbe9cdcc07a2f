import type { Transaction } from 'sequelize';
import { OutboxMessage, Student } from '../../models';
import { description } from '../../models/descriptions';
import type { ActivityEntityType, Of } from '../../models/enums';
import { recordActivity } from '../common/audit';
import { systemActor, type Actor } from '../common/context';

/** An address with an optional display name (a template's sender or reply-to). */
export interface MailAddress {
  name?: string | null;
  address: string;
}

/** `"Name" <address>`, or the bare address: how a sender field is kept on the outbox row. */
export function formatAddress(a: MailAddress): string {
  const name = a.name?.trim();
  return name ? `"${name.replace(/["\\\r\n]/g, '')}" <${a.address}>` : a.address;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  templateKey?: string;
  /** Who had it sent, for the student's timeline (default: the system). */
  actor?: Actor;
  /** The record it is about, for the student's timeline (default: the outbox message itself). */
  about?: { entityType: Of<typeof ActivityEntityType>; entityId: number };
  /**
   * The outbox row of an earlier attempt of the same message (the dispatcher's retries): it is
   * updated instead of a new row being written, so one message is one outbox row.
   */
  outboxMessageId?: number | null;
  /**
   * false: a failed delivery updates the outbox row but writes no EMAIL_FAILED timeline entry (an
   * attempt the dispatcher will retry; it asks for the entry on the last one). Default true.
   */
  recordFailure?: boolean;
  /** From (a template's sender and its name); unset: MAIL_FROM. */
  from?: MailAddress | null;
  /** Reply-To (a template's); unset: none. */
  replyTo?: MailAddress | null;
  /** Blind copies (a template's bcc, comma-separated in the template). */
  bcc?: string[] | null;
  /**
   * The Message-ID header (`<ci-<intentId>@domain>` for the dispatcher's emails): kept on the outbox row
   * before the server is asked, so a dispatcher taking over a dead one's intents can tell a message the
   * server already accepted (dispatcher.ts).
   */
  messageId?: string | null;
  /**
   * Run inside the transaction that records the message SENT (the outbox row, the timeline entry): the
   * dispatcher marks its intent SENT there, so the server's acceptance is recorded in one commit.
   */
  onSent?: (row: OutboxMessage, transaction: Transaction) => Promise<void>;
}

/** The outbox row's record of a message's sender fields and Message-ID. */
export function envelopeColumns(m: MailMessage) {
  return {
    messageId: m.messageId ?? null,
    fromAddress: m.from ? formatAddress(m.from) : null,
    replyTo: m.replyTo ? formatAddress(m.replyTo) : null,
    bcc: m.bcc?.length ? m.bcc.join(', ').slice(0, 500) : null,
  };
}

/**
 * Sends email. Every message is recorded in the outbox table whatever the transport, and a message
 * to a student's address is an entry of that student's activity log (`recordDelivery`).
 */
export interface Mailer {
  /** Answers the message's outbox row (a mailer that keeps none may answer nothing). */
  send(message: MailMessage): Promise<OutboxMessage | void>;
  /** Releases the transport's connections (shutdown). */
  close?(): void;
}

/**
 * What became of a message, in one transaction: the outbox row is created or updated to SENT or
 * FAILED, and each student whose address it went to gets a COMMUNICATION entry (EMAIL_SENT, or
 * EMAIL_FAILED when it could not be delivered) saying to whom and what, so every email the product
 * sends a student — whichever area sends it — is on the student's timeline. Answers the outbox row.
 */
export async function recordDelivery(m: MailMessage, outcome: { status: 'SENT' } | { status: 'FAILED'; error: string }, row?: OutboxMessage): Promise<OutboxMessage> {
  return OutboxMessage.sequelize!.transaction(async (transaction) => {
    const values = outcome.status === 'SENT' ? { status: 'SENT' as const, error: null, sentAt: new Date() } : { status: 'FAILED' as const, error: outcome.error, sentAt: null };
    const saved = row
      ? await row.update(values, { transaction })
      : await OutboxMessage.create(
          { toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html ?? null, templateKey: m.templateKey ?? null, ...envelopeColumns(m), ...values },
          { transaction },
        );
    if (outcome.status === 'SENT' || m.recordFailure !== false) await recordForStudents(m, saved, transaction);
    if (outcome.status === 'SENT' && m.onSent) await m.onSent(saved, transaction);
    return saved;
  });
}

async function recordForStudents(m: MailMessage, row: OutboxMessage, transaction: Transaction): Promise<void> {
  const students = await Student.findAll({ where: { email: m.to.trim().toLowerCase() }, attributes: ['id'], transaction });
  const sent = row.status === 'SENT';
  for (const student of students) {
    await recordActivity(
      m.actor ?? systemActor,
      {
        entityType: m.about?.entityType ?? 'OUTBOX_MESSAGE',
        entityId: m.about?.entityId ?? row.id,
        studentId: student.id,
        category: 'COMMUNICATION',
        type: sent ? 'EMAIL_SENT' : 'EMAIL_FAILED',
        description: description(sent ? 'EMAIL_SENT_TO' : 'EMAIL_NOT_DELIVERED_TO', { email: m.to, subject: m.subject }),
      },
      transaction,
    );
  }
}

/** The local default: the outbox table is the mailbox (the console shows it). */
export class OutboxMailer implements Mailer {
  async send(m: MailMessage): Promise<OutboxMessage> {
    const row = m.outboxMessageId ? await OutboxMessage.findByPk(m.outboxMessageId) : null;
    if (row) await row.update(envelopeColumns(m));
    return recordDelivery(m, { status: 'SENT' }, row ?? undefined);
  }
}
