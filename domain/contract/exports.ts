/**
 * The answers of /api/file_export (issue 20; platform spec §7 "File export and files"): an export with
 * its progress and, once COMPLETED, its file (downloaded through `/api/files/download?fileName=`). The
 * console's ExportRecord is `z.infer` of this.
 */
import { z } from 'zod';
import { FileExportStatus, FileExportType } from '../../models/enums';
import { id, page, timestamp } from './common';

export const fileExportAnswer = z
  .object({
    id,
    type: z.enum(FileExportType),
    status: z.enum(FileExportStatus),
    /** The list's criteria the export was asked with (the body of POST /file_export/{kind}). */
    criteria: z.record(z.string(), z.unknown()),
    keyword: z.string().nullable(),
    utcOffset: z.string().nullable(),
    rowsDone: z.number().int().min(0),
    /** Counted when the export starts (null before). */
    rowsTotal: z.number().int().min(0).nullable(),
    /** The stored file once COMPLETED: its id (GET /files/{id}), storage key (GET /files/download?fileName=), download name and size. */
    fileId: id.nullable(),
    fileName: z.string().nullable(),
    originalName: z.string().nullable(),
    size: z.number().int().min(0).nullable(),
    error: z.string().nullable(),
    attempts: z.number().int().min(0),
    requestedBy: z.object({ id: id.nullable(), name: z.string() }).strict(),
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type FileExportAnswer = z.infer<typeof fileExportAnswer>;

export const fileExportPage = page(fileExportAnswer);
