import { z } from 'zod';
import { CommunicationCategory, CommunicationKind, Language } from '../../models/enums';
import { Messages, format } from '../../models/messages';
import { email, id, optionalText, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

/** sortBy of the templates list (back-office §7 filtered GET): each an indexed column. */
export const templateSortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name', key: 'key', KEY: 'key', category: 'category', CATEGORY: 'category', type: 'type', TYPE: 'type' };

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).max(10).optional());

/**
 * GET /communication_templates: one path for both of the spec's calls — the picker's (`size=200`,
 * `types`) and the filtered list (sortBy, descending, type, category, keyword on name and key, size,
 * page). Size at most 200 (spec §9 "templates 200").
 */
export const templateListQuery = pagingQuery({ sortable: templateSortable, defaultSort: 'ID', maxSize: 200 }).extend({
  type: z.enum(CommunicationKind, { error: Messages.INVALID_VALUE }).optional(),
  types: oneOrMany(z.enum(CommunicationKind, { error: Messages.INVALID_VALUE })),
  category: z.enum(CommunicationCategory, { error: Messages.INVALID_VALUE }).optional(),
  categories: oneOrMany(z.enum(CommunicationCategory, { error: Messages.INVALID_VALUE })),
});
export type TemplateListQuery = z.output<typeof templateListQuery>;

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A params list: names a placeholder can use, each once. */
const paramNames = z
  .array(z.string().trim().min(1, Messages.REQUIRED).max(60, format(Messages.MAX_LENGTH, 60)).regex(PARAM_NAME, 'Letters, digits and _ only, not starting with a digit'))
  .max(50)
  .refine((names) => new Set(names).size === names.length, 'Each param once');

/** Several addresses separated by commas (bcc). */
const addressList = optionalText(500).refine((v) => !v || v.split(',').every((a) => email().safeParse(a).success), Messages.EMAIL_FORMAT);
const optionalEmail = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), email().nullish());

export const templateBody = z
  .object({
    name: requiredText(120),
    key: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string()
        .min(1, Messages.REQUIRED)
        .max(80, format(Messages.MAX_LENGTH, 80))
        .regex(/^[A-Z][A-Z0-9_]*$/, 'Capital letters, digits and _ only, starting with a letter'),
    ),
    sender: optionalEmail,
    fromName: optionalText(120),
    replyTo: optionalEmail,
    replyToName: optionalText(120),
    bcc: addressList,
    description: optionalText(500),
    type: z.enum(CommunicationKind).default('MESSAGE'),
    category: z.enum(CommunicationCategory),
    availableParams: paramNames.default([]),
    emailTemplateId: id().nullish(),
  })
  .strict();
export type TemplateInput = z.output<typeof templateBody>;

export const templateIdParams = z.object({ id: id() });
export const contentIdParams = z.object({ id: id(), contentId: id() });

/** A content (one language): subject and body required; inbox, voice-mail and complete-HTML variants optional. */
export const contentBody = z
  .object({
    language: z.enum(Language),
    subject: requiredText(255),
    messageBodyTemplate: requiredText(100_000),
    voiceMailTemplate: optionalText(10_000),
    inboxTemplate: optionalText(100_000),
    emailTemplateHtml: optionalText(200_000),
  })
  .strict();
export type ContentInput = z.output<typeof contentBody>;

export const contentListQuery = pagingQuery(
  { sortable: { id: 'id', ID: 'id', language: 'language', LANGUAGE: 'language' }, defaultSort: 'ID', maxSize: 100, keyword: false },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(100)
      .transform((v) => Math.min(v, 100)),
  },
);

/** Sample or given values of the template's params (any not given gets `[name]`). */
const paramValues = z.record(z.string().max(60), z.union([z.string().max(5000), z.number(), z.boolean()])).optional();

export const testEmailBody = z
  .object({
    email: optionalEmail,
    language: z.enum(Language).default('EN'),
    params: paramValues,
  })
  .strict();
export type TestEmailInput = z.output<typeof testEmailBody>;

/** A preview: the stored content, or the editor's unsaved texts in its place. */
export const previewBody = z
  .object({
    params: paramValues,
    subject: z.string().max(255).optional(),
    messageBodyTemplate: z.string().max(100_000).optional(),
    inboxTemplate: z.string().max(100_000).nullish(),
    emailTemplateHtml: z.string().max(200_000).nullish(),
  })
  .strict();
export type PreviewInput = z.output<typeof previewBody>;
