import type { Page } from 'playwright-core';
import { adminToken, api, makeStudent } from './support/api';
import { screenshot, usePage } from './support/browser';
import { PortalLoginPage, PortalProfilePage } from './pages/portal';

const currentPage = usePage();
let page: Page;
let token: string;
const PASSWORD = 'Student123';

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(() => {
  page = currentPage();
});

describe('student portal', () => {
  test('a student signs in and sees their home page', async () => {
    const student = await makeStudent(token, { firstName: 'Lucia', password: PASSWORD });
    const login = new PortalLoginPage(page);
    await login.goto('/');
    await login.signIn(student.email, PASSWORD);
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: /Lucia/ }).waitFor();
    await screenshot(page, 'portal-home');
  });

  test('a protected path sends the student to sign in and back to it', async () => {
    const student = await makeStudent(token, { password: PASSWORD });
    const login = new PortalLoginPage(page);
    await login.goto('/settings/communication-preferences');
    await page.waitForURL('**/login');
    await login.signIn(student.email, PASSWORD);
    await page.waitForURL('**/settings/communication-preferences');
  });

  test('a student updates their profile; a server refusal shows under the field and saves nothing', async () => {
    const student = await makeStudent(token, { password: PASSWORD, city: 'Albany' });
    const login = new PortalLoginPage(page);
    await login.goto('/settings/profile');
    await login.signIn(student.email, PASSWORD);
    await page.waitForURL('**/settings/profile');
    const profile = new PortalProfilePage(page);

    await profile.field('Mobile phone').fill('12345');
    await profile.field('City').fill('Buffalo');
    await profile.save();
    await page.getByText('Invalid mobile phone').first().waitFor();
    await expect(profile.helperTextOf('Mobile phone')).resolves.toBe('Invalid mobile phone');
    const unchanged = await api<{ address: { city: string } }>('GET', `/students/${student.id}`, token);
    expect(unchanged.address.city).toBe('Albany');

    await profile.field('Mobile phone').fill('+1 212 555 0142');
    await profile.save();
    await page.getByText('Your profile has been saved.').waitFor();
    const saved = await api<{ address: { city: string }; contactInfo: { mobilePhone: string } }>('GET', `/students/${student.id}`, token);
    expect(saved.address.city).toBe('Buffalo');
    expect(saved.contactInfo.mobilePhone).toBe('+12125550142');
  });
});
