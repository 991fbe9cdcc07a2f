import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

import { addCatalogueSchedule, deleteSystemTemplates, hello, hola, insertSystemTemplates, instituteEmailTemplateId, link, p, regards, saludos } from './support';

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

  await insertSystemTemplates(qi, CIRCLE_TEMPLATES, await instituteEmailTemplateId(qi));

  await addCatalogueSchedule(qi, JOB_TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  await deleteSystemTemplates(
    qi,
    CIRCLE_TEMPLATES.map((t) => t.key),
  );
  await qi.removeColumn('coaching_circle_sessions', 'reminders_sent_at');
  await qi.removeColumn('coaching_circle_sign_ups', 'left_at');
}
