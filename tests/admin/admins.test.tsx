import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { sessionStatusColor } from '../../admin/src/common/SessionStatusChip';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import admins from '../../admin/src/resources/admins';
import { toCreatePayload, toUpdatePayload } from '../../admin/src/resources/admins/adminPayload';
import roles from '../../admin/src/resources/roles';
import { keepStylesInDom } from '../support/styles';

// The session-status chips' colours are asserted from the computed style.
keepStylesInDom();

// react-hotkeys-hook ships ESM only, which the admin jest project does not transform; menu shortcuts are not under test.
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const base = { lastLoginAt: null, lastActivityAt: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const rootAdmin = { ...base, id: 1, userId: 10, email: 'root@example.com', firstName: 'Root', lastName: 'Admin', roles: ['SUPER_ADMIN'], status: 'ACTIVE' as const, active: true };
const ana = { ...base, id: 2, userId: 20, email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', roles: ['FINANCE', 'SUPPORT'], status: 'IDLE' as const, active: true };
const bo = { ...base, id: 3, userId: 30, email: 'bo@example.com', firstName: 'Bo', lastName: 'Li', roles: ['ADMISSIONS'], status: 'INACTIVE' as const, active: false };
const roleRows = ['ADMISSIONS', 'FINANCE', 'SUPER_ADMIN', 'SUPPORT'].map((name, i) => ({ id: i + 1, name, description: null, permissions: [], system: true }));

/** The console with the real providers over a fake http client; `handler` answers the calls the test cares about. */
function renderConsole(path: string, { permissions = ['*'], handler = () => undefined }: { permissions?: string[]; handler?: (req: HttpRequest) => unknown } = {}) {
  let statuses: Record<number, string> = {};
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = await handler(req);
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/admins' && method === 'GET') {
      const rows = [rootAdmin, ana, bo].map((a) => ({ ...a, status: statuses[a.id] ?? a.status }));
      return { content: rows, pagination: { total: rows.length, page: 0, size: 10 } };
    }
    if (req.path === '/roles') return { content: roleRows, pagination: { total: roleRows.length } };
    const one = /^\/admins\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return [rootAdmin, ana, bo].find((a) => a.id === Number(one[1]));
    if (req.path === '/users/10/view_histories' && method === 'POST') return { id: 1, ...(req.body as object) };
    const logout = /^\/admins\/(\d+)\/logout$/.exec(req.path);
    if (logout && method === 'POST') {
      statuses = { ...statuses, [Number(logout[1])]: 'INACTIVE' };
      return null;
    }
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  const session = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: [],
    permissions,
  };
  const http = { request, refresh: jest.fn(), store: memorySessionStore(session) } as unknown as HttpClient;
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={createDataProvider(http)} authProvider={createAuthProvider(http)} i18nProvider={createI18nProvider('en')} store={memoryStore()} disableTelemetry>
        <Resource name="admins" {...admins} />
        <Resource name="roles" {...roles} />
      </Admin>
    </MemoryRouter>,
  );
  return request;
}

const calls = (request: jest.Mock, method: string, path: string) =>
  request.mock.calls.map(([r]) => r as HttpRequest).filter((r) => (r.method ?? 'GET') === method && r.path === path);
const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

