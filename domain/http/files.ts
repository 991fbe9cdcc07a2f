import { MAX_UPLOAD_BYTES, UPLOAD_FIELD } from '../rules/files';
import type { UploadAnswer } from '../contract/files';
import type { HttpRequest } from './client';

/**
 * The file calls as the console and the portal make them (issue 20): POST /files with the file in the
 * form field `object`, and a stored file fetched with the bearer (GET /files/download?fileName=; with
 * S3 storage the API answers a redirect to a signed address, which fetch follows) as a Blob.
 */
type Request = <T = unknown>(req: HttpRequest) => Promise<T>;

export class FileTooLargeError extends Error {}

export function filesApi(request: Request) {
  return {
    /** POST /files: refuses a file over the limit before sending it (the server would too). */
    upload(file: File, options: { purpose?: 'DOCUMENT' | 'IMAGE'; studentId?: number | null } = {}): Promise<UploadAnswer> {
      if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new FileTooLargeError(file.name));
      const form = new FormData();
      form.append(UPLOAD_FIELD, file, file.name);
      return request<UploadAnswer>({ method: 'POST', path: '/files', query: { purpose: options.purpose, studentId: options.studentId ?? undefined }, body: form });
    },
    /** The stored file's bytes (GET /files/download?fileName=). */
    async blob(fileName: string): Promise<Blob> {
      return (await request<Response>({ path: '/files/download', query: { fileName }, raw: true })).blob();
    },
    /** DELETE /files?fileName= */
    remove(fileName: string): Promise<void> {
      return request<void>({ method: 'DELETE', path: '/files', query: { fileName } });
    },
  };
}
export type FilesApi = ReturnType<typeof filesApi>;

/** A stored file's key names no person's file: its last segment, for a value recorded before uploads kept names. */
export const keyName = (fileName: string) => fileName.split('/').pop() ?? fileName;

/** A value from before uploads (an address typed in by hand) rather than a storage key. */
export const isAddress = (value: string) => /^(https?:)?\/\//i.test(value);
