import { QueryTypes, Transaction, type Sequelize } from 'sequelize';

/**
 * SQL statements, already escaped, run on the transaction's connection (or a pooled one) for the hot
 * paths. On MariaDB they go to the driver (mysql2) directly, past Sequelize's query pipeline (options
 * cloning, replacements, result formatting: most of a payment's CPU before, see docs/benchmarks.md),
 * several at once when asked (`runStatements`: one round trip); the connection is Sequelize's own,
 * so its type casting (DECIMAL as numbers, DATETIME as Date, DATE as 'YYYY-MM-DD') and the
 * transaction are the same. On SQLite, which writes one statement at a time anyway, each goes
 * through `sequelize.query`.
 */

interface MysqlConnection {
  uuid?: string;
  query(options: { sql: string; values: null }, cb: (err: Error | null, result: unknown) => void): unknown;
}
interface ConnectionManager {
  getConnection(options: { type: 'read' | 'write'; uuid?: string }): Promise<MysqlConnection>;
  releaseConnection(connection: MysqlConnection): void;
}
type ResultHeader = { insertId?: number; affectedRows?: number };

const isMysql = (sequelize: Sequelize) => sequelize.getDialect() === 'mysql' || sequelize.getDialect() === 'mariadb';
const managerOf = (sequelize: Sequelize) => (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;

/** Transactions of `hotTransaction` whose START TRANSACTION has not gone out yet (it goes with their first statements). */
const notBegun = new WeakSet<Transaction>();

/**
 * Statements in one round trip on the driver; answers each one's result. A transaction not begun yet
 * begins with them; `commit` ends it with them (one round trip for the last batch and the COMMIT).
 */
async function onDriver(sequelize: Sequelize, statements: readonly string[], transaction?: Transaction, commit = false): Promise<unknown[]> {
  const manager = managerOf(sequelize);
  const connection = (transaction as unknown as { connection?: MysqlConnection } | undefined)?.connection ?? (await manager.getConnection({ type: 'write' }));
  const begin = transaction !== undefined && notBegun.has(transaction);
  const all = [...(begin ? ['START TRANSACTION'] : []), ...statements, ...(transaction && commit ? ['COMMIT'] : [])];
  const sql = all.join(';\n');
  // Sent is begun: a failure past START TRANSACTION must be rolled back (ROLLBACK with none open is harmless).
  if (begin) notBegun.delete(transaction!);
  try {
    const result = await new Promise<unknown>((resolve, reject) => {
      connection.query({ sql, values: null }, (err, answer) => (err ? reject(Object.assign(err, { sql })) : resolve(answer)));
    });
    if (transaction && commit) finish(transaction);
    const results = all.length === 1 ? [result] : (result as unknown[]);
    return results.slice(begin ? 1 : 0, (begin ? 1 : 0) + statements.length);
  } finally {
    if (!transaction) manager.releaseConnection(connection);
  }
}

/** A transaction its last batch committed: finished, its connection back in the pool. */
function finish(transaction: Transaction): void {
  const t = transaction as unknown as { finished?: string; cleanup(): void };
  t.finished = 'commit';
  t.cleanup();
}

/** A SELECT: its rows (columns as the SQL aliases them). */
export async function selectRows<T extends object>(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<T[]> {
  if (isMysql(sequelize)) return (await onDriver(sequelize, [sql], transaction))[0] as T[];
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT, transaction });
}