describe('administrators list', () => {
  test('asks for id ascending, 10 a page', async () => {
    const request = renderConsole('/admins');
    await rowOf('ana@example.com');
    expect(calls(request, 'GET', '/admins')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
  });

  test('shows each session status as a chip in the spec colour (ACTIVE green, IDLE orange, INACTIVE grey)', async () => {
    renderConsole('/admins');
    const chips = [await rowOf('root@example.com'), await rowOf('ana@example.com'), await rowOf('bo@example.com')].map((row) => within(row).getByTestId('session-status'));
    expect(chips.map((c) => [c.textContent, c.getAttribute('data-status'), getComputedStyle(c).backgroundColor])).toEqual([
      ['Active', 'ACTIVE', 'rgb(46, 125, 50)'],
      ['Idle', 'IDLE', 'rgb(237, 108, 2)'],
      ['Inactive', 'INACTIVE', 'rgb(158, 158, 158)'],
    ]);
    expect(sessionStatusColor).toEqual({ ACTIVE: '#2e7d32', IDLE: '#ed6c02', INACTIVE: '#9e9e9e' });
  });

  test('shows roles as chips, a built-in role by its label', async () => {
    renderConsole('/admins');
    const row = await rowOf('ana@example.com');
    expect(within(row).getByTestId('admin-roles').textContent).toBe('FinanceSupport');
  });

  test('logging another administrator out confirms, calls POST /admins/{id}/logout, tells the user and reloads the status', async () => {
    const request = renderConsole('/admins');
    const row = await rowOf('ana@example.com');
    fireEvent.click(await within(row).findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Log out Ana Diaz?').tagName).toBe('H2');
    expect(calls(request, 'POST', '/admins/2/logout')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await screen.findByText('Ana Diaz was logged out');
    expect(calls(request, 'POST', '/admins/2/logout')).toEqual([{ method: 'POST', path: '/admins/2/logout' }]);
    await waitFor(() => expect(within(row).getByTestId('session-status').getAttribute('data-status')).toBe('INACTIVE'));
    // The row did not open the drawer underneath.
    expect(screen.queryByTestId('record-drawer')).toBeNull();
  });

  test('offers no log-out on one’s own row', async () => {
    renderConsole('/admins');
    expect((await within(await rowOf('bo@example.com')).findAllByRole('button', { name: 'Log out' })).length).toBe(1);
    expect(within(await rowOf('root@example.com')).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  test('with admins:create but not admins:logout: the add button, no log-out', async () => {
    renderConsole('/admins', { permissions: ['admins:read', 'admins:create', 'roles:read'] });
    expect((await screen.findByRole('link', { name: 'Add administrator' })).getAttribute('href')).toBe('/admins/create');
    expect(within(await rowOf('ana@example.com')).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  test('with admins:logout but not admins:create: log-out, no add button', async () => {
    renderConsole('/admins', { permissions: ['admins:read', 'admins:logout', 'roles:read'] });
    expect((await within(await rowOf('ana@example.com')).findAllByRole('button', { name: 'Log out' })).length).toBe(1);
    expect(screen.queryByRole('link', { name: 'Add administrator' })).toBeNull();
  });
});

describe('administrator drawer', () => {
  test('saving an edit sends exactly the fields the API takes', async () => {
    const request = renderConsole('/admins/2', { handler: (req) => (req.method === 'PUT' ? { ...ana, ...(req.body as object) } : undefined) });
    const drawer = await screen.findByTestId('record-drawer');
    const firstName = await within(drawer).findByLabelText('First name *');
    fireEvent.change(firstName, { target: { value: 'Anabel' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Administrator saved');
    expect(calls(request, 'PUT', '/admins/2')).toEqual([
      { method: 'PUT', path: '/admins/2', body: { email: 'ana@example.com', firstName: 'Anabel', lastName: 'Diaz', roles: ['FINANCE', 'SUPPORT'] } },
    ]);
  });

  test('a field error of a 400 appears under its field', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsole('/admins/2', {
      handler: (req) => {
        if (req.method === 'PUT') throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid', errors: { email: 'Username taken' } });
        return undefined;
      },
    });
    const drawer = await screen.findByTestId('record-drawer');
    fireEvent.change(await within(drawer).findByLabelText('First name *'), { target: { value: 'Anabel' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    const email = within(drawer).getByLabelText('Email *');
    await waitFor(() => expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('Username taken'));
    spy.mockRestore();
  });

  test('adding without a password sends no password and says an invitation was emailed', async () => {
    const created = { ...base, id: 4, userId: 40, email: 'cy@example.com', firstName: 'Cy', lastName: 'Moss', roles: ['SUPPORT'], status: 'INACTIVE', active: true };
    const request = renderConsole('/admins/create', { handler: (req) => (req.method === 'POST' && req.path === '/admins' ? created : undefined) });
    const drawer = await screen.findByTestId('record-drawer');
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('New administrator');
    fireEvent.change(await within(drawer).findByLabelText('First name *'), { target: { value: 'Cy' } });
    fireEvent.change(within(drawer).getByLabelText('Last name *'), { target: { value: 'Moss' } });
    fireEvent.change(within(drawer).getByLabelText('Email *'), { target: { value: 'cy@example.com' } });
    fireEvent.mouseDown(within(drawer).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Support' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Administrator created; an invitation was emailed to cy@example.com');
    expect(calls(request, 'POST', '/admins')).toEqual([
      { method: 'POST', path: '/admins', body: { email: 'cy@example.com', firstName: 'Cy', lastName: 'Moss', roles: ['SUPPORT'] } },
    ]);
  });

  test("a refused delete shows the server's text", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsole('/admins/2', {
      handler: (req) => {
        if (req.method === 'DELETE') throw new HttpError(409, { status: 409, code: 'LAST_SUPER_ADMIN', message: 'The last super administrator cannot be removed' });
        return undefined;
      },
    });
    const drawer = await screen.findByTestId('record-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Diaz?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The last super administrator cannot be removed');
    spy.mockRestore();
  });
});

describe('administrator payloads', () => {
  const form = { ...ana, firstName: ' Ana ', password: '' };
  test('update keeps only email, names and roles', () => {
    expect(toUpdatePayload(form)).toEqual({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', roles: ['FINANCE', 'SUPPORT'] });
  });
  test('create sends the password only when one was typed (none means an invitation)', () => {
    expect(toCreatePayload(form)).toEqual({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', roles: ['FINANCE', 'SUPPORT'] });
    expect(toCreatePayload({ ...form, password: 'Secret123' })).toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      roles: ['FINANCE', 'SUPPORT'],
      password: 'Secret123',
    });
  });
});
