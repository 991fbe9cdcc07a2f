import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import enrollments from '../../admin/src/resources/enrollments';
import transfers from '../../admin/src/resources/transfers';
import { transfers as texts } from '../../admin/src/resources/transfers/i18n';
import { validateNewTransfer } from '../../admin/src/common/TransferDialog';
import { staffTransferMoves, toTransferPayload, type TransferPreview, type TransferRecord } from '../../admin/src/common/transferRecord';
import type { ApplicationRecord } from '../../admin/src/common/applicationRecord';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const ana = { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' };

const transfer = (id: number, overrides: Partial<TransferRecord> = {}): TransferRecord => ({
  id,
  studentId: 42,
  applicationId: 5,
  rootApplicationId: 5,
  originProductId: 1,
  originCohortId: 11,
  destinationProductId: 2,
  destinationCohortId: 21,
  destinationProductPaymentPlanId: 31,
  newApplicationId: null,
  transferNumber: 2,
  requestedBy: 'STUDENT',
  status: 'PENDING',
  transferFee: 150,
  tuitionRollover: 500,
  excessRefund: 0,
  newPrincipal: 5650,
  reason: 'Schedule conflict',
  comments: null,
  termsAcceptedAt: null,
  decidedAt: null,
  refundId: null,
  student: ana,
  originProduct: { id: 1, name: 'HCTP January' },
  destinationProduct: { id: 2, name: 'HCTP July' },
  destinationCohort: { id: 21, label: 'HCTP 07-01-2027 - 06-30-2028', startDate: '2027-07-01', endDate: '2028-06-30' },
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

const preview: TransferPreview = {
  applicationId: 5,
  destinationProductId: 2,
  destinationCohortId: 21,
  productPaymentPlanId: 31,
  transferNumber: 2,
  paid: 500,
  transferFee: 150,
  tuitionRollover: 500,
  excessRefund: 0,
  newPrincipal: 5650,
  oldPlanBalance: 5500,
  schedule: [
    { number: 1, kind: 'DEPOSIT', dueDate: '2026-03-02', principal: 650, interest: 0, amount: 650, balance: 5000 },
    { number: 2, kind: 'INSTALLMENT', dueDate: '2026-04-02', principal: 5000, interest: 0, amount: 5000, balance: 0 },
  ],
  totalInterest: 0,
  totalOwed: 5650,
};

const summary = {
  total: 3,
  statuses: [
    { status: 'PENDING', count: 2 },
    { status: 'ACCEPTED', count: 1 },
  ],
  transferFee: 300,
  tuitionRollover: 1750.5,
};

const application = (id: number, overrides: Partial<ApplicationRecord> = {}): ApplicationRecord =>
  ({
    id,
    status: 'ENROLLED',
    flowType: 'HCTP',
    source: 'WEBSITE',
    opportunityId: null,
    migrated: false,
    autoPay: true,
    callAttempts: 0,
    financialStatus: 'GOOD',
    daysOverdue: 0,
    refunded: 0,
    documentName: null,
    document: null,
    documentType: null,
    appliedAt: at,
    enrolledAt: at,
    statusChangedAt: at,
    createdAt: at,
    updatedAt: at,
    updatedBy: { id: 10, name: 'Root Admin' },
    student: { ...ana, mobilePhone: null, city: null, stateCode: null, countryCode: null },
    product: { id: 1, name: 'HCTP January', flowType: 'HCTP', cost: 6000 },
    products: [],
    cohort: null,
    applicationCohorts: [{ id: 1, programId: 3, programName: 'HCTP', cohortId: 11, cohortLabel: 'HCTP 01-15-2027 - 12-15-2027', startDate: '2027-01-15', endDate: '2027-12-15' }],
    enrollments: [{ id: 1, cohortId: 11, cohortLabel: 'HCTP 01-15-2027 - 12-15-2027', programId: 3, status: 'ACTIVE', enrolledAt: at }],
    paymentPlan: null,
    productPaymentPlanId: 7,
    productPaymentPlan: { id: 7, name: 'Monthly' },
    voucher: null,
    voucherDiscount: 0,
    paymentMethod: null,
    steps: [],
    answers: [],
    ...overrides,
  }) as ApplicationRecord;

type Handler = (req: HttpRequest) => unknown;
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });
const refusal = (code: string, message: string) => new HttpError(409, { status: 409, code, message });

function renderConsole(path: string, { handler, permissions = ['*'] }: { handler?: Handler; permissions?: string[] } = {}) {
  const rows = [
    transfer(7),
    transfer(8, { requestedBy: 'STAFF', transferNumber: 1, transferFee: 0, student: { ...ana, id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez' } }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/transfers' && method === 'GET') return page(rows);
    if (req.path === '/transfers' && method === 'POST') return transfer(12, { requestedBy: 'STAFF' });
    if (req.path === '/transfers/find_by_criteria') return page(rows.slice(0, 1));
    if (req.path === '/transfers/summary') return summary;
    if (req.path === '/transfers/preview') return preview;
    const one = /^\/transfers\/(\d+)$/.exec(req.path);
    if (one) return rows.find((r) => r.id === Number(one[1])) ?? transfer(Number(one[1]));
    if (/^\/transfers\/\d+\/preview$/.test(req.path)) return preview;
    if (/^\/transfers\/\d+\/status$/.test(req.path)) return { ...rows[0], status: req.query?.status };
    if (req.path === '/applications/5' && method === 'GET') return application(5);
    if (req.path === '/applications/5/status_moves') return { applicationId: 5, status: 'ENROLLED', delivery: { email: 'OUTBOX', crm: 'LOCAL' }, moves: [] };
    if (req.path === '/products' || req.path === '/products/find_by_criteria')
      return page([
        { id: 1, name: 'HCTP January', deleted: false, cohorts: [] },
        { id: 2, name: 'HCTP July', deleted: false, cohorts: [{ id: 21, label: 'HCTP 07-01-2027 - 06-30-2028' }] },
      ]);
    if (req.path === '/transfers/destinations' && req.query?.applicationId === 5)
      return {
        applicationId: 5,
        businessCategory: 'HCTP',
        products: [
          {
            id: 2,
            name: 'HCTP July',
            cohorts: [{ id: 21, label: 'HCTP 07-01-2027 - 06-30-2028', startDate: '2027-07-01', endDate: '2028-06-30' }],
            paymentPlans: [{ id: 31, name: 'Monthly July' }],
          },
        ],
      };
    if (req.path === '/students/find_by_criteria') return page([{ id: 42, user: { email: 'ana@example.com' }, personalInfo: { firstName: 'Ana', lastName: 'López' } }]);
    if (req.path === '/admins' || req.path === '/admins/find_by_criteria') return page([{ id: 1, userId: 10, firstName: 'Root', lastName: 'Admin', email: 'root@example.com' }]);
    if (req.path === '/search_filters') return page([]);
    if (req.path === '/users/10/view_histories') return { id: 1 };
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    children: [<Resource key="transfers" name="transfers" {...transfers} />, <Resource key="enrollments" name="enrollments" {...enrollments} />],
  });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules and payloads', () => {
  test("staff accept or reject a student's request; a staff offer only rejected (it waits for the student); a decided one nothing", () => {
    expect(staffTransferMoves({ status: 'PENDING', requestedBy: 'STUDENT' })).toEqual({ moves: ['ACCEPTED', 'REJECTED'], waitsForStudent: false });
    expect(staffTransferMoves({ status: 'PENDING', requestedBy: 'STAFF' })).toEqual({ moves: ['REJECTED'], waitsForStudent: true });
    expect(staffTransferMoves({ status: 'ACCEPTED', requestedBy: 'STUDENT' })).toEqual({ moves: [], waitsForStudent: false });
  });

  test('the payload leaves blanks out; the fee is 0–300 in cents', () => {
    expect(toTransferPayload(5, { destinationProductId: '2', destinationCohortId: null, productPaymentPlanId: '', transferFee: null, reason: ' ', comments: '' })).toEqual({
      applicationId: 5,
      destinationProductId: 2,
    });
    expect(
      toTransferPayload('5', { destinationProductId: 2, destinationCohortId: 21, productPaymentPlanId: 31, transferFee: 150, reason: ' Moved ', comments: 'Asked by phone' }),
    ).toEqual({
      applicationId: 5,
      destinationProductId: 2,
      destinationCohortId: 21,
      productPaymentPlanId: 31,
      transferFee: 150,
      reason: 'Moved',
      comments: 'Asked by phone',
    });
    expect(validateNewTransfer({ destinationProductId: null, transferFee: 300.01 })).toEqual({
      destinationProductId: 'ra.validation.required',
      transferFee: 'resources.transfers.validation.fee_range',
    });
    expect(validateNewTransfer({ destinationProductId: 2, transferFee: 10.001 })).toEqual({ transferFee: 'resources.external-payments.validation.amount_cents' });
    expect(validateNewTransfer({ destinationProductId: 2, transferFee: 0 })).toEqual({});
  });
});

describe('transfers list', () => {
  test('rows newest first with the summary figures above them', async () => {
    const request = renderConsole('/transfers');
    const row = (await screen.findByText('Luis Pérez')).closest('tr') as HTMLElement;
    expect(calls(request, 'GET', '/transfers')[0].query).toEqual({ size: 10, page: 0, sortBy: 'id', descending: true, keyword: undefined });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '8',
      'Luis Pérez',
      'HCTP January',
      'HCTP July · HCTP 07-01-2027 - 06-30-2028',
      'Staff (offer)',
      '$0.00',
      '$500.00',
      'Pending',
      expect.stringMatching(/2026/),
    ]);
    expect((await screen.findByTestId('summary-total')).textContent).toBe('Transfers: 3');
    expect(screen.getByTestId('summary-status-PENDING').textContent).toBe('Pending: 2');
    expect(screen.getByTestId('summary-transferFee').textContent).toBe('Fees: $300.00');
    expect(screen.getByTestId('summary-tuitionRollover').textContent).toBe('Tuition rolled over: $1,750.50');
    expect(calls(request, 'POST', '/transfers/summary')[0].body).toEqual({});
  });

  test('criteria in the URL go to find_by_criteria and the summary, and read as chips; a chip removed drops its criterion', async () => {
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['PENDING'], destinationProduct: [2], transferFee: { min: 100, max: 300 } }));
    const request = renderConsole(`/transfers?filter=${filter}`);
    const body = { statuses: ['PENDING'], destinationProduct: [2], transferFee: { min: 100, max: 300 } };
    await waitFor(() => expect(calls(request, 'POST', '/transfers/find_by_criteria')[0]?.body).toEqual(body));
    await waitFor(() => expect(calls(request, 'POST', '/transfers/summary')[0]?.body).toEqual(body));
    expect((await screen.findByTestId('filter-chip-statuses')).textContent).toBe('Status: Pending');
    expect(screen.getByTestId('filter-chip-transferFee').textContent).toBe('Fee: $100.00 – $300.00');
    await waitFor(() => expect(screen.getByTestId('filter-chip-destinationProduct').textContent).toBe('To product: HCTP July'));
    fireEvent.click(within(screen.getByTestId('filter-chip-statuses')).getByLabelText('Remove this filter'));
    await waitFor(() => expect(calls(request, 'POST', '/transfers/summary').at(-1)?.body).toEqual({ destinationProduct: [2], transferFee: { min: 100, max: 300 } }));
  });
});

