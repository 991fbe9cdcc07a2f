import { z } from 'zod';
import { EmailTemplateCategory } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

export const emailTemplateSortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name' };

/** GET /email_templates (platform §7): category filter, size up to 200, `deleted` (default false: archived ones hidden). */
export const emailTemplateListQuery = pagingQuery({ sortable: emailTemplateSortable, defaultSort: 'ID', maxSize: 200 }).extend({
  category: z.enum(EmailTemplateCategory, { error: Messages.INVALID_VALUE }).optional(),
  deleted: booleanish().default(false),
});
export type EmailTemplateListQuery = z.output<typeof emailTemplateListQuery>;

const html = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().max(max, `Maximum ${max} characters`).nullish());

export const emailTemplateBody = z
  .object({
    name: requiredText(120),
    category: z.enum(EmailTemplateCategory, { error: Messages.INVALID_VALUE }).default('INSTITUTE'),
    header: html(20_000),
    footer: html(20_000),
  })
  .strict();
export type EmailTemplateInput = z.output<typeof emailTemplateBody>;

export const emailTemplateIdParams = z.object({ id: id() });
