import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Issue 15, security: failed sign-ins for an email without an account at that door are counted
 * (`sign_in_failures`, keyed by a hash of door and email), so the lockout looks the same whether or
 * not the account exists; a payment keeps the hash of the request its Idempotency-Key came with.
 */
export async function up({ context: qi }: Ctx): Promise<void> {
  await qi.createTable('sign_in_failures', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true, allowNull: false },
    key_hash: { type: DataTypes.STRING(64), allowNull: false },
    failed_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    first_failed_at: { type: DataTypes.DATE(3), allowNull: true },
    locked_until: { type: DataTypes.DATE(3), allowNull: true },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('sign_in_failures', ['key_hash'], { unique: true, name: 'sign_in_failures_key_hash_unique' });
  await qi.addIndex('sign_in_failures', ['updated_at'], { name: 'sign_in_failures_updated_at' });
  await qi.addColumn('payments', 'idempotency_hash', { type: DataTypes.STRING(64), allowNull: true });
}

export async function down({ context: qi }: Ctx): Promise<void> {
  await qi.removeColumn('payments', 'idempotency_hash');
  await qi.dropTable('sign_in_failures');
}
