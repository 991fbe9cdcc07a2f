import sanitizeHtml from 'sanitize-html';
import type { Transaction, WhereOptions } from 'sequelize';
import { EmailTemplate } from '../../models';
import { description } from '../../models/descriptions';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList } from '../common/list';
import { emailTemplateSortable, type EmailTemplateInput, type EmailTemplateListQuery } from './email-templates.schemas';

/**
 * Email templates (platform §7 "Email templates"): the header and footer that wrap a rendered message
 * (api/communications/render.ts). Header and footer are HTML written by staff and sent to students, so
 * they are sanitised on save: common email markup, links, images and inline styles, nothing that runs.
 * DELETE archives (deleted = true) and PATCH brings back; an archived one is not edited (409) and no
 * template can be pointed at it, while templates already using it are sent without a wrapper.
 */

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'div', 'span', 'center', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sup', 'sub', 'blockquote'],
    ...['a', 'img', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'font'],
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'title', 'dir', 'lang', 'class', 'width', 'height', 'bgcolor', 'valign'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    table: ['role', 'cellpadding', 'cellspacing', 'border'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
  allowProtocolRelative: false,
};

/** Staff HTML as it may be sent: scripts, event handlers, forms and javascript: links removed. */
export function sanitizeEmailHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, SANITIZE).trim();
  return clean === '' ? null : clean;
}

export function emailTemplateDto(e: EmailTemplate) {
  return {
    id: e.id,
    name: e.name,
    category: e.category,
    header: e.header ?? null,
    footer: e.footer ?? null,
    deleted: e.deleted,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    updatedBy: updatedByOf(e),
  };
}

const listSpec = { model: EmailTemplate, sortable: emailTemplateSortable, defaultSort: 'ID', keywordColumns: ['name'], maxSize: 200 };

export function listEmailTemplates(q: EmailTemplateListQuery) {
  const conditions: WhereOptions[] = [{ deleted: q.deleted }];
  if (q.category) conditions.push({ category: q.category });
  return runList(listSpec, q, conditions, emailTemplateDto);
}

async function find(id: number, transaction?: Transaction): Promise<EmailTemplate> {
  const row = await EmailTemplate.findByPk(id, { transaction });
  if (!row) throw AppError.notFound('Email template');
  return row;
}

export async function getEmailTemplate(id: number) {
  return emailTemplateDto(await find(id));
}

const columns = (input: EmailTemplateInput) => ({ name: input.name, category: input.category, header: sanitizeEmailHtml(input.header), footer: sanitizeEmailHtml(input.footer) });
const snapshot = (e: EmailTemplate) => ({ name: e.name, category: e.category, header: e.header, footer: e.footer, deleted: e.deleted });
const log = (
  actor: Actor,
  id: number,
  type: 'CREATED' | 'UPDATED' | 'DELETED',
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  transaction: Transaction,
  note?: 'ARCHIVED' | 'RESTORED',
) =>
  recordActivity(
    actor,
    { entityType: 'EMAIL_TEMPLATE', entityId: id, category: 'ADMINISTRATION', type, changes: diff(before, after), ...(note ? { description: description(note) } : {}) },
    transaction,
  );

export async function createEmailTemplate(input: EmailTemplateInput, actor: Actor) {
  return EmailTemplate.sequelize!.transaction(async (transaction) => {
    const row = await EmailTemplate.create({ ...columns(input), deleted: false, ...stamp(actor) }, { transaction });
    await log(actor, row.id, 'CREATED', {}, snapshot(row), transaction);
    return emailTemplateDto(row);
  });
}

/** PUT: an archived email template is brought back first (409 EMAIL_TEMPLATE_ARCHIVED). */
export async function updateEmailTemplate(id: number, input: EmailTemplateInput, actor: Actor) {
  await find(id);
  return EmailTemplate.sequelize!.transaction(async (transaction) => {
    const row = await find(id, transaction);
    if (row.deleted) throw AppError.conflict('EMAIL_TEMPLATE_ARCHIVED', Messages.EMAIL_TEMPLATE_ARCHIVED);
    const before = snapshot(row);
    await row.update({ ...columns(input), ...stamp(actor) }, { transaction });
    await log(actor, id, 'UPDATED', before, snapshot(row), transaction);
    return emailTemplateDto(row);
  });
}

/** DELETE archives (an archived one stays archived: 204 again). */
export async function archiveEmailTemplate(id: number, actor: Actor): Promise<void> {
  await find(id);
  await EmailTemplate.sequelize!.transaction(async (transaction) => {
    const row = await find(id, transaction);
    if (row.deleted) return;
    await row.update({ deleted: true, ...stamp(actor) }, { transaction });
    await log(actor, id, 'DELETED', { deleted: false }, { deleted: true }, transaction, 'ARCHIVED');
  });
}

/** PATCH undeletes (one not archived is answered as it is). */
export async function undeleteEmailTemplate(id: number, actor: Actor) {
  await find(id);
  return EmailTemplate.sequelize!.transaction(async (transaction) => {
    const row = await find(id, transaction);
    if (!row.deleted) return emailTemplateDto(row);
    await row.update({ deleted: false, ...stamp(actor) }, { transaction });
    await log(actor, id, 'UPDATED', { deleted: true }, { deleted: false }, transaction, 'RESTORED');
    return emailTemplateDto(row);
  });
}
