import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 21, purchases (domain rules "Purchases"): `purchases`, an extra product bought for one of a
 * student's enrollments — the product as it was (name, type, unit price), quantity, subtotal, the tax
 * state, rate and amount, the total, what was refunded, the status (PENDING → PAID | FAILED, PAID →
 * REFUNDED), the card and the gateway's charge, the refund queue item, the scoped Idempotency-Key
 * (unique) and its request's hash. Indexed for the lists: a student's and an enrollment's purchases,
 * the criteria (status, type, program, product, dates) and the sorts (total, purchased_at).
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  const money = (defaultValue?: number) => ({ type: DataTypes.DECIMAL(12, 2), allowNull: false, ...(defaultValue === undefined ? {} : { defaultValue }) });
  await qi.createTable('purchases', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    student_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'students', key: 'id' }, onDelete: 'CASCADE' },
    enrollment_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'enrollments', key: 'id' }, onDelete: 'CASCADE' },
    application_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'applications', key: 'id' }, onDelete: 'CASCADE' },
    program_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'programs', key: 'id' } },
    extra_product_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'extra_products', key: 'id' } },
    product_name: { type: DataTypes.STRING(200), allowNull: false },
    product_type: { type: DataTypes.STRING(30), allowNull: false },
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    unit_price: money(),
    amount: money(),
    tax_state: { type: DataTypes.STRING(2), allowNull: true },
    tax_rate: { type: DataTypes.DECIMAL(7, 4), allowNull: false, defaultValue: 0 },
    tax_amount: money(0),
    total: money(),
    refunded_amount: money(0),
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'PENDING' },
    payment_method_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'payment_methods', key: 'id' }, onDelete: 'SET NULL' },
    gateway: { type: DataTypes.STRING(20), allowNull: true },
    gateway_charge_id: { type: DataTypes.STRING(100), allowNull: true },
    card_brand: { type: DataTypes.STRING(30), allowNull: true },
    card_last4: { type: DataTypes.STRING(4), allowNull: true },
    failure_message: { type: DataTypes.STRING(255), allowNull: true },
    refund_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'refunds', key: 'id' }, onDelete: 'SET NULL' },
    idempotency_key: { type: DataTypes.STRING(160), allowNull: true },
    idempotency_hash: { type: DataTypes.STRING(64), allowNull: true },
    purchased_at: { type: DataTypes.DATE(3), allowNull: false },
    processed_at: { type: DataTypes.DATE(3), allowNull: true },
    updated_by_id: { type: DataTypes.INTEGER, allowNull: true },
    updated_by_name: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('purchases', ['idempotency_key'], { name: 'purchases_idempotency_key', unique: true });
  for (const cols of [
    ['student_id', 'id'],
    ['enrollment_id', 'id'],
    ['status', 'id'],
    ['product_type', 'id'],
    ['program_id', 'id'],
    ['extra_product_id', 'id'],
    ['application_id'],
    ['purchased_at'],
    ['total'],
    ['refund_id'],
    ['payment_method_id'],
  ]) {
    await qi.addIndex('purchases', cols, { name: `purchases_${cols.join('_')}` });
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.dropTable('purchases');
}
