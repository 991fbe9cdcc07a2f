import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, makeStudent, unique } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, DownloadsPanel, StudentsListPage } from './pages/console';
import { parseCsv } from '../support/csv-parse';

/**
 * Exports (issue 20): a list's Export sends its criteria; the Downloads panel shows the export's
 * progress until it is ready; the CSV holds exactly the filtered rows.
 * The CSV is downloaded with the panel's Download button (the browser's own download) and compared
 * with the bytes the server stored (E2E_STORAGE_DIR, set by run.ts).
 */

const currentPage = usePage();
let page: Page;
let token: string;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(async () => {
  page = currentPage();
  admin = await makeAdmin(token);
  const login = new ConsoleLoginPage(page);
  await login.goto();
  await login.signIn(admin.email, admin.password);
  await page.waitForURL('**/admin/dashboard');
});

test('export students with a filter: progress in Downloads, then the CSV holds exactly the filtered students', async () => {
  const lastName = unique('Exportia');
  const albany = [await makeStudent(token, { lastName, city: 'Albany' }), await makeStudent(token, { lastName, city: 'Albany' })];
  await makeStudent(token, { lastName, city: 'Buffalo' });
  const list = new StudentsListPage(page);
  await list.goto();
  await list.search(lastName);
  await list.filterText('City', 'Albany');
  await list.waitForRows(2, 'Albany');

  const downloads = new DownloadsPanel(page);
  await downloads.exportList('students_csv');
  const own = await adminToken({ email: admin.email, password: admin.password });
  const [asked] = (await api<{ content: Array<{ id: number; criteria: Record<string, unknown>; keyword: string | null }> }>('GET', '/file_export', own)).content;
  expect(asked.criteria).toEqual({ city: 'Albany' });
  expect(asked.keyword).toBe(lastName);
  // The panel shows the export from the start (waiting or running with its bar), then ready with its Download.
  await downloads.row(asked.id).waitFor();
  await screenshot(page, 'console-downloads-running');
  await downloads.waitForStatus(asked.id, 'COMPLETED');
  await page.getByText('Students is ready to download').waitFor();
  await downloads.download(asked.id).waitFor();
  await screenshot(page, 'console-downloads-ready');

  const done = await api<{ fileName: string; rowsDone: number; rowsTotal: number; originalName: string }>('GET', `/file_export/${asked.id}`, own);
  expect([done.rowsDone, done.rowsTotal]).toEqual([2, 2]);
  expect(done.originalName).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  // The panel's Download: fetched with the session's token and saved under the export's name.
  const [file] = await Promise.all([page.waitForEvent('download'), downloads.download(asked.id).click()]);
  expect(file.suggestedFilename()).toBe(done.originalName);
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hci-e2e-download-')), file.suggestedFilename());
  await file.saveAs(saved);
  const text = fs.readFileSync(saved, 'utf8');
  // The same bytes the server stored.
  expect(text).toBe(fs.readFileSync(path.join(process.env.E2E_STORAGE_DIR!, ...done.fileName.split('/')), 'utf8'));
  const rows = parseCsv(text);
  const header = rows[0];
  const body = rows.slice(1);
  expect(body.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(albany.map((s) => s.id).sort((a, b) => a - b));
  expect(body.every((r) => r[header.indexOf('City')] === 'Albany' && r[header.indexOf('Last name')] === lastName)).toBe(true);
});
