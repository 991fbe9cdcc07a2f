import request from 'supertest';
import type { z } from 'zod';
import { externalPaymentAnswer, externalPaymentPage } from '../../domain/contract/external-payments';
import { refundAnswer, refundPage } from '../../domain/contract/refunds';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

/**
 * The answer schemas of domain/contract/ (issue 16 §3) against the real API: every GET endpoint of the
 * areas whose types the console takes from them is called on an app with data in every state, and
 * its answer parsed strictly — a field missing, renamed, added or of another type fails here before
 * the console reads it wrong.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let plan: EnrolledPlan;
let pendingExternal: number;
let acceptedExternal: number;
let requestedRefund: number;
let completedRefund: number;

/** The parse's issues as readable lines (empty when the answer fits). */
function problems(schema: z.ZodType, answer: unknown): string[] {
  const parsed = schema.safeParse(answer);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
const get = async (path: string) => {
  const res = await request(t.app).get(path).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return res.body as unknown;
};

beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  const enrollable = await makeEnrollableProduct();
  plan = await makeEnrolledPlan(t.deps, { enrollable });
  const sid = plan.student.student.id;
  const as = (r: request.Test) => r.set(bearer(admin.token));
  // Card payments to refund: the deposit (500) and a pre-pay (1,000).
  expect((await as(request(t.app).post(`/api/students/${sid}/payment_plans/${plan.plan.id}/payments`)).send({ type: 'INSTALLMENT', amount: 500 })).status).toBe(201);
  expect((await as(request(t.app).post(`/api/students/${sid}/payment_plans/${plan.plan.id}/payments`)).send({ type: 'PRE_PAY', amount: 1000 })).status).toBe(201);
  // External payments: one PENDING, one ACCEPTED (with its payment, plan and entry).
  const record = (paymentAmount: number) =>
    as(request(t.app).post(`/api/students/${sid}/payment_schedule/${plan.entries[2].id}/external_payment`)).send({
      method: 'CHECK',
      paymentAmount,
      paymentDate: '2024-02-01',
      referenceNumber: 'CHK-1',
      comment: 'Mailed in',
    });
  pendingExternal = (await record(120.5)).body.id;
  acceptedExternal = (await record(75)).body.id;
  expect((await as(request(t.app).patch(`/api/external_payments/${acceptedExternal}/status?status=ACCEPTED`))).status).toBe(200);
  // Refunds: one REQUESTED, one APPROVED and submitted through the gateway (COMPLETED, with its movements).
  const queue = (amountToBeRefunded: number, taxToBeRefunded: number) =>
    as(request(t.app).post('/api/refund_queues')).send({ applicationId: plan.application.id, amountToBeRefunded, taxToBeRefunded, comments: 'Goodwill' });
  completedRefund = (await queue(100, 5)).body.id;
  expect((await as(request(t.app).patch(`/api/refund_queues/${completedRefund}/status?status=APPROVED`))).status).toBe(200);
  expect((await as(request(t.app).post(`/api/refund_queues/${completedRefund}/submit`)).send({ refundType: 'ONLINE' })).status).toBe(200);
  requestedRefund = (await queue(10.25, 0)).body.id;
});
afterAll(() => t.close());

describe('external payments', () => {
  test('GET /external_payments and find_by_criteria answer pages of the schema', async () => {
    // Newest first; other test files' rows share the table on MariaDB: this file's own are read.
    const list = await get('/api/external_payments?size=50');
    expect(problems(externalPaymentPage, list)).toEqual([]);
    expect(
      externalPaymentPage
        .parse(list)
        .content.filter((r) => [pendingExternal, acceptedExternal].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['ACCEPTED', 'PENDING']);
    const found = await request(t.app)
      .post('/api/external_payments/find_by_criteria')
      .set(bearer(admin.token))
      .send({ statuses: ['PENDING'] });
    expect(found.status).toBe(200);
    expect(problems(externalPaymentPage, found.body)).toEqual([]);
  });

  test('GET /external_payments/{id} answers the schema, pending and accepted', async () => {
    for (const id of [pendingExternal, acceptedExternal]) expect(problems(externalPaymentAnswer, await get(`/api/external_payments/${id}`))).toEqual([]);
    const accepted = externalPaymentAnswer.parse(await get(`/api/external_payments/${acceptedExternal}`));
    expect(accepted).toMatchObject({ status: 'ACCEPTED', paymentAmount: 75, paymentId: expect.any(Number), student: { id: plan.student.student.id } });
  });

  test('a missing or renamed field fails the parse', async () => {
    const answer = (await get(`/api/external_payments/${pendingExternal}`)) as Record<string, unknown>;
    const { paymentAmount, ...missing } = answer;
    expect(problems(externalPaymentAnswer, missing).length).toBeGreaterThan(0);
    expect(problems(externalPaymentAnswer, { ...missing, amount: paymentAmount }).length).toBeGreaterThan(0);
    expect(problems(externalPaymentAnswer, { ...answer, paymentAmount: String(paymentAmount) }).length).toBeGreaterThan(0);
  });
});

describe('refunds', () => {
  test('GET /refund_queues and find_by_criteria answer pages of the schema', async () => {
    const list = await get('/api/refund_queues?size=50');
    expect(problems(refundPage, list)).toEqual([]);
    expect(
      refundPage
        .parse(list)
        .content.filter((r) => [completedRefund, requestedRefund].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['COMPLETED', 'REQUESTED']);
    const found = await request(t.app).post('/api/refund_queues/find_by_criteria').set(bearer(admin.token)).send({});
    expect(found.status).toBe(200);
    expect(problems(refundPage, found.body)).toEqual([]);
  });

  test('GET /refund_queues/{id} answers the schema with its movements', async () => {
    expect(problems(refundAnswer, await get(`/api/refund_queues/${requestedRefund}`))).toEqual([]);
    const completed = refundAnswer.parse(await get(`/api/refund_queues/${completedRefund}`));
    expect(completed).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', totalRefunded: 105 });
    expect(completed.transactions?.length).toBeGreaterThan(0);
  });

  test("GET /students/{id}/refunds (a student's refunds) answers the same rows", async () => {
    const answer = await get(`/api/students/${plan.student.student.id}/refunds`);
    const schema = Array.isArray(answer) ? refundAnswer.array() : refundPage;
    expect(problems(schema, answer)).toEqual([]);
  });

  test('a missing or renamed field fails the parse', async () => {
    const answer = (await get(`/api/refund_queues/${requestedRefund}`)) as Record<string, unknown>;
    const { totalToBeRefunded, ...missing } = answer;
    expect(problems(refundAnswer, missing).length).toBeGreaterThan(0);
    expect(problems(refundAnswer, { ...missing, total: totalToBeRefunded }).length).toBeGreaterThan(0);
  });
});
