import request from 'supertest';
import { ActivityLog, Application, ApplicationVoucher, GatewayEvent, LedgerEntry, Payment, Refund, RefundTransaction, StudentPaymentPlan } from '../../models';
import { gatewayFor, GatewayError } from '../../api/integrations/gateway';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * The refund queue (back-office spec §3 "Refund", §9 /refund_queues; domain rules "Withdrawals and
 * refunds"): CUSTOM refunds and their refusals, the decision, and giving the money back (external,
 * online through the sandbox gateway against the plan's card payments newest first, mixed), with the
 * ledger kept consistent; voucher refunds flowing through the queue.
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

const BASE = '/api/refund_queues';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

interface PaidPlan extends EnrolledPlan {
  /** The accepted card payments, oldest first: the deposit (500) and a pre-pay (1000). */
  payments: Payment[];
}

/** An enrolled plan paid by card through the payments API: the deposit (500), then a pre-pay of 1,000. */
async function paidPlan(): Promise<PaidPlan> {
  const plan = await makeEnrolledPlan(t.deps, { enrollable });
  const url = `/api/students/${plan.student.student.id}/payment_plans/${plan.plan.id}/payments`;
  const first = await request(t.app).post(url).set(bearer(admin.token)).send({ type: 'INSTALLMENT', amount: 500 });
  expect(first.status).toBe(201);
  const second = await request(t.app).post(url).set(bearer(admin.token)).send({ type: 'PRE_PAY', amount: 1000 });
  expect(second.status).toBe(201);
  const payments = await Payment.findAll({ where: { studentPaymentPlanId: plan.plan.id, status: 'ACCEPTED' }, order: [['id', 'ASC']] });
  expect(payments.map((p) => cents(p.amount))).toEqual([50000, 100000]);
  return { ...plan, payments };
}

const create = (body: Record<string, unknown>, as = admin.token) => request(t.app).post(BASE).set(bearer(as)).send(body);
const setStatus = (id: number, status: string, as = admin.token) => request(t.app).patch(`${BASE}/${id}/status?status=${status}`).set(bearer(as));
const submit = (id: number, body: Record<string, unknown>, as = admin.token) => request(t.app).post(`${BASE}/${id}/submit`).set(bearer(as)).send(body);

/** A CUSTOM refund of the plan's application, created and approved through the API. */
async function approvedRefund(p: EnrolledPlan, amount: number, tax = 0): Promise<number> {
  const created = await create({ applicationId: p.application.id, amountToBeRefunded: amount, taxToBeRefunded: tax });
  expect(created.status).toBe(201);
  expect((await setStatus(created.body.id, 'APPROVED')).status).toBe(200);
  return created.body.id;
}

const planTotals = async (planId: number) => {
  const plan = (await StudentPaymentPlan.findByPk(planId))!;
  return { totalPaid: cents(plan.totalPaid), totalRefunds: cents(plan.totalRefunds) };
};

describe('POST /api/refund_queues (CUSTOM)', () => {
  test('queues a CUSTOM refund: REQUESTED, PENDING, total = amount + tax, the plan and the student; logged', async () => {
    const p = await paidPlan();
    const res = await create({ applicationId: p.application.id, amountToBeRefunded: 100.5, taxToBeRefunded: 6.25, comments: '  Goodwill  ' }, financeToken);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      applicationId: p.application.id,
      studentId: p.student.student.id,
      studentPaymentPlanId: p.plan.id,
      source: 'CUSTOM',
      sourceId: null,
      status: 'REQUESTED',
      refundStatus: 'PENDING',
      refundType: null,
      amountToBeRefunded: 100.5,
      taxToBeRefunded: 6.25,
      totalToBeRefunded: 106.75,
      amountRefunded: 0,
      totalRefunded: 0,
      comments: 'Goodwill',
      transactions: [],
    });
    expect(res.body.student).toMatchObject({ id: p.student.student.id, email: p.student.email });
    expect(res.body.application.product).toEqual({ id: enrollable.product.id, name: enrollable.product.name });
    const row = (await Refund.findByPk(res.body.id))!;
    expect({ status: row.status, total: cents(row.totalToBeRefunded), source: row.source }).toEqual({ status: 'REQUESTED', total: 10675, source: 'CUSTOM' });
    expect(await ActivityLog.count({ where: { entityType: 'REFUND', entityId: row.id, type: 'CREATED' } })).toBe(1);
  });

  test('409 INVALID_SOURCE for another source, PENDING_REFUNDS while one is REQUESTED (allowed once decided), REFUND_AMOUNT_EXCEEDED above paid − refunded; nothing stored', async () => {
    const p = await paidPlan();
    const count = () => Refund.count({ where: { applicationId: p.application.id } });
    const source = await create({ applicationId: p.application.id, amountToBeRefunded: 10, source: 'WITHDRAWAL' });
    expect(source.status).toBe(409);
    expect(source.body).toMatchObject({ code: 'INVALID_SOURCE', message: 'Invalid source' });
    // Paid 1,500: 1,500.01 in all is too much, even split between amount and tax.
    const tooMuch = await create({ applicationId: p.application.id, amountToBeRefunded: 1400, taxToBeRefunded: 100.01 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'REFUND_AMOUNT_EXCEEDED', message: 'Amount exceeds the refund balance or the amount paid' });
    expect(await count()).toBe(0);
    const first = await create({ applicationId: p.application.id, amountToBeRefunded: 1400, taxToBeRefunded: 100, source: 'CUSTOM' });
    expect(first.status).toBe(201);
    const pending = await create({ applicationId: p.application.id, amountToBeRefunded: 1 });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({ code: 'PENDING_REFUNDS', message: 'Pending refunds' });
    expect(await count()).toBe(1);
    expect((await setStatus(first.body.id, 'REJECTED')).status).toBe(200);
    expect((await create({ applicationId: p.application.id, amountToBeRefunded: 1 })).status).toBe(201);
    expect(await count()).toBe(2);
  });

  test('an application without payments cannot be refunded anything', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const res = await create({ applicationId: p.application.id, amountToBeRefunded: 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
  });

  test('400 on the fields (missing, zero, three decimals, too large, unknown application, unknown field); 403 without refunds:create; 401', async () => {
    const p = await paidPlan();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ applicationId: p.application.id }, { amountToBeRefunded: 'This field is required' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 0 }, { amountToBeRefunded: 'Invalid value' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 1.005 }, { amountToBeRefunded: 'Invalid value' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 1_000_000_000 }, { amountToBeRefunded: 'Invalid value' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 5, taxToBeRefunded: -1 }, { taxToBeRefunded: 'Invalid value' }],
      [{ applicationId: MISSING, amountToBeRefunded: 5 }, { applicationId: 'Invalid value' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 5, status: 'APPROVED' }, { status: 'Unknown field' }],
      [{ applicationId: p.application.id, amountToBeRefunded: 5, source: 'OTHER' }, { source: 'Invalid value' }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 400, errors: expect.objectContaining(errors) });
    }
    expect((await create({ applicationId: p.application.id, amountToBeRefunded: 5 }, supportToken)).status).toBe(403);
    expect((await create({ applicationId: p.application.id, amountToBeRefunded: 5 }, admissionsToken)).status).toBe(403);
    expect((await create({ applicationId: p.application.id, amountToBeRefunded: 5 }, p.student.token)).status).toBe(403);
    expect((await request(t.app).post(BASE).send({ applicationId: p.application.id, amountToBeRefunded: 5 })).status).toBe(401);
    expect(await Refund.count({ where: { applicationId: p.application.id } })).toBe(0);
  });
});

