import request from 'supertest';
import { ExternalPayment, FailedPayment, GatewayEvent, LedgerEntry, Payment, PaymentMethod, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { claimPlan, planPosition, toCents } from '../../api/billing/ledger';
import { chargeEnrollmentDeposit } from '../../api/payments/payments.service';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Payments (billing contract issue 6, H1): POST .../payments (INSTALLMENT, PRE_PAY, PAY_OFF) with
 * every refusal of the contract's order, declines, idempotent replays; the schedule calls (online
 * payment, external payment, tax amount, cancel); the student's payment list; the enrollment deposit.
 * The ledger invariants are checked after every test.
 */

let t: TestApp;
let financeToken: string;
let supportToken: string;
let admissionsToken: string;
let adminToken: string;
let product: EnrollableProduct;
let inFull: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  adminToken = (await makeAdmin(t.deps)).token;
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissionsToken = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  product = await makeEnrollableProduct();
  inFull = await makeEnrollableProduct({ payInFull: true });
});
afterAll(() => t.close());
afterEach(() => expectLedgerConsistent());

const today = schoolToday();
const MISSING = 999_999_999;

function pay(p: EnrolledPlan, body: object, opts: { token?: string | null; key?: string; studentId?: number; planId?: number } = {}) {
  let r = request(t.app).post(`/api/students/${opts.studentId ?? p.student.student.id}/payment_plans/${opts.planId ?? p.plan.id}/payments`);
  const token = opts.token === undefined ? p.student.token : opts.token;
  if (token) r = r.set(bearer(token));
  if (opts.key) r = r.set('Idempotency-Key', opts.key);
  return r.send(body);
}
const schedule = (p: EnrolledPlan, scheduleId: number, action: string, body: object | undefined, token: string | null, studentId = p.student.student.id) => {
  let r = request(t.app).post(`/api/students/${studentId}/payment_schedule/${scheduleId}/${action}`);
  if (token) r = r.set(bearer(token));
  return r.send(body ?? {});
};
const conflict = (res: request.Response, code: string, message: string) => {
  expect([res.status, res.body.code, res.body.message]).toEqual([409, code, message]);
};
const planOf = async (p: EnrolledPlan) => (await StudentPaymentPlan.findByPk(p.plan.id))!;
const paymentsOf = (p: EnrolledPlan) => Payment.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['id', 'ASC']] });
const payoffOf = async (p: EnrolledPlan) => planPosition(await PaymentSchedule.findAll({ where: { studentPaymentPlanId: p.plan.id } }), today).payoffCents;

