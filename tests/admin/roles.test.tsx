import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import roles from '../../admin/src/resources/roles';
import { PermissionMatrix } from '../../admin/src/resources/roles/PermissionMatrixInput';
import {
  compress,
  countPermissions,
  expand,
  normalizeCatalogue,
  toggleAction,
  toggleEverything,
  toggleResource,
  type Catalogue,
} from '../../admin/src/resources/roles/permissionMatrix';
import { PermissionCatalogue } from '../../models/permissions';
import { roles as rolesText } from '../../admin/src/resources/roles/i18n';

/** A permission checkbox's accessible name in English: 'Administrators · Log out', 'Students · All actions', 'Everything'. */
function boxName(permission: string): string {
  const m = rolesText.en.matrix as unknown as { resources: Record<string, string>; actions: Record<string, string>; all_actions: string; everything_short: string };
  if (permission === '*') return m.everything_short;
  const [resource, action] = permission.split(':');
  return `${m.resources[resource]} · ${action === '*' ? m.all_actions : m.actions[action]}`;
}

// react-hotkeys-hook ships ESM only, which the admin jest project does not transform; menu shortcuts are not under test.
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const catalogue: Catalogue = [
  { resource: 'students', actions: ['read', 'create', 'update', 'merge', 'export'] },
  { resource: 'admins', actions: ['read', 'create', 'update', 'delete', 'logout', 'export'] },
  { resource: 'roles', actions: ['read', 'create', 'update', 'delete'] },
];

describe('permission matrix model', () => {
  test('normalizeCatalogue reads the API answer [{resource, actions}] and a {resource: actions} object alike', () => {
    expect(normalizeCatalogue([{ resource: 'roles', actions: ['read', 'create'] }])).toEqual([{ resource: 'roles', actions: ['read', 'create'] }]);
    expect(normalizeCatalogue({ roles: ['read'], admins: ['read', 'logout'] })).toEqual([
      { resource: 'roles', actions: ['read'] },
      { resource: 'admins', actions: ['read', 'logout'] },
    ]);
    expect(normalizeCatalogue(null)).toEqual([]);
  });

  test('ticking single actions gives resource:action entries in catalogue order', () => {
    let p = toggleAction([], catalogue, 'admins', 'logout', true);
    p = toggleAction(p, catalogue, 'students', 'read', true);
    p = toggleAction(p, catalogue, 'admins', 'read', true);
    expect(p).toEqual(['students:read', 'admins:read', 'admins:logout']);
  });

  test('ticking the last missing action of a resource becomes resource:*', () => {
    const p = toggleAction(['roles:read', 'roles:create', 'roles:update'], catalogue, 'roles', 'delete', true);
    expect(p).toEqual(['roles:*']);
  });

  test('unticking one action of a resource:* lists the remaining actions', () => {
    expect(toggleAction(['students:*'], catalogue, 'students', 'merge', false)).toEqual(['students:read', 'students:create', 'students:update', 'students:export']);
  });

  test('"all actions" of a resource sets and clears resource:*', () => {
    const on = toggleResource(['students:read', 'admins:read'], catalogue, 'students', true);
    expect(on).toEqual(['students:*', 'admins:read']);
    expect(toggleResource(on, catalogue, 'students', false)).toEqual(['admins:read']);
  });

  test('"everything" is * and clearing it empties the role', () => {
    expect(toggleEverything(['students:read'], catalogue, true)).toEqual(['*']);
    expect(toggleEverything(['*'], catalogue, false)).toEqual([]);
  });

  test('unticking one action under * keeps everything else, written with resource wildcards', () => {
    expect(toggleAction(['*'], catalogue, 'admins', 'delete', false)).toEqual([
      'students:*',
      'admins:read',
      'admins:create',
      'admins:update',
      'admins:logout',
      'admins:export',
      'roles:*',
    ]);
  });

  test('every permission ticked one resource at a time becomes *', () => {
    let p: string[] = [];
    for (const { resource } of catalogue) p = toggleResource(p, catalogue, resource, true);
    expect(p).toEqual(['*']);
  });

  test('entries the catalogue does not know are kept', () => {
    expect(toggleAction(['reports:*'], catalogue, 'roles', 'read', true)).toEqual(['roles:read', 'reports:*']);
  });

  test('expand, compress and count agree with the real catalogue', () => {
    const real = normalizeCatalogue(Object.entries(PermissionCatalogue).map(([resource, actions]) => ({ resource, actions: [...actions] })));
    const total = real.reduce((n, e) => n + e.actions.length, 0);
    expect(countPermissions(['*'], real)).toEqual({ granted: total, total });
    expect(countPermissions(['students:*', 'roles:read'], real)).toEqual({ granted: 6, total });
    expect(compress(expand(['students:*', 'roles:read'], real), real)).toEqual(['students:*', 'roles:read']);
  });
});

