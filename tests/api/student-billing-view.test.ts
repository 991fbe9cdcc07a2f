import request from 'supertest';
import { GatewayEvent, Payment, Refund } from '../../models';
import { format, Messages, translateMessage } from '../../models/messages';
import { openDispute } from '../../api/disputes/disputes.service';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard, makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * What a student reads of their billing records (issue 15): the institute's own references (P-{payment},
 * R-{refund}) and our own sentences, which the portal shows in the student's language; the gateway's
 * ids (ch_…, re_…, dp_…) and texts ('No such charge: …', 'Your card was declined', 'fraudulent') stay
 * in the staff's views of the same records.
 */

let t: TestApp;
let finance: string;
let enrollable: EnrollableProduct;

beforeAll(async () => {
  t = await setupApp();
  finance = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  enrollable = await makeEnrollableProduct();
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

/** Anything a gateway says or names: its object ids and its texts. */
const GATEWAY_TEXT = /\b(ch|re|dp|pm|pi|cus|tok)_[A-Za-z0-9_]+|No such|fraudulent|Your card|declined/;

const get = (path: string, token: string) => request(t.app).get(path).set(bearer(token));

/**
 * A student's plan with every kind of gateway record: the deposit paid by card, a card decline, a
 * second card payment whose online refund the gateway refuses ('No such charge: …', as on the demo's
 * seeded charges), and a dispute the gateway reports on the deposit.
 */
async function recordsOfEveryKind(): Promise<{ e: EnrolledPlan; paid: Payment; refused: Payment; second: Payment; refundId: number }> {
  const e = await makeEnrolledPlan(t.deps, { enrollable });
  const sid = e.student.student.id;
  const pay = (body: Record<string, unknown>) => request(t.app).post(`/api/students/${sid}/payment_plans/${e.plan.id}/payments`).set(bearer(e.student.token)).send(body);
  expect((await pay({ type: 'INSTALLMENT', amount: 500 })).status).toBe(201);
  const declining = await makeChargeableCard(sid, { token: 'tok_chargeDeclined', isDefault: false });
  expect((await pay({ type: 'PRE_PAY', amount: 100, paymentMethodId: declining.id })).status).toBe(409);
  expect((await pay({ type: 'PRE_PAY', amount: 200 })).status).toBe(201);
  const [paid, second] = await Payment.findAll({ where: { studentPaymentPlanId: e.plan.id, status: 'ACCEPTED' }, order: [['id', 'ASC']] });
  const refused = (await Payment.findOne({ where: { studentPaymentPlanId: e.plan.id, status: 'INVALID' } }))!;
  // The newest card payment's charge is unknown to the gateway: its online refund fails.
  await second.update({ gatewayChargeId: `ch_sandbox_20000_demo${second.id}` });
  const created = await request(t.app).post('/api/refund_queues').set(bearer(finance)).send({ applicationId: e.application.id, amountToBeRefunded: 50 });
  expect(created.status).toBe(201);
  expect((await request(t.app).patch(`/api/refund_queues/${created.body.id}/status?status=APPROVED`).set(bearer(finance))).status).toBe(200);
  const submitted = await request(t.app).post(`/api/refund_queues/${created.body.id}/submit`).set(bearer(finance)).send({ refundType: 'ONLINE' });
  expect(submitted.status).toBe(409);
  await openDispute({ payment: paid, gateway: 'SANDBOX', gatewayDisputeId: `dp_sandbox_${paid.id}`, reason: 'fraudulent' });
  return { e, paid, refused, second, refundId: created.body.id };
}

describe("the student's view of gateway records", () => {
  test("gateway history: the institute's references and our sentences for the student; the gateway's ids and texts for staff", async () => {
    const { e, paid, refused, second, refundId } = await recordsOfEveryKind();
    const sid = e.student.student.id;
    const raw = await GatewayEvent.findAll({ where: { studentId: sid }, order: [['id', 'DESC']] });
    expect(raw.some((r) => /^No such charge/.test(r.message ?? ''))).toBe(true);

    const mine = await get(`/api/students/${sid}/stripe_history`, e.student.token);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toMatch(GATEWAY_TEXT);
    const rows = mine.body.content as Array<{
      id: number;
      kind: string;
      status: string;
      reference: string | null;
      message: string | null;
      payment: { failureMessage: string | null } | null;
    }>;
    expect(rows.map((r) => [r.kind, r.status, r.reference, r.message])).toEqual([
      ['DISPUTE', 'OPENED', `P-${paid.id}`, Messages.CARD_PAYMENT_DISPUTED],
      ['REFUND', 'FAILED', `R-${refundId}`, Messages.CARD_REFUND_FAILED],
      ['CHARGE', 'SUCCEEDED', `P-${second.id}`, null],
      ['CHARGE', 'FAILED', `P-${refused.id}`, Messages.CARD_CHARGE_FAILED],
      ['CHARGE', 'SUCCEEDED', `P-${paid.id}`, null],
    ]);
    expect(rows[3].payment?.failureMessage).toBe(Messages.CARD_CHARGE_FAILED);

    const staff = await get(`/api/students/${sid}/stripe_history`, finance);
    expect(staff.body.content.map((r: { reference: string | null; message: string | null }) => [r.reference, r.message])).toEqual(raw.map((r) => [r.reference, r.message]));
    expect(JSON.stringify(staff.body)).toMatch(/No such charge/);
  });

  test("account history: a card payment and a refund carry the institute's reference for the student, the gateway's for staff", async () => {
    const e = await makeEnrolledPlan(t.deps, { enrollable });
    const sid = e.student.student.id;
    const answer = await request(t.app).post(`/api/students/${sid}/payment_plans/${e.plan.id}/payments`).set(bearer(e.student.token)).send({ type: 'INSTALLMENT', amount: 500 });
    expect(answer.status).toBe(201);
    // The payment's answer already quotes the institute's reference, as the account history will.
    expect(answer.body).toMatchObject({ status: 'ACCEPTED', referenceNumber: `P-${answer.body.id}` });
    const paid = (await Payment.findOne({ where: { studentPaymentPlanId: e.plan.id, status: 'ACCEPTED' } }))!;
    expect(paid.gatewayChargeId).toMatch(/^ch_/);
    // A refund given back to the card, so a REFUND line is written.
    const refund = await request(t.app).post('/api/refund_queues').set(bearer(finance)).send({ applicationId: e.application.id, amountToBeRefunded: 20 });
    await request(t.app).patch(`/api/refund_queues/${refund.body.id}/status?status=APPROVED`).set(bearer(finance));
    expect((await request(t.app).post(`/api/refund_queues/${refund.body.id}/online`).set(bearer(finance)).send({})).status).toBe(200);
    expect((await Refund.findByPk(refund.body.id))!.refundStatus).toBe('REFUNDED');

    const mine = await get(`/api/students/${sid}/account_history?size=50`, e.student.token);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toMatch(GATEWAY_TEXT);
    const lines = mine.body.content as Array<{ kind: string; paymentId: number | null; refundId: number | null; referenceNumber: string | null }>;
    expect(lines.find((l) => l.kind === 'PAYMENT' && l.paymentId === paid.id)?.referenceNumber).toBe(`P-${paid.id}`);
    expect(lines.find((l) => l.kind === 'REFUND')?.referenceNumber).toBe(`R-${refund.body.id}`);
    expect(lines.find((l) => l.kind === 'PLAN_ISSUED')?.referenceNumber).toBeNull();

    // The refunds tab quotes the same reference as the account history.
    const refunds = await get(`/api/students/${sid}/refunds`, e.student.token);
    expect(refunds.body.content.find((r: { id: number }) => r.id === refund.body.id)).toMatchObject({ referenceNumber: `R-${refund.body.id}` });

    const staff = await get(`/api/students/${sid}/account_history?size=50`, finance);
    const staffLines = staff.body.content as Array<{ kind: string; paymentId: number | null; referenceNumber: string | null }>;
    expect(staffLines.find((l) => l.kind === 'PAYMENT' && l.paymentId === paid.id)?.referenceNumber).toBe(paid.gatewayChargeId);
    expect(staffLines.find((l) => l.kind === 'REFUND')?.referenceNumber).toMatch(/^re_/);
  });

  test("the student's payments: a decline says our sentence, not the gateway's text; staff read the gateway's", async () => {
    const { e, refused } = await recordsOfEveryKind();
    const sid = e.student.student.id;
    const mine = await get(`/api/students/${sid}/payments`, e.student.token);
    expect(JSON.stringify(mine.body)).not.toMatch(GATEWAY_TEXT);
    expect(mine.body.content.find((p: { id: number }) => p.id === refused.id)).toMatchObject({ status: 'INVALID', failureMessage: Messages.CARD_CHARGE_FAILED });
    const staff = await get(`/api/students/${sid}/payments`, finance);
    expect(staff.body.content.find((p: { id: number }) => p.id === refused.id)).toMatchObject({ status: 'INVALID', failureMessage: 'Your card was declined' });
  });
});

describe("a declined card payment's refusal", () => {
  test('says why in our words (both languages), never the gateway text; a replay of it says the same; staff still read the gateway text on the payment', async () => {
    const e = await makeEnrolledPlan(t.deps, { enrollable });
    const sid = e.student.student.id;
    const card = await makeChargeableCard(sid, { token: 'tok_chargeDeclinedInsufficientFunds', isDefault: false });
    const pay = () =>
      request(t.app)
        .post(`/api/students/${sid}/payment_plans/${e.plan.id}/payments`)
        .set(bearer(e.student.token))
        .set('Idempotency-Key', 'declined-once')
        .send({ type: 'INSTALLMENT', amount: 500, paymentMethodId: card.id });
    const first = await pay();
    const expected = format(Messages.PAYMENT_FAILURE, Messages.DECLINE_INSUFFICIENT_FUNDS);
    expect([first.status, first.body.code, first.body.message]).toEqual([409, 'PAYMENT_FAILURE', expected]);
    expect(first.body.message).not.toMatch(GATEWAY_TEXT);
    expect(translateMessage(first.body.message, 'es')).toBe('Error en el pago su tarjeta no tiene fondos suficientes');
    const replayed = await pay();
    expect([replayed.status, replayed.body.message]).toEqual([409, expected]);
    const refused = (await Payment.findOne({ where: { studentPaymentPlanId: e.plan.id, status: 'INVALID' } }))!;
    expect(refused.failureMessage).toBe('Your card has insufficient funds');
  });
});
