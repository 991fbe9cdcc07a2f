import { z } from 'zod';
import { FileExportType } from '../../models/enums';
import { id } from '../../models/validation';
import { zoneText } from '../coaching-circles/coaching-circles.schemas';
import { pagingQuery, type PagingQuery } from '../common/list';

/** GET /file_export: sortBy, descending, type, size, page (each person's own exports, newest first). */
export const exportSortable = {
  id: 'id',
  ID: 'id',
  createdAt: 'createdAt',
  CREATED_AT: 'createdAt',
  type: 'type',
  TYPE: 'type',
  status: 'status',
  STATUS: 'status',
};
export const exportListQuery = pagingQuery(
  { sortable: exportSortable, defaultSort: 'createdAt', defaultDescending: true, keyword: false, maxSize: 100 },
  { type: z.enum(FileExportType).optional(), status: z.enum(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED']).optional() },
);
export type ExportListQuery = PagingQuery & { type?: (typeof FileExportType)[number]; status?: string };

/** The kind in the path: any text (an unknown kind is 404, not a validation error). */
export const kindParams = z.object({ kind: z.string().max(60) });
export const exportIdParams = z.object({ id: id() });

/** POST /file_export/{kind}'s query: the list's keyword and the zone its times are written in. */
export const exportRequestQuery = z
  .object({
    keyword: z.string().trim().max(100).optional(),
    utcOffset: zoneText().optional(),
  })
  .strict();

/** The body is the kind's list criteria, validated by that list's own schema in the service. */
export const exportRequestBody = z.record(z.string(), z.unknown());
