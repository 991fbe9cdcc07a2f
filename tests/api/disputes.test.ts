import request from 'supertest';
import Stripe from 'stripe';
import { createApp } from '../../api/app';
import { ActivityLog, Dispute, GatewayEvent, LedgerEntry, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Disputed payments (back-office spec §9 /disputes; platform spec §4 "Dispute verification applies
 * only to pending disputes"): the sandbox's tok_createDispute card opens one on its charge, Stripe's
 * signed `charge.dispute.created` webhook opens one on a known charge; staff verify them WON (the
 * payment stays) or LOST (the payment is charged back through the ledger).
 */

const WEBHOOK_SECRET = 'whsec_test_disputes_0123456789';
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let financeToken: string;
let supportToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await makeAdmin(t.deps);
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  enrollable = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const BASE = '/api/disputes';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** A plan whose card is the sandbox's tok_createDispute, and its deposit (500) paid through the payments API. */
async function disputedPayment(): Promise<{ p: EnrolledPlan; payment: Payment; dispute: Dispute }> {
  const p = await makeEnrolledPlan(t.deps, { enrollable, cardToken: 'tok_createDispute' });
  const res = await request(t.app)
    .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
    .set(bearer(admin.token))
    .send({ type: 'INSTALLMENT', amount: 500 });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('ACCEPTED');
  const payment = (await Payment.findByPk(res.body.id))!;
  const dispute = (await Dispute.findOne({ where: { paymentId: payment.id } }))!;
  expect(dispute).not.toBeNull();
  return { p, payment, dispute };
}

const verify = (id: number, body: Record<string, unknown>, as = admin.token) => request(t.app).patch(`${BASE}/${id}/verify`).set(bearer(as)).send(body);
const find = (criteria: Record<string, unknown>, as = admin.token, query = '') => request(t.app).post(`${BASE}/find_by_criteria${query}`).set(bearer(as)).send(criteria);

describe('a dispute from the sandbox gateway', () => {
  test('tok_createDispute: the charge is accepted and a PENDING dispute opens on it; GET answers it with its payment', async () => {
    const { p, payment, dispute } = await disputedPayment();
    expect({ status: dispute.status, amount: cents(dispute.amount), reason: dispute.reason, gateway: dispute.gateway, planId: dispute.studentPaymentPlanId }).toEqual({
      status: 'PENDING',
      amount: 50000,
      reason: 'fraudulent',
      gateway: 'SANDBOX',
      planId: p.plan.id,
    });
    expect(dispute.gatewayDisputeId).toMatch(/^dp_sandbox_/);
    const res = await request(t.app).get(`${BASE}/${dispute.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: dispute.id,
      paymentId: payment.id,
      studentId: p.student.student.id,
      amount: 500,
      status: 'PENDING',
      reason: 'fraudulent',
      verifiedAt: null,
      student: { id: p.student.student.id, email: p.student.email },
      payment: { id: payment.id, type: 'INSTALLMENT', channel: 'CARD', amount: 500, status: 'ACCEPTED', cardLast4: '0259', gatewayChargeId: payment.gatewayChargeId },
    });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/x`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${dispute.id}`).set(bearer(p.student.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${dispute.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/disputes/{id}/verify', () => {
  test('WON: the payment stays; verified, commented, logged; then DISPUTE_NOT_PENDING', async () => {
    const { p, payment, dispute } = await disputedPayment();
    const res = await verify(dispute.id, { status: 'WON', comment: 'Evidence accepted' }, financeToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'WON', comment: 'Evidence accepted', verifiedAt: expect.any(String), payment: { status: 'ACCEPTED' } });
    expect((await payment.reload()).status).toBe('ACCEPTED');
    expect(cents((await StudentPaymentPlan.findByPk(p.plan.id))!.totalPaid)).toBe(50000);
    expect(await LedgerEntry.count({ where: { studentPaymentPlanId: p.plan.id, kind: 'CHARGEBACK' } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityType: 'DISPUTE', entityId: dispute.id, type: 'UPDATED' } })).toBe(1);
    for (const status of ['WON', 'LOST']) {
      const again = await verify(dispute.id, { status });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'DISPUTE_NOT_PENDING', message: 'Only pending disputes can be verified' });
    }
    expect((await payment.reload()).status).toBe('ACCEPTED');
  });

  test('LOST: the payment is charged back (INVALID), its entry reopens, the plan owes it again; a CHARGEBACK line', async () => {
    const { p, payment, dispute } = await disputedPayment();
    const planBefore = (await StudentPaymentPlan.findByPk(p.plan.id))!;
    const res = await verify(dispute.id, { status: 'LOST' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'LOST', payment: { id: payment.id, status: 'INVALID' } });
    expect((await payment.reload()).status).toBe('INVALID');
    const plan = (await StudentPaymentPlan.findByPk(p.plan.id))!;
    expect([cents(plan.totalPaid), cents(plan.balance)]).toEqual([0, cents(planBefore.balance) + 50000]);
    const entry = (await PaymentSchedule.findByPk(p.entries[0].id))!;
    expect([entry.status, cents(entry.paidAmount)]).toEqual(['PENDING', 0]);
    const line = (await LedgerEntry.findOne({ where: { studentPaymentPlanId: p.plan.id, kind: 'CHARGEBACK' } }))!;
    expect([cents(line.total), line.paymentId]).toEqual([-50000, payment.id]);
    expect((await verify(dispute.id, { status: 'WON' })).body.code).toBe('DISPUTE_NOT_PENDING');
  });

  test('two verifications at once: one wins, the payment is charged back at most once', async () => {
    const { p, dispute } = await disputedPayment();
    const results = await Promise.all([verify(dispute.id, { status: 'LOST' }), verify(dispute.id, { status: 'LOST' }), verify(dispute.id, { status: 'WON' })]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'DISPUTE_NOT_PENDING')).toBe(true);
    const status = (await Dispute.findByPk(dispute.id))!.status;
    expect(await LedgerEntry.count({ where: { studentPaymentPlanId: p.plan.id, kind: 'CHARGEBACK' } })).toBe(status === 'LOST' ? 1 : 0);
  });

  test('400 (no status, PENDING, unknown field); 404; 403 without payments:update (support, a student); 401; nothing changes', async () => {
    const { p, dispute } = await disputedPayment();
    expect((await verify(dispute.id, {})).body.errors).toEqual({ status: 'This field is required' });
    expect((await verify(dispute.id, { status: 'PENDING' })).body.errors).toEqual({ status: 'Invalid value' });
    expect((await verify(dispute.id, { status: 'WON', amount: 1 })).body.errors).toEqual({ amount: 'Unknown field' });
    expect((await verify(MISSING, { status: 'WON' })).status).toBe(404);
    expect((await verify(dispute.id, { status: 'WON' }, supportToken)).status).toBe(403);
    expect((await verify(dispute.id, { status: 'WON' }, p.student.token)).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${dispute.id}/verify`).send({ status: 'WON' })).status).toBe(401);
    expect((await Dispute.findByPk(dispute.id))!.status).toBe('PENDING');
  });
});

