import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, unique } from './support/api';
import { baseUrl, usePage } from './support/browser';
import { ConsoleLoginPage } from './pages/console';
import { PortalLoginPage } from './pages/portal';

/**
 * Files end to end (issue 20, "Done when"): a student uploads their application document in the
 * portal's enrollment flow (the DOCUMENT_UPLOAD step after the personal info: POST /files, the
 * application names the upload, the step completes), and admissions staff open it from the
 * application drawer in the console (the bytes fetched with the bearer are the file's).
 */

const currentPage = usePage();
let page: Page;
let token: string;
const YEAR = new Date().getFullYear() + 1;
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A product whose program's flow asks for personal info and a document; a student with a CREATED application of it, class chosen. */
async function arrange() {
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  const hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;
  const program = await api<{ id: number }>('POST', '/programs', token, { name: unique('E2E Files Program '), businessCategoryId: hctpId, cost: 3000, language: 'EN' });
  await api('PUT', `/programs/${program.id}/enrollment_flow_requirements`, token, [
    { step: 'COMPLETE_PERSONAL_INFO', required: true },
    { step: 'DOCUMENT_UPLOAD', required: true },
  ]);
  const cohort = await api<{ id: number }>('POST', '/cohorts', token, { programId: program.id, startDate: `${YEAR}-03-02`, endDate: `${YEAR}-12-18` });
  const product = await api<{ id: number }>('POST', '/products', token, {
    name: unique('E2E Files Course '),
    flowType: 'HCTP',
    cost: 3000,
    cohortIds: [cohort.id],
    enrollingStartDate: isoDay(-2),
    enrollingEndDate: isoDay(365),
  });
  // Published products need a payment plan (PRODUCT_PUBLISH_REQUIREMENTS).
  const template = await api<{ id: number }>('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E Files pay in full '),
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_TERMS',
    depositAmount: 0,
    totalTerm: 1,
    annualPercentageRate: 0,
    tuitionPrice: 3000,
  });
  await api('POST', `/products/${product.id}/product_payment_plans`, token, { paymentPlanId: template.id, shortDescription: 'Pay in full' });
  await api('POST', `/products/${product.id}/publish`, token);

  const email = `${unique('e2e.files.')}@example.com`;
  const password = 'Passw0rdOk';
  const student = await api<{ id: number; user: { id: number } }>('POST', '/students', token, {
    user: { email },
    personalInfo: { firstName: 'Dora', lastName: unique('Document'), dateOfBirth: '1990-04-12' },
    contactInfo: { mobilePhone: '+1 212 555 0100' },
    address: { street1: '1 Main St', city: 'Albany', stateCode: 'NY', zip: '12207', countryCode: 'US' },
  });
  await api('PATCH', `/users/${student.user.id}/update_password`, token, { password, passwordConfirmation: password });
  const studentToken = (await api<{ accessToken: string }>('POST', '/auth/signin/customer', null, { email, password })).accessToken;
  const application = await api<{ id: number }>('POST', '/applications', studentToken, { productId: product.id });
  await api('PUT', `/applications/${application.id}`, studentToken, { cohortIds: [cohort.id] });
  return { email, password, applicationId: application.id };
}

beforeAll(async () => {
  token = await adminToken();
});
beforeEach(() => {
  page = currentPage();
});

test('a student uploads the application document in the portal; admissions open it from the console', async () => {
  const arranged = await arrange();

  // The portal: personal info (prefilled, complete) → Next → the document step.
  const login = new PortalLoginPage(page);
  await login.goto();
  await login.signIn(arranged.email, arranged.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`/enroll/${arranged.applicationId}/personal-info`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Your document' }).waitFor();
  await page.getByTestId('document-input').setInputFiles({ name: 'Passport scan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByText('Your document is saved.').waitFor();
  await page.getByTestId('document-open').getByText('Passport scan.pdf').waitFor();

  const application = await api<{ documentName: string; documentType: string; document: { originalName: string; contentType: string } }>(
    'GET',
    `/applications/${arranged.applicationId}`,
    token,
  );
  expect(application.document).toMatchObject({ originalName: 'Passport scan.pdf', contentType: 'application/pdf' });
  expect(application.documentType).toBe('application/pdf');

  // The console: admissions open the application's drawer and the document from it.
  const admissions = await makeAdmin(token, ['ADMISSIONS']);
  const consoleLogin = new ConsoleLoginPage(page);
  await consoleLogin.signInToDashboard(admissions.email, admissions.password);
  await page.goto(`/admin/enrollments/${arranged.applicationId}`);
  const open = page.getByTestId('application-document-open');
  await open.getByText('Passport scan.pdf').waitFor();
  const [download] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/files/download')), open.click()]);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(Number(download.headers()['content-length'])).toBe(PDF.length);
  // The stored bytes are the file's (read as the console does, with the bearer).
  const stored = await fetch(`${baseUrl()}/api/files/download?fileName=${encodeURIComponent(application.documentName)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(Buffer.from(await stored.arrayBuffer()).equals(PDF)).toBe(true);
});
