import { DataTypes, type QueryInterface } from 'sequelize';

type Ctx = { context: QueryInterface };

/**
 * Activity-log entries and account-history lines keep what happened as a key of models/descriptions.ts
 * and its parameters (JSON), so each UI writes it in its own language; `description` keeps the
 * English text (the API's field, keyword search). Rows written before have no key: their text stands.
 */
const TABLES = ['activity_logs', 'ledger_entries'];

export async function up({ context: qi }: Ctx): Promise<void> {
  for (const table of TABLES) {
    await qi.addColumn(table, 'description_key', { type: DataTypes.STRING(40), allowNull: true });
    await qi.addColumn(table, 'description_params', { type: DataTypes.TEXT, allowNull: true });
  }
}

export async function down({ context: qi }: Ctx): Promise<void> {
  for (const table of TABLES) {
    await qi.removeColumn(table, 'description_params');
    await qi.removeColumn(table, 'description_key');
  }
}
