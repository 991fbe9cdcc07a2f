import request from 'supertest';
import { GatewayEvent, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { planPosition, toCents } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * One payment in progress per plan (domain rules; billing contract issue 6): 50 parallel pre-pays
 * on one plan and 50 parallel replays of one Idempotency-Key. Must hold on SQLite and MariaDB
 * (`npm run test:mysql -- tests/api/payments-concurrency.test.ts`).
 */

let t: TestApp;
let product: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  product = await makeEnrollableProduct();
});
afterAll(() => t.close());
afterEach(() => expectLedgerConsistent());

const today = schoolToday();
const N = 50;

function prePay(p: EnrolledPlan, amount: number, key: string) {
  return request(t.app)
    .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
    .set(bearer(p.student.token))
    .set('Idempotency-Key', key)
    .send({ type: 'PRE_PAY', amount });
}

test('50 parallel pre-pays with distinct keys: the accepted ones are exactly what the plan shows, never more than was owed; the rest 409', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product });
  const owedBefore = toCents(p.plan.balance);
  const payoffBefore = planPosition(p.entries, today).payoffCents;
  // 600 each: what is due (500) is paid by the first, and 50 × 600 is far above the pay-off.
  const responses = await Promise.all(Array.from({ length: N }, (_, i) => prePay(p, 600, `pre-${p.plan.id}-${i}`)));
  const accepted = responses.filter((r) => r.status === 201);
  const refused = responses.filter((r) => r.status !== 201);
  expect(accepted.length).toBeGreaterThanOrEqual(1);
  for (const r of refused) {
    expect(r.status).toBe(409);
    expect(['PAYMENT_IN_PROGRESS', 'PREPAY_AT_OR_ABOVE_PAYOFF', 'LEFTOVER_BALANCE']).toContain(r.body.code);
  }
  expect(refused.some((r) => r.body.code === 'PAYMENT_IN_PROGRESS')).toBe(true);

  const payments = await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
  expect(payments.every((x) => x.status === 'ACCEPTED')).toBe(true);
  expect(payments.map((x) => x.id).sort()).toEqual(accepted.map((r) => r.body.id).sort());
  const paid = payments.reduce((s, x) => s + toCents(x.amount), 0);
  expect(paid).toBe(accepted.length * 60000);
  expect(paid).toBeLessThan(payoffBefore);
  const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
  expect(toCents(plan.totalPaid)).toBe(paid);
  expect(plan.paymentClaim).toBeNull();
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: p.plan.id } });
  expect(entries.reduce((s, e) => s + toCents(e.paidAmount), 0)).toBe(paid);
  expect(toCents(plan.balance)).toBeLessThanOrEqual(owedBefore - paid);
  expect(await GatewayEvent.count({ where: { paymentId: payments.map((x) => x.id) } })).toBe(accepted.length);
});

test('50 parallel replays of one key charge once; every answer is the first payment or PAYMENT_IN_PROGRESS; a later replay is the 201', async () => {
  const p = await makeEnrolledPlan(t.deps, { enrollable: product });
  const key = `same-${p.plan.id}`;
  const responses = await Promise.all(Array.from({ length: N }, () => prePay(p, 700, key)));
  const payments = await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } });
  expect(payments).toHaveLength(1);
  expect(payments[0].status).toBe('ACCEPTED');
  expect(await GatewayEvent.count({ where: { paymentId: payments[0].id } })).toBe(1);
  const ok = responses.filter((r) => r.status === 201);
  expect(ok.length).toBeGreaterThanOrEqual(1);
  for (const r of ok) expect(r.body.id).toBe(payments[0].id);
  for (const r of responses.filter((x) => x.status !== 201)) expect([r.status, r.body.code]).toEqual([409, 'PAYMENT_IN_PROGRESS']);
  const later = await prePay(p, 700, key);
  expect([later.status, later.body]).toEqual([201, ok[0].body]);
  expect(toCents((await StudentPaymentPlan.findByPk(p.plan.id))!.totalPaid)).toBe(70000);
});
