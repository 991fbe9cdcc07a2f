import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { canAccess } from '../../admin/src/providers/canAccess';
import disputedPayments from '../../admin/src/resources/disputed-payments';
import { disputedPaymentText, toVerifyPayload, type DisputeRecord } from '../../admin/src/resources/disputed-payments/disputeRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
/** The disputed card payment as the dispute answers it. */
const disputedPayment = {
  id: 70,
  applicationId: 5,
  type: 'INSTALLMENT' as const,
  channel: 'CARD' as const,
  amount: 325.75,
  refundedAmount: 0,
  status: 'ACCEPTED' as const,
  cardBrand: 'visa',
  cardLast4: '0259',
  paymentDate: '2026-02-20',
  gatewayChargeId: 'ch_70',
};
const dispute = (id: number, overrides: Partial<DisputeRecord> = {}): DisputeRecord => ({
  id,
  paymentId: 70,
  studentId: 42,
  studentPaymentPlanId: 9,
  amount: 325.75,
  reason: 'fraudulent',
  status: 'PENDING',
  gateway: 'SANDBOX',
  gatewayDisputeId: 'dp_123',
  comment: null,
  verifiedAt: null,
  student: { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' },
  payment: disputedPayment,
  updatedBy: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

function renderConsole(path: string, { handler, permissions = ['*'], locale }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    dispute(9),
    dispute(8, {
      status: 'LOST',
      verifiedAt: at,
      paymentId: 66,
      payment: null,
      student: { id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez', email: 'luis@example.com' },
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/disputes/find_by_criteria') return page(rows);
    if (/^\/disputes\/\d+\/verify$/.test(req.path) && method === 'PATCH') return { ...rows[0], status: (req.body as { status: string }).status, verifiedAt: at };
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, locale, children: <Resource name="disputed-payments" {...disputedPayments} /> });
  return request;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function openVerify() {
  const row = await rowOf('Ana López');
  fireEvent.click(await within(row).findByTestId('verify-dispute-9'));
  return screen.findByTestId('verify-dialog');
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules', () => {
  test('verify payload: the verdict, and the comment only when typed', () => {
    expect(toVerifyPayload('WON', '  ')).toEqual({ status: 'WON' });
    expect(toVerifyPayload('LOST', ' Bank sided with the cardholder ')).toEqual({ status: 'LOST', comment: 'Bank sided with the cardholder' });
    expect(
      disputedPaymentText({
        paymentId: 70,
        payment: disputedPayment,
      }),
    ).toBe('#70 · visa •••• 0259');
    expect(disputedPaymentText({ paymentId: 66, payment: null })).toBe('#66');
  });

  test('reading needs payments:read; verifying payments:update', () => {
    expect(canAccess(['payments:read'], { resource: 'disputed-payments', action: 'list' })).toBe(true);
    expect(canAccess(['payments:read'], { resource: 'disputed-payments', action: 'verify' })).toBe(false);
    expect(canAccess(['payments:update'], { resource: 'disputed-payments', action: 'verify' })).toBe(true);
  });
});

describe('disputed payments list', () => {
  test('POST /disputes/find_by_criteria, id descending, 10 a page; rows with student, payment, amount, status', async () => {
    const request = renderConsole('/disputed-payments');
    const row = await rowOf('Ana López');
    await within(row).findByTestId('verify-dispute-9');
    expect(calls(request, 'POST', '/disputes/find_by_criteria')[0]).toMatchObject({ query: { size: 10, page: 0, sortBy: 'id', descending: true }, body: {} });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '9',
      'Ana López',
      'ana@example.com',
      '#70 · visa •••• 0259',
      '$325.75',
      'fraudulent',
      expect.stringMatching(/^03-02-2026, /),
      'Pending',
      '',
      'Verify',
    ]);
    const lost = await rowOf('Luis Pérez');
    expect(within(lost).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(calls(request, 'GET', '/disputes')).toEqual([]);
  });

  test('email and statuses in the URL go to the body and read as chips', async () => {
    const request = renderConsole(`/disputed-payments?filter=${encodeURIComponent(JSON.stringify({ email: 'ana@', statuses: ['PENDING', 'LOST'] }))}`);
    await waitFor(() => expect(calls(request, 'POST', '/disputes/find_by_criteria')[0]?.body).toEqual({ email: 'ana@', statuses: ['PENDING', 'LOST'] }));
    expect((await screen.findByTestId('filter-chip-email')).textContent).toBe('Email: ana@');
    expect(screen.getByTestId('filter-chip-statuses').textContent).toBe('Status: Pending, Lost');
  });
});

describe('verify', () => {
  test('Won with a comment → PATCH /disputes/9/verify', async () => {
    const request = renderConsole('/disputed-payments');
    const dialog = await openVerify();
    expect(within(dialog).getByText('#70 · visa •••• 0259')).not.toBeNull();
    fireEvent.change(within(dialog).getByTestId('verify-comment'), { target: { value: 'Evidence accepted' } });
    fireEvent.click(within(dialog).getByTestId('verify-WON'));
    await screen.findByText('Dispute marked as won');
    expect(calls(request, 'PATCH', '/disputes/9/verify').map((r) => r.body)).toEqual([{ status: 'WON', comment: 'Evidence accepted' }]);
  });

  test('Lost → PATCH with LOST; the notice says the payment was reversed', async () => {
    const request = renderConsole('/disputed-payments');
    const dialog = await openVerify();
    expect(within(dialog).getByText('Won: the payment of $325.75 stands. Lost: it is reversed and the installments it paid are owed again.')).not.toBeNull();
    fireEvent.click(within(dialog).getByTestId('verify-LOST'));
    await screen.findByText('Dispute marked as lost; the payment was reversed');
    expect(calls(request, 'PATCH', '/disputes/9/verify').map((r) => r.body)).toEqual([{ status: 'LOST' }]);
  });

  test('"Only pending disputes can be verified" stays in the dialog, in Spanish too', async () => {
    renderConsole('/disputed-payments', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/disputes/9/verify') throw refusal('DISPUTE_NOT_PENDING', 'Only pending disputes can be verified');
        return undefined;
      },
    });
    const dialog = await openVerify();
    fireEvent.click(within(dialog).getByTestId('verify-WON'));
    expect((await within(dialog).findByTestId('verify-failure')).textContent).toBe('Solo se pueden verificar las disputas pendientes');
  });

  test('with payments:read only there is no Verify', async () => {
    renderConsole('/disputed-payments', { permissions: ['payments:read'] });
    await rowOf('Ana López');
    await settle();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
