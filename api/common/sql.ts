import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * One SQL statement, already escaped, run on the transaction's connection (or a pooled one) for the
 * hot paths. On MariaDB it goes to the driver (mysql2) directly, past Sequelize's query pipeline
 * (options cloning, replacements, result formatting: most of a payment's CPU before, see
 * docs/benchmarks.md); the connection is Sequelize's own, so its type casting (DECIMAL as numbers,
 * DATETIME as Date, DATE as 'YYYY-MM-DD') and the transaction are the same. On SQLite, which writes
 * one statement at a time anyway, it goes through `sequelize.query`.
 */

interface MysqlConnection {
  query(options: { sql: string }, cb: (err: Error | null, result: unknown) => void): unknown;
}
interface ConnectionManager {
  getConnection(options: { type: 'read' | 'write' }): Promise<MysqlConnection>;
  releaseConnection(connection: MysqlConnection): void;
}
type ResultHeader = { insertId?: number; affectedRows?: number };

const isMysql = (sequelize: Sequelize) => sequelize.getDialect() === 'mysql' || sequelize.getDialect() === 'mariadb';

async function onDriver(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<unknown> {
  const manager = (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;
  const connection = (transaction as unknown as { connection?: MysqlConnection } | undefined)?.connection ?? (await manager.getConnection({ type: 'write' }));
  try {
    return await new Promise((resolve, reject) => {
      connection.query({ sql }, (err, result) => (err ? reject(Object.assign(err, { sql })) : resolve(result)));
    });
  } finally {
    if (!transaction) manager.releaseConnection(connection);
  }
}

/** A SELECT: its rows (columns as the SQL aliases them). */
export async function selectRows<T extends object>(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<T[]> {
  if (isMysql(sequelize)) return (await onDriver(sequelize, sql, transaction)) as T[];
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT, transaction });
}

/** An INSERT of one row: its id. */
export async function insertSql(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<number> {
  if (isMysql(sequelize)) return Number(((await onDriver(sequelize, sql, transaction)) as ResultHeader).insertId);
  const [id] = await sequelize.query(sql, { type: QueryTypes.INSERT, transaction });
  return Number(id);
}

/** An UPDATE (or a multi-row INSERT): the rows it changed. */
export async function updateSql(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<number> {
  if (isMysql(sequelize)) return Number(((await onDriver(sequelize, sql, transaction)) as ResultHeader).affectedRows ?? 0);
  const [, affected] = await sequelize.query(sql, { type: QueryTypes.UPDATE, transaction });
  return Number(affected ?? 0);
}

/** `FOR UPDATE` where the dialect has row locks (SQLite's IMMEDIATE transactions lock the whole file). */
export const forUpdate = (sequelize: Sequelize) => (isMysql(sequelize) ? ' FOR UPDATE' : '');
