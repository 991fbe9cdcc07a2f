import type { Transaction } from 'sequelize';
import { ActivityLog } from '../../models';
import { describedColumns, type Description } from '../../models/descriptions';
import type { ActivityCategory, ActivityEntityType, ActivityType, Of } from '../../models/enums';
import type { Actor } from './context';
import { insertRowSql } from './rows';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose values differ between two plain snapshots (secrets never listed). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, ignore: string[] = []): Changes {
  const skip = new Set(['updatedAt', 'createdAt', 'updatedById', 'updatedByName', 'passwordHash', ...ignore]);
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(key)) continue;
    const a = normalise(before[key]);
    const b = normalise(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { from: a, to: b };
  }
  return changes;
}

function normalise(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  return v === undefined ? null : v;
}

/** updatedBy columns for a write. */
export function stamp(actor: Actor): { updatedById: number | null; updatedByName: string } {
  return { updatedById: actor.userId, updatedByName: actor.name };
}

/**
 * One activity-log entry. Its kind of record, category and type are enumerations (each labelled in
 * both languages); what happened beyond them is a description of models/descriptions.ts — a key and
 * parameters, never a sentence — so the console writes it in the reader's language.
 */
export interface ActivityInput {
  entityType: Of<typeof ActivityEntityType>;
  entityId: number;
  studentId?: number | null;
  category: Of<typeof ActivityCategory>;
  type: Of<typeof ActivityType>;
  description?: Description;
  changes?: Changes;
  /** When it happened (default: now): the instant of the event the entry records. */
  at?: Date;
}

/** The activity-log row of an entry (attribute names, as `ActivityLog.create` and the batch INSERT take them). */
function activityRow(actor: Actor, input: ActivityInput) {
  return {
    entityType: input.entityType,
    entityId: input.entityId,
    studentId: input.studentId ?? null,
    category: input.category,
    type: input.type,
    ...(input.description ? describedColumns(input.description) : { description: null }),
    actorUserId: actor.userId,
    actorName: actor.name,
  };
}

/** Records one activity-log entry (who, what, when, before → after) inside the caller's transaction. */
export async function recordActivity(actor: Actor, input: ActivityInput, transaction?: Transaction): Promise<void> {
  await ActivityLog.create({ ...activityRow(actor, input), changes: input.changes ?? {}, ...(input.at ? { createdAt: input.at } : {}) }, { transaction });
}

/** Several entries in one INSERT (a roster's attendance: one entry per student), inside the caller's transaction. */
export async function recordActivities(actor: Actor, inputs: ActivityInput[], transaction?: Transaction): Promise<void> {
  if (!inputs.length) return;
  await ActivityLog.bulkCreate(
    inputs.map((input) => ({ ...activityRow(actor, input), changes: input.changes ?? {}, ...(input.at ? { createdAt: input.at } : {}) })),
    { transaction },
  );
}

/** recordActivity's INSERT, for a statement batch of the hot paths (api/common/sql.ts runStatements). */
export function activitySql(actor: Actor, input: ActivityInput): string {
  return insertRowSql(ActivityLog, { ...activityRow(actor, input), changes: JSON.stringify(input.changes ?? {}) }, input.at ?? new Date());
}

/** `updatedBy` as the contract shows it on every record. */
export function updatedByOf(row: { updatedById?: number | null; updatedByName?: string | null }) {
  return row.updatedById || row.updatedByName ? { id: row.updatedById ?? null, name: row.updatedByName ?? null } : null;
}
