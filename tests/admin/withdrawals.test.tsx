import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import enrollments from '../../admin/src/resources/enrollments';
import withdrawals from '../../admin/src/resources/withdrawals';
import { canTransfer, canWithdraw } from '../../admin/src/resources/enrollments/ApplicationMoveActions';
import { activeClasses } from '../../admin/src/common/WithdrawDialog';
import {
  defaultWithdrawalKind,
  nextWithdrawalStatuses,
  toWithdrawalPayload,
  validateNewWithdrawal,
  type WithdrawalPreview,
  type WithdrawalRecord,
} from '../../admin/src/common/withdrawalRecord';
import type { ApplicationRecord } from '../../admin/src/common/applicationRecord';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const at = '2026-03-02T15:00:00.000Z';
const ana = { id: 42, firstName: 'Ana', lastName: 'López', fullName: 'Ana López', email: 'ana@example.com' };

const withdrawal = (id: number, overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  id,
  kind: 'hctp',
  studentId: 42,
  applicationId: 5,
  programId: 3,
  cohortId: 11,
  cohortIds: [11],
  partial: false,
  requestedBy: 'STUDENT',
  status: 'REQUESTED',
  reason: 'Moving abroad',
  comments: null,
  withdrawalDate: '2026-03-01',
  tuitionResponsibility: 2400,
  reductionAmount: 3600,
  amountToBeRefund: 100,
  amountRefunded: 0,
  taxToBeRefund: 5,
  taxRefunded: 0,
  reissuedAmount: 0,
  installmentAmount: null,
  autoPay: false,
  refundId: null,
  reissuedPlanId: null,
  decidedAt: null,
  student: ana,
  program: { id: 3, name: 'HCTP' },
  cohort: { id: 11, label: 'HCTP 01-15-2026 - 12-15-2026' },
  updatedBy: { id: 10, name: 'Root Admin' },
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

const preview = (overrides: Partial<WithdrawalPreview> = {}): WithdrawalPreview => ({
  kind: 'hctp',
  applicationId: 5,
  withdrawalDate: '2026-03-01',
  cohortIds: [11],
  partial: false,
  applicationStatus: 'WITHDRAWN',
  settings: { cancellationDays: 5, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 },
  planId: 31,
  paid: 2500,
  charges: 6000,
  cancellation: false,
  tuitionResponsibility: 2400,
  reductionAmount: 3600,
  amountToBeRefund: 100,
  taxToBeRefund: 5,
  reissuedAmount: 0,
  installmentAmount: null,
  courses: [
    {
      cohortId: 11,
      programId: 3,
      label: 'HCTP 01-15-2026 - 12-15-2026',
      startDate: '2026-01-15',
      endDate: '2026-12-15',
      withdrawn: true,
      percent: 40,
      tuitionResponsibility: 2200,
    },
    { cohortId: 12, programId: 4, label: 'Advanced 01-15-2026', startDate: '2026-01-15', endDate: '2026-06-15', withdrawn: false, percent: 100, tuitionResponsibility: 1000 },
  ],
  schedule: [],
  ...overrides,
});

/** A preview where something stays owed: a reissued plan of two installments. */
const owed = preview({
  paid: 1000,
  tuitionResponsibility: 2400,
  amountToBeRefund: 0,
  taxToBeRefund: 0,
  reissuedAmount: 1400,
  installmentAmount: 700,
  schedule: [
    { number: 1, dueDate: '2026-03-02', amount: 700, balance: 700 },
    { number: 2, dueDate: '2026-04-02', amount: 700, balance: 0 },
  ],
});

const summary = {
  total: 4,
  statuses: [
    { status: 'REQUESTED', count: 3 },
    { status: 'COMPLETED', count: 1 },
  ],
  tuitionResponsibility: 9600,
  reductionAmount: 14400,
  amountToBeRefund: 400,
  amountRefunded: 100,
  taxToBeRefund: 20,
  taxRefunded: 5,
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
    product: { id: 1, name: 'HCTP bundle', flowType: 'HCTP', cost: 6000 },
    products: [],
    cohort: null,
    applicationCohorts: [
      { id: 1, programId: 3, programName: 'HCTP', cohortId: 11, cohortLabel: 'HCTP 01-15-2026 - 12-15-2026', startDate: '2026-01-15', endDate: '2026-12-15' },
      { id: 2, programId: 4, programName: 'Advanced', cohortId: 12, cohortLabel: 'Advanced 01-15-2026', startDate: '2026-01-15', endDate: '2026-06-15' },
    ],
    enrollments: [
      { id: 1, cohortId: 11, cohortLabel: 'HCTP 01-15-2026 - 12-15-2026', programId: 3, status: 'ACTIVE', enrolledAt: at },
      { id: 2, cohortId: 12, cohortLabel: 'Advanced 01-15-2026', programId: 4, status: 'ACTIVE', enrolledAt: at },
    ],
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
const invalid = (errors: Record<string, string>) => new HttpError(400, { status: 400, code: 'VALIDATION', message: 'Invalid request', errors });

function renderConsole(path: string, { handler, permissions = ['*'], locale = 'en' }: { handler?: Handler; permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const rows = [
    withdrawal(7),
    withdrawal(8, {
      status: 'APPROVED',
      kind: 'specialty',
      requestedBy: 'STAFF',
      student: { ...ana, id: 43, firstName: 'Luis', lastName: 'Pérez', fullName: 'Luis Pérez' },
      reissuedAmount: 1400,
      installmentAmount: 700,
      amountToBeRefund: 0,
      reissuedPlanId: 41,
      autoPay: false,
    }),
  ];
  const request = jest.fn(async (req: HttpRequest) => {
    const answer = handler ? await handler(req) : undefined;
    if (answer !== undefined) return answer;
    const method = req.method ?? 'GET';
    if (req.path === '/withdrawals' && method === 'GET') return page(rows);
    if (req.path === '/withdrawals/find_by_criteria') return page(rows.slice(0, 1));
    if (req.path === '/withdrawals/summary') return summary;
    const kindPreview = /^\/withdrawals\/[a-z]+\/preview$/.exec(req.path);
    if (kindPreview) return preview();
    if (/^\/withdrawals\/[a-z]+$/.test(req.path) && method === 'POST') return withdrawal(15);
    const one = /^\/withdrawals\/(\d+)$/.exec(req.path);
    if (one) return rows.find((r) => r.id === Number(one[1])) ?? withdrawal(Number(one[1]));
    if (/^\/withdrawals\/[a-z]+\/\d+\/status$/.test(req.path)) return { ...rows[0], status: req.query?.status };
    if (/^\/withdrawals\/\d+\/auto_pay$/.test(req.path)) return { ...rows[1], autoPay: (req.body as { autoPay: boolean }).autoPay };
    if (req.path === '/applications/5' && method === 'GET') return application(5);
    if (req.path === '/applications/5/status_moves') return { applicationId: 5, status: 'ENROLLED', delivery: { email: 'OUTBOX', crm: 'LOCAL' }, moves: [] };
    if (req.path === '/applications/5/payment_plans')
      return [
        {
          id: 41,
          schedules: [
            { id: 1, number: 1, kind: 'INSTALLMENT', dueDate: '2026-04-02', principal: 700, interest: 0, amount: 700, balance: 700, paidAmount: 0, status: 'PENDING' },
            { id: 2, number: 2, kind: 'INSTALLMENT', dueDate: '2026-05-02', principal: 700, interest: 0, amount: 700, balance: 0, paidAmount: 0, status: 'PENDING' },
          ],
        },
      ];
    if (req.path === '/programs') return page([{ id: 3, name: 'HCTP' }]);
    if (req.path === '/cohorts') return page([{ id: 11, label: 'HCTP 01-15-2026 - 12-15-2026' }]);
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
    locale,
    children: [<Resource key="withdrawals" name="withdrawals" {...withdrawals} />, <Resource key="enrollments" name="enrollments" {...enrollments} />],
  });
  return request;
}

const drawer = async () => screen.findByTestId('record-drawer');

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rules and payloads', () => {
  test('REQUESTED → APPROVED | REJECTED | CANCELLED; APPROVED → COMPLETED; the rest none', () => {
    expect(nextWithdrawalStatuses('REQUESTED')).toEqual(['APPROVED', 'REJECTED', 'CANCELLED']);
    expect(nextWithdrawalStatuses('APPROVED')).toEqual(['COMPLETED']);
    for (const s of ['REJECTED', 'COMPLETED', 'CANCELLED'] as const) expect(nextWithdrawalStatuses(s)).toEqual([]);
  });

  test('who may be transferred or withdrawn; the default kind; the classes still active', () => {
    expect(canTransfer('ENROLLED')).toBe(true);
    expect(canTransfer('PARTIAL_WITHDRAWN')).toBe(false);
    expect(canWithdraw('PARTIAL_WITHDRAWN')).toBe(true);
    expect(canWithdraw('WITHDRAWN')).toBe(false);
    expect(defaultWithdrawalKind('HCTP')).toBe('hctp');
    expect(defaultWithdrawalKind('DYNAMIC')).toBe('specialty');
    const partly = application(5, {
      enrollments: [
        { id: 1, cohortId: 11, cohortLabel: 'x', programId: 3, status: 'WITHDRAWN', enrolledAt: at },
        { id: 2, cohortId: 12, cohortLabel: 'y', programId: 4, status: 'ACTIVE', enrolledAt: at },
      ],
    });
    expect(activeClasses(partly)).toEqual([{ id: 12, name: 'Advanced: Advanced 01-15-2026' }]);
  });

  test('the payload leaves blanks out; the dialog needs a kind and a class, and an installment in cents', () => {
    expect(toWithdrawalPayload(5, { kind: 'hctp', cohortIds: [], withdrawalDate: '', reason: ' ', installmentAmount: null })).toEqual({ applicationId: 5 });
    expect(toWithdrawalPayload('5', { kind: 'hctp', cohortIds: ['11'], withdrawalDate: '2026-03-01', reason: ' Moving ', comments: 'By phone', installmentAmount: 250 })).toEqual({
      applicationId: 5,
      cohortIds: [11],
      withdrawalDate: '2026-03-01',
      reason: 'Moving',
      comments: 'By phone',
      installmentAmount: 250,
    });
    expect(validateNewWithdrawal({ kind: null, cohortIds: [], installmentAmount: 10.001 })).toEqual({
      kind: 'ra.validation.required',
      cohortIds: 'ra.validation.required',
      installmentAmount: 'resources.external-payments.validation.amount_cents',
    });
    expect(validateNewWithdrawal({ kind: 'cip', cohortIds: [11] })).toEqual({});
  });
});

describe('withdrawals list', () => {
  test('rows newest first with the summary figures; criteria go to find_by_criteria and the summary and read as chips', async () => {
    const filter = encodeURIComponent(JSON.stringify({ statuses: ['REQUESTED'], kinds: ['hctp', 'cip'], amountToBeRefund: { min: 50 }, program: [3] }));
    const request = renderConsole(`/withdrawals?filter=${filter}`);
    const row = (await screen.findByText('Ana López')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '7',
      'Ana López',
      'HCTP',
      'HCTP',
      'HCTP 01-15-2026 - 12-15-2026',
      '03-01-2026',
      '$2,400.00',
      '$100.00',
      '$0.00',
      'Requested',
    ]);
    const body = { statuses: ['REQUESTED'], kinds: ['hctp', 'cip'], amountToBeRefund: { min: 50 }, program: [3] };
    expect(calls(request, 'POST', '/withdrawals/find_by_criteria')[0].body).toEqual(body);
    await waitFor(() => expect(calls(request, 'POST', '/withdrawals/summary')[0]?.body).toEqual(body));
    expect((await screen.findByTestId('summary-total')).textContent).toBe('Withdrawals: 4');
    expect(screen.getByTestId('summary-status-REQUESTED').textContent).toBe('Requested: 3');
    expect(screen.getByTestId('summary-amountToBeRefund').textContent).toBe('To refund: $400.00');
    expect(screen.getByTestId('filter-chip-kinds').textContent).toBe('Kind: HCTP, CIP');
    expect(screen.getByTestId('filter-chip-amountToBeRefund').textContent).toBe('To refund: Min $50.00');
    await waitFor(() => expect(screen.getByTestId('filter-chip-program').textContent).toBe('Program: HCTP'));
  });
});

