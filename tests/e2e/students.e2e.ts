import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, makeStudent, unique } from './support/api';
import { baseUrl, screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, StudentDrawer, StudentsListPage } from './pages/console';

const currentPage = usePage();
let page: Page;
let token: string;

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(async () => {
  page = currentPage();
  const admin = await makeAdmin(token);
  const login = new ConsoleLoginPage(page);
  await login.goto();
  await login.signIn(admin.email, admin.password);
  await page.waitForURL('**/admin/dashboard');
});

describe('students list', () => {
  test('keyword search, then a filter chip that narrows the list and clears when removed', async () => {
    const lastName = unique('Zephyr');
    await makeStudent(token, { lastName, city: 'Albany' });
    await makeStudent(token, { lastName, city: 'Buffalo' });
    const list = new StudentsListPage(page);
    await list.goto();
    await list.search(lastName);
    await list.waitForRows(2, lastName);

    await list.filterText('City', 'Buffalo');
    await list.waitForRows(1, 'Buffalo');
    await expect(list.chip('city').textContent()).resolves.toBe('City: Buffalo');
    await screenshot(page, 'console-students-list');

    await list.removeChip('city');
    await list.waitForRows(2, lastName);
    await expect(list.chip('city').count()).resolves.toBe(0);
  });
});

describe('student drawer', () => {
  test('opens on its record route and copies its direct link', async () => {
    const student = await makeStudent(token, { firstName: 'Renata', lastName: unique('Okoye') });
    await page.goto(`/admin/students/${student.id}`);
    const drawer = new StudentDrawer(page);
    await drawer.title().filter({ hasText: 'Renata' }).waitFor();
    await drawer.copyDirectLink();
    await expect(drawer.tooltip().textContent()).resolves.toBe('Copied!');
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(`${baseUrl()}/admin/students/${student.id}`);
    await screenshot(page, 'console-student-drawer');
  });

  test('creates a student, shows a server validation error under the field, then edits it', async () => {
    const lastName = unique('Marquez');
    const list = new StudentsListPage(page);
    await list.goto();
    await list.create();
    await page.waitForURL('**/admin/students/create');
    const drawer = new StudentDrawer(page);
    await drawer.input('Sign-in email').fill(`${lastName.toLowerCase()}@example.com`);
    await drawer.input('First name').fill('Ines');
    await drawer.input('Last name').fill(lastName);
    await drawer.input('Mobile phone').fill('12345');
    await drawer.save();
    await page.getByText('Invalid mobile phone').first().waitFor();
    await expect(drawer.errorUnder('Mobile phone')).resolves.toBe('Invalid mobile phone');
    const none = await api<{ pagination: { total: number } }>('GET', `/students?keyword=${lastName}`, token);
    expect(none.pagination.total).toBe(0);

    await drawer.input('Mobile phone').fill('+1 212 555 0199');
    await drawer.save();
    await page.waitForURL(/\/admin\/students\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await api<{ personalInfo: { lastName: string }; contactInfo: { mobilePhone: string } }>('GET', `/students/${id}`, token);
    expect(created.personalInfo.lastName).toBe(lastName);
    expect(created.contactInfo.mobilePhone).toBe('+12125550199');

    await drawer.openTab('Profile');
    await drawer.input('Occupation').fill('Nurse');
    await drawer.save();
    await page.getByText('Changes saved').first().waitFor();
    const edited = await api<{ personalInfo: { occupation: string } }>('GET', `/students/${id}`, token);
    expect(edited.personalInfo.occupation).toBe('Nurse');
  });
});
