import { Op } from 'sequelize';
import { LmsConnection, LmsSyncRun } from '../../models';
import type { LmsSyncKind, Of } from '../../models/enums';
import type { LmsSyncChange } from '../../models/LmsSyncRun';
import { Messages } from '../../models/messages';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import { findConnection } from './connections.service';

/**
 * A sync's run record and the one-at-a-time rule (issue 21): a run takes the connection's sync lease
 * with one compare-and-set UPDATE (free, or its holder's lease lapsed — a process that died), keeps
 * its counts and changes, and gives the lease back when it ends. A second sync through the same
 * connection meanwhile is 409 'Process already running'.
 */

export const LEASE_MS = 10 * 60_000;
const CHANGES_MAX = 500;
const ERROR_MAX = 1000;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function runDto(r: LmsSyncRun) {
  return {
    id: r.id,
    lmsConnectionId: r.lmsConnectionId,
    kind: r.kind,
    programId: r.programId ?? null,
    cohortId: r.cohortId ?? null,
    dryRun: Boolean(r.dryRun),
    status: r.status,
    created: r.createdCount,
    updated: r.updatedCount,
    unchanged: r.unchangedCount,
    failed: r.failedCount,
    changes: r.changes,
    error: r.error ?? null,
    requestedBy: r.requestedByName,
    startedAt: iso(r.startedAt)!,
    finishedAt: iso(r.finishedAt),
  };
}
export type SyncRunDto = ReturnType<typeof runDto>;

const spec: ListSpec<LmsSyncRun> = {
  model: LmsSyncRun,
  sortable: { id: 'id', startedAt: 'startedAt', ID: 'id', STARTED_AT: 'startedAt' },
  defaultSort: 'id',
  defaultDescending: true,
  keywordColumns: [],
};

export async function listSyncRuns(connectionId: number, q: PagingQuery): Promise<Page<SyncRunDto>> {
  await findConnection(connectionId);
  return runList(spec, q, [{ lmsConnectionId: connectionId }], runDto);
}

/** The counts a sync keeps as it goes. */
export class SyncTally {
  created = 0;
  updated = 0;
  unchanged = 0;
  failed = 0;
  changes: LmsSyncChange[] = [];
  add(change: LmsSyncChange | null) {
    if (!change) {
      this.unchanged++;
      return;
    }
    if (change.action === 'CREATE') this.created++;
    else if (change.action === 'UPDATE') this.updated++;
    else this.failed++;
    if (this.changes.length < CHANGES_MAX) this.changes.push(change);
  }
}

/**
 * Starts a run: takes the connection's lease or answers 409 'Process already running'. The run row
 * and the lease are written in one transaction.
 */
export async function startRun(
  connection: LmsConnection,
  kind: Of<typeof LmsSyncKind>,
  target: { programId?: number | null; cohortId?: number | null },
  dryRun: boolean,
  actor: Actor,
): Promise<LmsSyncRun> {
  return LmsConnection.sequelize!.transaction(async (transaction) => {
    const now = new Date();
    const [taken] = await LmsConnection.update(
      { syncRunId: 0, syncLeaseUntil: new Date(now.getTime() + LEASE_MS) },
      { where: { id: connection.id, [Op.or]: [{ syncRunId: null }, { syncLeaseUntil: null }, { syncLeaseUntil: { [Op.lt]: now } }] }, transaction },
    );
    if (taken !== 1) throw AppError.conflict('LMS_PROCESS_RUNNING', Messages.LMS_PROCESS_RUNNING);
    const run = await LmsSyncRun.create(
      {
        lmsConnectionId: connection.id,
        kind,
        programId: target.programId ?? null,
        cohortId: target.cohortId ?? null,
        dryRun,
        status: 'RUNNING',
        requestedById: actor.userId,
        requestedByName: actor.name,
        startedAt: now,
      },
      { transaction },
    );
    await LmsConnection.update({ syncRunId: run.id }, { where: { id: connection.id }, transaction });
    return run;
  });
}

/** Ends a run with its counts (or its error) and gives the lease back. */
export async function finishRun(run: LmsSyncRun, tally: SyncTally, error: unknown = null): Promise<LmsSyncRun> {
  const message = error ? (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX) : null;
  await LmsSyncRun.sequelize!.transaction(async (transaction) => {
    await run.update(
      {
        status: error ? 'FAILED' : 'SUCCEEDED',
        createdCount: tally.created,
        updatedCount: tally.updated,
        unchangedCount: tally.unchanged,
        failedCount: tally.failed,
        changes: tally.changes,
        error: message,
        finishedAt: new Date(),
      },
      { transaction },
    );
    await LmsConnection.update({ syncRunId: null, syncLeaseUntil: null }, { where: { id: run.lmsConnectionId, syncRunId: run.id }, transaction });
  });
  return run;
}
