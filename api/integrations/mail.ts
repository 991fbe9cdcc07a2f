import { OutboxMessage } from '../../models';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  templateKey?: string;
}

/** Sends email. Every message is recorded in the outbox table whatever the transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The local default: the outbox table is the mailbox (the console shows it). */
export class OutboxMailer implements Mailer {
  async send(m: MailMessage): Promise<void> {
    await OutboxMessage.create({
      toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html ?? null, templateKey: m.templateKey ?? null,
      status: 'SENT', error: null, sentAt: new Date(),
    });
  }
}
