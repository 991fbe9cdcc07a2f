import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { Readable } from 'node:stream';
import { ALLOWED_UPLOAD_TYPES, looksLikeCsv, MAX_UPLOAD_MB, type UploadType } from '../../domain/rules/files';
import { format, Messages } from '../../models/messages';
import { AppError } from '../common/errors';
import { newKey, type Storage } from '../integrations/storage';

/**
 * Reading an upload (POST /files): multer with a storage engine that pipes the file part straight to
 * the configured Storage (never the whole file in memory, never a temporary copy), after deciding its
 * type from the first bytes (file-type; CSV by domain/rules/files.ts looksLikeCsv). A refused type, a
 * file over the limit, a second file or any other form field leave nothing stored.
 */

/** How much of the start of a file the type is decided from (a DOCX's zip directory entries are in its first kilobytes). */
const SNIFF_BYTES = 64 * 1024;

type FileTypeModule = typeof import('file-type/core');
let fileTypeModule: Promise<FileTypeModule> | null = null;
/** file-type is ESM only: loaded once with a dynamic import (jest.config.js lets swc turn it into CommonJS for the tests). */
const loadFileType = () => (fileTypeModule ??= import('file-type/core'));

/** The allowed type the content is, or null. The name the user gave is never consulted. */
export async function sniffType(head: Buffer): Promise<UploadType | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const found = await fileTypeFromBuffer(head);
  if (found) return ALLOWED_UPLOAD_TYPES.find((t) => t.mime === found.mime) ?? null;
  return looksLikeCsv(head) ? ALLOWED_UPLOAD_TYPES.find((t) => t.mime === 'text/csv')! : null;
}

/** What the engine leaves on multer's file object. */
export interface StoredUpload {
  fileName: string;
  size: number;
  contentType: string;
  originalname: string;
}

class TooLarge extends Error {}
class TypeRefused extends Error {}

/** Reads from a paused-or-flowing stream until `bytes` are in hand or it ends; leaves it paused. */
function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      if (!ended) stream.pause();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => reject(err);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** A multer StorageEngine writing to a Storage under a generated key (`uploads/yyyy/mm/<uuid>.<ext>`). */
class StorageEngineToStore implements StorageEngine {
  constructor(
    private readonly storage: Storage,
    private readonly maxBytes: number,
  ) {}

  _handleFile(_req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<StoredUpload>) => void): void {
    this.store(file).then(
      (info) => callback(null, info),
      (err) => callback(err),
    );
  }

  private async store(file: Express.Multer.File): Promise<StoredUpload> {
    const source = file.stream;
    let truncated = false;
    source.on('limit', () => {
      truncated = true;
    });
    const { head, ended } = await readHead(source, SNIFF_BYTES);
    const type = await sniffType(head);
    if (!type) {
      source.resume();
      throw new TypeRefused();
    }
    const max = this.maxBytes;
    let size = 0;
    async function* bytes() {
      size += head.length;
      if (size > max) throw new TooLarge();
      yield head;
      if (!ended) {
        for await (const chunk of source) {
          size += (chunk as Buffer).length;
          if (size > max) throw new TooLarge();
          yield chunk as Buffer;
        }
      }
      if (truncated) throw new TooLarge();
    }
    const fileName = newKey('uploads', type.ext);
    try {
      await this.storage.put(fileName, Readable.from(bytes(), { objectMode: false }), { contentType: type.mime });
    } catch (err) {
      source.resume();
      throw err;
    }
    return { fileName, size, contentType: type.mime, originalname: file.originalname };
  }

  _removeFile(_req: Request, file: Express.Multer.File & Partial<StoredUpload>, callback: (error: Error | null) => void): void {
    if (!file.fileName) return callback(null);
    this.storage.delete(file.fileName).then(
      () => callback(null),
      (err: Error) => callback(err),
    );
  }
}

/**
 * Reads the request's multipart body: exactly one file in `field`, no other part. Answers the stored
 * object, or throws the contract's refusal (400 with a field error, 413 over the limit) with nothing
 * left in storage.
 */
export async function receiveUpload(req: Request, res: Response, storage: Storage, field: string, maxBytes: number): Promise<StoredUpload> {
  const middleware = multer({
    storage: new StorageEngineToStore(storage, maxBytes),
    // Browsers send a file's name as UTF-8 bytes (busboy reads latin1 unless told).
    defParamCharset: 'utf8',
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, fieldNameSize: 100, headerPairs: 20 },
  }).single(field);
  try {
    await new Promise<void>((resolve, reject) => middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  } catch (err) {
    throw refusal(err, field);
  }
  const file = req.file as (Express.Multer.File & StoredUpload) | undefined;
  // Text fields are not taken (the upload's options are query parameters): refused, and the file with them.
  const extra = Object.keys((req.body ?? {}) as object);
  if (extra.length) {
    if (file) await storage.delete(file.fileName);
    throw AppError.badRequest(Object.fromEntries(extra.map((k) => [k, Messages.UNKNOWN_FIELD])));
  }
  if (!file) throw AppError.badRequest({ [field]: Messages.FILE_REQUIRED });
  return { fileName: file.fileName, size: file.size, contentType: file.contentType, originalname: file.originalname };
}

function tooLarge(field: string): AppError {
  const message = format(Messages.FILE_TOO_LARGE, MAX_UPLOAD_MB);
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, { [field]: message });
}

/** A multer, busboy or engine failure as the contract's answer. */
function refusal(err: unknown, field: string): unknown {
  if (err instanceof TooLarge) return tooLarge(field);
  if (err instanceof TypeRefused) return AppError.badRequest({ [field]: Messages.FILE_TYPE_NOT_ALLOWED });
  if (err instanceof MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return tooLarge(field);
      case 'LIMIT_FILE_COUNT':
        return AppError.badRequest({ [field]: Messages.ONE_FILE_ONLY });
      case 'LIMIT_UNEXPECTED_FILE':
        // A file in another field, or a second file in this one.
        return err.field && err.field !== field ? AppError.badRequest({ [err.field]: Messages.UNKNOWN_FIELD }) : AppError.badRequest({ [field]: Messages.ONE_FILE_ONLY });
      default:
        return AppError.badRequest({ [err.field ?? field]: Messages.INVALID_VALUE });
    }
  }
  // busboy's own refusals of a malformed body (no boundary, cut short).
  if (err instanceof Error && /multipart|boundary|unexpected end of form|malformed/i.test(err.message)) return AppError.badRequest({ [field]: Messages.FILE_REQUIRED });
  return err;
}