describe('POST /api/students/{id}/payment_plans/{planId}/payments', () => {
  test('a student pays the next installment: 201 Payment, the entry PAID, the charge recorded, the claim released', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const res = await pay(p, { type: 'INSTALLMENT', amount: 500 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[0].id,
      type: 'INSTALLMENT',
      channel: 'CARD',
      amount: 500,
      principalAmount: 500,
      interestAmount: 0,
      taxAmount: 0,
      refundedAmount: 0,
      status: 'ACCEPTED',
      failureMessage: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentDate: today,
    });
    expect(Object.keys(res.body).sort()).toEqual([
      'amount',
      'applicationId',
      'cardBrand',
      'cardLast4',
      'channel',
      'comment',
      'createdAt',
      'failureMessage',
      'id',
      'interestAmount',
      'paymentDate',
      'paymentScheduleId',
      'principalAmount',
      'processedAt',
      'referenceNumber',
      'refundedAmount',
      'status',
      'studentId',
      'studentPaymentPlanId',
      'taxAmount',
      'type',
    ]);
    const payment = (await Payment.findByPk(res.body.id))!;
    expect(payment.gatewayChargeId).toMatch(/^ch_sandbox_50000_/);
    expect(payment.paymentMethodId).toBe(p.card.id);
    const events = await GatewayEvent.findAll({ where: { paymentId: payment.id } });
    expect(events.map((e) => [e.provider, e.kind, e.status, e.reference, toCents(e.amount)])).toEqual([['SANDBOX', 'CHARGE', 'SUCCEEDED', payment.gatewayChargeId, 50000]]);
    expect((await PaymentSchedule.findByPk(p.entries[0].id))!.status).toBe('PAID');
    const plan = await planOf(p);
    expect([toCents(plan.totalPaid), toCents(plan.balance), plan.paymentClaim, plan.nextDueDate]).toEqual([50000, toCents(p.plan.totalOwed) - 50000, null, p.entries[1].dueDate]);
  });

  test('staff (FINANCE) pre-pay: what is due first, the rest on the principal; then a pay-off completes the plan', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const res = await pay(p, { type: 'PRE_PAY', amount: 1500 }, { token: financeToken });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'PRE_PAY', amount: 1500, principalAmount: 1500, status: 'ACCEPTED', paymentScheduleId: null });
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['number', 'ASC']] });
    expect([entries[0].status, toCents(entries[1].paidAmount)]).toEqual(['PAID', 100000]);
    expect(entries.reduce((s, e) => s + toCents(e.principal), 0)).toBe(615000);

    const payoff = await payoffOf(p);
    const off = await pay(p, { type: 'PAY_OFF', amount: payoff / 100 }, { token: adminToken });
    expect(off.status).toBe(201);
    expect(off.body).toMatchObject({ type: 'PAY_OFF', amount: payoff / 100, status: 'ACCEPTED' });
    const plan = await planOf(p);
    expect([plan.status, toCents(plan.balance), toCents(plan.totalPaid), toCents(plan.principalPaid)]).toEqual(['COMPLETED', 0, 150000 + payoff, 615000]);
    const kinds = (await LedgerEntry.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['id', 'ASC']] })).map((l) => l.kind);
    expect(kinds).toEqual(['PLAN_ISSUED', 'PAYMENT', 'PAYMENT']);
  });

  test('400: amount at most 0.50, more than two decimals, unknown type, unknown field; 401 without a token', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    for (const amount of [0.5, 0, -3]) {
      const res = await pay(p, { type: 'INSTALLMENT', amount });
      expect([res.status, res.body.errors]).toEqual([400, { amount: 'The payment amount must be greater than 0.50' }]);
    }
    const bad = await pay(p, { type: 'LATER', amount: 1.234, extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'extra', 'type']);
    expect((await pay(p, { type: 'INSTALLMENT' })).body.errors).toEqual({ amount: 'This field is required' });
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { token: null })).status).toBe(401);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
  });

  test("403: another student, an admin without payments:create (SUPPORT, ADMISSIONS); 404: unknown plan or another student's plan", async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const other = await makeStudent(t.deps);
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { token: other.token })).status).toBe(403);
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { token: supportToken })).status).toBe(403);
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { token: admissionsToken })).status).toBe(403);
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { token: financeToken, planId: MISSING })).body).toMatchObject({ status: 404, message: 'Payment plan not found' });
    // A student naming their own id with someone else's plan: not theirs, 404.
    const q = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    expect((await pay(p, { type: 'INSTALLMENT', amount: 10 }, { planId: q.plan.id })).status).toBe(404);
    expect(await Payment.count({ where: { studentPaymentPlanId: [p.plan.id, q.plan.id] } })).toBe(0);
  });

  test('refusals in order: PAYMENT_DISABLED (blocked, bankruptcy, not ACTIVE) before the amount rules', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    for (const change of [{ paymentAccountBlocked: true }, { bankruptcy: true }, { status: 'CONCLUDED' }]) {
      await StudentPaymentPlan.update({ paymentAccountBlocked: false, bankruptcy: false, status: 'ACTIVE', ...change }, { where: { id: p.plan.id } });
      conflict(await pay(p, { type: 'INSTALLMENT', amount: 1 }), 'PAYMENT_DISABLED', 'Payment disabled');
    }
    await StudentPaymentPlan.update({ status: 'ACTIVE' }, { where: { id: p.plan.id } });
    // Rule 1 still comes first.
    await StudentPaymentPlan.update({ bankruptcy: true }, { where: { id: p.plan.id } });
    expect((await pay(p, { type: 'INSTALLMENT', amount: 0.4 })).status).toBe(400);
    await StudentPaymentPlan.update({ bankruptcy: false }, { where: { id: p.plan.id } });
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
  });

  test('installment: lower or higher than the entry due; NO_BALANCE / NO_DUE_BALANCE once nothing is owed', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const due = Number(p.entries[0].amount);
    conflict(await pay(p, { type: 'INSTALLMENT', amount: due - 0.01 }), 'AMOUNT_LOWER_THAN_TO_BE_PAID', 'Amount lower than to be paid');
    conflict(await pay(p, { type: 'INSTALLMENT', amount: due + 0.01 }), 'AMOUNT_EXCEEDED', 'Amount exceeded');
    expect((await pay(p, { type: 'INSTALLMENT', amount: due })).status).toBe(201);
    // COMPLETED is no longer ACTIVE: disabled. Were it still ACTIVE, nothing is owed.
    conflict(await pay(p, { type: 'PAY_OFF', amount: 10 }), 'PAYMENT_DISABLED', 'Payment disabled');
    await StudentPaymentPlan.update({ status: 'ACTIVE' }, { where: { id: p.plan.id } });
    conflict(await pay(p, { type: 'PAY_OFF', amount: 10 }), 'NO_BALANCE', 'No balance');
    conflict(await pay(p, { type: 'PRE_PAY', amount: 10 }), 'NO_BALANCE', 'No balance');
    conflict(await pay(p, { type: 'INSTALLMENT', amount: 10 }), 'NO_DUE_BALANCE', 'No due balance');
    await StudentPaymentPlan.update({ status: 'COMPLETED' }, { where: { id: p.plan.id } });
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
  });

  test('pre-pay: at or above the pay-off, a leftover under 0.50 (formatted), less than what is due; pay-off other than the pay-off amount', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const payoff = await payoffOf(p);
    conflict(await pay(p, { type: 'PRE_PAY', amount: payoff / 100 }), 'PREPAY_AT_OR_ABOVE_PAYOFF', 'process a pay-off instead a pre-pay');
    conflict(await pay(p, { type: 'PRE_PAY', amount: payoff / 100 + 5 }), 'PREPAY_AT_OR_ABOVE_PAYOFF', 'process a pay-off instead a pre-pay');
    const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    conflict(
      await pay(p, { type: 'PRE_PAY', amount: (payoff - 30) / 100 }),
      'LEFTOVER_BALANCE',
      `don't leave a balance of $0.30, try paying off the full remaining amount ${money(payoff)}`,
    );
    expect(money(payoff)).toMatch(/^\$\d,\d{3}\.\d{2}$/);
    conflict(await pay(p, { type: 'PRE_PAY', amount: 499.99 }), 'AMOUNT_LOWER_THAN_TO_BE_PAID', 'Amount lower than to be paid');
    conflict(await pay(p, { type: 'PAY_OFF', amount: (payoff - 1) / 100 }), 'AMOUNT_LOWER_THAN_TO_BE_PAID', 'Amount lower than to be paid');
    conflict(await pay(p, { type: 'PAY_OFF', amount: (payoff + 1) / 100 }), 'AMOUNT_EXCEEDED', 'Amount exceeded');
    // The largest pre-pay is accepted: pay-off − 0.50.
    const max = await pay(p, { type: 'PRE_PAY', amount: (payoff - 50) / 100 });
    expect(max.status).toBe(201);
    expect(await payoffOf(p)).toBe(50);
  });

  test("PAYMENT_METHOD_REQUIRED without a card; a card not the student's is 404; PAYMENT_IN_PROGRESS while the plan is claimed", async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const due = Number(p.entries[0].amount);
    const other = await makeChargeableCard((await makeStudent(t.deps)).student.id);
    const foreign = await pay(p, { type: 'INSTALLMENT', amount: due, paymentMethodId: other.id });
    expect(foreign.body).toMatchObject({ status: 404, message: 'Payment method not found' });

    const claim = await claimPlan(p.plan.id);
    conflict(await pay(p, { type: 'INSTALLMENT', amount: due }), 'PAYMENT_IN_PROGRESS', 'Another payment in progress');
    await StudentPaymentPlan.update({ paymentClaim: null, paymentClaimedAt: null }, { where: { id: p.plan.id, paymentClaim: claim } });

    await PaymentMethod.update({ deleted: true, isDefault: false }, { where: { id: p.card.id } });
    conflict(await pay(p, { type: 'INSTALLMENT', amount: due }), 'PAYMENT_METHOD_REQUIRED', 'Payment method required');
    // A new default card is used when the plan's card is gone.
    const fresh = await makeChargeableCard(p.student.student.id, { token: 'tok_mastercard' });
    const res = await pay(p, { type: 'INSTALLMENT', amount: due });
    expect(res.status).toBe(201);
    expect([res.body.cardBrand, res.body.cardLast4, (await Payment.findByPk(res.body.id))!.paymentMethodId]).toEqual(['mastercard', '4444', fresh.id]);
  });

  test("a declined card: 409 PAYMENT_FAILURE, the payment INVALID, a FAILED gateway event, the plan's last failure; nothing applied", async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull, cardToken: 'tok_chargeDeclined' });
    const res = await pay(p, { type: 'INSTALLMENT', amount: Number(p.entries[0].amount) });
    conflict(res, 'PAYMENT_FAILURE', 'Payment failure your card was declined; try another card or call your bank');
    const [payment] = await paymentsOf(p);
    expect([payment.status, payment.failureMessage, payment.gatewayChargeId]).toEqual(['INVALID', 'Your card was declined', null]);
    const events = await GatewayEvent.findAll({ where: { paymentId: payment.id } });
    expect(events.map((e) => [e.provider, e.status, e.message])).toEqual([['SANDBOX', 'FAILED', 'Your card was declined']]);
    const plan = await planOf(p);
    expect([plan.lastFailureMessage, plan.paymentClaim, toCents(plan.totalPaid), toCents(plan.balance)]).toEqual(['Your card was declined', null, 0, toCents(p.plan.totalOwed)]);
    expect(plan.lastFailureAt).toBeInstanceOf(Date);
  });
});

