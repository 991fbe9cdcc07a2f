import type { Identifier, RaRecord } from 'react-admin';
import type { CommunicationCategory, CommunicationKind, EmailTemplateCategory, Language, Of } from '../../../../models/enums';
import { readList, type AppDataProvider } from '../../providers/dataProvider';

/**
 * /communications-settings (issue 17): communication templates (console resource
 * `communication-templates` over /api/communication_templates) with their contents per language, and
 * email templates (`email-templates` over /api/email_templates). Permissions: `templates:*`, mapped
 * from the screen's resource `communications-settings`.
 */
export const SETTINGS = 'communications-settings';
export const TEMPLATES = 'communication-templates';
export const EMAIL_TEMPLATES = 'email-templates';
export const LANGUAGES = ['EN', 'ES'] as const;

export type LanguageValue = Of<typeof Language>;

export interface TemplateContentRecord {
  id: number;
  communicationTemplateId: number;
  language: LanguageValue;
  subject: string;
  messageBodyTemplate: string;
  voiceMailTemplate: string | null;
  inboxTemplate: string | null;
  emailTemplateHtml: string | null;
}

export interface TemplateRecord extends RaRecord {
  name: string;
  key: string;
  sender: string | null;
  fromName: string | null;
  replyTo: string | null;
  replyToName: string | null;
  bcc: string | null;
  description: string | null;
  type: Of<typeof CommunicationKind>;
  category: Of<typeof CommunicationCategory>;
  availableParams: string[];
  recipientParams: string[];
  emailTemplateId: number | null;
  emailTemplate: { id: number; name: string; deleted: boolean } | null;
  system: boolean;
  languages: LanguageValue[];
  contents?: TemplateContentRecord[];
}

export interface EmailTemplateRecord extends RaRecord {
  name: string;
  category: Of<typeof EmailTemplateCategory>;
  header: string | null;
  footer: string | null;
  deleted: boolean;
}

/** The template's body as the API takes it (POST and PUT are strict: only these fields). */
export function toTemplatePayload(values: Partial<TemplateRecord>) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    name: values.name ?? '',
    key: values.key ?? '',
    sender: text(values.sender),
    fromName: text(values.fromName),
    replyTo: text(values.replyTo),
    replyToName: text(values.replyToName),
    bcc: text(values.bcc),
    description: text(values.description),
    type: values.type ?? 'MESSAGE',
    category: values.category,
    availableParams: values.availableParams ?? [],
    emailTemplateId: values.emailTemplateId ?? null,
  };
}

export function toEmailTemplatePayload(values: Partial<EmailTemplateRecord>) {
  return { name: values.name ?? '', category: values.category ?? 'INSTITUTE', header: values.header ?? null, footer: values.footer ?? null };
}

export type ContentDraft = Pick<TemplateContentRecord, 'subject' | 'messageBodyTemplate'> & {
  inboxTemplate: string | null;
  voiceMailTemplate: string | null;
  emailTemplateHtml: string | null;
};

export interface Preview {
  language: LanguageValue;
  subject: string;
  html: string;
  text: string;
  inbox: string;
}

const templatePath = (id: Identifier, suffix = '') => `/communication_templates/${encodeURIComponent(String(id))}${suffix}`;
const nullIfBlank = (v: string | null | undefined) => (v && v.trim() !== '' ? v : null);

/** The calls of the screen beyond react-admin's CRUD. */
export function templatesApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST {id}/content (a first content is English: 409 'At least one English template required'; 409 'Language template exists'). */
    addContent: (id: Identifier, language: LanguageValue, draft: ContentDraft) =>
      dataProvider.request<TemplateContentRecord>({ method: 'POST', path: templatePath(id, '/content'), body: { language, ...contentBody(draft) } }),
    /** PUT {id}/content/{contentId}. */
    saveContent: (id: Identifier, content: TemplateContentRecord, draft: ContentDraft) =>
      dataProvider.request<TemplateContentRecord>({ method: 'PUT', path: templatePath(id, `/content/${content.id}`), body: { language: content.language, ...contentBody(draft) } }),
    /** DELETE {id}/content/{contentId} (never the English one: 409). */
    deleteContent: (id: Identifier, contentId: number) => dataProvider.request<void>({ method: 'DELETE', path: templatePath(id, `/content/${contentId}`) }),
    /** POST {id}/content/{contentId}/preview with the editor's texts: what a recipient gets, with sample values. */
    preview: (id: Identifier, contentId: number, draft: ContentDraft) =>
      dataProvider.request<Preview>({
        method: 'POST',
        path: templatePath(id, `/content/${contentId}/preview`),
        body: {
          subject: draft.subject,
          messageBodyTemplate: draft.messageBodyTemplate,
          inboxTemplate: nullIfBlank(draft.inboxTemplate),
          emailTemplateHtml: nullIfBlank(draft.emailTemplateHtml),
        },
      }),
    /** POST {id}/send_test_email: to an address (empty: the signed-in administrator's), in a language. */
    sendTest: (id: Identifier, email: string, language: LanguageValue) =>
      dataProvider.request<{ to: string; subject: string; language: LanguageValue }>({
        method: 'POST',
        path: templatePath(id, '/send_test_email'),
        body: { ...(email.trim() ? { email: email.trim() } : {}), language },
      }),
    /** PATCH /email_templates/{id}: brings an archived email template back. */
    undeleteEmailTemplate: (id: Identifier) => dataProvider.request<EmailTemplateRecord>({ method: 'PATCH', path: `/email_templates/${encodeURIComponent(String(id))}` }),
    /** Email templates for the template's select (not archived, size 200). */
    emailTemplateChoices: async () => readList<EmailTemplateRecord>(await dataProvider.request({ path: '/email_templates', query: { size: 200, sortBy: 'name' } })).data,
  };
}

function contentBody(draft: ContentDraft) {
  return {
    subject: draft.subject,
    messageBodyTemplate: draft.messageBodyTemplate,
    inboxTemplate: nullIfBlank(draft.inboxTemplate),
    voiceMailTemplate: nullIfBlank(draft.voiceMailTemplate),
    emailTemplateHtml: nullIfBlank(draft.emailTemplateHtml),
  };
}

/** The server's refusals of this screen that are not in the message catalogue's Spanish (they are: Messages). */
export const t = (key: string) => `resources.${SETTINGS}.${key}`;
