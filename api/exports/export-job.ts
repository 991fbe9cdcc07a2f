import { IndexHints, Op, type FindOptions, type Includeable, type Model, type ModelStatic, type WhereOptions } from 'sequelize';
import { FileExport, StoredFile } from '../../models';
import { CsvFile, csvStream } from '../common/csv';
import type { Deps } from '../common/context';
import { listWhere } from '../common/list';
import { newKey } from '../integrations/storage';
import { schoolToday } from '../../models/catalogue';
import { csvFormat } from './format';
import { exportKindOf } from './registry';
import './kinds';

/**
 * The FILE_EXPORT job's work (domain rules "Exports and files"; docs/decisions.md, issue 20). Each
 * export is claimed with ONE compare-and-set UPDATE (PENDING, or RUNNING whose lease lapsed: its
 * process died) that makes it RUNNING under this process's lease and counts the attempt; after
 * `maxAttempts` claims a lapsed one is FAILED instead (staff may retry it). The rows are the list's
 * (its where: api/common/list.ts listWhere) read in keyset pages on the id — never the whole table —
 * through the CSV writer (api/common/csv.ts) into `storage.put`, which makes the object visible only once whole; rows done
 * and the lease are written as it goes. The StoredFile row and COMPLETED are one transaction, under
 * the lease: a process that stopped mid-export never leaves a COMPLETED record or a partial file.
 */

export interface ExportRunOptions {
  /** This process in the leases (the job run's owner). */
  owner: string;
  /** Stop at the next page: the run lost its lease or the process is shutting down. */
  signal?: AbortSignal;
  /** How long a claim holds without renewal. */
  leaseMs?: number;
  /** Claims an export gets before a lapsed one is FAILED. */
  maxAttempts?: number;
  /** Rows per keyset page. */
  batch?: number;
  /** A pause after each page (ms): paces a big export so the database serves the day's work beside it. */
  pauseMs?: number;
  /** Called with the rows written so far (all exports of the run). */
  onProgress?: (rows: number) => void;
}

const ERROR_MAX = 1000;
const errorText = (err: unknown) => ((err instanceof Error ? err.message : String(err)) || 'Failed').slice(0, ERROR_MAX);

/** Exports whose lease lapsed after their last attempt: FAILED (their process died too often). */
async function failExhausted(maxAttempts: number, now: Date): Promise<number> {
  const [n] = await FileExport.update(
    { status: 'FAILED', error: `Interrupted ${maxAttempts} times; retry it`, finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
    { where: { status: 'RUNNING', leaseExpiresAt: { [Op.lt]: now }, attempts: { [Op.gte]: maxAttempts } } },
  );
  return n;
}

/** Claims the oldest claimable export for `owner` (one compare-and-set UPDATE); null when none is left. */
export async function claimExport(owner: string, leaseMs: number, maxAttempts: number): Promise<FileExport | null> {
  for (let tries = 0; tries < 5; tries++) {
    const now = new Date();
    const claimable: WhereOptions = {
      attempts: { [Op.lt]: maxAttempts },
      [Op.or]: [{ status: 'PENDING' }, { status: 'RUNNING', leaseExpiresAt: { [Op.lt]: now } }],
    };
    const candidate = await FileExport.findOne({ attributes: ['id', 'attempts'], where: claimable, order: [['id', 'ASC']] });
    if (!candidate) return null;
    const [taken] = await FileExport.update(
      { status: 'RUNNING', leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs), attempts: candidate.attempts + 1, startedAt: now, rowsDone: 0, error: null },
      { where: { id: candidate.id, attempts: candidate.attempts, ...claimable } },
    );
    if (taken === 1) return FileExport.findByPk(candidate.id);
  }
  return null;
}

/**
 * The rows of a where in id order, `batch` at a time: the page's ids first (an index walk), then its rows
 * (raw columns, or model instances with the kind's includes) — the list's own way of reading a page.
 */
async function* keysetPages(
  model: ModelStatic<Model>,
  where: WhereOptions,
  read: { attributes?: string[]; include?: Includeable[] },
  batch: number,
  signal?: AbortSignal,
): AsyncGenerator<unknown[]> {
  let lastId = 0;
  // MariaDB would read a page through a list index (archived, is_student, …) and sort what is left of
  // the table for each page (quadratic); walking the primary key keeps every page a short range scan.
  const dialect = model.sequelize!.getDialect();
  const byId = dialect === 'mysql' || dialect === 'mariadb' ? { indexHints: [{ type: IndexHints.FORCE, values: ['PRIMARY'] }] } : {};
  for (;;) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The export was stopped');
    const page = { [Op.and]: [where, { id: { [Op.gt]: lastId } }] };
    let rows: unknown[];
    if (read.attributes) {
      rows = await model.findAll({ attributes: read.attributes, where: page, order: [['id', 'ASC']], limit: batch, raw: true, ...byId } as FindOptions);
    } else {
      const ids = (
        (await model.findAll({ attributes: ['id'], where: page, order: [['id', 'ASC']], limit: batch, raw: true, ...byId } as FindOptions)) as unknown as Array<{ id: number }>
      ).map((r) => r.id);
      if (!ids.length) return;
      const fetched = await model.findAll({ where: { id: ids }, include: read.include, order: [['id', 'ASC']] } as FindOptions);
      rows = fetched;
    }
    if (!rows.length) return;
    yield rows;
    if (rows.length < batch) return;
    lastId = (rows[rows.length - 1] as { id: number }).id;
  }
}

