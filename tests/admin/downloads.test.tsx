import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { Layout } from '../../admin/src/layout/Layout';
import type { HttpRequest } from '../../admin/src/providers/http';
import students from '../../admin/src/resources/students';
import type { ExportRecord } from '../../admin/src/common/downloads/exportsApi';
import { downloads } from '../../admin/src/common/downloads/i18n';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/**
 * The Export buttons and the Downloads panel (issue 20): a list's Export asks the server with the list's
 * criteria and keyword; the app bar's badge counts the exports running; the panel shows each with a
 * progress bar, then Download (fetched with the session) and a notification once done; FAILED offers Retry.
 */

const slow = { timeout: 8_000 };
const at = '2026-03-02T15:00:00.000Z';
const record = (id: number, overrides: Partial<ExportRecord> = {}): ExportRecord => ({
  id,
  type: 'students_csv',
  status: 'PENDING',
  criteria: {},
  keyword: null,
  utcOffset: null,
  rowsDone: 0,
  rowsTotal: null,
  fileId: null,
  fileName: null,
  originalName: null,
  size: null,
  error: null,
  attempts: 0,
  requestedBy: { id: 10, name: 'Root Admin' },
  startedAt: null,
  finishedAt: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

function renderConsole(opts: { path?: string; permissions?: string[]; locale?: 'en' | 'es'; initial?: ExportRecord[] } = {}) {
  const state = { exports: [...(opts.initial ?? [])] };
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/file_export' && method === 'GET') return { content: state.exports, pagination: { total: state.exports.length, page: 0, size: 20 } };
    const asked = /^\/file_export\/([a-z_-]+)$/.exec(req.path);
    if (asked && method === 'POST') {
      const made = record(100 + state.exports.length, { type: asked[1] as ExportRecord['type'], criteria: req.body as Record<string, unknown> });
      state.exports = [made, ...state.exports];
      return made;
    }
    const retry = /^\/file_export\/(\d+)\/retry$/.exec(req.path);
    if (retry) {
      state.exports = state.exports.map((e) => (e.id === Number(retry[1]) ? { ...e, status: 'PENDING', error: null } : e));
      return state.exports.find((e) => e.id === Number(retry[1]));
    }
    if (req.path === '/files/download') return { blob: async () => new Blob(['ID,First name\r\n1,Ana\r\n']) };
    if (req.path === '/students' || req.path === '/students/find_by_criteria') return { content: [], pagination: { total: 0, page: 0, size: 10 } };
    return { content: [], pagination: { total: 0 } };
  });
  renderAdmin({
    path: opts.path ?? '/students',
    request,
    permissions: opts.permissions ?? ['*'],
    locale: opts.locale,
    layout: Layout,
    children: <Resource name="students" {...students} />,
  });
  return { request, state };
}

const badge = () => screen.getByTestId('downloads-badge').querySelector('.MuiBadge-badge')!;
/** The count shown, or null when the badge is hidden (nothing running). */
const shown = () => (badge().classList.contains('MuiBadge-invisible') ? null : badge().textContent);

test("Export sends the list's criteria and keyword; the panel follows the export: waiting, progress, then Download with a notification", async () => {
  const saved: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
  const filter = encodeURIComponent(JSON.stringify({ q: 'ana', active: true, genders: ['FEMALE'] }));
  const { request, state } = renderConsole({ path: `/students?filter=${filter}` });
  fireEvent.click(await screen.findByTestId('export-students_csv', undefined, slow));
  await waitFor(() => expect(calls(request, 'POST', '/file_export/students_csv')).toHaveLength(1));
  expect(calls(request, 'POST', '/file_export/students_csv')[0]).toMatchObject({ query: { keyword: 'ana' }, body: { active: true, genders: ['FEMALE'] } });
  const panel = await screen.findByTestId('downloads-panel');
  const id = state.exports[0].id;
  await waitFor(() => expect(within(panel).getByTestId(`export-${id}-status`).textContent).toBe('Waiting'));
  expect(within(panel).getByText('Students')).not.toBeNull();
  expect(within(panel).getByText('Waiting to start…')).not.toBeNull();
  await waitFor(() => expect(shown()).toBe('1'));

  // The job runs: the panel polls and shows the rows done of the total.
  state.exports = state.exports.map((e) => ({ ...e, status: 'RUNNING', rowsDone: 1500, rowsTotal: 6000 }));
  await waitFor(() => expect(within(panel).getByText('1,500 of 6,000 rows')).not.toBeNull(), slow);
  expect(within(panel).getByTestId(`export-${id}-progress`).getAttribute('aria-valuenow')).toBe('25');

  state.exports = state.exports.map((e) => ({
    ...e,
    status: 'COMPLETED',
    rowsDone: 6000,
    rowsTotal: 6000,
    fileId: 7,
    fileName: 'exports/2026/03/abc.csv',
    originalName: 'students-2026-03-02.csv',
    size: 120,
  }));
  expect(await screen.findByText('Students is ready to download', undefined, slow)).not.toBeNull();
  await waitFor(() => expect(shown()).toBeNull());
  const download = within(panel).getByTestId(`export-${id}-download`);
  expect(download.getAttribute('href')).toBe('/api/files/download?fileName=exports%2F2026%2F03%2Fabc.csv');
  fireEvent.click(download);
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(calls(request, 'GET', '/files/download')).toEqual([{ path: '/files/download', query: { fileName: 'exports/2026/03/abc.csv' }, raw: true }]);
  expect(within(panel).getByTestId(`export-${id}-status`).textContent).toBe('Ready · 6000 rows');
}, 20_000);

test('a FAILED export shows its reason and Retry, which asks the server to run it again', async () => {
  const failed = record(5, { type: 'coaches_csv', status: 'FAILED', error: 'Interrupted 3 times; retry it', attempts: 3 });
  const { request } = renderConsole({ initial: [failed] });
  fireEvent.click(await screen.findByTestId('downloads-button', undefined, slow));
  const panel = await screen.findByTestId('downloads-panel');
  expect(within(panel).getByText('Interrupted 3 times; retry it')).not.toBeNull();
  expect(within(panel).getByTestId('export-5-status').textContent).toBe('Failed');
  fireEvent.click(within(panel).getByTestId('export-5-retry'));
  await waitFor(() => expect(calls(request, 'POST', '/file_export/5/retry')).toHaveLength(1));
  await waitFor(() => expect(within(panel).getByTestId('export-5-status').textContent).toBe('Waiting'));
}, 20_000);

test('in Spanish: the panel, the kinds and the progress', async () => {
  renderConsole({ locale: 'es', initial: [record(6, { status: 'RUNNING', rowsDone: 10, rowsTotal: 40 })] });
  fireEvent.click(await screen.findByTestId('downloads-button', undefined, slow));
  const panel = await screen.findByTestId('downloads-panel');
  expect(within(panel).getByText(downloads.es.title)).not.toBeNull();
  expect(within(panel).getByText('10 de 40 filas')).not.toBeNull();
  expect(within(panel).getByText('Estudiantes')).not.toBeNull();
  expect(screen.getByTestId('export-students_csv').textContent).toContain('Exportar');
}, 20_000);

test('without exports permissions: no Downloads button and no Export button', async () => {
  renderConsole({ permissions: ['students:read'] });
  await screen.findByText('No results found', undefined, slow).catch(() => undefined);
  await waitFor(() => expect(screen.queryByTestId('downloads-button')).toBeNull());
  expect(screen.queryByTestId('export-students_csv')).toBeNull();
}, 20_000);
