import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { canAccess } from '../../admin/src/providers/canAccess';
import externalPayments from '../../admin/src/resources/external-payments';
import { moneyProblem, personName } from '../../admin/src/common/billingShared';
import { nextExternalPaymentStatuses, type ExternalPaymentRecord } from '../../admin/src/resources/external-payments/externalPaymentRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const payment = (id: number, overrides: Partial<ExternalPaymentRecord> = {}): ExternalPaymentRecord => ({
  id,
  studentId: 42,
  applicationId: 5,
  studentPaymentPlanId: 9,
  paymentScheduleId: 31,
  method: 'CHECK',
  paymentAmount: 250.5,
  paymentDate: '2026-03-01',
  referenceNumber: 'CHK-1001',
  comment: 'Mailed check',
  status: 'PENDING',
  paymentId: null,
  student: { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' },
  plan: { id: 9, name: 'HCTP monthly', status: 'ACTIVE', balance: 3200 },
  schedule: { id: 31, number: 3, dueDate: '2026-03-01', status: 'PENDING' },
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

function renderConsole(path: string, { handler, permissions = ['*'], locale }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    payment(7),
    payment(8, {
      method: 'WIRE_TRANSFER',
      paymentAmount: 1200,
      status: 'ACCEPTED',
      paymentId: 77,
      referenceNumber: 'WT-9',
      student: { id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez', email: 'luis@example.com' },
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/external_payments' && method === 'GET') return page(rows);
    if (req.path === '/external_payments/find_by_criteria') return page(rows.slice(0, 1));
    const one = /^\/external_payments\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((r) => r.id === Number(one[1]));
    if (/^\/external_payments\/\d+\/status$/.test(req.path)) return { ...rows[0], status: req.query?.status };
    if (/^\/external_payments\/\d+\/payment-amount$/.test(req.path)) return { ...rows[0], ...(req.body as object) };
    if (req.path === '/students/find_by_criteria') return page([{ id: 42, user: { email: 'ana@example.com' }, personalInfo: { firstName: 'Ana', lastName: 'López' } }]);
    if (req.path === '/admins' || req.path === '/admins/find_by_criteria') return page([{ id: 1, userId: 10, firstName: 'Root', lastName: 'Admin', email: 'root@example.com' }]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, locale, children: <Resource name="external-payments" {...externalPayments} /> });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');
/** Lets the permission checks settle before asserting that something is absent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules', () => {
  test('a pending payment may be accepted or rejected; decided ones not', () => {
    expect(nextExternalPaymentStatuses('PENDING')).toEqual(['ACCEPTED', 'REJECTED']);
    expect(nextExternalPaymentStatuses('ACCEPTED')).toEqual([]);
    expect(nextExternalPaymentStatuses('REJECTED')).toEqual([]);
  });

  test('money: positive, two decimals at most, at most 999,999,999.99', () => {
    expect(moneyProblem(10.25)).toBeUndefined();
    expect(moneyProblem(19.99)).toBeUndefined();
    expect(moneyProblem(0)).toBe('resources.external-payments.validation.amount_positive');
    expect(moneyProblem(0, { allowZero: true })).toBeUndefined();
    expect(moneyProblem(-1)).toBe('resources.external-payments.validation.amount_positive');
    expect(moneyProblem(1.005)).toBe('resources.external-payments.validation.amount_cents');
    expect(moneyProblem(1_000_000_000)).toBe('resources.external-payments.validation.amount_too_large');
    expect(moneyProblem('')).toBe('ra.validation.required');
  });

  test('a student reads by full name, else first and last, else email', () => {
    expect(personName({ id: 1, fullName: 'Ana López' })).toBe('Ana López');
    expect(personName({ id: 1, firstName: 'Ana', lastName: null, email: 'a@x.com' })).toBe('Ana');
    expect(personName({ id: 1, email: 'a@x.com' })).toBe('a@x.com');
    expect(personName(null)).toBe('');
  });

  test('accepting or rejecting needs payments:update; reading payments:read', () => {
    expect(canAccess(['payments:read'], { resource: 'external-payments', action: 'list' })).toBe(true);
    expect(canAccess(['payments:read'], { resource: 'external-payments', action: 'status' })).toBe(false);
    expect(canAccess(['payments:update'], { resource: 'external-payments', action: 'status' })).toBe(true);
    expect(canAccess(['applications:read'], { resource: 'external-payments', action: 'list' })).toBe(false);
  });
});

describe('external payments list', () => {
  test('newest first, 10 a page, with student, method, amount, date, reference, status and updated by', async () => {
    const request = renderConsole('/external-payments');
    const row = (await screen.findByText('Luis Pérez')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/external_payments')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['8', 'Luis Pérez', 'Wire transfer', '$1,200.00', '03-01-2026', 'WT-9', 'Accepted', 'Root Admin']);
  });

  test('criteria in the URL go to find_by_criteria and read as chips', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ students: [42], statuses: ['PENDING'], paymentAmount: { min: 100, max: 500 }, paymentDate: { from: '2026-03-01', to: '2026-03-31' }, updatedBy: [10] }),
    );
    const request = renderConsole(`/external-payments?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/external_payments/find_by_criteria')[0]?.body).toEqual({
        students: [42],
        statuses: ['PENDING'],
        paymentAmount: { min: 100, max: 500 },
        paymentDate: { from: '2026-03-01', to: '2026-03-31' },
        updatedBy: [10],
      }),
    );
    expect(await screen.findByTestId('filter-chip-statuses')).toHaveProperty('textContent', 'Status: Pending');
    expect(screen.getByTestId('filter-chip-paymentAmount').textContent).toBe('Amount: $100.00 – $500.00');
    expect(screen.getByTestId('filter-chip-paymentDate').textContent).toBe('Payment date: 03-01-2026 – 03-31-2026');
    await waitFor(() => expect(screen.getByTestId('filter-chip-students').textContent).toBe('Student: Ana López'));
    await waitFor(() => expect(screen.getByTestId('filter-chip-updatedBy').textContent).toBe('Updated by: Root Admin'));
  });

  test('a keyword goes to the plain list', async () => {
    const request = renderConsole(`/external-payments?filter=${encodeURIComponent(JSON.stringify({ q: 'CHK' }))}`);
    await screen.findByText('Luis Pérez');
    expect(calls(request, 'GET', '/external_payments')[0].query).toMatchObject({ keyword: 'CHK' });
    expect(calls(request, 'POST', '/external_payments/find_by_criteria')).toEqual([]);
  });
});

describe('external payment drawer', () => {
  test('a pending payment: details, Accept asks first then PATCHes the status', async () => {
    const request = renderConsole('/external-payments/7');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'External payment #7 Ana López');
    await waitFor(() => expect(calls(request, 'POST', '/users/10/view_histories')).toHaveLength(1));
    expect(calls(request, 'POST', '/users/10/view_histories')[0].body).toEqual({ entityType: 'EXTERNAL_PAYMENT', entityId: 7, label: 'External payment #7 Ana López' });
    expect(within(panel).getByTestId('external-payment-amount').textContent).toBe('$250.50');
    expect(within(panel).getByTestId('external-payment-application-link').getAttribute('href')).toBe('/enrollments/5');
    expect(within(panel).getByTestId('external-payment-schedule').textContent).toBe('Installment 3 due 03-01-2026');
    const actions = await within(panel).findByTestId('external-payment-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject']);
    fireEvent.click(within(actions).getByTestId('external-payment-to-ACCEPTED'));
    expect(await screen.findByText("The payment of $250.50 is applied to the student's plan, oldest installments first.")).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('External payment accepted');
    expect(calls(request, 'PATCH', '/external_payments/7/status')).toEqual([{ method: 'PATCH', path: '/external_payments/7/status', query: { status: 'ACCEPTED' } }]);
  });

  test('a refusal (amount above the balance) is shown with the server message', async () => {
    const request = renderConsole('/external-payments/7', {
      handler: (req) => {
        if (req.path === '/external_payments/7/status') throw refusal('AMOUNT_EXCEEDED', 'Amount exceeded');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('external-payment-to-ACCEPTED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Amount exceeded');
    expect(calls(request, 'PATCH', '/external_payments/7/status')).toHaveLength(1);
  });

  test('in Spanish the refusal reads in Spanish', async () => {
    renderConsole('/external-payments/7', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/external_payments/7/status') throw refusal('STATUS_INVALID', 'Status invalid');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('external-payment-to-REJECTED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Estado no válido para esta acción');
  });

  test('the amount of a pending payment is corrected with PUT payment-amount', async () => {
    const request = renderConsole('/external-payments/7');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText(/^Amount/), { target: { value: '300.25' } });
    fireEvent.click(within(panel).getByTestId('save-payment-amount'));
    await screen.findByText('Amount saved');
    expect(calls(request, 'PUT', '/external_payments/7/payment-amount').map((r) => r.body)).toEqual([{ paymentAmount: 300.25 }]);
  });

  test('an amount of 0 is refused in the form, without a call', async () => {
    const request = renderConsole('/external-payments/7');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText(/^Amount/), { target: { value: '0' } });
    fireEvent.click(within(panel).getByTestId('save-payment-amount'));
    expect(await within(panel).findByText('Type an amount greater than 0')).not.toBeNull();
    expect(calls(request, 'PUT', '/external_payments/7/payment-amount')).toEqual([]);
  });

  test('"Already processed" from the amount call is notified', async () => {
    renderConsole('/external-payments/7', {
      handler: (req) => {
        if (req.path === '/external_payments/7/payment-amount') throw refusal('ALREADY_PROCESSED', 'Already processed');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText(/^Amount/), { target: { value: '99' } });
    fireEvent.click(within(panel).getByTestId('save-payment-amount'));
    await screen.findByText('Already processed');
  });

  test('an accepted payment has no decisions and no amount form', async () => {
    renderConsole('/external-payments/8');
    const panel = await drawer();
    await within(panel).findByTestId('external-payment-detail');
    await settle();
    expect(within(panel).queryByTestId('external-payment-status-actions')).toBeNull();
    expect(within(panel).queryByTestId('save-payment-amount')).toBeNull();
    expect(within(panel).getByTestId('external-payment-status').textContent).toBe('Accepted');
  });

  test('with payments:read only there are no decisions and no amount form', async () => {
    renderConsole('/external-payments/7', { permissions: ['payments:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('external-payment-detail');
    await settle();
    expect(within(panel).queryByTestId('external-payment-status-actions')).toBeNull();
    expect(within(panel).queryByTestId('save-payment-amount')).toBeNull();
  });
});
