import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import configurationMobileApp from '../../admin/src/resources/configuration-mobile-app';
import { configurationMobileApp as texts } from '../../admin/src/resources/configuration-mobile-app/i18n';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const configuration = {
  minimumVersions: { IOS: '2.4.0', ANDROID: null },
  forceUpdate: false,
  maintenanceMessage: null,
  featureFlags: { inbox: true },
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: 10, name: 'Root Admin' },
};
const versions = [
  { id: 2, platform: 'ANDROID', version: '2.5.1', releaseDate: '2026-11-02', notes: 'Faster sign-in', mandatory: true, createdAt: '', updatedAt: '' },
  { id: 1, platform: 'IOS', version: '2.4.0', releaseDate: '2026-10-01', notes: null, mandatory: false, createdAt: '', updatedAt: '' },
];
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole({ permissions = ['*'], locale = 'en', refuse = false }: { permissions?: string[]; locale?: 'en' | 'es'; refuse?: boolean } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/configuration_mobile_app' && method === 'GET') return configuration;
    if (req.path === '/configuration_mobile_app' && method === 'POST') {
      if (refuse)
        throw new HttpError(409, {
          status: 409,
          code: 'MINIMUM_VERSION_NOT_RELEASED',
          message: 'The minimum supported version must be an app version of its platform released by today',
        });
      return { ...configuration, ...(req.body as object) };
    }
    if (req.path === '/app_versions' && method === 'GET') return page(versions);
    if (req.path === '/app_versions' && method === 'POST') return { ...(req.body as object), id: 3 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path: '/configuration-mobile-app',
    request,
    permissions,
    locale,
    children: [<Resource key="m" name="configuration-mobile-app" {...configurationMobileApp} />, <Resource key="students" name="students" list={() => <div>students</div>} />],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/configuration-mobile-app', () => {
  test('shows the settings and the app versions, newest release first', async () => {
    const request = renderConsole();
    expect(((await screen.findByLabelText('Minimum supported version (iOS)')) as HTMLInputElement).value).toBe('2.4.0');
    expect((screen.getByDisplayValue('inbox') as HTMLInputElement).value).toBe('inbox');
    expect(screen.getByTestId('mobile-last-changed').textContent).toContain('Root Admin');
    const row = (await screen.findByText('2.5.1')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Android', '2.5.1', '11-02-2026', 'Yes', 'Faster sign-in']);
    expect(calls(request, 'GET', '/app_versions')[0].query).toMatchObject({ sortBy: 'releaseDate', descending: true, size: 10, page: 0 });
  });

  test('saving posts exactly the configuration body (blank texts null, flags as an object)', async () => {
    const request = renderConsole();
    const android = await screen.findByLabelText('Minimum supported version (Android)');
    fireEvent.change(android, { target: { value: ' 2.5.1 ' } });
    fireEvent.change(screen.getByLabelText('Maintenance message'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/configuration_mobile_app')).toHaveLength(1));
    expect(calls(request, 'POST', '/configuration_mobile_app')[0].body).toEqual({
      minimumVersions: { IOS: '2.4.0', ANDROID: '2.5.1' },
      forceUpdate: false,
      maintenanceMessage: null,
      featureFlags: { inbox: true },
    });
    expect(await screen.findByText('Mobile app settings saved')).not.toBeNull();
  });

  test('a refusal is told in the console’s language', async () => {
    renderConsole({ refuse: true, locale: 'es' });
    fireEvent.change(await screen.findByLabelText('Versión mínima admitida (Android)'), { target: { value: '9.9.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La versión mínima admitida debe ser una versión de la aplicación de su plataforma publicada a más tardar hoy')).not.toBeNull();
  });

  test('Add app version opens the drawer and posts the version', async () => {
    const request = renderConsole();
    fireEvent.click(await screen.findByTestId('add-app-version'));
    const drawer = await screen.findByTestId('record-drawer');
    fireEvent.change(within(drawer).getByLabelText(/^Version/), { target: { value: '2.6.0' } });
    fireEvent.change(within(drawer).getByLabelText(/^Release date/), { target: { value: '11-20-2026' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/app_versions')).toHaveLength(1));
    expect(calls(request, 'POST', '/app_versions')[0].body).toEqual({ platform: 'IOS', version: '2.6.0', releaseDate: '2026-11-20', notes: null, mandatory: false });
  });

  test('staff who only read see the settings read-only and no Add', async () => {
    renderConsole({ permissions: ['mobile_app:read', 'students:read'] });
    expect(await screen.findByTestId('mobile-read-only')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByTestId('add-app-version')).toBeNull();
    expect(await screen.findByRole('menuitem', { name: /Mobile app/ })).not.toBeNull();
  });

  test('every English text has its Spanish one', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
  });
});