describe('<PermissionMatrix>', () => {
  function Harness({ initial, onChange }: { initial: string[]; onChange: (p: string[]) => void }) {
    const [value, setValue] = useState<string[]>(initial);
    return (
      <PermissionMatrix
        catalogue={catalogue}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }

  function renderMatrix(initial: string[]) {
    const onChange = jest.fn();
    render(
      <MemoryRouter>
        <Admin i18nProvider={createI18nProvider('en')} store={memoryStore()} disableTelemetry>
          <Resource name="noop" list={() => <Harness initial={initial} onChange={onChange} />} />
        </Admin>
      </MemoryRouter>,
    );
    return onChange;
  }

  const box = (permission: string) => screen.getByRole('checkbox', { name: boxName(permission) });

  test('checkbox clicks become the permissions array', async () => {
    const onChange = renderMatrix([]);
    await screen.findByTestId('permission-matrix');
    expect(screen.getAllByRole('row').map((r) => within(r).queryByRole('rowheader')?.textContent ?? null)).toEqual([null, 'Students', 'Administrators', 'Roles']);

    fireEvent.click(box('admins:logout'));
    expect(onChange).toHaveBeenLastCalledWith(['admins:logout']);
    fireEvent.click(box('students:*'));
    expect(onChange).toHaveBeenLastCalledWith(['students:*', 'admins:logout']);
    fireEvent.click(box('students:merge'));
    expect(onChange).toHaveBeenLastCalledWith(['students:read', 'students:create', 'students:update', 'students:export', 'admins:logout']);
    fireEvent.click(box('*'));
    expect(onChange).toHaveBeenLastCalledWith(['*']);
    expect((box('roles:delete') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('permission-count').textContent).toBe('Everything');
    fireEvent.click(box('*'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByTestId('permission-count').textContent).toBe('0 of 15 permissions');
  });

  test('a resource with some actions shows its "all actions" box as indeterminate', async () => {
    renderMatrix(['roles:read']);
    await screen.findByTestId('permission-matrix');
    expect(screen.getByTestId('permission-roles:*').querySelector('input')!.getAttribute('data-indeterminate')).toBe('true');
    expect(screen.getByTestId('permission-admins:*').querySelector('input')!.getAttribute('data-indeterminate')).toBe('false');
    expect(screen.getByTestId('permission-count').textContent).toBe('1 of 15 permissions');
  });
});

describe('role edit page', () => {
  const session = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: ['SUPER_ADMIN'],
    permissions: ['*'],
  };
  const finance = { id: 3, name: 'FINANCE', description: 'Tuition billing', permissions: ['students:read'], system: false };

  function renderRoles(path: string, handler: (req: HttpRequest) => unknown, locale: 'en' | 'es' = 'en') {
    const request = jest.fn(async (req: HttpRequest) => {
      if (req.path === '/roles/permissions') return catalogue;
      return handler(req);
    });
    const http = { request, refresh: jest.fn(), store: memorySessionStore(session) } as unknown as HttpClient;
    render(
      <MemoryRouter initialEntries={[path]}>
        <Admin dataProvider={createDataProvider(http)} authProvider={createAuthProvider(http)} i18nProvider={createI18nProvider(locale)} store={memoryStore()} disableTelemetry>
          <Resource name="roles" {...roles} />
        </Admin>
      </MemoryRouter>,
    );
    return request;
  }

  test('in Spanish: built-in roles by their labels and their descriptions while unchanged; a role staff made and a description staff wrote as written', async () => {
    const roleRows = [
      { id: 1, name: 'SUPER_ADMIN', description: 'Everything, including administrators and roles', permissions: ['*'], system: true },
      { id: 5, name: 'SUPPORT', description: 'Front desk, read only', permissions: ['students:read'], system: true },
      { id: 9, name: 'FINANCE_LEAD', description: 'Jefe de finanzas', permissions: ['students:read'], system: false },
    ];
    renderRoles('/roles', () => ({ content: roleRows, pagination: { total: 3 } }), 'es');
    const cells = (text: string) => [...screen.getByText(text).closest('tr')!.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent);
    expect(cells(await screen.findByText('Superadministrador').then((e) => e.textContent!))).toEqual(['Superadministrador', 'Todo, incluidos los administradores y los roles']);
    expect(cells('Soporte')).toEqual(['Soporte', 'Front desk, read only']);
    expect(cells('FINANCE_LEAD')).toEqual(['FINANCE_LEAD', 'Jefe de finanzas']);
  });

  test('saving sends the permissions the clicks made and shows the role-save message', async () => {
    const request = renderRoles('/roles/3', (req) => {
      if (req.method === 'PUT') return { ...finance, ...(req.body as object) };
      if (req.path === '/roles/3') return finance;
      return { content: [finance], pagination: { total: 1 } };
    });
    const students = await screen.findByRole('checkbox', { name: boxName('students:read') });
    expect((students as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: boxName('roles:*') }));
    fireEvent.click(screen.getByRole('checkbox', { name: boxName('admins:read') }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Role saved');
    const put = request.mock.calls.map(([r]) => r).find((r) => r.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/roles/3',
      body: { name: 'FINANCE', description: 'Tuition billing', permissions: ['students:read', 'admins:read', 'roles:*'] },
    });
  });

  test("a refusal is shown with the server's message", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoles('/roles/3', (req) => {
      if (req.method === 'PUT') throw new HttpError(409, { status: 409, code: 'ROLE_NAME_TAKEN', message: 'A role with this name already exists' });
      if (req.path === '/roles/3') return finance;
      return { content: [finance], pagination: { total: 1 } };
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: boxName('roles:read') }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('A role with this name already exists');
    expect(screen.queryByText('Role saved')).toBeNull();
    spy.mockRestore();
  });

  test('the list shows how much each role grants and which are built in', async () => {
    renderRoles('/roles', () => ({
      content: [{ id: 1, name: 'SUPER_ADMIN', description: 'All of it', permissions: ['*'], system: true }, finance],
      pagination: { total: 2 },
    }));
    const superRow = (await screen.findByText('Super administrator')).closest('tr')!;
    const financeRow = screen.getByText('Finance').closest('tr')!;
    expect(within(superRow).getAllByText('Everything').length).toBe(1);
    expect(within(superRow).getByTestId('role-built-in').textContent).toBe('Built-in');
    await waitFor(() => expect(within(financeRow).queryByText('1 of 15 permissions')).not.toBeNull());
    expect(within(financeRow).queryByTestId('role-built-in')).toBeNull();
  });
});
