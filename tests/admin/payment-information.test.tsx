import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import paymentInformation from '../../admin/src/resources/payment-information';
import migratedPaymentPlans from '../../admin/src/resources/payment-information/migrated';
import { cardLabel, entryDue, toExternalPaymentPayload, validateExternalPayment, validateTaxAmount, type PlanRecord, type ScheduleEntry } from '../../admin/src/common/planRecord';
import { StudentPayment } from '../../admin/src/resources/students/StudentPayment';
import type { StudentRecord } from '../../admin/src/resources/students/studentRecord';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const entry = (id: number, number: number, overrides: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id,
  number,
  kind: number === 1 ? 'DEPOSIT' : 'INSTALLMENT',
  dueDate: `2026-0${2 + number}-02`,
  principal: 500,
  interest: 12.5,
  amount: 512.5,
  taxAmount: 0,
  paidAmount: 0,
  balance: 5000,
  status: 'PENDING',
  paidAt: null,
  paymentMethodId: 9,
  studentPaymentPlanId: 31,
  amountDue: Math.max(0, Number(overrides.amount ?? 512.5) + Number(overrides.taxAmount ?? 0) - Number(overrides.paidAmount ?? 0)),
  ...overrides,
});

function plan(id: number, overrides: Partial<PlanRecord> = {}): PlanRecord {
  return {
    id,
    applicationId: 5,
    studentId: 42,
    name: 'Monthly 12',
    description: 'Twelve monthly payments',
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_TERMS',
    status: 'ACTIVE',
    financialStatus: 'PAST_DUE',
    daysOverdue: 17,
    balance: 5487.5,
    totalOwed: 6150,
    totalPaid: 662.5,
    nextDueDate: '2026-03-02',
    autoPay: true,
    paymentAccountBlocked: false,
    bankruptcy: false,
    migrated: false,
    concludedAt: null,
    paymentMethodId: 9,
    lastFailureAt: null,
    lastFailureMessage: null,
    pastDueAmount: 512.5,
    terms: {
      description: 'Twelve monthly payments',
      installmentAmount: 512.5,
      totalOwed: 6150,
      amountDue: 512.5,
      interestRate: 9.9,
      depositAmount: 500,
      installmentsCount: 12,
      taxAmount: 0,
      amountPaid: 662.5,
      paymentDueDate: '2026-03-02',
      captureMethod: 'automatic',
      currency: 'usd',
      status: 'ACTIVE',
      paymentMethod: { id: 9, brand: 'visa', last4: '4242' },
    },
    breakdown: {
      tuitionRollover: 0,
      withdrawalReduction: 0,
      transferReduction: 0,
      withdrawalRefund: 0,
      voucherRefund: 150,
      additionalRefund: 0,
      totalTaxesPaid: 0,
      totalInterest: 150,
      principalPaid: 650,
      netTuition: 6000,
      totalPaid: 662.5,
      totalRefunded: 150,
      totalRemaining: 5487.5,
    },
    maxPrePayAmount: 5399.5,
    payoffAmount: 5449.5,
    totalPastDueAmount: 512.5,
    amountDueNow: 512.5,
    nextPaymentSchedule: { id: 302, number: 2, dueDate: '2026-03-02', amountDue: 512.5 },
    schedules: [entry(301, 1, { status: 'PAID', paidAmount: 512.5, paidAt: at }), entry(302, 2), entry(303, 3, { taxAmount: 10 })],
    student: { id: 42, fullName: 'Ana López', email: 'ana@example.com' },
    application: { id: 5, status: 'ENROLLED', migrated: false },
    programName: 'HCTP',
    productPaymentPlanId: 7,
    voucherId: null,
    frequency: 'MONTHLY',
    frequencyUnit: 'MONTHS',
    depositAmount: 500,
    totalTerm: 12,
    amortizeTerm: 12,
    principalAmount: 5500,
    installmentAmount: 512.5,
    interestRate: 9.9,
    tuitionPrice: 6000,
    additionalFees: 0,
    voucherDiscount: 0,
    totalInterest: 150,
    totalTax: 0,
    totalCredit: 0,
    totalRefunds: 150,
    rollover: 0,
    installmentsCount: 12,
    accountingLineItems: [],
    source: 'APPLICATION',
    scholarship: false,
    flowType: 'HCTP',
    firstPaymentDate: '2026-03-02',
    lastPaymentDate: '2027-02-02',
    principalPaid: 650,
    interestPaid: 12.5,
    taxPaid: 0,
    withdrawalReduction: 0,
    transferReduction: 0,
    voucher: null,
    updatedBy: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const payment = (id: number, overrides: object = {}) => ({
  id,
  studentId: 42,
  applicationId: 5,
  studentPaymentPlanId: 31,
  paymentScheduleId: 301,
  type: 'ENROLLMENT',
  channel: 'CARD',
  amount: 512.5,
  principalAmount: 500,
  interestAmount: 12.5,
  taxAmount: 0,
  refundedAmount: 0,
  status: 'ACCEPTED',
  failureMessage: null,
  cardBrand: 'visa',
  cardLast4: '4242',
  referenceNumber: null,
  comment: null,
  paymentDate: '2026-02-02',
  processedAt: at,
  createdAt: at,
  ...overrides,
});
const ledger = (id: number, overrides: object = {}) => ({
  id,
  eventDate: '2026-02-02',
  kind: 'PAYMENT',
  description: 'Enrollment charge',
  program: 'HCTP',
  principal: 500,
  tax: 0,
  total: 512.5,
  accountBalance: 5637.5,
  principalBalance: 5500,
  last4: '4242',
  referenceNumber: null,
  comment: null,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[], total = content.length) => ({ content, pagination: { total, page: 0, size: 10 } });
const refusal = (status: number, body: object) => new HttpError(status, { status, message: 'refused', ...body });

function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    plan(31),
    plan(32, {
      studentId: 43,
      name: 'Pay in full',
      status: 'COMPLETED',
      financialStatus: 'GOOD',
      daysOverdue: 0,
      balance: 0,
      nextDueDate: null,
      student: { id: 43, fullName: 'Luis Pérez', email: 'luis@example.com' },
      programName: 'Advanced',
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/payment_plans' && method === 'GET') return page(rows);
    if (req.path === '/payment_plans/find_by_criteria') return page(rows.slice(0, 1));
    const one = /^\/payment_plans\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((r) => r.id === Number(one[1])) ?? plan(Number(one[1]));
    if (/^\/payment_plans\/\d+\/\w+(\/\d+)?$/.test(req.path) && method === 'PATCH') return rows[0];
    if (req.path === '/students/42/payment_methods')
      return page([
        { id: 9, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028, isDefault: true },
        { id: 10, brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2029, isDefault: false },
      ]);
    if (/^\/students\/42\/payment_schedule\/\d+\/external_payment$/.test(req.path)) return { id: 77, status: 'PENDING' };
    if (/^\/students\/42\/payment_schedule\/\d+\/tax_amount$/.test(req.path)) return entry(302, 2, { taxAmount: 20 });
    if (/^\/students\/42\/payment_schedule\/\d+\/cancel_online_payment$/.test(req.path)) return payment(90, { status: 'INVALID' });
    if (/^\/payment_schedules\/\d+\/send-equal-notification$/.test(req.path)) return { sent: true, to: 'ana@example.com' };
    if (req.path === '/students/42/payments')
      return page([payment(12, { type: 'INSTALLMENT', status: 'INVALID', failureMessage: 'Your card was declined', amount: 512.5 }), payment(11)]);
    if (req.path === '/students/42/account_history') {
      return page([
        ledger(1, { kind: 'PLAN_ISSUED', description: 'Plan issued', principal: 6000, total: 6150, accountBalance: 6150, principalBalance: 6000, last4: null }),
        ledger(2),
      ]);
    }
    if (req.path === '/refund_queues')
      return page([
        {
          id: 14,
          applicationId: 5,
          source: 'VOUCHER',
          status: 'COMPLETED',
          refundStatus: 'REFUNDED',
          refundType: 'ONLINE',
          amountToBeRefunded: 150,
          taxToBeRefunded: 0,
          totalToBeRefunded: 150,
          totalRefunded: 150,
          comments: null,
          updatedAt: at,
        },
      ]);
    if (req.path === '/students/42/stripe_history')
      return page([{ id: 5, provider: 'SANDBOX', kind: 'CHARGE', amount: 512.5, status: 'SUCCEEDED', reference: 'ch_1', message: null, createdAt: at }]);
    if (req.path === '/students/42/authorize_net_history') return page([]);
    if (req.path === '/students/42/payment_plans')
      return [plan(31), plan(30, { name: 'Old plan', status: 'CONCLUDED', financialStatus: 'GOOD', daysOverdue: 0, nextPaymentSchedule: null, balance: 0 })];
    if (req.path === '/students/find_by_criteria') return page([{ id: 42, user: { email: 'ana@example.com' }, personalInfo: { firstName: 'Ana', lastName: 'López' } }]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [
      <Resource key="p" name="payment-information" {...paymentInformation} />,
      <Resource key="m" name="migrated-payment-plans" {...migratedPaymentPlans} />,
      <CustomRoutes key="s">
        <Route path="/student-tab" element={<StudentPayment resource="students" record={{ id: 42, autoPay: true } as unknown as StudentRecord} />} />
      </CustomRoutes>,
    ],
  });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('payloads and rules', () => {
  test('the external payment payload: method, amount, date, and the reference and comment only when typed', () => {
    expect(toExternalPaymentPayload({ method: 'CHECK', paymentAmount: 512.5, paymentDate: '2026-03-02', referenceNumber: '  ', comment: ' Mailed ' })).toEqual({
      method: 'CHECK',
      paymentAmount: 512.5,
      paymentDate: '2026-03-02',
      comment: 'Mailed',
    });
  });

  test('the dialog refuses a missing method, a zero or sub-cent amount and a missing date', () => {
    expect(validateExternalPayment({ paymentAmount: 0, paymentDate: null })).toEqual({
      method: 'This field is required',
      paymentAmount: 'Invalid value',
      paymentDate: 'This field is required',
    });
    expect(validateExternalPayment({ method: 'WIRE_TRANSFER', paymentAmount: 10.005, paymentDate: '2026-03-02' })).toEqual({ paymentAmount: 'Invalid value' });
    expect(validateExternalPayment({ method: 'OTHER', paymentAmount: 10.05, paymentDate: '2026-03-02' })).toEqual({});
    expect(validateTaxAmount(0)).toBeUndefined();
    expect(validateTaxAmount(-1)).toBe('Invalid value');
    expect(validateTaxAmount('')).toBe('This field is required');
  });

  test('what is still due on an entry, card labels', () => {
    expect(entryDue({ amount: 512.5, taxAmount: 10.1, paidAmount: 100.2 })).toBe(422.4);
    expect(entryDue({ amount: 512.5, taxAmount: 0, paidAmount: 600 })).toBe(0);
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel(null)).toBe('');
  });
});

describe('plan lists', () => {
  test('newest first, 10 a page, with student, program, plan, status, financial status, days overdue, balance and next due', async () => {
    const request = renderConsole('/payment-information');
    const row = (await screen.findByText('Ana López')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/payment_plans')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '31',
      'Ana Lópezana@example.com',
      'HCTP',
      'Monthly 12',
      'Active',
      'Past due',
      '17',
      '$5,487.50',
      '03-02-2026',
    ]);
    expect(screen.getByTestId('financial-status-32').textContent).toBe('Good');
  });

  test('criteria in the URL go to find_by_criteria and read as chips', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({
        statuses: ['ACTIVE'],
        financialStatuses: ['PAST_DUE', 'COLLECTIONS'],
        students: [42],
        paymentAccountBlocked: false,
        balance: { min: 100, max: 900 },
        daysOverdue: { min: 1, max: 59 },
        nextDueDate: { from: '2026-03-01' },
      }),
    );
    const request = renderConsole(`/payment-information?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/payment_plans/find_by_criteria')[0]?.body).toEqual({
        statuses: ['ACTIVE'],
        financialStatuses: ['PAST_DUE', 'COLLECTIONS'],
        students: [42],
        paymentAccountBlocked: false,
        balance: { min: 100, max: 900 },
        daysOverdue: { min: 1, max: 59 },
        nextDueDate: { from: '2026-03-01' },
      }),
    );
    expect((await screen.findByTestId('filter-chip-financialStatuses')).textContent).toBe('Financial status: Past due, Collections');
    expect(screen.getByTestId('filter-chip-paymentAccountBlocked').textContent).toBe('Payments blocked: No');
    expect(screen.getByTestId('filter-chip-balance').textContent).toBe('Balance: $100.00 – $900.00');
    expect(screen.getByTestId('filter-chip-daysOverdue').textContent).toBe('Days overdue: 1 – 59');
    expect(screen.getByTestId('filter-chip-nextDueDate').textContent).toBe('Next due: From 03-01-2026');
    await waitFor(() => expect(screen.getByTestId('filter-chip-students').textContent).toBe('Student: Ana López'));
  });

  test('the migrated list always sends migrated: true (no chip), keyword included', async () => {
    const request = renderConsole(`/migrated-payment-plans?filter=${encodeURIComponent(JSON.stringify({ q: 'ana' }))}`);
    await screen.findByText('Ana López');
    const call = calls(request, 'POST', '/payment_plans/find_by_criteria')[0];
    expect(call.body).toEqual({ migrated: true });
    expect(call.query).toMatchObject({ keyword: 'ana', size: 10, page: 0, sortBy: 'id', descending: true });
    expect(screen.queryByTestId('filter-chip-migrated')).toBeNull();
    expect(calls(request, 'GET', '/payment_plans')).toEqual([]);
  });

  test('Export plans and Financial status CSV ask the server for exports of what the list shows (criteria and keyword); the migrated list its own kind', async () => {
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['ACTIVE'], financialStatuses: ['COLLECTIONS'], autoPay: true, q: 'ana' }));
    const asked = (req: HttpRequest) => (req.path.startsWith('/file_export/') ? { id: 1, type: req.path.slice(13), status: 'PENDING' } : undefined);
    const request = renderConsole(`/payment-information?filter=${filter}`, { handler: asked });
    await screen.findByText('Ana López');
    fireEvent.click(screen.getByTestId('export-payment_plans_csv'));
    await waitFor(() => expect(calls(request, 'POST', '/file_export/payment_plans_csv')).toHaveLength(1));
    expect(calls(request, 'POST', '/file_export/payment_plans_csv')[0]).toMatchObject({
      query: { keyword: 'ana' },
      body: { statuses: ['ACTIVE'], financialStatuses: ['COLLECTIONS'], autoPay: true },
    });
    fireEvent.click(screen.getByTestId('export-collections_csv'));
    await waitFor(() => expect(calls(request, 'POST', '/file_export/collections_csv')).toHaveLength(1));
    expect(calls(request, 'POST', '/file_export/collections_csv')[0].body).toEqual({ statuses: ['ACTIVE'], financialStatuses: ['COLLECTIONS'], autoPay: true });
    expect(calls(request, 'GET', '/payment_plans/export')).toEqual([]);
    cleanup();
    const migrated = renderConsole('/migrated-payment-plans', { handler: asked });
    await screen.findByText('Ana López');
    fireEvent.click(screen.getByTestId('export-migrated_payment_plans_csv'));
    await waitFor(() => expect(calls(migrated, 'POST', '/file_export/migrated_payment_plans_csv')).toHaveLength(1));
    expect(calls(migrated, 'POST', '/file_export/migrated_payment_plans_csv')[0].body).toEqual({ migrated: true });
  });

  test('no Export buttons without exports:create', async () => {
    renderConsole('/payment-information', { permissions: ['payment_plans:read'] });
    await screen.findByText('Ana López');
    expect(screen.queryByTestId('export-payment_plans_csv')).toBeNull();
    expect(screen.queryByTestId('export-collections_csv')).toBeNull();
  });

  test('a row opens the plan drawer on its route, and the plan joins the recently viewed', async () => {
    const request = renderConsole('/payment-information');
    fireEvent.click(await screen.findByText('Ana López'));
    await waitFor(() => expect(currentLocation()).toBe('/payment-information/31'));
    expect(await within(await drawer()).findByTestId('drawer-title')).toHaveProperty('textContent', 'Monthly 12 · Ana López');
    await waitFor(() => expect(calls(request, 'POST', '/users/10/view_histories')).toHaveLength(1));
    expect(calls(request, 'POST', '/users/10/view_histories')[0].body).toEqual({ entityType: 'PAYMENT_PLAN', entityId: 31, label: 'Monthly 12 · Ana López' });
  });
});

describe('plan drawer: overview', () => {
  test('opens on the overview with the terms, where the plan stands and the breakdown', async () => {
    renderConsole('/payment-information/31');
    const panel = await drawer();
    await within(panel).findByTestId('plan-overview');
    expect(within(panel).getByRole('tab', { selected: true }).textContent).toBe('Overview');
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Overview', 'Schedule', 'Payments', 'Account history', 'Refunds', 'Card-provider history']);
    expect(within(panel).getByTestId('terms-total-owed').textContent).toBe('$6,150.00');
    expect(within(panel).getByTestId('terms-installment').textContent).toBe('$512.50');
    expect(within(panel).getByTestId('terms-amount-paid').textContent).toBe('$662.50');
    expect(within(panel).getByTestId('terms-card').textContent).toBe('Visa •••• 4242');
    expect(within(panel).getByTestId('position-past-due').textContent).toBe('$512.50');
    expect(within(panel).getByTestId('position-max-prepay').textContent).toBe('$5,399.50');
    expect(within(panel).getByTestId('position-payoff').textContent).toBe('$5,449.50');
    expect(within(panel).getByTestId('position-next').textContent).toBe('#2 on 03-02-2026: $512.50');
    expect(within(panel).getByTestId('breakdown-netTuition').textContent).toBe('$6,000.00');
    expect(within(panel).getByTestId('breakdown-voucherRefund').textContent).toBe('$150.00');
    expect(within(panel).getByTestId('breakdown-totalRemaining').textContent).toBe('$5,487.50');
    expect(within(panel).getByTestId('plan-financial-status').textContent).toBe('Past due');
  });

  test("block payments and auto-pay are one PATCH each; an active plan's financial status follows its days overdue, with no status by hand", async () => {
    const request = renderConsole('/payment-information/31');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('toggle-blocked'));
    await screen.findByText('Payments blocked', { selector: '.MuiSnackbarContent-message *, .MuiSnackbarContent-message' });
    expect(calls(request, 'PATCH', '/payment_plans/31/payment_account_blocked').map((r) => r.body)).toEqual([{ paymentAccountBlocked: true }]);
    fireEvent.click(within(panel).getByTestId('toggle-auto-pay'));
    await waitFor(() => expect(calls(request, 'PATCH', '/payment_plans/31/auto_pay').map((r) => r.body)).toEqual([{ autoPay: false }]));
    expect(within(panel).queryByTestId('save-financial-status')).toBeNull();
    expect(within(panel).getByTestId('financial-status-follows').textContent).toBe(
      'The financial status follows the days overdue; it can be set by hand while the plan is in bankruptcy.',
    );
  });

  test('on a plan in bankruptcy staff set the financial status by hand: one PATCH', async () => {
    const request = renderConsole('/payment-information/33', {
      handler: (req) => (req.path === '/payment_plans/33' && (req.method ?? 'GET') === 'GET' ? plan(33, { bankruptcy: true }) : undefined),
    });
    const panel = await drawer();
    fireEvent.mouseDown(await within(panel).findByRole('combobox', { name: /^Financial status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Collections' }));
    fireEvent.click(within(panel).getByTestId('save-financial-status'));
    await waitFor(() => expect(calls(request, 'PATCH', '/payment_plans/33/financial_status').map((r) => r.body)).toEqual([{ financialStatus: 'COLLECTIONS' }]));
    expect(within(panel).queryByTestId('financial-status-follows')).toBeNull();
  });

  test("change card offers the student's cards; conclude asks first and the refusal is shown", async () => {
    const request = renderConsole('/payment-information/31', {
      handler: (req) => {
        if (req.path === '/payment_plans/31/mark_as_concluded') throw refusal(409, { code: 'ALREADY_PROCESSED', message: 'Already processed' });
        return undefined;
      },
    });
    const panel = await drawer();
    await within(panel).findByTestId('card-select');
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: /^Card/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mastercard •••• 4444 (01/2029)' }));
    fireEvent.click(within(panel).getByTestId('change-card'));
    await waitFor(() => expect(calls(request, 'PATCH', '/payment_plans/31/payment_method/10')).toHaveLength(1));
    fireEvent.click(within(panel).getByTestId('conclude-plan'));
    expect(await screen.findByText('Mark plan Monthly 12 as concluded?')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Already processed');
    expect(calls(request, 'PATCH', '/payment_plans/31/mark_as_concluded')).toHaveLength(1);
  });

  test('with payment_plans:read only: the figures, no actions and no payment tabs', async () => {
    renderConsole('/payment-information/31', { permissions: ['payment_plans:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('plan-overview');
    expect(within(panel).queryByTestId('plan-actions')).toBeNull();
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Overview', 'Schedule']),
    );
    fireEvent.click(within(panel).getByRole('tab', { name: 'Schedule' }));
    await within(panel).findByTestId('schedule-table');
    expect(within(panel).queryByTestId('entry-actions-302')).toBeNull();
  });
});

describe('plan drawer: schedule', () => {
  async function openSchedule(opts: Parameters<typeof renderConsole>[1] = {}) {
    const request = renderConsole('/payment-information/31', opts);
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Schedule' }));
    await within(panel).findByTestId('schedule-table');
    return { request, panel };
  }

  test('every entry with its figures; a paid entry offers no actions', async () => {
    const { panel } = await openSchedule();
    const row = within(panel).getByTestId('entry-303');
    expect([...row.querySelectorAll('td')].slice(0, 10).map((td) => td.textContent)).toEqual([
      '3',
      'Installment',
      '05-02-2026',
      '$500.00',
      '$12.50',
      '$10.00',
      '$512.50',
      '$0.00',
      '$522.50',
      'Pending',
    ]);
    expect(within(panel).queryByTestId('entry-actions-301')).toBeNull();
    expect(within(panel).getByTestId('entry-actions-302')).not.toBeNull();
  });

  test('recording an external payment posts method, amount, date, reference and comment for that entry', async () => {
    const { request, panel } = await openSchedule();
    fireEvent.click(within(panel).getByTestId('entry-actions-302'));
    fireEvent.click(await screen.findByTestId('entry-external-302'));
    const dialog = await screen.findByRole('dialog', { name: 'Record external payment for entry #2' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Method/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Wire transfer' }));
    const amount = within(dialog).getByLabelText('Amount', { exact: false }) as HTMLInputElement;
    expect(amount.value).toBe('512.50');
    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('Payment date', { exact: false }), { target: { value: '03-01-2026' } });
    fireEvent.change(within(dialog).getByLabelText('Reference number', { exact: false }), { target: { value: 'WT-1009' } });
    fireEvent.click(within(dialog).getByTestId('save-external-payment'));
    await screen.findByText('External payment recorded; it waits for approval');
    expect(calls(request, 'POST', '/students/42/payment_schedule/302/external_payment').map((r) => r.body)).toEqual([
      { method: 'WIRE_TRANSFER', paymentAmount: 300, paymentDate: '2026-03-01', referenceNumber: 'WT-1009' },
    ]);
  });

  test("the server's field errors show under the inputs; nothing else is sent", async () => {
    const { request, panel } = await openSchedule({
      handler: (req) => {
        if (req.path.endsWith('/external_payment')) throw refusal(400, { message: 'Validation failed', errors: { paymentAmount: 'Amount exceeded' } });
        return undefined;
      },
    });
    fireEvent.click(within(panel).getByTestId('entry-actions-302'));
    fireEvent.click(await screen.findByTestId('entry-external-302'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('save-external-payment'));
    expect(await within(dialog).findByText('Amount exceeded')).not.toBeNull();
    expect(calls(request, 'POST', '/students/42/payment_schedule/302/external_payment')).toHaveLength(1);
    expect(calls(request, 'POST', '/students/42/payment_schedule/302/external_payment')[0].body).toMatchObject({ method: 'CHECK', paymentAmount: 512.5 });
  });

  test("Export schedule asks for the plan's schedule with the chosen columns", async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const { request, panel } = await openSchedule({
      handler: (req) => (req.path === '/payment_schedules/31/export' ? { blob: async () => new Blob(['number,dueDate']) } : undefined),
    });
    fireEvent.click(within(panel).getByLabelText('With full name'));
    fireEvent.click(within(panel).getByTestId('export-schedule'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls(request, 'GET', '/payment_schedules/31/export')).toEqual([{ path: '/payment_schedules/31/export', query: { fullName: true, address: false }, raw: true }]);
  });

  test('set tax posts the amount; send notification names the recipient; cancel online asks first', async () => {
    const { request, panel } = await openSchedule();
    fireEvent.click(within(panel).getByTestId('entry-actions-303'));
    fireEvent.click(await screen.findByTestId('entry-tax-303'));
    const dialog = await screen.findByRole('dialog', { name: 'Tax amount of entry #3' });
    fireEvent.change(within(dialog).getByLabelText('Tax amount', { exact: false }), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByTestId('save-tax'));
    await screen.findByText('Tax amount saved');
    expect(calls(request, 'POST', '/students/42/payment_schedule/303/tax_amount').map((r) => r.body)).toEqual([{ taxAmount: 20 }]);

    fireEvent.click(within(panel).getByTestId('entry-actions-302'));
    fireEvent.click(await screen.findByTestId('entry-notify-302'));
    await screen.findByText('Notification sent to ana@example.com');

    fireEvent.click(within(panel).getByTestId('entry-actions-302'));
    fireEvent.click(await screen.findByTestId('entry-cancel_online-302'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Online payment cancelled');
    expect(calls(request, 'POST', '/students/42/payment_schedule/302/cancel_online_payment')).toHaveLength(1);
  });
});

describe('plan drawer: history tabs', () => {
  test('payments: the application’s payments, newest first, with the failure', async () => {
    const request = renderConsole('/payment-information/31');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Payments' }));
    const row = await within(panel).findByTestId('plan-payments-row-12');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '12',
      '02-02-2026',
      'Installment',
      'Card',
      '$512.50',
      '$500.00',
      '$12.50',
      '$0.00',
      '$0.00',
      'Invalid',
      'Visa •••• 4242',
      'Your card was declined',
    ]);
    expect(calls(request, 'GET', '/students/42/payments')[0].query).toEqual({ applicationId: '5', size: 10, page: 0 });
  });

  test('account history: ledger lines by event date; refunds and card-provider history', async () => {
    const request = renderConsole('/payment-information/31');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Account history' }));
    const issued = await within(panel).findByTestId('plan-history-row-1');
    expect([...issued.querySelectorAll('td')].map((td) => td.textContent).slice(0, 9)).toEqual([
      '02-02-2026',
      'Plan issued',
      'Plan issued',
      'HCTP',
      '$6,000.00',
      '$0.00',
      '$6,150.00',
      '$6,150.00',
      '$6,000.00',
    ]);
    expect(calls(request, 'GET', '/students/42/account_history')[0].query).toEqual({ applicationId: '5', size: 10, page: 0, sortBy: 'eventDate', descending: false });

    fireEvent.click(within(panel).getByRole('tab', { name: 'Refunds' }));
    const refund = await within(panel).findByTestId('plan-refunds-row-14');
    expect(refund.getAttribute('href')).toBe('/refunds/14');
    expect([...refund.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['14', 'Voucher', 'Completed', 'Refunded', 'Online', '$150.00', '$150.00', '03-02-2026']);
    expect(calls(request, 'GET', '/refund_queues')[0].query).toMatchObject({ applicationId: '5' });

    fireEvent.click(within(panel).getByRole('tab', { name: 'Card-provider history' }));
    const charge = await within(panel).findByTestId('stripe-history-row-5');
    expect(charge.textContent).toContain('$512.50');
    expect(charge.textContent).toContain('ch_1');
    expect(await within(panel).findByTestId('authorize-net-history-empty')).toHaveProperty('textContent', 'No card-provider events.');
  });

  test('in Spanish: each line says what happened in Spanish and card-provider events read by their labels', async () => {
    const lines = [
      ledger(1, {
        kind: 'PLAN_ISSUED',
        description: 'Payment plan issued: 12 monthly payments',
        descriptionKey: 'PLAN_ISSUED',
        descriptionParams: { plan: '12 monthly payments' },
        last4: null,
      }),
      ledger(2, {
        kind: 'PAYMENT',
        description: 'Payment of installment 2 (visa ending 4242)',
        descriptionKey: 'PAYMENT_INSTALLMENT',
        descriptionParams: { number: 2, brand: 'visa', last4: '4242' },
      }),
      ledger(3, { kind: 'EXTERNAL_PAYMENT', description: 'Check payment', descriptionKey: 'PAYMENT_EXTERNAL', descriptionParams: { channel: 'CHECK' }, last4: null }),
      ledger(4, { kind: 'REFUND', description: 'Old English text', descriptionKey: null, descriptionParams: null, last4: null }),
    ];
    const events = [
      { id: 6, provider: 'SANDBOX', kind: 'DISPUTE', amount: 512.5, status: 'OPENED', reference: 'dp_1', message: null, createdAt: at },
      { id: 5, provider: 'SANDBOX', kind: 'CHARGE', amount: 512.5, status: 'SUCCEEDED', reference: 'ch_1', message: null, createdAt: at },
    ];
    renderConsole('/payment-information/31', {
      locale: 'es',
      handler: (req) => (req.path === '/students/42/account_history' ? page(lines) : req.path === '/students/42/stripe_history' ? page(events) : undefined),
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByRole('tab', { name: 'Historial de cuenta' }));
    await within(panel).findByTestId('plan-history-row-1');
    const described = [1, 2, 3, 4].map((id) => [...within(panel).getByTestId(`plan-history-row-${id}`).querySelectorAll('td')].slice(1, 3).map((td) => td.textContent));
    expect(described).toEqual([
      ['Plan emitido', 'Plan de pago emitido: 12 monthly payments'],
      ['Pago', 'Pago de la cuota 2 (visa terminada en 4242)'],
      ['Pago externo', 'Pago externo (Cheque)'],
      ['Reembolso', 'Old English text'],
    ]);

    fireEvent.click(within(panel).getByRole('tab', { name: 'Historial del procesador de tarjetas' }));
    const rows = await within(panel).findAllByTestId(/^stripe-history-row-/);
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1, 5).map((td) => td.textContent))).toEqual([
      ['Sandbox', 'Disputa', '$512.50', 'En disputa'],
      ['Sandbox', 'Cargo', '$512.50', 'Aprobado'],
    ]);
  });
});

describe("student drawer's payment information tab", () => {
  test("the student's plans as cards linking to their detail", async () => {
    const request = renderConsole('/student-tab');
    const card = await screen.findByTestId('student-plan-card-31');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/payment-information/31');
    expect(card.textContent).toContain('Monthly 12');
    expect(card.textContent).toContain('Past due');
    expect(screen.getByTestId('student-plan-balance-31').textContent).toBe('Balance: $5,487.50');
    expect(screen.getByTestId('student-plan-next-31').textContent).toBe('Next due: 03-02-2026 · $512.50');
    expect(screen.getByTestId('student-plan-card-30').textContent).toContain('Concluded');
    expect(calls(request, 'GET', '/students/42/payment_plans')).toHaveLength(1);
  });

  test('without payment_plans:read the plans are not asked for', async () => {
    const request = renderConsole('/student-tab', { permissions: ['students:read'] });
    await screen.findByTestId('student-payment');
    await waitFor(() => expect(screen.getByTestId('payment-auto-pay').textContent).toBe('Yes'));
    expect(screen.queryByTestId('student-plans')).toBeNull();
    expect(calls(request, 'GET', '/students/42/payment_plans')).toEqual([]);
  });

  test('in Spanish', async () => {
    renderConsole('/student-tab', { locale: 'es' });
    expect(await screen.findByText('Saldo: $5,487.50')).not.toBeNull();
    expect(screen.getAllByText('Vencido').length).toBeGreaterThan(0);
  });
});