describe('Idempotency-Key', () => {
  test('the same key twice charges once and answers the same 201 body; another student may use the same key', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const key = `k-${p.plan.id}`;
    const first = await pay(p, { type: 'INSTALLMENT', amount: 500 }, { key });
    const second = await pay(p, { type: 'INSTALLMENT', amount: 500 }, { key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    const payments = await paymentsOf(p);
    expect(payments.map((x) => x.idempotencyKey)).toEqual([`student:${p.student.student.id}:${key}`]);
    expect(await GatewayEvent.count({ where: { paymentId: payments[0].id } })).toBe(1);
    expect(toCents((await planOf(p)).totalPaid)).toBe(50000);

    const q = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    const theirs = await pay(q, { type: 'INSTALLMENT', amount: Number(q.entries[0].amount) }, { key });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  test('a declined first attempt replays its 409 without charging again; a key over 100 characters is 400', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull, cardToken: 'tok_chargeDeclined' });
    const body = { type: 'INSTALLMENT', amount: Number(p.entries[0].amount) };
    const first = await pay(p, body, { key: 'decline-once' });
    const again = await pay(p, body, { key: 'decline-once' });
    expect([again.status, again.body]).toEqual([first.status, { ...first.body, requestId: again.headers['x-request-id'] }]);
    conflict(again, 'PAYMENT_FAILURE', 'Payment failure your card was declined; try another card or call your bank');
    const payments = await paymentsOf(p);
    expect(payments).toHaveLength(1);
    expect(await GatewayEvent.count({ where: { paymentId: payments[0].id } })).toBe(1);
    const long = await pay(p, body, { key: 'x'.repeat(101) });
    expect([long.status, Object.keys(long.body.errors)]).toEqual([400, ['Idempotency-Key']]);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
  });
});

