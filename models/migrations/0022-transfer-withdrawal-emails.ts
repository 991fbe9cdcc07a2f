import { QueryTypes, type QueryInterface } from 'sequelize';

import { deleteSystemTemplates, hello, hola, insertSystemTemplates, instituteEmailTemplateId, link, p, regards, saludos } from './support';

type Ctx = { context: QueryInterface };

/**
 * Issue 18, the transfer and withdrawal emails (platform spec §8 "Transfers", "Withdrawals"): three
 * system communication templates in English and Spanish, wrapped by the institute's email template of
 * migration 0015, sent by api/communications/communications.events.ts from TransferDecided and
 * WithdrawalDecided. Amounts arrive formatted (`$1,234.50`), the decision in the recipient's language.
 * This data is the migration's own copy (landed migrations never change): staff edit the rows.
 */

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
  await insertSystemTemplates(qi, TRANSFER_TEMPLATES, await instituteEmailTemplateId(qi));
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await deleteSystemTemplates(
    qi,
    TRANSFER_TEMPLATES.map((t) => t.key),
  );
}
