import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const text = (allowNull = true) => ({ type: DataTypes.TEXT, allowNull });
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
const flag = (value = false) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: value });
const day = (allowNull = true) => ({ type: DataTypes.DATEONLY, allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const money = (allowNull = true) => ({ type: DataTypes.DECIMAL(12, 2), allowNull });
const zero = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: 0 });
const rate = () => ({ type: DataTypes.DECIMAL(7, 4), allowNull: true });
const json = (fallback: string) => ({ type: DataTypes.TEXT, allowNull: false, defaultValue: fallback });
const status = (value: string) => ({ type: DataTypes.STRING(30), allowNull: false, defaultValue: value });
const ref = (model: string, allowNull = false, onDelete: 'CASCADE' | 'RESTRICT' | 'SET NULL' = 'RESTRICT') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});
const audit = { updated_by_id: int(), updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][]) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64) });
}

/**
 * Enrollment (issue 5; back-office spec §3 Application, Application voucher, Student payment plan;
 * domain rules "Applications and enrollments", "Vouchers"): voucher definitions, applications with
 * their chosen cohorts, answers, comments, completed flow steps, call attempts and CRM notifications,
 * agreement envelopes, enrollments, the student's payment methods (gateway tokens only), student
 * payment plans with their schedule, and application vouchers (voucher refunds). Every list filter
 * and sort column has an index.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('vouchers', {
    id: pk,
    code: str(40, false),
    description: str(255),
    discount_kind: str(20, false),
    discount_value: money(false),
    scope: str(20, false),
    email_ids: json('[]'),
    valid_from: day(),
    valid_to: day(),
    use_limit: int(),
    times_used: count(),
    active: flag(true),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('vouchers', ['code'], { unique: true, name: 'vouchers_code_unique' });
  await indexes(qi, 'vouchers', 'vouchers', [['discount_kind'], ['scope'], ['valid_from'], ['valid_to'], ['active'], ['updated_at']]);

  await qi.createTable('payment_methods', {
    id: pk,
    student_id: ref('students', false, 'CASCADE'),
    gateway: str(20, false),
    gateway_customer_id: str(100),
    gateway_method_id: str(100, false),
    fingerprint: str(100),
    brand: str(30),
    last4: str(4),
    exp_month: int(),
    exp_year: int(),
    is_default: flag(),
    deleted: flag(),
    ...stamps,
  });
  await indexes(qi, 'payment_methods', 'payment_methods', [['student_id', 'deleted', 'is_default'], ['student_id', 'fingerprint'], ['gateway_method_id']]);

  await qi.createTable('applications', {
    id: pk,
    student_id: ref('students'),
    product_id: ref('products'),
    product_payment_plan_id: ref('product_payment_plans', true, 'SET NULL'),
    business_category_id: ref('business_categories', true),
    status: status('CREATED'),
    flow_type: str(20, false),
    source: str(30),
    opportunity_id: str(40),
    migrated: flag(),
    auto_pay: flag(),
    call_attempts: count(),
    financial_status: status('GOOD'),
    days_overdue: count(),
    refunded: zero(),
    document_name: str(255),
    document_type: str(100),
    voucher_id: ref('vouchers', true),
    voucher_discount: zero(),
    payment_method_id: ref('payment_methods', true, 'SET NULL'),
    applied_at: ts(true),
    enrolled_at: ts(true),
    status_changed_at: ts(true),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('applications', ['opportunity_id'], { unique: true, name: 'applications_opportunity_unique' });
  await indexes(qi, 'applications', 'applications', [
    ['student_id', 'product_id', 'status'],
    ['product_id', 'status'],
    ['status', 'id'],
    ['applied_at'],
    ['updated_at'],
    ['updated_by_id'],
    ['migrated', 'id'],
    ['auto_pay'],
    ['source'],
    ['business_category_id'],
    ['financial_status'],
    ['days_overdue'],
    ['flow_type'],
    ['product_payment_plan_id'],
    ['voucher_id'],
  ]);

  await qi.createTable('application_cohorts', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    program_id: ref('programs'),
    cohort_id: ref('cohorts'),
    ...stamps,
  });
  await qi.addIndex('application_cohorts', ['application_id', 'program_id'], { unique: true, name: 'application_cohorts_program_unique' });
  await indexes(qi, 'application_cohorts', 'application_cohorts', [['cohort_id', 'application_id'], ['program_id']]);

  await qi.createTable('application_steps', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    step: str(40, false),
    completed_at: ts(),
    completed_by_id: int(),
    completed_by_name: str(200),
  });
  await qi.addIndex('application_steps', ['application_id', 'step'], { unique: true, name: 'application_steps_unique' });

  await qi.createTable('application_answers', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    question_id: str(60, false),
    content: text(false),
    ...stamps,
  });
  await qi.addIndex('application_answers', ['application_id', 'question_id'], { unique: true, name: 'application_answers_unique' });

  await qi.createTable('application_comments', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    content: text(false),
    author_id: int(),
    author_name: str(200),
    ...stamps,
  });
  await indexes(qi, 'application_comments', 'application_comments', [['application_id', 'created_at']]);

  await qi.createTable('crm_notifications', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    crm: str(20, false),
    event: str(40, false),
    payload: json('{}'),
    status: status('PENDING'),
    attempts: count(),
    last_error: str(500),
    external_id: str(100),
    sent_at: ts(true),
    ...stamps,
  });
  await indexes(qi, 'crm_notifications', 'crm_notifications', [
    ['application_id', 'crm', 'created_at'],
    ['status', 'id'],
  ]);

  await qi.createTable('envelopes', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    student_id: ref('students'),
    status: status('SENT'),
    title: str(255, false),
    content: text(false),
    content_sha256: str(64, false),
    signed_name: str(200),
    signed_at: ts(true),
    signed_ip: str(64),
    signed_sha256: str(64),
    voided_at: ts(true),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'envelopes', 'envelopes', [['application_id', 'status'], ['student_id', 'created_at'], ['status']]);

  await qi.createTable('enrollments', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    student_id: ref('students'),
    cohort_id: ref('cohorts'),
    program_id: ref('programs'),
    status: status('ACTIVE'),
    enrolled_at: ts(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'enrollments', 'enrollments', [['student_id', 'cohort_id', 'status'], ['cohort_id', 'status'], ['application_id'], ['program_id', 'status'], ['status', 'id']]);

  await qi.createTable('student_payment_plans', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    student_id: ref('students'),
    product_payment_plan_id: ref('product_payment_plans', true, 'SET NULL'),
    voucher_id: ref('vouchers', true),
    name: str(255, false),
    description: text(),
    payment_plan_type: str(20, false),
    payment_schedule_type: str(30, false),
    frequency: str(20, false),
    frequency_unit: str(20, false),
    deposit_amount: zero(),
    total_term: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    amortize_term: count(),
    principal_amount: zero(),
    installment_amount: zero(),
    interest_rate: rate(),
    tuition_price: zero(),
    additional_fees: zero(),
    voucher_discount: zero(),
    total_interest: zero(),
    total_owed: zero(),
    total_paid: zero(),
    total_tax: zero(),
    total_credit: zero(),
    total_refunds: zero(),
    rollover: zero(),
    balance: zero(),
    installments_count: count(),
    accounting_line_items: json('[]'),
    status: status('ACTIVE'),
    financial_status: status('GOOD'),
    days_overdue: count(),
    source: status('APPLICATION'),
    scholarship: flag(),
    flow_type: str(20),
    auto_pay: flag(),
    first_payment_date: day(),
    last_payment_date: day(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'student_payment_plans', 'student_payment_plans', [
    ['application_id'],
    ['student_id'],
    ['status', 'id'],
    ['financial_status'],
    ['days_overdue'],
    ['first_payment_date'],
    ['updated_at'],
  ]);

  await qi.createTable('payment_schedules', {
    id: pk,
    student_payment_plan_id: ref('student_payment_plans', false, 'CASCADE'),
    number: int(false),
    kind: str(20, false),
    due_date: day(false),
    principal: money(false),
    interest: money(false),
    amount: money(false),
    balance: money(false),
    tax_amount: zero(),
    paid_amount: zero(),
    status: status('PENDING'),
    ...stamps,
  });
  await qi.addIndex('payment_schedules', ['student_payment_plan_id', 'number'], { unique: true, name: 'payment_schedules_plan_number' });
  await indexes(qi, 'payment_schedules', 'payment_schedules', [['status', 'due_date'], ['due_date']]);

  await qi.createTable('application_vouchers', {
    id: pk,
    application_id: ref('applications', false, 'CASCADE'),
    voucher_id: ref('vouchers'),
    comments: text(),
    amount_to_be_refunded: zero(),
    tax_to_be_refunded: zero(),
    total_to_be_refunded: zero(),
    amount_refunded: zero(),
    tax_refunded: zero(),
    total_refunded: zero(),
    status: status('REQUESTED'),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'application_vouchers', 'application_vouchers', [['application_id', 'status'], ['voucher_id'], ['status', 'id'], ['updated_at'], ['total_to_be_refunded']]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of [
    'application_vouchers',
    'payment_schedules',
    'student_payment_plans',
    'enrollments',
    'envelopes',
    'crm_notifications',
    'application_comments',
    'application_answers',
    'application_steps',
    'application_cohorts',
    'applications',
    'payment_methods',
    'vouchers',
  ]) {
    await qi.dropTable(table);
  }
}
