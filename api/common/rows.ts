import type { Model, ModelStatic, Transaction } from 'sequelize';
import { insertSql, updateSql } from './sql';

/**
 * Writes by a model's attribute names without building model instances, for the hot paths (the card
 * payment pipeline and the ledger): one statement each, values escaped by the column's own type (so a
 * DATE(3) keeps its milliseconds and a boolean is what the dialect stores), the model's plain default
 * values and its timestamps filled as `Model.create` / `Model.update` would. Reads on those paths use
 * plain SQL (./sql.ts). Correct on SQLite and MariaDB alike.
 */

type Values = Record<string, unknown>;
type AnyModel = ModelStatic<Model>;

interface QueryGenerator {
  quoteIdentifier(name: string): string;
  quoteTable(name: string): string;
  escape(value: unknown, field?: unknown): string;
}

function generator(model: AnyModel): QueryGenerator {
  return (model.sequelize!.getQueryInterface() as unknown as { queryGenerator: QueryGenerator }).queryGenerator;
}

type Attribute = { field?: string; type?: { key?: string; _length?: unknown }; defaultValue?: unknown; autoIncrement?: boolean };

/**
 * One value as its SQL literal: the common cases (null, numbers, text, booleans, instants) directly,
 * the rest (literals, JSON, …) by Sequelize's escape for the column's type. Instants are UTC
 * (`timezone: '+00:00'`), with milliseconds where the column keeps them (DATE(3)); SQLite stores them
 * as Sequelize does ('… +00:00').
 */
function literalOf(model: AnyModel, attribute: Attribute, v: unknown): string {
  const sequelize = model.sequelize!;
  const sqlite = sequelize.getDialect() === 'sqlite';
  if (v === null) return 'NULL';
  switch (typeof v) {
    case 'number':
      if (attribute.type?.key === 'STRING' || attribute.type?.key === 'TEXT') break;
      if (!Number.isFinite(v)) throw new Error(`${model.name}: ${v} is not a number a column can hold`);
      return String(v);
    case 'boolean':
      return sqlite ? (v ? '1' : '0') : v ? 'true' : 'false';
    case 'string':
      if (attribute.type?.key === 'STRING' || attribute.type?.key === 'TEXT' || attribute.type?.key === 'DATEONLY') return sequelize.escape(v);
      break;
    default:
      if (v instanceof Date && attribute.type?.key === 'DATE') {
        if (Number.isNaN(v.getTime())) throw new Error(`${model.name}: invalid date`);
        const iso = v.toISOString().replace('T', ' ').replace('Z', '');
        const text = attribute.type._length || sqlite ? iso : iso.slice(0, 19);
        return `'${text}${sqlite ? ' +00:00' : ''}'`;
      }
  }
  return generator(model).escape(v, attribute);
}

/** `column = value` pairs of an attribute → value map (undefined values are left out). */
function assignments(model: AnyModel, values: Values): Array<[string, string]> {
  const attributes = model.getAttributes() as Record<string, Attribute>;
  const qg = generator(model);
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => {
      const attribute = attributes[name];
      if (!attribute) throw new Error(`${model.name}.${name}: no such attribute`);
      return [qg.quoteIdentifier(attribute.field ?? name), literalOf(model, attribute, v)];
    });
}

/** One value as the SQL literal of an attribute's column type. */
export function escapeAs(model: AnyModel, attribute: string, value: unknown): string {
  return assignments(model, { [attribute]: value })[0][1];
}

/** `column AS attribute, …` for a SELECT of these attributes. */
export function selectList(model: AnyModel, attributes: readonly string[]): string {
  const all = model.getAttributes() as Record<string, { field?: string }>;
  const qg = generator(model);
  return attributes.map((a) => `${qg.quoteIdentifier(all[a]?.field ?? a)} AS ${qg.quoteIdentifier(a)}`).join(', ');
}

const table = (model: AnyModel) => generator(model).quoteTable(model.getTableName() as string);

/** Per model: its plain default values and which timestamps it keeps (read once). */
const shapes = new WeakMap<AnyModel, { defaults: Values; createdAt: boolean; updatedAt: boolean }>();
function shapeOf(model: AnyModel) {
  let shape = shapes.get(model);
  if (!shape) {
    const defaults: Values = {};
    for (const [name, attribute] of Object.entries(model.getAttributes() as Record<string, Attribute>)) {
      const d = attribute.defaultValue;
      if (d !== undefined && !attribute.autoIncrement && (d === null || ['string', 'number', 'boolean'].includes(typeof d))) defaults[name] = d;
    }
    const options = model.options as { createdAt?: unknown; updatedAt?: unknown };
    shape = {
      defaults, createdAt: Boolean(model.getAttributes().createdAt) && options.createdAt !== false, updatedAt: Boolean(model.getAttributes().updatedAt) && options.updatedAt !== false,
    };
    shapes.set(model, shape);
  }
  return shape;
}

