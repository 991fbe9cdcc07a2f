/**
 * A stateful fake of the issue-6 billing calls the portal makes (the contract's shapes: PlanDetail,
 * Payment, ledger rows, gateway events, refunds, payment methods), for the payment screen tests. It
 * records every call with its headers (the Idempotency-Key), changes its state as the screens write
 * (auto-pay, default card, deleted card, payments) and any route can be overridden per test.
 */
import { fakeApi, lookups, studentRecord, type Answer, type Call, type Handler } from './helpers';

type Json = Record<string, unknown>;

export const ok = (body?: unknown, status = 200): Answer => ({ status, body });
export const refusal = (status: number, code: string, message: string, errors?: Record<string, string>): Answer => ({
  status,
  body: { status, code, message, ...(errors ? { errors } : {}) },
});

/** The contract's PlanDetail of a 12-installment plan: 1 installment past due, the next one due 06-01-2026. */
export function planDetail(over: Json = {}): Json {
  return {
    id: 90,
    applicationId: 5,
    studentId: 7,
    name: 'Monthly plan',
    description: 'Deposit and 12 monthly installments',
    status: 'ACTIVE',
    financialStatus: 'PAST_DUE',
    daysOverdue: 12,
    autoPay: false,
    balance: 5458.24,
    totalOwed: 6458.24,
    totalPaid: 1000,
    nextDueDate: '2026-06-01',
    paymentAccountBlocked: false,
    bankruptcy: false,
    migrated: false,
    terms: {
      description: 'Deposit and 12 monthly installments',
      installmentAmount: 496.52,
      totalOwed: 6458.24,
      amountDue: 496.52,
      interestRate: 9.9,
      depositAmount: 500,
      installmentsCount: 12,
      taxAmount: 0,
      amountPaid: 1000,
      paymentDueDate: '2026-06-01',
      captureMethod: 'manual',
      currency: 'usd',
      status: 'ACTIVE',
      paymentMethod: { id: 71, brand: 'visa', last4: '4242' },
    },
    breakdown: {
      tuitionRollover: 0,
      withdrawalReduction: 0,
      transferReduction: 0,
      withdrawalRefund: 0,
      voucherRefund: 0,
      additionalRefund: 0,
      totalTaxesPaid: 0,
      totalInterest: 308.24,
      principalPaid: 950.5,
      netTuition: 6150,
      totalPaid: 1000,
      totalRefunded: 0,
      totalRemaining: 5458.24,
    },
    maxPrePayAmount: 5000,
    payoffAmount: 5000.5,
    totalPastDueAmount: 496.52,
    amountDueNow: 496.52,
    nextPaymentSchedule: { id: 302, number: 3, dueDate: '2026-06-01', amountDue: 496.52 },
    schedules: [
      {
        id: 300,
        number: 1,
        kind: 'DEPOSIT',
        dueDate: '2026-04-01',
        principal: 500,
        interest: 0,
        amount: 500,
        taxAmount: 0,
        paidAmount: 500,
        balance: 0,
        status: 'PAID',
        paidAt: '2026-04-01T14:00:00Z',
        paymentMethodId: 71,
      },
      {
        id: 301,
        number: 2,
        kind: 'INSTALLMENT',
        dueDate: '2026-05-01',
        principal: 450.5,
        interest: 46.02,
        amount: 496.52,
        taxAmount: 0,
        paidAmount: 500,
        balance: 0,
        status: 'PAID',
        paidAt: '2026-05-02T14:00:00Z',
        paymentMethodId: 71,
      },
      {
        id: 302,
        number: 3,
        kind: 'INSTALLMENT',
        dueDate: '2026-06-01',
        principal: 454.22,
        interest: 42.3,
        amount: 496.52,
        taxAmount: 0,
        paidAmount: 0,
        balance: 496.52,
        status: 'PENDING',
        paidAt: null,
        paymentMethodId: 71,
      },
    ],
    student: { id: 7, fullName: 'Ana Lopez', email: 'ana@example.com' },
    application: { id: 5, status: 'ENROLLED', migrated: false },
    programName: 'Health Coach Training Program',
    ...over,
  };
}

