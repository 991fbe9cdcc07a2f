import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import { addCatalogueSchedule } from './support';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const ref = (model: string, allowNull = false, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL' = 'RESTRICT') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});
const audit = { updated_by_id: { type: DataTypes.INTEGER, allowNull: true }, updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][], unique = false) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64), unique });
}

const JOB = 'LEARNING_SESSION_AUTO_PUBLISH';

/**
 * Issue 19, learning sessions (platform spec §7 "Learning sessions"; back-office spec §3 "Learning
 * session"; domain rules "Coaching circles and learning sessions"):
 * - `learning_sessions`: one session (type, title, coach, max students 10 and duration 90 by default,
 *   start instant in UTC, language, web conference URL), published by staff or by the auto-publish job
 *   once `auto_publish_date` has passed.
 * - `learning_session_scopes`: the cohorts whose students may sign up (cohorts only: a program's
 *   students are reached through its cohorts).
 * - `learning_session_sign_ups`: one per student and session, with the attendance taken on it
 *   (participation status PENDING until taken, then ATTENDED or ABSENT; participation; notes).
 * - `job_runs.note`: what a run has to say besides its count (the auto-publish job names the sessions
 *   it left unpublished and why).
 * - The LEARNING_SESSION_AUTO_PUBLISH schedule (every 5 minutes), unless 0012 already made it from the
 *   catalogue (a fresh database).
 * Every list filter and sort column is indexed.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('learning_sessions', {
    id: pk,
    type: str(30, false),
    title: str(200, false),
    description: { type: DataTypes.TEXT, allowNull: true },
    coach_id: ref('coaches', true),
    max_students: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
    start_date_time: ts(),
    duration: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 90 },
    language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
    web_conference_url: str(500),
    published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    published_at: ts(true),
    auto_publish_date: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'learning_sessions', 'ls', [
    ['start_date_time', 'id'],
    ['coach_id', 'start_date_time'],
    ['published', 'start_date_time'],
    ['published', 'auto_publish_date'],
    ['type', 'start_date_time'],
    ['language', 'start_date_time'],
    ['title'],
    ['updated_at'],
  ]);

  await qi.createTable('learning_session_scopes', {
    id: pk,
    learning_session_id: ref('learning_sessions', false, 'CASCADE'),
    cohort_id: ref('cohorts', false, 'CASCADE'),
    ...stamps,
  });
  await indexes(qi, 'learning_session_scopes', 'ls_scopes', [['learning_session_id', 'cohort_id']], true);
  await indexes(qi, 'learning_session_scopes', 'ls_scopes', [['cohort_id', 'learning_session_id']]);

  await qi.createTable('learning_session_sign_ups', {
    id: pk,
    learning_session_id: ref('learning_sessions', false, 'CASCADE'),
    student_id: ref('students'),
    participation_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PENDING' },
    participation: str(100),
    notes: { type: DataTypes.TEXT, allowNull: true },
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'learning_session_sign_ups', 'ls_sign_ups', [['learning_session_id', 'student_id']], true);
  await indexes(qi, 'learning_session_sign_ups', 'ls_sign_ups', [['student_id', 'id']]);

  await qi.addColumn('job_runs', 'note', { type: DataTypes.STRING(1000), allowNull: true });

  await addCatalogueSchedule(qi, JOB);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.bulkDelete('job_schedules', { type: JOB });
  await qi.removeColumn('job_runs', 'note');
  for (const t of ['learning_session_sign_ups', 'learning_session_scopes', 'learning_sessions']) await qi.dropTable(t);
}