describe('transfer drawer', () => {
  test("a student's request: the money it will move, Accept asks first then PATCHes the status", async () => {
    const request = renderConsole('/transfers/7');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'Transfer #7 Ana López');
    expect((await within(panel).findByTestId('transfer-preview-paid')).textContent).toBe('$500.00');
    expect(within(panel).getByTestId('transfer-preview-fee').textContent).toBe('$150.00');
    expect(within(panel).getByTestId('transfer-preview-rollover').textContent).toBe('$500.00');
    expect(within(panel).getByTestId('transfer-preview-old-balance').textContent).toBe('$5,500.00');
    expect(within(panel).getByTestId('transfer-preview-principal').textContent).toBe('$5,650.00');
    expect(within(within(panel).getByTestId('transfer-preview-schedule')).getAllByRole('row')).toHaveLength(3);
    expect(calls(request, 'GET', '/transfers/7/preview')).toHaveLength(1);
    expect(within(panel).queryByTestId('transfer-waits-for-student')).toBeNull();
    const actions = await within(panel).findByTestId('transfer-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject']);
    fireEvent.click(within(actions).getByTestId('transfer-to-ACCEPTED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Transfer accepted');
    expect(calls(request, 'PATCH', '/transfers/7/status')).toEqual([{ method: 'PATCH', path: '/transfers/7/status', query: { status: 'ACCEPTED' } }]);
  });

  test("a staff offer waits for the student: no Accept, why, and Reject's refusal shows the server's sentence", async () => {
    const request = renderConsole('/transfers/8', {
      handler: (req) => {
        if (req.path === '/transfers/8/status') throw refusal('NOT_PERMITTED', 'Not permitted');
        return undefined;
      },
    });
    const panel = await drawer();
    expect((await within(panel).findByTestId('transfer-waits-for-student')).textContent).toMatch(/the student accepts it in the portal/);
    const actions = await within(panel).findByTestId('transfer-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject']);
    fireEvent.click(within(actions).getByTestId('transfer-to-REJECTED'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Not permitted');
    expect(calls(request, 'PATCH', '/transfers/8/status')).toHaveLength(1);
  });
});

