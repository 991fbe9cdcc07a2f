import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, CustomRoutes, Resource, memoryStore } from 'react-admin';
import { MemoryRouter, Route } from 'react-router-dom';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest } from '../../admin/src/providers/http';
import { LOCALE_KEY, createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { passwordErrors } from '../../admin/src/profile/ChangePasswordForm';
import { ProfilePage } from '../../admin/src/profile/ProfilePage';

// react-hotkeys-hook ships ESM only, which the admin jest project does not transform; menu shortcuts are not under test.
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const me = { id: 1, userId: 10, email: 'root@example.com', firstName: 'Root', lastName: 'Admin', roles: ['FINANCE', 'SUPER_ADMIN'], permissions: ['students:read'] };

function renderProfile(handler: (req: HttpRequest) => unknown = () => undefined) {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = await handler(req);
    if (answer !== undefined) return answer;
    if (req.path === '/auth/me') return { administrator: me };
    if (req.path === '/auth/logout') return null;
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  const store = memorySessionStore({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    adminId: 1,
    userId: 10,
    email: 'root@example.com',
    fullName: 'Root Admin',
    roles: [],
    permissions: ['students:read'],
  });
  const http = { request, refresh: jest.fn(), store } as unknown as HttpClient;
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Admin dataProvider={createDataProvider(http)} authProvider={createAuthProvider(http)} i18nProvider={createI18nProvider('en')} store={memoryStore()} disableTelemetry>
        <Resource name="students" list={() => null} />
        <CustomRoutes>
          <Route path="/profile" element={<ProfilePage />} />
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  );
  return { request, store };
}

/** The helper text MUI links to an input through aria-describedby. */
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? null;

async function fillPasswords(current: string, password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText('Current password *'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password *'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password *'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('profile page', () => {
  let spy: jest.SpyInstance;
  beforeEach(() => {
    spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => spy.mockRestore());

  test('shows the signed-in administrator from GET /auth/me', async () => {
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Root Admin'));
    expect(screen.getByTestId('profile-email').textContent).toBe('root@example.com');
    expect(screen.getByText('Finance').textContent).toBe('Finance');
    expect(screen.getByText('Super administrator').textContent).toBe('Super administrator');
  });

  test('a server 400 field error appears under its field', async () => {
    const longPassword = `Aa1${'x'.repeat(80)}`;
    const { request } = renderProfile((req) => {
      if (req.path === '/users/10/update_password') {
        throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid input', errors: { password: 'Maximum 72 characters' } });
      }
      return undefined;
    });
    await fillPasswords('Admin12345', longPassword);
    await waitFor(() => expect(helperOf(screen.getByLabelText('New password *'))).toBe('Maximum 72 characters'));
    expect(request.mock.calls.map(([r]) => r).filter((r: HttpRequest) => r.path === '/users/10/update_password')).toEqual([
      { method: 'PATCH', path: '/users/10/update_password', body: { currentPassword: 'Admin12345', password: longPassword, passwordConfirmation: longPassword } },
    ]);
  });

  test("'Invalid current password' (409) appears under the current password", async () => {
    renderProfile((req) => {
      if (req.path === '/users/10/update_password') throw new HttpError(409, { status: 409, code: 'INVALID_CURRENT_PASSWORD', message: 'Invalid current password' });
      return undefined;
    });
    await fillPasswords('Wrong1234', 'Newpass123');
    await waitFor(() => expect(helperOf(screen.getByLabelText('Current password *'))).toBe('Invalid current password'));
  });

  test('a confirmation that does not match is refused before any call', async () => {
    const { request } = renderProfile();
    await fillPasswords('Admin12345', 'Newpass123', 'Newpass124');
    await waitFor(() => expect(helperOf(screen.getByLabelText('Confirm new password *'))).toBe('This field confirmation does not match'));
    expect(request.mock.calls.filter(([r]) => (r as HttpRequest).path === '/users/10/update_password')).toEqual([]);
  });

  test('a changed password says so and signs the user out (the server ended every session)', async () => {
    const { store } = renderProfile((req) => (req.path === '/users/10/update_password' ? null : undefined));
    await fillPasswords('Admin12345', 'Newpass123');
    await screen.findByText('Your password was changed. Please sign in with your new password.');
    await waitFor(() => expect(store.get()).toBeNull());
  });

  test('switching the language to Spanish translates the page', async () => {
    renderProfile();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My profile');
    fireEvent.click(screen.getByTestId('locale-es'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mi perfil'));
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' }).getAttribute('type')).toBe('submit');
    // The choice is a preference that survives a reload.
    expect(localStorage.getItem(LOCALE_KEY)).toBe('es');
    localStorage.removeItem(LOCALE_KEY);
  });
});

describe('passwordErrors', () => {
  test('maps 400 field errors and the invalid current password; anything else is not a field error', () => {
    expect(passwordErrors(new HttpError(400, { status: 400, message: 'x', errors: { passwordConfirmation: 'This field confirmation does not match' } }))).toEqual({
      passwordConfirmation: 'This field confirmation does not match',
    });
    expect(passwordErrors(new HttpError(409, { status: 409, code: 'INVALID_CURRENT_PASSWORD', message: 'Invalid current password' }))).toEqual({
      currentPassword: 'Invalid current password',
    });
    expect(passwordErrors(new HttpError(429, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts, please try again later' }))).toBeNull();
    expect(passwordErrors(new Error('network'))).toBeNull();
  });
});
