/**
 * A stateful fake of the issue-5 enrollment calls (the contract's shapes) for the portal tests: the
 * application changes as the screens save, so a test can walk the whole flow and then assert the
 * calls and their bodies. Any route can be overridden per test.
 */
import { fakeApi, lookups, studentRecord, type Answer, type Call, type Handler } from './helpers';

type Json = Record<string, unknown>;

export const PRODUCT = {
  id: 3,
  name: 'Health Coach Training',
  description: 'Six months to become a certified health coach.',
  cost: 6000,
  flowType: 'HCTP',
  enrolling: true,
  published: true,
  cohorts: [{ id: 21, label: 'HCTP January 2027', status: 'UPCOMING', startDate: '2027-01-15', endDate: '2027-07-15' }],
};
export const CLOSED_PRODUCT = {
  id: 4,
  name: 'Gut Health Specialist',
  description: null,
  cost: 1500,
  flowType: 'DYNAMIC',
  enrolling: false,
  published: true,
  cohorts: [],
};

export const OPTIONS = {
  product: { id: 3, name: 'Health Coach Training', flowType: 'HCTP', cost: 6000 },
  programs: [
    {
      id: 11,
      name: 'Health Coach Training Program',
      cohorts: [
        { id: 21, label: 'HCTP January 2027', startDate: '2027-01-15', endDate: '2027-07-15', seatsLeft: 12 },
        { id: 22, label: 'HCTP March 2027', startDate: '2027-03-15', endDate: '2027-09-15', seatsLeft: 0 },
      ],
    },
  ],
};

/** A plan's preview: deposit + n equal installments (the last may differ in real answers). */
function plan(id: number, name: string, deposit: number, n: number, amount: number, apr: number, interest: number, total: number, voucherDiscount = 0) {
  const entries = [
    ...(deposit > 0 ? [{ number: 1, kind: 'DEPOSIT', dueDate: '2026-06-01', principal: deposit, interest: 0, amount: deposit, balance: total - deposit }] : []),
    ...Array.from({ length: n }, (_, i) => ({ number: i + (deposit > 0 ? 2 : 1), kind: 'INSTALLMENT', dueDate: '2026-07-01', principal: amount, interest: 0, amount, balance: 0 })),
  ];
  return {
    id,
    name,
    shortDescription: `${name} terms`,
    longDescription: null,
    paymentPlanType: apr > 0 ? 'INTEREST_BEARING' : 'PAY_IN_FULL',
    paymentScheduleType: 'FIXED_TERMS',
    totalTerm: n,
    depositAmount: deposit,
    installmentAmount: amount,
    annualPercentageRate: apr,
    voucherDiscount,
    preview: { principal: total - interest, deposit, financed: total - interest - deposit, interest, total, entries },
  };
}

export const PLANS = [plan(31, 'Pay in full', 0, 1, 6150, 0, 0, 6150), plan(32, 'Monthly plan', 500, 12, 496.52, 9.9, 308.24, 6458.24)];
/** With SPRING500 ($500 off each plan). */
export const DISCOUNTED_PLANS = [plan(31, 'Pay in full', 0, 1, 5650, 0, 0, 5650, 500), plan(32, 'Monthly plan', 500, 12, 454.12, 9.9, 258.44, 5958.44, 500)];
/** With a 10 % code: 10 % of each plan's own principal (6150 → 615; with a $500 credit, 5650 → 565). */
export const PERCENT_PLANS = [plan(31, 'Pay in full', 0, 1, 5085, 0, 0, 5085, 565), plan(32, 'Monthly plan', 500, 12, 449.88, 9.9, 263.58, 5798.58, 615)];

export const AGREEMENT_TEXT = 'ENROLLMENT AGREEMENT\n\nHealth Coach Institute and Ana Lopez agree...\nThe card is not charged until the application is accepted.';

export interface EnrollmentState {
  application: Json | null;
  flow: string[];
  completed: Set<string>;
  cards: Json[];
  envelope: Json;
  answers: Array<{ questionId: string; content: string }>;
}