describe("the fee of a student's request", () => {
  test('staff set it before accepting: PATCH /transfers/{id} {transferFee}, then the drawer and its preview show it; 0–300 checked first', async () => {
    let current = transfer(7);
    const request = renderConsole('/transfers/7', {
      handler: (req) => {
        const method = req.method ?? 'GET';
        if (req.path === '/transfers/7' && method === 'PATCH') {
          current = { ...current, transferFee: (req.body as { transferFee: number }).transferFee, updatedAt: '2026-03-03T15:00:00.000Z' };
          return current;
        }
        if (req.path === '/transfers/7' && method === 'GET') return current;
        if (req.path === '/transfers/7/preview') return { ...preview, transferFee: current.transferFee, newPrincipal: 5500 + current.transferFee };
        return undefined;
      },
    });
    const panel = await drawer();
    const editor = await within(panel).findByTestId('transfer-fee-editor');
    const input = within(editor).getByTestId('transfer-fee-input') as HTMLInputElement;
    expect(input.value).toBe('150');
    const save = within(editor).getByTestId('transfer-fee-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '300.01' } });
    expect(within(editor).getByText('The fee is between $0.00 and $300.00')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '200' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText('Transfer fee saved');
    expect(calls(request, 'PATCH', '/transfers/7')).toEqual([{ method: 'PATCH', path: '/transfers/7', body: { transferFee: 200 } }]);
    await waitFor(() => expect(within(panel).getByTestId('transfer-preview-fee').textContent).toBe('$200.00'));
    expect(within(panel).getByTestId('transfer-preview-principal').textContent).toBe('$5,700.00');
    expect(within(panel).getByTestId('transfer-fee').textContent).toContain('$200.00');
    expect(calls(request, 'GET', '/transfers/7/preview').length).toBeGreaterThanOrEqual(2);
  });

  test('a first transfer stays free: the field is off and says so', async () => {
    renderConsole('/transfers/9', { handler: (req) => (req.path === '/transfers/9' ? transfer(9, { transferNumber: 1, transferFee: 0 }) : undefined) });
    const editor = await within(await drawer()).findByTestId('transfer-fee-editor');
    expect((within(editor).getByTestId('transfer-fee-input') as HTMLInputElement).disabled).toBe(true);
    expect(within(editor).getByText('The first transfer is free')).toBeTruthy();
    expect(within(editor).queryByTestId('transfer-fee-save')).toBeNull();
  });

  test('a staff offer: no fee field', async () => {
    renderConsole('/transfers/8');
    const panel = await drawer();
    await within(panel).findByTestId('transfer-status-actions');
    expect(within(panel).queryByTestId('transfer-fee-editor')).toBeNull();
    expect(texts.es.fee_editor.first_free).toBe('La primera transferencia es gratuita');
  });
});

describe('Transfer from the application drawer', () => {
  test('choosing the product previews the money before Confirm; Confirm posts the transfer and opens it', async () => {
    const request = renderConsole('/enrollments/5');
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('application-transfer'));
    const dialog = await screen.findByTestId('transfer-dialog');
    expect(within(dialog).getByTestId('transfer-preview-waiting')).not.toBeNull();
    expect(within(dialog).getByTestId('transfer-confirm')).toHaveProperty('disabled', true);
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /^To product/ }));
    const options = await screen.findAllByRole('option');
    // The products offered are the API's destinations for this application (not the whole catalogue).
    expect(options.map((o) => o.textContent)).toEqual(['HCTP July']);
    expect(calls(request, 'GET', '/transfers/destinations').map((r) => r.query)).toEqual([{ applicationId: 5 }]);
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP July' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Payment plan/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toContain('Monthly July');
    fireEvent.keyDown(await screen.findByRole('listbox'), { key: 'Escape' });
    fireEvent.change(within(dialog).getByLabelText('Transfer fee', { exact: false }), { target: { value: '150' } });
    expect((await within(dialog).findByTestId('transfer-preview-fee')).textContent).toBe('$150.00');
    expect(within(dialog).getByTestId('transfer-preview-rollover').textContent).toBe('$500.00');
    expect(calls(request, 'POST', '/transfers/preview').at(-1)?.body).toEqual({ applicationId: 5, destinationProductId: 2, transferFee: 150 });
    fireEvent.click(within(dialog).getByTestId('transfer-confirm'));
    await screen.findByText('Transfer offered: it waits for the student');
    expect(calls(request, 'POST', '/transfers').map((r) => r.body)).toEqual([{ applicationId: 5, destinationProductId: 2, transferFee: 150 }]);
    await waitFor(() => expect(currentLocation()).toBe('/transfers/12'));
  });

  test("the preview's refusal is shown in the dialog and Confirm stays off", async () => {
    const request = renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/transfers/preview') throw refusal('PENDING_TRANSFER', 'Pending transfers must be resolved first');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('application-transfer'));
    const dialog = await screen.findByTestId('transfer-dialog');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /^To product/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP July' }));
    expect((await within(dialog).findByTestId('transfer-preview-refused')).textContent).toBe('Pending transfers must be resolved first');
    expect(within(dialog).getByTestId('transfer-confirm')).toHaveProperty('disabled', true);
    expect(calls(request, 'POST', '/transfers')).toEqual([]);
  });
});
