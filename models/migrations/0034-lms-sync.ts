import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const ref = (table: string, onDelete = 'CASCADE') => ({ type: DataTypes.INTEGER, allowNull: true, references: { model: table, key: 'id' }, onDelete });
const req = (table: string, onDelete = 'CASCADE') => ({ ...ref(table, onDelete), allowNull: false });
const stamps = {
  created_at: { type: DataTypes.DATE(3), allowNull: false },
  updated_at: { type: DataTypes.DATE(3), allowNull: false },
};

/**
 * Issue 21, learning-system sync and enrollment (domain rules "Learning systems (LMS)"):
 * - `lms_sync_runs`: one run of a sync (its kind, the program or cohort, dry run or not, RUNNING →
 *   SUCCEEDED | FAILED, created/updated/unchanged/failed counts, what changed as JSON, who, when).
 * - `lms_users`: a student's user id in one connection's LMS (made when missing, found again after).
 * - `lms_enrollments`: a student's enrollment in a cohort's LMS course or section — the wanted action
 *   (ENROLL | UNENROLL), its delivery (PENDING → DONE | FAILED), attempts and the last error.
 * - `lms_grades`: a student's grade items read from the LMS (sync_academic_status), by external id.
 * - `program_module_topics`: the topics (videos among them) of a program's LMS modules, by external id.
 * - Idempotent upserts by external id: unique keys on the categories and topics, indexes on the modules'.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('lms_sync_runs', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    lms_connection_id: req('lms_connections'),
    kind: { type: DataTypes.STRING(30), allowNull: false },
    program_id: ref('programs'),
    cohort_id: ref('cohorts'),
    dry_run: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'RUNNING' },
    created_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    updated_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    unchanged_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    failed_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    changes: { type: DataTypes.TEXT, allowNull: false },
    error: { type: DataTypes.STRING(1000), allowNull: true },
    requested_by_id: ref('users', 'SET NULL'),
    requested_by_name: { type: DataTypes.STRING(200), allowNull: false },
    started_at: { type: DataTypes.DATE(3), allowNull: false },
    finished_at: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps,
  });
  await qi.addIndex('lms_sync_runs', ['lms_connection_id', 'id'], { name: 'lms_sync_runs_connection_id' });
  await qi.addIndex('lms_sync_runs', ['program_id', 'kind', 'id'], { name: 'lms_sync_runs_program_kind_id' });
  await qi.addIndex('lms_sync_runs', ['cohort_id', 'id'], { name: 'lms_sync_runs_cohort_id' });

  await qi.createTable('lms_users', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    lms_connection_id: req('lms_connections'),
    student_id: req('students'),
    external_user_id: { type: DataTypes.STRING(100), allowNull: false },
    ...stamps,
  });
  await qi.addIndex('lms_users', ['lms_connection_id', 'student_id'], { name: 'lms_users_connection_student', unique: true });
  await qi.addIndex('lms_users', ['student_id'], { name: 'lms_users_student' });

  await qi.createTable('lms_enrollments', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    lms_connection_id: req('lms_connections'),
    student_id: req('students'),
    cohort_id: req('cohorts'),
    application_id: ref('applications', 'SET NULL'),
    action: { type: DataTypes.STRING(12), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
    external_user_id: { type: DataTypes.STRING(100), allowNull: true },
    external_target: { type: DataTypes.STRING(200), allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_error: { type: DataTypes.STRING(1000), allowNull: true },
    last_attempt_at: { type: DataTypes.DATE(3), allowNull: true },
    done_at: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps,
  });
  await qi.addIndex('lms_enrollments', ['lms_connection_id', 'student_id', 'cohort_id'], { name: 'lms_enrollments_connection_student_cohort', unique: true });
  await qi.addIndex('lms_enrollments', ['student_id', 'id'], { name: 'lms_enrollments_student_id' });
  await qi.addIndex('lms_enrollments', ['lms_connection_id', 'status', 'id'], { name: 'lms_enrollments_connection_status_id' });
  await qi.addIndex('lms_enrollments', ['cohort_id'], { name: 'lms_enrollments_cohort' });

  await qi.createTable('lms_grades', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    lms_connection_id: req('lms_connections'),
    student_id: req('students'),
    program_id: req('programs'),
    external_item_id: { type: DataTypes.STRING(100), allowNull: false },
    name: { type: DataTypes.STRING(300), allowNull: false },
    category_external_id: { type: DataTypes.STRING(100), allowNull: true },
    points: { type: DataTypes.DECIMAL(12, 4), allowNull: true },
    max_points: { type: DataTypes.DECIMAL(12, 4), allowNull: true },
    percent: { type: DataTypes.DECIMAL(7, 4), allowNull: true },
    ...stamps,
  });
  await qi.addIndex('lms_grades', ['program_id', 'student_id', 'external_item_id'], { name: 'lms_grades_program_student_item', unique: true });
  await qi.addIndex('lms_grades', ['student_id'], { name: 'lms_grades_student' });

  await qi.createTable('program_module_topics', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    program_id: req('programs'),
    program_module_id: req('program_modules'),
    external_id: { type: DataTypes.STRING(100), allowNull: false },
    title: { type: DataTypes.STRING(300), allowNull: false },
    url: { type: DataTypes.STRING(1000), allowNull: true },
    topic_type: { type: DataTypes.STRING(40), allowNull: true },
    is_video: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    display_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...stamps,
  });
  await qi.addIndex('program_module_topics', ['program_module_id', 'external_id'], { name: 'program_module_topics_module_external', unique: true });
  await qi.addIndex('program_module_topics', ['program_id', 'is_video'], { name: 'program_module_topics_program_video' });

  await qi.addIndex('lms_categories', ['program_id', 'kind', 'external_id'], { name: 'lms_categories_program_kind_external', unique: true });
  await qi.addIndex('program_modules', ['program_id', 'd2l_module_id'], { name: 'program_modules_program_d2l_module' });
  await qi.addIndex('cohort_modules', ['cohort_id', 'd2l_module_id'], { name: 'cohort_modules_cohort_d2l_module' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('cohort_modules', 'cohort_modules_cohort_d2l_module');
  await qi.removeIndex('program_modules', 'program_modules_program_d2l_module');
  await qi.removeIndex('lms_categories', 'lms_categories_program_kind_external');
  for (const table of ['program_module_topics', 'lms_grades', 'lms_enrollments', 'lms_users', 'lms_sync_runs']) await qi.dropTable(table);
}