describe('GET, PUT, status and the lists', () => {
  test('GET one with its transactions and its application; 404; 400; 403 for a student; 401', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 10);
    const one = await request(t.app).get(`${BASE}/${id}`).set(bearer(supportToken));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, status: 'APPROVED', transactions: [] });
    expect(one.body.approvedAt).toEqual(expect.any(String));
    const app = await request(t.app).get(`${BASE}/${id}/application`).set(bearer(supportToken));
    expect(app.status).toBe(200);
    expect(app.body).toMatchObject({ id: p.application.id, status: 'ENROLLED' });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${MISSING}/application`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/abc`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${id}`).set(bearer(p.student.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${id}`)).status).toBe(401);
  });

  test('PUT changes a REQUESTED one (total follows; logged); 409 STATUS_INVALID once decided, REFUND_AMOUNT_EXCEEDED; 400; 403 without refunds:update; 404', async () => {
    const p = await paidPlan();
    const created = (await create({ applicationId: p.application.id, amountToBeRefunded: 10 })).body;
    const put = (body: Record<string, unknown>, as = admin.token, id = created.id) => request(t.app).put(`${BASE}/${id}`).set(bearer(as)).send(body);
    const res = await put({ amountToBeRefunded: 20, taxToBeRefunded: 1.5, comments: 'more' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amountToBeRefunded: 20, taxToBeRefunded: 1.5, totalToBeRefunded: 21.5, comments: 'more' });
    expect(await ActivityLog.count({ where: { entityType: 'REFUND', entityId: created.id, type: 'UPDATED' } })).toBe(1);
    expect((await put({ amountToBeRefunded: 1500.01 })).body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect((await put({ amountToBeRefunded: -3 })).status).toBe(400);
    expect((await put({ source: 'CUSTOM' })).status).toBe(400);
    expect((await put({ amountToBeRefunded: 30 }, supportToken)).status).toBe(403);
    expect((await put({ amountToBeRefunded: 30 }, admin.token, MISSING)).status).toBe(404);
    expect((await setStatus(created.id, 'CANCELLED')).status).toBe(200);
    const late = await put({ amountToBeRefunded: 30 });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'STATUS_INVALID', message: 'Status invalid' });
    expect(cents((await Refund.findByPk(created.id))!.amountToBeRefunded)).toBe(2000);
  });

  test('status: REQUESTED → APPROVED | REJECTED | CANCELLED only; STATUS_INVALID after; 400; 403 without refunds:approve; 404; 401', async () => {
    const p = await paidPlan();
    for (const to of ['APPROVED', 'REJECTED', 'CANCELLED']) {
      const created = (await create({ applicationId: p.application.id, amountToBeRefunded: 1 })).body;
      const res = await setStatus(created.id, to, financeToken);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(to);
      for (const next of ['APPROVED', 'REJECTED', 'CANCELLED']) {
        const again = await setStatus(created.id, next);
        expect({ to, next, status: again.status, code: again.body.code }).toEqual({ to, next, status: 409, code: 'STATUS_INVALID' });
      }
      expect((await Refund.findByPk(created.id))!.status).toBe(to);
      if (to === 'APPROVED') {
        // An approved CUSTOM refund no longer blocks a new one.
        expect((await create({ applicationId: p.application.id, amountToBeRefunded: 1 })).status).toBe(201);
        await Refund.update({ status: 'CANCELLED' }, { where: { applicationId: p.application.id, status: 'REQUESTED' } });
      }
    }
    const created = (await create({ applicationId: p.application.id, amountToBeRefunded: 1 })).body;
    expect((await setStatus(created.id, 'COMPLETED')).status).toBe(400);
    expect((await request(t.app).patch(`${BASE}/${created.id}/status`).set(bearer(admin.token))).status).toBe(400);
    expect((await setStatus(created.id, 'APPROVED', admissionsToken)).status).toBe(403);
    expect((await setStatus(created.id, 'APPROVED', supportToken)).status).toBe(403);
    expect((await setStatus(MISSING, 'APPROVED')).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${created.id}/status?status=APPROVED`)).status).toBe(401);
    expect((await Refund.findByPk(created.id))!.status).toBe('REQUESTED');
  });

  test('list: newest first, keyword on the student, applicationId; criteria; 400 on a bad sort or criteria key; 403; 401', async () => {
    const lastName = unique('Refundee');
    const a = await makeEnrolledPlan(t.deps, { enrollable });
    await a.student.student.update({ lastName });
    const b = await paidPlan();
    await request(t.app).post(`/api/students/${a.student.student.id}/payment_plans/${a.plan.id}/payments`).set(bearer(admin.token)).send({ type: 'INSTALLMENT', amount: 500 });
    const r1 = (await create({ applicationId: a.application.id, amountToBeRefunded: 50, taxToBeRefunded: 5 })).body;
    const r2 = (await create({ applicationId: b.application.id, amountToBeRefunded: 300 })).body;
    await setStatus(r2.id, 'APPROVED');
    const byName = await request(t.app).get(`${BASE}?keyword=${lastName.toLowerCase()}`).set(bearer(supportToken));
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ content: [expect.objectContaining({ id: r1.id })], pagination: { total: 1, page: 0, size: 10 } });
    const byApplication = await request(t.app).get(`${BASE}?applicationId=${b.application.id}`).set(bearer(admin.token));
    expect(byApplication.body.content.map((r: { id: number }) => r.id)).toEqual([r2.id]);
    const newestFirst = await request(t.app).get(`${BASE}?size=2`).set(bearer(admin.token));
    expect(newestFirst.body.content.map((r: { id: number }) => r.id)).toEqual([r2.id, r1.id]);
    expect((await request(t.app).get(`${BASE}?sortBy=comments`).set(bearer(admin.token))).status).toBe(400);

    const find = async (criteria: Record<string, unknown>) => {
      const res = await request(t.app)
        .post(`${BASE}/find_by_criteria?size=50`)
        .set(bearer(admin.token))
        .send({ students: [a.student.student.id, b.student.student.id], ...criteria });
      expect(res.status).toBe(200);
      return res.body.content.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y);
    };
    expect(await find({})).toEqual([r1.id, r2.id]);
    expect(await find({ students: [a.student.student.id] })).toEqual([r1.id]);
    expect(await find({ sources: ['CUSTOM'], statuses: ['APPROVED'] })).toEqual([r2.id]);
    expect(await find({ refundStatuses: ['PENDING'] })).toEqual([r1.id, r2.id]);
    expect(await find({ refundStatuses: ['REFUNDED'] })).toEqual([]);
    expect(await find({ amountToBeRefunded: { min: 100, max: 1000 } })).toEqual([r2.id]);
    expect(await find({ taxToBeRefunded: { min: 1 } })).toEqual([r1.id]);
    expect(await find({ amountRefunded: { min: 0.01 } })).toEqual([]);
    expect(await find({ taxRefunded: { min: 0, max: 0 } })).toEqual([r1.id, r2.id]);
    expect(await find({ updatedBy: [admin.user.id] })).toEqual([r1.id, r2.id]);
    expect(await find({ updatedAt: { from: '2000-01-01', to: '2000-01-02' } })).toEqual([]);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(admin.token)).send({ colour: 'red' })).status).toBe(400);
    expect(
      (
        await request(t.app)
          .post(`${BASE}/find_by_criteria`)
          .set(bearer(admin.token))
          .send({ statuses: ['DONE'] })
      ).status,
    ).toBe(400);
    expect((await request(t.app).get(BASE).set(bearer(a.student.token))).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(a.student.token)).send({})).status).toBe(403);
    expect((await request(t.app).get(BASE)).status).toBe(401);
  });
});

describe('giving the money back', () => {
  test('ONLINE: back through the gateway against the card payments newest first; COMPLETED, REFUNDED; ledger, events, application refunded', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 1200);
    const gateway = gatewayFor(t.deps.config);
    const spy = jest.spyOn(gateway, 'refund');
    try {
      const res = await submit(id, { refundType: 'ONLINE' }, financeToken);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'COMPLETED',
        refundStatus: 'REFUNDED',
        refundType: 'ONLINE',
        amountRefunded: 1200,
        taxRefunded: 0,
        totalRefunded: 1200,
      });
      const [newest, oldest] = [p.payments[1], p.payments[0]];
      expect(res.body.transactions).toEqual([
        expect.objectContaining({
          kind: 'ONLINE',
          paymentId: newest.id,
          amount: 1000,
          tax: 0,
          status: 'SUCCEEDED',
          gateway: 'SANDBOX',
          gatewayRefundId: expect.stringMatching(/^re_sandbox_/),
        }),
        expect.objectContaining({ kind: 'ONLINE', paymentId: oldest.id, amount: 200, tax: 0, status: 'SUCCEEDED' }),
      ]);
      expect(spy.mock.calls.map(([input]) => input)).toEqual([
        { chargeId: newest.gatewayChargeId, amountCents: 100000, idempotencyKey: `refund-${id}-${newest.id}` },
        { chargeId: oldest.gatewayChargeId, amountCents: 20000, idempotencyKey: `refund-${id}-${oldest.id}` },
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(cents((await Payment.findByPk(p.payments[1].id))!.refundedAmount)).toBe(100000);
    expect(cents((await Payment.findByPk(p.payments[0].id))!.refundedAmount)).toBe(20000);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 120000 });
    const lines = await LedgerEntry.findAll({ where: { studentPaymentPlanId: p.plan.id, kind: 'REFUND' }, order: [['id', 'ASC']] });
    expect(lines.map((l) => [cents(l.total), l.refundId, l.last4])).toEqual([
      [-100000, id, '4242'],
      [-20000, id, '4242'],
    ]);
    const events = await GatewayEvent.findAll({ where: { studentId: p.student.student.id, kind: 'REFUND' }, order: [['id', 'ASC']] });
    expect(events.map((e) => [e.provider, e.status, cents(e.amount), e.paymentId])).toEqual([
      ['SANDBOX', 'SUCCEEDED', 100000, p.payments[1].id],
      ['SANDBOX', 'SUCCEEDED', 20000, p.payments[0].id],
    ]);
    expect(cents((await Application.findByPk(p.application.id))!.refunded)).toBe(120000);
    // Done: nothing more to submit.
    const again = await submit(id, { refundType: 'ONLINE' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('STATUS_INVALID');
  });

  test('the tax goes back with the amount: each transaction carries its share, the card gets both', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 100, 10);
    const res = await request(t.app).post(`${BASE}/${id}/online`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', amountRefunded: 100, taxRefunded: 10, totalRefunded: 110 });
    expect(res.body.transactions).toEqual([expect.objectContaining({ kind: 'ONLINE', paymentId: p.payments[1].id, amount: 100, tax: 10, total: 110 })]);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 11000 });
    const line = (await LedgerEntry.findOne({ where: { studentPaymentPlanId: p.plan.id, kind: 'REFUND' } }))!;
    expect([cents(line.principal), cents(line.tax), cents(line.total)]).toEqual([-10000, -1000, -11000]);
  });

  test('EXTERNAL (POST {id}/external): part of it first (stays APPROVED), then the rest; reference and comment kept', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 300, 30);
    const part = await request(t.app).post(`${BASE}/${id}/external`).set(bearer(admin.token)).send({ amount: 110, referenceNumber: 'CHK-1', comment: 'mailed' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'APPROVED', refundStatus: 'PENDING', refundType: 'EXTERNAL', amountRefunded: 100, taxRefunded: 10, totalRefunded: 110 });
    expect(part.body.transactions).toEqual([expect.objectContaining({ kind: 'EXTERNAL', paymentId: null, amount: 100, tax: 10, referenceNumber: 'CHK-1', status: 'SUCCEEDED' })]);
    const over = await request(t.app).post(`${BASE}/${id}/external`).set(bearer(admin.token)).send({ amount: 220.01 });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    const rest = await request(t.app).post(`${BASE}/${id}/external`).set(bearer(admin.token)).send({});
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', amountRefunded: 300, taxRefunded: 30, totalRefunded: 330 });
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 33000 });
    const lines = await LedgerEntry.findAll({ where: { studentPaymentPlanId: p.plan.id, kind: 'REFUND' }, order: [['id', 'ASC']] });
    expect(lines.map((l) => [cents(l.total), l.referenceNumber, l.comment])).toEqual([
      [-11000, 'CHK-1', 'mailed'],
      [-22000, null, null],
    ]);
    // External refunds do not touch the card payments.
    expect((await Payment.findAll({ where: { studentPaymentPlanId: p.plan.id } })).map((x) => cents(x.refundedAmount))).toEqual([0, 0]);
  });

  test('MIXED: the external and the online part; their sum at most what is left; both required', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 500);
    const missing = await submit(id, { refundType: 'MIXED', externalAmount: 100 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ onlineAmount: 'This field is required' });
    const wrongPart = await submit(id, { refundType: 'EXTERNAL', onlineAmount: 100 });
    expect(wrongPart.status).toBe(400);
    const over = await submit(id, { refundType: 'MIXED', externalAmount: 300, onlineAmount: 200.01 });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(await RefundTransaction.count({ where: { refundId: id } })).toBe(0);
    const res = await submit(id, { refundType: 'MIXED', externalAmount: 300, onlineAmount: 200, referenceNumber: 'WIRE-9' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', refundType: 'MIXED', totalRefunded: 500, referenceNumber: 'WIRE-9' });
    expect(res.body.transactions.map((x: { kind: string; amount: number; paymentId: number | null }) => [x.kind, x.amount, x.paymentId])).toEqual([
      ['ONLINE', 200, p.payments[1].id],
      ['EXTERNAL', 300, null],
    ]);
    expect(cents((await Payment.findByPk(p.payments[1].id))!.refundedAmount)).toBe(20000);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 50000 });
  });

  test('a gateway failure: 409 PAYMENT_FAILURE, still APPROVED with refundStatus FAILED, what went back is kept; the retry finishes it', async () => {
    const p = await paidPlan();
    const id = await approvedRefund(p, 1200);
    const gateway = gatewayFor(t.deps.config);
    const real = gateway.refund.bind(gateway);
    const spy = jest.spyOn(gateway, 'refund').mockImplementation(async (input) => {
      if (input.chargeId === p.payments[0].gatewayChargeId) throw new GatewayError('declined', 'The refund was declined');
      return real(input);
    });
    try {
      const res = await submit(id, { refundType: 'ONLINE' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure The refund was declined' });
    } finally {
      spy.mockRestore();
    }
    const failed = (await request(t.app).get(`${BASE}/${id}`).set(bearer(admin.token))).body;
    expect(failed).toMatchObject({ status: 'APPROVED', refundStatus: 'FAILED', amountRefunded: 1000, totalRefunded: 1000 });
    expect(failed.transactions.map((x: { status: string; amount: number; failureMessage: string | null }) => [x.status, x.amount, x.failureMessage])).toEqual([
      ['SUCCEEDED', 1000, null],
      ['FAILED', 200, 'The refund was declined'],
    ]);
    expect(await GatewayEvent.count({ where: { studentId: p.student.student.id, kind: 'REFUND', status: 'FAILED' } })).toBe(1);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 100000 });

    const retry = await submit(id, { refundType: 'ONLINE' });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', totalRefunded: 1200 });
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 120000 });
    expect(cents((await Payment.findByPk(p.payments[0].id))!.refundedAmount)).toBe(20000);
  });

  test('online refunds only go back to card payments: an accepted check counts for external refunds, not online ones', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const sid = p.student.student.id;
    expect((await request(t.app).post(`/api/students/${sid}/payment_plans/${p.plan.id}/payments`).set(bearer(admin.token)).send({ type: 'INSTALLMENT', amount: 500 })).status).toBe(
      201,
    );
    const check = await request(t.app)
      .post(`/api/students/${sid}/payment_schedule/${p.entries[1].id}/external_payment`)
      .set(bearer(admin.token))
      .send({ method: 'CHECK', paymentAmount: 300, paymentDate: '2024-01-10', referenceNumber: 'CHK-77' });
    expect(check.status).toBe(201);
    expect((await request(t.app).patch(`/api/external_payments/${check.body.id}/status?status=ACCEPTED`).set(bearer(admin.token))).status).toBe(200);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 80000, totalRefunds: 0 });
    const id = await approvedRefund(p, 600);
    const online = await submit(id, { refundType: 'ONLINE' });
    expect(online.status).toBe(409);
    expect(online.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(await RefundTransaction.count({ where: { refundId: id } })).toBe(0);
    const external = await submit(id, { refundType: 'EXTERNAL' });
    expect(external.status).toBe(200);
    expect(external.body.status).toBe('COMPLETED');
  });

  test('never more than paid − already refunded: a second approved refund is refused once the first went back', async () => {
    const p = await paidPlan();
    const first = await approvedRefund(p, 1000);
    const second = (await create({ applicationId: p.application.id, amountToBeRefunded: 1000 })).body.id;
    await setStatus(second, 'APPROVED');
    expect((await submit(first, { refundType: 'EXTERNAL' })).status).toBe(200);
    const res = await submit(second, { refundType: 'ONLINE' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 100000 });
  });

  test('concurrently: two refunds of one plan submitted at once never give back more than was paid; one submit of a refund twice at once moves money once', async () => {
    const p = await paidPlan();
    const a = await approvedRefund(p, 1000);
    const b = (await create({ applicationId: p.application.id, amountToBeRefunded: 1000 })).body.id;
    await setStatus(b, 'APPROVED');
    const results = await Promise.all([submit(a, { refundType: 'ONLINE' }), submit(b, { refundType: 'ONLINE' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 100000 });

    const q = await paidPlan();
    const c = await approvedRefund(q, 700);
    const twice = await Promise.all([submit(c, { refundType: 'ONLINE' }), submit(c, { refundType: 'ONLINE' })]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(['PAYMENT_IN_PROGRESS', 'STATUS_INVALID']).toContain(twice.find((r) => r.status === 409)!.body.code);
    expect(await RefundTransaction.count({ where: { refundId: c, status: 'SUCCEEDED' } })).toBe(1);
    expect(await planTotals(q.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 70000 });
  });

  test('only an APPROVED refund is submitted (STATUS_INVALID); 400; 403 without payments:refund; 404; 401', async () => {
    const p = await paidPlan();
    const requested = (await create({ applicationId: p.application.id, amountToBeRefunded: 10 })).body.id;
    const res = await submit(requested, { refundType: 'EXTERNAL' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'STATUS_INVALID', message: 'Status invalid' });
    expect((await request(t.app).post(`${BASE}/${requested}/online`).set(bearer(admin.token))).body.code).toBe('STATUS_INVALID');
    await setStatus(requested, 'APPROVED');
    expect((await submit(requested, {})).body.errors).toEqual({ refundType: 'This field is required' });
    expect((await submit(requested, { refundType: 'CASH' })).status).toBe(400);
    expect((await submit(requested, { refundType: 'EXTERNAL' }, supportToken)).status).toBe(403);
    expect((await submit(requested, { refundType: 'EXTERNAL' }, admissionsToken)).status).toBe(403);
    expect((await submit(requested, { refundType: 'EXTERNAL' }, p.student.token)).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${requested}/external`).set(bearer(supportToken)).send({})).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${requested}/online`).set(bearer(supportToken))).status).toBe(403);
    expect((await submit(MISSING, { refundType: 'EXTERNAL' })).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${requested}/submit`).send({ refundType: 'EXTERNAL' })).status).toBe(401);
    expect(await RefundTransaction.count({ where: { refundId: requested } })).toBe(0);
    expect((await Refund.findByPk(requested))!.status).toBe('APPROVED');
  });
});

