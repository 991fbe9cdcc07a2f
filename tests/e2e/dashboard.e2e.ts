import type { Page } from 'playwright-core';
import { SUPER_ADMIN, adminToken, api } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage } from './pages/console';

/**
 * The dashboard's analytics (issue 20): the charts render from `POST /analytics/admin/{kind}`, and a
 * filter chosen on screen reaches every chart's call and redraws them with the filtered figures.
 */
const currentPage = usePage();
let page: Page;
let token: string;

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(() => {
  page = currentPage();
});

type Answer = { labels: string[]; series: Array<{ name: string; data: number[] }>; total: number };

describe('dashboard analytics', () => {
  test('the charts render, and a program filter reaches each chart and redraws it', async () => {
    const programs = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/programs?size=50&page=0', token);
    const program = programs.content[0];
    expect(program).toBeDefined();
    const bodyFor = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const filtered = await api<Answer>('POST', '/analytics/admin/applications_program', token, { ...bodyFor, programId: program.id });

    const firstLoad = page.waitForResponse((r) => r.url().endsWith('/api/analytics/admin/applications_program') && r.request().method() === 'POST');
    await new ConsoleLoginPage(page).signInToDashboard(SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect((await firstLoad).status()).toBe(200);
    const chart = page.getByTestId('analytics-applications_program');
    await chart.locator('svg').first().waitFor();
    await page.getByTestId('analytics-startDate').fill(bodyFor.startDate);
    await page.getByTestId('analytics-endDate').fill(bodyFor.endDate);

    const asked = page.waitForRequest(
      (r) => r.url().endsWith('/api/analytics/admin/applications_program') && r.method() === 'POST' && (r.postDataJSON() as { programId?: number }).programId === program.id,
    );
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: program.name, exact: true }).click();
    const request = await asked;
    expect(request.postDataJSON()).toMatchObject({ ...bodyFor, programId: program.id });
    const answer = (await (await request.response())!.json()) as Answer;
    expect(answer).toEqual(filtered);

    // The chart shows the filtered figures: its total, and its table's rows (the figure's accessible copy).
    await page
      .getByTestId('analytics-applications_program-total')
      .filter({ hasText: String(filtered.total) })
      .waitFor();
    if (filtered.labels.length) {
      const rows = page.getByTestId('analytics-applications_program-table').locator('tbody tr');
      await expect(rows.count()).resolves.toBe(filtered.labels.length);
    }
    // Every chart answered for the same filter (none left loading or failed).
    await page.getByTestId('analytics').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await expect(page.getByTestId('analytics').locator('[data-testid$="-error"]').count()).resolves.toBe(0);
    await screenshot(page, 'console-dashboard-analytics');
  });
});
