import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const int = (primaryKey = true) => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0, primaryKey });
const text = (length: number, primaryKey = true) => ({ type: DataTypes.STRING(length), allowNull: false, defaultValue: '', primaryKey });
const measure = (big = false) => ({ type: big ? DataTypes.BIGINT : DataTypes.INTEGER, allowNull: false, defaultValue: 0 });

/**
 * Issue 20, analytics at volume (api/analytics/summaries.ts; docs/architecture.md "Analytics"): the
 * summary tables the kinds read instead of the base tables, kept exact by api/analytics/refresh.ts.
 * A day is the school's calendar day (America/New_York) as YYYY-MM-DD text; an absent id is 0 and an
 * absent text '' (the key is the primary key: NULL would not conflict). `fp` is the program filter a
 * row answers: 0 for every application, else a program the application has a cohort in (so an
 * application counts once under each of its programs, and once under 0).
 * - analytics_applications: applications per creation day × status × product × category × source;
 * - analytics_application_cohorts: their cohorts (program, cohort) per creation day × status × product × category;
 * - analytics_enrollments: ENROLLED applications per enrolment day × the student's country × product × category;
 * - analytics_schedules: schedule entries per due date × product × category of the plan's application:
 *   how many, due (amount + tax), paid, and left on unpaid ones (not PAID or CANCELLED), in cents;
 * - analytics_sign_ins: a student's sign-in day (one row however many sign-ins; `counted` once it is in
 *   the gaps table); analytics_sign_in_gaps: sign-in days per filter key × day × the student's previous
 *   sign-in day ('' for the first), so distinct students over any range are counted exactly;
 * - analytics_ledger: what each application, plan or signing-in student contributes now (JSON), so a
 *   change is applied as a difference; analytics_dirty: entities to look at again that a time stamp
 *   does not show (deletes); analytics_state: the one lock row with the last refresh and activity-log id.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('analytics_applications', {
    fp: int(),
    day: text(10),
    status: text(40),
    product_id: int(),
    business_category_id: int(),
    source: text(40),
    n: measure(),
  });
  await qi.createTable('analytics_application_cohorts', {
    fp: int(),
    day: text(10),
    program_id: int(),
    cohort_id: int(),
    status: text(40),
    product_id: int(),
    business_category_id: int(),
    n: measure(),
  });
  await qi.createTable('analytics_enrollments', {
    fp: int(),
    day: text(10),
    country_code: text(10),
    product_id: int(),
    business_category_id: int(),
    n: measure(),
  });
  await qi.createTable('analytics_schedules', {
    fp: int(),
    due_date: text(10),
    product_id: int(),
    business_category_id: int(),
    entries: measure(),
    due_cents: measure(true),
    paid_cents: measure(true),
    left_cents: measure(true),
  });
  await qi.createTable('analytics_sign_ins', {
    student_id: int(),
    day: text(10),
    counted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  });
  await qi.addIndex('analytics_sign_ins', ['counted', 'student_id'], { name: 'analytics_sign_ins_counted' });
  await qi.createTable('analytics_sign_in_gaps', {
    fkey: text(40),
    day: text(10),
    prev_day: text(10),
    n: measure(),
  });
  await qi.createTable('analytics_ledger', {
    source: text(20),
    entity_id: int(),
    data: { type: DataTypes.TEXT, allowNull: false },
  });
  await qi.createTable('analytics_dirty', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    source: { type: DataTypes.STRING(20), allowNull: false },
    entity_id: { type: DataTypes.INTEGER, allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.createTable('analytics_state', {
    id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    refreshed_at: { type: DataTypes.DATE(3), allowNull: true },
    log_id: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.bulkInsert('analytics_state', [{ id: 1, refreshed_at: null, log_id: 0, updated_at: new Date() }]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of [
    'analytics_state',
    'analytics_dirty',
    'analytics_ledger',
    'analytics_sign_in_gaps',
    'analytics_sign_ins',
    'analytics_schedules',
    'analytics_enrollments',
    'analytics_application_cohorts',
    'analytics_applications',
  ]) {
    await qi.dropTable(table);
  }
}