export function applicationRecord(state: EnrollmentState, over: Json = {}): Json {
  return {
    id: 5,
    status: 'CREATED',
    flowType: 'HCTP',
    source: 'WEBSITE',
    appliedAt: null,
    createdAt: '2026-05-01T12:00:00Z',
    updatedAt: '2026-05-01T12:00:00Z',
    student: { id: 7, email: 'ana@example.com', firstName: 'Ana', lastName: 'Lopez', mobilePhone: '+13055550123', city: 'Miami', stateCode: 'FL', countryCode: 'US' },
    product: { id: 3, name: 'Health Coach Training', flowType: 'HCTP', cost: 6000 },
    cohort: null,
    applicationCohorts: [],
    enrollments: [],
    paymentPlan: null,
    productPaymentPlanId: null,
    productPaymentPlan: null,
    voucher: null,
    voucherDiscount: null,
    paymentMethod: null,
    steps: state.flow.map((step) => ({ step, required: true, completed: state.completed.has(step), completedAt: state.completed.has(step) ? '2026-05-01T12:00:00Z' : null })),
    ...over,
  };
}

const ok = (body?: unknown, status = 200): Answer => ({ status, body });
const refusal = (status: number, code: string, message: string, errors?: Record<string, string>): Answer => ({
  status,
  body: { status, code, message, ...(errors ? { errors } : {}) },
});
export { refusal };

/**
 * The fake. `flow` = the required steps of the program (default personal info, questionnaire and
 * agreement); `application` = an existing application (else none until POST /applications).
 */
