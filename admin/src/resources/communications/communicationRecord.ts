import type { Identifier, RaRecord } from 'react-admin';
import type { CommunicationCategory, CommunicationChannel, CommunicationKind, CommunicationStatus, IntentStatus, Of, RecipientType, ScheduleType } from '../../../../models/enums';
import { apiPath, cleanCriteria, pagingToQuery, readList, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Communications (the console resource `communications` over /api/communications, issue 17;
 * back-office spec §3, §7): what staff write to students, its recipients and its intents (one per
 * recipient, channel and attempt). The shapes are the communications contract's answers.
 */

export const COMMUNICATIONS = 'communications';
export const SAVED_FILTER_KIND = 'communications';

export type CommunicationStatusValue = Of<typeof CommunicationStatus>;
export type IntentStatusValue = Of<typeof IntentStatus>;

export interface IntentCounts {
  CREATED: number;
  SENDING: number;
  SENT: number;
  FAILED: number;
}

export interface CommunicationRecord extends RaRecord {
  type: Of<typeof CommunicationKind>;
  category: Of<typeof CommunicationCategory>;
  recipientType: Of<typeof RecipientType>;
  scheduleType: Of<typeof ScheduleType>;
  scheduleDate: string | null;
  /** 24-hour HH:mm, New York time. */
  scheduleTime: string | null;
  scheduledAt: string;
  subject: string;
  status: CommunicationStatusValue;
  recipientCount: number;
  sentAt: string | null;
  communicationTemplateId: number | null;
  searchFilter?: Record<string, unknown> | null;
  recipients?: number[] | null;
  header?: string | null;
  longMessageBody?: string | null;
  shortMessageBody?: string | null;
  emailTemplateId?: number | null;
  params?: Record<string, string | number | boolean> | null;
  communicationTemplate?: { id: number; name: string; key: string; category: string; availableParams: string[] } | null;
  intentCounts?: IntentCounts;
  createdAt: string;
  updatedAt: string;
  updatedBy?: { id: number | null; name: string | null } | null;
}

export interface IntentRecord extends RaRecord {
  communicationId: number | null;
  templateKey: string | null;
  studentId: number | null;
  student: { id: number; firstName: string; lastName: string; email: string } | null;
  communication: { id: number; subject: string; type: string; category: string } | null;
  toAddress: string | null;
  language: string;
  channel: Of<typeof CommunicationChannel>;
  status: IntentStatusValue;
  subject: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  resendOfId: number | null;
  sentAt: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface RecipientRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  languageIso2LetterCode: string;
  active: boolean;
}

export interface PreviewAnswer {
  subject: string;
  html: string;
  text: string;
  inbox: string;
  language: string;
  student: { id: number; firstName: string; lastName: string; email: string };
}

/** One params entry as the form edits it. */
export interface ParamPair {
  key: string;
  value: string;
}

/** What the drawer's form holds. */
export interface CommunicationFormValues {
  id?: Identifier;
  type: string;
  recipientType: string;
  recipients: number[];
  searchFilter: Record<string, unknown>;
  scheduleType: string;
  scheduleDate: string | null;
  scheduleTime: string | null;
  subject: string | null;
  header: string | null;
  longMessageBody: string | null;
  shortMessageBody: string | null;
  communicationTemplateId: number | null;
  emailTemplateId: number | null;
  params: ParamPair[];
}

/** Communications that have not started sending may still be changed (the API's rule). */
export const isEditable = (record: Pick<CommunicationRecord, 'status'>) => ['CREATED', 'SCHEDULED', 'DRAFT'].includes(record.status);

export const communicationStatusColor: Record<CommunicationStatusValue, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  CREATED: 'default',
  SCHEDULED: 'info',
  DRAFT: 'default',
  SENDING: 'warning',
  SENT: 'success',
  FAILED: 'error',
  ERROR: 'error',
};
export const intentStatusColor: Record<IntentStatusValue, 'default' | 'warning' | 'success' | 'error'> = {
  CREATED: 'default',
  SENDING: 'warning',
  SENT: 'success',
  FAILED: 'error',
};

/** A new communication: the spec's defaults (MESSAGE, BROADCAST, NOW). */
export const NEW_COMMUNICATION: CommunicationFormValues = {
  type: 'MESSAGE',
  recipientType: 'BROADCAST',
  recipients: [],
  searchFilter: {},
  scheduleType: 'NOW',
  scheduleDate: null,
  scheduleTime: null,
  subject: '',
  header: '',
  longMessageBody: '',
  shortMessageBody: '',
  communicationTemplateId: null,
  emailTemplateId: null,
  params: [],
};

export function toFormValues(record: CommunicationRecord): CommunicationFormValues {
  return {
    id: record.id,
    type: record.type,
    recipientType: record.recipientType,
    recipients: record.recipients ?? [],
    searchFilter: record.searchFilter ?? {},
    scheduleType: record.scheduleType,
    scheduleDate: record.scheduleDate,
    scheduleTime: record.scheduleTime,
    subject: record.subject,
    header: record.header ?? '',
    longMessageBody: record.longMessageBody ?? '',
    shortMessageBody: record.shortMessageBody ?? '',
    communicationTemplateId: record.communicationTemplateId,
    emailTemplateId: record.emailTemplateId ?? null,
    params: Object.entries(record.params ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  };
}

const text = (value: unknown): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
};