/** Runs one claimed export to COMPLETED, or FAILED on an error; an abort leaves it to be claimed again. */
export async function runExport(deps: Deps, row: FileExport, opts: ExportRunOptions): Promise<number> {
  const leaseMs = opts.leaseMs ?? deps.config.JOBS_LEASE_SECONDS * 1000;
  const batch = opts.batch ?? 1000;
  const mine = { id: row.id, status: 'RUNNING', leaseOwner: opts.owner };
  let key: string | null = null;
  let rowsDone = 0;
  try {
    const kind = exportKindOf(row.type);
    if (!kind) throw new Error(`No export kind ${row.type}`);
    const criteria = kind.criteria.parse(row.criteria ?? {});
    const format = csvFormat(row.utcOffset);
    const source = await kind.source(criteria, { keyword: row.keyword ?? undefined, utcOffset: row.utcOffset ?? undefined, zone: format.zone, viewer: null });
    const model = source.spec.model as ModelStatic<Model>;
    const where = listWhere(source.spec, row.keyword ?? undefined, source.conditions);
    const total = await model.count({ where } as FindOptions);
    await FileExport.update({ rowsTotal: total }, { where: mine });

    let lastWrite = Date.now();
    const keep = async (force = false) => {
      if (!force && Date.now() - lastWrite < Math.min(1000, leaseMs / 3)) return;
      lastWrite = Date.now();
      const [kept] = await FileExport.update({ rowsDone, leaseExpiresAt: new Date(Date.now() + leaseMs) }, { where: mine });
      if (kept !== 1) throw new Error('The export was taken over by another process');
    };
    async function* pages(): AsyncGenerator<unknown[][]> {
      for await (const rows of keysetPages(model, where, { attributes: kind!.attributes, include: kind!.include ?? source.spec.include }, batch, opts.signal)) {
        yield await kind!.lines(rows, format);
        rowsDone += rows.length;
        opts.onProgress?.(rowsDone);
        await keep();
        if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));
      }
    }
    const fileName = `${kind.fileName}-${schoolToday()}.csv`;
    key = newKey('exports', 'csv');
    const { size } = await deps.storage.put(key, csvStream(new CsvFile(fileName, kind.header, { pages: pages() })), { contentType: 'text/csv; charset=utf-8' });
    if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('The export was stopped');

    const storedKey = key;
    const completed = await FileExport.sequelize!.transaction(async (transaction) => {
      const file = await StoredFile.create(
        { fileName: storedKey, originalName: fileName, contentType: 'text/csv', size, purpose: 'EXPORT', ownerUserId: row.requestedById, studentId: null },
        { transaction },
      );
      const [done] = await FileExport.update(
        { status: 'COMPLETED', storedFileId: file.id, rowsDone, rowsTotal: rowsDone, finishedAt: new Date(), leaseOwner: null, leaseExpiresAt: null, error: null },
        { where: mine, transaction },
      );
      if (done !== 1) throw new Error('The export was taken over by another process');
      return true;
    });
    return completed ? rowsDone : 0;
  } catch (err) {
    if (key) await deps.storage.delete(key).catch(() => undefined);
    if (opts.signal?.aborted) {
      // Stopping (shutdown, lost lease): hand the export over at once; the next claim starts it again.
      await FileExport.update({ leaseExpiresAt: new Date(0), rowsDone: 0 }, { where: mine }).catch(() => undefined);
      throw err;
    }
    deps.log.warn({ err, exportId: row.id }, 'export failed');
    await FileExport.update({ status: 'FAILED', error: errorText(err), finishedAt: new Date(), leaseOwner: null, leaseExpiresAt: null }, { where: mine });
    return 0;
  }
}

/** The FILE_EXPORT job: exhausted exports FAILED, then claims and runs exports one after the other until none is left. */
export async function runFileExports(deps: Deps, opts: ExportRunOptions): Promise<{ count: number; exports: number }> {
  const leaseMs = opts.leaseMs ?? deps.config.JOBS_LEASE_SECONDS * 1000;
  const maxAttempts = opts.maxAttempts ?? 3;
  let count = 0;
  let exports = 0;
  while (!opts.signal?.aborted) {
    await failExhausted(maxAttempts, new Date());
    const row = await claimExport(opts.owner, leaseMs, maxAttempts);
    if (!row) break;
    const before = count;
    count += await runExport(deps, row, { ...opts, leaseMs, onProgress: (n) => opts.onProgress?.(before + n) });
    exports += 1;
  }
  return { count, exports };
}

/**
 * The CLEANUP job's share: exports older than `keepDays` go with their files (the object first, then the
 * rows, a batch at a time). Answers the rows deleted.
 */
export async function removeOldExports(deps: Deps, keepDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let removed = 0;
  for (;;) {
    const old = await FileExport.findAll({
      attributes: ['id', 'storedFileId'],
      where: { createdAt: { [Op.lt]: before }, status: { [Op.ne]: 'RUNNING' } },
      limit: 500,
      order: [['id', 'ASC']],
    });
    if (!old.length) return removed;
    const fileIds = old.map((e) => e.storedFileId).filter((v): v is number => v !== null && v !== undefined);
    const files = fileIds.length ? await StoredFile.findAll({ attributes: ['id', 'fileName'], where: { id: fileIds } }) : [];
    for (const f of files) await deps.storage.delete(f.fileName);
    await FileExport.sequelize!.transaction(async (transaction) => {
      removed += await FileExport.destroy({ where: { id: old.map((e) => e.id) }, transaction });
      if (files.length) removed += await StoredFile.destroy({ where: { id: files.map((f) => f.id) }, transaction });
    });
    if (old.length < 500) return removed;
  }
}
