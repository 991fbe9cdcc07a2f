import request from 'supertest';
import { ActivityLog, PaymentMethod, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { translateMessage } from '../../models/messages';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeCard, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';

/**
 * Back-office §7 "Student payment methods", the calls after add and list (issue 6): set the default,
 * a renewed card's expiry, and the soft delete with its two refusals (domain rules "Payment plans and
 * payments").
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let financeToken: string;
let supportToken: string;
let admissionsToken: string;
let product: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissionsToken = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  product = await makeEnrollableProduct({ payInFull: true });
});
afterAll(() => t.close());

const MISSING = 999_999;
const today = schoolToday();
const thisYear = Number(today.slice(0, 4));
const thisMonth = Number(today.slice(5, 7));

const url = (studentId: number, methodId: number, suffix = '') => `/api/students/${studentId}/payment_methods/${methodId}${suffix}`;
const makeDefault = (studentId: number, methodId: number, as?: string) => {
  const r = request(t.app).put(url(studentId, methodId, '/default'));
  return as ? r.set(bearer(as)) : r;
};
const update = (studentId: number, methodId: number, body: unknown, as?: string) => {
  const r = request(t.app).put(url(studentId, methodId));
  return (as ? r.set(bearer(as)) : r).send(body as object);
};
const remove = (studentId: number, methodId: number, as?: string) => {
  const r = request(t.app).delete(url(studentId, methodId));
  return as ? r.set(bearer(as)) : r;
};
const add = (studentId: number, stripeTokenId: string, as: string) => request(t.app).post(`/api/students/${studentId}/payment_methods`).set(bearer(as)).send({ stripeTokenId });

/** A student with visa (the default), mastercard and amex added through the API, oldest first. */
async function studentWithCards() {
  const s = await makeStudent(t.deps);
  const ids: number[] = [];
  for (const token of ['tok_visa', 'tok_mastercard', 'tok_amex']) {
    const res = await add(s.student.id, token, s.token);
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return { ...s, visa: ids[0], mastercard: ids[1], amex: ids[2] };
}

async function cardsOf(studentId: number) {
  const rows = await PaymentMethod.findAll({ where: { studentId }, order: [['id', 'ASC']] });
  return rows.map((m) => ({ id: m.id, isDefault: m.isDefault, deleted: m.deleted }));
}

/**
 * An ENROLLED application paying with `methodId` (null: none) and its student payment plan: one
 * schedule entry of 100 in `scheduleStatus`, the plan in `status` with `balance`.
 */
async function planFor(studentId: number, methodId: number | null, opts: { scheduleStatus?: string; status?: string; balance?: number } = {}) {
  const application = await makeApplication(studentId, product, { status: 'ENROLLED', fields: { paymentMethodId: methodId } });
  const plan = await StudentPaymentPlan.create({
    applicationId: application.id,
    studentId,
    productPaymentPlanId: null,
    voucherId: null,
    name: 'Pay in full',
    description: null,
    paymentPlanType: 'PAY_IN_FULL',
    paymentScheduleType: 'FIXED_TERMS',
    frequency: 'MONTHLY',
    frequencyUnit: 'MONTHS',
    interestRate: null,
    flowType: 'HCTP',
    firstPaymentDate: '2031-03-01',
    lastPaymentDate: '2031-03-01',
    updatedById: null,
    updatedByName: null,
    totalOwed: 100,
    balance: opts.balance ?? 100,
    status: opts.status ?? 'ACTIVE',
  });
  const entry = await PaymentSchedule.create({
    studentPaymentPlanId: plan.id,
    number: 1,
    kind: 'INSTALLMENT',
    dueDate: '2031-03-01',
    principal: 100,
    interest: 0,
    amount: 100,
    balance: 0,
    status: opts.scheduleStatus ?? 'PENDING',
  });
  return { application, plan, entry };
}

const logged = (methodId: number, type: string) => ActivityLog.count({ where: { entityType: 'PAYMENT_METHOD', entityId: methodId, type } });

describe('PUT /api/students/{id}/payment_methods/{methodId}/default', () => {
  test('a student makes another card the default; the others lose it; logged once; again is no change', async () => {
    const s = await studentWithCards();
    const res = await makeDefault(s.student.id, s.amex, s.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: s.amex, brand: 'amex', last4: '0005', expMonth: 12, expYear: thisYear + 3, isDefault: true });
    expect(await cardsOf(s.student.id)).toEqual([
      { id: s.visa, isDefault: false, deleted: false },
      { id: s.mastercard, isDefault: false, deleted: false },
      { id: s.amex, isDefault: true, deleted: false },
    ]);
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_METHOD', entityId: s.amex, type: 'UPDATED', actorUserId: s.user.id } })).toBe(1);

    const again = await makeDefault(s.student.id, s.amex, s.token);
    expect(again.status).toBe(200);
    expect(again.body.isDefault).toBe(true);
    expect(await logged(s.amex, 'UPDATED')).toBe(1);
    // The list shows the new default first.
    const list = await request(t.app).get(`/api/students/${s.student.id}/payment_methods`).set(bearer(s.token));
    expect(list.body.content.map((m: { id: number }) => m.id)).toEqual([s.amex, s.visa, s.mastercard]);
  });

  test('staff with payment_methods:update (FINANCE) set it for a student', async () => {
    const s = await studentWithCards();
    const res = await makeDefault(s.student.id, s.mastercard, financeToken);
    expect(res.status).toBe(200);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, isDefault: true } })).toBe(1);
    expect((await PaymentMethod.findByPk(s.mastercard))!.isDefault).toBe(true);
  });

  test('two cards made the default at once: exactly one default', async () => {
    const s = await studentWithCards();
    const [a, b] = await Promise.all([makeDefault(s.student.id, s.mastercard, s.token), makeDefault(s.student.id, s.amex, s.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, isDefault: true } })).toBe(1);
  });

  test("404 for a deleted card, another student's card, a missing card or student; 403 another student, SUPPORT, ADMISSIONS; 401; nothing changed", async () => {
    const s = await studentWithCards();
    const other = await studentWithCards();
    await PaymentMethod.update({ deleted: true }, { where: { id: s.mastercard } });
    expect((await makeDefault(s.student.id, s.mastercard, s.token)).status).toBe(404);
    expect((await makeDefault(s.student.id, other.amex, s.token)).status).toBe(404);
    expect((await makeDefault(s.student.id, other.amex, admin.token)).status).toBe(404);
    expect((await makeDefault(s.student.id, MISSING, s.token)).body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await makeDefault(MISSING, s.amex, admin.token)).status).toBe(404);
    expect((await makeDefault(other.student.id, other.amex, s.token)).status).toBe(403);
    expect((await makeDefault(s.student.id, s.amex, supportToken)).status).toBe(403);
    expect((await makeDefault(s.student.id, s.amex, admissionsToken)).status).toBe(403);
    expect((await makeDefault(s.student.id, s.amex)).status).toBe(401);
    expect((await request(t.app).put(`/api/students/${s.student.id}/payment_methods/abc/default`).set(bearer(s.token))).body.errors).toEqual({ methodId: 'Invalid value' });
    expect((await cardsOf(s.student.id)).filter((m) => m.isDefault).map((m) => m.id)).toEqual([s.visa]);
    expect((await cardsOf(other.student.id)).filter((m) => m.isDefault).map((m) => m.id)).toEqual([other.visa]);
  });
});