/** `n` ledger rows, oldest first: the plan issued, then payments. */
export function ledgerRows(n: number): Json[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 500 + i,
    eventDate: `2026-${String(1 + Math.floor(i / 2)).padStart(2, '0')}-${i % 2 ? '15' : '02'}T15:00:00.000Z`,
    kind: i === 0 ? 'PLAN_ISSUED' : 'PAYMENT',
    description: i === 0 ? 'Plan issued: Monthly plan' : `Installment ${i}`,
    program: 'Health Coach Training Program',
    principal: i === 0 ? 6150 : 450.5,
    tax: 0,
    total: i === 0 ? 6458.24 : 496.52,
    accountBalance: Math.round((6458.24 - i * 496.52) * 100) / 100,
    principalBalance: Math.round((6150 - i * 450.5) * 100) / 100,
    last4: i === 0 ? null : '4242',
    referenceNumber: i === 0 ? null : `P-${i}`,
    comment: i === 1 ? 'Paid by phone' : null,
  }));
}

export const CARDS = [
  { id: 71, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
  { id: 72, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029, isDefault: false },
];

export function paymentAnswer(body: { type: string; amount: number; paymentMethodId?: number }, over: Json = {}): Json {
  return {
    id: 800,
    studentId: 7,
    applicationId: 5,
    studentPaymentPlanId: 90,
    paymentScheduleId: body.type === 'INSTALLMENT' ? 302 : null,
    type: body.type,
    channel: 'CARD',
    amount: body.amount,
    principalAmount: body.amount,
    interestAmount: 0,
    taxAmount: 0,
    refundedAmount: 0,
    status: 'ACCEPTED',
    failureMessage: null,
    cardBrand: body.paymentMethodId === 72 ? 'mastercard' : 'visa',
    cardLast4: body.paymentMethodId === 72 ? '4444' : '4242',
    referenceNumber: 'P-800',
    comment: null,
    paymentDate: '2026-06-02',
    processedAt: '2026-06-02T15:00:00Z',
    createdAt: '2026-06-02T15:00:00Z',
    ...over,
  };
}

export interface Sent extends Call {
  headers: Record<string, string>;
}

export function billingFake(opts: { plans?: Json[]; cards?: Json[]; ledger?: Json[]; routes?: Record<string, Answer | Handler> } = {}) {
  const state = {
    plans: opts.plans ?? [planDetail()],
    cards: (opts.cards ?? CARDS).map((c) => ({ ...c })),
    ledger: opts.ledger ?? ledgerRows(12),
  };
  const page = (call: Call, rows: Json[], defaultSize: number) => {
    const q = new URLSearchParams(call.query);
    const p = Number(q.get('page') ?? 0);
    const size = Number(q.get('size') ?? defaultSize);
    return ok({ content: rows.slice(p * size, p * size + size), pagination: { total: rows.length, page: p, size } });
  };
  const routes: Record<string, Answer | Handler> = {
    'GET /students/7': ok(studentRecord()),
    'PUT /students/7': (call: Call) => ok(studentRecord(call.body as Json)),
    ...lookups,
    'GET /applications': ok({ content: [], pagination: { total: 0, page: 0, size: 200 } }),
    'GET /students/7/payment_plans': () => ok(state.plans),
    'PATCH /payment_plans/90/auto_pay': (call: Call) => {
      const plan = state.plans.find((p) => p.id === 90)!;
      plan.autoPay = (call.body as { autoPay: boolean }).autoPay;
      return ok(plan);
    },
    'GET /students/7/account_history': (call: Call) => page(call, state.ledger, 10),
    // As the API answers a student: the institute's references (P-…, R-…) and its own sentences (models/messages.ts).
    'GET /students/7/stripe_history': ok([
      {
        id: 903,
        provider: 'SANDBOX',
        kind: 'DISPUTE',
        amount: 496.52,
        status: 'OPENED',
        reference: 'P-1',
        message: "This payment was disputed with the card's bank",
        paymentId: 1,
        createdAt: '2026-05-04T14:00:00Z',
      },
      {
        id: 902,
        provider: 'SANDBOX',
        kind: 'REFUND',
        amount: 50,
        status: 'FAILED',
        reference: 'R-60',
        message: 'The refund to the card did not go through',
        paymentId: 1,
        createdAt: '2026-05-03T14:00:00Z',
      },
      { id: 900, provider: 'SANDBOX', kind: 'CHARGE', amount: 496.52, status: 'SUCCEEDED', reference: 'P-1', message: null, paymentId: 1, createdAt: '2026-05-02T14:00:00Z' },
      {
        id: 901,
        provider: 'SANDBOX',
        kind: 'CHARGE',
        amount: 496.52,
        status: 'FAILED',
        reference: 'P-2',
        message: 'The card payment did not go through',
        paymentId: 2,
        createdAt: '2026-05-01T14:00:00Z',
      },
    ]),
    'GET /students/7/authorize_net_history': (call: Call) =>
      page(
        call,
        [
          {
            id: 950,
            provider: 'AUTHORIZE_NET',
            kind: 'CHARGE',
            amount: 250,
            status: 'SUCCEEDED',
            reference: null,
            message: null,
            paymentId: null,
            createdAt: '2024-03-10T16:00:00Z',
          },
        ],
        10,
      ),
    'GET /applications/5/salesforce_notifications': (call: Call) =>
      page(
        call,
        Array.from({ length: 11 }, (_, i) => ({
          id: 620 - i,
          crm: 'salesforce',
          event: 'APPLICATION_STATUS_CHANGED',
          status: i === 0 ? 'FAILED' : 'ACCEPTED',
          attempts: i === 0 ? 2 : 1,
          createdAt: `2026-01-${String(20 - i).padStart(2, '0')}T15:00:00Z`,
          sentAt: i === 0 ? null : `2026-01-${String(20 - i).padStart(2, '0')}T15:01:00Z`,
          payload: { applicationId: 5, status: i === 0 ? 'ENROLLED' : 'APPLIED', previousStatus: i === 0 ? 'SIGNED' : 'CREATED' },
        })),
        10,
      ),
    'GET /students/7/refunds': ok({
      content: [
        {
          id: 60,
          applicationId: 5,
          source: 'VOUCHER',
          status: 'COMPLETED',
          refundStatus: 'REFUNDED',
          refundType: 'ONLINE',
          amountToBeRefunded: 100,
          taxToBeRefunded: 0,
          totalToBeRefunded: 100,
          amountRefunded: 100,
          taxRefunded: 0,
          totalRefunded: 100,
          referenceNumber: 'R-60',
          comments: null,
          createdAt: '2026-05-10T14:00:00Z',
          updatedAt: '2026-05-11T14:00:00Z',
        },
      ],
      pagination: { total: 1, page: 0, size: 50 },
    }),
    'GET /payment_gateway/config': ok({ gateway: 'SANDBOX', publishableKey: null }),
    'GET /students/7/payment_methods': () => ok(state.cards),
    'PUT /students/7/payment_methods/72/default': () => {
      state.cards.forEach((c) => (c.isDefault = c.id === 72));
      return ok(state.cards.find((c) => c.id === 72));
    },
    'DELETE /students/7/payment_methods/71': refusal(409, 'METHOD_ASSIGNED_TO_PENDING_SCHEDULE', 'A method assigned to a pending schedule cannot be deleted'),
    'DELETE /students/7/payment_methods/72': () => {
      state.cards = state.cards.filter((c) => c.id !== 72);
      return ok(undefined, 204);
    },
    'POST /students/7/payment_plans/90/payments': (call: Call) => ok(paymentAnswer(call.body as { type: string; amount: number; paymentMethodId?: number }), 201),
    ...opts.routes,
  };
  const api = fakeApi(routes);
  const sent: Sent[] = [];
  /** The fake's fetch, keeping every request's headers. */
  const fetch = async (url: string, init: RequestInit) => {
    const answer = await api.fetch(url, init);
    sent.push({ ...api.calls[api.calls.length - 1], headers: { ...((init.headers ?? {}) as Record<string, string>) } });
    return answer;
  };
  return { ...api, fetch, sent, state, sentTo: (method: string, path: string) => sent.filter((c) => c.method === method && c.path === path) };
}
