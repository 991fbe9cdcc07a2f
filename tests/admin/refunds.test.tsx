import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import { canAccess } from '../../admin/src/providers/canAccess';
import refunds from '../../admin/src/resources/refunds';
import { validateNewRefund } from '../../admin/src/resources/refunds/RefundCreateDialog';
import { nextRefundStatuses, remainingToRefund, toCreateRefundPayload, toRefundPayload, toSubmitPayload, type RefundRecord } from '../../admin/src/resources/refunds/refundRecord';
import { validateSubmit } from '../../admin/src/resources/refunds/RefundSubmitDialog';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const refund = (id: number, overrides: Partial<RefundRecord> = {}): RefundRecord => ({
  id,
  applicationId: 5,
  studentId: 42,
  studentPaymentPlanId: 9,
  source: 'CUSTOM',
  sourceId: null,
  status: 'REQUESTED',
  refundStatus: 'PENDING',
  refundType: null,
  amountToBeRefunded: 400,
  taxToBeRefunded: 20,
  totalToBeRefunded: 420,
  amountRefunded: 0,
  taxRefunded: 0,
  totalRefunded: 0,
  referenceNumber: null,
  comments: 'Overpaid in March',
  approvedAt: null,
  submittedAt: null,
  application: null,
  student: { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' },
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

function renderConsole(path: string, { handler, permissions = ['*'] }: { handler?: Handler; permissions?: string[] } = {}) {
  const rows = [
    refund(7),
    refund(8, {
      applicationId: 6,
      studentId: 43,
      source: 'VOUCHER',
      sourceId: 3,
      status: 'APPROVED',
      student: { id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez', email: 'luis@example.com' },
      amountToBeRefunded: 100,
      taxToBeRefunded: 0,
      totalToBeRefunded: 100,
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/refund_queues' && method === 'GET') return page(rows);
    if (req.path === '/refund_queues' && method === 'POST') return refund(12, { ...(req.body as object) });
    if (req.path === '/refund_queues/find_by_criteria') return page(rows.slice(0, 1));
    const one = /^\/refund_queues\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((r) => r.id === Number(one[1])) ?? refund(Number(one[1]));
    if (one && method === 'PUT') return { ...rows[0], ...(req.body as object) };
    if (/^\/refund_queues\/\d+\/status$/.test(req.path)) return { ...rows[0], status: req.query?.status };
    if (/^\/refund_queues\/\d+\/(submit|external)$/.test(req.path)) return { ...rows[1], status: 'COMPLETED', refundStatus: 'REFUNDED' };
    if (req.path === '/applications' && method === 'GET') {
      return page([{ id: 5, student: { id: 42, firstName: 'Ana', lastName: 'López', email: 'ana@example.com' }, product: { id: 1, name: 'HCTP January' } }]);
    }
    if (req.path === '/students/find_by_criteria') return page([{ id: 42, user: { email: 'ana@example.com' }, personalInfo: { firstName: 'Ana', lastName: 'López' } }]);
    if (req.path === '/admins' || req.path === '/admins/find_by_criteria') return page([{ id: 1, userId: 10, firstName: 'Root', lastName: 'Admin', email: 'root@example.com' }]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, children: <Resource name="refunds" {...refunds} /> });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');
/** Lets the permission checks settle before asserting that something is absent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules and payloads', () => {
  test('REQUESTED → APPROVED | REJECTED | CANCELLED; the rest none (an approved refund completes by being submitted)', () => {
    expect(nextRefundStatuses('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
    for (const s of ['APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'] as const) expect(nextRefundStatuses(s)).toEqual([]);
  });

  test('edit, create and submit payloads', () => {
    expect(toRefundPayload({ ...refund(7), amountToBeRefunded: 350.5, comments: '  ' })).toEqual({ amountToBeRefunded: 350.5, taxToBeRefunded: 20, comments: null });
    expect(toCreateRefundPayload({ applicationId: '5', amountToBeRefunded: 80, taxToBeRefunded: null, comments: ' ' })).toEqual({ applicationId: 5, amountToBeRefunded: 80 });
    expect(toCreateRefundPayload({ applicationId: 5, amountToBeRefunded: 80, taxToBeRefunded: 4.5, comments: 'Goodwill' })).toEqual({
      applicationId: 5,
      amountToBeRefunded: 80,
      taxToBeRefunded: 4.5,
      comments: 'Goodwill',
    });
    expect(toSubmitPayload({ refundType: 'EXTERNAL', referenceNumber: ' CHK-55 ', comment: '' })).toEqual({ refundType: 'EXTERNAL', referenceNumber: 'CHK-55' });
    expect(toSubmitPayload({ refundType: 'ONLINE', referenceNumber: 'left over from EXTERNAL', comment: 'Card refund' })).toEqual({ refundType: 'ONLINE', comment: 'Card refund' });
    expect(toSubmitPayload({ refundType: 'MIXED', externalAmount: 60, onlineAmount: 40, referenceNumber: 'WT-1' })).toEqual({
      refundType: 'MIXED',
      externalAmount: 60,
      onlineAmount: 40,
      referenceNumber: 'WT-1',
    });
    expect(remainingToRefund({ totalToBeRefunded: 420, totalRefunded: 100.1 })).toBe(319.9);
  });

  test('the dialogs check amounts before calling', () => {
    expect(validateSubmit({ refundType: 'MIXED', externalAmount: 60, onlineAmount: 50 }, 100)).toEqual({ onlineAmount: 'resources.refunds.submit.sum_exceeded' });
    expect(validateSubmit({ refundType: 'MIXED', externalAmount: 0, onlineAmount: 50 }, 100)).toEqual({ externalAmount: 'resources.external-payments.validation.amount_positive' });
    expect(validateSubmit({ refundType: 'MIXED', externalAmount: 60, onlineAmount: 40 }, 100)).toEqual({});
    expect(validateSubmit({ refundType: 'ONLINE' }, 100)).toEqual({});
    expect(validateNewRefund({ applicationId: null, amountToBeRefunded: 10.001, taxToBeRefunded: -1 })).toEqual({
      applicationId: 'ra.validation.required',
      amountToBeRefunded: 'resources.external-payments.validation.amount_cents',
      taxToBeRefunded: 'resources.external-payments.validation.amount_positive',
    });
    expect(validateNewRefund({ applicationId: 5, amountToBeRefunded: 10, taxToBeRefunded: 0 })).toEqual({});
  });

  test('deciding needs refunds:approve; submitting payments:refund; editing refunds:update; creating refunds:create', () => {
    expect(canAccess(['refunds:read', 'refunds:update'], { resource: 'refunds', action: 'status' })).toBe(false);
    expect(canAccess(['refunds:approve'], { resource: 'refunds', action: 'status' })).toBe(true);
    expect(canAccess(['refunds:approve'], { resource: 'refunds', action: 'submit' })).toBe(false);
    expect(canAccess(['payments:refund'], { resource: 'refunds', action: 'submit' })).toBe(true);
    expect(canAccess(['refunds:update'], { resource: 'refunds', action: 'edit' })).toBe(true);
    expect(canAccess(['refunds:read'], { resource: 'refunds', action: 'create' })).toBe(false);
  });
});

describe('refund queue list', () => {
  test('newest first, 10 a page, with application, student, source, amounts, status and refund status', async () => {
    const request = renderConsole('/refunds');
    const row = (await screen.findByText('Luis Pérez')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/refund_queues')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['8', '#6', 'Luis Pérez', 'Voucher', '$100.00', '$0.00', '$0.00', 'Approved', 'Not refunded yet']);
  });

  test('criteria in the URL go to find_by_criteria and read as chips', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({
        students: [42],
        sources: ['CUSTOM', 'VOUCHER'],
        statuses: ['REQUESTED'],
        refundStatuses: ['FAILED'],
        amountToBeRefunded: { min: 100, max: 500 },
        taxRefunded: { min: 0 },
        updatedBy: [10],
        updatedAt: { from: '2026-03-01' },
      }),
    );
    const request = renderConsole(`/refunds?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/refund_queues/find_by_criteria')[0]?.body).toEqual({
        students: [42],
        sources: ['CUSTOM', 'VOUCHER'],
        statuses: ['REQUESTED'],
        refundStatuses: ['FAILED'],
        amountToBeRefunded: { min: 100, max: 500 },
        taxRefunded: { min: 0 },
        updatedBy: [10],
        updatedAt: { from: '2026-03-01' },
      }),
    );
    expect((await screen.findByTestId('filter-chip-sources')).textContent).toBe('Source: Custom, Voucher');
    expect(screen.getByTestId('filter-chip-refundStatuses').textContent).toBe('Refund status: Refund failed');
    expect(screen.getByTestId('filter-chip-amountToBeRefunded').textContent).toBe('Amount to be refunded: $100.00 – $500.00');
    expect(screen.getByTestId('filter-chip-taxRefunded').textContent).toBe('Tax refunded: Min $0.00');
    await waitFor(() => expect(screen.getByTestId('filter-chip-students').textContent).toBe('Student: Ana López'));
  });
});

describe('refund drawer', () => {
  test('a requested refund: amounts, application link, Approve asks first then PATCHes the status', async () => {
    const request = renderConsole('/refunds/7');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'Refund #7 Ana López');
    await waitFor(() => expect(calls(request, 'POST', '/users/10/view_histories')).toHaveLength(1));
    expect(calls(request, 'POST', '/users/10/view_histories')[0].body).toEqual({ entityType: 'REFUND', entityId: 7, label: 'Refund #7 Ana López' });
    expect(within(panel).getByTestId('refund-total').textContent).toBe('$420.00');
    expect(within(panel).getByTestId('refund-application-link').getAttribute('href')).toBe('/enrollments/5');
    expect(within(panel).queryByTestId('refund-submit')).toBeNull();
    const actions = await within(panel).findByTestId('refund-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject', 'Cancel']);
    fireEvent.click(within(actions).getByTestId('refund-to-APPROVED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Refund approved');
    expect(calls(request, 'PATCH', '/refund_queues/7/status')).toEqual([{ method: 'PATCH', path: '/refund_queues/7/status', query: { status: 'APPROVED' } }]);
  });

  test('editing a requested refund PUTs exactly the amounts and comments', async () => {
    const request = renderConsole('/refunds/7');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Amount to be refunded', { exact: false }), { target: { value: '380' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Refund saved');
    expect(calls(request, 'PUT', '/refund_queues/7')[0].body).toEqual({ amountToBeRefunded: 380, taxToBeRefunded: 20, comments: 'Overpaid in March' });
  });

  test('a refusal of the status move is notified', async () => {
    renderConsole('/refunds/7', {
      handler: (req) => {
        if (req.path === '/refund_queues/7/status') throw refusal('STATUS_INVALID', 'Status invalid');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('refund-to-CANCELLED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Status invalid');
  });

  test('an approved refund: no decisions, no form; Submit EXTERNAL with a reference', async () => {
    const request = renderConsole('/refunds/8');
    const panel = await drawer();
    await within(panel).findByTestId('refund-detail');
    fireEvent.click(await within(panel).findByTestId('refund-submit'));
    expect(within(panel).queryByTestId('refund-status-actions')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    const dialog = await screen.findByTestId('refund-submit-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reference (check number, transfer id)', { exact: false }), { target: { value: 'CHK-55' } });
    fireEvent.click(within(dialog).getByTestId('refund-submit-confirm'));
    await screen.findByText('Refund submitted');
    expect(calls(request, 'POST', '/refund_queues/8/submit').map((r) => r.body)).toEqual([{ refundType: 'EXTERNAL', referenceNumber: 'CHK-55' }]);
  });

  test('Submit MIXED sends the two amounts; more than what is left is refused in the dialog', async () => {
    const request = renderConsole('/refunds/8');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('refund-submit'));
    const dialog = await screen.findByTestId('refund-submit-dialog');
    fireEvent.click(within(dialog).getByLabelText('Mixed'));
    fireEvent.change(await within(dialog).findByLabelText('Paid outside the gateway', { exact: false }), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText('Refunded to the card', { exact: false }), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByTestId('refund-submit-confirm'));
    expect(await within(dialog).findByText('Together the two amounts are more than what is left to refund')).not.toBeNull();
    expect(calls(request, 'POST', '/refund_queues/8/submit')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Refunded to the card', { exact: false }), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByTestId('refund-submit-confirm'));
    await screen.findByText('Refund submitted');
    expect(calls(request, 'POST', '/refund_queues/8/submit').map((r) => r.body)).toEqual([{ refundType: 'MIXED', externalAmount: 60, onlineAmount: 40 }]);
  });

  test('Submit ONLINE: a gateway failure is shown in the dialog', async () => {
    const request = renderConsole('/refunds/8', {
      handler: (req) => {
        if (req.path === '/refund_queues/8/submit') throw refusal('PAYMENT_FAILURE', 'Payment failure Your card was declined');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('refund-submit'));
    const dialog = await screen.findByTestId('refund-submit-dialog');
    fireEvent.click(within(dialog).getByLabelText('Online'));
    fireEvent.click(within(dialog).getByTestId('refund-submit-confirm'));
    expect((await within(dialog).findByTestId('refund-submit-failure')).textContent).toBe('Payment failure Your card was declined');
    expect(calls(request, 'POST', '/refund_queues/8/submit').map((r) => r.body)).toEqual([{ refundType: 'ONLINE' }]);
  });

  test('an approved refund without payments:refund cannot be submitted', async () => {
    renderConsole('/refunds/8', { permissions: ['refunds:*'] });
    const panel = await drawer();
    await within(panel).findByTestId('refund-detail');
    await settle();
    expect(within(panel).queryByTestId('refund-submit')).toBeNull();
    expect(within(panel).getByTestId('refund-status').textContent).toBe('Approved');
  });

  test('without refunds:approve nor refunds:update: no decisions, no submission, no form', async () => {
    renderConsole('/refunds/7', { permissions: ['refunds:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('refund-detail');
    await settle();
    expect(within(panel).queryByTestId('refund-status-actions')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('new refund', () => {
  async function openDialog(handler?: Handler) {
    const request = renderConsole('/refunds', { handler });
    fireEvent.click(await screen.findByTestId('create-refund'));
    const dialog = await screen.findByTestId('create-refund-dialog');
    return { request, dialog };
  }

  async function pickApplication(dialog: HTMLElement) {
    const input = within(dialog).getByTestId('refund-application-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ana' } });
    fireEvent.click(await screen.findByRole('option', { name: '#5 · Ana López · HCTP January' }));
  }

  test('an application searched and picked, the amounts → POST /refund_queues; its drawer opens', async () => {
    const { request, dialog } = await openDialog();
    await pickApplication(dialog);
    expect(calls(request, 'GET', '/applications').at(-1)?.query).toMatchObject({ keyword: 'ana' });
    fireEvent.change(within(dialog).getByLabelText('Amount to be refunded', { exact: false }), { target: { value: '75.5' } });
    fireEvent.change(within(dialog).getByLabelText('Comments', { exact: false }), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByTestId('create-refund-submit'));
    await screen.findByText('Refund created');
    expect(calls(request, 'POST', '/refund_queues').map((r) => r.body)).toEqual([{ applicationId: 5, amountToBeRefunded: 75.5, comments: 'Goodwill' }]);
    await waitFor(() => expect(currentLocation()).toBe('/refunds/12'));
  });

  test('without an application nothing is sent', async () => {
    const { request, dialog } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Amount to be refunded', { exact: false }), { target: { value: '75' } });
    fireEvent.click(within(dialog).getByTestId('create-refund-submit'));
    expect(await within(dialog).findByText('Required')).not.toBeNull();
    expect(calls(request, 'POST', '/refund_queues')).toEqual([]);
  });

  test('"Pending refunds" is notified', async () => {
    const { dialog } = await openDialog((req) => {
      if (req.path === '/refund_queues' && req.method === 'POST') throw refusal('PENDING_REFUNDS', 'Pending refunds');
      return undefined;
    });
    await pickApplication(dialog);
    fireEvent.change(within(dialog).getByLabelText('Amount to be refunded', { exact: false }), { target: { value: '75' } });
    fireEvent.click(within(dialog).getByTestId('create-refund-submit'));
    await screen.findByText('Pending refunds');
  });

  test('without refunds:create there is no New refund', async () => {
    renderConsole('/refunds', { permissions: ['refunds:read'] });
    await screen.findByText('Luis Pérez');
    await settle();
    expect(screen.queryByTestId('create-refund')).toBeNull();
  });
});
