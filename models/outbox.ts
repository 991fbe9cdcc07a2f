/**
 * The outbox answers of the API (GET /outbox, GET /outbox/{id}) as the console reads them: every email
 * the product sends, recorded whatever the transport. Type-only and browser-safe.
 */
export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED';

/** One message in the list (no bodies). Date-times are ISO strings in JSON. */
export interface OutboxMessageSummary {
  id: number;
  toAddress: string;
  subject: string;
  templateKey: string | null;
  status: OutboxStatus;
  /** Why an SMTP delivery failed (credential-free), else null. */
  error: string | null;
  sentAt: Date | string | null;
  createdAt: Date | string;
}

/** One message with its bodies: the plain text always, the HTML when one was sent. */
export interface OutboxMessageDto extends OutboxMessageSummary {
  textBody: string;
  htmlBody: string | null;
}