export function toParams(pairs: ReadonlyArray<Partial<ParamPair> | null | undefined> | null | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const key = (pair?.key ?? '').trim();
    if (key) out[key] = String(pair?.value ?? '');
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The form → exactly the body of POST/PUT /communications: only the recipients of the chosen type,
 * the date and time only for FUTURE, texts trimmed (empty → null), params as an object. Category is
 * not sent: the API makes every communication MANUAL_NOTIFICATION.
 */
export function toPayload(form: Partial<CommunicationFormValues>) {
  const recipientType = form.recipientType ?? 'BROADCAST';
  const scheduleType = form.scheduleType ?? 'NOW';
  const templateId = form.communicationTemplateId ? Number(form.communicationTemplateId) : null;
  return {
    type: form.type ?? 'MESSAGE',
    recipientType,
    recipients: recipientType === 'SPECIFIC' ? (form.recipients ?? []).map(Number) : null,
    searchFilter: recipientType === 'FILTER' ? cleanCriteria(form.searchFilter ?? {}) : null,
    scheduleType,
    scheduleDate: scheduleType === 'FUTURE' ? (form.scheduleDate ?? null) : null,
    scheduleTime: scheduleType === 'FUTURE' ? (form.scheduleTime ?? null) : null,
    subject: text(form.subject),
    header: text(form.header),
    longMessageBody: text(form.longMessageBody),
    shortMessageBody: text(form.shortMessageBody),
    communicationTemplateId: templateId,
    emailTemplateId: form.emailTemplateId ? Number(form.emailTemplateId) : null,
    params: toParams(form.params),
  };
}

const at = (id: Identifier, suffix: string) => `/${apiPath(COMMUNICATIONS)}/${encodeURIComponent(String(id))}${suffix}`;

/** The communications' own calls (the data provider keeps list, get, create and update). */
/** GET /communications/backlog: what the dispatcher has not delivered yet, over every intent. */
export interface DeliveryBacklog {
  waiting: number;
  retrying: number;
  sending: number;
  failed: number;
  oldestWaitingSince: string | null;
  nextRetryAt: string | null;
}

export function communicationApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** GET /communications/backlog. */
    backlog: () => dataProvider.request<DeliveryBacklog>({ method: 'GET', path: `/${apiPath(COMMUNICATIONS)}/backlog` }),
    /** POST /communications/filter?size: the count (total) and first students a FILTER reaches. */
    filter: async (criteria: Record<string, unknown>, size = 5) => {
      const answer = await dataProvider.request<{ content: RecipientRecord[]; pagination: { total: number } }>({
        method: 'POST',
        path: `/${apiPath(COMMUNICATIONS)}/filter`,
        query: { size, page: 0 },
        body: cleanCriteria(criteria),
      });
      return { total: answer.pagination.total, students: answer.content };
    },
    /** POST /communications/preview: the draft for one student in their language. */
    preview: (draft: ReturnType<typeof toPayload>, studentId: Identifier) =>
      dataProvider.request<PreviewAnswer>({
        method: 'POST',
        path: `/${apiPath(COMMUNICATIONS)}/preview`,
        body: {
          subject: draft.subject,
          header: draft.header,
          longMessageBody: draft.longMessageBody,
          shortMessageBody: draft.shortMessageBody,
          communicationTemplateId: draft.communicationTemplateId,
          emailTemplateId: draft.emailTemplateId,
          params: draft.params,
          studentId: Number(studentId),
        },
      }),
    /** POST /communications/{id}/communication_intents?page&size (newest sent first), optionally some statuses. */
    intents: async (id: Identifier, page: number, size: number, statuses?: string[]) =>
      readList<IntentRecord>(
        await dataProvider.request({
          method: 'POST',
          path: at(id, '/communication_intents'),
          query: pagingToQuery({ pagination: { page, perPage: size }, sort: { field: 'sentAt', order: 'DESC' } }),
          body: statuses?.length ? { statuses } : {},
        }),
      ),
    /** POST .../communication_intents/{intentId}/resend → the new intent (409 while not finished or once resent). */
    resend: (id: Identifier, intentId: Identifier) =>
      dataProvider.request<IntentRecord>({ method: 'POST', path: at(id, `/communication_intents/${encodeURIComponent(String(intentId))}/resend`) }),
    /** POST .../communication_intents/resend_failed → { count }. */
    resendFailed: (id: Identifier) => dataProvider.request<{ count: number }>({ method: 'POST', path: at(id, '/communication_intents/resend_failed') }),
    /** GET /communication_templates?size=200 (the templates slice's list), for the template select. */
    templates: async () =>
      readList<RaRecord & { name: string; key: string; availableParams?: string[]; category?: string }>(
        await dataProvider.request({ path: '/communication_templates', query: { size: 200, page: 0 } }),
      ).data,
    /** GET /email_templates?size=200 (header and footer), the ones not archived. */
    emailTemplates: async () =>
      readList<RaRecord & { name: string; deleted?: boolean }>(await dataProvider.request({ path: '/email_templates', query: { size: 200, page: 0 } })).data.filter(
        (e) => !e.deleted,
      ),
  };
}
