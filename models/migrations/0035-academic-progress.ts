import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

const JOB_TYPE = 'GRADUATION_STATUS';

/** What each seeded role gains on a database migrated before issue 21 (roles are editable: only what is missing is added). */
const GRANTS: Record<string, string> = { ACADEMIC: 'academics:*', FINANCE: 'academics:read', ADMISSIONS: 'academics:read', SUPPORT: 'academics:read' };

/**
 * Issue 21, academic progress and graduation (domain rules "Academic progress, graduation and certificates"):
 * - `academic_progress`: one row per enrollment and graduation requirement — done, total (what the
 *   source counts against; the requirement's own total decides), score (a percentage), where it came
 *   from (LMS, ATTENDANCE, STAFF) and the source's own id; unique on (enrollment, requirement) so a
 *   sync's upsert and an attendance refresh never make two. Removed with the enrollment or requirement.
 * - `enrollments`: the graduation status (PENDING until the nightly job or a recompute decides), when
 *   it last changed, and once graduated: when, late or not, and by whom. Indexed for the lists (cohort
 *   or program, then status) and the job's walk (status, id).
 * - `academics` permissions for the seeded roles; the GRADUATION_STATUS schedule (nightly).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('academic_progress', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    enrollment_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'enrollments', key: 'id' }, onDelete: 'CASCADE' },
    graduation_requirement_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'graduation_requirements', key: 'id' }, onDelete: 'CASCADE' },
    done: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    total: { type: DataTypes.INTEGER, allowNull: true },
    score: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
    source: { type: DataTypes.STRING(20), allowNull: false },
    external_id: { type: DataTypes.STRING(100), allowNull: true },
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('academic_progress', ['enrollment_id', 'graduation_requirement_id'], { unique: true, name: 'academic_progress_enrollment_requirement' });
  await qi.addIndex('academic_progress', ['graduation_requirement_id'], { name: 'academic_progress_requirement' });

  await qi.addColumn('enrollments', 'graduation_status', { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'PENDING' });
  await qi.addColumn('enrollments', 'graduation_status_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('enrollments', 'graduated_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('enrollments', 'graduation_late', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await qi.addColumn('enrollments', 'graduated_by_name', { type: DataTypes.STRING(200), allowNull: true });
  for (const cols of [
    ['cohort_id', 'graduation_status', 'id'],
    ['program_id', 'graduation_status', 'id'],
    ['graduation_status', 'id'],
  ]) {
    await qi.addIndex('enrollments', cols, { name: `enrollments_${cols.join('_')}` });
  }

  const roles = await qi.sequelize.query<{ id: number; name: string; permissions: string | string[] }>(
    `SELECT id, name, permissions FROM roles WHERE name IN (${Object.keys(GRANTS)
      .map((r) => `'${r}'`)
      .join(', ')})`,
    { type: QueryTypes.SELECT },
  );
  for (const role of roles) {
    const permissions: string[] = typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions;
    const grant = GRANTS[role.name];
    if (!permissions.includes(grant) && !permissions.includes('academics:*') && !permissions.includes('*')) {
      await qi.bulkUpdate('roles', { permissions: JSON.stringify([...permissions, grant]) }, { id: role.id });
    }
  }

  await addCatalogueSchedule(qi, JOB_TYPE);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB_TYPE });
  for (const cols of [
    ['cohort_id', 'graduation_status', 'id'],
    ['program_id', 'graduation_status', 'id'],
    ['graduation_status', 'id'],
  ]) {
    await qi.removeIndex('enrollments', `enrollments_${cols.join('_')}`);
  }
  for (const column of ['graduation_status', 'graduation_status_at', 'graduated_at', 'graduation_late', 'graduated_by_name']) {
    await qi.removeColumn('enrollments', column);
  }
  await qi.dropTable('academic_progress');
}
