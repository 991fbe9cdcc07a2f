import request from 'supertest';
import { ActivityLog, CoachProduct, CoachProductPurchase, CoachProductSignUp, GatewayEvent } from '../../models';
import { toCents } from '../../domain/money';
import { coachProductAnswer, coachPurchaseAnswer, coachPurchasePage, signUpAnswer, signUpPage } from '../../domain/contract/coach-products';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard } from '../support/billing-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * Coaches' products (issue 21): a coach's own products, signing a customer up (charged at once on the
 * customer's card, declines, the same Idempotency-Key twice), the sessions held, and the lists behind
 * /cmp-sessions and /cmp-transactions — a coach sees only their own, staff all.
 */

let t: TestApp;
let adminToken: string;
let supportToken: string;
let financeToken: string;
beforeAll(async () => {
  t = await setupApp();
  adminToken = (await makeAdmin(t.deps)).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
});
afterAll(() => t.close());

const MISSING = 999_999_999;
const coach = () => makeStudent(t.deps, { kind: 'COACH', firstName: 'Cora', lastName: unique('Coach') });
async function customer(cardToken: string | null = 'tok_visa') {
  const c = await makeStudent(t.deps);
  if (cardToken) await makeChargeableCard(c.student.id, { token: cardToken });
  return c;
}
const productBody = (overrides: object = {}) => ({ name: unique('Breakthrough '), description: 'Three calls', type: 'SESSION_PACKAGE', price: 150, sessions: 3, ...overrides });
async function productOf(token: string, overrides: object = {}) {
  const res = await request(t.app).post('/api/coach_products').set(bearer(token)).send(productBody(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; coachId: number; name: string };
}
const signUp = (token: string | null, body: object, key?: string) => {
  let r = request(t.app).post('/api/coach_product_sign_up');
  if (token) r = r.set(bearer(token));
  if (key) r = r.set('Idempotency-Key', key);
  return r.send(body);
};
const conflict = (res: request.Response, code: string) => expect([res.status, res.body.code]).toEqual([409, code]);

describe('/api/coach_products', () => {
  test("when a coach makes a product, then it is theirs; staff name the coach; another coach's is 404 and a student is 403", async () => {
    const c = await coach();
    const other = await coach();
    const made = await request(t.app).post('/api/coach_products').set(bearer(c.token)).send(productBody());
    expect(made.status).toBe(201);
    expect(coachProductAnswer.safeParse(made.body).success).toBe(true);
    expect(made.body).toMatchObject({ coachId: c.coach!.id, price: 150, sessions: 3, active: true, type: 'SESSION_PACKAGE' });
    expect(made.body.coach.name).toBe(`Cora ${c.student.lastName}`);
    const staff = await request(t.app)
      .post('/api/coach_products')
      .set(bearer(adminToken))
      .send(productBody({ coachId: other.coach!.id, price: 0 }));
    expect([staff.status, staff.body.coachId]).toEqual([201, other.coach!.id]);
    const noCoach = await request(t.app).post('/api/coach_products').set(bearer(adminToken)).send(productBody());
    expect([noCoach.status, noCoach.body.errors]).toEqual([400, { coachId: 'This field is required' }]);
    const bad = await request(t.app)
      .post('/api/coach_products')
      .set(bearer(c.token))
      .send(productBody({ sessions: 0, type: 'NOPE', price: -1 }));
    expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([400, ['price', 'sessions', 'type']]);
    const own = await request(t.app).get('/api/coach_products').set(bearer(c.token));
    expect(own.body.content.map((p: { id: number }) => p.id)).toEqual([made.body.id]);
    expect((await request(t.app).get(`/api/coach_products/${made.body.id}`).set(bearer(other.token))).status).toBe(404);
    expect((await request(t.app).put(`/api/coach_products/${made.body.id}`).set(bearer(other.token)).send(productBody())).status).toBe(404);
    const student = await customer(null);
    expect((await request(t.app).get('/api/coach_products').set(bearer(student.token))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .post('/api/coach_products')
          .set(bearer(supportToken))
          .send(productBody({ coachId: c.coach!.id }))
      ).status,
    ).toBe(403);
    expect((await request(t.app).get('/api/coach_products')).status).toBe(401);
    const edited = await request(t.app)
      .put(`/api/coach_products/${made.body.id}`)
      .set(bearer(c.token))
      .send(productBody({ name: 'Renamed', active: false }));
    expect([edited.status, edited.body.name, edited.body.active]).toEqual([200, 'Renamed', false]);
    expect(await ActivityLog.count({ where: { entityType: 'COACH_PRODUCT', entityId: made.body.id } })).toBe(2);
  });
});

describe('POST /api/coach_product_sign_up', () => {
  test("when a coach signs a customer up by email, then the customer's card is charged the price, the sign-up ACTIVE and its purchase PAID", async () => {
    const c = await coach();
    const p = await productOf(c.token);
    const cust = await customer();
    const res = await signUp(c.token, { coachProductId: p.id, customerEmail: cust.email.toUpperCase(), notes: 'Met at the open day' }, unique('key'));
    expect(res.status).toBe(201);
    expect(signUpAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      coachId: c.coach!.id,
      customerId: cust.student.id,
      productName: p.name,
      sessionsTotal: 3,
      sessionsUsed: 0,
      sessionsLeft: 3,
      status: 'ACTIVE',
      notes: 'Met at the open day',
    });
    const [purchase] = await CoachProductPurchase.findAll({ where: { signUpId: res.body.id } });
    expect([purchase.status, toCents(purchase.amount), purchase.cardLast4]).toEqual(['PAID', 15000, '4242']);
    expect(purchase.gatewayChargeId).toMatch(/^ch_sandbox_15000_/);
    const events = await GatewayEvent.findAll({ where: { studentId: cust.student.id } });
    expect(events.map((e) => [e.kind, e.status, toCents(e.amount)])).toEqual([['CHARGE', 'SUCCEEDED', 15000]]);
    const timeline = await ActivityLog.findAll({ where: { studentId: cust.student.id }, order: [['id', 'ASC']] });
    expect(timeline.map((a) => a.type)).toEqual(['CREATED', 'PURCHASE_PAID']);
  });

  test('when the card is declined, then 409 PAYMENT_FAILURE, the sign-up PAYMENT_FAILED and its purchase FAILED; the same key answers the same, charged once', async () => {
    const c = await coach();
    const p = await productOf(c.token);
    const cust = await customer('tok_chargeDeclined');
    const key = unique('key');
    conflict(await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id }, key), 'PAYMENT_FAILURE');
    conflict(await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id }, key), 'PAYMENT_FAILURE');
    const rows = await CoachProductSignUp.findAll({ where: { studentId: cust.student.id } });
    expect(rows.map((r) => r.status)).toEqual(['PAYMENT_FAILED']);
    expect((await CoachProductPurchase.findAll({ where: { studentId: cust.student.id } })).map((x) => [x.status, x.failureMessage])).toEqual([
      ['FAILED', 'Your card was declined'],
    ]);
    expect(await GatewayEvent.count({ where: { studentId: cust.student.id } })).toBe(1);
  });

  test('when the same Idempotency-Key comes twice, then one sign-up and one charge; another body under it is 409', async () => {
    const c = await coach();
    const p = await productOf(c.token);
    const cust = await customer();
    const key = unique('key');
    const first = await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id }, key);
    const again = await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id }, key);
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect(await CoachProductSignUp.count({ where: { studentId: cust.student.id } })).toBe(1);
    expect(await GatewayEvent.count({ where: { studentId: cust.student.id } })).toBe(1);
    conflict(await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id, notes: 'other' }, key), 'IDEMPOTENCY_KEY_REUSED');
  });

  test('when the product is free, then ACTIVE without a card; an inactive product is 409; no card is 409 PAYMENT_METHOD_REQUIRED', async () => {
    const c = await coach();
    const free = await productOf(c.token, { price: 0, type: 'SINGLE_SESSION', sessions: 1 });
    const noCard = await customer(null);
    const ok = await signUp(c.token, { coachProductId: free.id, customerId: noCard.student.id });
    expect([ok.status, ok.body.status]).toEqual([201, 'ACTIVE']);
    const paid = await productOf(c.token);
    conflict(await signUp(c.token, { coachProductId: paid.id, customerId: noCard.student.id }), 'PAYMENT_METHOD_REQUIRED');
    await CoachProduct.update({ active: false }, { where: { id: paid.id } });
    conflict(await signUp(c.token, { coachProductId: paid.id, customerId: (await customer()).student.id }), 'COACH_PRODUCT_INACTIVE');
    expect(await CoachProductSignUp.count({ where: { coachProductId: paid.id } })).toBe(0);
  });

  test("when the body is invalid, the product is another coach's or the customer unknown, or the caller may not, then 400 / 404 / 403 / 401 and nothing is made", async () => {
    const c = await coach();
    const other = await coach();
    const p = await productOf(c.token);
    const cust = await customer();
    const none = await signUp(c.token, { coachProductId: p.id });
    expect([none.status, none.body.errors]).toEqual([400, { customerEmail: 'This field is required' }]);
    expect((await signUp(c.token, { coachProductId: p.id, customerEmail: 'not-an-email' })).status).toBe(400);
    expect((await signUp(other.token, { coachProductId: p.id, customerId: cust.student.id })).status).toBe(404);
    expect((await signUp(c.token, { coachProductId: p.id, customerEmail: `${unique('nobody')}@example.com` })).status).toBe(404);
    expect((await signUp(c.token, { coachProductId: MISSING, customerId: cust.student.id })).status).toBe(404);
    expect((await signUp(cust.token, { coachProductId: p.id, customerId: cust.student.id })).status).toBe(403);
    expect((await signUp(supportToken, { coachProductId: p.id, customerId: cust.student.id })).status).toBe(403);
    expect((await signUp(null, { coachProductId: p.id, customerId: cust.student.id })).status).toBe(401);
    expect(await CoachProductSignUp.count({ where: { studentId: cust.student.id } })).toBe(0);
    // Staff (coaches:update) sign a customer up for any coach's product.
    expect((await signUp(adminToken, { coachProductId: p.id, customerId: cust.student.id })).status).toBe(201);
  });
});

