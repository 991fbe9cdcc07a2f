import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import voucherRefunds from '../../admin/src/resources/voucher-refunds';
import {
  nextRefundStatuses,
  parseEmails,
  toRefundPayload,
  toVoucherFormValues,
  toVoucherPayload,
  validateVoucher,
  type VoucherRecord,
  type VoucherRefundRecord,
} from '../../admin/src/resources/voucher-refunds/voucherRefundRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const refund = (id: number, overrides: Partial<VoucherRefundRecord> = {}): VoucherRefundRecord => ({
  id,
  applicationId: 5,
  voucherId: 4,
  comments: 'Enrolled before the promotion',
  amountToBeRefunded: 600,
  taxToBeRefunded: 0,
  totalToBeRefunded: 600,
  amountRefunded: 0,
  taxRefunded: 0,
  totalRefunded: 0,
  status: 'REQUESTED',
  application: { id: 5, student: { id: 42, firstName: 'Ana', lastName: 'López', email: 'ana@example.com' }, product: { id: 1, name: 'HCTP January' } },
  voucher: { id: 4, code: 'SPRING' },
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const voucher = (id: number, overrides: Partial<VoucherRecord> = {}): VoucherRecord => ({
  id,
  code: 'SPRING',
  description: 'Spring promotion',
  discountKind: 'PERCENT_OFF',
  discountValue: 10,
  scope: 'ALL',
  emailIds: [],
  validFrom: '2026-03-01',
  validTo: '2026-05-31',
  useLimit: 100,
  timesUsed: 3,
  active: true,
  updatedBy: null,
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
      status: 'APPROVED',
      application: { id: 6, student: { id: 43, firstName: 'Luis', lastName: 'Pérez', email: 'luis@example.com' }, product: { id: 1, name: 'HCTP January' } },
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/application_vouchers' && method === 'GET') return page(rows);
    if (req.path === '/application_vouchers/find_by_criteria') return page(rows.slice(0, 1));
    const one = /^\/application_vouchers\/(\d+)$/.exec(req.path);
    if (one && method === 'GET') return rows.find((r) => r.id === Number(one[1]));
    if (one && method === 'PUT') return { ...rows[0], ...(req.body as object) };
    if (/^\/application_vouchers\/\d+\/status$/.test(req.path)) return { ...rows[0], status: req.query?.status };
    if (req.path === '/vouchers' && method === 'GET')
      return page([voucher(4), voucher(5, { code: 'VIP50', discountKind: 'AMOUNT_OFF', discountValue: 50, scope: 'EMAIL_IDS', emailIds: ['vip@example.com'], active: false })]);
    if (req.path === '/vouchers' && method === 'POST') return voucher(9, req.body as Partial<VoucherRecord>);
    if (req.path === '/vouchers/4' && method === 'PUT') return voucher(4, req.body as Partial<VoucherRecord>);
    if (req.path === '/students/find_by_criteria') return page([{ id: 42, user: { email: 'ana@example.com' }, personalInfo: { firstName: 'Ana', lastName: 'López' } }]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({ path, request, permissions, children: <Resource name="voucher-refunds" {...voucherRefunds} /> });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('payloads and rules', () => {
  test('refund moves: REQUESTED → APPROVED | REJECTED | CANCELLED; APPROVED → COMPLETED; the rest none', () => {
    expect(nextRefundStatuses('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
    expect(nextRefundStatuses('APPROVED')).toEqual(['COMPLETED']);
    for (const s of ['REJECTED', 'COMPLETED', 'CANCELLED'] as const) expect(nextRefundStatuses(s)).toEqual([]);
  });

  test('the refund payload is the comments and the two amounts', () => {
    expect(toRefundPayload({ ...refund(7), comments: '  ', amountToBeRefunded: 550.5, taxToBeRefunded: 0 })).toEqual({
      comments: null,
      amountToBeRefunded: 550.5,
      taxToBeRefunded: 0,
    });
  });

  test('the voucher payload: code upper-cased, emails only for EMAIL_IDS, empty limit null', () => {
    expect(parseEmails(' A@x.com, b@x.com\nA@x.com ;c@x.com ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(toVoucherPayload({ ...toVoucherFormValues(voucher(5, { scope: 'EMAIL_IDS', emailIds: ['vip@example.com'] })), code: ' vip50 ', useLimit: null })).toEqual({
      code: 'VIP50',
      description: 'Spring promotion',
      discountKind: 'PERCENT_OFF',
      discountValue: 10,
      scope: 'EMAIL_IDS',
      emailIds: ['vip@example.com'],
      validFrom: '2026-03-01',
      validTo: '2026-05-31',
      useLimit: null,
      active: true,
    });
    expect(toVoucherPayload({ ...toVoucherFormValues(null), code: 'x', discountValue: 5, emailText: 'a@x.com' }).emailIds).toEqual([]);
  });

  test('the voucher form checks the value per kind, the emails and the dates', () => {
    expect(validateVoucher({ code: 'A', discountKind: 'PERCENT_OFF', discountValue: 120, scope: 'ALL' })).toEqual({
      discountValue: 'resources.voucher-refunds.voucher.value_range',
    });
    expect(validateVoucher({ code: 'A', discountKind: 'AMOUNT_OFF', discountValue: 120, scope: 'EMAIL_IDS', emailText: ' ' })).toEqual({
      emailText: 'resources.voucher-refunds.voucher.emails_required',
    });
    expect(validateVoucher({ code: 'A', discountKind: 'AMOUNT_OFF', discountValue: 1, scope: 'ALL', validFrom: '2026-05-01', validTo: '2026-04-01' })).toEqual({
      validTo: 'resources.voucher-refunds.voucher.dates_order',
    });
  });
});

describe('voucher refunds list', () => {
  test('newest first, 10 a page, with student, product, voucher, amounts and status', async () => {
    const request = renderConsole('/voucher-refunds');
    const row = (await screen.findByText('Luis Pérez')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/application_vouchers')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['8', 'Luis Pérez', 'HCTP January', 'SPRING', '$600.00', '$0.00', 'Approved', '03-02-2026']);
  });

  test('criteria in the URL go to find_by_criteria and read as chips', async () => {
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['REQUESTED'], studentIds: [42], totalToBeRefunded: { min: 100, max: 700 }, updatedAt: { from: '2026-03-01' } }));
    const request = renderConsole(`/voucher-refunds?filter=${filter}`);
    await waitFor(() =>
      expect(calls(request, 'POST', '/application_vouchers/find_by_criteria')[0]?.body).toEqual({
        statuses: ['REQUESTED'],
        studentIds: [42],
        totalToBeRefunded: { min: 100, max: 700 },
        updatedAt: { from: '2026-03-01' },
      }),
    );
    expect(await screen.findByTestId('filter-chip-statuses')).toHaveProperty('textContent', 'Status: Requested');
    expect(screen.getByTestId('filter-chip-totalToBeRefunded').textContent).toBe('Total to be refunded: $100.00 – $700.00');
    expect(screen.getByTestId('filter-chip-updatedAt').textContent).toBe('Updated: From 03-01-2026');
    await waitFor(() => expect(screen.getByTestId('filter-chip-studentIds').textContent).toBe('Student: Ana López'));
  });
});

describe('voucher refund drawer', () => {
  test('a requested refund: amounts, the form, Approve asks first then PATCHes the status', async () => {
    const request = renderConsole('/voucher-refunds/7');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'Voucher refund #7 SPRING');
    expect(within(panel).getByTestId('refund-total').textContent).toBe('$600.00');
    const actions = await within(panel).findByTestId('refund-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject', 'Cancel']);
    fireEvent.click(within(actions).getByTestId('refund-to-APPROVED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Voucher refund approved');
    expect(calls(request, 'PATCH', '/application_vouchers/7/status')).toEqual([{ method: 'PATCH', path: '/application_vouchers/7/status', query: { status: 'APPROVED' } }]);
  });

  test('editing a requested refund PUTs exactly the comments and amounts', async () => {
    const request = renderConsole('/voucher-refunds/7');
    const panel = await drawer();
    fireEvent.change(await within(panel).findByLabelText('Amount to be refunded', { exact: false }), { target: { value: '550' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('Voucher refund saved');
    expect(calls(request, 'PUT', '/application_vouchers/7')[0].body).toEqual({ comments: 'Enrolled before the promotion', amountToBeRefunded: 550, taxToBeRefunded: 0 });
  });

  test('an approved refund offers only Complete and no form; a refusal is notified', async () => {
    const request = renderConsole('/voucher-refunds/8', {
      handler: (req) => {
        if (req.path === '/application_vouchers/8/status') throw refusal('INVALID_STATUS', 'Invalid status');
        return undefined;
      },
    });
    const panel = await drawer();
    const actions = await within(panel).findByTestId('refund-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete']);
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(actions).getByTestId('refund-to-COMPLETED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Invalid status');
    expect(calls(request, 'PATCH', '/application_vouchers/8/status')[0].query).toEqual({ status: 'COMPLETED' });
  });

  test('without vouchers:status there are no decisions', async () => {
    renderConsole('/voucher-refunds/7', { permissions: ['vouchers:read'] });
    const panel = await drawer();
    await within(panel).findByTestId('voucher-refund-detail');
    expect(within(panel).queryByTestId('refund-status-actions')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('voucher definitions', () => {
  async function openVouchers(request?: Handler) {
    const calls = renderConsole('/voucher-refunds', { handler: request });
    fireEvent.click(await screen.findByTestId('view-vouchers'));
    await screen.findByTestId('voucher-definitions');
    return calls;
  }

  test('the Vouchers view lists GET /vouchers', async () => {
    const request = await openVouchers();
    const row = (await screen.findByText('VIP50')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '5',
      'VIP50',
      'Spring promotion',
      '$50.00 · Amount off',
      'Specific emails',
      '03-01-2026 – 05-31-2026',
      '3 / 100',
      'No',
    ]);
    expect(calls(request, 'GET', '/vouchers')[0].query).toMatchObject({ size: 10, page: 0, sortBy: 'id', descending: true });
  });

  test('New voucher POSTs exactly its fields; a taken code shows under the code', async () => {
    let taken = true;
    const request = await openVouchers((req) => {
      if (req.path === '/vouchers' && req.method === 'POST' && taken) {
        taken = false;
        throw refusal('VOUCHER_CODE_EXISTS', 'Voucher code already exists');
      }
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('create-voucher'));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Code', { exact: false }), { target: { value: 'spring' } });
    fireEvent.change(within(panel).getByLabelText('Value (%)', { exact: false }), { target: { value: '15' } });
    fireEvent.click(within(panel).getByTestId('save-voucher'));
    await waitFor(() => expect(within(panel).getByText('Voucher code already exists')).not.toBeNull());
    expect(calls(request, 'POST', '/vouchers')[0].body).toEqual({
      code: 'SPRING',
      description: null,
      discountKind: 'PERCENT_OFF',
      discountValue: 15,
      scope: 'ALL',
      emailIds: [],
      validFrom: null,
      validTo: null,
      useLimit: null,
      active: true,
    });
    fireEvent.change(within(panel).getByLabelText('Code', { exact: false }), { target: { value: 'spring26' } });
    fireEvent.click(within(panel).getByTestId('save-voucher'));
    await screen.findByText('Voucher created');
    expect(calls(request, 'POST', '/vouchers')[1].body).toMatchObject({ code: 'SPRING26' });
  });

  test('a percentage over 100 is refused in the form, without a call', async () => {
    const request = await openVouchers();
    fireEvent.click(await screen.findByTestId('create-voucher'));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Code', { exact: false }), { target: { value: 'BIG' } });
    fireEvent.change(within(panel).getByLabelText('Value (%)', { exact: false }), { target: { value: '120' } });
    fireEvent.click(within(panel).getByTestId('save-voucher'));
    expect(await within(panel).findByText('A percentage is more than 0 and at most 100; an amount is more than 0')).not.toBeNull();
    expect(calls(request, 'POST', '/vouchers')).toEqual([]);
  });

  test('a row opens its edit drawer; saving PUTs the voucher', async () => {
    const request = await openVouchers();
    fireEvent.click(await screen.findByText('SPRING'));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Description', { exact: false }), { target: { value: 'Spring 2026' } });
    fireEvent.click(within(panel).getByTestId('save-voucher'));
    await screen.findByText('Voucher saved');
    expect(calls(request, 'PUT', '/vouchers/4')[0].body).toEqual({
      code: 'SPRING',
      description: 'Spring 2026',
      discountKind: 'PERCENT_OFF',
      discountValue: 10,
      scope: 'ALL',
      emailIds: [],
      validFrom: '2026-03-01',
      validTo: '2026-05-31',
      useLimit: 100,
      active: true,
    });
  });
});
