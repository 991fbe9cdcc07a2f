import request from 'supertest';
import { ActivityLog, ExternalPayment, FailedPayment, LedgerEntry, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * /api/external_payments (back-office spec §3, §9): checks, wires and other payments staff recorded
 * on a schedule entry, accepted into the plan (an EXTERNAL payment through the ledger, oldest unpaid
 * entries first, claiming the plan like any payment) or rejected; the amount of a pending one.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let financeToken: string;
let supportToken: string;
let admissionsToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissionsToken = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  enrollable = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const BASE = '/api/external_payments';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** Staff record an external payment on an entry (POST /students/{id}/payment_schedule/{scheduleId}/external_payment). */
async function recorded(p: EnrolledPlan, body: Record<string, unknown> = {}, entry = p.entries[0]) {
  const res = await request(t.app)
    .post(`/api/students/${p.student.student.id}/payment_schedule/${entry.id}/external_payment`)
    .set(bearer(admin.token))
    .send({ method: 'CHECK', paymentAmount: 500, paymentDate: '2024-02-01', referenceNumber: 'CHK-100', comment: 'Mailed in', ...body });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('PENDING');
  return res.body as { id: number; paymentAmount: number };
}
const setStatus = (id: number, status: string, as = admin.token) => request(t.app).patch(`${BASE}/${id}/status?status=${status}`).set(bearer(as));
const setAmount = (id: number, body: Record<string, unknown>, as = admin.token) => request(t.app).put(`${BASE}/${id}/payment-amount`).set(bearer(as)).send(body);
const planOf = async (p: EnrolledPlan) => (await StudentPaymentPlan.findByPk(p.plan.id))!;

describe('PATCH /api/external_payments/{id}/status', () => {
  test('ACCEPTED: an EXTERNAL payment (channel = method) pays the oldest unpaid entries first; plan totals, ledger line, activity', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    // Recorded on the second entry, 700: the deposit (500, the oldest) is paid first, 200 goes to the next.
    const ext = await recorded(p, { method: 'WIRE_TRANSFER', paymentAmount: 700, referenceNumber: 'W-1' }, p.entries[1]);
    const balanceBefore = cents((await planOf(p)).balance);
    const res = await setStatus(ext.id, 'ACCEPTED', financeToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ext.id, status: 'ACCEPTED', method: 'WIRE_TRANSFER', paymentAmount: 700, paymentId: expect.any(Number) });
    const payment = (await Payment.findByPk(res.body.paymentId))!;
    expect({
      type: payment.type,
      channel: payment.channel,
      status: payment.status,
      amount: cents(payment.amount),
      externalPaymentId: payment.externalPaymentId,
      referenceNumber: payment.referenceNumber,
      paymentDate: payment.paymentDate,
      planId: payment.studentPaymentPlanId,
    }).toEqual({
      type: 'EXTERNAL',
      channel: 'WIRE_TRANSFER',
      status: 'ACCEPTED',
      amount: 70000,
      externalPaymentId: ext.id,
      referenceNumber: 'W-1',
      paymentDate: '2024-02-01',
      planId: p.plan.id,
    });
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: p.plan.id }, order: [['number', 'ASC']] });
    expect(entries.slice(0, 3).map((e) => [e.status, cents(e.paidAmount)])).toEqual([
      ['PAID', 50000],
      ['PENDING', 20000],
      ['PENDING', 0],
    ]);
    const plan = await planOf(p);
    expect([cents(plan.totalPaid), cents(plan.balance)]).toEqual([70000, balanceBefore - 70000]);
    const line = (await LedgerEntry.findOne({ where: { studentPaymentPlanId: p.plan.id, kind: 'EXTERNAL_PAYMENT' } }))!;
    expect([cents(line.total), line.paymentId, line.referenceNumber]).toEqual([70000, payment.id, 'W-1']);
    expect(await ActivityLog.count({ where: { entityType: 'EXTERNAL_PAYMENT', entityId: ext.id, type: 'UPDATED' } })).toBe(1);
    // Decided: neither decision again.
    for (const status of ['ACCEPTED', 'REJECTED']) {
      const again = await setStatus(ext.id, status);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'STATUS_INVALID', message: 'Status invalid' });
    }
    expect(await Payment.count({ where: { externalPaymentId: ext.id } })).toBe(1);
  });

  test('ACCEPTED settles the failed payments of the entries it paid', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const failed = await FailedPayment.create({
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[0].id,
      source: 'AUTO_PAY',
      amountToBePaid: 500,
      failureMessage: 'Your card was declined',
      failedAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    const ext = await recorded(p);
    expect((await setStatus(ext.id, 'ACCEPTED')).status).toBe(200);
    expect((await failed.reload()).status).toBe('RESOLVED');
  });

  test('REJECTED: nothing is paid; then STATUS_INVALID', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    const res = await setStatus(ext.id, 'REJECTED');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', paymentId: null });
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
    expect(cents((await planOf(p)).totalPaid)).toBe(0);
    expect((await setStatus(ext.id, 'ACCEPTED')).body.code).toBe('STATUS_INVALID');
  });

  test('refusals leave it PENDING and the plan untouched: AMOUNT_EXCEEDED above the balance, PAYMENT_IN_PROGRESS while a payment runs, PAYMENT_DISABLED on a plan not ACTIVE', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    const balance = cents((await planOf(p)).balance);
    // The amount changed (while PENDING) to more than the plan owes.
    expect((await setAmount(ext.id, { paymentAmount: (balance + 1) / 100 })).status).toBe(200);
    const exceeded = await setStatus(ext.id, 'ACCEPTED');
    expect(exceeded.status).toBe(409);
    expect(exceeded.body).toMatchObject({ code: 'AMOUNT_EXCEEDED', message: 'Amount exceeded' });
    expect((await setAmount(ext.id, { paymentAmount: balance / 100 })).status).toBe(200);

    await StudentPaymentPlan.update({ paymentClaim: 'another-payment', paymentClaimedAt: new Date() }, { where: { id: p.plan.id } });
    const busy = await setStatus(ext.id, 'ACCEPTED');
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', message: 'Another payment in progress' });
    expect((await planOf(p)).paymentClaim).toBe('another-payment');
    await StudentPaymentPlan.update({ paymentClaim: null, paymentClaimedAt: null, status: 'CONCLUDED' }, { where: { id: p.plan.id } });
    const disabled = await setStatus(ext.id, 'ACCEPTED');
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ code: 'PAYMENT_DISABLED', message: 'Payment disabled' });
    expect((await planOf(p)).paymentClaim).toBeNull();

    expect((await ExternalPayment.findByPk(ext.id))!.status).toBe('PENDING');
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(0);
    expect(cents((await planOf(p)).totalPaid)).toBe(0);

    // Back to ACTIVE: the whole balance is accepted and the plan is COMPLETED.
    await StudentPaymentPlan.update({ status: 'ACTIVE' }, { where: { id: p.plan.id } });
    const ok = await setStatus(ext.id, 'ACCEPTED');
    expect(ok.status).toBe(200);
    const plan = await planOf(p);
    expect([plan.status, cents(plan.balance), plan.paymentClaim]).toEqual(['COMPLETED', 0, null]);
  });

  test('two decisions at once: one wins, one payment', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    const results = await Promise.all([setStatus(ext.id, 'ACCEPTED'), setStatus(ext.id, 'ACCEPTED'), setStatus(ext.id, 'REJECTED')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 409)
        .map((r) => r.body.code)
        .every((c) => ['STATUS_INVALID', 'PAYMENT_IN_PROGRESS'].includes(c)),
    ).toBe(true);
    const status = (await ExternalPayment.findByPk(ext.id))!.status;
    expect(await Payment.count({ where: { externalPaymentId: ext.id } })).toBe(status === 'ACCEPTED' ? 1 : 0);
  });

  test('400 without or with another status; 404; 403 without payments:update (support, admissions, a student); 401', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    expect((await request(t.app).patch(`${BASE}/${ext.id}/status`).set(bearer(admin.token))).status).toBe(400);
    expect((await setStatus(ext.id, 'PENDING')).status).toBe(400);
    expect((await setStatus(MISSING, 'ACCEPTED')).status).toBe(404);
    expect((await setStatus(ext.id, 'ACCEPTED', supportToken)).status).toBe(403);
    expect((await setStatus(ext.id, 'ACCEPTED', admissionsToken)).status).toBe(403);
    expect((await setStatus(ext.id, 'ACCEPTED', p.student.token)).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${ext.id}/status?status=ACCEPTED`)).status).toBe(401);
    expect((await ExternalPayment.findByPk(ext.id))!.status).toBe('PENDING');
  });
});

describe('PUT /api/external_payments/{id}/payment-amount', () => {
  test('a PENDING one changes (logged); ALREADY_PROCESSED once decided; 400; 404; 403; 401', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    const res = await setAmount(ext.id, { paymentAmount: 450.25 }, financeToken);
    expect(res.status).toBe(200);
    expect(res.body.paymentAmount).toBe(450.25);
    expect(cents((await ExternalPayment.findByPk(ext.id))!.paymentAmount)).toBe(45025);
    expect(await ActivityLog.count({ where: { entityType: 'EXTERNAL_PAYMENT', entityId: ext.id, type: 'UPDATED' } })).toBe(1);
    for (const body of [{}, { paymentAmount: 0 }, { paymentAmount: 1.234 }, { paymentAmount: 'ten' }, { paymentAmount: 10, method: 'CHECK' }]) {
      expect({ body, status: (await setAmount(ext.id, body)).status }).toEqual({ body, status: 400 });
    }
    expect((await setAmount(MISSING, { paymentAmount: 10 })).status).toBe(404);
    expect((await setAmount(ext.id, { paymentAmount: 10 }, supportToken)).status).toBe(403);
    expect((await setAmount(ext.id, { paymentAmount: 10 }, p.student.token)).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${ext.id}/payment-amount`).send({ paymentAmount: 10 })).status).toBe(401);
    await setStatus(ext.id, 'REJECTED');
    const late = await setAmount(ext.id, { paymentAmount: 10 });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ALREADY_PROCESSED', message: 'Already processed' });
    expect(cents((await ExternalPayment.findByPk(ext.id))!.paymentAmount)).toBe(45025);
  });
});

