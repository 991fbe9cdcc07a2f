import type { Page } from 'playwright-core';
import { adminToken, makeAdmin, DEMO_PASSWORD } from './support/api';
import { screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, ConsoleShell, RecordDrawerFrame } from './pages/console';

/** The console's dead ends (issue 15): the first visit, the spec's /dashboard route, records that do not exist, the coach at the door. */

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

async function signIn() {
  const admin = await makeAdmin(token);
  const login = new ConsoleLoginPage(page);
  await login.goto();
  await login.signIn(admin.email, admin.password);
  await new ConsoleShell(page).menuLink(/Students/).waitFor();
}

describe('console routes', () => {
  test('the first visit to /admin shows the sign-in screen with no red notice', async () => {
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // react-admin's notice came right after its redirect to /login: give it the time it took.
    await page.waitForTimeout(1500);
    await expect(page.getByText('Please login to continue').count()).resolves.toBe(0);
    await expect(page.locator('.MuiSnackbar-root').count()).resolves.toBe(0);
  });

  test("signing in lands on /admin/dashboard, the spec's /dashboard, which also opens directly", async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await expect(page.getByTestId('not-found').count()).resolves.toBe(0);
    expect(pathOf(page)).toBe('/admin/dashboard');
    // The menu's Dashboard leads there and is the highlighted entry.
    const entry = new ConsoleShell(page).menuLink(/^Dashboard$/);
    await expect(entry.getAttribute('href')).resolves.toBe('/admin/dashboard');
    await expect(entry.getAttribute('class')).resolves.toContain('RaMenuItemLink-active');
  });

  test('a drawer on a student that does not exist says so at once and leads back to the list', async () => {
    await signIn();
    await page.goto('/admin/students/999999');
    const drawer = new RecordDrawerFrame(page);
    await drawer.root().waitFor();
    // Answered at once: no retries of the 404 (they took 7 s and more).
    await drawer.unavailable().waitFor({ timeout: 5_000 });
    await expect(drawer.unavailable().getByRole('heading').textContent()).resolves.toBe('Record not found');
    await expect(drawer.root().getByRole('button', { name: 'Copy direct link' }).count()).resolves.toBe(0);
    await screenshot(page, 'console-record-not-found');
    await drawer.backToList();
    await page.waitForURL('**/admin/students');
    await drawer.root().waitFor({ state: 'detached' });
  });

  test('a voucher refund that does not exist gets the same', async () => {
    await signIn();
    await page.goto('/admin/voucher-refunds/999999');
    const drawer = new RecordDrawerFrame(page);
    await drawer.root().waitFor();
    await drawer.unavailable().waitFor({ timeout: 5_000 });
    await expect(drawer.unavailable().getByRole('heading').textContent()).resolves.toBe('Record not found');
    await drawer.backToList();
    await page.waitForURL('**/admin/voucher-refunds');
  });

  test('a coach signing in to the console is told it is for staff, with the way to the portal', async () => {
    const login = new ConsoleLoginPage(page);
    await login.goto();
    await login.signIn('coach@example.com', DEMO_PASSWORD);
    const alert = login.errorAlert();
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('This sign-in is for staff. Students and coaches sign in at the student portal.');
    await expect(alert.getByRole('link', { name: 'Go to the student portal' }).getAttribute('href')).resolves.toBe('/');
    expect(pathOf(page)).toBe('/admin/login');
  });
});
