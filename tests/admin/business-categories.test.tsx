import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import businessCategories from '../../admin/src/resources/business-categories';
import {
  toCategoryPayload,
  toLinePayload,
  toPlanPayload,
  type AccountingLine,
  type BusinessCategory,
  type CategoryPaymentPlan,
} from '../../admin/src/common/businessCategoryRecord';
import { callsOf as calls, currentLocation as location, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const updatedAt = '2026-03-02T15:00:00.000Z';
const category = (
  id: number,
  name: BusinessCategory['name'],
  description: string,
  d2l: BusinessCategory['d2LUserType'] = { code: null, displayName: null, identifier: null },
): BusinessCategory => ({
  id,
  name,
  description,
  d2LUserType: d2l,
  updatedBy: { id: 10, name: 'Root Admin' },
  updatedAt,
});
const categories = [
  category(3, 'HCTP', 'Health Coach Training Program', { code: 'HC', displayName: 'Health coach', identifier: '110' }),
  category(4, 'HCTP_ALUMNI', 'Courses for Health Coach Training Program alumni'),
];
const line = (id: number, overrides: Partial<AccountingLine> = {}): AccountingLine => ({
  id,
  businessCategoryId: 3,
  description: 'Registration fee',
  type: 'CHARGE',
  category: 'FEE',
  updatedBy: null,
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const plan = (id: number, overrides: Partial<CategoryPaymentPlan> = {}): CategoryPaymentPlan => ({
  id,
  businessCategoryId: 3,
  description: 'Full payment',
  paymentPlanType: 'PAY_IN_FULL',
  paymentScheduleType: 'FIXED_TERMS',
  installmentAmount: null,
  depositAmount: 500,
  interestRate: null,
  annualPercentageRate: null,
  tuitionPrice: 6000,
  totalTerm: 1,
  amortizeTerm: 0,
  principalAmount: null,
  salesforcePaymentPlanId: null,
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: updatedAt,
  updatedAt,
  ...overrides,
});
const monthly = plan(8, {
  description: 'Two-year plan',
  paymentPlanType: 'INTEREST_BEARING',
  paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
  installmentAmount: 250.5,
  depositAmount: 99.99,
  interestRate: 5.25,
  annualPercentageRate: 5.3751,
  totalTerm: 24,
  amortizeTerm: 12,
  salesforcePaymentPlanId: 'a0X000000001',
});

type Handler = (req: HttpRequest) => unknown;

/** The console with the business-categories resource, the real providers over a fake http client. */
function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const lines = [line(1), line(2, { description: 'Merit award', type: 'CREDIT', category: 'SCHOLARSHIP' })];
  const plans = [plan(7), monthly];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/business_categories' && method === 'GET') return { content: categories, pagination: { total: categories.length, page: 0, size: 20 } };
    const one = /^\/business_categories\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return categories.find((c) => c.id === Number(one[1]));
    if (one && method === 'PUT') return { ...categories.find((c) => c.id === Number(one[1])), ...(req.body as object), updatedAt: '2026-03-03T15:00:00.000Z' };
    if (req.path === '/business_categories/3/accounting_lines' && method === 'GET') return { content: lines, pagination: { total: lines.length, page: 0, size: 100 } };
    if (req.path === '/business_categories/3/accounting_lines' && method === 'POST') return { id: 9, businessCategoryId: 3, ...(req.body as object), updatedBy: null, updatedAt };
    const oneLine = /^\/business_categories\/3\/accounting_lines\/(\d+)$/.exec(req.path);
    if (oneLine && method === 'GET') return lines.find((l) => l.id === Number(oneLine[1]));
    if (oneLine && method === 'PUT') return { ...lines.find((l) => l.id === Number(oneLine[1])), ...(req.body as object) };
    if (req.path === '/business_categories/3/payment_plans' && method === 'GET') return { content: plans, pagination: { total: plans.length, page: 0, size: 100 } };
    if (req.path === '/business_categories/3/payment_plans' && method === 'POST') return { ...plan(11), ...(req.body as object) };
    const onePlan = /^\/business_categories\/3\/payment_plans\/(\d+)$/.exec(req.path);
    if (onePlan && method === 'GET') return plans.find((p) => p.id === Number(onePlan[1]));
    if (onePlan && method === 'PUT') return { ...plans.find((p) => p.id === Number(onePlan[1])), ...(req.body as object) };
    if (onePlan && method === 'DELETE') return null;
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path: path, request, permissions, locale: locale, children: <Resource name="business-categories" {...businessCategories} /> });
  return request;
}

