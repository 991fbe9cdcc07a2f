import { Op } from 'sequelize';
import { FileExport, StoredFile } from '../../models';
import { Messages } from '../../models/messages';
import { hasPermission } from '../../models/permissions';
import { isExportRetryable } from '../../domain/state/exports';
import type { Principal } from '../common/context';
import { AppError, fieldErrors } from '../common/errors';
import { runList, type ListSpec } from '../common/list';
import { exportSortable, type ExportListQuery } from './exports.schemas';
import { exportKindOf } from './registry';
import './kinds';

/**
 * Exports, the calls' side (platform spec §7 "File export and files"; domain rules "Exports and
 * files"): record an export of a list's criteria (answered at once, PENDING; the FILE_EXPORT job writes
 * the file, api/exports/export-job.ts), list and read one's own exports, retry a FAILED one.
 * Everyone sees only the exports they asked for (docs/decisions.md, issue 20).
 */

/** The answer (domain/contract/exports.ts); `file` the stored file once COMPLETED. */
export function exportDto(e: FileExport, file: StoredFile | null) {
  return {
    id: e.id,
    type: e.type,
    status: e.status,
    criteria: e.criteria ?? {},
    keyword: e.keyword ?? null,
    utcOffset: e.utcOffset ?? null,
    rowsDone: e.rowsDone,
    rowsTotal: e.rowsTotal ?? null,
    fileId: file?.id ?? null,
    fileName: file?.fileName ?? null,
    originalName: file?.originalName ?? null,
    size: file ? Number(file.size) : null,
    error: e.error ?? null,
    attempts: e.attempts,
    requestedBy: { id: e.requestedById ?? null, name: e.requestedByName },
    startedAt: e.startedAt ?? null,
    finishedAt: e.finishedAt ?? null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
export type ExportDto = ReturnType<typeof exportDto>;

async function withFiles(rows: FileExport[]): Promise<ExportDto[]> {
  const ids = rows.map((r) => r.storedFileId).filter((v): v is number => v !== null && v !== undefined);
  const files = ids.length ? await StoredFile.findAll({ where: { id: ids } }) : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => exportDto(r, r.storedFileId ? (byId.get(r.storedFileId) ?? null) : null));
}

/**
 * POST /file_export/{kind}: an unknown kind is 404; the kind's permission (its list's) is 403; the body
 * is checked by the list's own criteria schema (400 with its field errors, nothing recorded).
 */
export async function requestExport(kind: string, body: unknown, query: { keyword?: string; utcOffset?: string }, principal: Principal): Promise<ExportDto> {
  const definition = exportKindOf(kind);
  if (!definition) throw AppError.notFound('Export kind');
  if (!hasPermission(principal.permissions, definition.permission)) throw AppError.forbidden();
  const parsed = definition.criteria.safeParse(body ?? {});
  if (!parsed.success) throw AppError.badRequest(fieldErrors(parsed.error));
  const row = await FileExport.create({
    type: definition.type,
    criteria: (body ?? {}) as Record<string, unknown>,
    keyword: query.keyword || null,
    utcOffset: query.utcOffset || null,
    requestedById: principal.userId,
    requestedByName: principal.name,
  });
  return exportDto(row, null);
}

const listSpec: ListSpec<FileExport> = {
  model: FileExport,
  sortable: exportSortable,
  defaultSort: 'createdAt',
  defaultDescending: true,
  keywordColumns: [],
  maxSize: 100,
};

/** GET /file_export: the caller's own exports (type and status filters), newest first by default. */
export async function listExports(q: ExportListQuery, principal: Principal) {
  const conditions = [{ requestedById: principal.userId }, q.type ? { type: q.type } : null, q.status ? { status: q.status } : null];
  const page = await runList(listSpec, q, conditions, (r) => r);
  return { content: await withFiles(page.content), pagination: page.pagination };
}

async function ownExport(id: number, principal: Principal): Promise<FileExport> {
  const row = await FileExport.findOne({ where: { id, requestedById: principal.userId } });
  if (!row) throw AppError.notFound('Export');
  return row;
}

/** GET /file_export/{id}: one of the caller's exports (another's is 404). */
export async function getExport(id: number, principal: Principal): Promise<ExportDto> {
  const [dto] = await withFiles([await ownExport(id, principal)]);
  return dto;
}

/** POST /file_export/{id}/retry: a FAILED export runs again from the start (PENDING); any other status is 409. */
export async function retryExport(id: number, principal: Principal): Promise<ExportDto> {
  const row = await ownExport(id, principal);
  if (!isExportRetryable(row)) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
  const [changed] = await FileExport.update(
    { status: 'PENDING', attempts: 0, rowsDone: 0, rowsTotal: null, error: null, startedAt: null, finishedAt: null, leaseOwner: null, leaseExpiresAt: null },
    { where: { id, status: 'FAILED', requestedById: { [Op.eq]: principal.userId } } },
  );
  if (changed !== 1) throw AppError.conflict('ALREADY_PROCESSED', Messages.ALREADY_PROCESSED);
  return getExport(id, principal);
}