describe('withdrawal drawer', () => {
  test('a request: the money approving would move, per class; Approve says what it moves, then PATCHes the kind’s status', async () => {
    const request = renderConsole('/withdrawals/7');
    const panel = await drawer();
    expect(await within(panel).findByTestId('drawer-title')).toHaveProperty('textContent', 'Withdrawal #7 Ana López');
    expect((await within(panel).findByTestId('withdrawal-preview-responsibility')).textContent).toBe('$2,400.00');
    expect(within(panel).getByTestId('withdrawal-preview-refund').textContent).toBe('$100.00');
    expect(within(panel).getByTestId('withdrawal-preview-tax').textContent).toBe('$5.00');
    expect(within(panel).getByTestId('withdrawal-course-11').textContent).toContain('40%');
    expect(within(panel).getByTestId('withdrawal-course-12').textContent).toContain('Stays (owed in full)');
    expect(calls(request, 'POST', '/withdrawals/hctp/preview')[0].body).toEqual({ applicationId: 5, cohortIds: [11], withdrawalDate: '2026-03-01' });
    expect(within(panel).queryByTestId('withdrawal-auto-pay')).toBeNull();
    const actions = await within(panel).findByTestId('withdrawal-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject', 'Cancel']);
    fireEvent.click(within(actions).getByTestId('withdrawal-to-APPROVED'));
    expect((await screen.findByText(/The application moves to Withdrawn; the student is responsible for \$2,400.00, \$100.00 is queued as a refund/)).textContent).toMatch(
      /\$0.00 is reissued/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Withdrawal approved');
    expect(calls(request, 'PATCH', '/withdrawals/hctp/7/status')).toEqual([{ method: 'PATCH', path: '/withdrawals/hctp/7/status', query: { status: 'APPROVED' } }]);
  });

  test('an approved one with a reissued plan: its schedule, Mark completed only, and the auto-pay switch PATCHes auto_pay', async () => {
    const request = renderConsole('/withdrawals/8');
    const panel = await drawer();
    expect(within(within(await within(panel).findByTestId('withdrawal-reissued-schedule')).getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(calls(request, 'POST', '/withdrawals/specialty/preview')).toEqual([]);
    const actions = await within(panel).findByTestId('withdrawal-status-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark completed']);
    fireEvent.click(within(panel).getByRole('switch', { name: 'Auto-pay of the reissued plan' }));
    await screen.findByText('Auto-pay of the reissued plan turned on');
    expect(calls(request, 'PATCH', '/withdrawals/8/auto_pay').map((r) => r.body)).toEqual([{ autoPay: true }]);
  });
});

describe('the Spanish confirmation agrees with "retiro"', () => {
  test('¿Marcar el retiro #7 como Aprobado? (and Rechazado, Cancelado), not the feminine labels of "solicitud"', async () => {
    renderConsole('/withdrawals/7', { locale: 'es' });
    const actions = await within(await screen.findByTestId('record-drawer')).findByTestId('withdrawal-status-actions');
    for (const [to, word] of [
      ['APPROVED', 'Aprobado'],
      ['REJECTED', 'Rechazado'],
      ['CANCELLED', 'Cancelado'],
    ] as const) {
      fireEvent.click(within(actions).getByTestId(`withdrawal-to-${to}`));
      const title = await screen.findByText(`¿Marcar el retiro #7 como ${word}?`);
      const dialog = title.closest('[role="dialog"]') as HTMLElement;
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByText(`¿Marcar el retiro #7 como ${word}?`)).toBeNull());
    }
  });
});

