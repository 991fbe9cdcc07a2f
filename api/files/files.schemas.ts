import { z } from 'zod';
import { Messages } from '../../models/messages';
import { id } from '../../models/validation';

/** POST /files?purpose=&studentId=: an upload's options (query parameters: they are checked before the body is read). */
export const uploadQuery = z
  .object({
    /** DOCUMENT (the default: a student's document) or IMAGE (a program's or cohort's image, a coach's photo). */
    purpose: z.enum(['DOCUMENT', 'IMAGE'], { error: Messages.INVALID_VALUE }).default('DOCUMENT'),
    /** Staff: whose document it is (then the student reads it too). A student's uploads are always their own. */
    studentId: id().optional(),
  })
  .strict();
export type UploadQuery = z.output<typeof uploadQuery>;

/** GET /files/{id} */
export const fileIdParams = z.object({ id: id() }).strict();

/** GET /files/download?fileName=, DELETE /files?fileName= : the storage key POST /files answered. */
export const fileNameQuery = z.object({ fileName: z.string({ error: Messages.REQUIRED }).trim().min(1, Messages.REQUIRED).max(500, Messages.INVALID_VALUE) }).strict();
