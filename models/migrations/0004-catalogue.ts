import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const text = () => ({ type: DataTypes.TEXT, allowNull: true });
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const flag = (value = false) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: value });
const day = () => ({ type: DataTypes.DATEONLY, allowNull: true });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const money = (allowNull = true) => ({ type: DataTypes.DECIMAL(12, 2), allowNull });
const rate = () => ({ type: DataTypes.DECIMAL(7, 4), allowNull: true });
const json = (fallback: string) => ({ type: DataTypes.TEXT, allowNull: false, defaultValue: fallback });
const ref = (model: string, allowNull = false, onDelete: 'CASCADE' | 'RESTRICT' = 'RESTRICT') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});
const audit = { updated_by_id: int(), updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };

/** The columns of a module, shared by program modules and the cohort modules copied from them. */
const moduleColumns = () => ({
  title: str(255, false),
  d2l_module_id: str(40),
  group_name: str(100),
  module_group_id: ref('module_groups', true),
  locked: flag(),
  duration: int(),
  start_date_time: ts(true),
  open_date: ts(true),
  close_date: ts(true),
  end_date_time: ts(true),
  image: str(500),
  consume_tracking_enabled: flag(),
  communication_template_id: int(),
  display_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
});

/** A payment-plan definition's terms (the same columns as the business-category templates). */
const planTerms = () => ({
  payment_plan_type: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PAY_IN_FULL' },
  payment_schedule_type: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'FIXED_TERMS' },
  installment_amount: money(),
  deposit_amount: money(),
  interest_rate: rate(),
  annual_percentage_rate: rate(),
  tuition_price: money(),
  total_term: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
  amortize_term: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  principal_amount: money(),
});

async function indexes(qi: QueryInterface, table: string, short: string, sets: string[][]) {
  for (const cols of sets) await qi.addIndex(table, cols, { name: `${short}_${cols.join('_')}`.slice(0, 64) });
}