/** The values of a new row: the model's plain defaults, then the timestamps, then `values`. */
function creation(model: AnyModel, values: Values, now: Date): Values {
  const shape = shapeOf(model);
  return { ...shape.defaults, ...(shape.createdAt ? { createdAt: now } : {}), ...(shape.updatedAt ? { updatedAt: now } : {}), ...values };
}

/** INSERT one row; answers its id. */
export async function insertRow(model: AnyModel, values: Values, transaction?: Transaction, now: Date = new Date()): Promise<number> {
  const pairs = assignments(model, creation(model, values, now));
  return insertSql(model.sequelize!, `INSERT INTO ${table(model)} (${pairs.map(([c]) => c).join(', ')}) VALUES (${pairs.map(([, v]) => v).join(', ')})`, transaction);
}

/** INSERT several rows of the same attributes in one statement. */
export async function insertRows(model: AnyModel, rows: Values[], transaction?: Transaction, now: Date = new Date()): Promise<void> {
  if (!rows.length) return;
  const all = rows.map((r) => assignments(model, creation(model, r, now)));
  const columns = all[0].map(([c]) => c);
  await updateSql(
    model.sequelize!, `INSERT INTO ${table(model)} (${columns.join(', ')}) VALUES ${all.map((pairs) => `(${pairs.map(([, v]) => v).join(', ')})`).join(', ')}`, transaction,
  );
}

/** `column = value` conditions: null is IS NULL, an array is IN (…). */
function conditions(model: AnyModel, where: Values): string[] {
  const qg = generator(model);
  const attributes = model.getAttributes() as Record<string, { field?: string }>;
  return Object.entries(where).map(([name, v]) => {
    const attribute = attributes[name];
    if (!attribute) throw new Error(`${model.name}.${name}: no such attribute`);
    const column = qg.quoteIdentifier(attribute.field ?? name);
    if (v === null) return `${column} IS NULL`;
    if (Array.isArray(v)) return v.length ? `${column} IN (${v.map((x) => qg.escape(x, attribute)).join(', ')})` : '1 = 0';
    return `${column} = ${qg.escape(v, attribute)}`;
  });
}

/**
 * UPDATE the rows matching `where` (attribute → value; null is IS NULL, an array IN); updatedAt is set
 * unless `silent`. Answers the rows changed.
 */
export async function updateWhere(
  model: AnyModel, values: Values, where: Values, opts: { transaction?: Transaction; silent?: boolean; now?: Date } = {},
): Promise<number> {
  const withStamp = !opts.silent && shapeOf(model).updatedAt ? { ...values, updatedAt: opts.now ?? new Date() } : values;
  const set = assignments(model, withStamp).map(([c, v]) => `${c} = ${v}`);
  return updateSql(model.sequelize!, `UPDATE ${table(model)} SET ${set.join(', ')} WHERE ${conditions(model, where).join(' AND ')}`, opts.transaction);
}

/**
 * UPDATE the row `id` (and, when given, only while each attribute of `where` still has that value: a
 * compare-and-set); updatedAt is set unless `silent`. Answers the rows changed (0 or 1).
 */
export function updateRow(
  model: AnyModel, id: number, values: Values, opts: { transaction?: Transaction; where?: Values; silent?: boolean; now?: Date } = {},
): Promise<number> {
  return updateWhere(model, values, { ...opts.where, id: Number(id) }, opts);
}

/**
 * UPDATE several rows, each to its own values (the same attributes for all), in one statement:
 * `SET a = CASE id WHEN … THEN … END, …  WHERE id IN (…)`; one row is a plain updateRow.
 */
export async function updateRows(model: AnyModel, rows: Array<{ id: number; values: Values }>, transaction?: Transaction, now: Date = new Date()): Promise<void> {
  if (!rows.length) return;
  if (rows.length === 1) {
    await updateRow(model, rows[0].id, rows[0].values, { transaction, now });
    return;
  }
  const stamped = rows.map((r) => ({ id: Number(r.id), pairs: assignments(model, shapeOf(model).updatedAt ? { ...r.values, updatedAt: now } : r.values) }));
  const set = stamped[0].pairs.map(([column], i) => `${column} = CASE id ${stamped.map((r) => `WHEN ${r.id} THEN ${r.pairs[i][1]}`).join(' ')} END`);
  await updateSql(model.sequelize!, `UPDATE ${table(model)} SET ${set.join(', ')} WHERE id IN (${stamped.map((r) => r.id).join(', ')})`, transaction);
}
