import { Op, UniqueConstraintError, type Transaction, type WhereOptions } from 'sequelize';
import { CohortModule, Communication, CommunicationTemplate, CommunicationTemplateContent, EmailTemplate, ProgramModule, User } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type Page } from '../common/list';
import { defineResource } from '../common/resource';
import { composeFromTemplate, RECIPIENT_PARAMS, type LoadedTemplate } from '../communications/compose';
import { checkPlaceholders, MissingParamsError } from '../communications/render';
import {
  contentBody,
  contentListQuery,
  templateSortable,
  type ContentInput,
  type PreviewInput,
  type TemplateInput,
  type TemplateListQuery,
  type TestEmailInput,
} from './communication-templates.schemas';

/**
 * Communication templates (back-office §7 /communication_templates; domain rules "Communications"):
 * a key the product or staff send by, sender details, type, category, the params its texts may use,
 * the email template that wraps it, and one content per language — English first and always
 * ('At least one English template required'), one per language ('Language template exists'). Every
 * text is checked against availableParams and the recipient's params at save (400 naming the
 * unknown placeholder on its field); a system template (a product email) keeps its key and is never
 * deleted. Preview and test email render through compose.ts, as every send does.
 */

/** What every subject of a test email starts with, so nobody mistakes it for a real message. */
export const TEST_EMAIL_MARK = '[TEST]';

type Loaded = CommunicationTemplate & { contents?: CommunicationTemplateContent[]; emailTemplate?: EmailTemplate | null };

export function contentDto(c: CommunicationTemplateContent) {
  return {
    id: c.id,
    communicationTemplateId: c.communicationTemplateId,
    language: c.language,
    subject: c.subject,
    messageBodyTemplate: c.messageBodyTemplate,
    voiceMailTemplate: c.voiceMailTemplate ?? null,
    inboxTemplate: c.inboxTemplate ?? null,
    emailTemplateHtml: c.emailTemplateHtml ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    updatedBy: updatedByOf(c),
  };
}

const LANGUAGE_ORDER = ['EN', 'ES'];
const byLanguage = (a: { language: string }, b: { language: string }) => LANGUAGE_ORDER.indexOf(a.language) - LANGUAGE_ORDER.indexOf(b.language);

