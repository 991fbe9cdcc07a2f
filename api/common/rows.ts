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

type Attribute = { field?: string; type?: { key?: string; _length?: unknown }; defaultValue?: unknown; autoIncrement?: boolean };

/**
 * What statements need of a model, read once per model (and again if it is bound to another
 * Sequelize): its quoted table, each attribute's quoted column, its plain defaults, its timestamps.
 */
interface Shape {
  sequelize: unknown;
  qg: QueryGenerator;
  sqlite: boolean;
  table: string;
  columns: Map<string, { column: string; attribute: Attribute }>;
  defaults: Values;
  createdAt: boolean;
  updatedAt: boolean;
}
const shapes = new WeakMap<AnyModel, Shape>();
function shapeOf(model: AnyModel): Shape {
  const shape = shapes.get(model);
  if (shape && shape.sequelize === model.sequelize) return shape;
  const sequelize = model.sequelize!;
  const qg = (sequelize.getQueryInterface() as unknown as { queryGenerator: QueryGenerator }).queryGenerator;
  const attributes = model.getAttributes() as Record<string, Attribute>;
  const columns = new Map<string, { column: string; attribute: Attribute }>();
  const defaults: Values = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    columns.set(name, { column: qg.quoteIdentifier(attribute.field ?? name), attribute });
    const d = attribute.defaultValue;
    if (d !== undefined && !attribute.autoIncrement && (d === null || ['string', 'number', 'boolean'].includes(typeof d))) defaults[name] = d;
  }
  const options = model.options as { createdAt?: unknown; updatedAt?: unknown };
  const fresh: Shape = {
    sequelize,
    qg,
    sqlite: sequelize.getDialect() === 'sqlite',
    table: qg.quoteTable(model.getTableName() as string),
    columns,
    defaults,
    createdAt: Boolean(attributes.createdAt) && options.createdAt !== false,
    updatedAt: Boolean(attributes.updatedAt) && options.updatedAt !== false,
  };
  shapes.set(model, fresh);
  return fresh;
}

function columnOf(model: AnyModel, shape: Shape, name: string) {
  const c = shape.columns.get(name);
  if (!c) throw new Error(`${model.name}.${name}: no such attribute`);
  return c;
}

/**
 * One value as its SQL literal: the common cases (null, numbers, text, booleans, instants) directly,
 * the rest (literals, JSON, …) by Sequelize's escape for the column's type. Instants are UTC
 * (`timezone: '+00:00'`), with milliseconds where the column keeps them (DATE(3)); SQLite stores them
 * as Sequelize does ('… +00:00').
 */
function literalOf(model: AnyModel, shape: Shape, attribute: Attribute, v: unknown): string {
  const sqlite = shape.sqlite;
  if (v === null) return 'NULL';
  const key = attribute.type?.key;
  switch (typeof v) {
    case 'number':
      if (key === 'STRING' || key === 'TEXT') break;
      if (!Number.isFinite(v)) throw new Error(`${model.name}: ${v} is not a number a column can hold`);
      return String(v);
    case 'boolean':
      return sqlite ? (v ? '1' : '0') : v ? 'true' : 'false';
    case 'string':
      if (key === 'STRING' || key === 'TEXT' || key === 'DATEONLY') return model.sequelize!.escape(v);
      break;
    default:
      if (v instanceof Date && key === 'DATE') {
        if (Number.isNaN(v.getTime())) throw new Error(`${model.name}: invalid date`);
        const iso = v.toISOString().replace('T', ' ').replace('Z', '');
        const text = attribute.type!._length || sqlite ? iso : iso.slice(0, 19);
        return `'${text}${sqlite ? ' +00:00' : ''}'`;
      }
  }
  return shape.qg.escape(v, attribute);
}

/** `column = value` pairs of an attribute → value map (undefined values are left out). */
function assignments(model: AnyModel, values: Values): Array<[string, string]> {
  const shape = shapeOf(model);
  const out: Array<[string, string]> = [];
  for (const name in values) {
    const v = values[name];
    if (v === undefined) continue;
    const { column, attribute } = columnOf(model, shape, name);
    out.push([column, literalOf(model, shape, attribute, v)]);
  }
  return out;
}

/** One value as the SQL literal of an attribute's column type. */
export function escapeAs(model: AnyModel, attribute: string, value: unknown): string {
  const shape = shapeOf(model);
  return literalOf(model, shape, columnOf(model, shape, attribute).attribute, value);
}

/**
 * `column AS attribute, …` for a SELECT of these attributes; in a join, `table` qualifies the columns
 * and `prefix` goes before each alias (`e.` → "e.id", …) so two tables' attributes stay apart.
 */
export function selectList(model: AnyModel, attributes: readonly string[], join: { table: string; prefix?: string } | null = null): string {
  const shape = shapeOf(model);
  const qualify = join ? `${join.table}.` : '';
  const prefix = join?.prefix ?? '';
  return attributes.map((a) => `${qualify}${columnOf(model, shape, a).column} AS ${shape.qg.quoteIdentifier(prefix + a)}`).join(', ');
}

const table = (model: AnyModel) => shapeOf(model).table;

/** The values of a new row: the model's plain defaults, then the timestamps, then `values`. */
function creation(model: AnyModel, values: Values, now: Date): Values {
  const shape = shapeOf(model);
  return { ...shape.defaults, ...(shape.createdAt ? { createdAt: now } : {}), ...(shape.updatedAt ? { updatedAt: now } : {}), ...values };
}

