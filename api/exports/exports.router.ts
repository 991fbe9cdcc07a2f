import { JobSchedule } from '../../models';
import type { Deps } from '../common/context';
import { route } from '../common/route';
import { runnerFor } from '../jobs/runner';
import { fileExportAnswer, fileExportPage } from '../../domain/contract/exports';
import { exportIdParams, exportListQuery, exportRequestBody, exportRequestQuery, kindParams } from './exports.schemas';
import * as exportsService from './exports.service';

/**
 * A process that runs the scheduler starts the FILE_EXPORT job at once when an export is recorded (or
 * retried), instead of waiting up to 10 s for its schedule; a run already going on takes it next.
 */
function wake(deps: Deps): void {
  if (!deps.scheduler) return;
  void (async () => {
    const schedule = await JobSchedule.findOne({ attributes: ['id'], where: { type: 'FILE_EXPORT', status: 'ACTIVE' }, order: [['id', 'ASC']] });
    if (schedule) await runnerFor(deps).start(schedule.id, 'MANUAL');
  })().catch((err) => deps.log.warn({ err }, 'export job not woken'));
}

/** /api/file_export: record an export of a list (a job writes the file), the caller's exports, retry (platform spec §7). */
export function exportRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: fileExportPage,
      summary: "The caller's exports, newest first (sortBy, descending, type, status, size, page)",
      access: 'exports:read',
      query: exportListQuery,
      handle: ({ query, auth }) => exportsService.listExports(query, auth!),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: fileExportAnswer,
      summary: 'One of the caller’s exports with its progress and, once COMPLETED, its file (another’s is 404)',
      access: 'exports:read',
      params: exportIdParams,
      handle: ({ params, auth }) => exportsService.getExport(params.id, auth!),
    }),
    route({
      method: 'post',
      path: '/:id/retry',
      answer: fileExportAnswer,
      summary: 'Run a FAILED export again (PENDING; 409 ALREADY_PROCESSED otherwise)',
      access: 'exports:create',
      params: exportIdParams,
      status: 202,
      handle: async ({ params, auth }) => {
        const answer = await exportsService.retryExport(params.id, auth!);
        wake(deps);
        return answer;
      },
    }),
    route({
      method: 'post',
      path: '/:kind',
      answer: fileExportAnswer,
      summary:
        "Export a list as CSV: the body is the list's criteria (its find_by_criteria body), `keyword` and `utcOffset` in the query; answers at once (202) with the PENDING export, which a job writes (404 unknown kind; 403 without the list's permission)",
      access: 'exports:create',
      params: kindParams,
      query: exportRequestQuery,
      body: exportRequestBody,
      status: 202,
      handle: async ({ params, query, body, auth }) => {
        const answer = await exportsService.requestExport(params.kind, body, query, auth!);
        wake(deps);
        return answer;
      },
    }),
  ];
}