/** An INSERT of one row: its id. */
export async function insertSql(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<number> {
  if (isMysql(sequelize)) return Number(((await onDriver(sequelize, [sql], transaction))[0] as ResultHeader).insertId);
  const [id] = await sequelize.query(sql, { type: QueryTypes.INSERT, transaction });
  return Number(id);
}

/** An UPDATE (or a multi-row INSERT): the rows it changed. */
export async function updateSql(sequelize: Sequelize, sql: string, transaction?: Transaction): Promise<number> {
  if (isMysql(sequelize)) return Number(((await onDriver(sequelize, [sql], transaction))[0] as ResultHeader).affectedRows ?? 0);
  const [, affected] = await sequelize.query(sql, { type: QueryTypes.UPDATE, transaction });
  return Number(affected ?? 0);
}

/** What one statement of a batch answered: a SELECT's rows, else the rows written and an INSERT's id. */
export type StatementResult = unknown[] | { insertId?: number; affectedRows: number };

/**
 * Several statements in order, in one round trip on MariaDB (the connection allows multiple
 * statements: each is built escaped, by ./rows.ts or with literals), one after another on SQLite.
 * Answers each statement's result; the first failing statement stops the rest and rejects (inside a
 * transaction, its rollback undoes the ones before). A round trip costs the server and MariaDB more
 * CPU than most of the statements themselves (docs/benchmarks.md), hence the batches on hot paths.
 * `commit`: the last batch of a `hotTransaction`, which ends it (COMMIT in the same round trip on
 * MariaDB; on SQLite the transaction commits when its work returns).
 */
export async function runStatements(sequelize: Sequelize, statements: readonly string[], transaction?: Transaction, opts: { commit?: boolean } = {}): Promise<StatementResult[]> {
  if (isMysql(sequelize)) {
    if (!statements.length && !opts.commit) return [];
    const results = (await onDriver(sequelize, statements, transaction, opts.commit)) as Array<unknown[] | ResultHeader>;
    return results.map((r) => (Array.isArray(r) ? r : { insertId: r.insertId, affectedRows: Number(r.affectedRows ?? 0) }));
  }
  const out: StatementResult[] = [];
  for (const sql of statements) {
    const verb = /^\s*(\w+)/.exec(sql)?.[1].toUpperCase();
    if (verb === 'SELECT') out.push(await sequelize.query(sql, { type: QueryTypes.SELECT, transaction }));
    else if (verb === 'INSERT') {
      const [id, affected] = await sequelize.query(sql, { type: QueryTypes.INSERT, transaction });
      out.push({ insertId: Number(id), affectedRows: Number(affected ?? 0) });
    } else {
      const [, affected] = await sequelize.query(sql, { type: QueryTypes.UPDATE, transaction });
      out.push({ affectedRows: Number(affected ?? 0) });
    }
  }
  return out;
}

/**
 * A transaction for the hot paths (the card payment's): on MariaDB its START TRANSACTION goes out
 * with its first statements through this module, and its last batch may carry the COMMIT
 * (`runStatements(…, { commit: true })`), two round trips fewer than `sequelize.transaction`. It is a
 * Sequelize Transaction on one pooled connection, so models may use it too, once a statement of
 * this module has begun it. Else COMMIT when `work` returns; ROLLBACK when it throws. On SQLite it is
 * `sequelize.transaction(work)`.
 */
export async function hotTransaction<T>(sequelize: Sequelize, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  if (!isMysql(sequelize)) return oneAtATime(() => sequelize.transaction(work));
  const transaction = new Transaction(sequelize, {});
  const id = (transaction as unknown as { id: string }).id;
  const connection = await managerOf(sequelize).getConnection({ type: 'write', uuid: id });
  connection.uuid = id;
  Object.assign(transaction, { connection });
  notBegun.add(transaction);
  const finished = () => Boolean((transaction as unknown as { finished?: string }).finished);
  try {
    const result = await work(transaction);
    if (notBegun.has(transaction)) finish(transaction);
    else if (!finished()) await transaction.commit();
    return result;
  } catch (err) {
    if (notBegun.has(transaction)) finish(transaction);
    else if (!finished()) await transaction.rollback();
    throw err;
  }
}

/**
 * SQLite: hot transactions one after another in this process. SQLite has one writer at a time anyway;
 * many transactions waiting for its lock at once would each hold one of libuv's few threads (sqlite3
 * waits there), leaving none for the transaction that holds the lock. (So never nest them.)
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * `FORCE INDEX (name)` on MariaDB: for a hot read whose table has several indexes starting with the
 * same column, so the optimizer does not dive into each to choose (SQLite plans these itself).
 */
export const forceIndex = (sequelize: Sequelize, name: string) => (isMysql(sequelize) ? ` FORCE INDEX (${name})` : '');

/** `FOR UPDATE` where the dialect has row locks (SQLite's IMMEDIATE transactions lock the whole file). */
export const forUpdate = (sequelize: Sequelize) => (isMysql(sequelize) ? ' FOR UPDATE' : '');
