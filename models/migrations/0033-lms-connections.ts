import { DataTypes, type QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

const JOB_TYPE = 'LMS_TOKEN_REFRESH';

/**
 * Issue 21, learning-system connections (platform spec §7 /lms_connection; domain rules "Learning
 * systems (LMS)"):
 * - `lms_connections`: vendor, name, status (CONNECTED only once its credentials were checked),
 *   `settings` (the vendor's plain properties, JSON text), `secrets` and `tokens` (AES-256-GCM
 *   ciphertext of JSON, never plain), when the access token expires, the last check's message and
 *   time, and the sync lease (one sync at a time per connection: the running run's id and until when).
 * - `cohorts.lms_connection_id`: a cohort's own connection (else its program's).
 * - The LMS_TOKEN_REFRESH schedule, unless 0012 already made it from the catalogue.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('lms_connections', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    vendor: { type: DataTypes.STRING(20), allowNull: false },
    name: { type: DataTypes.STRING(200), allowNull: false },
    status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'DISCONNECTED' },
    settings: { type: DataTypes.TEXT, allowNull: false },
    secrets: { type: DataTypes.TEXT, allowNull: true },
    tokens: { type: DataTypes.TEXT, allowNull: true },
    token_expires_at: { type: DataTypes.DATE(3), allowNull: true },
    status_message: { type: DataTypes.STRING(500), allowNull: true },
    checked_at: { type: DataTypes.DATE(3), allowNull: true },
    sync_run_id: { type: DataTypes.INTEGER, allowNull: true },
    sync_lease_until: { type: DataTypes.DATE(3), allowNull: true },
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  for (const cols of [['name'], ['vendor', 'name'], ['status', 'name'], ['token_expires_at'], ['updated_at']]) {
    await qi.addIndex('lms_connections', cols, { name: `lms_connections_${cols.join('_')}` });
  }
  await qi.addColumn('cohorts', 'lms_connection_id', { type: DataTypes.INTEGER, allowNull: true, references: { model: 'lms_connections', key: 'id' }, onDelete: 'RESTRICT' });
  await qi.addIndex('cohorts', ['lms_connection_id'], { name: 'cohorts_lms_connection_id' });
  await qi.addIndex('programs', ['lms_connection_id'], { name: 'programs_lms_connection_id' });
  await addCatalogueSchedule(qi, JOB_TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  await qi.removeIndex('programs', 'programs_lms_connection_id');
  // MariaDB keeps the column's index while its foreign key needs it: the key goes first.
  const dialect = qi.sequelize.getDialect();
  if (dialect === 'mysql' || dialect === 'mariadb') {
    const keys = (await qi.getForeignKeyReferencesForTable('cohorts')) as Array<{ columnName?: string; constraintName?: string }>;
    for (const key of keys) if (key.columnName === 'lms_connection_id' && key.constraintName) await qi.removeConstraint('cohorts', key.constraintName);
  }
  await qi.removeIndex('cohorts', 'cohorts_lms_connection_id');
  await qi.removeColumn('cohorts', 'lms_connection_id');
  await qi.dropTable('lms_connections');
}