export function enrollmentFake(opts: { flow?: string[]; application?: Json | null; cards?: Json[]; routes?: Record<string, Answer | Handler>; gateway?: string } = {}) {
  const state: EnrollmentState = {
    application: null,
    flow: opts.flow ?? ['COMPLETE_PERSONAL_INFO', 'QUESTIONNAIRE', 'ENROLLMENT_AGREEMENT'],
    completed: new Set(),
    cards: opts.cards ?? [],
    envelope: {
      id: 40,
      applicationId: 5,
      studentId: 7,
      status: 'SENT',
      title: 'Enrollment agreement — Health Coach Training',
      contentSha256: 'abc',
      signedName: null,
      signedAt: null,
      signedIp: null,
      signedSha256: null,
      voidedAt: null,
      createdAt: '2026-05-01T12:00:00Z',
      stale: false,
    },
    answers: [],
  };
  if (opts.application !== undefined && opts.application !== null) state.application = { ...applicationRecord(state), ...opts.application };
  const app = () => state.application!;
  const refreshSteps = () => {
    if (state.application) state.application.steps = applicationRecord(state).steps;
  };
  const progress = () => ({ steps: applicationRecord(state).steps, canSubmit: true, missing: [] as string[] });

  const routes: Record<string, Answer | Handler> = {
    'GET /students/7': ok(studentRecord()),
    'PUT /students/7': (call: Call) => ok(studentRecord(call.body as Json)),
    ...lookups,
    'GET /products/by_flow_type/HCTP': ok({ content: [PRODUCT], pagination: { total: 1, page: 0, size: 100 } }),
    'GET /products/by_flow_type/DYNAMIC': ok({ content: [CLOSED_PRODUCT], pagination: { total: 1, page: 0, size: 100 } }),
    'GET /applications': () => ok({ content: state.application ? [app()] : [], pagination: { total: state.application ? 1 : 0, page: 0, size: 200 } }),
    'POST /applications': () => {
      state.application = applicationRecord(state);
      return ok(app(), 201);
    },
    'GET /applications/5': () => (state.application ? ok(app()) : refusal(404, 'NOT_FOUND', 'Not found')),
    'PUT /applications/5': (call: Call) => {
      const body = call.body as { cohortIds?: number[]; productPaymentPlanId?: number; paymentMethodId?: number };
      if (body.cohortIds) {
        app().applicationCohorts = body.cohortIds.map((cohortId, i) => ({
          id: 60 + i,
          programId: 11,
          programName: 'Health Coach Training Program',
          cohortId,
          cohortLabel: cohortId === 21 ? 'HCTP January 2027' : 'HCTP March 2027',
          startDate: '2027-01-15',
          endDate: '2027-07-15',
        }));
      }
      if (body.productPaymentPlanId) {
        app().productPaymentPlanId = body.productPaymentPlanId;
        app().productPaymentPlan = { id: body.productPaymentPlanId, name: PLANS.find((p) => p.id === body.productPaymentPlanId)?.name };
      }
      if (body.paymentMethodId) {
        const card = state.cards.find((c) => c.id === body.paymentMethodId)!;
        app().paymentMethod = { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
      }
      return ok(app());
    },
    'GET /applications/5/options': () => ok({ ...OPTIONS, paymentPlans: app().voucher ? DISCOUNTED_PLANS : PLANS }),
    'POST /applications/5/progress': (call: Call) => {
      const step = (call.body as { step?: string }).step;
      if (step) state.completed.add(step);
      refreshSteps();
      return ok(progress());
    },
    'GET /applications/5/answers': () => ok(state.answers),
    'POST /applications/5/answers': (call: Call) => {
      state.answers = call.body as EnrollmentState['answers'];
      return ok(state.answers);
    },
    'POST /applications/5/promo_code': (call: Call) => {
      if ((call.body as { code: string }).code !== 'SPRING500') return refusal(409, 'INVALID_PROMO_CODE', 'Invalid promo code');
      app().voucher = { id: 9, code: 'SPRING500', discountKind: 'AMOUNT_OFF', discountValue: 500 };
      app().voucherDiscount = 500;
      return ok({ voucher: app().voucher, voucherDiscount: 500 });
    },
    'DELETE /applications/5/promo_code': () => {
      app().voucher = null;
      app().voucherDiscount = null;
      return ok(undefined, 204);
    },
    'POST /applications/5/envelopes': () => ok(state.envelope),
    'GET /envelopes/40': () => ok({ ...state.envelope, content: AGREEMENT_TEXT }),
    'POST /envelopes/40/sign': (call: Call) => {
      const name = String((call.body as { signedName: string }).signedName)
        .toLowerCase()
        .replace(/\s+/g, ' ');
      if (name !== 'ana lopez') return refusal(400, 'VALIDATION_ERROR', 'Validation failed', { signedName: 'Type your full name as it appears on the agreement' });
      state.envelope = { ...state.envelope, status: 'SIGNED', signedName: 'Ana Lopez', signedAt: '2026-05-01T18:30:00Z', signedIp: '127.0.0.1', signedSha256: 'abc' };
      state.completed.add('ENROLLMENT_AGREEMENT');
      refreshSteps();
      return ok(state.envelope);
    },
    'GET /payment_gateway/config': ok({ gateway: opts.gateway ?? 'SANDBOX', publishableKey: null }),
    'GET /students/7/payment_methods': () => ok(state.cards),
    'POST /payment_gateway/sandbox/tokens': (call: Call) => {
      const { number } = call.body as { number: string };
      if (number === '4000000000000002') return refusal(409, 'PAYMENT_FAILURE', 'Payment failure Your card was declined');
      return ok({ id: `tok_sandbox_visa_${number.slice(-4)}_1230_fp` });
    },
    'POST /students/7/payment_methods': (call: Call) => {
      const token = (call.body as { stripeTokenId: string }).stripeTokenId;
      const last4 = token.split('_')[3];
      if (state.cards.some((c) => c.last4 === last4)) return refusal(409, 'DUPLICATE_CARD', 'Duplicate card');
      const card = { id: 70 + state.cards.length, brand: 'visa', last4, expMonth: 12, expYear: 2030, isDefault: state.cards.length === 0 };
      state.cards.push(card);
      return ok(card, 201);
    },
    'PATCH /applications/5/status': (call: Call) => {
      const status = new URLSearchParams(call.query).get('status');
      app().status = status;
      if (status === 'APPLIED') app().appliedAt = '2026-05-01T19:00:00Z';
      return ok(app());
    },
    'GET /students/7/envelopes': () => ok({ content: [state.envelope], pagination: { total: 1, page: 0, size: 10 } }),
    ...opts.routes,
  };
  return { ...fakeApi(routes), state };
}
