import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { valueAxis } from '../../admin/src/common/charts';
import { formatterOf } from '../../admin/src/dashboard/AnalyticsSection';
import { Dashboard } from '../../admin/src/dashboard/Dashboard';
import { daysAgo, listLink } from '../../admin/src/dashboard/listLink';
import { historyPath } from '../../admin/src/dashboard/RecentlyViewed';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';

// react-hotkeys-hook ships ESM only, which the admin jest project does not transform; menu shortcuts are not under test.
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const page = (total: number, content: unknown[] = []) => ({ content, pagination: { total, page: 0, size: 1 } });

/** Answers each list the way the API would for the dashboard's criteria. */
function api(req: HttpRequest): unknown {
  const method = req.method ?? 'GET';
  const body = JSON.stringify(req.body ?? null);
  if (method === 'GET' && req.path === '/students') return page(120);
  if (method === 'POST' && req.path === '/students/find_by_criteria') {
    if (body === JSON.stringify({ createdAt: { from: daysAgo(30) } })) return page(7);
    if (body === JSON.stringify({ active: false })) return page(3);
  }
  if (method === 'GET' && req.path === '/customers') return page(150);
  if (method === 'POST' && req.path === '/customers/find_by_criteria' && body === JSON.stringify({ isStudent: false })) return page(30);
  if (method === 'GET' && req.path === '/admins') {
    const admins = [
      { id: 1, status: 'ACTIVE' },
      { id: 2, status: 'IDLE' },
      { id: 3, status: 'ACTIVE' },
      { id: 4, status: 'INACTIVE' },
    ];
    return { content: admins, pagination: { total: 4 } };
  }
  if (method === 'GET' && req.path === '/users/10/view_histories') return page(viewHistories.length, viewHistories);
  if (method === 'POST' && req.path.startsWith('/analytics/admin/')) return analyticsAnswer(req.path.split('/').pop()!, req.body as Record<string, unknown>);
  if (method === 'GET' && req.path === '/programs') return page(1, [{ id: 5, name: 'Health Coach Training' }]);
  if (method === 'GET' && req.path === '/products')
    return page(2, [
      { id: 7, name: 'HCTP Spring' },
      { id: 8, name: 'HCTP Fall' },
    ]);
  if (method === 'GET' && req.path === '/business_categories') return page(1, [{ id: 1, name: 'HCTP' }]);
  throw new Error(`unexpected call ${method} ${req.path} ${body}`);
}

/** The analytics the dashboard asks for: applications by day and status, countries, gender, money; the others empty, one failing. */
function analyticsAnswer(kind: string, body: Record<string, unknown>): unknown {
  if (kind === 'applications')
    return {
      labels: ['2026-03-01', '2026-03-02'],
      series: [
        { name: 'CREATED', data: [1, 2] },
        { name: 'ENROLLED', data: [0, body.productId ? 4 : 3] },
      ],
      total: body.productId ? 7 : 6,
    };
  if (kind === 'top_country_enrollments') return { labels: ['US', 'MX', ''], series: [{ name: 'enrollments', data: [5, 2, 1] }], total: 9 };
  if (kind === 'students_gender') return { labels: ['FEMALE', 'MALE'], series: [{ name: 'students', data: [1234, 5] }], total: 1239 };
  if (kind === 'payments_schedules')
    return {
      labels: ['2026-02', '2026-03'],
      series: [
        { name: 'due', data: [1500.5, 20] },
        { name: 'paid', data: [1200, 0] },
      ],
      total: 1520.5,
    };
  if (kind === 'transactions_past_due') throw new Error('boom');
  return { labels: [], series: [], total: 0 };
}

const DEFAULT_HISTORIES = [
  { id: 9, userId: 10, entityType: 'STUDENT', entityId: 42, label: 'Jane Roe', viewedAt: '2026-03-01T10:00:00Z' },
  { id: 8, userId: 10, entityType: 'ADMINISTRATOR', entityId: 2, label: null, viewedAt: '2026-02-28T10:00:00Z' },
];
let viewHistories: Array<Record<string, unknown>> = DEFAULT_HISTORIES;
beforeEach(() => {
  viewHistories = DEFAULT_HISTORIES;
});

function renderDashboard(permissions: string[], locale: 'en' | 'es' = 'en') {
  const request = jest.fn(async (req: HttpRequest) => api(req));
  const store = memorySessionStore({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: [],
    permissions,
  });
  const http = { request, refresh: jest.fn(), store } as unknown as HttpClient;
  render(
    <MemoryRouter initialEntries={['/']}>
      <Admin
        dataProvider={createDataProvider(http)}
        authProvider={createAuthProvider(http)}
        i18nProvider={createI18nProvider(locale)}
        store={memoryStore()}
        dashboard={Dashboard}
        disableTelemetry
      >
        <Resource name="students" list={() => null} />
        <Resource name="customers" list={() => null} />
        <Resource name="admins" list={() => null} />
      </Admin>
    </MemoryRouter>,
  );
  return request;
}

