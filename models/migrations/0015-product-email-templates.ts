import { QueryTypes, type QueryInterface } from 'sequelize';

import { deleteSystemTemplates, hello, hola, insertSystemTemplates, instituteEmailTemplateId, link, p, regards, saludos, systemStamps, type SystemTemplate } from './support';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, templates: the institute's email template (header and footer) and every email the product
 * sends as a system communication template (domain rules "Communications": seeded in English and
 * Spanish, in the recipient's language, editable by staff, never deleted, key fixed), wrapped by it.
 * Bodies are HTML with Handlebars placeholders over each template's availableParams (every template
 * may also use the recipient's firstName, lastName, fullName, email). Money, dates and links arrive
 * formatted by the sender (string params). ADMISSIONS, who write communications, also keep templates.
 *
 * This data is the migration's own copy (landed migrations never change): staff edit the rows.
 */

/** What every product email is given by its sender (api/communication-templates/product-emails.ts `instituteParams`). */

export interface SeededTemplate extends SystemTemplate {
  category: 'ACCOUNT' | 'ENROLLMENT' | 'BILLING';
}

export const SEEDED_TEMPLATES: SeededTemplate[] = [
  {
    key: 'PASSWORD_RESET',
    name: 'Password reset',
    category: 'ACCOUNT',
    description: 'The one-time link to choose a new password (portal and console)',
    params: ['link', 'minutes'],
    EN: {
      subject: '{{providerName}}: reset your password',
      body: [
        hello,
        p('We received a request to reset your password.', `Open this link to choose a new one (valid for {{minutes}} minutes):<br>${link('{{link}}')}`),
        p('If you did not ask for this, ignore this email: your password has not changed.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: restablezca su contraseña',
      body: [
        hola,
        p('Recibimos una solicitud para restablecer su contraseña.', `Abra este enlace para elegir una nueva (válido durante {{minutes}} minutos):<br>${link('{{link}}')}`),
        p('Si usted no la pidió, ignore este correo: su contraseña no ha cambiado.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'VERIFICATION_CODE',
    name: 'Get-started verification code',
    category: 'ACCOUNT',
    description: 'The code a new student types to confirm their email when creating an account',
    params: ['code', 'minutes'],
    EN: {
      subject: '{{providerName}}: your verification code',
      body: [
        hello,
        p('Your verification code is <strong style="font-size:20px;letter-spacing:2px">{{code}}</strong>'),
        p('Type it on the screen where you started your account. It expires in {{minutes}} minutes.'),
        p('If you did not try to create an account, ignore this email.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su código de verificación',
      body: [
        hola,
        p('Su código de verificación es <strong style="font-size:20px;letter-spacing:2px">{{code}}</strong>'),
        p('Escríbalo en la pantalla donde empezó a crear su cuenta. Vence en {{minutes}} minutos.'),
        p('Si usted no intentó crear una cuenta, ignore este correo.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'ACCOUNT_EXISTS',
    name: 'Account already exists',
    category: 'ACCOUNT',
    description: 'Sent instead of a verification code when the address already has an account',
    params: ['signInUrl', 'forgotPasswordUrl'],
    EN: {
      subject: '{{providerName}}: you already have an account',
      body: [
        '<p>Hello,</p>',
        p('Someone (probably you) tried to create an account with this address, but it already has one.'),
        p(`Sign in here: ${link('{{signInUrl}}')}`, `If you do not remember your password, ask for a new one: ${link('{{forgotPasswordUrl}}')}`),
        p('If this was not you, ignore this email: your account has not changed.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: ya tiene una cuenta',
      body: [
        '<p>Hola:</p>',
        p('Alguien (probablemente usted) quiso crear una cuenta con esta dirección, pero ya tiene una.'),
        p(`Inicie sesión aquí: ${link('{{signInUrl}}')}`, `Si no recuerda su contraseña, pida una nueva: ${link('{{forgotPasswordUrl}}')}`),
        p('Si no fue usted, ignore este correo: su cuenta no ha cambiado.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'ADMIN_INVITATION',
    name: 'Administrator invitation',
    category: 'ACCOUNT',
    description: 'A new staff member’s link to set their password for the back office',
    params: ['link', 'days'],
    EN: {
      subject: '{{providerName}}: you have been invited to the back office',
      body: [
        hello,
        p('An account was created for you in the back office.', `Set your password here (the link works once, within {{days}} days):<br>${link('{{link}}')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: le invitamos a la consola de administración',
      body: [
        hola,
        p(
          'Se creó una cuenta para usted en la consola de administración.',
          `Elija su contraseña aquí (el enlace sirve una sola vez, durante {{days}} días):<br>${link('{{link}}')}`,
        ),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'APPLICATION_SUBMITTED',
    name: 'Application submitted by staff',
    category: 'ENROLLMENT',
    description: 'Staff submitted the student’s application (status APPLIED)',
    params: ['productName'],
    EN: {
      subject: '{{providerName}}: your application to {{productName}} was submitted',
      body: [
        hello,
        p(
          'Your application to {{productName}} was submitted by our admissions team. We will write to you once it has been reviewed.',
          `You can follow it in the portal: ${link('{{portalUrl}}/home')}`,
        ),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su solicitud para {{productName}} fue enviada',
      body: [
        hola,
        p(
          'Nuestro equipo de admisiones envió su solicitud para {{productName}}. Le escribiremos cuando la hayamos revisado.',
          `Puede seguirla en el portal: ${link('{{portalUrl}}/home')}`,
        ),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'APPLICATION_WAITING_TO_SIGN',
    name: 'Application approved: agreement to sign',
    category: 'ENROLLMENT',
    description: 'The application was approved and the enrollment agreement waits for the student’s signature',
    params: ['productName'],
    EN: {
      subject: '{{providerName}}: your application to {{productName}} was approved',
      body: [
        hello,
        p(`Good news: your application to {{productName}} was approved. The next step is to sign your enrollment agreement in the portal:<br>${link('{{portalUrl}}/agreements')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su solicitud para {{productName}} fue aprobada',
      body: [
        hola,
        p(
          `Buenas noticias: su solicitud para {{productName}} fue aprobada. El siguiente paso es firmar su acuerdo de inscripción en el portal:<br>${link('{{portalUrl}}/agreements')}`,
        ),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'APPLICATION_APPROVED',
    name: 'Application approved and agreement signed',
    category: 'ENROLLMENT',
    description: 'The application was approved with the agreement already signed (status SIGNED)',
    params: ['productName'],
    EN: {
      subject: '{{providerName}}: your application to {{productName}} was approved',
      body: [
        hello,
        p('Your application to {{productName}} was approved, and we have your signed enrollment agreement. We will write to you again when your enrollment is confirmed.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su solicitud para {{productName}} fue aprobada',
      body: [
        hola,
        p('Su solicitud para {{productName}} fue aprobada y ya tenemos su acuerdo de inscripción firmado. Le escribiremos de nuevo cuando se confirme su inscripción.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'APPLICATION_ENROLLED',
    name: 'Enrollment confirmed',
    category: 'ENROLLMENT',
    description: 'The student is enrolled: class and where to find the payment plan',
    params: ['productName', 'classes'],
    EN: {
      subject: '{{providerName}}: you are enrolled in {{productName}}',
      body: [
        hello,
        p(
          'Welcome! Your enrollment in {{productName}} is confirmed. Class: {{classes}}.',
          `Your payment plan and its schedule are in the portal: ${link('{{portalUrl}}/settings/payment-information')}`,
        ),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su inscripción en {{productName}} está confirmada',
      body: [
        hola,
        p(
          '¡Le damos la bienvenida! Su inscripción en {{productName}} está confirmada. Clase: {{classes}}.',
          `Su plan de pago y su calendario están en el portal: ${link('{{portalUrl}}/settings/payment-information')}`,
        ),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'APPLICATION_REJECTED',
    name: 'Application not accepted',
    category: 'ENROLLMENT',
    description: 'The application was rejected',
    params: ['productName'],
    EN: {
      subject: '{{providerName}}: your application to {{productName}} was not accepted',
      body: [hello, p('We are sorry: your application to {{productName}} was not accepted. If you have any questions, call us at {{supportPhone}}.'), regards].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su solicitud para {{productName}} no fue aceptada',
      body: [hola, p('Lo sentimos: su solicitud para {{productName}} no fue aceptada. Si tiene preguntas, llámenos al {{supportPhone}}.'), saludos].join('\n'),
    },
  },
  {
    key: 'APPLICATION_CANCELLED',
    name: 'Application cancelled',
    category: 'ENROLLMENT',
    description: 'Staff cancelled the application',
    params: ['productName'],
    EN: {
      subject: '{{providerName}}: your application to {{productName}} was cancelled',
      body: [hello, p('Your application to {{productName}} was cancelled. If you did not expect this, call us at {{supportPhone}}.'), regards].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su solicitud para {{productName}} fue cancelada',
      body: [hola, p('Su solicitud para {{productName}} fue cancelada. Si no lo esperaba, llámenos al {{supportPhone}}.'), saludos].join('\n'),
    },
  },
  {
    key: 'INSTALLMENT_REMINDER',
    name: 'Installment reminder',
    category: 'BILLING',
    description: 'Sent by the INSTALLMENT_REMINDER job some days before an installment is due',
    params: ['amount', 'dueDate', 'days', 'tomorrow', 'planName'],
    EN: {
      subject: '{{providerName}}: your installment is due on {{dueDate}}',
      body: [
        hello,
        p('A friendly reminder: your installment of {{amount}} for {{planName}} is due on {{dueDate}} ({{#if tomorrow}}tomorrow{{else}}in {{days}} days{{/if}}).'),
        p(`You can pay it in the portal: ${link('{{portalUrl}}')}`, 'If your plan has auto-pay, we will charge your card on that day.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su cuota vence el {{dueDate}}',
      body: [
        hola,
        p('Le recordamos que su cuota de {{amount}} de {{planName}} vence el {{dueDate}} ({{#if tomorrow}}mañana{{else}}en {{days}} días{{/if}}).'),
        p(`Puede pagarla en el portal: ${link('{{portalUrl}}')}`, 'Si su plan tiene pago automático, la cargaremos ese día a su tarjeta.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'PAST_DUE_NOTICE',
    name: 'Past-due notice',
    category: 'BILLING',
    description: 'Sent by the PAST_DUE_NOTICE job some days after an unpaid installment was due',
    params: ['amount', 'dueDate', 'days', 'oneDay', 'planName'],
    EN: {
      subject: '{{providerName}}: you have a past-due installment',
      body: [
        hello,
        p('Your installment of {{amount}} for {{planName}}, due on {{dueDate}}, is {{days}} {{#if oneDay}}day{{else}}days{{/if}} past due.'),
        p(`Please pay it in the portal: ${link('{{portalUrl}}')}`, 'If you have already paid it, ignore this email. If you need help, call us at {{supportPhone}}.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: tiene una cuota vencida',
      body: [
        hola,
        p('Su cuota de {{amount}} de {{planName}}, que vencía el {{dueDate}}, tiene {{days}} {{#if oneDay}}día{{else}}días{{/if}} de atraso.'),
        p(`Por favor, páguela en el portal: ${link('{{portalUrl}}')}`, 'Si ya la pagó, ignore este correo. Si necesita ayuda, llámenos al {{supportPhone}}.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'INSTALLMENT_DUE',
    name: 'Installment due (sent by staff)',
    category: 'BILLING',
    description: 'The reminder staff send from a payment schedule entry',
    params: ['amount', 'dueDate'],
    EN: {
      subject: '{{providerName}}: your installment of {{amount}} is due on {{dueDate}}',
      body: [
        hello,
        p('This is a reminder that your installment of {{amount}} is due on {{dueDate}}.'),
        p(`You can pay it in the portal under Settings &gt; Payment information: ${link('{{portalUrl}}/settings/payment-information')}`),
        '<p>Thank you,<br>{{providerName}}</p>',
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su cuota de {{amount}} vence el {{dueDate}}',
      body: [
        hola,
        p('Le recordamos que su cuota de {{amount}} vence el {{dueDate}}.'),
        p(`Puede pagarla en el portal, en Configuración &gt; Información de pago: ${link('{{portalUrl}}/settings/payment-information')}`),
        '<p>Gracias,<br>{{providerName}}</p>',
      ].join('\n'),
    },
  },
  {
    key: 'PAYMENT_RECEIPT',
    name: 'Payment receipt',
    category: 'BILLING',
    description: 'A payment was accepted: amount, date, reference and plan',
    params: ['amount', 'date', 'reference', 'planName', 'paymentMethod'],
    EN: {
      subject: '{{providerName}}: receipt for your payment of {{amount}}',
      body: [
        hello,
        p('Thank you for your payment. Here is your receipt:'),
        '<table role="presentation" cellpadding="4" style="border-collapse:collapse">' +
          '<tr><td>Amount</td><td><strong>{{amount}}</strong></td></tr>' +
          '<tr><td>Date</td><td>{{date}}</td></tr>' +
          '<tr><td>Reference</td><td>{{reference}}</td></tr>' +
          '<tr><td>Plan</td><td>{{planName}}</td></tr>' +
          '<tr><td>Paid with</td><td>{{paymentMethod}}</td></tr></table>',
        p(`Your balance and account history are in the portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: recibo de su pago de {{amount}}',
      body: [
        hola,
        p('Gracias por su pago. Este es su recibo:'),
        '<table role="presentation" cellpadding="4" style="border-collapse:collapse">' +
          '<tr><td>Monto</td><td><strong>{{amount}}</strong></td></tr>' +
          '<tr><td>Fecha</td><td>{{date}}</td></tr>' +
          '<tr><td>Referencia</td><td>{{reference}}</td></tr>' +
          '<tr><td>Plan</td><td>{{planName}}</td></tr>' +
          '<tr><td>Pagado con</td><td>{{paymentMethod}}</td></tr></table>',
        p(`Su saldo y el historial de su cuenta están en el portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'PAYMENT_FAILED',
    name: 'Payment failed',
    category: 'BILLING',
    description: 'A card payment did not go through: amount, date, plan and why',
    params: ['amount', 'date', 'planName', 'reason'],
    EN: {
      subject: '{{providerName}}: your payment of {{amount}} did not go through',
      body: [
        hello,
        p('We could not take your payment of {{amount}} for {{planName}} on {{date}}: {{reason}}.'),
        p(`Please check your card or add another one, then pay in the portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        p('If you need help, call us at {{supportPhone}}.'),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su pago de {{amount}} no se realizó',
      body: [
        hola,
        p('No pudimos cobrar su pago de {{amount}} de {{planName}} el {{date}}: {{reason}}.'),
        p(`Revise su tarjeta o agregue otra y luego pague en el portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        p('Si necesita ayuda, llámenos al {{supportPhone}}.'),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'REFUND_ISSUED',
    name: 'Refund issued',
    category: 'BILLING',
    description: 'A refund was given back: amount, date, reference and plan',
    params: ['amount', 'date', 'reference', 'planName'],
    EN: {
      subject: '{{providerName}}: we issued a refund of {{amount}}',
      body: [
        hello,
        p('We issued a refund of {{amount}} for {{planName}} on {{date}} (reference {{reference}}).'),
        p('A refund to a card usually appears on your statement within 5 to 10 business days.'),
        p(`Your account history is in the portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: le reembolsamos {{amount}}',
      body: [
        hola,
        p('Emitimos un reembolso de {{amount}} de {{planName}} el {{date}} (referencia {{reference}}).'),
        p('Un reembolso a una tarjeta suele aparecer en su estado de cuenta en un plazo de 5 a 10 días hábiles.'),
        p(`El historial de su cuenta está en el portal: ${link('{{portalUrl}}/settings/payment-information')}`),
        saludos,
      ].join('\n'),
    },
  },
];

export const INSTITUTE_EMAIL_TEMPLATE = {
  name: 'Institute',
  category: 'INSTITUTE',
  header: '<p style="margin:0;font-size:20px;font-weight:bold;color:#0f766e">Health Coach Institute</p>',
  footer: [
    '<p style="margin:0 0 8px">You receive this email about your account or your studies with us. To choose which other emails you get, open Settings &gt; Communication preferences in the portal.</p>',
    '<p style="margin:0">Recibe este correo por su cuenta o sus estudios con nosotros. Para elegir qué otros correos recibe, abra Configuración &gt; Preferencias de comunicación en el portal.</p>',
  ].join(''),
};

const ADMISSIONS_ADDED = ['templates:*'];

async function admissions(qi: QueryInterface): Promise<{ id: number; permissions: string[] } | null> {
  const rows = await qi.sequelize.query<{ id: number; permissions: string }>("SELECT id, permissions FROM roles WHERE name = 'ADMISSIONS'", { type: QueryTypes.SELECT });
  if (!rows.length) return null;
  const raw = rows[0].permissions;
  return { id: rows[0].id, permissions: typeof raw === 'string' ? JSON.parse(raw) : raw };
}

export async function up({ context: qi }: Ctx): Promise<void> {
  const now = new Date();
  await qi.bulkInsert('email_templates', [{ ...INSTITUTE_EMAIL_TEMPLATE, deleted: false, ...systemStamps(now) }]);
  await insertSystemTemplates(qi, SEEDED_TEMPLATES, await instituteEmailTemplateId(qi, 'DESC'), now);
  const role = await admissions(qi);
  if (role) {
    const missing = ADMISSIONS_ADDED.filter((perm) => !role.permissions.includes(perm));
    if (missing.length) await qi.bulkUpdate('roles', { permissions: JSON.stringify([...role.permissions, ...missing]) }, { id: role.id });
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  const role = await admissions(qi);
  if (role) await qi.bulkUpdate('roles', { permissions: JSON.stringify(role.permissions.filter((perm) => !ADMISSIONS_ADDED.includes(perm))) }, { id: role.id });
  await deleteSystemTemplates(
    qi,
    SEEDED_TEMPLATES.map((t) => t.key),
  );
  await qi.bulkDelete('email_templates', { name: INSTITUTE_EMAIL_TEMPLATE.name, category: INSTITUTE_EMAIL_TEMPLATE.category });
}
