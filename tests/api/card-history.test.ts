import request from 'supertest';
import { GatewayEvent, Payment } from '../../models';
import { Messages } from '../../models/messages';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * A student's card-provider history (back-office spec §9 "Student card-provider history"): the
 * migrated Authorize.Net records (paged), the sandbox/Stripe events of our own charges, refunds and
 * disputes (newest first, 50), and retrying a failed card payment from it.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  enrollable = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);
const pay = (p: EnrolledPlan, body: Record<string, unknown> = { type: 'INSTALLMENT', amount: 500 }) =>
  request(t.app).post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`).set(bearer(admin.token)).send(body);

describe('GET /api/students/{id}/authorize_net_history', () => {
  test('the migrated Authorize.Net rows only, newest first, paged; the student sees their own; support reads', async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const sid = p.student.student.id;
    const rows = [];
    for (const [i, status] of ['SUCCEEDED', 'FAILED', 'SUCCEEDED'].entries()) {
      rows.push(
        await GatewayEvent.create({
          studentId: sid,
          provider: 'AUTHORIZE_NET',
          kind: 'CHARGE',
          amount: 100 + i,
          status,
          reference: `anet-${i}`,
          message: status === 'FAILED' ? 'Declined' : null,
        }),
      );
    }
    await GatewayEvent.create({ studentId: sid, provider: 'SANDBOX', kind: 'CHARGE', amount: 5, status: 'SUCCEEDED' });
    const first = await request(t.app).get(`/api/students/${sid}/authorize_net_history?size=2`).set(bearer(p.student.token));
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 3, page: 0, size: 2 });
    expect(first.body.content.map((e: { id: number }) => e.id)).toEqual([rows[2].id, rows[1].id]);
    // The student reads our sentence and no provider id (the row has no payment of ours to quote); staff read the provider's.
    expect(first.body.content[1]).toMatchObject({
      provider: 'AUTHORIZE_NET',
      kind: 'CHARGE',
      amount: 101,
      status: 'FAILED',
      reference: null,
      message: Messages.CARD_CHARGE_FAILED,
      payment: null,
    });
    const staff = await request(t.app).get(`/api/students/${sid}/authorize_net_history?size=2`).set(bearer(supportToken));
    expect(staff.body.content[1]).toMatchObject({ reference: 'anet-1', message: 'Declined' });
    const second = await request(t.app).get(`/api/students/${sid}/authorize_net_history?size=2&page=1`).set(bearer(supportToken));
    expect(second.body).toEqual({ content: [expect.objectContaining({ id: rows[0].id, amount: 100 })], pagination: { total: 3, page: 1, size: 2 } });
    const other = await makeStudent(t.deps);
    expect((await request(t.app).get(`/api/students/${sid}/authorize_net_history`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/students/${MISSING}/authorize_net_history`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${sid}/authorize_net_history?size=0`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`/api/students/${sid}/authorize_net_history?sortBy=id`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`/api/students/${sid}/authorize_net_history`)).status).toBe(401);
    const academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
    expect((await request(t.app).get(`/api/students/${sid}/authorize_net_history`).set(bearer(academic.token))).status).toBe(200);
  });
});

describe('GET /api/students/{id}/stripe_history', () => {
  test("the gateway's events of the student's charges (accepted and declined), newest first, size 50, with their payment", async () => {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const sid = p.student.student.id;
    expect((await pay(p)).status).toBe(201);
    await GatewayEvent.create({ studentId: sid, provider: 'AUTHORIZE_NET', kind: 'CHARGE', amount: 9, status: 'SUCCEEDED' });
    const bad = await makeChargeableCard(sid, { token: 'tok_chargeDeclined', isDefault: false });
    const refused = await pay(p, { type: 'PRE_PAY', amount: 700, paymentMethodId: bad.id });
    expect(refused.status).toBe(409);
    const res = await request(t.app).get(`/api/students/${sid}/stripe_history`).set(bearer(p.student.token));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 50 });
    // The student reads our sentence (issue 15); staff read the gateway's text.
    expect(res.body.content).toEqual([
      expect.objectContaining({
        provider: 'SANDBOX',
        kind: 'CHARGE',
        status: 'FAILED',
        amount: 700,
        message: Messages.CARD_CHARGE_FAILED,
        payment: expect.objectContaining({ type: 'PRE_PAY', status: 'INVALID', amount: 700, cardLast4: '0002', failureMessage: Messages.CARD_CHARGE_FAILED }),
      }),
      expect.objectContaining({
        provider: 'SANDBOX',
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 500,
        payment: expect.objectContaining({ type: 'INSTALLMENT', status: 'ACCEPTED' }),
      }),
    ]);
    const staff = await request(t.app).get(`/api/students/${sid}/stripe_history`).set(bearer(supportToken));
    expect(staff.status).toBe(200);
    expect(staff.body.content[0]).toMatchObject({ message: 'Your card was declined', payment: expect.objectContaining({ failureMessage: 'Your card was declined' }) });
    expect(
      (
        await request(t.app)
          .get(`/api/students/${sid}/stripe_history`)
          .set(bearer((await makeStudent(t.deps)).token))
      ).status,
    ).toBe(403);
    expect((await request(t.app).get(`/api/students/${MISSING}/stripe_history`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${sid}/stripe_history`)).status).toBe(401);
  });
});