describe('PUT /api/students/{id}/payment_methods/{methodId}', () => {
  test("a student records a renewed card's expiry (numbers, digit strings, YY); the rest of the card stays; logged", async () => {
    const s = await studentWithCards();
    const before = (await PaymentMethod.findByPk(s.mastercard))!;
    const res = await update(s.student.id, s.mastercard, { expMonth: 3, expYear: thisYear + 4 }, s.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: s.mastercard, brand: 'mastercard', last4: '4444', expMonth: 3, expYear: thisYear + 4, isDefault: false });
    const row = (await PaymentMethod.findByPk(s.mastercard))!;
    expect(row.get({ plain: true })).toMatchObject({
      expMonth: 3,
      expYear: thisYear + 4,
      fingerprint: before.fingerprint,
      gatewayMethodId: before.gatewayMethodId,
      gatewayCustomerId: before.gatewayCustomerId,
      isDefault: false,
      deleted: false,
    });
    const log = await ActivityLog.findOne({ where: { entityType: 'PAYMENT_METHOD', entityId: s.mastercard, type: 'UPDATED' } });
    expect(log?.changes).toEqual({ card: { from: `mastercard 4444 12/${thisYear + 3}`, to: `mastercard 4444 3/${thisYear + 4}` } });

    const yy = await update(s.student.id, s.mastercard, { expMonth: '07', expYear: String((thisYear + 5) % 100) }, s.token);
    expect(yy.status).toBe(200);
    expect(yy.body).toMatchObject({ expMonth: 7, expYear: thisYear + 5 });
    // This month is not expired yet; the same expiry again is no change.
    const current = await update(s.student.id, s.mastercard, { expMonth: thisMonth, expYear: thisYear }, financeToken);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ expMonth: thisMonth, expYear: thisYear });
    expect((await update(s.student.id, s.mastercard, { expMonth: thisMonth, expYear: thisYear }, s.token)).status).toBe(200);
    expect(await logged(s.mastercard, 'UPDATED')).toBe(3);
  });

  test('400 for a past expiry (the card form messages), bad values, missing and unknown fields; nothing stored', async () => {
    const s = await studentWithCards();
    const pastYear = await update(s.student.id, s.visa, { expMonth: 12, expYear: thisYear - 1 }, s.token);
    expect(pastYear.status).toBe(400);
    expect(pastYear.body).toMatchObject({ status: 400, errors: { expYear: 'The card has expired' } });
    if (thisMonth > 1) {
      expect((await update(s.student.id, s.visa, { expMonth: thisMonth - 1, expYear: thisYear }, s.token)).body.errors).toEqual({ expMonth: 'The card has expired' });
    }
    expect((await update(s.student.id, s.visa, { expMonth: 1, expYear: 20 }, s.token)).body.errors).toEqual({ expYear: 'The card has expired' });
    expect((await update(s.student.id, s.visa, { expMonth: 13, expYear: thisYear + 1 }, s.token)).body.errors).toEqual({ expMonth: 'Invalid value' });
    expect((await update(s.student.id, s.visa, { expMonth: 0, expYear: thisYear + 1 }, s.token)).body.errors).toEqual({ expMonth: 'Invalid value' });
    expect((await update(s.student.id, s.visa, { expMonth: 'May', expYear: thisYear + 1 }, s.token)).body.errors).toEqual({ expMonth: 'Invalid value' });
    expect((await update(s.student.id, s.visa, { expMonth: 5, expYear: thisYear + 51 }, s.token)).body.errors).toEqual({ expYear: 'Invalid value' });
    expect((await update(s.student.id, s.visa, { expMonth: 5.5, expYear: thisYear + 1 }, s.token)).body.errors).toEqual({ expMonth: 'Invalid value' });
    expect((await update(s.student.id, s.visa, {}, s.token)).body.errors).toEqual({ expMonth: 'This field is required', expYear: 'This field is required' });
    expect((await update(s.student.id, s.visa, { expMonth: 5, expYear: thisYear + 1, last4: '1111' }, s.token)).body.errors).toEqual({ last4: 'Unknown field' });
    const row = (await PaymentMethod.findByPk(s.visa))!;
    expect([row.expMonth, row.expYear, row.last4]).toEqual([12, thisYear + 3, '4242']);
    expect(await logged(s.visa, 'UPDATED')).toBe(0);
  });

  test("404 for a deleted card and another student's; 403 another student and SUPPORT; 401", async () => {
    const s = await studentWithCards();
    const other = await studentWithCards();
    const body = { expMonth: 5, expYear: thisYear + 1 };
    await PaymentMethod.update({ deleted: true }, { where: { id: s.amex } });
    expect((await update(s.student.id, s.amex, body, s.token)).status).toBe(404);
    expect((await update(s.student.id, other.visa, body, admin.token)).status).toBe(404);
    expect((await update(s.student.id, MISSING, body, s.token)).status).toBe(404);
    expect((await update(other.student.id, other.visa, body, s.token)).status).toBe(403);
    expect((await update(s.student.id, s.visa, body, supportToken)).status).toBe(403);
    expect((await update(s.student.id, s.visa, body)).status).toBe(401);
    expect((await PaymentMethod.findByPk(other.visa))!.expMonth).toBe(12);
    expect((await PaymentMethod.findByPk(s.visa))!.expMonth).toBe(12);
  });
});

