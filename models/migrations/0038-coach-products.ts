import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 21, coaches' products and the learning centre's bookmarks (docs/decisions.md "Purchases"):
 * - `coach_products`: a coach's own product — name, description, type, price, sessions, active;
 * - `coach_product_sign_ups` (/cmp-sessions): a customer signed up by the coach for one of them — the
 *   product as it was, sessions bought and held, status, the last session held;
 * - `coach_product_purchases` (/cmp-transactions): what the sign-up charged — amount, status, the card
 *   and the gateway's charge, the scoped Idempotency-Key (unique) and its request's hash;
 * - `module_bookmarks`: a student's bookmarked cohort modules (My courses), one per student and module.
 * Indexed for the lists: each coach's and customer's rows, the criteria (status, product type) and the sorts.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  const audit = {
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  };
  const coach = { type: DataTypes.INTEGER, allowNull: false, references: { model: 'coaches', key: 'id' }, onDelete: 'CASCADE' };
  const student = { type: DataTypes.INTEGER, allowNull: false, references: { model: 'students', key: 'id' }, onDelete: 'CASCADE' };
  await qi.createTable('coach_products', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    coach_id: coach,
    name: { type: DataTypes.STRING(200), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    type: { type: DataTypes.STRING(30), allowNull: false },
    price: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
    sessions: { type: DataTypes.INTEGER, allowNull: false },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...audit,
  });
  await qi.createTable('coach_product_sign_ups', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    coach_product_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'coach_products', key: 'id' }, onDelete: 'CASCADE' },
    coach_id: coach,
    student_id: student,
    product_name: { type: DataTypes.STRING(200), allowNull: false },
    product_type: { type: DataTypes.STRING(30), allowNull: false },
    sessions_total: { type: DataTypes.INTEGER, allowNull: false },
    sessions_used: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'PENDING_PAYMENT' },
    last_session_at: { type: DataTypes.DATE(3), allowNull: true },
    notes: { type: DataTypes.TEXT, allowNull: true },
    ...audit,
  });
  await qi.createTable('coach_product_purchases', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    sign_up_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'coach_product_sign_ups', key: 'id' }, onDelete: 'CASCADE' },
    coach_product_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'coach_products', key: 'id' }, onDelete: 'CASCADE' },
    coach_id: coach,
    student_id: student,
    product_name: { type: DataTypes.STRING(200), allowNull: false },
    product_type: { type: DataTypes.STRING(30), allowNull: false },
    amount: { type: DataTypes.DECIMAL(12, 2), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
    payment_method_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'payment_methods', key: 'id' }, onDelete: 'SET NULL' },
    gateway: { type: DataTypes.STRING(20), allowNull: true },
    gateway_charge_id: { type: DataTypes.STRING(100), allowNull: true },
    card_brand: { type: DataTypes.STRING(30), allowNull: true },
    card_last4: { type: DataTypes.STRING(4), allowNull: true },
    failure_message: { type: DataTypes.STRING(255), allowNull: true },
    idempotency_key: { type: DataTypes.STRING(160), allowNull: true },
    idempotency_hash: { type: DataTypes.STRING(64), allowNull: true },
    purchased_at: { type: DataTypes.DATE(3), allowNull: false },
    processed_at: { type: DataTypes.DATE(3), allowNull: true },
    ...audit,
  });
  await qi.createTable('module_bookmarks', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    student_id: student,
    cohort_module_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'cohort_modules', key: 'id' }, onDelete: 'CASCADE' },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  const indexes: Array<[string, string, string[], boolean?]> = [
    ['coach_products', 'coach_products_coach_id_id', ['coach_id', 'id']],
    ['coach_products', 'coach_products_type', ['type']],
    ['coach_product_sign_ups', 'cp_sign_ups_coach_id_id', ['coach_id', 'id']],
    ['coach_product_sign_ups', 'cp_sign_ups_student_id_id', ['student_id', 'id']],
    ['coach_product_sign_ups', 'cp_sign_ups_status_id', ['status', 'id']],
    ['coach_product_sign_ups', 'cp_sign_ups_product_type_id', ['product_type', 'id']],
    ['coach_product_sign_ups', 'cp_sign_ups_coach_product_id', ['coach_product_id']],
    ['coach_product_purchases', 'cp_purchases_idempotency_key', ['idempotency_key'], true],
    ['coach_product_purchases', 'cp_purchases_coach_id_id', ['coach_id', 'id']],
    ['coach_product_purchases', 'cp_purchases_student_id_id', ['student_id', 'id']],
    ['coach_product_purchases', 'cp_purchases_status_id', ['status', 'id']],
    ['coach_product_purchases', 'cp_purchases_product_type_id', ['product_type', 'id']],
    ['coach_product_purchases', 'cp_purchases_sign_up_id', ['sign_up_id']],
    ['coach_product_purchases', 'cp_purchases_coach_product_id', ['coach_product_id']],
    ['coach_product_purchases', 'cp_purchases_payment_method_id', ['payment_method_id']],
    ['coach_product_purchases', 'cp_purchases_purchased_at', ['purchased_at']],
    ['module_bookmarks', 'module_bookmarks_student_module', ['student_id', 'cohort_module_id'], true],
    ['module_bookmarks', 'module_bookmarks_cohort_module_id', ['cohort_module_id']],
  ];
  for (const [table, name, cols, unique] of indexes) await qi.addIndex(table, cols, { name, unique: Boolean(unique) });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('module_bookmarks');
  await qi.dropTable('coach_product_purchases');
  await qi.dropTable('coach_product_sign_ups');
  await qi.dropTable('coach_products');
}
