import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 17, information banners and the mobile app: `information_banners` (the spec's fields; every
 * list filter and sort column indexed, and the portal's published-by-audience lookup),
 * `information_banner_cohorts` (a COHORT banner's cohorts), `banner_dismissals` (one per student and
 * banner, so a dismissed banner stays dismissed on every device), `mobile_app_configurations` (one
 * row of typed settings, inserted here) and `app_versions` (unique per platform and version). The
 * permission catalogue gains `mobile_app` (read, update): the seeded roles that read everything
 * gain `mobile_app:read` (roles are editable: only what is missing is added); writing stays
 * SUPER_ADMIN's until a role is given it.
 */
const READERS = ['FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT'];
const READ = 'mobile_app:read';

export async function up({ context: qi }: Ctx): Promise<void> {
  const date = (allowNull = true) => ({ type: DataTypes.DATE(3), allowNull });
  const audit = {
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
  };
  await qi.createTable('information_banners', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    content: { type: DataTypes.TEXT, allowNull: false },
    type: { type: DataTypes.STRING(10), allowNull: false },
    audience: { type: DataTypes.STRING(20), allowNull: false },
    program_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'programs', key: 'id' } },
    coaching_circle_id: { type: DataTypes.INTEGER, allowNull: true },
    published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    published_at: date(),
    ...audit,
    created_at: date(false),
    updated_at: date(false),
  });
  // The portal: published banners of an audience (and a program); the console: filters and sorts.
  await qi.addIndex('information_banners', ['published', 'audience', 'program_id'], { name: 'information_banners_published_audience' });
  await qi.addIndex('information_banners', ['title'], { name: 'information_banners_title' });
  await qi.addIndex('information_banners', ['type', 'id'], { name: 'information_banners_type_id' });
  await qi.addIndex('information_banners', ['audience', 'id'], { name: 'information_banners_audience_id' });
  await qi.addIndex('information_banners', ['published', 'id'], { name: 'information_banners_published_id' });
  await qi.addIndex('information_banners', ['program_id'], { name: 'information_banners_program_id' });
  await qi.addIndex('information_banners', ['updated_at'], { name: 'information_banners_updated_at' });
  await qi.addIndex('information_banners', ['created_at'], { name: 'information_banners_created_at' });

  await qi.createTable('information_banner_cohorts', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    information_banner_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'information_banners', key: 'id' }, onDelete: 'CASCADE' },
    cohort_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'cohorts', key: 'id' }, onDelete: 'CASCADE' },
    created_at: date(false),
  });
  await qi.addIndex('information_banner_cohorts', ['information_banner_id', 'cohort_id'], { unique: true, name: 'information_banner_cohorts_unique' });
  await qi.addIndex('information_banner_cohorts', ['cohort_id', 'information_banner_id'], { name: 'information_banner_cohorts_cohort' });

  await qi.createTable('banner_dismissals', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    information_banner_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'information_banners', key: 'id' }, onDelete: 'CASCADE' },
    student_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'students', key: 'id' }, onDelete: 'CASCADE' },
    created_at: date(false),
  });
  await qi.addIndex('banner_dismissals', ['student_id', 'information_banner_id'], { unique: true, name: 'banner_dismissals_student_banner_unique' });
  await qi.addIndex('banner_dismissals', ['information_banner_id'], { name: 'banner_dismissals_banner' });

  await qi.createTable('mobile_app_configurations', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    minimum_version_ios: { type: DataTypes.STRING(20), allowNull: true },
    minimum_version_android: { type: DataTypes.STRING(20), allowNull: true },
    force_update: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    maintenance_message: { type: DataTypes.STRING(1000), allowNull: true },
    feature_flags: { type: DataTypes.TEXT, allowNull: false },
    ...audit,
    created_at: date(false),
    updated_at: date(false),
  });
  const now = new Date();
  await qi.bulkInsert('mobile_app_configurations', [
    {
      id: 1,
      minimum_version_ios: null,
      minimum_version_android: null,
      force_update: false,
      maintenance_message: null,
      feature_flags: '{}',
      updated_by_id: null,
      updated_by_name: 'System',
      created_at: now,
      updated_at: now,
    },
  ]);

  await qi.createTable('app_versions', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    platform: { type: DataTypes.STRING(10), allowNull: false },
    version: { type: DataTypes.STRING(20), allowNull: false },
    version_key: { type: DataTypes.STRING(24), allowNull: false },
    release_date: { type: DataTypes.DATEONLY, allowNull: false },
    notes: { type: DataTypes.TEXT, allowNull: true },
    mandatory: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...audit,
    created_at: date(false),
    updated_at: date(false),
  });
  await qi.addIndex('app_versions', ['platform', 'version'], { unique: true, name: 'app_versions_platform_version_unique' });
  await qi.addIndex('app_versions', ['platform', 'version_key'], { name: 'app_versions_platform_version_key' });
  await qi.addIndex('app_versions', ['version_key'], { name: 'app_versions_version_key' });
  // The list's keyword: a prefix of the version.
  await qi.addIndex('app_versions', ['version'], { name: 'app_versions_version' });
  await qi.addIndex('app_versions', ['release_date'], { name: 'app_versions_release_date' });
  await qi.addIndex('app_versions', ['mandatory', 'id'], { name: 'app_versions_mandatory_id' });

  const roles = await qi.sequelize.query<{ id: number; name: string; permissions: string }>(
    `SELECT id, name, permissions FROM roles WHERE name IN (${READERS.map((r) => `'${r}'`).join(', ')})`,
    { type: QueryTypes.SELECT },
  );
  for (const role of roles) {
    const permissions: string[] = typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions;
    if (!permissions.includes(READ) && !permissions.includes('mobile_app:*') && !permissions.includes('*')) {
      await qi.bulkUpdate('roles', { permissions: JSON.stringify([...permissions, READ]) }, { id: role.id });
    }
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('app_versions');
  await qi.dropTable('mobile_app_configurations');
  await qi.dropTable('banner_dismissals');
  await qi.dropTable('information_banner_cohorts');
  await qi.dropTable('information_banners');
}