describe('voucher refunds through the queue', () => {
  const vouchers = '/api/application_vouchers';

  test('approving an application voucher queues a VOUCHER refund; completing it completes the voucher (refunded counted once)', async () => {
    const p = await paidPlan();
    const voucher = await makeVoucher();
    const created = await request(t.app)
      .post(vouchers)
      .set(bearer(admin.token))
      .send({ applicationId: p.application.id, voucherId: voucher.id, amountToBeRefunded: 150, taxToBeRefunded: 5 });
    expect(created.status).toBe(201);
    expect(await Refund.count({ where: { applicationId: p.application.id } })).toBe(0);
    expect((await request(t.app).patch(`${vouchers}/${created.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
    const refund = (await Refund.findOne({ where: { source: 'VOUCHER', sourceId: created.body.id } }))!;
    expect({
      status: refund.status,
      applicationId: refund.applicationId,
      planId: refund.studentPaymentPlanId,
      amount: cents(refund.amountToBeRefunded),
      tax: cents(refund.taxToBeRefunded),
      total: cents(refund.totalToBeRefunded),
    }).toEqual({ status: 'REQUESTED', applicationId: p.application.id, planId: p.plan.id, amount: 15000, tax: 500, total: 15500 });

    // Another voucher approved while that refund waits: PENDING_REFUNDS, nothing changes.
    const other = await request(t.app).post(vouchers).set(bearer(admin.token)).send({ applicationId: p.application.id, voucherId: voucher.id, amountToBeRefunded: 10 });
    const blocked = await request(t.app).patch(`${vouchers}/${other.body.id}/status?status=APPROVED`).set(bearer(admin.token));
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('PENDING_REFUNDS');
    expect((await ApplicationVoucher.findByPk(other.body.id))!.status).toBe('REQUESTED');

    expect((await setStatus(refund.id, 'APPROVED')).status).toBe(200);
    const done = await submit(refund.id, { refundType: 'ONLINE' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ source: 'VOUCHER', status: 'COMPLETED', totalRefunded: 155 });
    const av = (await ApplicationVoucher.findByPk(created.body.id))!;
    expect({ status: av.status, amountRefunded: cents(av.amountRefunded), taxRefunded: cents(av.taxRefunded), totalRefunded: cents(av.totalRefunded) }).toEqual({
      status: 'COMPLETED',
      amountRefunded: 15000,
      taxRefunded: 500,
      totalRefunded: 15500,
    });
    expect(cents((await Application.findByPk(p.application.id))!.refunded)).toBe(15500);
    expect(await planTotals(p.plan.id)).toEqual({ totalPaid: 150000, totalRefunds: 15500 });
  });

  test('a voucher completed outside the queue cancels its queue item, so it is not paid twice', async () => {
    const p = await paidPlan();
    const voucher = await makeVoucher();
    const created = (await request(t.app).post(vouchers).set(bearer(admin.token)).send({ applicationId: p.application.id, voucherId: voucher.id, amountToBeRefunded: 40 })).body;
    await request(t.app).patch(`${vouchers}/${created.id}/status?status=APPROVED`).set(bearer(admin.token));
    const refund = (await Refund.findOne({ where: { source: 'VOUCHER', sourceId: created.id } }))!;
    expect((await request(t.app).patch(`${vouchers}/${created.id}/status?status=COMPLETED`).set(bearer(admin.token))).status).toBe(200);
    expect((await refund.reload()).status).toBe('CANCELLED');
    expect((await submit(refund.id, { refundType: 'EXTERNAL' })).body.code).toBe('STATUS_INVALID');
    expect(cents((await Application.findByPk(p.application.id))!.refunded)).toBe(4000);
  });
});

describe('GET /api/students/{id}/refunds', () => {
  test("a student reads their own refunds (newest first, by application); another student's are 403; staff need refunds:read; 400 and 401", async () => {
    const p = await paidPlan();
    const first = await create({ applicationId: p.application.id, amountToBeRefunded: 20 });
    expect(first.status).toBe(201);
    expect((await setStatus(first.body.id, 'REJECTED')).status).toBe(200);
    const second = await create({ applicationId: p.application.id, amountToBeRefunded: 30 });
    expect(second.status).toBe(201);
    const url = `/api/students/${p.student.student.id}/refunds`;

    const own = await request(t.app).get(`${url}?applicationId=${p.application.id}`).set(bearer(p.student.token));
    expect(own.status).toBe(200);
    expect(own.body.content.map((r: { id: number; amountToBeRefunded: number }) => [r.id, r.amountToBeRefunded])).toEqual([
      [second.body.id, 30],
      [first.body.id, 20],
    ]);
    expect(own.body.pagination.total).toBe(2);

    const other = await makeEnrolledPlan(t.deps, { enrollable });
    expect((await request(t.app).get(url).set(bearer(other.student.token))).status).toBe(403);
    expect((await request(t.app).get(url).set(bearer(admissionsToken))).status).toBe(200);
    expect((await request(t.app).get(url).set(bearer(supportToken))).body.pagination.total).toBe(2);
    expect((await request(t.app).get(`${url}?applicationId=abc`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(url)).status).toBe(401);
  });
});
