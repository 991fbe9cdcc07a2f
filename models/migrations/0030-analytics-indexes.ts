import type { QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 20, analytics (api/analytics/analytics.service.ts): the indexes each kind's aggregate reads, so a
 * filtered range is an index range and the grouped columns come from the index (no row read):
 * - applications by creation (the applications kinds' range), with the status, product, category and
 *   source they group or filter by; product and category first for those filters; ENROLLED by enrolledAt
 *   with the student (top countries);
 * - application_cohorts by program (the program filter) and by application with program and cohort (the
 *   program and cohort groupings);
 * - students by creation with gender and active (students_gender, count_students);
 * - activity_logs' sign-ins by day with the user and the student (students_logged);
 * - plans by status and next due date with what their standing reads (count_late_payment).
 * payment_schedules' (due_date) and (status, due_date) are replaced by the same leading columns with the
 * amounts after them (payments_schedules, transactions_past_due): every query that used the shorter ones
 * uses the longer, and each payment still writes as many schedule indexes as before.
 */
const ADDED: Array<[table: string, columns: string[], name: string]> = [
  ['applications', ['created_at', 'status', 'product_id', 'business_category_id', 'source'], 'applications_analytics_created'],
  ['applications', ['product_id', 'created_at', 'status'], 'applications_analytics_product'],
  ['applications', ['business_category_id', 'created_at', 'status'], 'applications_analytics_category'],
  ['applications', ['status', 'enrolled_at', 'student_id', 'product_id', 'business_category_id'], 'applications_analytics_enrolled'],
  ['application_cohorts', ['program_id', 'application_id'], 'application_cohorts_analytics_program'],
  ['application_cohorts', ['application_id', 'program_id', 'cohort_id'], 'application_cohorts_analytics_application'],
  ['students', ['archived', 'is_student', 'created_at', 'gender', 'active'], 'students_analytics_created'],
  ['activity_logs', ['type', 'created_at', 'entity_type', 'entity_id', 'student_id'], 'activity_logs_analytics_type'],
  ['student_payment_plans', ['status', 'next_due_date', 'bankruptcy', 'financial_status', 'application_id'], 'student_payment_plans_analytics_late'],
  ['payment_schedules', ['due_date', 'amount', 'tax_amount', 'paid_amount', 'student_payment_plan_id'], 'payment_schedules_analytics_due'],
  ['payment_schedules', ['status', 'due_date', 'amount', 'tax_amount', 'paid_amount', 'student_payment_plan_id'], 'payment_schedules_analytics_status'],
];

const REPLACED: Array<[table: string, columns: string[], name: string]> = [
  ['payment_schedules', ['due_date'], 'payment_schedules_due_date'],
  ['payment_schedules', ['status', 'due_date'], 'payment_schedules_status_due_date'],
];

export async function up({ context: qi }: Ctx): Promise<void> {
  for (const [table, columns, name] of ADDED) await qi.addIndex(table, columns, { name });
  for (const [table, , name] of REPLACED) await qi.removeIndex(table, name);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const [table, columns, name] of REPLACED) await qi.addIndex(table, columns, { name });
  for (const [table, , name] of ADDED) await qi.removeIndex(table, name);
}
