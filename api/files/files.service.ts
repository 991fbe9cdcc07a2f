import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Application, Student, StoredFile } from '../../models';
import { Messages } from '../../models/messages';
import { hasPermission } from '../../models/permissions';
import type { Deps, Principal } from '../common/context';
import { AppError } from '../common/errors';
import { contentDisposition } from '../integrations/s3-storage';
import type { UploadQuery } from './files.schemas';
import { receiveUpload } from './upload';

/**
 * The file calls (issue 20; domain rules "Exports and files"). Who reaches what:
 * - upload: staff (any purpose, a document optionally for a student); a student only their own
 *   documents (an IMAGE, or another student's id, is 403);
 * - read: staff any file (an export needs `exports:read`); a student their own documents and the
 *   catalogue's images; another's document is 404, as if it did not exist;
 * - delete: staff (an export needs `exports:delete`); a student their own documents; a document an
 *   application names is 409 FILE_IN_USE until the application lets go of it.
 */

const isStaff = (auth: Principal) => auth.kind === 'ADMIN';

export function fileDto(f: StoredFile) {
  return {
    id: f.id,
    fileName: f.fileName,
    originalName: f.originalName,
    contentType: f.contentType,
    size: f.size,
    purpose: f.purpose,
    studentId: f.studentId,
    createdAt: f.createdAt,
  };
}

/** The name the user gave, without a path and within the column (a browser may send `C:\fakepath\x.pdf`). */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.trim();
  // eslint-disable-next-line no-control-regex -- control characters are dropped from a name shown to people
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(-255);
  return clean || fallback;
}

/** POST /files: checks who may upload what before reading a byte, then streams the file to storage and records it. */
export async function upload(deps: Deps, req: Request, res: Response, query: UploadQuery, auth: Principal, field: string, maxBytes: number) {
  let studentId: number | null = null;
  if (isStaff(auth)) {
    if (query.studentId !== undefined) {
      if (!(await Student.count({ where: { id: query.studentId } }))) throw AppError.badRequest({ studentId: Messages.INVALID_VALUE });
      studentId = query.studentId;
    }
  } else {
    if (!auth.studentId || query.purpose !== 'DOCUMENT') throw AppError.forbidden();
    if (query.studentId !== undefined && query.studentId !== auth.studentId) throw AppError.forbidden();
    studentId = auth.studentId;
  }
  const stored = await receiveUpload(req, res, deps.storage, field, maxBytes);
  try {
    const row = await StoredFile.create({
      fileName: stored.fileName,
      originalName: cleanOriginalName(stored.originalname, stored.fileName.split('/').pop()!),
      contentType: stored.contentType,
      size: stored.size,
      purpose: query.purpose,
      ownerUserId: auth.userId,
      studentId,
    });
    return fileDto(row);
  } catch (err) {
    await deps.storage.delete(stored.fileName).catch(() => undefined);
    throw err;
  }
}

/** The file if the caller may read it: 403 for staff without the export permission, 404 for a student's others. */
async function readable(where: { id: number } | { fileName: string }, auth: Principal): Promise<StoredFile> {
  const file = await StoredFile.findOne({ where });
  if (!file) throw AppError.notFound('File');
  if (isStaff(auth)) {
    if (file.purpose === 'EXPORT' && !hasPermission(auth.permissions, 'exports:read')) throw AppError.forbidden();
    return file;
  }
  const own = file.purpose === 'DOCUMENT' && file.studentId !== null && file.studentId === auth.studentId;
  if (own || file.purpose === 'IMAGE') return file;
  throw AppError.notFound('File');
}

/** Streams a stored file as the answer: its sniffed type, its size and its original name. */
async function stream(deps: Deps, res: Response, file: StoredFile): Promise<void> {
  const body = await deps.storage.get(file.fileName);
  if (!body) throw AppError.notFound('File');
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Content-Disposition', contentDisposition(file.originalName));
  // Whatever the browser thinks of the bytes, they are not run here (an uploaded file is never a page of ours).
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  await pipeline(body, res);
}

/** GET /files/{id}: the file itself (a blob). */
export async function sendById(deps: Deps, res: Response, id: number, auth: Principal): Promise<void> {
  await stream(deps, res, await readable({ id }, auth));
}

/** GET /files/download?fileName=: the file, or (S3) a redirect to a short-lived signed address naming it. */
export async function download(deps: Deps, res: Response, fileName: string, auth: Principal): Promise<void> {
  const file = await readable({ fileName }, auth);
  const url = await deps.storage.signedUrl(file.fileName, {
    expiresInSeconds: deps.config.S3_SIGNED_URL_SECONDS,
    downloadName: file.originalName,
    contentType: file.contentType,
  });
  if (url) {
    res.redirect(302, url);
    return;
  }
  await stream(deps, res, file);
}

/** DELETE /files?fileName=: the record, then the object. */
export async function remove(deps: Deps, fileName: string, auth: Principal): Promise<void> {
  const file = await StoredFile.findOne({ where: { fileName } });
  if (!file) throw AppError.notFound('File');
  if (isStaff(auth)) {
    if (file.purpose === 'EXPORT' && !hasPermission(auth.permissions, 'exports:delete')) throw AppError.forbidden();
  } else if (!(file.purpose === 'DOCUMENT' && file.studentId !== null && file.studentId === auth.studentId)) {
    throw AppError.notFound('File');
  }
  await StoredFile.sequelize!.transaction(async (transaction) => {
    // The application's document: kept until the application names another (or none).
    if (await Application.count({ where: { documentName: fileName }, transaction })) throw AppError.conflict('FILE_IN_USE', Messages.FILE_IN_USE);
    await file.destroy({ transaction });
  });
  await deps.storage.delete(fileName);
}
