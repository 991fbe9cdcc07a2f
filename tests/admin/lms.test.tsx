import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { HttpRequest } from '../../admin/src/providers/http';
import lms from '../../admin/src/resources/lms';
import { D2lAuthPage } from '../../admin/src/resources/lms/D2lAuthPage';
import { lms as texts } from '../../admin/src/resources/lms/i18n';
import { toLmsPayload } from '../../admin/src/resources/lms/lmsRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
const slow = { timeout: 10_000 };

const d2l = {
  id: 3,
  vendor: 'D2L',
  name: 'Brightspace',
  status: 'AUTHORIZATION_REQUIRED',
  statusMessage: null,
  checkedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  properties: {
    host: 'https://school.brightspace.com',
    authHost: null,
    clientId: 'abc',
    clientSecret: '••••••••1234',
    redirectUri: 'https://console.school.test/admin/d2l-auth',
    scope: null,
    studentRoleId: '110',
  },
  authorizeUrl: 'https://auth.brightspace.com/oauth2/auth?client_id=abc&state=3.sig',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: 10, name: 'Root Admin' },
};
const canvas = {
  ...d2l,
  id: 4,
  vendor: 'CANVAS',
  name: 'Canvas',
  status: 'CONNECTED',
  statusMessage: 'Admin (1)',
  authorizeUrl: null,
  properties: { host: 'https://canvas.school.test', token: '••••••••7788', accountId: '1' },
};
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const run = {
  id: 11,
  lmsConnectionId: 4,
  kind: 'PROGRAM_FROM_LMS',
  programId: 2,
  cohortId: null,
  dryRun: false,
  status: 'SUCCEEDED',
  created: 2,
  updated: 1,
  unchanged: 5,
  failed: 0,
  changes: [],
  error: null,
  requestedBy: 'Root Admin',
  startedAt: '2026-11-21T10:00:00.000Z',
  finishedAt: '2026-11-21T10:00:02.000Z',
};
const failed = {
  id: 21,
  lmsConnectionId: 4,
  studentId: 7,
  studentName: 'Ana Gómez',
  cohortId: 9,
  cohortLabel: 'HCTP Spring 2031',
  action: 'ENROLL',
  status: 'FAILED',
  externalUserId: null,
  externalTarget: 'course 11 / section 21',
  attempts: 2,
  lastError: '503 Service Unavailable',
  lastAttemptAt: '2026-11-21T11:00:00.000Z',
  doneAt: null,
  updatedAt: '2026-11-21T11:00:00.000Z',
};

function renderConsole(path: string, { permissions = ['*'], locale = 'en', d2lAuth }: { permissions?: string[]; locale?: 'en' | 'es'; d2lAuth?: () => unknown } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/lms_connection' && method === 'GET') return page([d2l, canvas]);
    if (req.path === '/lms_connection' && method === 'POST') return { ...canvas, id: 5, ...(req.body as object), status: 'CONNECTED' };
    if (req.path === '/lms_connection/3' && method === 'GET') return d2l;
    if (req.path === '/lms_connection/4' && method === 'GET') return canvas;
    if (req.path === '/lms_connection/5' && method === 'GET') return { ...canvas, id: 5 };
    if (req.path === '/lms_connection/4' && method === 'PUT') return { ...canvas, ...(req.body as object) };
    if (req.path === '/lms_connection/4/test') return { ...canvas, status: 'ERROR', statusMessage: 'The learning system refused the credentials: 401 Invalid access token.' };
    if (/^\/lms_connection\/\d+\/sync_runs$/.test(req.path)) return page(req.path.includes('/4/') ? [run] : []);
    if (/^\/lms_connection\/\d+\/enrollments$/.test(req.path)) return page(req.path.includes('/4/') ? [failed] : []);
    if (req.path === '/lms_connection/4/enrollments/21/retry') return { ...failed, status: 'DONE', attempts: 3, lastError: null };
    if (req.path === '/lms_connection/d2l_auth') return d2lAuth ? d2lAuth() : { ...d2l, status: 'CONNECTED', statusMessage: 'api.service (API Service)' };
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [
      <Resource key="lms" name="lms" {...lms} />,
      <CustomRoutes key="routes">
        <Route path="/d2l-auth" element={<D2lAuthPage />} />
      </CustomRoutes>,
    ],
  });
  return request;
}

const drawer = async () => {
  await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(1), slow);
  return screen.getAllByTestId('record-drawer')[0];
};

describe('/lms list', () => {
  test('lists the connections by name with vendor and status chips; the filters are the vendor and the status', async () => {
    const request = renderConsole('/lms');
    expect((await screen.findByTestId('lms-vendor-3', {}, slow)).textContent).toBe('D2L');
    expect(screen.getByTestId('lms-status-3').textContent).toBe('Authorization required');
    expect(screen.getByTestId('lms-status-4').textContent).toBe('Connected');
    expect(calls(request, 'GET', '/lms_connection')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'name', descending: false });
    expect(screen.getByTestId('filter-vendor')).not.toBeNull();
  });

  test('reads in Spanish', async () => {
    renderConsole('/lms', { locale: 'es' });
    expect((await screen.findByTestId('lms-status-4', {}, slow)).textContent).toBe('Conectada');
    expect(screen.getByText(texts.es.messages.intro)).not.toBeNull();
  });
});