/** A template; `contents` in full with the record, the languages alone in lists. */
export function templateDto(t: Loaded, withContents = false) {
  const contents = [...(t.contents ?? [])].sort(byLanguage);
  return {
    id: t.id,
    name: t.name,
    key: t.key,
    sender: t.sender ?? null,
    fromName: t.fromName ?? null,
    replyTo: t.replyTo ?? null,
    replyToName: t.replyToName ?? null,
    bcc: t.bcc ?? null,
    description: t.description ?? null,
    type: t.type,
    category: t.category,
    availableParams: t.availableParams,
    /** The params every template may use besides its own (the recipient's). */
    recipientParams: [...RECIPIENT_PARAMS],
    emailTemplateId: t.emailTemplateId ?? null,
    emailTemplate: t.emailTemplate ? { id: t.emailTemplate.id, name: t.emailTemplate.name, deleted: t.emailTemplate.deleted } : null,
    system: t.system,
    languages: contents.map((c) => c.language),
    ...(withContents ? { contents: contents.map(contentDto) } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    updatedBy: updatedByOf(t),
  };
}
export type TemplateDto = ReturnType<typeof templateDto>;

const listInclude = [
  { model: CommunicationTemplateContent, as: 'contents', attributes: ['id', 'language'] },
  { model: EmailTemplate, as: 'emailTemplate', attributes: ['id', 'name', 'deleted'], required: false },
];
const recordInclude = [
  { model: CommunicationTemplateContent, as: 'contents' },
  { model: EmailTemplate, as: 'emailTemplate', required: false },
];

const listSpec = { model: CommunicationTemplate, sortable: templateSortable, defaultSort: 'ID', keywordColumns: ['name', 'key'], include: listInclude, maxSize: 200 };

/** GET /communication_templates: the picker's call (types, size 200) and the filtered list, one query each part. */
export function listTemplates(q: TemplateListQuery): Promise<Page<TemplateDto>> {
  const types = [...(q.type ? [q.type] : []), ...(q.types ?? [])];
  const categories = [...(q.category ? [q.category] : []), ...(q.categories ?? [])];
  const conditions: WhereOptions[] = [];
  if (types.length) conditions.push({ type: { [Op.in]: types } });
  if (categories.length) conditions.push({ category: { [Op.in]: categories } });
  return runList(listSpec, q, conditions, (t) => templateDto(t as Loaded));
}

async function loadTemplate(id: number, transaction?: Transaction): Promise<Loaded> {
  const t = await CommunicationTemplate.findByPk(id, { include: recordInclude, transaction });
  if (!t) throw AppError.notFound('Communication template');
  return t as Loaded;
}

export async function getTemplate(id: number) {
  return templateDto(await loadTemplate(id), true);
}

const allowedParams = (available: readonly string[]) => [...available, ...RECIPIENT_PARAMS];
const TEXT_FIELDS = ['subject', 'messageBodyTemplate', 'voiceMailTemplate', 'inboxTemplate', 'emailTemplateHtml'] as const;
type Texts = Partial<Record<(typeof TEXT_FIELDS)[number], string | null | undefined>>;
const textsOf = (c: Texts) => Object.fromEntries(TEXT_FIELDS.map((f) => [f, c[f]]));

/** 400 naming each unknown placeholder on its field. */
function assertPlaceholders(texts: Texts, available: readonly string[]): void {
  const errors = checkPlaceholders(textsOf(texts), allowedParams(available));
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
}

const keyTaken = () => AppError.conflict('TEMPLATE_KEY_TAKEN', Messages.TEMPLATE_KEY_TAKEN);

async function assertEmailTemplate(input: TemplateInput, existing: CommunicationTemplate | null, transaction: Transaction): Promise<void> {
  if (!input.emailTemplateId || input.emailTemplateId === existing?.emailTemplateId) return;
  const wrapper = await EmailTemplate.findByPk(input.emailTemplateId, { attributes: ['id', 'deleted'], transaction });
  if (!wrapper) throw AppError.badRequest({ emailTemplateId: Messages.INVALID_VALUE });
  if (wrapper.deleted) throw AppError.conflict('EMAIL_TEMPLATE_ARCHIVED', Messages.EMAIL_TEMPLATE_ARCHIVED);
}

/** Changing availableParams must leave every content's placeholders available: 400 on availableParams naming those still used. */
function assertContentsKeepParams(contents: CommunicationTemplateContent[], available: readonly string[]): void {
  const problems: string[] = [];
  for (const c of [...contents].sort(byLanguage)) {
    const errors = checkPlaceholders(textsOf(c), allowedParams(available));
    const names = new Set(Object.values(errors).flatMap((m) => m.replace(/^Unknown placeholders?: /, '').split(', ')));
    if (names.size) problems.push(`${c.language} uses ${[...names].join(', ')}`);
  }
  if (problems.length) throw AppError.badRequest({ availableParams: `Still used by the contents: ${problems.join('; ')}` });
}

const templateColumns = (input: TemplateInput) => ({
  name: input.name,
  key: input.key,
  sender: input.sender ?? null,
  fromName: input.fromName ?? null,
  replyTo: input.replyTo ?? null,
  replyToName: input.replyToName ?? null,
  bcc: input.bcc ?? null,
  description: input.description ?? null,
  type: input.type,
  category: input.category,
  availableParams: input.availableParams,
  emailTemplateId: input.emailTemplateId ?? null,
});

const writing = async <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> => {
  try {
    return await CommunicationTemplate.sequelize!.transaction(work);
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw keyTaken();
    throw err;
  }
};

const snapshot = (t: CommunicationTemplate) => {
  const { updatedBy: _u, updatedAt: _a, createdAt: _c, languages: _l, emailTemplate: _e, recipientParams: _r, ...rest } = templateDto(t as Loaded);
  return rest;
};

/** POST /communication_templates: a staff template (never a system one); its contents come next, English first. */
export async function createTemplate(input: TemplateInput, actor: Actor) {
  const id = await writing(async (transaction) => {
    if (await CommunicationTemplate.count({ where: { key: input.key }, transaction })) throw keyTaken();
    await assertEmailTemplate(input, null, transaction);
    const row = await CommunicationTemplate.create({ ...templateColumns(input), system: false, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'COMMUNICATION_TEMPLATE', entityId: row.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, snapshot(row)) },
      transaction,
    );
    return row.id;
  });
  return getTemplate(id);
}

