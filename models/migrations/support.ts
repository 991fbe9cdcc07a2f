import { QueryTypes, type QueryInterface } from 'sequelize';
import { JOB_CATALOGUE, type CatalogueEntry } from '../../api/jobs/catalogue';
import type { JobType, Of } from '../enums';

/**
 * What the migrations share (not a migration: models/migrator.ts lists those). A landed migration must
 * do on a new database tomorrow exactly what it did the day it landed, so nothing here changes what it
 * writes: add beside it, never edit. Each migration keeps its own data (its templates' texts, its job
 * type); only the way rows are written is shared.
 */

/** The institute's params every system template offers beside its own. */
export const INSTITUTE_PARAMS = ['providerName', 'portalUrl', 'supportPhone'];

/** The HTML pieces of the system templates' bodies. */
export const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
export const link = (href: string) => `<a href="${href}" style="color:#0f766e;word-break:break-all">${href}</a>`;
export const hello = '<p>Hello {{firstName}},</p>';
export const hola = '<p>Hola, {{firstName}}:</p>';
export const regards = '<p>Kind regards,<br>{{providerName}}</p>';
export const saludos = '<p>Saludos cordiales,<br>{{providerName}}</p>';

/** Who wrote a row a migration makes, and when. */
export const systemStamps = (now: Date) => ({ updated_by_id: null, updated_by_name: 'System', created_at: now, updated_at: now });

/** A job_schedules row of a catalogue entry, ACTIVE, never run. */
export function scheduleRow(e: CatalogueEntry, now: Date) {
  return {
    job_name: e.jobName,
    job_group: e.jobGroup,
    description: e.description,
    type: e.type,
    status: 'ACTIVE',
    cron_job: e.cronExpression !== null,
    cron_expression: e.cronExpression,
    repeat_interval: e.repeatInterval,
    params: JSON.stringify(e.params),
    next_run_at: null,
    last_fire_at: null,
    lease_owner: null,
    lease_expires_at: null,
    lease_run_id: null,
    ...systemStamps(now),
  };
}

/**
 * The schedule of a job type added after 0012, unless there is one: 0012 inserts the whole catalogue,
 * so on a new database the type's schedule is already there; a database migrated before gets it here.
 */
export async function addCatalogueSchedule(qi: QueryInterface, type: Of<typeof JobType>): Promise<void> {
  const [row] = await qi.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM job_schedules WHERE type = :type', {
    type: QueryTypes.SELECT,
    replacements: { type },
  });
  if (Number(row?.n ?? 0) > 0) return;
  const entry = JOB_CATALOGUE.find((x) => x.type === type);
  if (!entry) throw new Error(`no catalogue entry for ${type}`);
  await qi.bulkInsert('job_schedules', [scheduleRow(entry, new Date())]);
}

type Content = { subject: string; body: string };

/** A template the product sends (system: staff edit its texts, never remove it). */
export interface SystemTemplate {
  key: string;
  name: string;
  category: string;
  description: string;
  /** The template's own params (the institute's are added). */
  params: string[];
  EN: Content;
  ES: Content;
}

/** System templates with their English and Spanish contents, in the given email template (header and footer). */
export async function insertSystemTemplates(qi: QueryInterface, templates: readonly SystemTemplate[], emailTemplateId: number | null, now = new Date()): Promise<void> {
  const stamps = systemStamps(now);
  await qi.bulkInsert(
    'communication_templates',
    templates.map((t) => ({
      name: t.name,
      key: t.key,
      sender: null,
      from_name: null,
      reply_to: null,
      reply_to_name: null,
      bcc: null,
      description: t.description,
      type: 'MESSAGE',
      category: t.category,
      available_params: JSON.stringify([...t.params, ...INSTITUTE_PARAMS]),
      email_template_id: emailTemplateId,
      system: true,
      ...stamps,
    })),
  );
  const ids = await qi.sequelize.query<{ id: number; key: string }>('SELECT id, `key` FROM communication_templates WHERE `key` IN (:keys)', {
    type: QueryTypes.SELECT,
    replacements: { keys: templates.map((t) => t.key) },
  });
  const idOf = new Map(ids.map((r) => [r.key, r.id]));
  await qi.bulkInsert(
    'communication_template_contents',
    templates.flatMap((t) =>
      (['EN', 'ES'] as const).map((language) => ({
        communication_template_id: idOf.get(t.key),
        language,
        subject: t[language].subject,
        message_body_template: t[language].body,
        voice_mail_template: null,
        inbox_template: null,
        email_template_html: null,
        ...stamps,
      })),
    ),
  );
}

/** Removes system templates and their contents (a migration's down). */
export async function deleteSystemTemplates(qi: QueryInterface, keys: string[]): Promise<void> {
  const rows = await qi.sequelize.query<{ id: number }>('SELECT id FROM communication_templates WHERE `key` IN (:keys)', { type: QueryTypes.SELECT, replacements: { keys } });
  if (rows.length) await qi.bulkDelete('communication_template_contents', { communication_template_id: rows.map((r) => r.id) });
  await qi.bulkDelete('communication_templates', { key: keys });
}

/** The id of the institute's email template (header and footer), the first made; null when there is none. */
export async function instituteEmailTemplateId(qi: QueryInterface, order: 'ASC' | 'DESC' = 'ASC'): Promise<number | null> {
  const [row] = await qi.sequelize.query<{ id: number }>(`SELECT id FROM email_templates WHERE name = 'Institute' ORDER BY id ${order}`, { type: QueryTypes.SELECT });
  return row?.id ?? null;
}