describe('GET /api/external_payments, find_by_criteria, GET {id}', () => {
  test('one with its student, plan and entry; 404; 400; 403 for a student; 401', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const ext = await recorded(p);
    const res = await request(t.app).get(`${BASE}/${ext.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ext.id,
      studentId: p.student.student.id,
      applicationId: p.application.id,
      studentPaymentPlanId: p.plan.id,
      paymentScheduleId: p.entries[0].id,
      method: 'CHECK',
      paymentAmount: 500,
      paymentDate: '2024-02-01',
      referenceNumber: 'CHK-100',
      comment: 'Mailed in',
      status: 'PENDING',
      paymentId: null,
      student: { id: p.student.student.id, email: p.student.email },
      schedule: { id: p.entries[0].id, number: p.entries[0].number },
      plan: { id: p.plan.id },
      updatedBy: { id: admin.user.id },
    });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/x`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${ext.id}`).set(bearer(p.student.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${ext.id}`)).status).toBe(401);
  });

  test('list newest first with a keyword on the student; criteria students, statuses, paymentAmount, paymentDate, updatedBy, updatedAt; 400; 403; 401', async () => {
    const lastName = unique('Payer');
    const a = await makeEnrolledPlan(t.deps, { enrollable });
    await a.student.student.update({ lastName });
    const b = await makeEnrolledPlan(t.deps, { enrollable });
    const e1 = await recorded(a, { paymentAmount: 100, paymentDate: '2024-01-05' });
    const e2 = await recorded(a, { paymentAmount: 200, paymentDate: '2024-03-05' }, a.entries[1]);
    const e3 = await recorded(b, { paymentAmount: 300, paymentDate: '2024-03-06', method: 'OTHER' });
    await setStatus(e2.id, 'REJECTED', financeToken);
    const byName = await request(t.app).get(`${BASE}?keyword=${lastName}`).set(bearer(admissionsToken));
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ content: [expect.objectContaining({ id: e2.id }), expect.objectContaining({ id: e1.id })], pagination: { total: 2, page: 0, size: 10 } });
    const sorted = await request(t.app).get(`${BASE}?keyword=${lastName}&sortBy=paymentAmount&descending=false`).set(bearer(admin.token));
    expect(sorted.body.content.map((r: { id: number }) => r.id)).toEqual([e1.id, e2.id]);
    expect((await request(t.app).get(`${BASE}?sortBy=comment`).set(bearer(admin.token))).status).toBe(400);

    const find = async (criteria: Record<string, unknown>) => {
      const res = await request(t.app)
        .post(`${BASE}/find_by_criteria?size=50`)
        .set(bearer(admin.token))
        .send({ students: [a.student.student.id, b.student.student.id], ...criteria });
      expect(res.status).toBe(200);
      return res.body.content.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y);
    };
    expect(await find({})).toEqual([e1.id, e2.id, e3.id]);
    expect(await find({ students: [b.student.student.id] })).toEqual([e3.id]);
    expect(await find({ statuses: ['PENDING'] })).toEqual([e1.id, e3.id]);
    expect(await find({ paymentAmount: { min: 150, max: 250 } })).toEqual([e2.id]);
    expect(await find({ paymentDate: { from: '2024-03-01', to: '2024-03-31' } })).toEqual([e2.id, e3.id]);
    expect(await find({ updatedBy: [admin.user.id] })).toEqual([e1.id, e3.id]);
    expect(await find({ updatedAt: { from: '2000-01-01', to: '2000-01-31' } })).toEqual([]);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/find_by_criteria`)
          .set(bearer(admin.token))
          .send({ methods: ['CHECK'] })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/find_by_criteria`)
          .set(bearer(admin.token))
          .send({ statuses: ['DONE'] })
      ).status,
    ).toBe(400);
    expect((await request(t.app).get(BASE).set(bearer(a.student.token))).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
  });
});