/** The drawer on top (plan and line drawers open over the category drawer). */
const topDrawer = async (count = 1) => {
  await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(count));
  const all = screen.getAllByTestId('record-drawer');
  return all[all.length - 1];
};
/** The helper text (where field errors show) of the input labelled `label`. */
const helperText = (panel: HTMLElement, label: string) =>
  ((within(panel).getByLabelText(label, { exact: false }) as HTMLElement).closest('.ra-input') as HTMLElement).querySelector('.MuiFormHelperText-root')?.textContent;
/** Picks `option` in the MUI select labelled `label`. */
async function choose(panel: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(panel).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  // react-admin's data provider wrapper logs every rejected call; the refusals here are expected.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('business categories list', () => {
  test('asks for 20 a page sorted by NAME and shows each label, code, description and D2L user type; no add button', async () => {
    const request = renderConsole('/business-categories');
    const row = (await screen.findByText('HCTP alumni')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/business_categories')[0].query).toEqual({ size: 20, page: 0, sortBy: 'NAME', descending: false, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'HCTP alumniHCTP_ALUMNI',
      'Courses for Health Coach Training Program alumni',
      '',
      '03-02-2026',
      'Payment plans',
    ]);
    const hctp = screen.getByText('Health coach · HC').closest('tr') as HTMLElement;
    expect(within(hctp).getByRole('link', { name: 'Payment plans' }).getAttribute('href')).toBe('/business-categories/3/payment-plans');
    expect(screen.queryByRole('link', { name: /create|add/i })).toBeNull();
  });

  test('labels read in Spanish', async () => {
    renderConsole('/business-categories', { locale: 'es' });
    expect(await screen.findByText('Egresados de HCTP')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Planes de pago' }).length).toBe(2);
  });

  test('a row opens the drawer on the category’s details; the plans button opens its payment plans tab', async () => {
    renderConsole('/business-categories');
    fireEvent.click(await screen.findByText('Health Coach Training Program'));
    const drawer = await topDrawer();
    expect(location()).toBe('/business-categories/3');
    expect(await within(drawer).findByTestId('tabpanel-details')).not.toBeNull();
    expect(within(drawer).getByTestId('drawer-title').textContent).toBe('HCTP');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/business-categories'));
    await waitFor(() => expect(screen.queryByTestId('record-drawer')).toBeNull());
    const alumni = (await screen.findByText('HCTP alumni')).closest('tr') as HTMLElement;
    fireEvent.click(within(alumni).getByRole('link', { name: 'Payment plans' }));
    await waitFor(() => expect(location()).toBe('/business-categories/4/payment-plans'));
  });
});

