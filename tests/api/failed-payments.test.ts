import request from 'supertest';
import { FailedPayment, Payment, PaymentMethod, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * /api/failed_payments (back-office spec §3 "Failed payment filters"): the charges the school made
 * that did not go through, searched by the student, the plan and their own columns (FAILED by
 * default), and retried now through the payments service.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let financeToken: string;
let supportToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  enrollable = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const BASE = '/api/failed_payments';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** A failed auto-pay charge of the plan's first entry (500), as the auto-pay run records one. */
function failedOf(p: EnrolledPlan, fields: Partial<FailedPayment['_creationAttributes']> = {}) {
  return FailedPayment.create({
    studentId: p.student.student.id,
    applicationId: p.application.id,
    studentPaymentPlanId: p.plan.id,
    paymentScheduleId: p.entries[0].id,
    source: 'AUTO_PAY',
    amountToBePaid: 500,
    failureMessage: 'Your card was declined',
    failedAt: new Date(),
    nextRetryDate: null,
    updatedById: null,
    updatedByName: null,
    ...fields,
  });
}
const find = (criteria: Record<string, unknown>, as = admin.token) => request(t.app).post(`${BASE}/find_by_criteria?size=100`).set(bearer(as)).send(criteria);
const retry = (id: number, as = admin.token) => request(t.app).post(`${BASE}/${id}/retry`).set(bearer(as));

describe('POST /api/failed_payments/find_by_criteria', () => {
  test('FAILED by default; every filter on the student, the plan and the failed payment; newest first; 400 on an unknown key', async () => {
    const lastName = unique('Failing');
    const a = await makeEnrolledPlan(t.deps, { enrollable, autoPay: true });
    await a.student.student.update({ lastName, mobilePhone: '+12015550999' });
    // Its oldest unpaid entry fell due 75 days ago (days overdue follow the date: billing/standing.ts).
    const [y, m, d] = schoolToday().split('-').map(Number);
    await StudentPaymentPlan.update({ pastDueAmount: 500, nextDueDate: new Date(Date.UTC(y, m - 1, d - 75)).toISOString().slice(0, 10) }, { where: { id: a.plan.id } });
    const b = await makeEnrolledPlan(t.deps, { enrollable });
    await PaymentMethod.update({ deleted: true, isDefault: false }, { where: { studentId: b.student.student.id } });
    const f1 = await failedOf(a, { failedAt: new Date('2024-03-10T15:00:00Z'), amountToBePaid: 500 });
    const f2 = await failedOf(a, { source: 'ENROLLMENT', failedAt: new Date('2024-04-10T15:00:00Z'), amountToBePaid: 800 });
    const f3 = await failedOf(b, { source: 'RETRY', failedAt: new Date('2024-04-11T15:00:00Z'), amountToBePaid: 120 });
    const resolved = await failedOf(b, { status: 'RESOLVED', resolvedAt: new Date() });
    const students = [a.student.student.id, b.student.student.id];
    const ids = async (criteria: Record<string, unknown>) => {
      const res = await find({ students, ...criteria });
      expect(res.status).toBe(200);
      return res.body.content.map((r: { id: number }) => r.id);
    };
    expect(await ids({})).toEqual([f3.id, f2.id, f1.id]);
    expect(await ids({ statuses: [] })).toEqual([f3.id, f2.id, f1.id]);
    expect(await ids({ statuses: ['RESOLVED'] })).toEqual([resolved.id]);
    expect(await ids({ statuses: ['FAILED', 'RESOLVED'] })).toEqual([resolved.id, f3.id, f2.id, f1.id]);
    expect(await ids({ name: `sam ${lastName.toLowerCase()}` })).toEqual([f2.id, f1.id]);
    expect(await ids({ email: b.student.email.toUpperCase() })).toEqual([f3.id]);
    expect(await ids({ mobilePhone: '(201) 555-0999' })).toEqual([f2.id, f1.id]);
    expect(await ids({ autoPay: true })).toEqual([f2.id, f1.id]);
    expect(await ids({ autoPay: false })).toEqual([f3.id]);
    expect(await ids({ pastDue: true })).toEqual([f2.id, f1.id]);
    expect(await ids({ pastDue: false })).toEqual([f3.id]);
    expect(await ids({ daysOverdue: { min: 60, max: 119 } })).toEqual([f2.id, f1.id]);
    expect(await ids({ daysOverdue: { min: 120 } })).toEqual([]);
    expect(await ids({ sources: ['ENROLLMENT', 'RETRY'] })).toEqual([f3.id, f2.id]);
    expect(await ids({ date: { from: '2024-04-01', to: '2024-04-10' } })).toEqual([f2.id]);
    expect(await ids({ amountToBePaid: { min: 400, max: 600 } })).toEqual([f1.id]);
    expect(await ids({ withPaymentMethod: true })).toEqual([f2.id, f1.id]);
    expect(await ids({ withPaymentMethod: false })).toEqual([f3.id]);
    const sorted = await request(t.app).post(`${BASE}/find_by_criteria?sortBy=amountToBePaid&descending=false`).set(bearer(admin.token)).send({ students });
    expect(sorted.body.content.map((r: { id: number }) => r.id)).toEqual([f3.id, f1.id, f2.id]);
    const row = (await find({ students: [a.student.student.id], sources: ['AUTO_PAY'] })).body.content[0];
    expect(row).toMatchObject({
      id: f1.id,
      source: 'AUTO_PAY',
      status: 'FAILED',
      amountToBePaid: 500,
      failureMessage: 'Your card was declined',
      attempts: 1,
      student: { id: a.student.student.id, lastName, email: a.student.email, mobilePhone: '+12015550999' },
      plan: { id: a.plan.id, autoPay: true, daysOverdue: 75, pastDueAmount: 500 },
      schedule: { id: a.entries[0].id, number: a.entries[0].number },
    });
    for (const bad of [{ colour: 'red' }, { statuses: ['LOST'] }, { sources: ['CASH'] }, { autoPay: 'maybe' }, { date: { from: 'yesterday' } }]) {
      expect({ bad, status: (await find(bad)).status }).toEqual({ bad, status: 400 });
    }
  });

  test('403 for a student; 401', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    expect((await find({}, p.student.token)).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
    expect((await find({}, supportToken)).status).toBe(200);
  });
});

describe('GET /api/failed_payments/{id}', () => {
  test('one with its student, plan and entry; 404; 400; 403 for a student; 401', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const f = await failedOf(p, { nextRetryDate: '2031-01-04', attempts: 2 });
    const res = await request(t.app).get(`${BASE}/${f.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: f.id,
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[0].id,
      attempts: 2,
      nextRetryDate: '2031-01-04',
      status: 'FAILED',
      resolvedAt: null,
      plan: { id: p.plan.id, name: p.plan.name },
      schedule: { id: p.entries[0].id },
    });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/zero`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${f.id}`).set(bearer(p.student.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${f.id}`)).status).toBe(401);
  });
});