/**
 * The catalogue (back-office spec §3, §7): programs and everything hanging off them, module groups,
 * cohorts with their modules and skipped coaching-circle sessions, and products with their items
 * (cohorts), payment plans (business-category templates) and adjustments. Every list filter and
 * sort column has an index.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('programs', {
    id: pk,
    name: str(200, false),
    image: str(500),
    description: text(),
    pre_requisites: text(),
    course_access_duration: int(),
    graduation_limit_days: int(),
    cost: money(),
    business_category_id: ref('business_categories'),
    welcome_email_template: str(100),
    language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'EN' },
    enrollment_agreement_url: str(500),
    enrollment_agreement_publication_date: day(),
    enrollment_agreement_last_revision_date: day(),
    registration_fee: money(),
    books_and_materials_fee: money(),
    accelerated: flag(),
    duration_type: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'FIXED_DURATION' },
    is_bundle: flag(),
    salesforce_product_id: str(40),
    salesforce_product_type: str(40),
    lms_connection_id: int(),
    d2l_org_unit_id: str(40),
    accredible_group_id: str(40),
    clock_hours: int(),
    weeks: int(),
    show_ohio_video: flag(),
    reserved_seat: flag(),
    deleted: flag(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'programs', 'programs', [
    ['deleted', 'name'],
    ['deleted', 'id'],
    ['deleted', 'updated_at'],
    ['deleted', 'cost'],
    ['name'],
    ['business_category_id'],
    ['accelerated'],
    ['show_ohio_video'],
    ['duration_type'],
  ]);

  await qi.createTable('program_languages', {
    program_id: { ...ref('programs', false, 'CASCADE'), primaryKey: true },
    language: { type: DataTypes.STRING(2), allowNull: false, primaryKey: true },
  });
  await indexes(qi, 'program_languages', 'program_languages', [['language', 'program_id']]);

  await qi.createTable('program_bundle_items', {
    id: pk,
    bundle_program_id: ref('programs', false, 'CASCADE'),
    program_id: ref('programs'),
    display_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...stamps,
  });
  await qi.addIndex('program_bundle_items', ['bundle_program_id', 'program_id'], { unique: true, name: 'program_bundle_items_unique' });
  await indexes(qi, 'program_bundle_items', 'program_bundle_items', [['program_id']]);

  await qi.createTable('lms_categories', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    kind: str(20, false),
    external_id: str(40),
    name: str(200, false),
    ...stamps,
  });
  await indexes(qi, 'lms_categories', 'lms_categories', [['program_id', 'kind', 'name']]);

  await qi.createTable('graduation_requirements', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    name: str(200, false),
    total: int(),
    type: str(30, false),
    requirement: str(255),
    min_required_to_complete: int(),
    min_required_to_pass: int(),
    min_score: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
    display_order: int(false),
    quiz_category_id: ref('lms_categories', true),
    assignment_category_id: ref('lms_categories', true),
    quiz_ids: json('[]'),
    ...audit,
    ...stamps,
  });
  await qi.addIndex('graduation_requirements', ['program_id', 'display_order'], { unique: true, name: 'graduation_requirements_display_order' });

  await qi.createTable('enrollment_flow_requirements', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    step: str(40, false),
    required: flag(true),
    display_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...stamps,
  });
  await qi.addIndex('enrollment_flow_requirements', ['program_id', 'step'], { unique: true, name: 'enrollment_flow_requirements_step' });

  await qi.createTable('program_payment_plans', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    name: str(200, false),
    is_default: flag(),
    short_description: str(255),
    long_description: text(),
    ...planTerms(),
    salesforce_payment_plan_id: str(40),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'program_payment_plans', 'program_payment_plans', [
    ['program_id', 'name'],
    ['program_id', 'is_default'],
  ]);

  await qi.createTable('program_payment_plan_lines', {
    id: pk,
    program_payment_plan_id: ref('program_payment_plans', false, 'CASCADE'),
    accounting_line_id: ref('accounting_lines'),
    amount: money(false),
    ...stamps,
  });
  await qi.addIndex('program_payment_plan_lines', ['program_payment_plan_id', 'accounting_line_id'], { unique: true, name: 'program_payment_plan_lines_unique' });
  await indexes(qi, 'program_payment_plan_lines', 'program_payment_plan_lines', [['accounting_line_id']]);

  await qi.createTable('extra_products', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    name: str(200, false),
    description: text(),
    type: str(30, false),
    price_type: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'FIXED' },
    price: money(),
    calculate_taxes: flag(),
    multiple_item_purchase: flag(),
    published: flag(),
    deleted: flag(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'extra_products', 'extra_products', [
    ['program_id', 'deleted', 'name'],
    ['program_id', 'published'],
  ]);

  await qi.createTable('module_groups', { id: pk, name: str(200, false), ...stamps });
  await qi.addIndex('module_groups', ['name'], { unique: true, name: 'module_groups_name' });

  await qi.createTable('program_modules', {
    id: pk,
    program_id: ref('programs', false, 'CASCADE'),
    ...moduleColumns(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'program_modules', 'program_modules', [['program_id', 'display_order'], ['program_id', 'title'], ['module_group_id']]);

  await qi.createTable('cohorts', {
    id: pk,
    program_id: ref('programs'),
    business_category_id: ref('business_categories'),
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'CREATED' },
    start_date: day(),
    end_date: day(),
    extended_graduation_date: day(),
    course_access_start_date_time: ts(true),
    course_access_end_date_time: ts(true),
    description: text(),
    image: str(500),
    custom_name: str(200),
    label: str(300, false),
    deleted: flag(),
    d2l_section_id: str(40),
    iin_lms_course_path: str(500),
    salesforce_product_id: str(40),
    published: flag(),
    max_students: int(),
    use_coaching_circle: flag(),
    access_disabled: flag(),
    coaching_circle_open_date: ts(true),
    coaching_circle_close_date: ts(true),
    session_open_date: ts(true),
    session_close_date: ts(true),
    docebo_learning_plan_ids: json('[]'),
    docebo_course_ids: json('[]'),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'cohorts', 'cohorts', [
    ['deleted', 'status', 'start_date'],
    ['deleted', 'id'],
    ['label'],
    ['program_id', 'start_date'],
    ['business_category_id'],
    ['published'],
    ['start_date'],
    ['end_date'],
    ['updated_at'],
    ['status', 'end_date'],
  ]);

  await qi.createTable('cohort_modules', {
    id: pk,
    cohort_id: ref('cohorts', false, 'CASCADE'),
    program_module_id: ref('program_modules', true),
    ...moduleColumns(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'cohort_modules', 'cohort_modules', [['cohort_id', 'display_order'], ['cohort_id', 'title'], ['program_module_id'], ['module_group_id']]);

  await qi.createTable('skipped_coaching_circle_sessions', {
    id: pk,
    cohort_id: ref('cohorts', false, 'CASCADE'),
    coaching_circle_type_id: int(),
    session_date: { type: DataTypes.DATEONLY, allowNull: false },
    description: str(255),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'skipped_coaching_circle_sessions', 'skipped_cc_sessions', [['cohort_id', 'coaching_circle_type_id', 'session_date']]);

  await qi.createTable('products', {
    id: pk,
    name: str(200, false),
    description: text(),
    salesforce_product_type: str(40),
    salesforce_product_id: str(40),
    enrollment_agreement_url: str(500),
    cost: money(),
    flow_type: str(20, false),
    enrolling_start_date: day(),
    enrolling_end_date: day(),
    published: flag(),
    deleted: flag(),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'products', 'products', [
    ['deleted', 'name'],
    ['deleted', 'id'],
    ['deleted', 'updated_at'],
    ['deleted', 'cost'],
    ['name'],
    ['flow_type', 'published'],
    ['published'],
    ['enrolling_start_date', 'enrolling_end_date'],
    ['enrolling_end_date'],
  ]);

  await qi.createTable('product_items', {
    id: pk,
    product_id: ref('products', false, 'CASCADE'),
    cohort_id: ref('cohorts'),
    ...stamps,
  });
  await qi.addIndex('product_items', ['product_id', 'cohort_id'], { unique: true, name: 'product_items_unique' });
  await indexes(qi, 'product_items', 'product_items', [['cohort_id']]);

  await qi.createTable('product_payment_plans', {
    id: pk,
    product_id: ref('products', false, 'CASCADE'),
    payment_plan_id: ref('business_category_payment_plans'),
    short_description: str(255),
    long_description: text(),
    salesforce_payment_plan_id: str(40),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'product_payment_plans', 'product_payment_plans', [['product_id', 'id'], ['payment_plan_id']]);

  await qi.createTable('payment_plan_adjustments', {
    id: pk,
    product_payment_plan_id: ref('product_payment_plans', false, 'CASCADE'),
    description: str(255, false),
    type: str(10, false),
    category: str(20, false),
    amount: money(false),
    ...audit,
    ...stamps,
  });
  await indexes(qi, 'payment_plan_adjustments', 'payment_plan_adjustments', [['product_payment_plan_id', 'id']]);
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of [
    'payment_plan_adjustments',
    'product_payment_plans',
    'product_items',
    'products',
    'skipped_coaching_circle_sessions',
    'cohort_modules',
    'cohorts',
    'program_modules',
    'module_groups',
    'extra_products',
    'program_payment_plan_lines',
    'program_payment_plans',
    'enrollment_flow_requirements',
    'graduation_requirements',
    'lms_categories',
    'program_bundle_items',
    'program_languages',
    'programs',
  ]) {
    await qi.dropTable(table);
  }
}
