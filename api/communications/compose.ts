import { Op } from 'sequelize';
import { Communication, CommunicationTemplate, CommunicationTemplateContent, EmailTemplate } from '../../models';
import { renderEmail, renderInbox, type EmailLayout } from './render';

/**
 * What one recipient receives (issue 17): a template's content in their language, or a
 * communication's own subject and bodies, rendered with the params (render.ts) — the email (subject,
 * responsive HTML, text part) and the portal inbox's text. The dispatcher sends it, and the console's
 * preview shows the very same thing.
 */

export interface ComposedMessage {
  subject: string;
  html: string;
  text: string;
  /** The portal inbox's body (escaped HTML, no email layout). */
  inbox: string;
}

export type LoadedTemplate = CommunicationTemplate & { contents: CommunicationTemplateContent[]; emailTemplate?: EmailTemplate | null };

/** The params every message to a student may use (manual communications and every template). */
export const RECIPIENT_PARAMS = ['firstName', 'lastName', 'fullName', 'email'] as const;

/** The templates by id or key, with their contents and email template (one query however many). */
export async function loadTemplates(by: { ids?: number[]; keys?: string[] }): Promise<LoadedTemplate[]> {
  const or = [...(by.ids?.length ? [{ id: by.ids }] : []), ...(by.keys?.length ? [{ key: by.keys }] : [])];
  if (or.length === 0) return [];
  return (await CommunicationTemplate.findAll({
    where: { [Op.or]: or },
    include: [
      { model: CommunicationTemplateContent, as: 'contents' },
      { model: EmailTemplate, as: 'emailTemplate', required: false },
    ],
  })) as LoadedTemplate[];
}

/** The content in the recipient's language, else English (every template has one). */
export function contentFor(template: LoadedTemplate, language: string): CommunicationTemplateContent {
  const content = template.contents.find((c) => c.language === language) ?? template.contents.find((c) => c.language === 'EN') ?? template.contents[0];
  if (!content) throw new Error(`Template ${template.key} has no content`);
  return content;
}

const wrapperOf = (e: EmailTemplate | null | undefined): EmailLayout | null => (e && !e.deleted ? { header: e.header, footer: e.footer } : null);

/** A template's message for one recipient, in their language. */
export async function composeFromTemplate(template: LoadedTemplate, language: string, params: Record<string, unknown>): Promise<ComposedMessage> {
  const content = contentFor(template, language);
  const email = await renderEmail({
    subject: content.subject,
    body: content.messageBodyTemplate,
    params,
    wrapper: wrapperOf(template.emailTemplate),
    fullHtml: content.emailTemplateHtml,
  });
  return { ...email, inbox: renderInbox(content.inboxTemplate || content.messageBodyTemplate, params) };
}

export type LoadedCommunication = Communication & { communicationTemplate?: LoadedTemplate | null; emailTemplate?: EmailTemplate | null };

/**
 * A communication's message for one recipient: its template's content in their language when it has
 * a template (params: the communication's, then the recipient's), else its own subject, header and
 * long body (email) and short body (inbox, else the long one).
 */
export async function composeFromCommunication(c: LoadedCommunication, language: string, recipient: Record<string, unknown>): Promise<ComposedMessage> {
  const params = { ...(c.params ?? {}), ...recipient };
  if (c.communicationTemplate) return composeFromTemplate(c.communicationTemplate, language, params);
  const body = [c.header ? `<h2>${c.header.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</h2>` : '', c.longMessageBody ?? ''].join('');
  const email = await renderEmail({ subject: c.subject, body, params, wrapper: wrapperOf(c.emailTemplate) });
  return { ...email, inbox: renderInbox(c.shortMessageBody || c.longMessageBody || '', params) };
}

/** The params of a student as a recipient (RECIPIENT_PARAMS). */
export function recipientParams(s: { firstName: string; lastName: string; email: string }): Record<(typeof RECIPIENT_PARAMS)[number], string> {
  return { firstName: s.firstName, lastName: s.lastName, fullName: `${s.firstName} ${s.lastName}`.trim(), email: s.email };
}