describe('POST /api/students/{id}/payment_schedule/{scheduleId}/online_payment', () => {
  test('pays that entry (amount defaults to its due); a PAID entry is ALREADY_PROCESSED; 403/404', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, backdateMonths: 1 });
    const second = p.entries[1];
    const res = await schedule(p, second.id, 'online_payment', {}, p.student.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'INSTALLMENT', paymentScheduleId: second.id, amount: Number(second.amount), status: 'ACCEPTED' });
    expect((await PaymentSchedule.findByPk(second.id))!.status).toBe('PAID');
    expect((await PaymentSchedule.findByPk(p.entries[0].id))!.status).toBe('PENDING');
    conflict(await schedule(p, second.id, 'online_payment', {}, p.student.token), 'ALREADY_PROCESSED', 'Already processed');
    conflict(await schedule(p, p.entries[0].id, 'online_payment', { amount: 400 }, financeToken), 'AMOUNT_LOWER_THAN_TO_BE_PAID', 'Amount lower than to be paid');
    expect((await schedule(p, p.entries[0].id, 'online_payment', { amount: 0.2 }, p.student.token)).body.errors).toEqual({
      amount: 'The payment amount must be greater than 0.50',
    });
    const other = await makeStudent(t.deps);
    expect((await schedule(p, p.entries[0].id, 'online_payment', {}, other.token)).status).toBe(403);
    expect((await schedule(p, p.entries[0].id, 'online_payment', {}, supportToken)).status).toBe(403);
    expect((await schedule(p, p.entries[0].id, 'online_payment', {}, null)).status).toBe(401);
    expect((await schedule(p, MISSING, 'online_payment', {}, p.student.token)).body).toMatchObject({ status: 404, message: 'Payment schedule not found' });
    expect((await schedule(p, p.entries[0].id, 'online_payment', {}, other.token, other.student.id)).status).toBe(404);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
  });
});