describe('POST /api/students/{id}/stripe_history/{paymentId}', () => {
  /** A plan paid once by card (the deposit), then a pre-pay of 700 declined on a second card. */
  async function declinedPrePay() {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    expect((await pay(p)).status).toBe(201);
    const bad = await makeChargeableCard(p.student.student.id, { token: 'tok_chargeDeclined', isDefault: false });
    const refused = await pay(p, { type: 'PRE_PAY', amount: 700, paymentMethodId: bad.id });
    expect(refused.status).toBe(409);
    const failed = (await Payment.findOne({ where: { studentPaymentPlanId: p.plan.id, status: 'INVALID' } }))!;
    return { p, bad, failed, accepted: (await Payment.findOne({ where: { studentPaymentPlanId: p.plan.id, status: 'ACCEPTED' } }))! };
  }
  const retry = (studentId: number, paymentId: number, as: string, key?: string) => {
    const r = request(t.app).post(`/api/students/${studentId}/stripe_history/${paymentId}`).set(bearer(as));
    return key ? r.set('Idempotency-Key', key) : r;
  };

  test('the same card declines again: 409 PAYMENT_FAILURE and another INVALID attempt', async () => {
    const { p, failed } = await declinedPrePay();
    const res = await retry(p.student.student.id, failed.id, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure your card was declined; try another card or call your bank' });
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id, status: 'INVALID', type: 'PRE_PAY' } })).toBe(2);
  });

  test('with that card gone, the default pays: 201 a new payment of the same type and amount (the student themself, once per Idempotency-Key)', async () => {
    const { p, bad, failed } = await declinedPrePay();
    await bad.update({ deleted: true });
    const sid = p.student.student.id;
    const res = await retry(sid, failed.id, p.student.token, 'retry-1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'PRE_PAY', channel: 'CARD', amount: 700, status: 'ACCEPTED', cardLast4: '4242', studentPaymentPlanId: p.plan.id });
    expect(res.body.id).not.toBe(failed.id);
    const replay = await retry(sid, failed.id, p.student.token, 'retry-1');
    expect([replay.status, replay.body.id]).toEqual([201, res.body.id]);
    expect((await failed.reload()).status).toBe('INVALID');
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id, status: 'ACCEPTED' } })).toBe(2);
    expect(cents((await Payment.findByPk(res.body.id))!.amount)).toBe(70000);
  });

  test("404 for another student's or a non-card payment; 409 STATUS_INVALID for one not INVALID; 400; 403; 401", async () => {
    const { p, failed, accepted } = await declinedPrePay();
    const sid = p.student.student.id;
    const other = await makeEnrolledPlan(t.deps, { enrollable });
    expect((await retry(other.student.student.id, failed.id, admin.token)).status).toBe(404);
    expect((await retry(sid, MISSING, admin.token)).status).toBe(404);
    const check = await request(t.app)
      .post(`/api/students/${sid}/payment_schedule/${p.entries[1].id}/external_payment`)
      .set(bearer(admin.token))
      .send({ method: 'CHECK', paymentAmount: 100, paymentDate: '2024-05-01' });
    expect((await request(t.app).patch(`/api/external_payments/${check.body.id}/status?status=ACCEPTED`).set(bearer(admin.token))).status).toBe(200);
    const external = (await Payment.findOne({ where: { studentPaymentPlanId: p.plan.id, type: 'EXTERNAL' } }))!;
    expect((await retry(sid, external.id, admin.token)).status).toBe(404);
    const notInvalid = await retry(sid, accepted.id, admin.token);
    expect(notInvalid.status).toBe(409);
    expect(notInvalid.body).toMatchObject({ code: 'STATUS_INVALID', message: 'Status invalid' });
    expect((await retry(sid, failed.id, admin.token, 'x'.repeat(101))).status).toBe(400);
    expect((await request(t.app).post(`/api/students/${sid}/stripe_history/abc`).set(bearer(admin.token))).status).toBe(400);
    expect((await retry(sid, failed.id, supportToken)).status).toBe(403);
    expect((await retry(sid, failed.id, other.student.token)).status).toBe(403);
    expect((await request(t.app).post(`/api/students/${sid}/stripe_history/${failed.id}`)).status).toBe(401);
    expect(await Payment.count({ where: { studentPaymentPlanId: p.plan.id } })).toBe(3);
  });
});