describe('business category details', () => {
  test('saving sends exactly name, description and the D2L user type', async () => {
    const request = renderConsole('/business-categories/3');
    const drawer = await topDrawer();
    const description = await within(drawer).findByLabelText('Description');
    expect((within(drawer).getByLabelText('Code', { selector: '[data-testid="category-name"] input, input[name="name"]' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(description, { target: { value: '  The flagship program ' } });
    fireEvent.change(within(drawer).getByLabelText('Display name'), { target: { value: 'Coach' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Business category saved');
    expect(calls(request, 'PUT', '/business_categories/3')).toEqual([
      {
        method: 'PUT',
        path: '/business_categories/3',
        body: { name: 'HCTP', description: 'The flagship program', d2LUserType: { code: 'HC', displayName: 'Coach', identifier: '110' } },
      },
    ]);
  });

  test("the server's 409 refusal is shown as sent, and in Spanish from the message catalogue", async () => {
    const refuse = (req: HttpRequest) => {
      if (req.method === 'PUT') throw new HttpError(409, { status: 409, code: 'BUSINESS_CATEGORY_NAME_FIXED', message: 'The business category name cannot be changed' });
      return undefined;
    };
    renderConsole('/business-categories/4', { handler: refuse, locale: 'es' });
    const drawer = await topDrawer();
    fireEvent.change(await within(drawer).findByLabelText('Descripción'), { target: { value: 'Otra' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('El nombre de la categoría de negocio no se puede cambiar');
    expect(screen.queryByText('Categoría de negocio guardada')).toBeNull();
  });

  test("a 400's field errors land under their inputs (nested D2L fields too)", async () => {
    renderConsole('/business-categories/4', {
      handler: (req) => {
        if (req.method === 'PUT') throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid', errors: { 'd2LUserType.code': 'Maximum 40 characters' } });
        return undefined;
      },
    });
    const drawer = await topDrawer();
    fireEvent.change(await within(drawer).findByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const input = drawer.querySelector('input[name="d2LUserType.code"]') as HTMLElement;
      expect((input.closest('.ra-input') as HTMLElement).querySelector('.MuiFormHelperText-root')?.textContent).toBe('Maximum 40 characters');
    });
  });

  test('with read permission only: the details read-only, no add buttons on the lines and plans tabs', async () => {
    const request = renderConsole('/business-categories/3', { permissions: ['business_categories:read'] });
    const drawer = await topDrawer();
    expect(await within(drawer).findByTestId('category-view')).not.toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(drawer).getByTestId('tab-lines'));
    await within(drawer).findByText('Merit award');
    expect(within(drawer).queryByTestId('add-line')).toBeNull();
    fireEvent.click(within(drawer).getByTestId('tab-plans'));
    await within(drawer).findByText('Two-year plan');
    expect(within(drawer).queryByTestId('add-plan')).toBeNull();
    // A plan opens read-only, without delete.
    fireEvent.click(within(drawer).getByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    expect(within(planDrawer).getByTestId('plan-view').textContent).toContain('$250.50');
    expect(within(planDrawer).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls(request, 'PUT', '/business_categories/3')).toEqual([]);
  });
});

describe('accounting lines', () => {
  test('lists the category’s lines (100 a page) with their labels; adding sends exactly description, type and category', async () => {
    const request = renderConsole('/business-categories/3');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByTestId('tab-lines'));
    const row = (await within(drawer).findByText('Merit award')).closest('tr') as HTMLElement;
    expect(within(drawer).getByTestId('tab-count').textContent).toBe('2 accounting lines');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Merit award', 'Credit', 'Scholarship', '03-02-2026']);
    expect(calls(request, 'GET', '/business_categories/3/accounting_lines')[0].query).toEqual({ size: 100, page: 0, sortBy: 'id', descending: false, keyword: undefined });

    fireEvent.click(within(drawer).getByTestId('add-line'));
    const lineDrawer = await topDrawer(2);
    expect(within(lineDrawer).getByRole('heading', { level: 2 }).textContent).toBe('New accounting line');
    fireEvent.change(within(lineDrawer).getByLabelText('Description *'), { target: { value: ' Sales tax ' } });
    await choose(lineDrawer, 'Type', 'Charge');
    await choose(lineDrawer, 'Category', 'Tax');
    fireEvent.click(within(lineDrawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Accounting line added');
    expect(calls(request, 'POST', '/business_categories/3/accounting_lines')).toEqual([
      { method: 'POST', path: '/business_categories/3/accounting_lines', body: { description: 'Sales tax', type: 'CHARGE', category: 'TAX' } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(1));
  });

  test('a row opens the line; saving PUTs it; missing fields are refused before any call', async () => {
    const request = renderConsole('/business-categories/3');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByTestId('tab-lines'));
    fireEvent.click(await within(drawer).findByText('Registration fee'));
    const lineDrawer = await topDrawer(2);
    const description = await within(lineDrawer).findByLabelText('Description *');
    fireEvent.change(description, { target: { value: '' } });
    fireEvent.click(within(lineDrawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(lineDrawer, 'Description')).toBe('This field is required'));
    fireEvent.change(description, { target: { value: 'Late fee' } });
    await waitFor(() => expect(within(lineDrawer).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(lineDrawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Accounting line saved');
    expect(calls(request, 'PUT', '/business_categories/3/accounting_lines/1')).toEqual([
      { method: 'PUT', path: '/business_categories/3/accounting_lines/1', body: { description: 'Late fee', type: 'CHARGE', category: 'FEE' } },
    ]);
  });
});

describe('payment plans', () => {
  test('/business-categories/:id/payment-plans opens the drawer on the plans tab (page 0, size 100); tabs move between the routes', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    const row = (await within(drawer).findByText('Two-year plan')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Two-year plan', 'Interest bearingFixed installment amount', '$6,000.00', '$99.99', '24 months']);
    expect(calls(request, 'GET', '/business_categories/3/payment_plans')[0].query).toEqual({ size: 100, page: 0, sortBy: 'id', descending: false, keyword: undefined });
    expect(within(drawer).getByTestId('tab-count').textContent).toBe('2 payment plans');
    fireEvent.click(within(drawer).getByTestId('tab-lines'));
    await waitFor(() => expect(location()).toBe('/business-categories/3'));
    expect(await within(drawer).findByTestId('tabpanel-lines')).not.toBeNull();
    fireEvent.click(within(drawer).getByTestId('tab-plans'));
    await waitFor(() => expect(location()).toBe('/business-categories/3/payment-plans'));
  });

  test('a new plan starts pay in full: schedule FIXED_TERMS and total term 1 shown disabled, no installment or principal; the POST carries exactly the plan', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByTestId('add-plan'));
    const planDrawer = await topDrawer(2);
    expect(within(planDrawer).getByRole('heading', { level: 2 }).textContent).toBe('New payment plan');
    const schedule = within(planDrawer).getByRole('combobox', { name: /^Schedule type/ });
    expect(schedule.textContent).toBe('Fixed terms');
    expect(schedule.getAttribute('aria-disabled')).toBe('true');
    const totalTerm = within(planDrawer).getByLabelText('Total term') as HTMLInputElement;
    expect([totalTerm.value, totalTerm.disabled]).toEqual(['1', true]);
    expect(within(planDrawer).queryByLabelText('Installment amount', { exact: false })).toBeNull();
    expect(within(planDrawer).queryByLabelText('Principal amount', { exact: false })).toBeNull();

    fireEvent.change(within(planDrawer).getByLabelText('Description *'), { target: { value: 'In full' } });
    fireEvent.change(within(planDrawer).getByLabelText('Tuition price'), { target: { value: '1999.9' } });
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Payment plan added');
    expect(calls(request, 'POST', '/business_categories/3/payment_plans')).toEqual([
      {
        method: 'POST',
        path: '/business_categories/3/payment_plans',
        body: {
          description: 'In full',
          paymentPlanType: 'PAY_IN_FULL',
          paymentScheduleType: 'FIXED_TERMS',
          installmentAmount: null,
          depositAmount: null,
          interestRate: null,
          annualPercentageRate: null,
          tuitionPrice: 1999.9,
          totalTerm: 1,
          amortizeTerm: 0,
          principalAmount: null,
          salesforcePaymentPlanId: null,
        },
      },
    ]);
  });

  test('interest bearing: the schedule type decides which amount shows and is required', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByTestId('add-plan'));
    const planDrawer = await topDrawer(2);
    fireEvent.change(within(planDrawer).getByLabelText('Description *'), { target: { value: '12 months' } });
    await choose(planDrawer, 'Plan type', 'Interest bearing');
    const totalTerm = within(planDrawer).getByLabelText('Total term *') as HTMLInputElement;
    expect(totalTerm.disabled).toBe(false);
    await choose(planDrawer, 'Schedule type', 'Fixed principal amount');
    expect(within(planDrawer).getByLabelText('Principal amount *')).not.toBeNull();
    expect(within(planDrawer).queryByLabelText('Installment amount', { exact: false })).toBeNull();
    await choose(planDrawer, 'Schedule type', 'Fixed installment amount');
    expect(within(planDrawer).queryByLabelText('Principal amount', { exact: false })).toBeNull();
    fireEvent.change(totalTerm, { target: { value: '12' } });
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(planDrawer, 'Installment amount *')).toBe('This field is required'));
    expect(calls(request, 'POST', '/business_categories/3/payment_plans')).toEqual([]);

    fireEvent.change(within(planDrawer).getByLabelText('Installment amount *'), { target: { value: '180' } });
    fireEvent.change(within(planDrawer).getByLabelText('Interest rate'), { target: { value: '4.5' } });
    await waitFor(() => expect(within(planDrawer).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Payment plan added');
    expect(calls(request, 'POST', '/business_categories/3/payment_plans')[0].body).toEqual({
      description: '12 months',
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
      installmentAmount: 180,
      depositAmount: null,
      interestRate: 4.5,
      annualPercentageRate: null,
      tuitionPrice: null,
      totalTerm: 12,
      amortizeTerm: 0,
      principalAmount: null,
      salesforcePaymentPlanId: null,
    });
  });

  test('switching an interest-bearing plan to pay in full sends FIXED_TERMS, 1 term and no installment amount', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    expect(((await within(planDrawer).findByLabelText('Installment amount *')) as HTMLInputElement).value).toBe('250.50');
    await choose(planDrawer, 'Plan type', 'Pay in full');
    await waitFor(() => expect((within(planDrawer).getByLabelText('Total term') as HTMLInputElement).value).toBe('1'));
    expect(within(planDrawer).getByRole('combobox', { name: /^Schedule type/ }).textContent).toBe('Fixed terms');
    fireEvent.change(within(planDrawer).getByLabelText('Amortize term'), { target: { value: '0' } });
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await screen.findByText('Payment plan saved');
    expect(calls(request, 'PUT', '/business_categories/3/payment_plans/8')[0].body).toEqual({
      description: 'Two-year plan',
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      installmentAmount: null,
      depositAmount: 99.99,
      interestRate: 5.25,
      annualPercentageRate: 5.3751,
      tuitionPrice: 6000,
      totalTerm: 1,
      amortizeTerm: 0,
      principalAmount: null,
      salesforcePaymentPlanId: 'a0X000000001',
    });
  });

  test('the amortize term may not exceed the total term (checked before the call)', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    fireEvent.change(await within(planDrawer).findByLabelText('Amortize term'), { target: { value: '25' } });
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(planDrawer, 'Amortize term')).toBe('Invalid value'));
    expect(calls(request, 'PUT', '/business_categories/3/payment_plans/8')).toEqual([]);
  });

  test("a 400's field errors from the server land under the plan's inputs", async () => {
    renderConsole('/business-categories/3/payment-plans', {
      handler: (req) => {
        if (req.method === 'PUT') throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid', errors: { tuitionPrice: 'Invalid value' } });
        return undefined;
      },
    });
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByText('Full payment'));
    const planDrawer = await topDrawer(2);
    fireEvent.change(await within(planDrawer).findByLabelText('Description *'), { target: { value: 'Full price' } });
    fireEvent.click(within(planDrawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperText(planDrawer, 'Tuition price')).toBe('Invalid value'));
  });

  test('delete asks first, then DELETEs the plan and closes its drawer', async () => {
    const request = renderConsole('/business-categories/3/payment-plans');
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    fireEvent.click(await within(planDrawer).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the payment plan “Two-year plan”?' });
    expect(calls(request, 'DELETE', '/business_categories/3/payment_plans/8')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Payment plan deleted');
    expect(calls(request, 'DELETE', '/business_categories/3/payment_plans/8')).toEqual([{ method: 'DELETE', path: '/business_categories/3/payment_plans/8' }]);
    await waitFor(() => expect(screen.getAllByTestId('record-drawer').length).toBe(1));
  });

  test("a refused delete shows the server's message", async () => {
    renderConsole('/business-categories/3/payment-plans', {
      handler: (req) => {
        if (req.method === 'DELETE') throw new HttpError(409, { status: 409, code: 'PAYMENT_PLAN_IN_USE', message: 'The payment plan is used by products' });
        return undefined;
      },
    });
    const drawer = await topDrawer();
    fireEvent.click(await within(drawer).findByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    fireEvent.click(await within(planDrawer).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: /Delete the payment plan/ })).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The payment plan is used by products');
  });

  test('with create and update but not delete: add and edit, no delete button', async () => {
    renderConsole('/business-categories/3/payment-plans', { permissions: ['business_categories:read', 'business_categories:create', 'business_categories:update'] });
    const drawer = await topDrawer();
    expect(await within(drawer).findByTestId('add-plan')).not.toBeNull();
    fireEvent.click(await within(drawer).findByText('Two-year plan'));
    const planDrawer = await topDrawer(2);
    expect(await within(planDrawer).findByRole('button', { name: 'Save' })).not.toBeNull();
    expect(within(planDrawer).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('payloads', () => {
  test('category: name as read, trimmed description, an empty D2L user type is null', () => {
    const form = { ...categories[1], description: ' Alumni ', d2LUserType: { code: ' ', displayName: '', identifier: null } };
    expect(toCategoryPayload(form)).toEqual({ name: 'HCTP_ALUMNI', description: 'Alumni', d2LUserType: null });
    expect(toCategoryPayload({ ...categories[0], description: '' })).toEqual({
      name: 'HCTP',
      description: null,
      d2LUserType: { code: 'HC', displayName: 'Health coach', identifier: '110' },
    });
  });

  test('accounting line: description, type and category only', () => {
    expect(toLinePayload(line(1, { description: ' Fee ' }))).toEqual({ description: 'Fee', type: 'CHARGE', category: 'FEE' });
  });

  test('plan: pay in full forces FIXED_TERMS and 1 term; amounts of other schedules are null', () => {
    const form = { ...monthly, paymentPlanType: 'PAY_IN_FULL' as const, principalAmount: 100, tuitionPrice: '6000' as unknown as number };
    expect(toPlanPayload(form)).toMatchObject({
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
      installmentAmount: null,
      principalAmount: null,
      tuitionPrice: 6000,
    });
    expect(toPlanPayload({ ...monthly, paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT', principalAmount: 5900.01 })).toMatchObject({
      installmentAmount: null,
      principalAmount: 5900.01,
      totalTerm: 24,
    });
    expect(Object.keys(toPlanPayload(monthly)).sort()).toEqual([
      'amortizeTerm',
      'annualPercentageRate',
      'depositAmount',
      'description',
      'installmentAmount',
      'interestRate',
      'paymentPlanType',
      'paymentScheduleType',
      'principalAmount',
      'salesforcePaymentPlanId',
      'totalTerm',
      'tuitionPrice',
    ]);
  });
});
