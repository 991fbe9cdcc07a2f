import nodemailer, { type Transporter } from 'nodemailer';
import type { CreationAttributes } from 'sequelize';
import { OutboxMessage } from '../../models';
import { insertRow } from '../common/rows';
import { envelopeColumns, recordDelivery, type MailMessage, type Mailer } from './mail';

/** Timeouts short enough that a dead mail server fails a request instead of hanging it. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** What a failed send throws: a generic message; the reason is only in the outbox row. */
export class MailDeliveryError extends Error {
  /**
   * `code`: the transport's error code (nodemailer's ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE…), no
   * text: the dispatcher tells a server that is away (wait, retry the batch later) from a message
   * the server refused (EENVELOPE, EMESSAGE).
   */
  constructor(
    readonly outboxId?: number,
    readonly code?: string,
  ) {
    super('The email could not be sent');
    this.name = 'MailDeliveryError';
  }

  /** The server took no part in refusing this message (it was away, or refused the connection or login). */
  get serverUnavailable(): boolean {
    return this.code !== 'EENVELOPE' && this.code !== 'EMESSAGE';
  }
}

function parseSmtpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL is not a valid URL'); // never echo the URL: it may hold a password
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return parsed;
}

/** "CODE: message", without the URL's credentials, short enough for the error column. */
function describeFailure(err: unknown, url: URL): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  let text = [typeof e?.code === 'string' ? e.code : null, typeof e?.message === 'string' ? e.message : String(err)].filter(Boolean).join(': ');
  const secrets = [url.password, decodeURIComponent(url.password), url.username, decodeURIComponent(url.username)].filter((s) => s.length > 0);
  for (const s of secrets) text = text.split(s).join('***');
  return text.slice(0, 200);
}

/**
 * SMTP delivery over nodemailer. Every message is first recorded in outbox_messages as PENDING,
 * then sent, then marked SENT (with sentAt) or FAILED (with a short, credential-free reason), with
 * the student's activity entry in the same transaction (mail.ts `recordDelivery`).
 *
 * A failed send THROWS a MailDeliveryError with a generic message: the callers (password reset,
 * invitations, verification codes) must not answer "sent" when nothing was sent, so their request
 * fails (500 via the error handler, or whatever the caller maps it to). The thrown error carries
 * only the outbox id, never the transport error, which could name the server or its account.
 */
export interface SmtpOptions {
  /**
   * Pooled connections kept open to the server (SMTP_POOL_MAX_CONNECTIONS, default 5): messages
   * reuse them instead of a TCP + TLS + login handshake each; 0 = a new connection per message.
   */
  maxConnections?: number;
}

export class SmtpMailer implements Mailer {
  private readonly url: URL;
  private readonly transport: Transporter;

  constructor(url: string, from: string, opts: SmtpOptions = {}) {
    this.url = parseSmtpUrl(url);
    const maxConnections = opts.maxConnections ?? 5;
    // A pooled connection sends up to 1,000 messages, then is replaced (some servers limit a session).
    const pool = maxConnections > 0 ? { pool: true as const, maxConnections, maxMessages: 1000 } : {};
    this.transport = nodemailer.createTransport({ url, ...TIMEOUTS, ...pool }, { from });
  }

  /** Closes the pooled connections (shutdown, tests). */
  close(): void {
    this.transport.close();
  }

  async send(m: MailMessage): Promise<OutboxMessage> {
    const values = {
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html ?? null,
      templateKey: m.templateKey ?? null,
      status: 'PENDING' as const,
      error: null,
      sentAt: null,
      ...envelopeColumns(m),
    };
    const earlier = m.outboxMessageId ? await OutboxMessage.findByPk(m.outboxMessageId) : null;
    // A first attempt (every message of a broadcast) is one INSERT on the driver (api/common/rows.ts).
    const row = earlier ? await earlier.update(values) : await newOutboxRow(values);
    try {
      await this.transport.sendMail({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.from ? { from: { name: m.from.name ?? '', address: m.from.address } } : {}),
        ...(m.replyTo ? { replyTo: { name: m.replyTo.name ?? '', address: m.replyTo.address } } : {}),
        ...(m.bcc?.length ? { bcc: m.bcc } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
      });
    } catch (err) {
      await recordDelivery(m, { status: 'FAILED', error: describeFailure(err, this.url) }, row);
      const code = (err as { code?: unknown } | null)?.code;
      throw new MailDeliveryError(row.id, typeof code === 'string' ? code : undefined);
    }
    return recordDelivery(m, { status: 'SENT' }, row);
  }

  /** Connects and authenticates without sending; throws a credential-free Error on failure. */
  async verify(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (err) {
      // eslint-disable-next-line preserve-caught-error -- the transport's error may name the SMTP URL's credentials: only their credential-free description goes on
      throw new Error(`SMTP check failed: ${describeFailure(err, this.url)}`);
    }
  }
}

async function newOutboxRow(values: CreationAttributes<OutboxMessage>): Promise<OutboxMessage> {
  const now = new Date();
  const id = await insertRow(OutboxMessage, values, undefined, now);
  return OutboxMessage.build({ ...values, id, createdAt: now }, { isNewRecord: false, raw: true });
}

/** SMTP delivery when SMTP_URL is set (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string, opts: SmtpOptions = {}): SmtpMailer {
  return new SmtpMailer(url, from, opts);
}

/** A startup/health check of SMTP_URL: resolves if the server accepts the connection and login. */
export async function verifySmtp(url: string): Promise<void> {
  const mailer = new SmtpMailer(url, 'check@localhost', { maxConnections: 0 });
  try {
    await mailer.verify();
  } finally {
    mailer.close();
  }
}
