import type { Page } from 'playwright-core';
import { adminToken, api, makeAdmin, unique } from './support/api';
import { baseUrl, screenshot, usePage } from './support/browser';
import { ConsoleLoginPage, ConsoleShell } from './pages/console';
import { CohortsPage, ConsoleFeedback, ProductPaymentPlansPage, ProductsPage, ProgramsPage } from './pages/catalogue';

/**
 * The catalogue in the console: staff set up a sellable product from scratch (program, cohort,
 * product, payment plan, publish), and every refusal the spec names on the way — publishing without
 * a payment plan, an enrolling window that ends before it starts, archiving a cohort a product
 * sells — is enforced by the server and shown in the console, in English and in Spanish.
 */

const currentPage = usePage();
let page: Page;
let token: string;
type Credentials = { email: string; password: string };
let academic: Credentials;
let finance: Credentials;
let hctpId: number;
/** A business-category payment plan (HCTP) the products' plans are made from. */
let template: { id: number; description: string };
/** A published product arranged through the API and the cohort it sells: what the archive refusals are tried on. */
let sold: { cohortId: number; cohortLabel: string; productName: string };

/** Years ahead of today, so the cohorts stay upcoming (CREATED) and the products can sell them. */
const YEAR = new Date().getFullYear();
const [PRODUCT_YEAR, COHORT_YEAR, SOLD_YEAR] = [YEAR + 2, YEAR + 3, YEAR + 4];

type ProductDto = { id: number; name: string; published: boolean; cohortIds: number[]; paymentPlanCount: number };
type CohortDto = { id: number; label: string; deleted: boolean; status: string };

beforeAll(async () => {
  token = await adminToken();
  academic = await makeAdmin(token, ['ACADEMIC']);
  finance = await makeAdmin(token, ['FINANCE']);
  const categories = await api<{ content: Array<{ id: number; name: string }> }>('GET', '/business_categories?size=50', token);
  hctpId = categories.content.find((c) => c.name === 'HCTP')!.id;
  template = await api('POST', `/business_categories/${hctpId}/payment_plans`, token, {
    description: unique('E2E pay in full '),
    paymentPlanType: 'PAY_IN_FULL',
    tuitionPrice: 4200,
  });

  const program = await api<{ id: number; name: string }>('POST', '/programs', token, {
    name: unique('E2E Sold Program '),
    businessCategoryId: hctpId,
    cost: 4200,
    language: 'EN',
  });
  const cohort = await api<CohortDto>('POST', '/cohorts', token, { programId: program.id, startDate: `${SOLD_YEAR}-02-01`, endDate: `${SOLD_YEAR}-11-30` });
  const product = await api<ProductDto>('POST', '/products', token, { name: unique('E2E Sold Product '), flowType: 'HCTP', cohortIds: [cohort.id] });
  await api('POST', `/products/${product.id}/product_payment_plans`, token, { paymentPlanId: template.id });
  await api('POST', `/products/${product.id}/publish`, token);
  sold = { cohortId: cohort.id, cohortLabel: cohort.label, productName: product.name };
});

beforeEach(() => {
  page = currentPage();
});

/** Signs in to the console as `who` (ending whoever was signed in) and waits for the dashboard. */
async function signInAs(who: Credentials) {
  if (page.url().startsWith(baseUrl())) await page.evaluate("localStorage.removeItem('hci.admin.session')");
  const login = new ConsoleLoginPage(page);
  await login.goto();
  await login.signIn(who.email, who.password);
  await page.waitForURL('**/admin/dashboard');
  await new ConsoleShell(page).menuLink(/Students|Estudiantes/).waitFor();
}

/** The status and body of a call expected to be refused (api() throws on anything but 2xx). */
async function refusal(method: string, path: string, body: unknown): Promise<{ status: number; message: string }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { message?: string };
  return { status: res.status, message: answer.message ?? '' };
}

