import request from 'supertest';
import { PaymentMethod } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { FAKE_STRIPE_EXP, FakeStripe, fakeFingerprint } from '../support/fake-stripe';
import { bearer, makeStudent } from '../support/factories';

/** The app with PAYMENT_GATEWAY=STRIPE, its API calls going to a local fake of Stripe. */
let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await setupApp({ PAYMENT_GATEWAY: 'STRIPE', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const add = (studentId: number, stripeTokenId: string, as: string) => request(t.app).post(`/api/students/${studentId}/payment_methods`).set(bearer(as)).send({ stripeTokenId });

test('the browser is told to tokenise with Stripe and its publishable key; the sandbox token route is not there', async () => {
  const s = await makeStudent(t.deps);
  expect((await request(t.app).get('/api/payment_gateway/config').set(bearer(s.token))).body).toEqual({ gateway: 'STRIPE', publishableKey: 'pk_test_fake' });
  const sandbox = await request(t.app)
    .post('/api/payment_gateway/sandbox/tokens')
    .set(bearer(s.token))
    .send({ number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '123' });
  expect(sandbox.status).toBe(404);
});

test("a student adds a card from a Stripe token: Stripe's customer and card ids stored; the next card reuses the customer", async () => {
  const s = await makeStudent(t.deps);
  const from = fake.requests.length;
  const res = await add(s.student.id, 'tok_visa', s.token);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ id: expect.any(Number), brand: 'visa', last4: '4242', expMonth: FAKE_STRIPE_EXP.month, expYear: FAKE_STRIPE_EXP.year, isDefault: true });

  const customer = fake.requests.slice(from).find((r) => r.path === '/v1/customers')!;
  expect(customer.body).toEqual({ email: s.student.email, metadata: { studentId: String(s.student.id) } });
  const row = await PaymentMethod.findByPk(res.body.id);
  expect(row?.get({ plain: true })).toMatchObject({
    studentId: s.student.id,
    gateway: 'STRIPE',
    gatewayCustomerId: expect.stringMatching(/^cus_/),
    gatewayMethodId: expect.stringMatching(/^pm_/),
    fingerprint: fakeFingerprint('tok_visa'),
    isDefault: true,
  });
  const attach = fake.requests.slice(from).find((r) => r.path === `/v1/payment_methods/${row!.gatewayMethodId}/attach`);
  expect(attach?.body).toEqual({ customer: row!.gatewayCustomerId });

  const before = fake.to('/v1/customers').length;
  const second = await add(s.student.id, 'tok_mastercard', s.token);
  expect(second.status).toBe(201);
  expect(second.body).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
  expect(fake.to('/v1/customers')).toHaveLength(before);
  expect((await PaymentMethod.findByPk(second.body.id))?.gatewayCustomerId).toBe(row!.gatewayCustomerId);

  // The same card again (Stripe's fingerprint) is a duplicate.
  const again = await add(s.student.id, 'tok_visa', s.token);
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('DUPLICATE_CARD');
});

test("Stripe's refusals: a declined card is 409 PAYMENT_FAILURE with Stripe's message, an unknown token 400; nothing stored", async () => {
  const s = await makeStudent(t.deps);
  const declined = await add(s.student.id, 'tok_chargeDeclined', s.token);
  expect(declined.status).toBe(409);
  expect(declined.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure your card was declined; try another card or call your bank' });
  const unknown = await add(s.student.id, 'tok_nonsense', s.token);
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors).toEqual({ stripeTokenId: 'Invalid value' });
  expect(await PaymentMethod.count({ where: { studentId: s.student.id } })).toBe(0);
});