describe('/lms drawer', () => {
  test("a D2L connection waiting for authorization links to D2L's authorize page and says why", async () => {
    renderConsole('/lms/3');
    const panel = await drawer();
    expect((await within(panel).findByTestId('lms-authorize', {}, slow)).getAttribute('href')).toBe(d2l.authorizeUrl);
    expect(within(panel).getByTestId('lms-authorize-hint').textContent).toBe(texts.en.hints.authorize);
    // The secret stays masked in its input.
    expect((within(panel).getByLabelText('Client secret') as HTMLInputElement).value).toBe('••••••••1234');
  });

  test("Test connection posts and shows the connection's new status; the sync runs show their counts; a failed enrollment is retried", async () => {
    const request = renderConsole('/lms/4');
    const panel = await drawer();
    expect((await within(panel).findByTestId('lms-run-11', {}, slow)).textContent).toContain('Created: 2Updated: 1Unchanged: 5Failed: 0');
    expect(within(panel).getByTestId('lms-run-11').textContent).toContain('Program from the LMS');
    const failedTable = await within(panel).findByTestId('lms-failed-enrollments', {}, slow);
    expect(failedTable.textContent).toContain('Ana Gómez');
    expect(failedTable.textContent).toContain('503 Service Unavailable');
    expect(failedTable.textContent).toContain('2 attempts');
    fireEvent.click(within(panel).getByTestId('lms-retry-21'));
    await screen.findByText(texts.en.notifications.retried, {}, slow);
    expect(calls(request, 'POST', '/lms_connection/4/enrollments/21/retry')).toHaveLength(1);
    fireEvent.click(within(panel).getByTestId('lms-test'));
    await screen.findByText(texts.en.notifications.test_failed, {}, slow);
    expect(calls(request, 'POST', '/lms_connection/4/test')).toHaveLength(1);
  });

  test("saving sends the vendor's properties only, masked secrets as they came (the API keeps the stored ones)", async () => {
    const request = renderConsole('/lms/4');
    const panel = await drawer();
    const name = await within(panel).findByLabelText('Name *', {}, slow);
    fireEvent.change(name, { target: { value: 'Canvas (production)' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText(texts.en.notifications.saved_connected, {}, slow);
    expect(calls(request, 'PUT', '/lms_connection/4')[0].body).toEqual({
      vendor: 'CANVAS',
      name: 'Canvas (production)',
      properties: { host: 'https://canvas.school.test', token: '••••••••7788', accountId: '1' },
    });
  });

  test("the add drawer takes the chosen vendor's properties and opens the new connection", async () => {
    const request = renderConsole('/lms/create');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Name *', {}, slow), { target: { value: 'Our LMS' } });
    fireEvent.mouseDown(within(panel).getByLabelText('Vendor *'));
    fireEvent.click(await screen.findByRole('option', { name: 'Internal' }));
    fireEvent.change(await within(panel).findByLabelText('Base URL *'), { target: { value: 'https://learn.school.test' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText(texts.en.notifications.created, {}, slow);
    expect(calls(request, 'POST', '/lms_connection')[0].body).toEqual({ vendor: 'INTERNAL', name: 'Our LMS', properties: { baseUrl: 'https://learn.school.test' } });
  });

  test('SUPPORT (read only) sees the properties, no form, no test or retry', async () => {
    renderConsole('/lms/4', { permissions: ['lms:read'] });
    const panel = await drawer();
    expect((await within(panel).findByTestId('lms-view', {}, slow)).textContent).toContain('••••••••7788');
    expect(within(panel).queryByTestId('lms-test')).toBeNull();
    await within(panel).findByTestId('lms-failed-enrollments', {}, slow);
    expect(within(panel).queryByTestId('lms-retry-21')).toBeNull();
  });
});

describe('/d2l-auth', () => {
  test("posts D2L's code and state once and shows the connection connected, with a way back to it", async () => {
    const request = renderConsole('/d2l-auth?code=abc&state=3.sig');
    expect((await screen.findByTestId('d2l-auth-result', {}, slow)).textContent).toContain(texts.en.d2l_auth.connected);
    expect(calls(request, 'POST', '/lms_connection/d2l_auth').map((r) => r.body)).toEqual([{ code: 'abc', state: '3.sig' }]);
    expect(screen.getByTestId('d2l-auth-back').getAttribute('href')).toBe('/lms/3');
  });

  test('when D2L refused, it says so without calling the API', async () => {
    const request = renderConsole('/d2l-auth?error=access_denied&error_description=The%20user%20denied%20access', { locale: 'es' });
    expect(await screen.findByText('D2L no autorizó la plataforma: The user denied access', {}, slow)).not.toBeNull();
    expect(calls(request, 'POST', '/lms_connection/d2l_auth')).toHaveLength(0);
  });
});

describe('toLmsPayload', () => {
  test("keeps the vendor's properties only, trimmed, blanks as null", () => {
    expect(toLmsPayload({ vendor: 'CANVAS', name: ' C ', properties: { host: ' https://c.test ', token: '', baseUrl: 'x', clientId: 'y' } })).toEqual({
      vendor: 'CANVAS',
      name: 'C',
      properties: { host: 'https://c.test', token: null, accountId: null },
    });
  });
});