describe('DELETE /api/students/{id}/payment_methods/{methodId}', () => {
  test('a card that is not the default: soft deleted, gone from the list, the default unchanged, logged', async () => {
    const s = await studentWithCards();
    const res = await remove(s.student.id, s.mastercard, s.token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await cardsOf(s.student.id)).toEqual([
      { id: s.visa, isDefault: true, deleted: false },
      { id: s.mastercard, isDefault: false, deleted: true },
      { id: s.amex, isDefault: false, deleted: false },
    ]);
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_METHOD', entityId: s.mastercard, type: 'DELETED', actorUserId: s.user.id } })).toBe(1);
    const list = await request(t.app).get(`/api/students/${s.student.id}/payment_methods`).set(bearer(s.token));
    expect(list.body.content.map((m: { id: number }) => m.id)).toEqual([s.visa, s.amex]);
    // Deleted: 404 from now on, for every per-card call.
    expect((await remove(s.student.id, s.mastercard, s.token)).status).toBe(404);
    expect((await makeDefault(s.student.id, s.mastercard, s.token)).status).toBe(404);
    // The same card can be added again (the duplicate rule ignores deleted cards).
    expect((await add(s.student.id, 'tok_mastercard', s.token)).status).toBe(201);
  });

  test('the default without a balance due: the newest remaining card becomes the default; the last card leaves none', async () => {
    const s = await studentWithCards();
    // A plan paid off (balance 0) and a concluded one do not hold the default back.
    await planFor(s.student.id, null, { scheduleStatus: 'PAID', balance: 0 });
    await planFor(s.student.id, null, { scheduleStatus: 'PAID', status: 'CONCLUDED', balance: 50 });
    const res = await remove(s.student.id, s.visa, financeToken);
    expect(res.status).toBe(204);
    expect(await cardsOf(s.student.id)).toEqual([
      { id: s.visa, isDefault: false, deleted: true },
      { id: s.mastercard, isDefault: false, deleted: false },
      { id: s.amex, isDefault: true, deleted: false },
    ]);
    const log = await ActivityLog.findOne({ where: { entityType: 'PAYMENT_METHOD', entityId: s.visa, type: 'DELETED' } });
    expect(log?.changes).toMatchObject({ defaultMethodId: { from: s.visa, to: s.amex } });

    expect((await remove(s.student.id, s.amex, s.token)).status).toBe(204);
    expect((await PaymentMethod.findByPk(s.mastercard))!.isDefault).toBe(true);
    expect((await remove(s.student.id, s.mastercard, s.token)).status).toBe(204);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, deleted: false } })).toBe(0);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, isDefault: true } })).toBe(0);
    // A card added now is the first again: the default.
    const next = await add(s.student.id, 'tok_visa', s.token);
    expect(next.body.isDefault).toBe(true);
  });

  test('409 METHOD_ASSIGNED_TO_PENDING_SCHEDULE while an application paying with it has a pending entry; allowed once none is pending', async () => {
    const s = await studentWithCards();
    const { entry } = await planFor(s.student.id, s.mastercard, { scheduleStatus: 'PENDING' });
    // Another entry of the same plan already paid does not matter: one pending is enough.
    await PaymentSchedule.create({
      studentPaymentPlanId: entry.studentPaymentPlanId,
      number: 2,
      kind: 'INSTALLMENT',
      dueDate: '2031-04-01',
      principal: 0,
      interest: 0,
      amount: 0,
      balance: 0,
      status: 'PAID',
    });
    for (const as of [s.token, financeToken]) {
      const res = await remove(s.student.id, s.mastercard, as);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'METHOD_ASSIGNED_TO_PENDING_SCHEDULE', message: 'A method assigned to a pending schedule cannot be deleted' });
      expect(translateMessage(res.body.message, 'es')).toBe('Un método asignado a un pago programado pendiente no se puede eliminar');
    }
    expect((await PaymentMethod.findByPk(s.mastercard))!.deleted).toBe(false);
    expect(await logged(s.mastercard, 'DELETED')).toBe(0);
    // Other cards of the student are not held back by it.
    expect((await remove(s.student.id, s.amex, s.token)).status).toBe(204);

    await entry.update({ status: 'PAID' });
    expect((await remove(s.student.id, s.mastercard, s.token)).status).toBe(204);
    expect((await PaymentMethod.findByPk(s.mastercard))!.deleted).toBe(true);
  });

  test('409 DEFAULT_METHOD_BALANCE_DUE for the default while an ACTIVE plan has a balance; the others can go; allowed once paid', async () => {
    const s = await studentWithCards();
    // The plan's application pays with another card and nothing is pending: only the balance holds the default.
    const { plan } = await planFor(s.student.id, s.mastercard, { scheduleStatus: 'PAID', balance: 0.01 });
    const res = await remove(s.student.id, s.visa, s.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DEFAULT_METHOD_BALANCE_DUE', message: 'The default method cannot be deleted until the balance is paid' });
    expect(translateMessage(res.body.message, 'es')).toBe('El método predeterminado no se puede eliminar hasta que se pague el saldo');
    expect((await remove(s.student.id, s.visa, financeToken)).body.code).toBe('DEFAULT_METHOD_BALANCE_DUE');
    expect(await cardsOf(s.student.id)).toEqual([
      { id: s.visa, isDefault: true, deleted: false },
      { id: s.mastercard, isDefault: false, deleted: false },
      { id: s.amex, isDefault: false, deleted: false },
    ]);
    // Not the default: it can go (its application has nothing pending).
    expect((await remove(s.student.id, s.mastercard, s.token)).status).toBe(204);
    // Making another card the default lets the old one go.
    expect((await makeDefault(s.student.id, s.amex, s.token)).status).toBe(200);
    expect((await remove(s.student.id, s.amex, s.token)).body.code).toBe('DEFAULT_METHOD_BALANCE_DUE');
    expect((await remove(s.student.id, s.visa, s.token)).status).toBe(204);
    // Paid off: the default can go too.
    await plan.update({ balance: 0 });
    expect((await remove(s.student.id, s.amex, s.token)).status).toBe(204);
    expect(await PaymentMethod.count({ where: { studentId: s.student.id, deleted: false } })).toBe(0);
  });

  test("another student's balance does not hold a student's default; both refusals at once answer the pending schedule first", async () => {
    const s = await studentWithCards();
    const other = await studentWithCards();
    await planFor(other.student.id, other.visa, { scheduleStatus: 'PENDING', balance: 100 });
    expect((await remove(s.student.id, s.visa, s.token)).status).toBe(204);
    const both = await remove(other.student.id, other.visa, other.token);
    expect(both.status).toBe(409);
    expect(both.body.code).toBe('METHOD_ASSIGNED_TO_PENDING_SCHEDULE');
  });

  test('two cards deleted at once, the default among them: exactly one default remains', async () => {
    const s = await studentWithCards();
    const [a, b] = await Promise.all([remove(s.student.id, s.visa, s.token), remove(s.student.id, s.amex, s.token)]);
    expect([a.status, b.status]).toEqual([204, 204]);
    expect(await cardsOf(s.student.id)).toEqual([
      { id: s.visa, isDefault: false, deleted: true },
      { id: s.mastercard, isDefault: true, deleted: false },
      { id: s.amex, isDefault: false, deleted: true },
    ]);
  });

  test("404 for another student's card and a missing one; 403 another student, SUPPORT, ADMISSIONS; 401; nothing deleted", async () => {
    const s = await studentWithCards();
    const other = await studentWithCards();
    expect((await remove(s.student.id, other.amex, s.token)).status).toBe(404);
    expect((await remove(s.student.id, other.amex, admin.token)).status).toBe(404);
    expect((await remove(s.student.id, MISSING, s.token)).status).toBe(404);
    expect((await remove(MISSING, s.amex, admin.token)).status).toBe(404);
    expect((await remove(other.student.id, other.amex, s.token)).status).toBe(403);
    expect((await remove(s.student.id, s.amex, supportToken)).status).toBe(403);
    expect((await remove(s.student.id, s.amex, admissionsToken)).status).toBe(403);
    expect((await remove(s.student.id, s.amex)).status).toBe(401);
    expect(await PaymentMethod.count({ where: { studentId: [s.student.id, other.student.id], deleted: true } })).toBe(0);
  });

  test('a card on file outside the API (no gateway customer) follows the same rules', async () => {
    const s = await makeStudent(t.deps);
    const only = await makeCard(s.student.id);
    const res = await remove(s.student.id, only.id, admin.token);
    expect(res.status).toBe(204);
    expect((await PaymentMethod.findByPk(only.id))!.get({ plain: true })).toMatchObject({ deleted: true, isDefault: false });
  });
});