describe('POST /api/failed_payments/{id}/retry', () => {
  test('the card goes through: 201 with the new payment; the entry is paid, the failed payment RESOLVED', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const f = await failedOf(p);
    const res = await retry(f.id, financeToken);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ studentPaymentPlanId: p.plan.id, type: 'AUTO_PAY', channel: 'CARD', status: 'ACCEPTED', amount: 500, paymentScheduleId: p.entries[0].id });
    const payment = (await Payment.findByPk(res.body.id))!;
    expect([payment.status, cents(payment.amount), payment.paymentScheduleId]).toEqual(['ACCEPTED', 50000, p.entries[0].id]);
    await f.reload();
    expect([f.status, f.resolvedAt instanceof Date]).toEqual(['RESOLVED', true]);
    expect((await PaymentSchedule.findByPk(p.entries[0].id))!.status).toBe('PAID');
    const again = await retry(f.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('STATUS_INVALID');
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id, status: 'ACCEPTED' } })).toBe(1);
  });

  test('declined again: 409 PAYMENT_FAILURE, still FAILED with one more attempt, nothing paid', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable, cardToken: 'tok_chargeDeclined' });
    const f = await failedOf(p);
    const res = await retry(f.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure your card was declined; try another card or call your bank' });
    await f.reload();
    expect([f.status, f.attempts]).toEqual(['FAILED', 2]);
    expect(cents((await StudentPaymentPlan.findByPk(p.plan.id))!.totalPaid)).toBe(0);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id, status: 'INVALID' } })).toBe(1);
  });

  test('404; 400; 403 without payments:create (support, a student); 401; nothing charged', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const f = await failedOf(p);
    expect((await retry(MISSING)).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/-1/retry`).set(bearer(admin.token))).status).toBe(400);
    expect((await retry(f.id, supportToken)).status).toBe(403);
    expect((await retry(f.id, p.student.token)).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${f.id}/retry`)).status).toBe(401);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
    expect((await f.reload()).status).toBe('FAILED');
  });
});
