import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, preloadScreen, resources } from '../../admin/src/App';
import { createAuthProvider } from '../../admin/src/providers/authProvider';
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { HttpError, memorySessionStore, type HttpClient, type HttpRequest, type Session } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { createQueryClient } from '../../admin/src/providers/queryClient';
import { Messages } from '../../models/messages';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/**
 * The whole console (App: its routes under /admin, login page, layout and menu) over the real
 * providers and a fake HTTP client, opened at a browser address.
 */

const signedIn: Session = {
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: Date.now() + 3_600_000,
  adminId: 1,
  userId: 10,
  email: 'root@example.com',
  fullName: 'Root Admin',
  roles: [],
  permissions: ['*'],
};

const page = (total: number) => ({ content: [], pagination: { total, page: 0, size: 10 } });

function renderConsole(
  address: string,
  { session = null, locale = 'en', handler }: { session?: Session | null; locale?: 'en' | 'es'; handler?: (req: HttpRequest) => unknown } = {},
) {
  window.history.replaceState(null, '', address);
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler?.(req);
    if (answer !== undefined) return answer;
    // Signed out, the API answers every call but the public ones 401 (a visitor, not an ended session).
    if (!session) throw new HttpError(401, { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    // The dashboard's counts and lists: every list is empty.
    if (/^\/[a-z_]+(\/find_by_criteria)?$/.test(req.path) || /^\/users\/\d+\/view_histories$/.test(req.path)) return page(0);
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  const http = { request, refresh: jest.fn(), store: memorySessionStore(session) } as unknown as HttpClient;
  render(<App dataProvider={createDataProvider(http)} authProvider={createAuthProvider(http)} i18nProvider={createI18nProvider(locale)} queryClient={createQueryClient()} />);
  return request;
}

const signIn = async (email: string, password: string) => {
  fireEvent.change(await screen.findByLabelText(/^(Email|Correo electrónico)/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^(Password|Contraseña)/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }));
};

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the first visit', () => {
  test('/admin without a session shows the sign-in screen without any error notification', async () => {
    renderConsole('/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    // Give a notification the time to show up, as react-admin's would after its redirect.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText('Please login to continue')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a deep link without a session goes to sign in quietly, in Spanish too', async () => {
    renderConsole('/admin/students?page=2', { locale: 'es' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInstanceOf(HTMLElement);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText('Por favor, inicie sesión para continuar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test.each(['/admin/dashboard', '/admin/billing-dashboard', '/admin/students/42', '/admin/enrollments'])(
    '%s without a session goes to sign in at once, before any screen asks the API for anything',
    async (address) => {
      const request = renderConsole(address);
      // Within findBy's wait: the dashboard took 12 s of sign-out loops before (layout, menu and screen rendered for nobody).
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
      expect(window.location.pathname).toBe('/admin/login');
      expect(request).not.toHaveBeenCalled();
    },
  );
});

describe('the dashboard route', () => {
  test("/admin/dashboard (the spec's /dashboard) shows the dashboard, and the menu's Dashboard leads there", async () => {
    renderConsole('/admin/dashboard', { session: signedIn });
    expect(await screen.findByRole('heading', { name: 'Welcome, Root Admin' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(window.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  test('/admin/ (the home after signing in) goes to /admin/dashboard', async () => {
    renderConsole('/admin/', { session: signedIn });
    expect(await screen.findByRole('heading', { name: 'Welcome, Root Admin' })).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
  });
});

describe('a coach (or a student) at the console sign-in', () => {
  const refusal = new HttpError(403, { status: 403, code: 'WRONG_SIGN_IN', message: Messages.CONSOLE_STAFF_ONLY });
  const handler = (req: HttpRequest) => {
    if (req.path === '/auth/signin/admin') throw refusal;
    return undefined;
  };

  test('is told the console is for staff and where they sign in, with no word of a verification code', async () => {
    renderConsole('/admin/login', { handler });
    await signIn('coach@example.com', 'Demo12345');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This sign-in is for staff. Students and coaches sign in at the student portal.');
    expect(alert.textContent).not.toMatch(/verification/i);
    expect(within(alert).getByRole('link', { name: 'Go to the student portal' }).getAttribute('href')).toBe('/');
    expect(window.location.pathname).toBe('/admin/login');
  });

  test('in Spanish', async () => {
    renderConsole('/admin/login', { handler, locale: 'es' });
    await signIn('coach@example.com', 'Demo12345');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Este acceso es para el personal. Los estudiantes y los coaches inician sesión en el portal del estudiante.');
    expect(within(alert).getByRole('link', { name: 'Ir al portal del estudiante' }).getAttribute('href')).toBe('/');
  });
});

describe('preloading the screen being opened', () => {
  test("the path's resource list (or the dashboard) starts loading before the console renders; other paths load nothing", () => {
    const list = (name: string) => resources.find(([n]) => n === name)![1].list as unknown as { preload: () => Promise<unknown> };
    const students = jest.spyOn(list('students'), 'preload');
    const cohorts = jest.spyOn(list('cohorts'), 'preload');
    preloadScreen('/admin/students/42');
    expect(students).toHaveBeenCalledTimes(1);
    expect(cohorts).not.toHaveBeenCalled();
    preloadScreen('/admin/cohorts');
    expect(cohorts).toHaveBeenCalledTimes(1);
    preloadScreen('/admin/no-such-screen');
    preloadScreen('/admin/login');
    expect(students).toHaveBeenCalledTimes(1);
    expect(cohorts).toHaveBeenCalledTimes(1);
    // Every list is a lazy screen that can be preloaded.
    for (const [name, props] of resources) if (props.list) expect([name, typeof (props.list as { preload?: unknown }).preload]).toEqual([name, 'function']);
  });
});
