import type { FileExportAnswer } from '../../../../domain/contract/exports';
import type { AppDataProvider } from '../../providers/dataProvider';
import { cleanCriteria } from '../../providers/dataProvider';

/** An export as the console reads it (domain/contract/exports.ts). */
export type ExportRecord = FileExportAnswer;
export type ExportKind = ExportRecord['type'];

/** The calls of /api/file_export and the file download, over the console's HTTP client. */
export function exportsApi(dataProvider: AppDataProvider) {
  const { request } = dataProvider;
  return {
    /** POST /file_export/{kind}: the list's criteria as the body, its keyword in the query; answers the PENDING export. */
    ask: (kind: ExportKind, criteria: Record<string, unknown>, keyword?: string) =>
      request<ExportRecord>({ method: 'POST', path: `/file_export/${kind}`, query: keyword ? { keyword } : {}, body: cleanCriteria(criteria) }),
    /** GET /file_export: the caller's exports, newest first. */
    list: async (size = 20) => (await request<{ content: ExportRecord[] }>({ path: '/file_export', query: { size } })).content,
    /** POST /file_export/{id}/retry. */
    retry: (id: number) => request<ExportRecord>({ method: 'POST', path: `/file_export/${id}/retry` }),
    /** GET /files/download?fileName=: the file, downloaded with the session (a plain link would carry no token). */
    download: async (fileName: string) => (await request<Response>({ path: '/files/download', query: { fileName }, raw: true })).blob(),
  };
}
