// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import Stripe from 'stripe';
import { loadConfig } from '../../api/config';
import { GatewayError, gatewayFrom } from '../../api/integrations/gateway';
import { StripeGateway, stripeAddress } from '../../api/integrations/stripe-gateway';
import { FAKE_STRIPE_EXP, FakeStripe, fakeFingerprint, parseStripeForm } from '../support/fake-stripe';

let fake: FakeStripe;
let gateway: StripeGateway;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  gateway = new StripeGateway({ secretKey: fake.secretKey, publishableKey: 'pk_test_fake', apiUrl: fake.url });
});
afterAll(() => fake.stop());

const student = (studentId: number, customerId: string | null = null) => ({ studentId, email: `s${studentId}@example.com`, customerId });
let keys = 0;
const key = () => `test-key-${++keys}`;
/** A card of a test token attached to a new customer. */
const attached = (token: string, studentId = 1) => gateway.attachCard(token, student(studentId));
const chargeOf = (card: { customerId: string | null; methodId: string }, amountCents = 12_345, idempotencyKey = key()) =>
  gateway.charge({
    amountCents,
    currency: 'usd',
    customerId: card.customerId,
    methodId: card.methodId,
    idempotencyKey,
    description: 'Installment 2 of 12',
    metadata: { paymentId: '41', planId: '7' },
  });

describe('the fake speaks Stripe', () => {
  test('form bodies in bracket notation', () => {
    expect(parseStripeForm('type=card&card%5Btoken%5D=tok_visa&metadata%5BstudentId%5D=7&a%5Bb%5D%5Bc%5D=1')).toEqual({
      type: 'card',
      card: { token: 'tok_visa' },
      metadata: { studentId: '7' },
      a: { b: { c: '1' } },
    });
  });

  test('the SDK address of an API URL', () => {
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeAddress('https://stripe.example.com')).toEqual({ host: 'stripe.example.com', port: 443, protocol: 'https' });
  });
});

describe('attachCard', () => {
  test('a new customer (email, metadata.studentId), the card from the token, attached to the customer; the card facts from Stripe', async () => {
    const from = fake.requests.length;
    const card = await attached('tok_visa', 31);
    expect(card).toEqual({
      methodId: expect.stringMatching(/^pm_/),
      customerId: expect.stringMatching(/^cus_/),
      brand: 'visa',
      last4: '4242',
      expMonth: FAKE_STRIPE_EXP.month,
      expYear: FAKE_STRIPE_EXP.year,
      fingerprint: fakeFingerprint('tok_visa'),
    });
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_methods', 'POST /v1/customers', `POST /v1/payment_methods/${card.methodId}/attach`]);
    expect(sent[0].body).toEqual({ type: 'card', card: { token: 'tok_visa' } });
    expect(sent[1].body).toEqual({ email: 's31@example.com', metadata: { studentId: '31' } });
    expect(sent[2].body).toEqual({ customer: card.customerId });
    for (const r of sent) expect(r.authorization).toBe(`Bearer ${fake.secretKey}`);
  });

  test("a student's known customer is reused: no customer made", async () => {
    const first = await attached('tok_visa', 32);
    const from = fake.requests.length;
    const second = await gateway.attachCard('tok_amex', student(32, first.customerId));
    expect(second).toMatchObject({ customerId: first.customerId, brand: 'amex', last4: '0005', fingerprint: fakeFingerprint('tok_amex') });
    expect(fake.requests.slice(from).map((r) => r.path)).toEqual(['/v1/payment_methods', `/v1/payment_methods/${second.methodId}/attach`]);
  });

  test('a card Stripe declines when attached is declined with its message', async () => {
    await expect(attached('tok_chargeDeclined')).rejects.toEqual(new GatewayError('declined', 'Your card was declined.'));
    await expect(attached('tok_chargeDeclinedInsufficientFunds')).rejects.toMatchObject({ kind: 'declined', reason: 'Your card has insufficient funds.' });
  });

  test('a token Stripe does not know is invalid, and no customer is made for it', async () => {
    const from = fake.requests.length;
    const err = await attached('tok_nonsense').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ kind: 'invalid', reason: "No such token: 'tok_nonsense'" });
    expect(fake.requests.slice(from).map((r) => r.path)).toEqual(['/v1/payment_methods']);
  });
});

