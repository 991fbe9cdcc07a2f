import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { JOB_CATALOGUE } from '../../api/jobs/catalogue';

type Ctx = { context: QueryInterface };

/**
 * Issue 19, circle sign-ups (helper "signups"):
 * - `coaching_circle_sign_ups.left_at`: a student who leaves a circle after attendance was taken keeps
 *   the sign-up (and its taken records) as history; a left sign-up holds no seat. Without taken or past
 *   records the sign-up is deleted instead.
 * - `coaching_circle_sessions.reminders_sent_at`: the CIRCLE_SESSION_REMINDERS job marks a session once
 *   its reminders are made (each email is also made once per session and recipient by its dedupe key).
 * - The reminder (students and the group's coach) and the absence alert (staff) templates, English and
 *   Spanish, wrapped by the institute's email template; the job's schedule (hourly).
 * This data is the migration's own copy (landed migrations never change): staff edit the rows.
 */

const INSTITUTE = ['providerName', 'portalUrl', 'supportPhone'];
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
const link = (href: string) => `<a href="${href}" style="color:#0f766e;word-break:break-all">${href}</a>`;
const hello = '<p>Hello {{firstName}},</p>';
const hola = '<p>Hola, {{firstName}}:</p>';
const regards = '<p>Kind regards,<br>{{providerName}}</p>';
const saludos = '<p>Saludos cordiales,<br>{{providerName}}</p>';

export const CIRCLE_TEMPLATES = [
  {
    key: 'CIRCLE_SESSION_REMINDER',
    name: 'Coaching circle session reminder',
    category: 'ACADEMIC',
    description: 'Sent 24 hours ahead to each student signed up for a coaching circle session: the date and time in their time zone and the join link',
    params: ['circle', 'sessionNumber', 'date', 'time', 'timeZone', 'coach', 'joinUrl'],
    EN: {
      subject: '{{providerName}}: your coaching circle meets {{date}} at {{time}}',
      body: [
        hello,
        p('Your coaching circle {{circle}} (session {{sessionNumber}}, with {{coach}}) meets on {{date}} at {{time}} ({{timeZone}}).'),
        p(`Join here: ${link('{{joinUrl}}')}`),
        p(`Your schedule is in the portal: ${link('{{portalUrl}}/coaching-circles')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: su círculo de coaching se reúne el {{date}} a las {{time}}',
      body: [
        hola,
        p('Su círculo de coaching {{circle}} (sesión {{sessionNumber}}, con {{coach}}) se reúne el {{date}} a las {{time}} ({{timeZone}}).'),
        p(`Únase aquí: ${link('{{joinUrl}}')}`),
        p(`Su calendario está en el portal: ${link('{{portalUrl}}/coaching-circles')}`),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'CIRCLE_COACH_REMINDER',
    name: 'Coaching circle session reminder (coach)',
    category: 'ACADEMIC',
    description: "Sent 24 hours ahead to the coach of each group of a coaching circle session: the date and time in the coach's time zone, the students and the join link",
    params: ['circle', 'sessionNumber', 'date', 'time', 'timeZone', 'students', 'joinUrl'],
    EN: {
      subject: '{{providerName}}: you lead {{circle}} on {{date}} at {{time}}',
      body: [
        hello,
        p('You lead the coaching circle {{circle}} (session {{sessionNumber}}) on {{date}} at {{time}} ({{timeZone}}).', 'Students signed up: {{students}}.'),
        p(`Join here: ${link('{{joinUrl}}')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: dirige {{circle}} el {{date}} a las {{time}}',
      body: [
        hola,
        p('Dirige el círculo de coaching {{circle}} (sesión {{sessionNumber}}) el {{date}} a las {{time}} ({{timeZone}}).', 'Estudiantes inscritos: {{students}}.'),
        p(`Únase aquí: ${link('{{joinUrl}}')}`),
        saludos,
      ].join('\n'),
    },
  },
  {
    key: 'CIRCLE_ABSENCE_ALERT',
    name: 'Coaching circle absence alert',
    category: 'ACADEMIC',
    description: 'Sent to staff with the coaching circles permission when a student is absent from two consecutive sessions of a circle',
    params: ['student', 'studentEmail', 'circle', 'coach', 'dates'],
    EN: {
      subject: '{{providerName}}: {{student}} missed two coaching circle sessions in a row',
      body: [hello, p('{{student}} ({{studentEmail}}) was absent from two consecutive sessions of the coaching circle {{circle}} (coach {{coach}}): {{dates}}.'), regards].join(
        '\n',
      ),
    },
    ES: {
      subject: '{{providerName}}: {{student}} faltó a dos sesiones seguidas del círculo de coaching',
      body: [hola, p('{{student}} ({{studentEmail}}) faltó a dos sesiones consecutivas del círculo de coaching {{circle}} (coach {{coach}}): {{dates}}.'), saludos].join('\n'),
    },
  },
];

const JOB_TYPE = 'CIRCLE_SESSION_REMINDERS';

export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.addColumn('coaching_circle_sign_ups', 'left_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('coaching_circle_sessions', 'reminders_sent_at', { type: DataTypes.DATE(3), allowNull: true });

  const now = new Date();
  const stamps = { updated_by_id: null, updated_by_name: 'System', created_at: now, updated_at: now };
  const [wrapper] = await qi.sequelize.query<{ id: number }>("SELECT id FROM email_templates WHERE name = 'Institute' ORDER BY id ASC", { type: QueryTypes.SELECT });
  await qi.bulkInsert(
    'communication_templates',
    CIRCLE_TEMPLATES.map((t) => ({
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
    replacements: { keys: CIRCLE_TEMPLATES.map((t) => t.key) },
  });
  const idOf = new Map(ids.map((r) => [r.key, r.id]));
  await qi.bulkInsert(
    'communication_template_contents',
    CIRCLE_TEMPLATES.flatMap((t) =>
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

  const [row] = await qi.sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM job_schedules WHERE type = '${JOB_TYPE}'`, { type: QueryTypes.SELECT });
  if (Number(row?.n ?? 0) === 0) {
    const e = JOB_CATALOGUE.find((x) => x.type === JOB_TYPE)!;
    await qi.bulkInsert('job_schedules', [
      {
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
        ...stamps,
      },
    ]);
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  const ids = await qi.sequelize.query<{ id: number }>('SELECT id FROM communication_templates WHERE `key` IN (:keys)', {
    type: QueryTypes.SELECT,
    replacements: { keys: CIRCLE_TEMPLATES.map((t) => t.key) },
  });
  if (ids.length) await qi.bulkDelete('communication_template_contents', { communication_template_id: ids.map((r) => r.id) });
  await qi.bulkDelete('communication_templates', { key: CIRCLE_TEMPLATES.map((t) => t.key) });
  await qi.removeColumn('coaching_circle_sessions', 'reminders_sent_at');
  await qi.removeColumn('coaching_circle_sign_ups', 'left_at');
}
