import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { describeCriteria } from '../../admin/src/common/FilterChips';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import products from '../../admin/src/resources/products';
import { enrollingNotification, windowText } from '../../admin/src/resources/products/ProductActions';
import { productFilterDescriptors, withArchived } from '../../admin/src/resources/products/productFilters';
import {
  adjustmentAmount,
  enrollingWindowError,
  planName,
  toAdjustmentPayload,
  toProductPayload,
  toProductPlanPayload,
  type PlanAdjustment,
  type Product,
  type ProductPaymentPlan,
} from '../../admin/src/resources/products/productRecord';
import { signedAmount } from '../../admin/src/resources/products/PlanAdjustments';
import { templateLabel } from '../../admin/src/resources/products/ProductPaymentPlans';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
// The drawers hold whole react-admin forms: jsdom renders them slowly.

const updatedAt = '2026-03-02T15:00:00.000Z';
const cohort = { id: 11, label: 'HCTP 01-15-2027 - 12-15-2027', status: 'CREATED' as const, startDate: '2027-01-15', endDate: '2027-12-15' };
const product = (id: number, overrides: Partial<Product> = {}): Product => ({
  id,
  name: 'HCTP January',
  deleted: false,
  description: 'Twelve months',
  salesforceProductType: null,
  salesforceProductId: 'SF-1',
  enrollmentAgreementUrl: null,
  cost: 6000,
  flowType: 'HCTP',
  enrollingStartDate: '2026-01-01',
  enrollingEndDate: '2026-12-31',
  enrolling: true,
  published: false,
  cohortIds: [11],
  cohorts: [cohort],
  paymentPlanCount: 1,
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const template = {
  id: 21,
  businessCategoryId: 3,
  description: 'Two-year plan',
  paymentPlanType: 'INTEREST_BEARING' as const,
  paymentScheduleType: 'FIXED_TERMS' as const,
  tuitionPrice: 6000,
  depositAmount: 500,
  installmentAmount: null,
  totalTerm: 24,
  interestRate: 5,
  annualPercentageRate: null,
  amortizeTerm: null,
  principalAmount: 5500,
  salesforcePaymentPlanId: null,
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
};
const plan = (id: number, overrides: Partial<ProductPaymentPlan> = {}): ProductPaymentPlan => ({
  id,
  productId: 1,
  paymentPlanId: 21,
  paymentPlan: template,
  shortDescription: 'Monthly',
  longDescription: null,
  salesforcePaymentPlanId: null,
  adjustments: [],
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const adjustment = (id: number, overrides: Partial<PlanAdjustment> = {}): PlanAdjustment => ({
  id,
  productPaymentPlanId: 7,
  description: 'Early bird',
  type: 'CREDIT',
  category: 'PROMO',
  amount: 250,
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

/** The console with the products resource, the real providers over a fake http client. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    product(1),
    product(2, { name: 'Advanced hormones', flowType: 'DYNAMIC', published: true, enrolling: false, cost: 1800, cohortIds: [], cohorts: [], paymentPlanCount: 0 }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/products' && method === 'GET') return page(rows);
    if (req.path === '/products/find_by_criteria') return page(rows.slice(0, 1));
    const one = /^\/products\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((p) => p.id === Number(one[1]));
    if (one && method === 'PUT') return { ...rows.find((p) => p.id === Number(one[1])), ...(req.body as object) };
    if (one && method === 'DELETE') return null;
    if (req.path === '/products' && method === 'POST') return product(5, req.body as Partial<Product>);
    if (/^\/products\/\d+\/publish$/.test(req.path)) return { ...rows[0], published: !req.query?.publish === false };
    if (/^\/products\/\d+\/check_enrolling_status$/.test(req.path))
      return { enrolling: true, enrollingStartDate: '2026-01-01', enrollingEndDate: '2026-12-31', today: '2026-06-01' };
    if (req.path === '/cohorts/find_by_criteria' || req.path === '/cohorts') return page([cohort]);
    if (req.path === '/business_categories/payment_plans') return page([template]);
    if (req.path === '/products/1/product_payment_plans' && method === 'GET') return { ...page([plan(7)]), pagination: { total: 1, page: 0, size: 100 } };
    if (req.path === '/products/1/product_payment_plans' && method === 'POST') return plan(8, req.body as Partial<ProductPaymentPlan>);
    if (req.path === '/products/1/product_payment_plans/7' && method === 'GET') return plan(7);
    if (req.path === '/products/1/product_payment_plans/7/adjustments' && method === 'GET') return page([adjustment(3)]);
    if (req.path === '/products/1/product_payment_plans/7/adjustments' && method === 'POST') return adjustment(4, req.body as Partial<PlanAdjustment>);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path: path, request, permissions, locale: locale, children: <Resource name="products" {...products} /> });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');
const helperText = (panel: HTMLElement, label: string) =>
  ((within(panel).getByLabelText(label, { exact: false }) as HTMLElement).closest('.ra-input') as HTMLElement).querySelector('.MuiFormHelperText-root')?.textContent;
async function choose(panel: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(await within(panel).findByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('products list', () => {
  test('asks for id ascending, 10 a page, and shows name, flow type, cost, window, enrolling, published, cohorts and plans', async () => {
    const request = renderConsole('/products');
    const row = (await screen.findByText('Advanced hormones')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/products')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '2',
      'Advanced hormones',
      'Dynamic enrollment',
      '$1,800.00',
      '01-01-2026 – 12-31-2026',
      'No',
      'Yes',
      '—',
      '0',
    ]);
    expect(within(row).getByRole('link', { name: '0' }).getAttribute('href')).toBe('/products/2/payment-plans');
    expect(screen.getByTestId('cohorts-1').textContent).toBe('1');
  });

  test("criteria in the URL search by criteria and read as chips: 'Published: Yes', 'Enrolling: No'", async () => {
    const filter = encodeURIComponent(JSON.stringify({ published: true, enrolling: false }));
    const request = renderConsole(`/products?filter=${filter}`);
    expect(await screen.findByTestId('filter-chip-published')).toHaveProperty('textContent', 'Published: Yes');
    expect(screen.getByTestId('filter-chip-enrolling').textContent).toBe('Enrolling: No');
    await waitFor(() => expect(calls(request, 'POST', '/products/find_by_criteria')[0]?.body).toEqual({ published: true, enrolling: false }));
  });

  test('"Show archived" asks for the archived products and reads as a chip', async () => {
    const request = renderConsole('/products');
    fireEvent.click(await screen.findByTestId('show-archived'));
    expect(await screen.findByTestId('filter-chip-deleted')).toHaveProperty('textContent', 'Archived: Yes');
    await waitFor(() => expect(calls(request, 'POST', '/products/find_by_criteria').at(-1)?.body).toEqual({ deleted: true }));
  });

  test('in Spanish the chips, labels and flow types read in Spanish', async () => {
    const filter = encodeURIComponent(JSON.stringify({ published: true }));
    renderConsole(`/products?filter=${filter}`, { locale: 'es' });
    expect(await screen.findByTestId('filter-chip-published')).toHaveProperty('textContent', 'Publicado: Sí');
    expect(await screen.findByText('Inscripción HCTP')).not.toBeNull();
  });
});

describe('product drawer', () => {
  test('opens on /products/:id with its state, actions and the form; saving sends exactly the accepted fields', async () => {
    const request = renderConsole('/products/1');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'HCTP January');
    expect(within(panel).getByTestId('product-status').textContent).toBe('Not publishedEnrolling');
    fireEvent.change(await within(panel).findByLabelText('Name', { exact: false }), { target: { value: '  HCTP Jan 2027 ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Product saved');
    expect(calls(request, 'PUT', '/products/1')[0].body).toEqual({
      name: 'HCTP Jan 2027',
      description: 'Twelve months',
      salesforceProductType: null,
      salesforceProductId: 'SF-1',
      enrollmentAgreementUrl: null,
      cost: 6000,
      flowType: 'HCTP',
      enrollingStartDate: '2026-01-01',
      enrollingEndDate: '2026-12-31',
      cohortIds: [11],
    });
  });

  test("an enrolling start after the end is refused under the end date ('Product enrollment start must be before end'), no call", async () => {
    const request = renderConsole('/products/1');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Enrolling until'), { target: { value: '12-31-2025' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(panel, 'Enrolling until')).toBe('Product enrollment start must be before end'));
    expect(calls(request, 'PUT', '/products/1')).toEqual([]);
  });

  test("Publish calls POST /products/{id}/publish; the server's refusal is notified as sent", async () => {
    const request = renderConsole('/products/1', {
      handler: (req) => {
        if (req.path === '/products/1/publish') throw refusal('PRODUCT_PUBLISH_REQUIREMENTS', 'A product needs a payment plan and a product item to be published');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('publish-product'));
    await screen.findByText('A product needs a payment plan and a product item to be published');
    expect(calls(request, 'POST', '/products/1/publish')).toEqual([{ method: 'POST', path: '/products/1/publish', query: undefined }]);
  });

  test('the publish refusal reads in Spanish from the message catalogue', async () => {
    renderConsole('/products/1', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/products/1/publish') throw refusal('PRODUCT_PUBLISH_REQUIREMENTS', 'A product needs a payment plan and a product item to be published');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Publicar' }));
    await screen.findByText('Un producto necesita un plan de pago y un artículo para publicarse');
  });

  test('Check enrolling status tells the answer with its window', async () => {
    renderConsole('/products/1');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('check-enrolling'));
    await screen.findByText('Enrolling today (01-01-2026 – 12-31-2026)');
  });

  test('Archive asks first, then DELETEs the product; a published product shows Unpublish', async () => {
    const request = renderConsole('/products/2');
    const panel = await drawer();
    expect(await within(panel).findByTestId('unpublish-product')).not.toBeNull();
    fireEvent.click(within(panel).getByTestId('archive-product'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Product archived');
    expect(calls(request, 'DELETE', '/products/2')).toHaveLength(1);
  });

  test('an archived product shows Undelete and reads only', async () => {
    const request = renderConsole('/products/3', {
      handler: (req) =>
        req.path === '/products/3' && (req.method ?? 'GET') === 'GET' ? product(3, { deleted: true }) : req.path === '/products/3/undeleted' ? product(3) : undefined,
    });
    const panel = await drawer();
    expect(await within(panel).findByTestId('product-archived')).not.toBeNull();
    expect(within(panel).getByTestId('product-view')).not.toBeNull();
    expect(within(panel).queryByTestId('publish-product')).toBeNull();
    fireEvent.click(within(panel).getByTestId('undelete-product'));
    await screen.findByText('Product restored (not published)');
    expect(calls(request, 'PATCH', '/products/3/undeleted')).toHaveLength(1);
  });

  test('with read permission only: no publish, archive or form, the product read only', async () => {
    renderConsole('/products/1', { permissions: ['products:read'] });
    const panel = await drawer();
    expect(await within(panel).findByTestId('product-view')).not.toBeNull();
    expect(within(panel).getByTestId('product-cohort-labels').textContent).toBe('HCTP 01-15-2027 - 12-15-2027');
    expect(within(panel).queryByTestId('publish-product')).toBeNull();
    expect(within(panel).queryByTestId('archive-product')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('payment plans and adjustments screens', () => {
  test('/products/:id/payment-plans lists the plans (100 a page); adding sends exactly the template and the texts', async () => {
    const request = renderConsole('/products/1/payment-plans');
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Payment plans of HCTP January');
    expect(calls(request, 'GET', '/products/1/product_payment_plans')[0].query).toMatchObject({ size: 100, page: 0, sortBy: 'id' });
    expect((await screen.findByText('Two-year plan')).closest('tr')?.textContent).toContain('$6,000.00');
    fireEvent.click(screen.getByTestId('add-plan'));
    const panel = await drawer();
    await choose(panel, 'Payment plan template', 'Two-year plan · Interest bearing · $6,000.00');
    fireEvent.change(within(panel).getByLabelText('Short description'), { target: { value: ' 24 payments ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Payment plan added');
    expect(calls(request, 'POST', '/products/1/product_payment_plans')[0].body).toEqual({
      paymentPlanId: 21,
      shortDescription: '24 payments',
      longDescription: null,
      salesforcePaymentPlanId: null,
    });
  });

  test('.../adjustments lists signed amounts; an amount of zero is refused before any call; a good one is POSTed', async () => {
    const request = renderConsole('/products/1/payment-plans/7/adjustments');
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Adjustments of Monthly');
    expect((await screen.findByTestId('amount-3')).textContent).toBe('-$250.00');
    fireEvent.click(screen.getByTestId('add-adjustment'));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Description', { exact: false }), { target: { value: 'Late fee' } });
    await choose(panel, 'Type', 'Charge');
    await choose(panel, 'Category', 'Fee');
    fireEvent.change(within(panel).getByLabelText('Amount', { exact: false }), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(panel, 'Amount')).toBe('Invalid value'));
    expect(calls(request, 'POST', '/products/1/product_payment_plans/7/adjustments')).toEqual([]);
    fireEvent.change(within(panel).getByLabelText('Amount', { exact: false }), { target: { value: '35.5' } });
    await waitFor(() => expect(helperText(panel, 'Amount')).toBe('Above zero: a charge adds it, a credit takes it off.'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Adjustment added');
    expect(calls(request, 'POST', '/products/1/product_payment_plans/7/adjustments')[0].body).toEqual({ description: 'Late fee', type: 'CHARGE', category: 'FEE', amount: 35.5 });
  });
});

describe('payloads and helpers', () => {
  test('product: only the accepted fields, trimmed, blanks as null, cohortIds as unique numbers', () => {
    const form = { ...product(1), name: ' HCTP ', description: '  ', cost: '12.5' as unknown as number, cohortIds: [11, 12, 11] };
    const payload = toProductPayload(form);
    expect(payload).toEqual({
      name: 'HCTP',
      description: null,
      salesforceProductType: null,
      salesforceProductId: 'SF-1',
      enrollmentAgreementUrl: null,
      cost: 12.5,
      flowType: 'HCTP',
      enrollingStartDate: '2026-01-01',
      enrollingEndDate: '2026-12-31',
      cohortIds: [11, 12],
    });
    expect(toProductPayload({ name: 'x', flowType: 'PURCHASE' })).toMatchObject({ cost: null, enrollingStartDate: null, cohortIds: [] });
  });

  test('product plan and adjustment: exactly their fields', () => {
    expect(toProductPlanPayload({ ...plan(7), paymentPlanId: '21' as unknown as number, longDescription: ' ' })).toEqual({
      paymentPlanId: 21,
      shortDescription: 'Monthly',
      longDescription: null,
      salesforcePaymentPlanId: null,
    });
    expect(toAdjustmentPayload({ ...adjustment(3), description: ' Promo ' })).toEqual({ description: 'Promo', type: 'CREDIT', category: 'PROMO', amount: 250 });
  });

  test('the enrolling window: a start after the end is refused, equal dates and open ends are not', () => {
    expect(enrollingWindowError({ enrollingStartDate: '2026-02-01', enrollingEndDate: '2026-01-31' })).toBe('Product enrollment start must be before end');
    expect(enrollingWindowError({ enrollingStartDate: '2026-02-01', enrollingEndDate: '2026-02-01' })).toBeUndefined();
    expect(enrollingWindowError({ enrollingStartDate: '2026-02-01', enrollingEndDate: null })).toBeUndefined();
    expect(enrollingWindowError({ enrollingStartDate: '02-30-20', enrollingEndDate: '2026-01-01' })).toBeUndefined();
  });

  test('adjustment amounts are required, above zero, in whole cents', () => {
    expect(adjustmentAmount('')).toBe('This field is required');
    expect([0, -1, 1.234, 'x'].map((v) => adjustmentAmount(v))).toEqual(['Invalid value', 'Invalid value', 'Invalid value', 'Invalid value']);
    expect(adjustmentAmount(0.01)).toBeUndefined();
  });

  test("filter chips read 'Published: Yes', 'Enrolling: No', 'Flow type: …', 'Archived: Yes'", () => {
    const translate = createI18nProvider('en').translate;
    const chips = describeCriteria(
      { q: 'x', savedFilterId: 3, published: true, enrolling: false, flowTypes: ['HCTP', 'PURCHASE'], deleted: true },
      productFilterDescriptors,
      translate,
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual(['Published: Yes', 'Enrolling: No', 'Flow type: HCTP enrollment, Purchase', 'Archived: Yes']);
    const es = createI18nProvider('es').translate;
    expect(describeCriteria({ enrolling: false }, productFilterDescriptors, es).map((c) => `${c.label}: ${c.value}`)).toEqual(['Inscribiendo: No']);
  });

  test('"Show archived" adds or removes deleted and leaves the saved filter', () => {
    expect(withArchived({ q: 'x', savedFilterId: 2, savedFilterName: 'Mine', published: true }, true)).toEqual({ q: 'x', published: true, deleted: true });
    expect(withArchived({ deleted: true, published: false }, false)).toEqual({ published: false });
  });

  test('enrolling notifications, signed amounts, template labels and plan names', () => {
    expect(windowText({ enrollingStartDate: '2026-01-01', enrollingEndDate: null })).toBe('01-01-2026 – …');
    expect(enrollingNotification({ enrolling: false, enrollingStartDate: '2026-01-01', enrollingEndDate: '2026-02-01' })).toEqual({
      key: 'resources.products.notifications.not_enrolling',
      window: '01-01-2026 – 02-01-2026',
    });
    expect(enrollingNotification({ enrolling: false, enrollingStartDate: null, enrollingEndDate: null }).key).toBe('resources.products.notifications.no_window');
    expect(signedAmount({ type: 'CREDIT', amount: 250 })).toBe('-$250.00');
    expect(signedAmount({ type: 'CHARGE', amount: 35.5 })).toBe('$35.50');
    const translate = createI18nProvider('es').translate;
    expect(templateLabel(template, translate)).toBe('Two-year plan · Con intereses · $6,000.00');
    expect(planName(plan(7, { shortDescription: null }))).toBe('Two-year plan');
  });
});
