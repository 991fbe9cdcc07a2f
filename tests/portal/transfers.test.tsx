/**
 * @database none
 * The portal's transfers and withdrawals (issue 18; platform spec §2 "Pending transfers (two steps)" and
 * "Transfer or withdraw from a course"): a staff offer accepted in two steps (accept_terms, then
 * status=ACCEPTED) and the new plan with its rollover; a request previewed before it is sent; the
 * server's refusal in the student's language; Spanish words; the account history's moves.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { billingFake, ok, planDetail, refusal } from './billing-fake';
import { expectHeading, renderPortal, storeSession, studentRecord, type Call } from './helpers';
import { applicationRecord } from './enrollment-fake';

beforeEach(() => localStorage.clear());

type Json = Record<string, unknown>;
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const termsOf = (testId: string) => {
  const list = screen.getByTestId(testId);
  const terms = [...list.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...list.querySelectorAll('dd')].map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

const ENROLLED = applicationRecord(
  { flow: [], completed: new Set(), application: null, cards: [], envelope: null, answers: [] } as unknown as Parameters<typeof applicationRecord>[0],
  {
    status: 'ENROLLED',
    appliedAt: '2026-04-01T12:00:00Z',
    applicationCohorts: [
      { id: 1, programId: 2, programName: 'Health Coach Training Program', cohortId: 20, cohortLabel: 'HCTP March 2026', startDate: '2026-03-01', endDate: '2026-12-31' },
    ],
    enrollments: [{ id: 3, cohortId: 20, cohortLabel: 'HCTP March 2026', programId: 2, status: 'ACTIVE', enrolledAt: '2026-04-02T12:00:00Z' }],
    productPaymentPlan: { id: 32, name: 'Monthly plan' },
  },
);

function transfer(over: Json = {}): Json {
  return {
    id: 70,
    studentId: 7,
    applicationId: 5,
    rootApplicationId: 5,
    originProductId: 3,
    originCohortId: 20,
    destinationProductId: 4,
    destinationCohortId: 21,
    destinationProductPaymentPlanId: 41,
    newApplicationId: null,
    transferNumber: 2,
    requestedBy: 'STAFF',
    status: 'PENDING',
    transferFee: 150,
    tuitionRollover: 1000,
    excessRefund: 0,
    newPrincipal: 5300,
    reason: null,
    comments: null,
    termsAcceptedAt: null,
    decidedAt: null,
    refundId: null,
    student: { id: 7, firstName: 'Ana', lastName: 'Lopez', fullName: 'Ana Lopez', email: 'ana@example.com' },
    originProduct: { id: 3, name: 'Health Coach Training' },
    destinationProduct: { id: 4, name: 'Health Coach Training (September)' },
    destinationCohort: { id: 21, label: 'HCTP September 2026', startDate: '2026-09-01', endDate: '2027-06-30' },
    updatedBy: null,
    createdAt: '2026-06-01T14:00:00Z',
    updatedAt: '2026-06-01T14:00:00Z',
    ...over,
  };
}

const transferPreview = (over: Json = {}): Json => ({
  applicationId: 5,
  destinationProductId: 4,
  destinationCohortId: 21,
  productPaymentPlanId: 41,
  transferNumber: 2,
  paid: 1000,
  transferFee: 150,
  tuitionRollover: 1000,
  excessRefund: 0,
  newPrincipal: 5300,
  oldPlanBalance: 5458.24,
  schedule: [
    { number: 1, kind: 'DEPOSIT', dueDate: '2026-06-02', principal: 500, interest: 0, amount: 500, balance: 4800 },
    { number: 2, kind: 'INSTALLMENT', dueDate: '2026-07-02', principal: 2380, interest: 20, amount: 2400, balance: 2420 },
    { number: 3, kind: 'INSTALLMENT', dueDate: '2026-08-02', principal: 2420, interest: 10, amount: 2430, balance: 0 },
  ],
  totalInterest: 30,
  totalOwed: 5330,
  ...over,
});

const DESTINATIONS = {
  applicationId: 5,
  businessCategory: 'HCTP',
  products: [
    {
      id: 4,
      name: 'Health Coach Training (September)',
      cohorts: [{ id: 21, label: 'HCTP September 2026', startDate: '2026-09-01', endDate: '2027-06-30' }],
      paymentPlans: [
        { id: 41, name: 'Monthly plan' },
        { id: 42, name: 'Pay in full' },
      ],
    },
  ],
};

const withdrawalPreview: Json = {
  kind: 'hctp',
  applicationId: 5,
  withdrawalDate: '2026-06-01',
  cohortIds: [20],
  partial: false,
  applicationStatus: 'WITHDRAWN',
  settings: { cancellationDays: 5, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 },
  planId: 90,
  paid: 1000,
  charges: 6150,
  cancellation: false,
  tuitionResponsibility: 2510,
  reductionAmount: 3640,
  amountToBeRefund: 0,
  taxToBeRefund: 0,
  reissuedAmount: 1510,
  installmentAmount: 496.52,
  courses: [{ cohortId: 20, programId: 2, label: 'HCTP March 2026', startDate: '2026-03-01', endDate: '2026-12-31', withdrawn: true, percent: 40, tuitionResponsibility: 2410 }],
  schedule: [
    { number: 1, dueDate: '2026-07-01', amount: 496.52, balance: 1013.48 },
    { number: 2, dueDate: '2026-08-01', amount: 496.52, balance: 516.96 },
    { number: 3, dueDate: '2026-09-01', amount: 516.96, balance: 0 },
  ],
};

function movesFake(routes: Record<string, unknown> = {}, transfers: Json[] = [], language = 'EN') {
  const state = { transfers, withdrawals: [] as Json[] };
  const fake = billingFake({
    routes: {
      'GET /students/7': ok(studentRecord({ languageIso2LetterCode: language })),
      'GET /applications': ok({ content: [ENROLLED], pagination: { total: 1, page: 0, size: 200 } }),
      'GET /transfers': () => ok({ content: state.transfers, pagination: { total: state.transfers.length, page: 0, size: 50 } }),
      'GET /withdrawals': () => ok({ content: state.withdrawals, pagination: { total: state.withdrawals.length, page: 0, size: 50 } }),
      'GET /transfers/destinations': ok(DESTINATIONS),
      ...(routes as Record<string, never>),
    },
  });
  return { ...fake, state };
}

describe('a pending transfer, in two steps', () => {
  test('home shows the offer; step 1 shows the terms and calls accept_terms; step 2 confirms with status=ACCEPTED; the new plan shows the rollover', async () => {
    storeSession();
    let current = transfer();
    const newPlan = planDetail({
      id: 95,
      applicationId: 6,
      name: 'Monthly plan',
      rollover: 1000,
      source: 'APPLICATION',
      breakdown: { ...(planDetail().breakdown as Json), tuitionRollover: 1000 },
    });
    const fake = movesFake(
      {
        'GET /transfers/70': () => ok(current),
        'GET /transfers/70/preview': ok(transferPreview()),
        'PATCH /transfers/70/accept_terms': () => ok((current = { ...current, termsAcceptedAt: '2026-06-02T14:00:00Z' })),
        'PATCH /transfers/70/status': (call: Call) =>
          ok((current = { ...current, status: new URLSearchParams(call.query).get('status'), newApplicationId: 6, decidedAt: '2026-06-02T14:05:00Z' })),
        'GET /students/7/payment_plans': () => ok(current.status === 'ACCEPTED' ? [newPlan] : [planDetail()]),
      },
      [current],
    );
    renderPortal('/home', fake.fetch);
    const card = await screen.findByTestId('home-transfer-offer');
    expect(card.textContent).toContain('The institute offered you a transfer to Health Coach Training (September).');
    fireEvent.click(within(card).getByRole('link', { name: 'Review the transfer' }));

    await expectHeading('Pending transfer');
    await screen.findByTestId('offer-terms');
    expect(termsOf('offer-terms')).toEqual({
      From: 'Health Coach Training',
      To: 'Health Coach Training (September)',
      'New class': 'HCTP September 2026 (09-01-2026 to 06-30-2027)',
    });
    expect(termsOf('transfer-cost')).toMatchObject({
      'Transfer fee': '$150.00',
      'Tuition rollover (credited to the new plan)': '$1,000.00',
      "New plan's principal": '$5,300.00',
      'Total owed on the new plan': '$5,330.00',
    });
    expect(within(screen.getByTestId('transfer-schedule-2')).getAllByRole('cell')[1].textContent).toBe('Installment');
    expect(screen.queryByRole('button', { name: 'Confirm the transfer' })).toBeNull();

    click('I accept the terms');
    await screen.findByRole('button', { name: 'Confirm the transfer' });
    expect(fake.callsTo('PATCH', '/transfers/70/accept_terms')).toHaveLength(1);
    expect(fake.callsTo('PATCH', '/transfers/70/status')).toHaveLength(0);
    expect(termsOf('offer-plan')).toMatchObject({ To: 'Health Coach Training (September)', Installment: '2 installments', 'First payment': '$500.00 · 06-02-2026' });

    click('Confirm the transfer');
    const outcome = await screen.findByTestId('offer-outcome');
    expect(fake.callsTo('PATCH', '/transfers/70/status').map((c) => c.query)).toEqual(['status=ACCEPTED']);
    expect(outcome.textContent).toBe('Your transfer is done: you are enrolled in Health Coach Training (September). Your new plan carries a tuition rollover of $1,000.00.');

    fireEvent.click(await screen.findByRole('link', { name: 'See the new plan' }));
    await screen.findByTestId('plan-breakdown');
    expect(termsOf('plan-breakdown')['Tuition rollover']).toBe('$1,000.00');
  });

  test('declining at step 1 sends status=REJECTED; a refusal shows the server’s sentence in Spanish', async () => {
    storeSession({ language: 'ES' });
    const fake = movesFake(
      {
        'GET /transfers/70': ok(transfer()),
        'GET /transfers/70/preview': ok(transferPreview()),
        'PATCH /transfers/70/status': refusal(409, 'PENDING_TRANSFER', 'Pending transfers must be resolved first'),
      },
      [transfer()],
      'ES',
    );
    renderPortal('/transfers/70', fake.fetch);
    await expectHeading('Transferencia pendiente');
    await screen.findByTestId('offer-terms');
    expect(screen.getByText('Aceptar los términos')).toBeTruthy();
    click('Rechazar');
    const refused = await screen.findByTestId('offer-refusal');
    expect(fake.callsTo('PATCH', '/transfers/70/status').map((c) => c.query)).toEqual(['status=REJECTED']);
    expect(refused.textContent).toBe('Primero deben resolverse las transferencias pendientes');
  });
});

describe('transfer or withdraw from a course', () => {
  test('a transfer request shows the preview figures before it is sent, then posts the create and waits for staff', async () => {
    storeSession();
    const fake = movesFake({
      'POST /transfers/preview': ok(transferPreview({ transferNumber: 1, transferFee: 0, tuitionRollover: 1000, newPrincipal: 5150, totalOwed: 5180 })),
      'POST /transfers': (call: Call) => {
        const created = transfer({ id: 71, requestedBy: 'STUDENT', transferFee: 0, reason: (call.body as Json).reason });
        fake.state.transfers = [created];
        return ok(created, 201);
      },
    });
    renderPortal('/transfers', fake.fetch);
    await expectHeading('Transfer or withdraw from a course');
    expect(screen.getByTestId('requests-none').textContent).toBe('You have no transfers or withdrawals yet.');
    await waitFor(() => expect((screen.getByLabelText('New course') as HTMLSelectElement).value).toBe('4'));
    fireEvent.change(screen.getByLabelText('Payment plan'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'Work schedule' } });
    expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull();

    click('See what it will cost');
    await screen.findByTestId('transfer-cost');
    const sent = { applicationId: 5, destinationProductId: 4, destinationCohortId: 21, productPaymentPlanId: 42, reason: 'Work schedule' };
    expect(fake.callsTo('POST', '/transfers/preview').map((c) => c.body)).toEqual([sent]);
    expect(termsOf('transfer-cost')).toMatchObject({
      'Transfer fee': 'Free (your first transfer)',
      'Tuition rollover (credited to the new plan)': '$1,000.00',
      "New plan's principal": '$5,150.00',
      'Total owed on the new plan': '$5,180.00',
    });
    expect(fake.callsTo('POST', '/transfers')).toHaveLength(0);

    click('Send the request');
    expect((await screen.findByTestId('moves-sent')).textContent).toContain('It waits for the institute');
    expect(fake.callsTo('POST', '/transfers').map((c) => c.body)).toEqual([sent]);
    await waitFor(() => expect(screen.getByTestId('requests').textContent).toContain('Transfer from Health Coach Training to Health Coach Training (September)'));
    expect(screen.getByTestId('request-1').textContent).toContain('Waiting for the institute');
  });

  test('a withdrawal uses the kind of the program, shows responsibility and the reissued plan; a 409 shows the sentence', async () => {
    storeSession();
    const fake = movesFake({
      'POST /withdrawals/hctp/preview': ok(withdrawalPreview),
      'POST /withdrawals/hctp': refusal(409, 'PENDING_WITHDRAWAL', 'A pending withdrawal exists'),
    });
    renderPortal('/transfers?applicationId=5', fake.fetch);
    await expectHeading('Transfer or withdraw from a course');
    await screen.findByLabelText('New course');
    fireEvent.click(screen.getByRole('radio', { name: 'Withdraw from the course' }));
    expect((screen.getByRole('checkbox', { name: 'HCTP March 2026' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Last day you attended'), { target: { value: '2026-06-01' } });
    click('See what it will cost');
    await screen.findByTestId('withdrawal-cost');
    expect(fake.callsTo('POST', '/withdrawals/hctp/preview').map((c) => c.body)).toEqual([{ applicationId: 5, cohortIds: [20], withdrawalDate: '2026-06-01' }]);
    expect(termsOf('withdrawal-cost')).toEqual({
      'Paid toward your current plan': '$1,000.00',
      'Tuition you remain responsible for': '$2,510.00',
      'Tuition you no longer owe': '$3,640.00',
      'Refund to you': '$0.00',
      'Still owed (a new payment plan)': '$1,510.00',
      'Your enrollment becomes': 'Withdrawn',
    });
    expect(screen.getByTestId('withdrawal-classes').textContent).toBe('HCTP March 2026: 40 % of the class owed ($2,410.00)');
    expect(screen.getByTestId('reissued-schedule-3').textContent).toContain('$516.96');

    click('Send the request');
    const refused = await screen.findByTestId('moves-refusal');
    expect(refused.textContent).toBe('A pending withdrawal exists');
    expect(fake.callsTo('POST', '/withdrawals/hctp')).toHaveLength(1);
  });

  test('in Spanish: the screen, the figures and the statuses are Spanish words', async () => {
    storeSession({ language: 'ES' });
    const fake = movesFake(
      { 'POST /transfers/preview': refusal(409, 'TRANSFER_LIMIT_REACHED', 'Transfer limit reached') },
      [transfer({ id: 72, requestedBy: 'STUDENT', status: 'REJECTED', createdAt: '2026-05-01T14:00:00Z' })],
      'ES',
    );
    fake.state.withdrawals = [
      {
        id: 80,
        kind: 'hctp',
        studentId: 7,
        applicationId: 5,
        requestedBy: 'STUDENT',
        status: 'APPROVED',
        amountToBeRefund: 250,
        tuitionResponsibility: 900,
        program: { id: 2, name: 'Health Coach Training Program' },
        cohort: null,
        createdAt: '2026-05-02T14:00:00Z',
      },
    ];
    renderPortal('/transfers', fake.fetch);
    await expectHeading('Transferirse o darse de baja de un curso');
    await screen.findByLabelText('Nuevo curso');
    const rows = screen.getByTestId('requests').textContent!;
    expect(rows).toContain('Baja de Health Coach Training Program');
    expect(rows).toContain('Aprobada');
    expect(rows).toContain('Rechazada');
    expect(rows).not.toMatch(/APPROVED|REJECTED|hctp|Transfer from/);
    click('Ver cuánto costará');
    expect((await screen.findByTestId('moves-refusal')).textContent).toBe('Se alcanzó el límite de transferencias');
  });
});

describe('cancelling a request of their own', () => {
  const withdrawal = (over: Json = {}): Json => ({
    id: 80,
    kind: 'hctp',
    studentId: 7,
    applicationId: 5,
    requestedBy: 'STUDENT',
    status: 'REQUESTED',
    amountToBeRefund: 250,
    tuitionResponsibility: 900,
    program: { id: 2, name: 'Health Coach Training Program' },
    cohort: null,
    createdAt: '2026-05-02T14:00:00Z',
    ...over,
  });

  test('"Cancel request" asks first; confirmed, a transfer request is REJECTED and a withdrawal request CANCELLED; staff offers and decided ones have no button', async () => {
    storeSession();
    const fake = movesFake(
      {
        'PATCH /transfers/71/status': (call: Call) => {
          fake.state.transfers = fake.state.transfers.map((x) => (x.id === 71 ? { ...x, status: new URLSearchParams(call.query).get('status') } : x));
          return ok(fake.state.transfers.find((x) => x.id === 71));
        },
        'PATCH /withdrawals/hctp/80/status': (call: Call) => {
          fake.state.withdrawals = fake.state.withdrawals.map((x) => (x.id === 80 ? { ...x, status: new URLSearchParams(call.query).get('status') } : x));
          return ok(fake.state.withdrawals[0]);
        },
      },
      [
        transfer({ id: 71, requestedBy: 'STUDENT', createdAt: '2026-06-03T14:00:00Z' }),
        transfer({ id: 70, requestedBy: 'STAFF', createdAt: '2026-06-01T14:00:00Z' }),
        transfer({ id: 72, requestedBy: 'STUDENT', status: 'REJECTED', createdAt: '2026-05-01T14:00:00Z' }),
      ],
    );
    fake.state.withdrawals = [withdrawal(), withdrawal({ id: 81, status: 'APPROVED', createdAt: '2026-04-02T14:00:00Z' })];
    renderPortal('/transfers', fake.fetch);
    await expectHeading('Transfer or withdraw from a course');
    await screen.findByTestId('request-transfer-71-cancel');
    expect(screen.getAllByRole('button', { name: 'Cancel request' })).toHaveLength(2);
    for (const other of ['transfer-70', 'transfer-72', 'withdrawal-81']) expect(screen.queryByTestId(`request-${other}-cancel`)).toBeNull();

    // Asked first: keeping it sends nothing.
    fireEvent.click(screen.getByTestId('request-transfer-71-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(dialog.textContent).toContain('Transfer from Health Coach Training to Health Coach Training (September): the request is withdrawn');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('PATCH', '/transfers/71/status')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('request-transfer-71-cancel'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel request' }));
    expect((await screen.findByTestId('cancel-done')).textContent).toBe('Your request was cancelled.');
    expect(fake.callsTo('PATCH', '/transfers/71/status').map((c) => c.query)).toEqual(['status=REJECTED']);
    await waitFor(() => expect(screen.queryByTestId('request-transfer-71-cancel')).toBeNull());

    fireEvent.click(screen.getByTestId('request-withdrawal-80-cancel'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(fake.callsTo('PATCH', '/withdrawals/hctp/80/status').map((c) => c.query)).toEqual(['status=CANCELLED']));
    await waitFor(() => expect(screen.queryByTestId('request-withdrawal-80-cancel')).toBeNull());
    expect(screen.getByTestId('requests').textContent).toContain('Cancelled');
  });

  test("in Spanish, and a refusal shows the server's sentence", async () => {
    storeSession({ language: 'ES' });
    const fake = movesFake({ 'PATCH /withdrawals/hctp/80/status': refusal(409, 'SAME_STATUS', 'Same status') }, [], 'ES');
    fake.state.withdrawals = [withdrawal()];
    renderPortal('/transfers', fake.fetch);
    await expectHeading('Transferirse o darse de baja de un curso');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta solicitud?' });
    expect(within(dialog).getByRole('button', { name: 'Conservarla' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar solicitud' }));
    expect((await screen.findByTestId('cancel-refusal')).textContent).toBe('El estado es el mismo');
  });
});

describe('account history', () => {
  test('labels the plan a transfer issued (its rollover) and a withdrawal refund', async () => {
    storeSession();
    const plan = planDetail({ rollover: 1000, source: 'APPLICATION' });
    const fake = billingFake({
      plans: [plan],
      ledger: [
        {
          id: 500,
          eventDate: '2026-06-02T15:00:00.000Z',
          kind: 'PLAN_ISSUED',
          description: 'Payment plan issued: Monthly plan',
          program: 'HCTP',
          principal: 5300,
          tax: 0,
          total: 5330,
          accountBalance: 5330,
          principalBalance: 5300,
          last4: null,
          referenceNumber: null,
          comment: null,
          studentPaymentPlanId: 90,
          refundId: null,
        },
        {
          id: 501,
          eventDate: '2026-06-03T15:00:00.000Z',
          kind: 'REFUND',
          description: 'Refund to card ending 4242',
          program: 'HCTP',
          principal: -200,
          tax: 0,
          total: -200,
          accountBalance: 5130,
          principalBalance: 5100,
          last4: '4242',
          referenceNumber: 'R-61',
          comment: 'Transfer 70: paid beyond the new plan',
          studentPaymentPlanId: 90,
          refundId: 61,
        },
        {
          id: 502,
          eventDate: '2026-06-04T15:00:00.000Z',
          kind: 'REFUND',
          description: 'Refund to card ending 4242',
          program: 'HCTP',
          principal: -100,
          tax: 0,
          total: -100,
          accountBalance: 5030,
          principalBalance: 5000,
          last4: '4242',
          referenceNumber: 'R-62',
          comment: 'Moving away',
          studentPaymentPlanId: 90,
          refundId: 62,
        },
      ],
      routes: {
        'GET /students/7/refunds': ok({
          content: [
            { id: 61, applicationId: 5, source: 'CUSTOM', sourceId: 70, status: 'COMPLETED' },
            { id: 62, applicationId: 5, source: 'WITHDRAWAL', sourceId: 80, status: 'COMPLETED' },
          ],
          pagination: { total: 2, page: 0, size: 50 },
        }),
      },
    });
    renderPortal('/settings/payment-information/account-history', fake.fetch);
    expect((await screen.findByTestId('ledger-500-move')).textContent).toBe('Transfer: tuition rollover of $1,000.00 credited to this plan');
    await waitFor(() => expect(screen.getByTestId('ledger-502-move').textContent).toBe('Withdrawal refund'));
    expect(screen.getByTestId('ledger-501-move').textContent).toBe('Transfer: refund of what was paid beyond the new plan');
    expect(screen.getByTestId('ledger-501').textContent).not.toContain('Transfer 70');
    expect(screen.getByTestId('ledger-502').textContent).toContain('Moving away');
  });
});