/** PUT /communication_templates/{id}: a system template keeps its key; the contents keep their placeholders. */
export async function updateTemplate(id: number, input: TemplateInput, actor: Actor) {
  await writing(async (transaction) => {
    const row = await loadTemplate(id, transaction);
    if (row.system && input.key !== row.key) throw AppError.conflict('SYSTEM_TEMPLATE_KEY_FIXED', Messages.SYSTEM_TEMPLATE_KEY_FIXED);
    if (input.key !== row.key && (await CommunicationTemplate.count({ where: { key: input.key, id: { [Op.ne]: id } }, transaction }))) throw keyTaken();
    assertContentsKeepParams(row.contents ?? [], input.availableParams);
    await assertEmailTemplate(input, row, transaction);
    const before = snapshot(row);
    await row.update({ ...templateColumns(input), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'COMMUNICATION_TEMPLATE', entityId: id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, snapshot(row)) },
      transaction,
    );
  });
  return getTemplate(id);
}

/** DELETE /communication_templates/{id}: with its contents; never a system template, nor one communications or modules use. */
export async function deleteTemplate(id: number, actor: Actor): Promise<void> {
  await writing(async (transaction) => {
    const row = await loadTemplate(id, transaction);
    if (row.system) throw AppError.conflict('SYSTEM_TEMPLATE_NOT_DELETED', Messages.SYSTEM_TEMPLATE_NOT_DELETED);
    const [communications, programModules, cohortModules] = await Promise.all([
      Communication.count({ where: { communicationTemplateId: id }, transaction }),
      ProgramModule.count({ where: { communicationTemplateId: id }, transaction }),
      CohortModule.count({ where: { communicationTemplateId: id }, transaction }),
    ]);
    if (communications + programModules + cohortModules > 0)
      throw AppError.conflict('TEMPLATE_IN_USE', Messages.TEMPLATE_IN_USE, { communications, programModules, cohortModules });
    const before = snapshot(row);
    await CommunicationTemplateContent.destroy({ where: { communicationTemplateId: id }, transaction });
    await row.destroy({ transaction });
    await recordActivity(actor, { entityType: 'COMMUNICATION_TEMPLATE', entityId: id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}

// ---- Contents: /communication_templates/{id}/content[/{contentId}] ----

const englishRequired = () => AppError.conflict('ENGLISH_TEMPLATE_REQUIRED', Messages.ENGLISH_TEMPLATE_REQUIRED);
const languageExists = () => AppError.conflict('LANGUAGE_TEMPLATE_EXISTS', Messages.LANGUAGE_TEMPLATE_EXISTS);

/**
 * A template's contents, on the generic resource layer: list, get, create, update, delete under the
 * template. The first content is English, English stays (neither deleted nor moved to another
 * language), one per language (the unique index decides a race), every text's placeholders available.
 */
export const templateContents = defineResource<CommunicationTemplateContent, ReturnType<typeof contentDto>, ContentInput>({
  label: 'Communication template content',
  permission: 'templates',
  model: CommunicationTemplateContent,
  operations: ['list', 'get', 'create', 'update', 'delete'],
  list: { sortable: { id: 'id', ID: 'id', language: 'language', LANGUAGE: 'language' }, defaultSort: 'ID', keywordColumns: [], maxSize: 100 },
  listQuery: contentListQuery,
  dto: contentDto,
  body: contentBody,
  values: (input) => ({
    language: input.language,
    subject: input.subject,
    messageBodyTemplate: input.messageBodyTemplate,
    voiceMailTemplate: input.voiceMailTemplate ?? null,
    inboxTemplate: input.inboxTemplate ?? null,
    emailTemplateHtml: input.emailTemplateHtml ?? null,
  }),
  stamped: true,
  activity: { entityType: 'COMMUNICATION_TEMPLATE_CONTENT', category: 'ADMINISTRATION' },
  parent: { label: 'Communication template', model: CommunicationTemplate, column: 'communicationTemplateId', path: 'content', itemParam: 'contentId' },
  rules: {
    async beforeSave(input, existing, { transaction, parentId }) {
      const template = await CommunicationTemplate.findByPk(parentId!, { attributes: ['id', 'availableParams'], transaction });
      if (!template) throw AppError.notFound('Communication template');
      const others = await CommunicationTemplateContent.findAll({
        where: { communicationTemplateId: template.id, ...(existing ? { id: { [Op.ne]: existing.id } } : {}) },
        attributes: ['id', 'language'],
        transaction,
      });
      if (existing ? existing.language === 'EN' && input.language !== 'EN' : others.length === 0 && input.language !== 'EN') throw englishRequired();
      if (others.some((c) => c.language === input.language)) throw languageExists();
      assertPlaceholders(input, template.availableParams);
    },
    async beforeDelete(content) {
      if (content.language === 'EN') throw englishRequired();
    },
    onUnique: languageExists,
  },
  summaries: {
    list: "List a template's contents (one per language)",
    get: "Get one of a template's contents",
    create: "Add a template's content in a language (409 'At least one English template required' for a first content not in English; 409 'Language template exists')",
    update: "Update a template's content (placeholders checked; 409 when moving English away or onto a taken language)",
    delete: "Delete a template's content (409 'At least one English template required' for the English one)",
  },
});

// ---- Rendering: preview and test email, through compose.ts like every send ----

/** Sample values: each available and recipient param as `[name]`, overridden by the given ones. */
export function sampleParams(available: readonly string[], given: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(allowedParams(available).map((n) => [n, `[${n}]`])), ...given };
}

const rendered = async (template: LoadedTemplate, language: string, params: Record<string, unknown>) => {
  try {
    return await composeFromTemplate(template, language, params);
  } catch (err) {
    if (err instanceof MissingParamsError) throw AppError.badRequest({ params: `Missing params: ${err.names.join(', ')}` });
    throw err;
  }
};

/** POST …/content/{contentId}/preview: subject, HTML and text part of the content (or the editor's unsaved texts). */
export async function previewContent(id: number, contentId: number, input: PreviewInput) {
  const template = await loadTemplate(id);
  const content = (template.contents ?? []).find((c) => c.id === contentId);
  if (!content) throw AppError.notFound('Communication template content');
  const draft = {
    subject: input.subject ?? content.subject,
    messageBodyTemplate: input.messageBodyTemplate ?? content.messageBodyTemplate,
    inboxTemplate: input.inboxTemplate === undefined ? content.inboxTemplate : input.inboxTemplate,
    emailTemplateHtml: input.emailTemplateHtml === undefined ? content.emailTemplateHtml : input.emailTemplateHtml,
  };
  assertPlaceholders(draft, template.availableParams);
  const message = await rendered(withContent(template, content, draft), content.language, sampleParams(template.availableParams, input.params));
  return { language: content.language, subject: message.subject, html: message.html, text: message.text, inbox: message.inbox };
}

/** The template as compose.ts reads it, with one content whose texts are the draft's. */
function withContent(template: Loaded, content: CommunicationTemplateContent, draft: Texts): LoadedTemplate {
  const texts = { ...content.get({ plain: true }), ...draft } as CommunicationTemplateContent;
  return {
    ...template.get({ plain: true }),
    availableParams: template.availableParams,
    contents: [texts],
    emailTemplate: template.emailTemplate ?? null,
  } as unknown as LoadedTemplate;
}

/**
 * POST /communication_templates/{id}/send_test_email: the content in `language` (English when there
 * is none in it) rendered with sample or given params, sent through the mailer (the outbox, or SMTP)
 * to `email` (default: the signed-in administrator's) with the subject marked as a test.
 */
export async function sendTestEmail(deps: Deps, id: number, input: TestEmailInput, actor: Actor, userId: number | null) {
  const template = await loadTemplate(id);
  if (!(template.contents ?? []).some((c) => c.language === 'EN')) throw englishRequired();
  let to = input.email ?? null;
  if (!to && userId) to = (await User.findByPk(userId, { attributes: ['id', 'email'] }))?.email ?? null;
  if (!to) throw AppError.badRequest({ email: Messages.REQUIRED });
  const language = (template.contents ?? []).some((c) => c.language === input.language) ? input.language : 'EN';
  const message = await rendered(template as LoadedTemplate, language, sampleParams(template.availableParams, input.params));
  const subject = `${TEST_EMAIL_MARK} ${message.subject}`;
  await deps.mailer.send({ to, subject, text: message.text, html: message.html, templateKey: template.key, actor });
  return { to, subject, language };
}
