/**
 * The answers of the file calls (issue 20): POST /files, and a stored file as other answers name it
 * (an application's document). The console's and the portal's upload inputs take their types from these.
 */
import { z } from 'zod';
import { StoredFilePurpose } from '../../models/enums';
import { id, timestamp } from './common';

/** A stored file as records name it: the storage key (`fileName`), the user's name for it, its sniffed type and size. */
export const storedFileRef = z
  .object({
    id,
    fileName: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    size: z.number().int().min(0),
  })
  .strict();
export type StoredFileRef = z.infer<typeof storedFileRef>;

/** POST /files: `{ fileName }` (the spec's answer) with the rest of the record. */
export const uploadAnswer = storedFileRef
  .extend({
    purpose: z.enum(StoredFilePurpose),
    studentId: id.nullable(),
    createdAt: timestamp,
  })
  .strict();
export type UploadAnswer = z.infer<typeof uploadAnswer>;
