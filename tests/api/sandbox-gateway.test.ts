// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import { GatewayError, gatewayFrom } from '../../api/integrations/gateway';
import { SandboxGateway, SANDBOX_DECLINED_NUMBERS, brandOf, luhnValid, sandboxFingerprint } from '../../api/integrations/sandbox-gateway';
import { Messages } from '../../models/messages';

/** A sandbox whose today is fixed, so expiry checks do not drift. */
const sandbox = new SandboxGateway(() => '2030-06-15');
const customer = { studentId: 7, email: 'ada@example.com', customerId: null };

function refusal(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    return err as GatewayError;
  }
  throw new Error('expected a refusal');
}

describe('Luhn and brands', () => {
  test.each([
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4000000000000002', true],
    ['6011111111111117', true],
    ['4242424242424241', false],
    ['1234567812345678', false],
    ['0000000000000001', false],
    ['abc', false],
  ])('%s valid=%s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });

  test('brands by leading digits; others are unknown', () => {
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('3056930009020004')).toBe('unknown');
  });
});

describe('createToken', () => {
  test('the approving test numbers make stateless tokens carrying brand, last four, expiry and fingerprint', () => {
    const visa = sandbox.createToken({ number: '4242 4242 4242 4242', expMonth: '4', expYear: '31', cvc: '123' });
    expect(visa).toEqual({ id: `tok_sandbox_visa_4242_0431_${sandboxFingerprint('4242424242424242')}`, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 });
    const mc = sandbox.createToken({ number: '5555-5555-5555-4444', expMonth: 12, expYear: 2032, cvc: '999' });
    expect(mc.id).toMatch(/^tok_sandbox_mastercard_4444_1232_[0-9a-f]{16}$/);
    const amex = sandbox.createToken({ number: '378282246310005', expMonth: 1, expYear: 2031, cvc: '1234' });
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005', expMonth: 1, expYear: 2031 });
  });

  test('another valid number is accepted (unknown brand when no range says otherwise)', () => {
    expect(sandbox.createToken({ number: '3056930009020004', expMonth: 1, expYear: 2031, cvc: '123' })).toMatchObject({ brand: 'unknown', last4: '0004' });
  });

  test("the fingerprint is the number's: two expiries of one card share it, two cards do not", () => {
    const a = sandbox.createToken({ number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '123' });
    const b = sandbox.createToken({ number: '4242424242424242', expMonth: 2, expYear: 2033, cvc: '321' });
    const c = sandbox.createToken({ number: '4000056655665556', expMonth: 1, expYear: 2031, cvc: '123' });
    expect(a.id.slice(-16)).toBe(b.id.slice(-16));
    expect(c.id.slice(-16)).not.toBe(a.id.slice(-16));
  });

  test('a number failing Luhn, or of the wrong length, is refused on number', () => {
    expect(refusal(() => sandbox.createToken({ number: '4242424242424241', expMonth: 1, expYear: 2031, cvc: '123' })).errors).toEqual({ number: Messages.INVALID_CARD_NUMBER });
    expect(refusal(() => sandbox.createToken({ number: '42424242', expMonth: 1, expYear: 2031, cvc: '123' })).errors).toEqual({ number: Messages.INVALID_CARD_NUMBER });
  });

  test('expired: a past year on expYear, a past month of this year on expMonth; this month is still good', () => {
    expect(refusal(() => sandbox.createToken({ number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' })).errors).toEqual({ expYear: Messages.CARD_EXPIRED });
    expect(refusal(() => sandbox.createToken({ number: '4242424242424242', expMonth: 5, expYear: 2030, cvc: '123' })).errors).toEqual({ expMonth: Messages.CARD_EXPIRED });
    expect(sandbox.createToken({ number: '4242424242424242', expMonth: 6, expYear: 2030, cvc: '123' }).expYear).toBe(2030);
  });

  test('month, year and CVC shapes (amex takes four digits, others three); every field at fault is named', () => {
    const err = refusal(() => sandbox.createToken({ number: '12', expMonth: 13, expYear: 'x', cvc: '12' }));
    expect(err.kind).toBe('invalid');
    expect(err.errors).toEqual({ number: Messages.INVALID_CARD_NUMBER, expMonth: Messages.INVALID_VALUE, expYear: Messages.INVALID_VALUE, cvc: Messages.INVALID_CVC });
    expect(refusal(() => sandbox.createToken({ number: '378282246310005', expMonth: 1, expYear: 2031, cvc: '123' })).errors).toEqual({ cvc: Messages.INVALID_CVC });
    expect(refusal(() => sandbox.createToken({ number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '1234' })).errors).toEqual({ cvc: Messages.INVALID_CVC });
    expect(refusal(() => sandbox.createToken({ number: '4242424242424242', expMonth: 1, expYear: 2100, cvc: '123' })).errors).toEqual({ expYear: Messages.INVALID_VALUE });
  });

  test("the declining test numbers are refused with the gateway's reason", () => {
    const err = refusal(() => sandbox.createToken({ number: '4000000000000002', expMonth: 1, expYear: 2031, cvc: '123' }));
    expect(err).toMatchObject({ kind: 'declined', reason: 'Your card was declined' });
    for (const [number, reason] of Object.entries(SANDBOX_DECLINED_NUMBERS)) {
      expect(refusal(() => sandbox.createToken({ number, expMonth: 1, expYear: 2031, cvc: '123' })).reason).toBe(reason);
    }
  });
});

describe('attachCard', () => {
  test("decodes a made token: method id, customer, and the card's facts", async () => {
    const token = sandbox.createToken({ number: '5555555555554444', expMonth: 3, expYear: 2032, cvc: '123' });
    const card = await sandbox.attachCard(token.id, customer);
    expect(card).toEqual({
      methodId: token.id.replace(/^tok_/, 'pm_'),
      customerId: 'cus_sandbox_7',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2032,
      fingerprint: sandboxFingerprint('5555555555554444'),
    });
    expect((await sandbox.attachCard(token.id, { ...customer, customerId: 'cus_existing' })).customerId).toBe('cus_existing');
  });

  test('the fixed test tokens attach (the charge-declining ones too: they decline when charged)', async () => {
    expect(await sandbox.attachCard('tok_visa', customer)).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2033,
      fingerprint: sandboxFingerprint('4242424242424242'),
    });
    expect(await sandbox.attachCard('tok_mastercard', customer)).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await sandbox.attachCard('tok_amex', customer)).toMatchObject({ brand: 'amex', last4: '0005' });
    expect(await sandbox.attachCard('tok_chargeDeclined', customer)).toMatchObject({ brand: 'visa', last4: '0002' });
    expect(await sandbox.attachCard('tok_chargeDeclinedInsufficientFunds', customer)).toMatchObject({ brand: 'visa', last4: '9995' });
    // A token for the same number as tok_visa is the same card.
    const made = sandbox.createToken({ number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '123' });
    expect((await sandbox.attachCard(made.id, customer)).fingerprint).toBe((await sandbox.attachCard('tok_visa', customer)).fingerprint);
  });

  test('anything else is an invalid token; an expired token is declined', async () => {
    for (const token of [
      'tok_unknown',
      'tok_sandbox_visa_4242_1399_0123456789abcdef',
      'tok_sandbox_diners_4242_0131_0123456789abcdef',
      'pm_sandbox_visa_4242_0131_0123456789abcdef',
      '',
    ]) {
      await expect(sandbox.attachCard(token, customer)).rejects.toMatchObject({ kind: 'invalid' });
    }
    await expect(sandbox.attachCard('tok_sandbox_visa_4242_0130_0123456789abcdef', customer)).rejects.toMatchObject({ kind: 'declined', reason: 'Your card has expired' });
    await expect(sandbox.attachCard('tok_sandbox_visa_4242_0630_0123456789abcdef', customer)).resolves.toMatchObject({ expMonth: 6, expYear: 2030 });
  });
});

describe('gatewayFrom', () => {
  test('SANDBOX by default, with no publishable key; an unknown gateway is a configuration error', () => {
    const gateway = gatewayFrom({ NODE_ENV: 'test' });
    expect(gateway).toBeInstanceOf(SandboxGateway);
    expect(gateway).toMatchObject({ name: 'SANDBOX', publishableKey: null });
    expect(gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'sandbox' }).name).toBe('SANDBOX');
    expect(() => gatewayFrom({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });
});

describe('charge and refund', () => {
  let keys = 0;
  const key = () => `sandbox-key-${++keys}`;
  const methodOf = async (token: string) => (await sandbox.attachCard(token, customer)).methodId;
  const charge = (methodId: string, amountCents = 10_000, idempotencyKey = key(), gateway = sandbox) =>
    gateway.charge({ amountCents, currency: 'usd', customerId: 'cus_sandbox_7', methodId, idempotencyKey, description: 'Installment 1 of 3', metadata: { paymentId: '1' } });

  test('a good card is charged: a charge id carrying the amount', async () => {
    const result = await charge(await methodOf('tok_visa'), 12_345);
    expect(result).toEqual({ chargeId: expect.stringMatching(/^ch_sandbox_12345_[0-9a-f]{16}$/), status: 'succeeded' });
    const made = sandbox.createToken({ number: '5555555555554444', expMonth: 1, expYear: 2031, cvc: '123' });
    expect((await charge(await methodOf(made.id))).status).toBe('succeeded');
  });

  test("the charge-declining test cards decline when charged, with the gateway's reasons", async () => {
    await expect(charge(await methodOf('tok_chargeDeclined'))).rejects.toEqual(new GatewayError('declined', 'Your card was declined'));
    await expect(charge(await methodOf('tok_chargeDeclinedInsufficientFunds'))).rejects.toEqual(new GatewayError('declined', 'Your card has insufficient funds'));
    // Every declining test number's card (as a method id of that card) declines with its reason.
    for (const [number, reason] of Object.entries(SANDBOX_DECLINED_NUMBERS)) {
      await expect(charge(`pm_sandbox_visa_${number.slice(-4)}_1231_${sandboxFingerprint(number)}`)).rejects.toMatchObject({ kind: 'declined', reason });
    }
  });

  test('a card expired since it was added declines; invalid: not a sandbox card, under $0.50, not whole cents, another currency', async () => {
    await expect(charge(`pm_sandbox_visa_4242_0530_${sandboxFingerprint('4242424242424242')}`)).rejects.toEqual(new GatewayError('declined', 'Your card has expired'));
    const visa = await methodOf('tok_visa');
    await expect(charge('pm_unknown')).rejects.toEqual(new GatewayError('invalid', "No such PaymentMethod: 'pm_unknown'"));
    await expect(charge(visa, 49)).rejects.toEqual(new GatewayError('invalid', 'Amount must be at least $0.50 usd'));
    expect((await charge(visa, 50)).status).toBe('succeeded');
    await expect(charge(visa, 100.5)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(charge(visa, 100_000_000)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(
      sandbox.charge({ amountCents: 100, currency: 'eur' as 'usd', customerId: null, methodId: visa, idempotencyKey: key(), description: '', metadata: {} }),
    ).rejects.toMatchObject({ kind: 'invalid', reason: 'Invalid currency: eur' });
  });

  test('the same idempotency key answers the first outcome (charge or decline) and charges nothing twice; other parameters are refused', async () => {
    const visa = await methodOf('tok_visa');
    const idempotencyKey = key();
    const first = await charge(visa, 5_000, idempotencyKey);
    const replays = await Promise.all([charge(visa, 5_000, idempotencyKey), charge(visa, 5_000, idempotencyKey)]);
    expect(replays).toEqual([first, first]);
    await expect(charge(visa, 6_000, idempotencyKey)).rejects.toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/^Keys for idempotent requests/) });

    const declinedKey = key();
    const declining = await methodOf('tok_chargeDeclined');
    await expect(charge(declining, 5_000, declinedKey)).rejects.toMatchObject({ kind: 'declined' });
    await expect(charge(declining, 5_000, declinedKey)).rejects.toMatchObject({ kind: 'declined', reason: 'Your card was declined' });

    // An invalid request is not remembered: corrected, it goes through under the same key.
    const invalidKey = key();
    await expect(charge(visa, 10, invalidKey)).rejects.toMatchObject({ kind: 'invalid' });
    expect((await charge(visa, 1_000, invalidKey)).status).toBe('succeeded');

    // The keys are one instance's memory (billing's payments table is the durable record).
    expect((await charge(visa, 5_000, idempotencyKey, new SandboxGateway(() => '2030-06-15'))).chargeId).not.toBe(first.chargeId);
  });

  test('refunds in parts up to the charge, once per idempotency key; an unknown charge or a bad amount is invalid', async () => {
    const { chargeId } = await charge(await methodOf('tok_visa'), 10_000);
    const part = await sandbox.refund({ chargeId, amountCents: 2_500, idempotencyKey: 'r-1' });
    expect(part).toEqual({ refundId: expect.stringMatching(/^re_sandbox_[0-9a-f]{16}$/), status: 'succeeded' });
    expect(await sandbox.refund({ chargeId, amountCents: 2_500, idempotencyKey: 'r-1' })).toEqual(part);
    await expect(sandbox.refund({ chargeId, amountCents: 7_501, idempotencyKey: key() })).rejects.toEqual(
      new GatewayError('invalid', 'Refund amount ($75.01) is greater than unrefunded amount on charge ($75.00)'),
    );
    expect((await sandbox.refund({ chargeId, amountCents: 7_500, idempotencyKey: key() })).status).toBe('succeeded');
    await expect(sandbox.refund({ chargeId, amountCents: 1, idempotencyKey: key() })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(sandbox.refund({ chargeId: 'ch_unknown', amountCents: 100, idempotencyKey: key() })).rejects.toEqual(new GatewayError('invalid', "No such charge: 'ch_unknown'"));
    for (const amountCents of [0, -5, 1.5]) {
      await expect(sandbox.refund({ chargeId: `ch_sandbox_1000_${'0'.repeat(16)}`, amountCents, idempotencyKey: key() })).rejects.toMatchObject({ kind: 'invalid' });
    }
    // Another sandbox's charge is checked against the amount its id carries.
    await expect(new SandboxGateway().refund({ chargeId, amountCents: 10_001, idempotencyKey: key() })).rejects.toMatchObject({ kind: 'invalid' });
  });
});