describe('sessions and the lists (/cmp-sessions, /cmp-transactions)', () => {
  test('POST /coach_product_sign_up/{id}/sessions counts sessions held; the last completes it; then 409', async () => {
    const c = await coach();
    const p = await productOf(c.token, { sessions: 2, price: 20 });
    const cust = await customer();
    const made = (await signUp(c.token, { coachProductId: p.id, customerId: cust.student.id })).body;
    const one = await request(t.app).post(`/api/coach_product_sign_up/${made.id}/sessions`).set(bearer(c.token));
    expect([one.status, one.body.sessionsUsed, one.body.status]).toEqual([200, 1, 'ACTIVE']);
    const two = await request(t.app).post(`/api/coach_product_sign_up/${made.id}/sessions`).set(bearer(c.token));
    expect([two.body.sessionsUsed, two.body.sessionsLeft, two.body.status]).toEqual([2, 0, 'COMPLETED']);
    conflict(await request(t.app).post(`/api/coach_product_sign_up/${made.id}/sessions`).set(bearer(c.token)), 'COACH_PRODUCT_SIGN_UP_NOT_ACTIVE');
    const other = await coach();
    expect((await request(t.app).post(`/api/coach_product_sign_up/${made.id}/sessions`).set(bearer(other.token))).status).toBe(404);
    expect((await request(t.app).post(`/api/coach_product_sign_up/${MISSING}/sessions`).set(bearer(adminToken))).status).toBe(404);
  });

  test('the lists: a coach sees their own, staff all; find_by_criteria with coach, customer, status and coachProductType', async () => {
    const c = await coach();
    const other = await coach();
    const pack = await productOf(c.token, { price: 30 });
    const single = await productOf(c.token, { price: 10, type: 'SINGLE_SESSION', sessions: 1 });
    const theirs = await productOf(other.token, { price: 5 });
    const cust = await customer();
    const a = (await signUp(c.token, { coachProductId: pack.id, customerId: cust.student.id })).body;
    const b = (await signUp(c.token, { coachProductId: single.id, customerId: cust.student.id })).body;
    const x = (await signUp(other.token, { coachProductId: theirs.id, customerId: cust.student.id })).body;
    const ids = (res: request.Response) => res.body.content.map((r: { id: number }) => r.id);

    const mine = await request(t.app).get('/api/coach_product_sign_up').set(bearer(c.token));
    expect(signUpPage.safeParse(mine.body).success).toBe(true);
    expect(ids(mine)).toEqual([b.id, a.id]);
    const staff = await request(t.app).post('/api/coach_product_sign_up/find_by_criteria').set(bearer(supportToken)).send({ customer: cust.student.id });
    expect(ids(staff)).toEqual([x.id, b.id, a.id]);
    const typed = await request(t.app)
      .post('/api/coach_product_sign_up/find_by_criteria')
      .set(bearer(supportToken))
      .send({ customer: cust.student.id, coachProductType: 'SINGLE_SESSION', status: 'ACTIVE' });
    expect(ids(typed)).toEqual([b.id]);
    const byCoach = await request(t.app)
      .post('/api/coach_product_sign_up/find_by_criteria')
      .set(bearer(supportToken))
      .send({ coach: other.coach!.id, customer: cust.student.id, status: '' });
    expect(ids(byCoach)).toEqual([x.id]);
    expect((await request(t.app).post('/api/coach_product_sign_up/find_by_criteria').set(bearer(supportToken)).send({ status: 'NOPE' })).status).toBe(400);
    expect((await request(t.app).get(`/api/coach_product_sign_up/${x.id}`).set(bearer(c.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/coach_product_sign_up/${x.id}`).set(bearer(financeToken))).status).toBe(200);

    const purchases = await request(t.app).post('/api/coach_product_purchases/find_by_criteria').set(bearer(c.token)).send({ customer: cust.student.id, status: 'PAID' });
    expect(coachPurchasePage.safeParse(purchases.body).success).toBe(true);
    expect(purchases.body.content.map((r: { signUpId: number; amount: number }) => [r.signUpId, r.amount])).toEqual([
      [b.id, 10],
      [a.id, 30],
    ]);
    const all = await request(t.app)
      .get(`/api/coach_product_purchases?keyword=${encodeURIComponent(cust.student.lastName)}`)
      .set(bearer(supportToken));
    expect(all.body.pagination.total).toBe(3);
    const one = await request(t.app).get(`/api/coach_product_purchases/${all.body.content[0].id}`).set(bearer(supportToken));
    expect(coachPurchaseAnswer.safeParse(one.body).success).toBe(true);
    expect((await request(t.app).get(`/api/coach_product_purchases/${all.body.content[0].id}`).set(bearer(c.token))).status).toBe(404);
    expect((await request(t.app).get(`/api/coach_product_purchases/${MISSING}`).set(bearer(supportToken))).status).toBe(404);
    expect((await request(t.app).get('/api/coach_product_purchases').set(bearer(cust.token))).status).toBe(403);
    expect((await request(t.app).get('/api/coach_product_purchases')).status).toBe(401);
  });
});