/** The INSERT of one row (insertRow's statement, for a batch). */
export function insertRowSql(model: AnyModel, values: Values, now: Date = new Date()): string {
  const pairs = assignments(model, creation(model, values, now));
  return `INSERT INTO ${table(model)} (${pairs.map(([c]) => c).join(', ')}) VALUES (${pairs.map(([, v]) => v).join(', ')})`;
}

/** INSERT one row; answers its id. */
export async function insertRow(model: AnyModel, values: Values, transaction?: Transaction, now: Date = new Date()): Promise<number> {
  return insertSql(model.sequelize!, insertRowSql(model, values, now), transaction);
}

/** The INSERT of several rows of the same attributes in one statement (null when there are none). */
export function insertRowsSql(model: AnyModel, rows: Values[], now: Date = new Date()): string | null {
  if (!rows.length) return null;
  const all = rows.map((r) => assignments(model, creation(model, r, now)));
  const columns = all[0].map(([c]) => c);
  return `INSERT INTO ${table(model)} (${columns.join(', ')}) VALUES ${all.map((pairs) => `(${pairs.map(([, v]) => v).join(', ')})`).join(', ')}`;
}

/** INSERT several rows of the same attributes in one statement. */
export async function insertRows(model: AnyModel, rows: Values[], transaction?: Transaction, now: Date = new Date()): Promise<void> {
  const sql = insertRowsSql(model, rows, now);
  if (sql) await updateSql(model.sequelize!, sql, transaction);
}

/** `column = value` conditions: null is IS NULL, an array is IN (…). */
function conditions(model: AnyModel, where: Values): string[] {
  const shape = shapeOf(model);
  return Object.entries(where).map(([name, v]) => {
    const { column, attribute } = columnOf(model, shape, name);
    if (v === null) return `${column} IS NULL`;
    if (Array.isArray(v)) return v.length ? `${column} IN (${v.map((x) => literalOf(model, shape, attribute, x)).join(', ')})` : '1 = 0';
    return `${column} = ${literalOf(model, shape, attribute, v)}`;
  });
}

type UpdateOptions = { silent?: boolean; now?: Date };

/** The UPDATE of the rows matching `where` (updateWhere's statement, for a batch). */
export function updateWhereSql(model: AnyModel, values: Values, where: Values, opts: UpdateOptions = {}): string {
  const withStamp = !opts.silent && shapeOf(model).updatedAt ? { ...values, updatedAt: opts.now ?? new Date() } : values;
  const set = assignments(model, withStamp).map(([c, v]) => `${c} = ${v}`);
  return `UPDATE ${table(model)} SET ${set.join(', ')} WHERE ${conditions(model, where).join(' AND ')}`;
}

/**
 * UPDATE the rows matching `where` (attribute → value; null is IS NULL, an array IN); updatedAt is set
 * unless `silent`. Answers the rows changed.
 */
export async function updateWhere(model: AnyModel, values: Values, where: Values, opts: UpdateOptions & { transaction?: Transaction } = {}): Promise<number> {
  return updateSql(model.sequelize!, updateWhereSql(model, values, where, opts), opts.transaction);
}

/** The UPDATE of row `id` (updateRow's statement, for a batch). */
export function updateRowSql(model: AnyModel, id: number, values: Values, opts: UpdateOptions & { where?: Values } = {}): string {
  return updateWhereSql(model, values, { ...opts.where, id: Number(id) }, opts);
}

/**
 * UPDATE the row `id` (and, when given, only while each attribute of `where` still has that value: a
 * compare-and-set); updatedAt is set unless `silent`. Answers the rows changed (0 or 1).
 */
export async function updateRow(model: AnyModel, id: number, values: Values, opts: UpdateOptions & { transaction?: Transaction; where?: Values } = {}): Promise<number> {
  return updateSql(model.sequelize!, updateRowSql(model, id, values, opts), opts.transaction);
}

/**
 * The UPDATE of several rows, each to its own values (the same attributes for all), in one statement:
 * `SET a = CASE id WHEN … THEN … END, …  WHERE id IN (…)`; one row is a plain updateRow (null when none).
 */
export function updateRowsSql(model: AnyModel, rows: Array<{ id: number; values: Values }>, now: Date = new Date()): string | null {
  if (!rows.length) return null;
  if (rows.length === 1) return updateRowSql(model, rows[0].id, rows[0].values, { now });
  const stamped = rows.map((r) => ({ id: Number(r.id), pairs: assignments(model, shapeOf(model).updatedAt ? { ...r.values, updatedAt: now } : r.values) }));
  const set = stamped[0].pairs.map(([column], i) => `${column} = CASE id ${stamped.map((r) => `WHEN ${r.id} THEN ${r.pairs[i][1]}`).join(' ')} END`);
  return `UPDATE ${table(model)} SET ${set.join(', ')} WHERE id IN (${stamped.map((r) => r.id).join(', ')})`;
}

/** UPDATE several rows, each to its own values, in one statement (updateRowsSql). */
export async function updateRows(model: AnyModel, rows: Array<{ id: number; values: Values }>, transaction?: Transaction, now: Date = new Date()): Promise<void> {
  const sql = updateRowsSql(model, rows, now);
  if (sql) await updateSql(model.sequelize!, sql, transaction);
}