describe('catalogue set-up', () => {
  test('staff set up a sellable product from scratch: program and cohort, then a product refused publishing until it has a payment plan', async () => {
    const feedback = new ConsoleFeedback(page);

    // Academic staff: the program and a cohort of it.
    await signInAs(academic);
    // The first word is unique: the cohort form finds the program by it.
    const programName = `${unique('E2EProgram')} Foundations`;
    const programs = new ProgramsPage(page);
    await programs.goto();
    const programId = await programs.create({ name: programName, businessCategory: 'HCTP', cost: '5999.99' });
    await feedback.notification('Program created');

    const cohorts = new CohortsPage(page);
    await cohorts.goto();
    const cohortId = await cohorts.create({ program: programName, startDate: `01-12-${COHORT_YEAR}`, endDate: `12-10-${COHORT_YEAR}` });
    await feedback.notification('Cohort created');
    const cohortLabel = `${programName} 01-12-${COHORT_YEAR} - 12-10-${COHORT_YEAR}`;
    await cohorts.drawer.title().filter({ hasText: cohortLabel }).waitFor();
    const cohort = await api<CohortDto & { programId: number; startDate: string; endDate: string }>('GET', `/cohorts/${cohortId}`, token);
    expect(cohort).toMatchObject({ programId, startDate: `${COHORT_YEAR}-01-12`, endDate: `${COHORT_YEAR}-12-10`, label: cohortLabel, status: 'CREATED' });

    // Finance staff: the product selling that cohort.
    await signInAs(finance);
    const productName = unique('E2E Product ');
    const products = new ProductsPage(page);
    await products.goto();
    await products.startCreate();
    await products.fill({
      name: productName,
      flowType: 'Dynamic enrollment',
      enrollingFrom: `06-01-${PRODUCT_YEAR}`,
      enrollingUntil: `12-31-${PRODUCT_YEAR}`,
      cohort: { typed: programName, option: cohortLabel },
    });
    const productId = await products.saveNew();
    await feedback.notification('Product created');
    await products.status().getByText('Not published', { exact: true }).waitFor();

    // Publishing with the cohort but no payment plan is refused, and the product stays unpublished.
    await products.publish();
    await feedback.notification('A product needs a payment plan and a product item to be published');
    expect((await api<ProductDto>('GET', `/products/${productId}`, token)).published).toBe(false);

    // A payment plan from the category's template, then Publish.
    await products.openPaymentPlans();
    const plans = new ProductPaymentPlansPage(page);
    await expect(plans.title().textContent()).resolves.toBe(`Payment plans of ${productName}`);
    await plans.add(template.description);
    await feedback.notification('Payment plan added');
    await plans.rows().filter({ hasText: template.description }).waitFor();
    await plans.backToProduct(productName);
    await page.getByTestId('product-actions').waitFor();
    await products.publish();
    await feedback.notification('Product published');
    await products.status().getByText('Published', { exact: true }).waitFor();
    await screenshot(page, 'console-product-published');

    const product = await api<ProductDto & { flowType: string; enrollingStartDate: string; enrollingEndDate: string }>('GET', `/products/${productId}`, token);
    expect(product).toMatchObject({
      name: productName,
      published: true,
      flowType: 'DYNAMIC',
      enrollingStartDate: `${PRODUCT_YEAR}-06-01`,
      enrollingEndDate: `${PRODUCT_YEAR}-12-31`,
      paymentPlanCount: 1,
    });
    expect(product.cohortIds).toEqual([cohortId]);
    const productPlans = await api<{ content: Array<{ paymentPlanId: number }> }>('GET', `/products/${productId}/product_payment_plans`, token);
    expect(productPlans.content.map((p) => p.paymentPlanId)).toEqual([template.id]);
  });

  test('an enrolling window that ends before it starts is refused under the end date, and nothing is saved', async () => {
    await signInAs(finance);
    const productName = unique('E2E Window ');
    const products = new ProductsPage(page);
    await products.goto();
    await products.startCreate();
    await products.fill({ name: productName, enrollingFrom: `03-10-${PRODUCT_YEAR}`, enrollingUntil: `03-01-${PRODUCT_YEAR}` });
    await products.drawer.save();
    await page.getByText('Product enrollment start must be before end').first().waitFor();
    await expect(products.drawer.errorUnder('Enrolling until')).resolves.toBe('Product enrollment start must be before end');
    expect(new URL(page.url()).pathname).toBe('/admin/products/create');
    const none = await api<{ pagination: { total: number } }>('GET', `/products?keyword=${encodeURIComponent(productName)}`, token);
    expect(none.pagination.total).toBe(0);

    // The server refuses the same window on its own.
    await expect(
      refusal('POST', '/products', { name: productName, flowType: 'HCTP', enrollingStartDate: `${PRODUCT_YEAR}-03-10`, enrollingEndDate: `${PRODUCT_YEAR}-03-01` }),
    ).resolves.toEqual({
      status: 409,
      message: 'Product enrollment start must be before end',
    });
  });
});

describe('archiving a cohort a product sells', () => {
  test('is refused with the product named, and the cohort stays', async () => {
    await signInAs(academic);
    const cohorts = new CohortsPage(page);
    await cohorts.open(sold.cohortId);
    await cohorts.drawer.title().filter({ hasText: sold.cohortLabel }).waitFor();
    await cohorts.archive();
    await new ConsoleFeedback(page).notification(`The cohort cannot be archived: it belongs to the product ${sold.productName}`);
    await screenshot(page, 'console-cohort-archive-refused');
    await page.getByTestId('archive-cohort').waitFor();
    const cohort = await api<CohortDto>('GET', `/cohorts/${sold.cohortId}`, token);
    expect(cohort.deleted).toBe(false);
    expect(cohort.status).not.toBe('ARCHIVED');
  });

  test('is refused in Spanish when the console is in Spanish', async () => {
    await signInAs(academic);
    await new ConsoleShell(page).switchLanguage('Español');
    await new ConsoleShell(page).menuLink(/Estudiantes/).waitFor();
    const cohorts = new CohortsPage(page);
    await cohorts.open(sold.cohortId);
    await page.getByTestId('archive-cohort').filter({ hasText: 'Archivar' }).waitFor();
    await cohorts.archive();
    await new ConsoleFeedback(page).notification(`La cohorte no se puede archivar: pertenece al producto ${sold.productName}`);
    expect((await api<CohortDto>('GET', `/cohorts/${sold.cohortId}`, token)).deleted).toBe(false);
  });
});
