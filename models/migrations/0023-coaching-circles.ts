import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT, allowNull });
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const flag = (value = false) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: value });
const day = (allowNull = true) => ({ type: DataTypes.DATEONLY, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const status = (value: string) => ({ type: DataTypes.STRING(20), allowNull: false, defaultValue: value });
const ref = (model: string, allowNull = false, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL' = 'RESTRICT') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});
const audit = { updated_by_id: int(), updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][], unique = false) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64), unique });
}

/**
 * Issue 19, coaching circles (back-office spec §3 "Coaching circle type", "Coaching circle",
 * "Coaching circle coach", "Attendance record"; domain rules "Coaching circles and learning sessions"):
 * - `coaching_circle_types`: the template a circle copies (sessions count, frequency and unit, duration
 *   in minutes, max students per coach); soft-deleted.
 * - `coaching_circles`: one cohort's circle of a type, meeting from start_date at start_time (wall clock
 *   in time_zone, America/New_York by default) for `sessions` sessions every `frequency` `frequency_unit`;
 *   open/close dates bound sign-ups; published once its preconditions hold.
 * - `coaching_circle_scopes`: the cohorts whose students may sign up (the circle's own cohort first).
 * - `coaching_circle_sessions`: the generated sessions, instants in UTC.
 * - `coaching_circle_coaches`: a coach's group in a circle, with its web conference URL and max students.
 * - `coaching_circle_sign_ups`: a student in one coach's group of a circle; one per student and circle.
 * - `coaching_circle_sign_up_sessions`: the attendance record of a sign-up for one session (the spec's
 *   coachingCircleSignUpSessionId): PENDING until taken, ATTENDED or ABSENT, participation and notes;
 *   its coach is the group the student attends that session with (an alternate session moves it).
 * Every list filter and sort column is indexed.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('coaching_circle_types', {
    id: pk,
    name: str(200, false),
    description: text(),
    sessions: int(false),
    max_students: int(false),
    frequency: int(false),
    frequency_unit: str(10, false),
    duration: int(false),
    deleted: flag(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_types', 'cc_types', [['deleted', 'name'], ['name']]);

  await qi.createTable('coaching_circles', {
    id: pk,
    coaching_circle_type_id: ref('coaching_circle_types'),
    cohort_id: ref('cohorts'),
    name: str(200),
    sessions: int(false),
    max_students: int(false),
    frequency: int(false),
    frequency_unit: str(10, false),
    duration: int(false),
    start_date: day(false),
    start_time: str(5, false),
    end_time: str(5, false),
    time_zone: { type: DataTypes.STRING(64), allowNull: false, defaultValue: 'America/New_York' },
    open_date: ts(true),
    close_date: ts(true),
    open_close_dates_from_cohort_config: flag(),
    skip_sessions_from_cohort_config: flag(true),
    published: flag(),
    published_at: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'coaching_circles', 'cc', [['cohort_id', 'id'], ['coaching_circle_type_id', 'id'], ['published', 'id'], ['start_date', 'id'], ['name'], ['updated_at']]);

  await qi.createTable('coaching_circle_scopes', {
    id: pk,
    coaching_circle_id: ref('coaching_circles', false, 'CASCADE'),
    cohort_id: ref('cohorts', false, 'CASCADE'),
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_scopes', 'cc_scopes', [['coaching_circle_id', 'cohort_id']], true);
  await indexes(qi, 'coaching_circle_scopes', 'cc_scopes', [['cohort_id']]);

  await qi.createTable('coaching_circle_sessions', {
    id: pk,
    coaching_circle_id: ref('coaching_circles', false, 'CASCADE'),
    session_number: int(false),
    start_date_time: ts(),
    end_date_time: ts(),
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_sessions', 'cc_sessions', [['coaching_circle_id', 'start_date_time'], ['start_date_time']]);

  await qi.createTable('coaching_circle_coaches', {
    id: pk,
    coaching_circle_id: ref('coaching_circles', false, 'CASCADE'),
    coach_id: ref('coaches'),
    web_conference_url: str(500),
    max_students: int(false),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_coaches', 'cc_coaches', [['coaching_circle_id', 'coach_id']], true);
  await indexes(qi, 'coaching_circle_coaches', 'cc_coaches', [['coach_id', 'id']]);

  await qi.createTable('coaching_circle_sign_ups', {
    id: pk,
    coaching_circle_id: ref('coaching_circles'),
    coaching_circle_coach_id: ref('coaching_circle_coaches'),
    student_id: ref('students'),
    enrollment_id: ref('enrollments', true, 'SET NULL'),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_sign_ups', 'cc_sign_ups', [['coaching_circle_id', 'student_id']], true);
  await indexes(qi, 'coaching_circle_sign_ups', 'cc_sign_ups', [
    ['coaching_circle_coach_id', 'id'],
    ['student_id', 'id'],
  ]);

  await qi.createTable('coaching_circle_sign_up_sessions', {
    id: pk,
    coaching_circle_sign_up_id: ref('coaching_circle_sign_ups', false, 'CASCADE'),
    coaching_circle_session_id: ref('coaching_circle_sessions', false, 'CASCADE'),
    coaching_circle_coach_id: ref('coaching_circle_coaches'),
    status: status('PENDING'),
    participation: str(30),
    notes: text(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'coaching_circle_sign_up_sessions', 'cc_sus', [['coaching_circle_sign_up_id', 'coaching_circle_session_id']], true);
  await indexes(qi, 'coaching_circle_sign_up_sessions', 'cc_sus', [
    ['coaching_circle_session_id', 'coaching_circle_coach_id'],
    ['coaching_circle_coach_id', 'coaching_circle_session_id'],
    ['status', 'id'],
  ]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const t of [
    'coaching_circle_sign_up_sessions',
    'coaching_circle_sign_ups',
    'coaching_circle_coaches',
    'coaching_circle_sessions',
    'coaching_circle_scopes',
    'coaching_circles',
    'coaching_circle_types',
  ])
    await qi.dropTable(t);
}