describe('charge', () => {
  test('one PaymentIntent confirmed off session with the idempotency key; the PaymentIntent is the charge', async () => {
    const card = await attached('tok_visa');
    const from = fake.requests.length;
    const result = await chargeOf(card, 12_345, 'payment-41-attempt-1');
    expect(result).toEqual({ chargeId: expect.stringMatching(/^pi_/), status: 'succeeded' });
    const [sent] = fake.requests.slice(from);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'payment-41-attempt-1' });
    expect(sent.body).toEqual({
      amount: '12345',
      currency: 'usd',
      customer: card.customerId,
      payment_method: card.methodId,
      confirm: 'true',
      off_session: 'true',
      description: 'Installment 2 of 12',
      metadata: { paymentId: '41', planId: '7' },
    });
  });

  test('the same idempotency key answers the same charge: Stripe charged once', async () => {
    const card = await attached('tok_mastercard');
    const idempotencyKey = key();
    const first = await chargeOf(card, 5_000, idempotencyKey);
    const again = await chargeOf(card, 5_000, idempotencyKey);
    expect(again).toEqual(first);
    const sent = fake.to('/v1/payment_intents').filter((r) => r.idempotencyKey === idempotencyKey);
    expect(sent).toHaveLength(2);
    // Both answered with one PaymentIntent: refunding it in full leaves nothing more.
    await gateway.refund({ chargeId: first.chargeId, amountCents: 5_000, idempotencyKey: key() });
    await expect(gateway.refund({ chargeId: first.chargeId, amountCents: 1, idempotencyKey: key() })).rejects.toMatchObject({ kind: 'invalid' });
  });

  test("a card declined when charged: declined with Stripe's message, and the same again for the same key", async () => {
    const card = await attached('tok_chargeCustomerFail');
    const idempotencyKey = key();
    await expect(chargeOf(card, 5_000, idempotencyKey)).rejects.toEqual(new GatewayError('declined', 'Your card was declined.'));
    await expect(chargeOf(card, 5_000, idempotencyKey)).rejects.toMatchObject({ kind: 'declined', reason: 'Your card was declined.' });
  });

  test('invalid: below the minimum, an unknown card, a card of another customer', async () => {
    const card = await attached('tok_visa');
    await expect(chargeOf(card, 49)).rejects.toEqual(new GatewayError('invalid', 'Amount must be at least $0.50 usd'));
    await expect(chargeOf({ ...card, methodId: 'pm_missing' })).rejects.toMatchObject({ kind: 'invalid', reason: "No such PaymentMethod: 'pm_missing'" });
    const other = await attached('tok_visa', 2);
    await expect(chargeOf({ ...card, customerId: other.customerId })).rejects.toMatchObject({ kind: 'invalid' });
  });

  test("a key reused with another amount is not a refusal of the card: Stripe's idempotency error is thrown as is", async () => {
    const card = await attached('tok_visa');
    const idempotencyKey = key();
    await chargeOf(card, 5_000, idempotencyKey);
    const err = await chargeOf(card, 6_000, idempotencyKey).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(GatewayError);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  test('Stripe down (500) and a wrong secret key are thrown as they came, not as refusals', async () => {
    const card = await attached('tok_visa');
    fake.failNext = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } };
    const down = await chargeOf(card).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(down).not.toBeInstanceOf(GatewayError);
    // No retries by the SDK: one request for the one call.
    expect(fake.to('/v1/payment_intents').filter((r) => r.idempotencyKey === fake.requests.at(-1)!.idempotencyKey)).toHaveLength(1);

    const wrongKey = new StripeGateway({ secretKey: 'sk_test_wrong', apiUrl: fake.url });
    const err = await wrongKey
      .charge({ amountCents: 5_000, currency: 'usd', customerId: card.customerId, methodId: card.methodId, idempotencyKey: key(), description: 'x', metadata: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(fake.requests.at(-1)!.authorization).toBe('Bearer sk_test_wrong');
  });
});

describe('refund', () => {
  test('against the PaymentIntent, in parts, with the idempotency key; never more than is left', async () => {
    const card = await attached('tok_visa');
    const { chargeId } = await chargeOf(card, 10_000);
    const from = fake.requests.length;
    const part = await gateway.refund({ chargeId, amountCents: 2_500, idempotencyKey: 'refund-9' });
    expect(part).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(fake.requests[from]).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-9', body: { payment_intent: chargeId, amount: '2500' } });
    // The same key again: the same refund, nothing more given back.
    expect(await gateway.refund({ chargeId, amountCents: 2_500, idempotencyKey: 'refund-9' })).toEqual(part);
    await expect(gateway.refund({ chargeId, amountCents: 7_501, idempotencyKey: key() })).rejects.toEqual(
      new GatewayError('invalid', 'Refund amount ($75.01) is greater than unrefunded amount on charge ($75.00)'),
    );
    expect((await gateway.refund({ chargeId, amountCents: 7_500, idempotencyKey: key() })).status).toBe('succeeded');
  });

  test('an unknown charge is invalid', async () => {
    await expect(gateway.refund({ chargeId: 'pi_missing', amountCents: 100, idempotencyKey: key() })).rejects.toEqual(
      new GatewayError('invalid', "No such payment_intent: 'pi_missing'"),
    );
  });
});

describe('gatewayFrom', () => {
  test('STRIPE with the secret key: the Stripe gateway, its publishable key for the browser', () => {
    const stripe = gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'STRIPE', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_API_URL: fake.url });
    expect(stripe).toBeInstanceOf(StripeGateway);
    expect(stripe).toMatchObject({ name: 'STRIPE', publishableKey: 'pk_test_1' });
    expect(gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }).publishableKey).toBeNull();
  });

  test('STRIPE without the secret key refuses to start', () => {
    expect(() => gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'STRIPE' })).toThrow('Invalid configuration:\n  STRIPE_SECRET_KEY: required with PAYMENT_GATEWAY=STRIPE');
    expect(() => gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'STRIPE', STRIPE_SECRET_KEY: ' ' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  test('the configuration: SANDBOX by default, the name in any case, nothing else; STRIPE_API_URL is a URL', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('SANDBOX');
    expect(loadConfig({ PAYMENT_GATEWAY: ' stripe ', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
      PAYMENT_GATEWAY: 'STRIPE',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ STRIPE_API_URL: 'localhost' })).toThrow(/STRIPE_API_URL/);
  });
});
