import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, makeStudent } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, ConsoleShell } from './pages/console';

const currentPage = usePage();
let page: Page;
let token: string;

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(() => {
  page = currentPage();
});

const pathOf = (p: Page) => {
  const url = new URL(p.url());
  return `${url.pathname}${url.search}`;
};

describe('console sign-in', () => {
  test('an administrator signs in and lands on the dashboard', async () => {
    const admin = await makeAdmin(token);
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    await new ConsoleShell(page).menuLink(/Students/).waitFor();
    await screenshot(page, 'console-dashboard');
  });

  test('a wrong password shows the spec message and stays on the sign-in page', async () => {
    const admin = await makeAdmin(token);
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admin.email, 'Wrong12345');
    await expect(login.errorAlert().textContent()).resolves.toBe('Invalid username, password or verification code');
    expect(pathOf(page)).toBe('/admin/login');
  });

  test('a protected deep link sends the user to sign in and back to the full path', async () => {
    const admin = await makeAdmin(token);
    const student = await makeStudent(token);
    await page.goto(`/admin/students/${student.id}?from=e2e`);
    await page.waitForURL('**/admin/login');
    await new ConsoleLoginPage(page).signIn(admin.email, admin.password);
    await page.waitForURL(`**/admin/students/${student.id}?from=e2e`);
    expect(pathOf(page)).toBe(`/admin/students/${student.id}?from=e2e`);
  });

  test('when the session is ended elsewhere, the next call sends the user to /verify and back after signing in', async () => {
    const admin = await makeAdmin(token);
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admin.email, admin.password);
    const shell = new ConsoleShell(page);
    await shell.menuLink(/Students/).waitFor();
    // The menu has finished rendering (its last entries appear once their access is known).
    await shell.menuLink(/Billing calculator/).waitFor();
    // The dashboard's own calls are done (they load with its screen, after the menu).
    await shell.waitForDashboard();
    await api('POST', `/admins/${admin.id}/logout`, token);
    await shell.menuLink(/Customers/).click();
    await page.waitForURL('**/admin/verify?to=*');
    expect(pathOf(page)).toBe('/admin/verify?to=%2Fcustomers');
    await page.getByText('Your session expired, please login again').waitFor();
    await login.signIn(admin.email, admin.password);
    await page.waitForURL('**/admin/customers');
    expect(pathOf(page)).toBe('/admin/customers');
  });

  test('an unknown path shows the not-found page', async () => {
    const admin = await makeAdmin(token);
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admin.email, admin.password);
    await new ConsoleShell(page).menuLink(/Students/).waitFor();
    await page.goto('/admin/no-such-screen');
    await expect(page.getByTestId('not-found').getByRole('heading').textContent()).resolves.toBe('Page not found');
  });
});

describe('console language', () => {
  test('switching to Spanish translates the menu and survives a reload', async () => {
    const admin = await makeAdmin(token);
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn(admin.email, admin.password);
    const shell = new ConsoleShell(page);
    await shell.menuLink(/Students/).waitFor();
    await shell.switchLanguage('Español');
    await shell.menuLink(/Estudiantes/).waitFor();
    await page.reload();
    await shell.menuLink(/Estudiantes/).waitFor();
    await expect(shell.menuLink(/Administradores/).count()).resolves.toBe(1);
  });
});