/** [value, link] of a card, once its count has arrived. */
async function card(title: string) {
  const el = await screen.findByTestId(`count-dashboard.cards.${title}`);
  await waitFor(() => expect(within(el).getByTestId('count-value').querySelector('.MuiSkeleton-root')).toBeNull());
  return [within(el).getByTestId('count-value').textContent, el.querySelector('a')!.getAttribute('href')];
}

describe('dashboard', () => {
  test('shows live counts, each linking to the filtered list', async () => {
    renderDashboard(['*']);
    const from = daysAgo(30);
    expect(await card('students')).toEqual(['120', '/students']);
    expect(await card('new_students')).toEqual(['7', `/students?filter=${encodeURIComponent(JSON.stringify({ createdAt: { from } }))}`]);
    expect(await card('inactive_students')).toEqual(['3', '/students?filter=%7B%22active%22%3Afalse%7D']);
    expect(await card('customers')).toEqual(['150', '/customers']);
    expect(await card('prospects')).toEqual(['30', '/customers?filter=%7B%22isStudent%22%3Afalse%7D']);
    expect(await card('admins_online')).toEqual(['2', '/admins']);
    expect(screen.getByText('4 administrators in all').tagName).toBe('SPAN');
  });

  test('asks for one-row pages: the total is all it needs', async () => {
    const request = renderDashboard(['students:read']);
    await card('inactive_students');
    const criteria = request.mock.calls.map(([r]) => r as HttpRequest).find((r) => r.path === '/students/find_by_criteria' && JSON.stringify(r.body) === '{"active":false}');
    expect(criteria).toEqual({
      method: 'POST',
      path: '/students/find_by_criteria',
      query: { size: 1, page: 0, sortBy: 'id', descending: false, keyword: undefined },
      body: { active: false },
    });
  });

  test('leaves out the cards of lists the user may not read', async () => {
    const request = renderDashboard(['students:read']);
    await card('students');
    await card('new_students');
    expect(screen.queryByTestId('count-dashboard.cards.customers')).toBeNull();
    expect(screen.queryByTestId('count-dashboard.cards.prospects')).toBeNull();
    expect(screen.queryByTestId('count-dashboard.cards.admins_online')).toBeNull();
    expect(request.mock.calls.filter(([r]) => ['/customers', '/admins'].includes((r as HttpRequest).path))).toEqual([]);
  });

  test('lists the recently viewed records with links to them', async () => {
    renderDashboard(['students:read']);
    const recent = await screen.findByTestId('recently-viewed');
    const links = await within(recent).findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Jane RoeStudent', '/students/42'],
      ['#2Administrator', '/admins/2'],
    ]);
  });
});

/** The rows of a chart's table, as text. */
const rows = (kind: string) =>
  within(screen.getByTestId(`analytics-${kind}-table`))
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));

