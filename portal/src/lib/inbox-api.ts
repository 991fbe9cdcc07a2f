/**
 * The portal inbox calls (issue 17): GET /students/{id}/inbox (newest first, paged), one message
 * (reading it marks it read), and the unread count the layout's badge shows. Functions over the
 * portal's one HTTP client, like the enrollment calls.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { Page } from './enrollment-api';

export interface InboxMessage {
  id: number;
  subject: string;
  /** The message's text as the server rendered it (escaped HTML): shown as text (inboxText). */
  body: string;
  sentAt: string;
  readAt: string | null;
}

export function inboxApi(http: HttpClient) {
  return {
    list: (studentId: number, query: { page?: number; size?: number } = {}) =>
      http.request<Page<InboxMessage>>({ path: `/students/${studentId}/inbox`, query: { size: query.size ?? 10, page: query.page ?? 0 } }),
    read: (studentId: number, id: number) => http.request<InboxMessage>({ path: `/students/${studentId}/inbox/${id}` }),
    unreadCount: (studentId: number) => http.request<{ count: number }>({ path: `/students/${studentId}/inbox/unread_count` }),
  };
}
export type InboxApi = ReturnType<typeof inboxApi>;

/**
 * A message body as plain text: line breaks where the markup had paragraphs or breaks, entities
 * decoded, every tag dropped (parsed inertly, never put into the page as HTML).
 */
export function inboxText(body: string): string {
  const marked = body.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li)>/gi, '\n');
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  parsed.querySelectorAll('script, style').forEach((e) => e.remove());
  return (parsed.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
