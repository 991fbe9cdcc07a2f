import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { canAccess } from '../../admin/src/providers/canAccess';
import failedPayments from '../../admin/src/resources/failed-payments';
import { criteriaOnlyProvider } from '../../admin/src/common/criteriaOnlyData';
import { retryOutcome, type FailedPaymentRecord } from '../../admin/src/resources/failed-payments/failedPaymentRecord';
import type { AppDataProvider } from '../../admin/src/providers/dataProvider';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const failed = (id: number, overrides: Partial<FailedPaymentRecord> = {}): FailedPaymentRecord => ({
  id,
  studentId: 42,
  applicationId: 5,
  studentPaymentPlanId: 9,
  paymentScheduleId: 31,
  paymentId: 70,
  source: 'AUTO_PAY',
  status: 'FAILED',
  amountToBePaid: 150,
  failureMessage: 'Your card was declined',
  attempts: 2,
  failedAt: at,
  nextRetryDate: '2026-03-09',
  resolvedAt: null,
  student: { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com', mobilePhone: '+1 305 555 0100' },
  plan: {
    id: 9,
    name: 'Monthly',
    status: 'ACTIVE',
    autoPay: true,
    daysOverdue: 12,
    pastDueAmount: 150,
    balance: 900,
    financialStatus: 'PAST_DUE',
    paymentMethodId: 3,
    nextDueDate: '2026-03-01',
  },
  schedule: { id: 31, number: 2, dueDate: '2026-02-01', status: 'PAST_DUE' },
  updatedBy: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

function renderConsole(path: string, { handler, permissions = ['*'], locale }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    failed(7),
    failed(6, {
      status: 'RESOLVED',
      source: 'ENROLLMENT',
      student: { id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez', email: 'luis@example.com', mobilePhone: null },
      nextRetryDate: null,
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/failed_payments/find_by_criteria') return page(rows);
    // The API answers the failed payment as it stands after the retry: RESOLVED when the charge went through.
    if (req.path === '/failed_payments/7/retry' && method === 'POST') return { ...rows[0], status: 'RESOLVED', resolvedAt: at, attempts: 3 };
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, locale, children: <Resource name="failed-payments" {...failedPayments} /> });
  return request;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules', () => {
  test('the retry answer reads as accepted or failed, whatever it carries', () => {
    expect(retryOutcome({ id: 1, amount: 150, status: 'ACCEPTED' }, 10)).toEqual({ ok: true, amount: 150 });
    expect(retryOutcome({ payment: { amount: 99.5, status: 'ACCEPTED' } }, 10)).toEqual({ ok: true, amount: 99.5 });
    expect(retryOutcome({ status: 'INVALID', failureMessage: 'Your card was declined' }, 10)).toEqual({ ok: false, message: 'Your card was declined' });
    expect(retryOutcome({ id: 7, status: 'RESOLVED', amountToBePaid: 150 }, 10)).toEqual({ ok: true, amount: 150 });
    expect(retryOutcome({ id: 7, status: 'FAILED', failureMessage: null }, 10)).toEqual({ ok: false, message: 'resources.failed-payments.retry.failed' });
  });

  test('the list always POSTs its criteria, an empty body included', async () => {
    const request = jest.fn(async () => page([]));
    const base = { getList: jest.fn(), request } as unknown as AppDataProvider;
    const provider = criteriaOnlyProvider(base, ['failed-payments']);
    await provider.getList('failed-payments', { pagination: { page: 2, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: { statuses: [], name: ' ' } });
    expect(request).toHaveBeenCalledWith({
      method: 'POST',
      path: '/failed_payments/find_by_criteria',
      query: { size: 10, page: 1, sortBy: 'id', descending: true, keyword: undefined },
      body: {},
    });
    await provider.getList('students', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(base.getList).toHaveBeenCalledTimes(1);
  });

  test('reading needs payments:read; retrying payments:create', () => {
    expect(canAccess(['payments:read'], { resource: 'failed-payments', action: 'list' })).toBe(true);
    expect(canAccess(['payments:read'], { resource: 'failed-payments', action: 'retry' })).toBe(false);
    expect(canAccess(['payments:create'], { resource: 'failed-payments', action: 'retry' })).toBe(true);
    expect(canAccess(['applications:read'], { resource: 'failed-payments', action: 'list' })).toBe(false);
  });
});

describe('failed payments list', () => {
  test('starts with the Failed chip: POST find_by_criteria { statuses: [FAILED] }, newest first, 10 a page', async () => {
    const request = renderConsole('/failed-payments');
    const row = await rowOf('Ana López');
    expect(calls(request, 'POST', '/failed_payments/find_by_criteria')[0]).toMatchObject({
      query: { size: 10, page: 0, sortBy: 'id', descending: true },
      body: { statuses: ['FAILED'] },
    });
    expect(screen.getByTestId('filter-chip-statuses').textContent).toBe('Status: Failed');
    await within(row).findByTestId('retry-failed-payment-7');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '7',
      'Ana López',
      'ana@example.com',
      '+1 305 555 0100',
      'Auto-pay',
      '$150.00',
      'Your card was declined',
      '12',
      '2',
      expect.stringMatching(/^03-02-2026, /),
      '03-09-2026',
      'Failed',
      'Retry',
    ]);
    expect(calls(request, 'GET', '/failed_payments')).toEqual([]);
  });

  test('clearing the chips still POSTs (an empty body)', async () => {
    const request = renderConsole('/failed-payments');
    await rowOf('Ana López');
    fireEvent.click(screen.getByTestId('filter-chips-clear-all'));
    await waitFor(() => expect(calls(request, 'POST', '/failed_payments/find_by_criteria').map((r) => r.body)).toContainEqual({}));
    expect(calls(request, 'GET', '/failed_payments')).toEqual([]);
  });

  test('criteria in the URL go to the body and read as chips', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({
        statuses: ['FAILED', 'RESOLVED'],
        sources: ['AUTO_PAY'],
        email: 'ana@',
        pastDue: true,
        autoPay: false,
        daysOverdue: { min: 30, max: 90 },
        amountToBePaid: { min: 100 },
        date: { from: '2026-03-01', to: '2026-03-31' },
        withPaymentMethod: true,
      }),
    );
    const request = renderConsole(`/failed-payments?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/failed_payments/find_by_criteria')[0]?.body).toEqual({
        statuses: ['FAILED', 'RESOLVED'],
        sources: ['AUTO_PAY'],
        email: 'ana@',
        pastDue: true,
        autoPay: false,
        daysOverdue: { min: 30, max: 90 },
        amountToBePaid: { min: 100 },
        date: { from: '2026-03-01', to: '2026-03-31' },
        withPaymentMethod: true,
      }),
    );
    expect((await screen.findByTestId('filter-chip-statuses')).textContent).toBe('Status: Failed, Resolved');
    expect(screen.getByTestId('filter-chip-sources').textContent).toBe('Source: Auto-pay');
    expect(screen.getByTestId('filter-chip-pastDue').textContent).toBe('Past due: Yes');
    expect(screen.getByTestId('filter-chip-autoPay').textContent).toBe('Auto-pay: No');
    expect(screen.getByTestId('filter-chip-daysOverdue').textContent).toBe('Days overdue: 30 – 90');
    expect(screen.getByTestId('filter-chip-date').textContent).toBe('Failed: 03-01-2026 – 03-31-2026');
    expect(screen.getByTestId('filter-chip-withPaymentMethod').textContent).toBe('Card on file: Yes');
  });
});

describe('retry', () => {
  test('asks first, POSTs retry, shows the accepted payment and reloads the list', async () => {
    const request = renderConsole('/failed-payments');
    const row = await rowOf('Ana López');
    const before = calls(request, 'POST', '/failed_payments/find_by_criteria').length;
    fireEvent.click(await within(row).findByTestId('retry-failed-payment-7'));
    const dialog = await screen.findByTestId('retry-dialog');
    expect(within(dialog).getByText('$150.00 is charged again to the card on file of Ana López.')).not.toBeNull();
    expect(calls(request, 'POST', '/failed_payments/7/retry')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('retry-confirm'));
    expect((await within(dialog).findByTestId('retry-outcome')).textContent).toBe('Payment of $150.00 accepted');
    expect(calls(request, 'POST', '/failed_payments/7/retry')).toEqual([{ method: 'POST', path: '/failed_payments/7/retry' }]);
    await waitFor(() => expect(calls(request, 'POST', '/failed_payments/find_by_criteria').length).toBeGreaterThan(before));
  });

  test('a decline is shown as the server words it', async () => {
    renderConsole('/failed-payments', {
      handler: (req) => {
        if (req.path === '/failed_payments/7/retry') throw refusal('PAYMENT_FAILURE', 'Payment failure Your card was declined');
        return undefined;
      },
    });
    const row = await rowOf('Ana López');
    fireEvent.click(await within(row).findByTestId('retry-failed-payment-7'));
    const dialog = await screen.findByTestId('retry-dialog');
    fireEvent.click(within(dialog).getByTestId('retry-confirm'));
    expect((await within(dialog).findByTestId('retry-outcome')).textContent).toBe('Payment failure Your card was declined');
  });

  test('in Spanish the decline reads in Spanish', async () => {
    renderConsole('/failed-payments', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/failed_payments/7/retry') throw refusal('PAYMENT_FAILURE', 'Payment failure Your card was declined');
        return undefined;
      },
    });
    const row = await rowOf('Ana López');
    fireEvent.click(await within(row).findByTestId('retry-failed-payment-7'));
    const dialog = await screen.findByTestId('retry-dialog');
    fireEvent.click(within(dialog).getByTestId('retry-confirm'));
    expect((await within(dialog).findByTestId('retry-outcome')).textContent).toBe('Error en el pago Your card was declined');
  });

  test('a resolved row has no Retry', async () => {
    renderConsole('/failed-payments');
    await screen.findByTestId('retry-failed-payment-7');
    const resolved = await rowOf('Luis Pérez');
    expect(within(resolved).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('with payments:read only there is no Retry', async () => {
    renderConsole('/failed-payments', { permissions: ['payments:read'] });
    await rowOf('Ana López');
    // Let the permission checks settle before asserting the absence.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
