import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { BillingCalculatorPage } from '../../admin/src/billing';
import { toGeneratePayload, visibleFields } from '../../admin/src/billing/BillingCalculator';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/** What POST /payment_plans/generate answers for $6,000 tuition + $150 fee, $500 deposit, 3 months at 0 %. */
const preview = {
  principal: 6150,
  deposit: 500,
  financed: 5650,
  interest: 0,
  total: 6150,
  entries: [
    { number: 1, kind: 'DEPOSIT', dueDate: '2026-04-01', principal: 500, interest: 0, amount: 500, balance: 5650 },
    { number: 2, kind: 'INSTALLMENT', dueDate: '2026-05-01', principal: 1883.33, interest: 0, amount: 1883.33, balance: 3766.67 },
    { number: 3, kind: 'INSTALLMENT', dueDate: '2026-06-01', principal: 1883.33, interest: 0, amount: 1883.33, balance: 1883.34 },
    { number: 4, kind: 'INSTALLMENT', dueDate: '2026-07-01', principal: 1883.34, interest: 0, amount: 1883.34, balance: 0 },
  ],
};

function renderCalculator(handler?: (req: HttpRequest) => unknown, locale: 'en' | 'es' = 'en') {
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    if (req.path === '/payment_plans/generate') return preview;
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${req.path}`);
  });
  renderAdmin({
    path: '/billing-calculator',
    request,
    permissions: ['payment_plans:read'],
    locale,
    children: (
      <CustomRoutes>
        <Route path="/billing-calculator" element={<BillingCalculatorPage />} />
      </CustomRoutes>
    ),
  });
  return request;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the payload', () => {
  test('an interest-bearing plan sends its terms; empty inputs are left out', () => {
    expect(
      toGeneratePayload({
        paymentPlanType: 'INTEREST_BEARING',
        paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
        tuitionPrice: 6000,
        registrationFee: null,
        booksAndMaterialsFee: 150,
        depositAmount: 500,
        annualPercentageRate: 9.9,
        totalTerm: 12,
        installmentAmount: 500,
        principalAmount: 100,
        firstDueDate: '2026-04-01',
      }),
    ).toEqual({
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
      tuitionPrice: 6000,
      booksAndMaterialsFee: 150,
      depositAmount: 500,
      annualPercentageRate: 9.9,
      totalTerm: 12,
      installmentAmount: 500,
      firstDueDate: '2026-04-01',
    });
  });

  test('a plan paid in full sends the tuition, the fees and the first due date only', () => {
    expect(
      toGeneratePayload({ paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', tuitionPrice: 6000, depositAmount: 500, totalTerm: 12, firstDueDate: '2026-04-01' }),
    ).toEqual({
      paymentPlanType: 'PAY_IN_FULL',
      tuitionPrice: 6000,
      firstDueDate: '2026-04-01',
    });
    expect(visibleFields({ paymentPlanType: 'PAY_IN_FULL' })).not.toContain('totalTerm');
    expect(visibleFields({ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT' })).toContain('principalAmount');
  });
});

describe('the calculator screen', () => {
  test('the terms → POST /payment_plans/generate → totals and the schedule', async () => {
    const request = renderCalculator();
    await screen.findByTestId('billing-calculator');
    fireEvent.change(input('Tuition'), { target: { value: '6000' } });
    fireEvent.change(input('Registration fee'), { target: { value: '150' } });
    fireEvent.change(input('Deposit'), { target: { value: '500' } });
    fireEvent.change(input('Total term (months)'), { target: { value: '3' } });
    fireEvent.change(input('First due date'), { target: { value: '04-01-2026' } });
    fireEvent.click(screen.getByTestId('calculate'));
    const result = await screen.findByTestId('calculator-preview');
    expect(calls(request, 'POST', '/payment_plans/generate').map((r) => r.body)).toEqual([
      {
        paymentPlanType: 'INTEREST_BEARING',
        paymentScheduleType: 'FIXED_TERMS',
        tuitionPrice: 6000,
        registrationFee: 150,
        depositAmount: 500,
        annualPercentageRate: 0,
        totalTerm: 3,
        firstDueDate: '2026-04-01',
      },
    ]);
    expect(within(result).getByTestId('preview-principal').textContent).toBe('$6,150.00');
    expect(within(result).getByTestId('preview-financed').textContent).toBe('$5,650.00');
    expect(within(result).getByTestId('preview-total').textContent).toBe('$6,150.00');
    const rows = within(within(result).getByTestId('preview-schedule')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'Deposit', '04-01-2026', '$500.00', '$0.00', '$500.00', '$5,650.00'],
      ['2', 'Installment', '05-01-2026', '$1,883.33', '$0.00', '$1,883.33', '$3,766.67'],
      ['3', 'Installment', '06-01-2026', '$1,883.33', '$0.00', '$1,883.33', '$1,883.34'],
      ['4', 'Installment', '07-01-2026', '$1,883.34', '$0.00', '$1,883.34', '$0.00'],
    ]);
  });

  test("the server's 400 field errors show at their fields and no preview is left", async () => {
    const request = renderCalculator((req) => {
      if (req.path === '/payment_plans/generate') {
        throw new HttpError(400, { status: 400, message: 'Validation failed', errors: { tuitionPrice: 'This field is required', totalTerm: 'Invalid value' } });
      }
      return undefined;
    });
    await screen.findByTestId('billing-calculator');
    fireEvent.change(input('Total term (months)'), { target: { value: '700' } });
    fireEvent.click(screen.getByTestId('calculate'));
    expect(await screen.findByText('This field is required')).not.toBeNull();
    expect(screen.getByText('Invalid value')).not.toBeNull();
    // Each message is the helper text of its own input.
    const helper = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(helper('Tuition')).toBe('This field is required');
    expect(helper('Total term (months)')).toBe('Invalid value');
    expect(input('Deposit').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByTestId('calculator-preview')).toBeNull();
    expect(calls(request, 'POST', '/payment_plans/generate')[0].body).toMatchObject({ totalTerm: 700 });
  });

  test('a plan paid in full hides the interest terms and sends none of them', async () => {
    const request = renderCalculator();
    await screen.findByTestId('billing-calculator');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Plan type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pay in full' }));
    await waitFor(() => expect(screen.queryByLabelText('Total term (months)', { exact: false })).toBeNull());
    fireEvent.change(input('Tuition'), { target: { value: '6000' } });
    fireEvent.click(screen.getByTestId('calculate'));
    await screen.findByTestId('calculator-preview');
    const body = calls(request, 'POST', '/payment_plans/generate')[0].body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['firstDueDate', 'paymentPlanType', 'tuitionPrice']);
    expect(body).toMatchObject({ paymentPlanType: 'PAY_IN_FULL', tuitionPrice: 6000 });
  });

  test('in Spanish', async () => {
    renderCalculator(undefined, 'es');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Calculadora de facturación');
    expect(screen.getByLabelText('Colegiatura', { exact: false })).not.toBeNull();
    expect(screen.getByTestId('calculate').textContent).toBe('Calcular');
  });
});