describe('Withdraw from the application drawer', () => {
  test('the preview shows the money before Confirm, again on every change; Confirm posts the kind’s withdrawal and opens it', async () => {
    let answer = preview();
    const request = renderConsole('/enrollments/5', {
      handler: (req) => {
        if (req.path === '/withdrawals/hctp/preview') return answer;
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('application-withdraw'));
    const dialog = await screen.findByTestId('withdraw-dialog');
    expect((await within(dialog).findByTestId('withdrawal-preview-refund')).textContent).toBe('$100.00');
    const first = calls(request, 'POST', '/withdrawals/hctp/preview')[0].body as Record<string, unknown>;
    expect(first).toMatchObject({ applicationId: 5, cohortIds: [11, 12] });
    expect(first.withdrawalDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A partial withdrawal that leaves something owed: the reissued plan and its schedule show before Confirm.
    answer = owed;
    fireEvent.click(within(dialog).getByLabelText('Advanced: Advanced 01-15-2026'));
    fireEvent.change(within(dialog).getByLabelText('Reissued installment', { exact: false }), { target: { value: '700' } });
    expect((await within(dialog).findByTestId('withdrawal-preview-reissued')).textContent).toBe('$1,400.00');
    expect(within(within(dialog).getByTestId('withdrawal-preview-schedule')).getAllByRole('row')).toHaveLength(3);
    expect(calls(request, 'POST', '/withdrawals/hctp/preview').at(-1)?.body).toMatchObject({ applicationId: 5, cohortIds: [11], installmentAmount: 700 });
    fireEvent.click(within(dialog).getByTestId('withdrawal-confirm'));
    await screen.findByText('Withdrawal requested: it waits for approval');
    expect(calls(request, 'POST', '/withdrawals/hctp').map((r) => r.body)).toEqual([expect.objectContaining({ applicationId: 5, cohortIds: [11], installmentAmount: 700 })]);
    await waitFor(() => expect(currentLocation()).toBe('/withdrawals/15'));
  });

  test("in Spanish: the preview's field refusal ('Invalid installment amount') in Spanish, Confirm off", async () => {
    const request = renderConsole('/enrollments/5', {
      locale: 'es',
      handler: (req) => {
        if (req.path === '/withdrawals/hctp/preview') throw invalid({ installmentAmount: 'Invalid installment amount' });
        if (req.path === '/withdrawals/hctp' && req.method === 'POST') throw refusal('PENDING_WITHDRAWAL', 'A pending withdrawal exists');
        return undefined;
      },
    });
    const panel = await drawer();
    fireEvent.click(await within(panel).findByTestId('application-withdraw'));
    const dialog = await screen.findByTestId('withdraw-dialog');
    expect(within(dialog).getByText('Retirar #5 · Ana López · HCTP bundle')).not.toBeNull();
    expect((await within(dialog).findByTestId('withdrawal-preview-refused')).textContent).toBe('Monto de cuota no válido');
    expect(within(dialog).getByTestId('withdrawal-confirm')).toHaveProperty('disabled', true);
    expect(calls(request, 'POST', '/withdrawals/hctp')).toEqual([]);
  });
});

describe('withdrawal rules by kind', () => {
  const settingsOf = (kind: string, cancellationDays = 5) => ({ kind, cancellationDays, roundUpToPercent: 10, fullResponsibilityAtPercent: 60, updatedBy: null });
  const settings = ['specialty', 'hctp', 'alumni', 'advanced', 'cip', 'chopra'].map((kind) => settingsOf(kind));

  test('staff read each kind’s rules from the list and save one with PUT; a word is refused before any call, a 400 shows under its input', async () => {
    let saved = settings;
    const request = renderConsole('/withdrawals', {
      handler: (req) => {
        if (req.path === '/withdrawals/settings') return saved;
        if (req.path === '/withdrawals/settings/cip' && req.method === 'PUT') {
          const body = req.body as { roundUpToPercent: number };
          if (body.roundUpToPercent > 100) throw new HttpError(400, { status: 400, message: 'Validation failed', errors: { roundUpToPercent: 'Invalid value' } });
          saved = saved.map((s) => (s.kind === 'cip' ? { ...s, ...(req.body as object) } : s));
          return saved.find((s) => s.kind === 'cip');
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('withdrawal-settings-open'));
    const dialog = await screen.findByTestId('withdrawal-settings');
    const cip = await within(dialog).findByTestId('withdrawal-setting-cip');
    expect(within(dialog).getAllByRole('row')).toHaveLength(7);
    const days = within(cip).getByLabelText('CIP: Cancellation days') as HTMLInputElement;
    expect(days.value).toBe('5');
    const save = within(cip).getByTestId('withdrawal-setting-save-cip');
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(days, { target: { value: 'seven' } });
    fireEvent.click(save);
    expect(await within(cip).findByText('A whole number')).not.toBeNull();
    expect(calls(request, 'PUT', '/withdrawals/settings/cip')).toEqual([]);

    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.change(within(cip).getByLabelText('CIP: Rounded up to (%)'), { target: { value: '150' } });
    fireEvent.click(save);
    expect(await within(cip).findByText('Invalid value')).not.toBeNull();

    fireEvent.change(within(cip).getByLabelText('CIP: Rounded up to (%)'), { target: { value: '20' } });
    fireEvent.click(save);
    await screen.findByText('The rules of CIP were saved');
    expect(calls(request, 'PUT', '/withdrawals/settings/cip').at(-1)?.body).toEqual({ cancellationDays: 7, roundUpToPercent: 20, fullResponsibilityAtPercent: 60 });
    await waitFor(() => expect((within(cip).getByLabelText('CIP: Cancellation days') as HTMLInputElement).value).toBe('7'));
  });

  test('staff who may only read see the rules without inputs to change them', async () => {
    const request = renderConsole('/withdrawals', { permissions: ['withdrawals:read'], handler: (req) => (req.path === '/withdrawals/settings' ? settings : undefined) });
    fireEvent.click(await screen.findByTestId('withdrawal-settings-open'));
    const hctp = await within(await screen.findByTestId('withdrawal-settings')).findByTestId('withdrawal-setting-hctp');
    expect(within(hctp).getByLabelText('HCTP: Everything owed from (%)')).toHaveProperty('disabled', true);
    expect(within(hctp).queryByTestId('withdrawal-setting-save-hctp')).toBeNull();
    expect(calls(request, 'PUT', '/withdrawals/settings/hctp')).toEqual([]);
  });
});
