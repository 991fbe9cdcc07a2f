import request from 'supertest';
import { ActivityLog, PaymentMethod, Student } from '../../models';
import { sandboxFingerprint } from '../../api/integrations/sandbox-gateway';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let academicToken: string;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  academicToken = (await makeAdmin(t.deps, { roles: ['ACADEMIC'] })).token;
});
afterAll(() => t.close());

const MISSING = 999_999;
const nextYear = new Date().getUTCFullYear() + 2;

async function token(body: Record<string, unknown>, as = admin.token) {
  return request(t.app).post('/api/payment_gateway/sandbox/tokens').set(bearer(as)).send(body);
}
async function tokenFor(number: string, expMonth = 11) {
  const res = await token({ number, expMonth, expYear: nextYear, cvc: number.startsWith('3') ? '1234' : '123' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const methods = (studentId: number, as: string) => request(t.app).get(`/api/students/${studentId}/payment_methods`).set(bearer(as));
const add = (studentId: number, stripeTokenId: unknown, as: string) => request(t.app).post(`/api/students/${studentId}/payment_methods`).set(bearer(as)).send({ stripeTokenId });

describe('GET /api/payment_gateway/config', () => {
  test('the sandbox, without a publishable key, for anyone signed in', async () => {
    const s = await makeStudent(t.deps);
    for (const as of [s.token, supportToken]) {
      const res = await request(t.app).get('/api/payment_gateway/config').set(bearer(as));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ gateway: 'SANDBOX', publishableKey: null });
    }
  });
  test('401 without a token', async () => {
    expect((await request(t.app).get('/api/payment_gateway/config')).status).toBe(401);
  });
});

describe('POST /api/payment_gateway/sandbox/tokens', () => {
  test('a test card becomes a stateless token (students too)', async () => {
    const s = await makeStudent(t.deps);
    const res = await token({ number: '4242 4242 4242 4242', expMonth: '08', expYear: String(nextYear).slice(2), cvc: '123' }, s.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: `tok_sandbox_visa_4242_08${String(nextYear).slice(2)}_${sandboxFingerprint('4242424242424242')}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: nextYear,
    });
  });

  test('400 on the field at fault: Luhn, expiry, CVC, missing and unknown fields', async () => {
    expect((await token({ number: '4242424242424241', expMonth: 1, expYear: nextYear, cvc: '123' })).body).toMatchObject({
      status: 400,
      errors: { number: 'Invalid card number' },
    });
    expect((await token({ number: '4242424242424242', expMonth: 1, expYear: 2001, cvc: '123' })).body.errors).toEqual({ expYear: 'The card has expired' });
    expect((await token({ number: '4242424242424242', expMonth: 1, expYear: nextYear, cvc: '1' })).body.errors).toEqual({ cvc: 'Invalid security code' });
    const missing = await token({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ number: 'This field is required', expMonth: 'This field is required', expYear: 'This field is required', cvc: 'This field is required' });
    expect((await token({ number: '4242424242424242', expMonth: 1, expYear: nextYear, cvc: '123', name: 'x' })).body.errors).toEqual({ name: 'Unknown field' });
  });

  test('409 PAYMENT_FAILURE for the declining test card', async () => {
    const res = await token({ number: '4000000000000002', expMonth: 1, expYear: nextYear, cvc: '123' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure your card was declined; try another card or call your bank' });
  });

  test('401 without a token', async () => {
    expect((await request(t.app).post('/api/payment_gateway/sandbox/tokens').send({ number: '4242424242424242', expMonth: 1, expYear: nextYear, cvc: '123' })).status).toBe(401);
  });
});

describe('POST /api/students/{id}/payment_methods', () => {
  test('a student adds their own card; the first becomes the default, the next does not; stored as the gateway gave it; logged', async () => {
    const s = await makeStudent(t.deps);
    const first = await add(s.student.id, await tokenFor('4242424242424242'), s.token);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), brand: 'visa', last4: '4242', expMonth: 11, expYear: nextYear, isDefault: true });
    const second = await add(s.student.id, 'tok_mastercard', s.token);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });

    const row = await PaymentMethod.findByPk(first.body.id);
    expect(row?.get({ plain: true })).toMatchObject({
      studentId: s.student.id,
      gateway: 'SANDBOX',
      gatewayCustomerId: `cus_sandbox_${s.student.id}`,
      fingerprint: sandboxFingerprint('4242424242424242'),
      deleted: false,
      gatewayMethodId: expect.stringMatching(/^pm_sandbox_visa_4242_11\d\d_[0-9a-f]{16}$/),
    });
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_METHOD', studentId: s.student.id, type: 'CREATED', actorUserId: s.user.id } })).toBe(2);
  });

  test('staff with payment_methods:create add a card for a student', async () => {
    const s = await makeStudent(t.deps);
    const admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    const res = await add(s.student.id, 'tok_amex', admissions.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ brand: 'amex', last4: '0005', isDefault: true });
  });

  test('409 DUPLICATE_CARD for the same card again (another expiry, or the fixed token of the same number); a deleted one does not count', async () => {
    const s = await makeStudent(t.deps);
    expect((await add(s.student.id, await tokenFor('5555555555554444', 1), s.token)).status).toBe(201);
    for (const again of [await tokenFor('5555555555554444', 2), 'tok_mastercard']) {
      const res = await add(s.student.id, again, s.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'DUPLICATE_CARD', message: 'Duplicate card' });
    }
    expect(await PaymentMethod.count({ where: { studentId: s.student.id } })).toBe(1);
    // Another student may hold the same card.
    const other = await makeStudent(t.deps);
    expect((await add(other.student.id, 'tok_mastercard', other.token)).status).toBe(201);
    // Once deleted, the card can be added again (and, with no other card left, becomes the default).
    await PaymentMethod.update({ deleted: true, isDefault: false }, { where: { studentId: s.student.id } });
    const res = await add(s.student.id, 'tok_mastercard', s.token);
    expect(res.status).toBe(201);
    expect(res.body.isDefault).toBe(true);
  });

  test('409 PAYMENT_FAILURE for an expired token; 400 for a token that is not one; nothing stored', async () => {
    const s = await makeStudent(t.deps);
    const expired = await add(s.student.id, 'tok_sandbox_visa_4242_0120_0123456789abcdef', s.token);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ code: 'PAYMENT_FAILURE', message: 'Payment failure your card has expired' });
    const bad = await add(s.student.id, 'tok_nonsense', s.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ stripeTokenId: 'Invalid value' });
    expect((await add(s.student.id, '', s.token)).body.errors).toEqual({ stripeTokenId: 'This field is required' });
    expect((await request(t.app).post(`/api/students/${s.student.id}/payment_methods`).set(bearer(s.token)).send({ stripeTokenId: 'tok_visa', brand: 'x' })).body.errors).toEqual({
      brand: 'Unknown field',
    });
    expect(await PaymentMethod.count({ where: { studentId: s.student.id } })).toBe(0);
  });

  test('409 STUDENT_ARCHIVED for an archived student', async () => {
    const s = await makeStudent(t.deps);
    await Student.update({ archived: true }, { where: { id: s.student.id } });
    const res = await add(s.student.id, 'tok_visa', admin.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('STUDENT_ARCHIVED');
  });

  test("403 for another student's record and for staff without the permission; 404 for a missing student; 401 without a token", async () => {
    const s = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    expect((await add(other.student.id, 'tok_visa', s.token)).status).toBe(403);
    expect((await add(s.student.id, 'tok_visa', supportToken)).status).toBe(403);
    expect((await add(s.student.id, 'tok_visa', academicToken)).status).toBe(403);
    expect((await add(MISSING, 'tok_visa', admin.token)).status).toBe(404);
    expect((await request(t.app).post(`/api/students/${s.student.id}/payment_methods`).send({ stripeTokenId: 'tok_visa' })).status).toBe(401);
    expect(await PaymentMethod.count({ where: { studentId: [s.student.id, other.student.id] } })).toBe(0);
  });

  test('two cards added at once: exactly one default', async () => {
    const s = await makeStudent(t.deps);
    const [a, b] = await Promise.all([add(s.student.id, 'tok_visa', s.token), add(s.student.id, 'tok_mastercard', s.token)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, isDefault: true } })).toBe(1);
  });
});

describe('GET /api/students/{id}/payment_methods', () => {
  test('own cards, default first, without deleted ones; staff with payment_methods:read see them too', async () => {
    const s = await makeStudent(t.deps);
    await add(s.student.id, 'tok_visa', s.token);
    const mc = await add(s.student.id, 'tok_mastercard', s.token);
    const amex = await add(s.student.id, 'tok_amex', s.token);
    await PaymentMethod.update({ isDefault: false }, { where: { studentId: s.student.id } });
    await PaymentMethod.update({ isDefault: true }, { where: { id: amex.body.id } });
    await PaymentMethod.update({ deleted: true }, { where: { id: mc.body.id } });
    for (const as of [s.token, supportToken]) {
      const res = await methods(s.student.id, as);
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
      expect(res.body.content.map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
        ['0005', true],
        ['4242', false],
      ]);
    }
    const paged = await request(t.app).get(`/api/students/${s.student.id}/payment_methods?size=1&page=1`).set(bearer(s.token));
    expect(paged.body).toMatchObject({ content: [{ last4: '4242' }], pagination: { total: 2, page: 1, size: 1 } });
  });

  test('an empty list; 400 on bad paging; 403 other student; 404 missing student; 401', async () => {
    const s = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    expect((await methods(s.student.id, s.token)).body).toEqual({ content: [], pagination: { total: 0, page: 0, size: 100 } });
    expect((await request(t.app).get(`/api/students/${s.student.id}/payment_methods?size=0`).set(bearer(s.token))).status).toBe(400);
    expect((await methods(other.student.id, s.token)).status).toBe(403);
    expect((await methods(MISSING, admin.token)).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${s.student.id}/payment_methods`)).status).toBe(401);
  });
});
