import { z } from 'zod';
import { CommunicationCategory, CommunicationChannel, CommunicationKind, CommunicationStatus, IntentStatus, RecipientType, ScheduleType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, parseDate } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';
import { studentCriteriaSchema } from '../students/students.schemas';

/**
 * The communications contract (back-office spec §3 "Communication", §7 "Communications"): the body
 * staff write, the list, the intents of a communication and of a student, the FILTER recipients'
 * search and the preview.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const upper = (v: unknown) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v);

/** 'HH:mm' (24-hour, what the console's time picker sends), 'HH:mm:ss', or the 12-hour 'h:mm AM' / 'h:mm PM'. */
export function parseScheduleTime(input: string): string | null {
  const text = input.trim().toUpperCase();
  let m = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(text);
  if (m) return `${m[1].padStart(2, '0')}:${m[2]}`;
  m = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([AP])\.?M\.?$/.exec(text);
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3] === 'P' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
}

const scheduleDate = z.preprocess(
  blankToNull,
  z
    .string()
    .transform((v, ctx) => {
      const day = parseDate(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: Messages.INVALID_DATE });
        return z.NEVER;
      }
      return day;
    })
    .nullish(),
);
const scheduleTime = z.preprocess(
  blankToNull,
  z
    .string()
    .max(20)
    .transform((v, ctx) => {
      const time = parseScheduleTime(v);
      if (!time) {
        ctx.addIssue({ code: 'custom', message: Messages.INVALID_TIME });
        return z.NEVER;
      }
      return time;
    })
    .nullish(),
);

const text = (max: number) => z.preprocess(blankToNull, z.string().max(max, `Maximum ${max} characters`).nullish());
const BODY_MAX = 60_000;

/** A param's value: text, a number or a flag (rendered as text; every value is escaped). */
const paramValue = z.union([z.string().max(5000), z.number(), z.boolean()]);
const params = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'A param name is letters, digits and _'), paramValue)
  .refine((p) => Object.keys(p).length <= 50, 'At most 50 params')
  .nullish();

/** What a client may send back from a record it read: accepted and ignored. */
const readOnly = {
  id: z.unknown().optional(),
  status: z.unknown().optional(),
  scheduledAt: z.unknown().optional(),
  recipientCount: z.unknown().optional(),
  sentAt: z.unknown().optional(),
  intentCounts: z.unknown().optional(),
  communicationTemplate: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  createdById: z.unknown().optional(),
};

/** The message of a communication (its own texts, or a template with params): what the preview takes too. */
const messageShape = {
  type: z.preprocess(upper, z.enum(CommunicationKind).nullish()),
  subject: text(255),
  header: text(255),
  longMessageBody: text(BODY_MAX),
  shortMessageBody: text(BODY_MAX),
  communicationTemplateId: z.preprocess(blankToNull, id().nullish()),
  emailTemplateId: z.preprocess(blankToNull, id().nullish()),
  params,
};

/**
 * POST and PUT /communications. Defaults (spec §9): type MESSAGE, recipientType BROADCAST, scheduleType
 * NOW. `category` is accepted and ignored: every communication staff write is MANUAL_NOTIFICATION.
 * Which fields each choice needs (recipients for SPECIFIC, searchFilter for FILTER, the date and time
 * for FUTURE, a subject and body without a template) is checked by the service, as field errors.
 */
export const communicationBody = z
  .object({
    ...readOnly,
    ...messageShape,
    category: z.preprocess(upper, z.enum(CommunicationCategory).nullish()),
    recipientType: z.preprocess(upper, z.enum(RecipientType).nullish()),
    recipients: z.array(id()).max(10_000).nullish(),
    searchFilter: studentCriteriaSchema.nullish(),
    scheduleType: z.preprocess(upper, z.enum(ScheduleType).nullish()),
    scheduleDate,
    scheduleTime,
  })
  .strict();
export type CommunicationInput = z.output<typeof communicationBody>;

/** POST /communications/preview: a draft's message and the student it is shown for (in their language). */
export const previewBody = z
  .object({
    ...readOnly,
    ...messageShape,
    studentId: id(),
    category: z.unknown().optional(),
    recipientType: z.unknown().optional(),
    recipients: z.unknown().optional(),
    searchFilter: z.unknown().optional(),
    scheduleType: z.unknown().optional(),
    scheduleDate: z.unknown().optional(),
    scheduleTime: z.unknown().optional(),
  })
  .strict();
export type PreviewInput = z.output<typeof previewBody>;

/** `a,b` or repeated query params → a list of allowed values. */
const listParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      v === undefined
        ? undefined
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => String(s).split(','))
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
    z.array(z.enum(values)).max(50).optional(),
  );

/** Sorted by when they went out (spec §9: SENT_AT descending), or id / subject; each with its index. */
export const communicationSortable = { id: 'id', ID: 'id', sentAt: 'sentAt', SENT_AT: 'sentAt', subject: 'subject', SUBJECT: 'subject' };
export const communicationListQuery = pagingQuery(
  { sortable: communicationSortable, defaultSort: 'sentAt', defaultDescending: true },
  { categories: listParam(CommunicationCategory), statuses: listParam(CommunicationStatus) },
);
export type CommunicationListQuery = {
  size: number;
  page: number;
  sortBy: string;
  descending: boolean;
  keyword?: string;
  categories?: Array<(typeof CommunicationCategory)[number]>;
  statuses?: Array<(typeof CommunicationStatus)[number]>;
};

/** The list's criteria as a saved filter keeps them (search filter kind `communications`). */
export const communicationCriteria: CriteriaSpec = {
  categories: { kind: 'in', column: 'category', values: CommunicationCategory },
  statuses: { kind: 'in', column: 'status', values: CommunicationStatus },
};
export const communicationCriteriaSchema = criteriaSchema(communicationCriteria);

export const communicationIdParams = z.object({ id: id() }).strict();
export const intentParams = z.object({ id: id(), intentId: id() }).strict();
export const studentIdParams = z.object({ id: id() }).strict();

/** Intents newest first by default: by when they were sent (spec §9), or by id (creation order). */
export const intentSortable = { id: 'id', ID: 'id', sentAt: 'sentAt', SENT_AT: 'sentAt', createdAt: 'id', CREATED_AT: 'id' };
export const communicationIntentsQuery = pagingQuery({ sortable: intentSortable, defaultSort: 'sentAt', defaultDescending: true, keyword: false });
/** A student's messages: newest first (creation order), so the ones still waiting show at the top. */
export const studentIntentsQuery = pagingQuery({ sortable: intentSortable, defaultSort: 'id', defaultDescending: true, keyword: false });

/** The body of the intents lists: optionally only some statuses or channels. */
export const intentsBody = z
  .object({
    statuses: z
      .array(z.preprocess(upper, z.enum(IntentStatus)))
      .max(10)
      .nullish(),
    channels: z
      .array(z.preprocess(upper, z.enum(CommunicationChannel)))
      .max(10)
      .nullish(),
  })
  .strict();
export type IntentsFilter = z.output<typeof intentsBody>;

/** POST /communications/filter: the students list's paging over the student criteria. */
export { studentCriteriaSchema as recipientsFilterBody };