describe('POST /api/disputes/find_by_criteria', () => {
  test('email (prefix, any case) and statuses; newest first; 400 on an unknown key or status; 403; 401', async () => {
    const a = await disputedPayment();
    const b = await disputedPayment();
    await verify(b.dispute.id, { status: 'WON' });
    const both = await find({ email: a.p.student.email.slice(0, 12).toUpperCase() }, supportToken, '?size=50');
    expect(both.status).toBe(200);
    expect(both.body.content.map((d: { id: number }) => d.id)).toContain(a.dispute.id);
    const byEmail = await find({ email: a.p.student.email });
    expect(byEmail.body).toEqual({ content: [expect.objectContaining({ id: a.dispute.id, status: 'PENDING' })], pagination: { total: 1, page: 0, size: 10 } });
    const ids = (res: request.Response) => res.body.content.map((d: { id: number }) => d.id);
    expect(ids(await find({ students: [a.p.student.student.id, b.p.student.student.id] }))).toEqual([b.dispute.id, a.dispute.id]);
    expect(ids(await find({ students: [a.p.student.student.id, b.p.student.student.id], statuses: ['WON'] }))).toEqual([b.dispute.id]);
    expect(ids(await find({ email: b.p.student.email, statuses: ['PENDING', 'LOST'] }))).toEqual([]);
    expect((await find({ email: `${unique('nobody')}@example.com` })).body.content).toEqual([]);
    expect((await find({ reason: 'fraudulent' })).status).toBe(400);
    expect((await find({ statuses: ['OPEN'] })).status).toBe(400);
    expect((await find({}, a.p.student.token)).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
  });
});

describe('POST /api/payment_gateway/webhooks (Stripe)', () => {
  const WEBHOOK = '/api/payment_gateway/webhooks';

  /** An accepted card payment, then stored as the Stripe gateway stores its charges (a PaymentIntent id). */
  async function stripePayment() {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    const res = await request(t.app)
      .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: 500 });
    expect(res.status).toBe(201);
    const intent = `pi_${unique('test')}`;
    await Payment.update({ gateway: 'STRIPE', gatewayChargeId: intent }, { where: { id: res.body.id } });
    return { p, paymentId: res.body.id as number, intent };
  }

  const disputeEvent = (object: Record<string, unknown>, type = 'charge.dispute.created') =>
    JSON.stringify({
      id: `evt_${unique()}`,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'dispute', ...object } },
    });
  const signed = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const deliver = (payload: string, signature: string | null) => {
    const r = request(t.app).post(WEBHOOK).set('Content-Type', 'application/json');
    return (signature === null ? r : r.set('Stripe-Signature', signature)).send(payload);
  };

  test('charge.dispute.created on a known PaymentIntent: a PENDING dispute (and its card-provider event); delivered again, the same one', async () => {
    const { p, paymentId, intent } = await stripePayment();
    const disputeId = `dp_${unique()}`;
    const payload = disputeEvent({
      id: disputeId,
      amount: 50000,
      currency: 'usd',
      reason: 'product_not_received',
      charge: `ch_${unique()}`,
      payment_intent: intent,
      status: 'needs_response',
    });
    const res = await deliver(payload, signed(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, disputeId: expect.any(Number) });
    const dispute = (await Dispute.findByPk(res.body.disputeId))!;
    expect({
      paymentId: dispute.paymentId,
      status: dispute.status,
      gateway: dispute.gateway,
      gatewayDisputeId: dispute.gatewayDisputeId,
      amount: cents(dispute.amount),
      reason: dispute.reason,
    }).toEqual({
      paymentId,
      status: 'PENDING',
      gateway: 'STRIPE',
      gatewayDisputeId: disputeId,
      amount: 50000,
      reason: 'product_not_received',
    });
    expect(await GatewayEvent.count({ where: { studentId: p.student.student.id, kind: 'DISPUTE', provider: 'STRIPE', reference: disputeId } })).toBe(1);

    const again = await deliver(payload, signed(payload));
    expect(again.body).toEqual({ received: true, disputeId: dispute.id });
    const twice = await Promise.all([1, 2].map(() => deliver(payload, signed(payload))));
    expect(twice.map((r) => r.body.disputeId)).toEqual([dispute.id, dispute.id]);
    expect(await Dispute.count({ where: { gatewayDisputeId: disputeId } })).toBe(1);
  });

  test('the charge id is used when the event names no PaymentIntent', async () => {
    const { paymentId, intent } = await stripePayment();
    const disputeId = `dp_${unique()}`;
    const payload = disputeEvent({ id: disputeId, amount: 12345, reason: 'fraudulent', charge: intent, payment_intent: null });
    const res = await deliver(payload, signed(payload));
    expect(res.status).toBe(200);
    const dispute = (await Dispute.findOne({ where: { gatewayDisputeId: disputeId } }))!;
    expect([dispute.paymentId, cents(dispute.amount)]).toEqual([paymentId, 12345]);
  });

  test('400 INVALID_SIGNATURE for a missing or wrong signature or a changed body; nothing recorded', async () => {
    const { intent } = await stripePayment();
    const disputeId = `dp_${unique()}`;
    const payload = disputeEvent({ id: disputeId, amount: 100, reason: 'fraudulent', payment_intent: intent });
    for (const [body, signature] of [
      [payload, null],
      [payload, signed(payload, 'whsec_someone_else')],
      [payload.replace('"amount":100', '"amount":999'), signed(payload)],
      [payload, 't=1,v1=deadbeef'],
    ] as Array<[string, string | null]>) {
      const res = await deliver(body, signature);
      expect({ signature, status: res.status, code: res.body.code }).toEqual({ signature, status: 400, code: 'INVALID_SIGNATURE' });
    }
    expect(await Dispute.count({ where: { gatewayDisputeId: disputeId } })).toBe(0);
  });

  test('acknowledged and ignored: another event type, a dispute on a charge we do not know', async () => {
    const other = JSON.stringify({ id: `evt_${unique()}`, object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge' } } });
    expect((await deliver(other, signed(other))).body).toEqual({ received: true, ignored: true });
    const disputeId = `dp_${unique()}`;
    const unknown = disputeEvent({ id: disputeId, amount: 100, reason: 'fraudulent', charge: `ch_${unique()}`, payment_intent: `pi_${unique()}` });
    expect((await deliver(unknown, signed(unknown))).body).toEqual({ received: true, ignored: true });
    expect(await Dispute.count({ where: { gatewayDisputeId: disputeId } })).toBe(0);
  });

  test('without STRIPE_WEBHOOK_SECRET the endpoint does not exist (404)', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, STRIPE_WEBHOOK_SECRET: undefined } });
    const payload = disputeEvent({ id: `dp_${unique()}`, amount: 100 });
    const res = await request(app).post(WEBHOOK).set('Content-Type', 'application/json').set('Stripe-Signature', signed(payload)).send(payload);
    expect(res.status).toBe(404);
  });
});
