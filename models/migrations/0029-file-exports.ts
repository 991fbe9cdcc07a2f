import { DataTypes, type QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

const JOB_TYPE = 'FILE_EXPORT';

/**
 * Issue 20, exports (platform spec §7 "File export and files"; domain rules "Exports and files"):
 * - `file_exports`: one export — its kind (`type`), status (PENDING → RUNNING → COMPLETED or FAILED),
 *   the list's criteria (JSON text), keyword and utcOffset, progress (rows done and total), the stored
 *   file once COMPLETED (→ stored_files, SET NULL), the error, who asked (user id and name), when it
 *   started and finished, the claims made (`attempts`) and the lease of the process running it.
 *   Indexed for the list (each person's own exports by date, type or status), the job's claim
 *   (status + lease expiry) and the cleanup (created_at).
 * - The FILE_EXPORT schedule (every 10 seconds), unless 0012 already made it from the catalogue.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('file_exports', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    type: { type: DataTypes.STRING(40), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
    criteria: { type: DataTypes.TEXT, allowNull: false },
    keyword: { type: DataTypes.STRING(100), allowNull: true },
    utc_offset: { type: DataTypes.STRING(64), allowNull: true },
    rows_done: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rows_total: { type: DataTypes.INTEGER, allowNull: true },
    stored_file_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'stored_files', key: 'id' }, onDelete: 'SET NULL' },
    error: { type: DataTypes.STRING(1000), allowNull: true },
    requested_by_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' },
    requested_by_name: { type: DataTypes.STRING(200), allowNull: false },
    started_at: { type: DataTypes.DATE(3), allowNull: true },
    finished_at: { type: DataTypes.DATE(3), allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lease_owner: { type: DataTypes.STRING(100), allowNull: true },
    lease_expires_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  for (const cols of [
    ['requested_by_id', 'id'],
    ['requested_by_id', 'created_at'],
    ['requested_by_id', 'type', 'created_at'],
    ['requested_by_id', 'status', 'created_at'],
    ['status', 'lease_expires_at'],
    ['created_at'],
    ['stored_file_id'],
  ]) {
    await qi.addIndex('file_exports', cols, { name: `file_exports_${cols.join('_')}`.slice(0, 64) });
  }

  await addCatalogueSchedule(qi, JOB_TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  await qi.dropTable('file_exports');
}
