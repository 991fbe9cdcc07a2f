import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

const pk = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false };
const str = (n: number, allowNull = true) => ({ type: DataTypes.STRING(n), allowNull });
const ts = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const audit = { updated_by_id: { type: DataTypes.INTEGER, allowNull: true }, updated_by_name: str(200) };
const stamps = { created_at: ts(), updated_at: ts() };
const category = () => ({ type: DataTypes.INTEGER, allowNull: false, references: { model: 'business_categories', key: 'id' } });
const money = () => ({ type: DataTypes.DECIMAL(12, 2), allowNull: true });
const rate = () => ({ type: DataTypes.DECIMAL(7, 4), allowNull: true });

/** Accounting lines and payment plans of the business categories (back-office spec §3, §7). */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('accounting_lines', {
    id: pk,
    business_category_id: category(),
    description: str(255, false),
    type: str(10, false),
    category: str(20, false),
    ...audit,
    ...stamps,
  });
  // Lists are per category, sorted by id (default) or a column: one index per sort column.
  for (const col of ['description', 'type', 'category', 'updated_at']) {
    await qi.addIndex('accounting_lines', ['business_category_id', col], { name: `accounting_lines_category_${col}` });
  }

  await qi.createTable('business_category_payment_plans', {
    id: pk,
    business_category_id: category(),
    description: str(255, false),
    payment_plan_type: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PAY_IN_FULL' },
    payment_schedule_type: str(30, false),
    installment_amount: money(),
    deposit_amount: money(),
    interest_rate: rate(),
    annual_percentage_rate: rate(),
    tuition_price: money(),
    total_term: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    amortize_term: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    principal_amount: money(),
    salesforce_payment_plan_id: str(40),
    ...audit,
    ...stamps,
  });
  // Per-category lists (filter + sort) and the across-categories list (filters and sorts).
  for (const col of ['description', 'payment_plan_type', 'updated_at']) {
    await qi.addIndex('business_category_payment_plans', ['business_category_id', col], { name: `bc_payment_plans_category_${col}` });
  }
  await qi.addIndex('business_category_payment_plans', ['description'], { name: 'bc_payment_plans_description' });
  await qi.addIndex('business_category_payment_plans', ['payment_plan_type'], { name: 'bc_payment_plans_type' });
  await qi.addIndex('business_category_payment_plans', ['updated_at'], { name: 'bc_payment_plans_updated_at' });
  await qi.addIndex('business_categories', ['description'], { name: 'business_categories_description' });
  await qi.addIndex('business_categories', ['updated_at'], { name: 'business_categories_updated_at' });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeIndex('business_categories', 'business_categories_updated_at');
  await qi.removeIndex('business_categories', 'business_categories_description');
  await qi.dropTable('business_category_payment_plans');
  await qi.dropTable('accounting_lines');
}
