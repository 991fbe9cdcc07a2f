import type { Deps } from '../common/context';
import { route } from '../common/route';
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD } from '../../domain/rules/files';
import { uploadAnswer } from '../../domain/contract/files';
import { fileIdParams, fileNameQuery, uploadQuery } from './files.schemas';
import * as files from './files.service';

/**
 * /api/files (platform spec §7 "File export and files"; issue 20): upload (multipart, field `object`,
 * at most 20 MB, PDF/PNG/JPEG/CSV/DOCX by content), read by id or by storage key, delete by storage
 * key. Every signed-in user reaches the calls; who may touch which file is the service's rule (staff
 * any, a student only their own documents).
 */
export function fileRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/',
      summary:
        'Upload a file (multipart/form-data, field `object`, at most 20 MB; PDF, PNG, JPEG, CSV or DOCX by content): answers its `fileName`. purpose DOCUMENT (default) or IMAGE; staff may name the student a document belongs to',
      access: 'authenticated',
      query: uploadQuery,
      upload: { field: UPLOAD_FIELD, maxBytes: MAX_UPLOAD_BYTES },
      status: 201,
      answer: uploadAnswer,
      handle: ({ deps, req, res, query, auth }) => files.upload(deps, req, res, query, auth!, UPLOAD_FIELD, MAX_UPLOAD_BYTES),
    }),
    route({
      method: 'get',
      path: '/download',
      summary: 'Download a file by its fileName (the storage key): the bytes, or with S3 storage a 302 to a short-lived signed address',
      access: 'authenticated',
      query: fileNameQuery,
      handle: ({ deps, res, query, auth }) => files.download(deps, res, query.fileName, auth!),
    }),
    route({
      method: 'delete',
      path: '/',
      summary: 'Delete a file by its fileName (409 while an application names it as its document)',
      access: 'authenticated',
      query: fileNameQuery,
      handle: ({ deps, query, auth }) => files.remove(deps, query.fileName, auth!),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'A file (blob) with its type and original name',
      access: 'authenticated',
      params: fileIdParams,
      handle: ({ deps, res, params, auth }) => files.sendById(deps, res, params.id, auth!),
    }),
  ];
}
