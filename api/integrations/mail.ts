import { OutboxMessage, Student } from '../../models';
import { description } from '../../models/descriptions';
import type { ActivityEntityType, Of } from '../../models/enums';
import { activitySql } from '../common/audit';
import { insertRow, updateRowSql } from '../common/rows';
import { hotTransaction, runStatements } from '../common/sql';
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
   * Statements (escaped SQL, api/common/rows.ts) run in the transaction that records the message SENT
   * (the outbox row, the timeline entry), given the outbox row's id: the dispatcher marks its intent
   * SENT there, so the server's acceptance is recorded in one commit.
   */
  onSentSql?: (outboxMessageId: number) => string[];
  /**
   * The students the address belongs to when the sender knows them (the dispatcher: its intent's
   * student): their timeline entries are written without looking the address up.
   */
  studentIds?: number[];
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
 *
 * Every email passes here, a broadcast's by the hundred a second: the statements go out as one batch
 * (api/common/sql.ts: on MariaDB the transaction's START, the writes and the COMMIT in one round trip,
 * past Sequelize's query pipeline), as the card payment's do.
 */
export async function recordDelivery(m: MailMessage, outcome: { status: 'SENT' } | { status: 'FAILED'; error: string }, row?: OutboxMessage): Promise<OutboxMessage> {
  const sequelize = OutboxMessage.sequelize!;
  const now = new Date();
  const values = outcome.status === 'SENT' ? { status: 'SENT' as const, error: null, sentAt: now } : { status: 'FAILED' as const, error: outcome.error, sentAt: null };
  const recordForStudents = outcome.status === 'SENT' || m.recordFailure !== false;
  const studentIds = m.studentIds ?? (recordForStudents ? await studentsAt(m.to) : []);
  return hotTransaction(sequelize, async (transaction) => {
    let saved: OutboxMessage;
    const statements: string[] = [];
    if (row) {
      statements.push(updateRowSql(OutboxMessage, row.id, values, { now }));
      row.set(values, { raw: true });
      saved = row;
    } else {
      const created = { toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html ?? null, templateKey: m.templateKey ?? null, ...envelopeColumns(m), ...values };
      const id = await insertRow(OutboxMessage, created, transaction, now);
      saved = OutboxMessage.build({ ...created, id, createdAt: now }, { isNewRecord: false, raw: true });
    }
    if (recordForStudents) {
      const sent = saved.status === 'SENT';
      for (const studentId of studentIds) {
        statements.push(
          activitySql(m.actor ?? systemActor, {
            entityType: m.about?.entityType ?? 'OUTBOX_MESSAGE',
            entityId: m.about?.entityId ?? saved.id,
            studentId,
            category: 'COMMUNICATION',
            type: sent ? 'EMAIL_SENT' : 'EMAIL_FAILED',
            description: description(sent ? 'EMAIL_SENT_TO' : 'EMAIL_NOT_DELIVERED_TO', { email: m.to, subject: m.subject }),
            at: now,
          }),
        );
      }
    }
    if (outcome.status === 'SENT' && m.onSentSql) statements.push(...m.onSentSql(saved.id));
    await runStatements(sequelize, statements, transaction, { commit: true });
    return saved;
  });
}

/** The students whose address this is (a message's recipient). */
async function studentsAt(address: string): Promise<number[]> {
  const rows = await Student.findAll({ where: { email: address.trim().toLowerCase() }, attributes: ['id'], raw: true });
  return rows.map((r) => r.id);
}

/** The local default: the outbox table is the mailbox (the console shows it). */
export class OutboxMailer implements Mailer {
  async send(m: MailMessage): Promise<OutboxMessage> {
    const row = m.outboxMessageId ? await OutboxMessage.findByPk(m.outboxMessageId) : null;
    if (row) await row.update(envelopeColumns(m));
    return recordDelivery(m, { status: 'SENT' }, row ?? undefined);
  }
}
