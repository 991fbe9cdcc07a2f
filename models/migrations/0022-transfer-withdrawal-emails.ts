import { QueryTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 18, the transfer and withdrawal emails (platform spec §8 "Transfers", "Withdrawals"): three
 * system communication templates in English and Spanish, wrapped by the institute's email template of
 * migration 0015, sent by api/communications/communications.events.ts from TransferDecided and
 * WithdrawalDecided. Amounts arrive formatted (`$1,234.50`), the decision in the recipient's language.
 * This data is the migration's own copy (landed migrations never change): staff edit the rows.
 */

const INSTITUTE = ['providerName', 'portalUrl', 'supportPhone'];
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
const link = (href: string) => `<a href="${href}" style="color:#0f766e;word-break:break-all">${href}</a>`;
const hello = '<p>Hello {{firstName}},</p>';
const hola = '<p>Hola, {{firstName}}:</p>';
const regards = '<p>Kind regards,<br>{{providerName}}</p>';
const saludos = '<p>Saludos cordiales,<br>{{providerName}}</p>';

export const TRANSFER_TEMPLATES = [
  {
    key: 'TRANSFER_OFFERED',
    name: 'Transfer offered',
    category: 'ENROLLMENT',
    description: 'Staff offered the student a transfer: the new class, the fee, the rollover and the new principal',
    params: ['product', 'cohort', 'transferFee', 'rollover', 'newPrincipal'],
    EN: {
      subject: '{{providerName}}: a transfer to {{product}} is waiting for you',
      body: [
        hello,
        p(
          'We prepared your transfer to {{product}} ({{cohort}}).',
          'Transfer fee: {{transferFee}}. What you paid that moves to the new plan: {{rollover}}. The new plan owes {{newPrincipal}}.',
        ),
        p(`Accept the terms and confirm the new program and plan in the portal: ${link('{{portalUrl}}/transfers')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: le espera una transferencia a {{product}}',
      body: [
        hola,
        p(
          'Preparamos su transferencia a {{product}} ({{cohort}}).',
          'Cargo por transferencia: {{transferFee}}. Lo pagado que pasa al nuevo plan: {{rollover}}. El nuevo plan adeuda {{newPrincipal}}.',
        ),
        p(`Acepte los términos y confirme el nuevo programa y plan en el portal: ${link('{{portalUrl}}/transfers')}`),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'TRANSFER_ACCEPTED',
    name: 'Transfer accepted',
    category: 'ENROLLMENT',
    description: 'A transfer was accepted: the new class and plan, the fee and the rollover',
    params: ['product', 'cohort', 'transferFee', 'rollover', 'newPrincipal'],
    EN: {
      subject: '{{providerName}}: you are enrolled in {{product}}',
      body: [
        hello,
        p('Your transfer to {{product}} ({{cohort}}) is done.', 'Transfer fee: {{transferFee}}. Tuition rollover: {{rollover}}. Your new plan owes {{newPrincipal}}.'),
        p(`Your new plan and its schedule are in the portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: está inscrito en {{product}}',
      body: [
        hola,
        p(
          'Su transferencia a {{product}} ({{cohort}}) se completó.',
          'Cargo por transferencia: {{transferFee}}. Traspaso de matrícula: {{rollover}}. Su nuevo plan adeuda {{newPrincipal}}.',
        ),
        p(`Su nuevo plan y su calendario están en el portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'WITHDRAWAL_DECIDED',
    name: 'Withdrawal decided',
    category: 'BILLING',
    description: 'A withdrawal was approved, rejected or cancelled: the decision, the tuition responsibility and the refund',
    params: ['decision', 'withdrawalDate', 'responsibility', 'refund', 'reissued'],
    EN: {
      subject: '{{providerName}}: your withdrawal was {{decision}}',
      body: [
        hello,
        p(
          'Your withdrawal (last date of attendance {{withdrawalDate}}) was {{decision}}.',
          'Tuition responsibility: {{responsibility}}. Refund: {{refund}}. Still owed on a new plan: {{reissued}}.',
        ),
        p(`Your account history is in the portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su retiro fue {{decision}}',
      body: [
        hola,
        p(
          'Su retiro (último día de asistencia {{withdrawalDate}}) fue {{decision}}.',
          'Responsabilidad de matrícula: {{responsibility}}. Reembolso: {{refund}}. Pendiente en un nuevo plan: {{reissued}}.',
        ),
        p(`El historial de su cuenta está en el portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        saludos,
      ].join('\n'),
    },
  },
];

export async function up({ context: qi }: Ctx): Promise<void> {
  const now = new Date();
  const stamps = { updated_by_id: null, updated_by_name: 'System', created_at: now, updated_at: now };
  const [wrapper] = await qi.sequelize.query<{ id: number }>("SELECT id FROM email_templates WHERE name = 'Institute' ORDER BY id ASC", { type: QueryTypes.SELECT });
  await qi.bulkInsert(
    'communication_templates',
    TRANSFER_TEMPLATES.map((t) => ({
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
      available_params: JSON.stringify([...t.params, ...INSTITUTE]),
      email_template_id: wrapper?.id ?? null,
      system: true,
      ...stamps,
    })),
  );
  const ids = await qi.sequelize.query<{ id: number; key: string }>('SELECT id, `key` FROM communication_templates WHERE `key` IN (:keys)', {
    type: QueryTypes.SELECT,
    replacements: { keys: TRANSFER_TEMPLATES.map((t) => t.key) },
  });
  const idOf = new Map(ids.map((r) => [r.key, r.id]));
  await qi.bulkInsert(
    'communication_template_contents',
    TRANSFER_TEMPLATES.flatMap((t) =>
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

export async function down({ context: qi }: Ctx): Promise<void> {
  const ids = await qi.sequelize.query<{ id: number }>('SELECT id FROM communication_templates WHERE `key` IN (:keys)', {
    type: QueryTypes.SELECT,
    replacements: { keys: TRANSFER_TEMPLATES.map((t) => t.key) },
  });
  if (ids.length) await qi.bulkDelete('communication_template_contents', { communication_template_id: ids.map((r) => r.id) });
  await qi.bulkDelete('communication_templates', { key: TRANSFER_TEMPLATES.map((t) => t.key) });
}
