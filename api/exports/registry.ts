import type { Includeable, Model, WhereOptions } from 'sequelize';
import type { ZodType } from 'zod';
import type { FileExportType, Of } from '../../models/enums';
import type { Permission } from '../../models/permissions';
import type { Principal } from '../common/context';
import type { ListSpec } from '../common/list';
import type { Zone } from '../../domain/rules/coaching-circles';
import type { CsvFormat } from './format';

export type ExportType = Of<typeof FileExportType>;

/** What an export's rows are: a list (its spec) and the conditions its criteria give (api/common/list.ts listWhere). */
export interface ExportSource {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind's list is of any model
  spec: ListSpec<any>;
  conditions: Array<WhereOptions | null | undefined>;
}

/** What a kind's list is given besides its criteria. */
export interface ExportOptions {
  keyword?: string;
  utcOffset?: string;
  /** The zone of utcOffset (America/New_York when none). */
  zone: Zone;
  /** Who asked (a list that narrows by viewer, e.g. a coach's own groups, narrows the export the same way). */
  viewer: Principal | null;
}

/**
 * One export kind (platform spec §7 "File export and files"): the permission it needs besides
 * `exports:create` (the one its list's staff hold), the list's own criteria schema (the body), the
 * file's name and header, the list's rows for the criteria (`source`, so the export holds exactly what
 * the list shows), and each batch of rows as CSV lines. `attributes`: read raw rows of these columns
 * instead of model instances with the list's includes (the fast path of the big lists).
 */
export interface ExportKind<C = Record<string, unknown>, R = Model> {
  type: ExportType;
  permission: Permission;
  criteria: ZodType<C>;
  /** The download name's start (`students` → `students-2026-05-01.csv`). */
  fileName: string;
  header: string[];
  source(criteria: C, options: ExportOptions): ExportSource | Promise<ExportSource>;
  attributes?: string[];
  include?: Includeable[];
  lines(rows: R[], format: CsvFormat): unknown[][] | Promise<unknown[][]>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of different criteria and rows
const kinds = new Map<string, ExportKind<any, any>>();

/** Declares a kind (one call per kind: api/exports/kinds.ts; a later issue adds its own the same way). */
export function defineExportKind<C, R>(kind: ExportKind<C, R>): ExportKind<C, R> {
  kinds.set(kind.type, kind);
  return kind;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export function exportKindOf(type: string): ExportKind<any, any> | undefined {
  return kinds.get(type);
}

/** The kinds declared so far (the console offers these). */
export function exportTypes(): ExportType[] {
  return [...kinds.keys()] as ExportType[];
}
