import { DataTypes, QueryTypes, type ModelAttributeColumnOptions, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });

/** The coach's own columns (back-office spec §3 "Coach"); the embedded student record stays in `students`. */
const COACH_COLUMNS: Record<string, ModelAttributeColumnOptions> = {
  rate_of_pay: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
  // JSON arrays in TEXT (portable): the coaches list is small, its language and specialization
  // filters match inside them (LIKE on the quoted value).
  specializations: { type: DataTypes.TEXT, allowNull: false, defaultValue: '[]' },
  languages: { type: DataTypes.TEXT, allowNull: false, defaultValue: '["EN"]' },
  hctp_graduating_class: str(100),
  video: str(500),
  source: str(30),
  show_phone: flag(),
  linked_in: str(500),
  facebook: str(500),
  instagram: str(500),
  youtube: str(500),
  photo: str(500),
  facebook_group_url: str(500),
  test_call: flag(),
};

const INSTITUTE = ['providerName', 'portalUrl', 'supportPhone'];
const link = (href: string) => `<a href="${href}" style="color:#0f766e;word-break:break-all">${href}</a>`;
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');

/** The coach invitation (POST /coaches with generatePassword): a set-password link for the portal. */
export const COACH_INVITATION = {
  key: 'COACH_INVITATION',
  name: 'Coach invitation',
  category: 'ACCOUNT',
  description: 'A new coach’s link to set their password for the portal',
  params: ['link', 'days'],
  EN: {
    subject: '{{providerName}}: your coach account is ready',
    body: [
      '<p>Hello {{firstName}},</p>',
      p('A coach account was created for you in the portal.', `Set your password here (the link works once, within {{days}} days):<br>${link('{{link}}')}`),
      p(`Then sign in at ${link('{{portalUrl}}')} to see your coaching circles.`),
      '<p>Kind regards,<br>{{providerName}}</p>',
    ].join('\n'),
  },
  ES: {
    subject: '{{providerName}}: su cuenta de coach está lista',
    body: [
      '<p>Hola, {{firstName}}:</p>',
      p('Se creó una cuenta de coach para usted en el portal.', `Elija su contraseña aquí (el enlace sirve una sola vez, durante {{days}} días):<br>${link('{{link}}')}`),
      p(`Después inicie sesión en ${link('{{portalUrl}}')} para ver sus círculos de coaching.`),
      '<p>Saludos cordiales,<br>{{providerName}}</p>',
    ].join('\n'),
  },
};

/**
 * Issue 19, coaches: the coach's columns, staff comments on a coach (`coach_comments`, newest first
 * by the (coach_id, created_at) index), and the coach invitation template in English and Spanish.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  for (const [column, spec] of Object.entries(COACH_COLUMNS)) await qi.addColumn('coaches', column, spec);

  await qi.createTable('coach_comments', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    coach_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'coaches', key: 'id' }, onDelete: 'CASCADE' },
    content: { type: DataTypes.TEXT, allowNull: false },
    author_id: { type: DataTypes.INTEGER, allowNull: true },
    author_name: str(200),
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('coach_comments', ['coach_id', 'created_at'], { name: 'coach_comments_coach_id_created_at' });

  const now = new Date();
  const stamps = { updated_by_id: null, updated_by_name: 'System', created_at: now, updated_at: now };
  const [wrapper] = await qi.sequelize.query<{ id: number }>("SELECT id FROM email_templates WHERE name = 'Institute' ORDER BY id ASC", { type: QueryTypes.SELECT });
  const t = COACH_INVITATION;
  await qi.bulkInsert('communication_templates', [
    {
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
    },
  ]);
  const [row] = await qi.sequelize.query<{ id: number }>('SELECT id FROM communication_templates WHERE `key` = :key', { type: QueryTypes.SELECT, replacements: { key: t.key } });
  await qi.bulkInsert(
    'communication_template_contents',
    (['EN', 'ES'] as const).map((language) => ({
      communication_template_id: row.id,
      language,
      subject: t[language].subject,
      message_body_template: t[language].body,
      voice_mail_template: null,
      inbox_template: null,
      email_template_html: null,
      ...stamps,
    })),
  );
}

export async function down({ context: qi }: Ctx): Promise<void> {
  const ids = await qi.sequelize.query<{ id: number }>('SELECT id FROM communication_templates WHERE `key` = :key', {
    type: QueryTypes.SELECT,
    replacements: { key: COACH_INVITATION.key },
  });
  if (ids.length) await qi.bulkDelete('communication_template_contents', { communication_template_id: ids.map((r) => r.id) });
  await qi.bulkDelete('communication_templates', { key: COACH_INVITATION.key });
  await qi.dropTable('coach_comments');
  for (const column of Object.keys(COACH_COLUMNS).reverse()) await qi.removeColumn('coaches', column);
}
