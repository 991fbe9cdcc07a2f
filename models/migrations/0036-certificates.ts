import { DataTypes, type QueryInterface } from 'sequelize';
import { deleteSystemTemplates, hello, hola, insertSystemTemplates, instituteEmailTemplateId, link, p, regards, saludos } from './support';

type Ctx = { context: QueryInterface };

/**
 * Issue 21, certificates (domain rules "Academic progress, graduation and certificates"):
 * - `certificates`: the one certificate of a graduated enrollment (unique enrollment) — status PENDING
 *   (made with the graduation) → ISSUED (or FAILED), the provider that issued it, the provider's id,
 *   address and badge image (Accredible) or the stored PDF's key (the local provider), attempts and the
 *   last error. Indexed for /certifications (student, program, cohort, status; each then id).
 * - The GRADUATION_CONGRATULATIONS email (English and Spanish), sent when staff graduate a student.
 */
export const GRADUATION_TEMPLATES = [
  {
    key: 'GRADUATION_CONGRATULATIONS',
    name: 'Graduation',
    category: 'ACADEMIC',
    description: 'Staff graduated the student from a program: congratulations and where the certificate is',
    params: ['program', 'cohort', 'graduatedOn'],
    EN: {
      subject: '{{providerName}}: congratulations, you graduated from {{program}}',
      body: [
        hello,
        p('Congratulations! You graduated from {{program}} ({{cohort}}) on {{graduatedOn}}.', 'Your certificate is being issued; it will be in Awards in the portal.'),
        p(`Awards: ${link('{{portalUrl}}/awards')}`),
        regards,
      ].join('\n'),
    },
    ES: {
      subject: '{{providerName}}: felicitaciones, se graduó de {{program}}',
      body: [
        hola,
        p('¡Felicitaciones! Se graduó de {{program}} ({{cohort}}) el {{graduatedOn}}.', 'Estamos emitiendo su certificado; lo encontrará en Reconocimientos en el portal.'),
        p(`Reconocimientos: ${link('{{portalUrl}}/awards')}`),
        saludos,
      ].join('\n'),
    },
  },
];

export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('certificates', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    enrollment_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'enrollments', key: 'id' }, onDelete: 'CASCADE' },
    student_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'students', key: 'id' } },
    program_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'programs', key: 'id' } },
    cohort_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'cohorts', key: 'id' } },
    name: { type: DataTypes.STRING(200), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
    provider: { type: DataTypes.STRING(20), allowNull: true },
    external_id: { type: DataTypes.STRING(100), allowNull: true },
    url: { type: DataTypes.STRING(1000), allowNull: true },
    badge_url: { type: DataTypes.STRING(1000), allowNull: true },
    storage_key: { type: DataTypes.STRING(500), allowNull: true },
    issued_at: { type: DataTypes.DATE(3), allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_error: { type: DataTypes.STRING(1000), allowNull: true },
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('certificates', ['enrollment_id'], { unique: true, name: 'certificates_enrollment' });
  for (const cols of [
    ['student_id', 'id'],
    ['program_id', 'id'],
    ['cohort_id', 'id'],
    ['status', 'id'],
  ]) {
    await qi.addIndex('certificates', cols, { name: `certificates_${cols.join('_')}` });
  }
  await insertSystemTemplates(qi, GRADUATION_TEMPLATES, await instituteEmailTemplateId(qi));
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await deleteSystemTemplates(
    qi,
    GRADUATION_TEMPLATES.map((t) => t.key),
  );
  await qi.dropTable('certificates');
}