describe('POST .../external_payment', () => {
  test('staff record a check on an entry: 201 PENDING, nothing applied yet; 400, 403, 404, 409', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const body = { method: 'CHECK', paymentAmount: 250.5, paymentDate: '03-04-2030', referenceNumber: 'CHK-77', comment: 'mailed' };
    const res = await schedule(p, p.entries[1].id, 'external_payment', body, financeToken);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      studentId: p.student.student.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[1].id,
      method: 'CHECK',
      paymentAmount: 250.5,
      paymentDate: '2030-03-04',
      referenceNumber: 'CHK-77',
      comment: 'mailed',
      status: 'PENDING',
    });
    const row = (await ExternalPayment.findByPk(res.body.id))!;
    expect([row.status, toCents(row.paymentAmount), row.updatedByName]).toEqual(['PENDING', 25050, expect.stringContaining('Ada')]);
    expect(toCents((await planOf(p)).totalPaid)).toBe(0);

    const bad = await schedule(p, p.entries[1].id, 'external_payment', { method: 'CASH', paymentAmount: -1, paymentDate: '2030-02-31' }, financeToken);
    expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([400, ['method', 'paymentAmount', 'paymentDate']]);
    expect((await schedule(p, p.entries[1].id, 'external_payment', body, p.student.token)).status).toBe(403);
    expect((await schedule(p, p.entries[1].id, 'external_payment', body, admissionsToken)).status).toBe(403);
    expect((await schedule(p, MISSING, 'external_payment', body, financeToken)).status).toBe(404);
    conflict(await schedule(p, p.entries[1].id, 'external_payment', { ...body, paymentAmount: 999999 }, financeToken), 'AMOUNT_EXCEEDED', 'Amount exceeded');
    expect((await pay(p, { type: 'INSTALLMENT', amount: 500 })).status).toBe(201);
    conflict(await schedule(p, p.entries[0].id, 'external_payment', body, financeToken), 'ALREADY_PROCESSED', 'Already processed');
    expect(await ExternalPayment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(1);
  });
});

describe('POST .../tax_amount', () => {
  test("staff set an entry's tax: the entry answers it, the plan owes it; 400, 403, 404, 409 once paid", async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const res = await schedule(p, p.entries[3].id, 'tax_amount', { taxAmount: 12.34 }, financeToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.entries[3].id, number: 4, taxAmount: 12.34, paidAmount: 0, status: 'PENDING' });
    const plan = await planOf(p);
    expect([toCents(plan.totalTax), toCents(plan.balance)]).toEqual([1234, toCents(p.plan.totalOwed) + 1234]);
    const line = await LedgerEntry.findOne({ where: { studentPaymentPlanId: p.plan.id, kind: 'TAX' } });
    expect(toCents(line!.total)).toBe(1234);

    expect((await schedule(p, p.entries[3].id, 'tax_amount', { taxAmount: -1 }, financeToken)).body.errors).toEqual({ taxAmount: 'Invalid value' });
    expect((await schedule(p, p.entries[3].id, 'tax_amount', { taxAmount: 1 }, supportToken)).status).toBe(403);
    expect((await schedule(p, p.entries[3].id, 'tax_amount', { taxAmount: 1 }, p.student.token)).status).toBe(403);
    expect((await schedule(p, MISSING, 'tax_amount', { taxAmount: 1 }, financeToken)).status).toBe(404);
    expect((await pay(p, { type: 'INSTALLMENT', amount: 500 })).status).toBe(201);
    conflict(await schedule(p, p.entries[0].id, 'tax_amount', { taxAmount: 1 }, financeToken), 'ALREADY_PROCESSED', 'Already processed');
    expect(toCents((await PaymentSchedule.findByPk(p.entries[0].id))!.taxAmount)).toBe(0);
  });
});