describe('analytics', () => {
  test('every chart asks its kind for the last 30 days; labels, series and money in words; empty and error states', async () => {
    const request = renderDashboard(['analytics:read']);
    await screen.findByTestId('analytics-applications-table');
    expect(rows('applications')).toEqual([
      ['Date', 'Created', 'Enrolled'],
      ['Mar 1', '1', '0'],
      ['Mar 2', '2', '3'],
    ]);
    expect(screen.getByTestId('analytics-applications-total').textContent).toBe('Total: 6');
    await screen.findByTestId('analytics-top_country_enrollments-table');
    expect(rows('top_country_enrollments').slice(1)).toEqual([
      ['United States', '5'],
      ['Mexico', '2'],
      ['Not given', '1'],
    ]);
    await screen.findByTestId('analytics-payments_schedules-table');
    expect(rows('payments_schedules')).toEqual([
      ['Date', 'Due', 'Paid'],
      ['Feb 2026', '$1,500.50', '$1,200.00'],
      ['Mar 2026', '$20.00', '$0.00'],
    ]);
    expect((await screen.findByTestId('analytics-applications_program-empty')).textContent).toBe('No data for these filters.');
    // A chart that fails says so (after one retry) and the others stay.
    expect(await screen.findByTestId('analytics-transactions_past_due-error', undefined, { timeout: 8000 })).not.toBeNull();
    const asked = request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => r.path.startsWith('/analytics/admin/'));
    expect(new Set(asked.map((r) => r.path)).size).toBe(13);
    const body = asked[0].body as { startDate: string; endDate: string };
    expect(Object.keys(body)).toEqual(['startDate', 'endDate']);
    expect((Date.parse(body.endDate) - Date.parse(body.startDate)) / 86_400_000).toBe(29);
  });

  test('a filter sends its criteria to every chart', async () => {
    const request = renderDashboard(['analytics:read', 'products:read', 'programs:read', 'business_categories:read']);
    await screen.findByTestId('analytics-applications-table');
    fireEvent.mouseDown(within(screen.getByTestId('analytics-filters')).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP Fall' }));
    await waitFor(() => expect(screen.getByTestId('analytics-applications-total').textContent).toBe('Total: 7'));
    const filtered = request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => r.path.startsWith('/analytics/admin/') && (r.body as { productId?: number }).productId === 8);
    expect(new Set(filtered.map((r) => r.path)).size).toBe(13);
    fireEvent.change(screen.getByTestId('analytics-startDate'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(
        request.mock.calls
          .map(([r]) => r as HttpRequest)
          .some((r) => r.path === '/analytics/admin/students_gender' && (r.body as { startDate: string }).startDate === '2026-01-01'),
      ).toBe(true),
    );
  });

  test('in Spanish: labels, series and numbers in the locale', async () => {
    renderDashboard(['analytics:read'], 'es');
    await screen.findByTestId('analytics-students_gender-table');
    expect(rows('students_gender')).toEqual([
      ['Categoría', 'Estudiantes'],
      ['Femenino', '1,234'],
      ['Masculino', '5'],
    ]);
    await screen.findByTestId('analytics-payments_schedules-table');
    // The console writes Spanish numbers as US Spanish does (es-US: 1,500.50).
    expect(rows('payments_schedules')[1]).toEqual(['feb 2026', '$1,500.50', '$1,200.00']);
    expect(screen.getByRole('heading', { name: 'Analítica' })).not.toBeNull();
  });

  test('staff without analytics:read see no charts and nothing is asked', async () => {
    const request = renderDashboard(['students:read']);
    await card('students');
    expect(screen.queryByTestId('analytics')).toBeNull();
    expect(request.mock.calls.filter(([r]) => (r as HttpRequest).path.startsWith('/analytics/'))).toEqual([]);
  });
});

describe('recently viewed in Spanish', () => {
  test('every kind of record the console records reads by its name in Spanish, never the raw kind', async () => {
    viewHistories = ['PROGRAM', 'APPLICATION', 'PAYMENT_PLAN', 'REFUND', 'EXTERNAL_PAYMENT', 'CUSTOMER', 'LEARNING_SESSION'].map((entityType, i) => ({
      id: 20 + i,
      userId: 10,
      entityType,
      entityId: i + 1,
      label: `R${i + 1}`,
      viewedAt: '2026-03-01T10:00:00Z',
    }));
    renderDashboard(['students:read'], 'es');
    const recent = await screen.findByTestId('recently-viewed');
    const links = await within(recent).findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['R1Programa', 'R2Inscripción', 'R3Información de pago', 'R4Reembolso', 'R5Pago externo', 'R6Cliente', 'R7Registro']);
  });
});

describe('dashboard helpers', () => {
  test('listLink writes the filter as react-admin reads it from the URL', () => {
    expect(listLink('students')).toBe('/students');
    expect(listLink('students', { active: false })).toBe('/students?filter=%7B%22active%22%3Afalse%7D');
  });

  test('daysAgo counts calendar days back from the local day', () => {
    expect(daysAgo(30, new Date(2026, 2, 15, 23, 59))).toBe('2026-02-13');
    expect(daysAgo(0, new Date(2026, 0, 1, 0, 1))).toBe('2026-01-01');
  });

  test("a chart's value axis: whole steps, and a whole amount without its cents (a $1,000.00 tick was cut off)", () => {
    const dollars = valueAxis(formatterOf('payments_schedules', 'en'));
    expect(dollars.tickMinStep).toBe(1);
    expect(dollars.valueFormatter(1000)).toBe('$1,000');
    expect(dollars.valueFormatter(1250.5)).toBe('$1,250.50');
    expect(valueAxis(formatterOf('payments_schedules', 'es')).valueFormatter(1000)).not.toMatch(/[.,]00\D*$/);
    expect(valueAxis(formatterOf('applications', 'en')).valueFormatter(1000)).toBe('1,000');
  });

  test('historyPath maps entity types to console routes', () => {
    expect(historyPath({ entityType: 'STUDENT', entityId: 5 })).toBe('/students/5');
    expect(historyPath({ entityType: 'LEARNING_SESSION', entityId: 7 })).toBe('/learning-sessions/7');
    expect(historyPath({ entityType: 'PAYMENT_PLAN', entityId: 31 })).toBe('/payment-information/31');
    expect(historyPath({ entityType: 'EXTERNAL_PAYMENT', entityId: 7 })).toBe('/external-payments/7');
    expect(historyPath({ entityType: 'REFUND', entityId: 8 })).toBe('/refunds/8');
  });
});
