import { screen, waitFor, within } from '@testing-library/react';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { HttpRequest } from '../../admin/src/providers/http';
import { BillingDashboardPage } from '../../admin/src/billing';
import { monthLabel, weekLabel } from '../../admin/src/billing/BillingDashboard';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const answer = {
  collections: { count: 3, amount: 14250.75 },
  pastDue: { count: 7, amount: 3587.5 },
  upcoming: { next30Days: { count: 1, amount: 512.5 } },
  byFinancialStatus: [
    { financialStatus: 'GOOD', count: 120, balance: 480000 },
    { financialStatus: 'PAST_DUE', count: 4, balance: 16000.25 },
    { financialStatus: 'COLLECTIONS', count: 2, balance: 9000 },
    { financialStatus: 'COLLECTIONS_2', count: 1, balance: 5250.75 },
  ],
  collectedByMonth: months.map((month, i) => ({ month, amount: i === 11 ? 2050 : i * 100 })),
  upcomingByWeek: Array.from({ length: 8 }, (_, i) => ({ weekStart: new Date(Date.UTC(2026, 2, 2 + i * 7)).toISOString().slice(0, 10), amount: i === 0 ? 512.5 : 0 })),
};

function renderDashboard({ permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    if (req.path === '/billing/dashboard') return answer;
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  renderAdmin({
    path: '/billing-dashboard',
    request,
    permissions,
    locale,
    children: (
      <CustomRoutes>
        <Route path="/billing-dashboard" element={<BillingDashboardPage />} />
      </CustomRoutes>
    ),
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('month and week labels', () => {
  expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
  expect(monthLabel('2026-01', 'es')).toMatch(/^ene/);
  expect(weekLabel('2026-03-09')).toBe('03-09');
});

test('the KPI cards show the amounts and counts of GET /billing/dashboard', async () => {
  const request = renderDashboard();
  expect((await screen.findByTestId('kpi-collections-amount')).textContent).toBe('$14,250.75');
  expect(screen.getByTestId('kpi-collections-count').textContent).toBe('3 plans in collections');
  expect(screen.getByTestId('kpi-past-due-amount').textContent).toBe('$3,587.50');
  expect(screen.getByTestId('kpi-past-due-count').textContent).toBe('7 plans past due');
  expect(screen.getByTestId('kpi-upcoming-amount').textContent).toBe('$512.50');
  expect(screen.getByTestId('kpi-upcoming-count').textContent).toBe('1 installment');
  expect(calls(request, 'GET', '/billing/dashboard')).toHaveLength(1);
});

test('the charts (@mui/x-charts): 12 months, 8 weeks and the four financial statuses, readable as tables', async () => {
  renderDashboard();
  const monthly = await screen.findByTestId('chart-collected');
  expect(within(monthly).getByRole('img', { name: 'Collected by month (last 12 months)' })).not.toBeNull();
  const rowsOf = (id: string) =>
    within(screen.getByTestId(id))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
  const monthRows = rowsOf('chart-collected-table');
  expect(monthRows).toHaveLength(12);
  expect(monthRows[0]).toBe('Apr 2025$0');
  expect(monthRows[11]).toBe('Mar 2026$2,050');
  expect(rowsOf('chart-upcoming-table')).toHaveLength(8);
  expect(rowsOf('chart-upcoming-table')[0]).toBe('03-02$513');
  expect(rowsOf('chart-status-table')).toEqual(['Good (120 plans)$480,000', 'Past due (4 plans)$16,000', 'Collections (2 plans)$9,000', 'Collections 2 (1 plan)$5,251']);
});

test('in Spanish', async () => {
  renderDashboard({ locale: 'es' });
  expect((await screen.findByTestId('kpi-past-due-count')).textContent).toBe('7 planes vencidos');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Panel de facturación');
  expect(within(screen.getByTestId('chart-status-table')).getAllByRole('row')[1].textContent).toBe('Al corriente (120 planes)$480,000');
});

test('without payment_plans:read the dashboard is refused and nothing is asked', async () => {
  const request = renderDashboard({ permissions: ['students:read'] });
  await waitFor(() => expect(screen.queryByTestId('billing-dashboard')).toBeNull());
  expect(await screen.findByText(/not authorized|Access denied/i)).not.toBeNull();
  expect(calls(request, 'GET', '/billing/dashboard')).toEqual([]);
});