describe('POST .../cancel_online_payment', () => {
  test('the payment in progress becomes INVALID "Cancelled by staff" and the claim is released; none → STATUS_INVALID; 403', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    await claimPlan(p.plan.id);
    const running = await Payment.create({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[0].id,
      type: 'INSTALLMENT',
      channel: 'CARD',
      amount: p.entries[0].amount,
      status: 'IN_PROGRESS',
      paymentDate: today,
    });
    expect((await schedule(p, p.entries[0].id, 'cancel_online_payment', undefined, supportToken)).status).toBe(403);
    expect((await schedule(p, p.entries[0].id, 'cancel_online_payment', undefined, p.student.token)).status).toBe(403);
    const res = await schedule(p, p.entries[0].id, 'cancel_online_payment', undefined, financeToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: running.id, status: 'INVALID', failureMessage: 'Cancelled by staff' });
    expect((await planOf(p)).paymentClaim).toBeNull();
    conflict(await schedule(p, p.entries[0].id, 'cancel_online_payment', undefined, financeToken), 'STATUS_INVALID', 'Status invalid');
    expect((await schedule(p, MISSING, 'cancel_online_payment', undefined, financeToken)).status).toBe(404);
    // The plan takes payments again.
    expect((await pay(p, { type: 'INSTALLMENT', amount: Number(p.entries[0].amount) })).status).toBe(201);
  });
});

describe('GET /api/students/{id}/payments', () => {
  test('newest first, by application, paged; self only; staff with payments:read; 401, 403, 404', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product });
    const a = await pay(p, { type: 'INSTALLMENT', amount: 500 });
    const b = await pay(p, { type: 'PRE_PAY', amount: 100 });
    const list = await request(t.app).get(`/api/students/${p.student.student.id}/payments`).set(bearer(p.student.token));
    expect(list.status).toBe(200);
    expect(list.body.content.map((x: { id: number }) => x.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(list.body.content[1]).toEqual(a.body);
    const paged = await request(t.app).get(`/api/students/${p.student.student.id}/payments?size=1&page=1&applicationId=${p.application.id}`).set(bearer(supportToken));
    expect([paged.body.content.map((x: { id: number }) => x.id), paged.body.pagination]).toEqual([[a.body.id], { total: 2, page: 1, size: 1 }]);
    const none = await request(t.app).get(`/api/students/${p.student.student.id}/payments?applicationId=${MISSING}`).set(bearer(financeToken));
    expect(none.body).toEqual({ content: [], pagination: { total: 0, page: 0, size: 10 } });
    const other = await makeStudent(t.deps);
    expect((await request(t.app).get(`/api/students/${p.student.student.id}/payments`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/students/${p.student.student.id}/payments`)).status).toBe(401);
    expect((await request(t.app).get(`/api/students/${MISSING}/payments`).set(bearer(financeToken))).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${p.student.student.id}/payments?size=0`).set(bearer(financeToken))).status).toBe(400);
  });
});

describe('the enrollment deposit', () => {
  test("PATCH status ENROLLED issues the plan and charges its first entry to the application's card", async () => {
    const enrollable = await makeEnrollableProduct({ flow: [] });
    const s = await makeStudent(t.deps);
    const card = await makeChargeableCard(s.student.id);
    const application = await makeApplication(s.student.id, enrollable, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: card.id } });
    const res = await request(t.app).patch(`/api/applications/${application.id}/status?status=ENROLLED`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    const payments = await Payment.findAll({ where: { studentPaymentPlanId: plan.id } });
    expect(payments.map((x) => [x.type, x.status, toCents(x.amount), x.paymentMethodId])).toEqual([['ENROLLMENT', 'ACCEPTED', 50000, card.id]]);
    const first = (await PaymentSchedule.findOne({ where: { studentPaymentPlanId: plan.id, number: 1 } }))!;
    expect([first.status, toCents(plan.totalPaid), plan.paymentMethodId]).toEqual(['PAID', 50000, card.id]);
  });

  test('a declined deposit is a FailedPayment ENROLLMENT; nothing is thrown and the plan stays owing', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable: product, cardToken: 'tok_chargeDeclined' });
    const result = await chargeEnrollmentDeposit(p.plan.id);
    expect(result).toMatchObject({ status: 'FAILED', message: 'Your card was declined' });
    const failed = await FailedPayment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
    expect(failed.map((f) => [f.source, f.status, toCents(f.amountToBePaid), f.paymentScheduleId, f.paymentId, f.failureMessage])).toEqual([
      ['ENROLLMENT', 'FAILED', 50000, p.entries[0].id, result.paymentId, 'Your card was declined'],
    ]);
    expect(toCents((await planOf(p)).totalPaid)).toBe(0);
    // Already paid: nothing to do.
    const q = await makeEnrolledPlan(t.deps, { enrollable: inFull });
    expect((await chargeEnrollmentDeposit(q.plan.id)).status).toBe('ACCEPTED');
    expect((await chargeEnrollmentDeposit(q.plan.id)).status).toBe('SKIPPED');
    expect((await chargeEnrollmentDeposit(MISSING)).status).toBe('FAILED');
  });
});
