import request from 'supertest';
import { ActivityLog, Enrollment, ExtraProduct, GatewayEvent, PaymentMethod, Purchase, Refund, RefundTransaction } from '../../models';
import { toCents } from '../../domain/money';
import { quotePurchase, taxOf } from '../../domain/rules/purchases';
import { purchaseAnswer, purchasePage, purchaseQuoteAnswer, extraProductOfferList } from '../../domain/contract/purchases';
import { taxRatesOf } from '../../api/purchases/tax-rates';
import { runFileExports } from '../../api/exports/export-job';
import { parseCsv } from '../support/csv-parse';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard } from '../support/billing-factories';
import { circleCohort, enroll } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import type { Cohort } from '../../models';
import type { EnrollableProduct } from '../support/enrollment-factories';

/**
 * Purchases of extra products (issue 21; domain rules "Purchases"): what an enrollment can buy, the
 * quote, the purchase charged at once (declines, the same Idempotency-Key twice), the lists and the
 * criteria search, and the refund through the refund queue.
 */

let t: TestApp;
let adminToken: string;
let financeToken: string;
let supportToken: string;
let admissionsToken: string;
let cohort: EnrollableProduct & { cohort: Cohort };
beforeAll(async () => {
  t = await setupApp({ PURCHASE_TAX_RATES: '{"NY": 8.875}' });
  adminToken = (await makeAdmin(t.deps)).token;
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  admissionsToken = (await makeAdmin(t.deps, { roles: ['ADMISSIONS'] })).token;
  cohort = await circleCohort();
});
afterAll(() => t.close());

const MISSING = 999_999_999;
const programId = () => cohort.cohort.programId;

function product(overrides: Partial<ExtraProduct['_creationAttributes']> = {}) {
  return ExtraProduct.create({
    programId: programId(),
    name: unique('Transcript '),
    description: 'An official transcript',
    type: 'TRANSCRIPT',
    priceType: 'FIXED',
    price: 25,
    calculateTaxes: true,
    multipleItemPurchase: true,
    published: true,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}

/** A student of New Jersey (6.625 %) enrolled in the cohort, with a chargeable default card unless told. */
async function buyer(opts: { cardToken?: string | null; state?: string; country?: string } = {}) {
  const s = await makeStudent(t.deps, { stateCode: opts.state ?? 'NJ', countryCode: opts.country ?? 'US' });
  const enrollment = await enroll(s.student.id, cohort);
  const card = opts.cardToken === null ? null : await makeChargeableCard(s.student.id, { token: opts.cardToken });
  return { ...s, enrollment, card };
}

const post = (enrollmentId: number, body: object, token: string | null, key?: string) => {
  let r = request(t.app).post(`/api/enrollments/${enrollmentId}/purchases`);
  if (token) r = r.set(bearer(token));
  if (key) r = r.set('Idempotency-Key', key);
  return r.send(body);
};
const conflict = (res: request.Response, code: string) => expect([res.status, res.body.code]).toEqual([409, code]);
const purchasesOf = (enrollmentId: number) => Purchase.findAll({ where: { enrollmentId }, order: [['id', 'ASC']] });

describe('the price rule (domain/rules/purchases.ts)', () => {
  test('when taxes apply, then the tax is the subtotal times the rate, rounded half away from zero, and the total their sum', () => {
    expect(taxOf(5000, 6.625)).toBe(331); // 331.25
    expect(taxOf(200, 6.25)).toBe(13); // 12.5 → 13
    const rates = taxRatesOf({ NY: 8.875 });
    const terms = { priceType: 'FIXED' as const, priceCents: 2500, calculateTaxes: true, multipleItemPurchase: true };
    expect(quotePurchase(terms, 2, 'nj', rates)).toEqual({
      quantity: 2,
      unitPriceCents: 2500,
      subtotalCents: 5000,
      taxState: 'NJ',
      taxRate: 6.625,
      taxCents: 331,
      totalCents: 5331,
    });
    expect(quotePurchase(terms, 1, 'NY', rates).taxCents).toBe(222); // 221.875
    expect(quotePurchase({ ...terms, calculateTaxes: false }, 1, 'NJ', rates)).toMatchObject({ taxCents: 0, taxState: null, totalCents: 2500 });
    expect(quotePurchase({ ...terms, priceType: 'FREE' }, 3, 'NJ', rates)).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
    expect(quotePurchase(terms, 1, 'OR', rates)).toMatchObject({ taxCents: 0, taxState: null });
  });
});

describe('GET /api/enrollments/{id}/extra_products', () => {
  test("when the student asks, then the program's published extra products answer, not the unpublished or deleted ones", async () => {
    const shown = await product();
    const hidden = await product({ published: false });
    const gone = await product({ deleted: true });
    const b = await buyer();
    const res = await request(t.app).get(`/api/enrollments/${b.enrollment.id}/extra_products`).set(bearer(b.token));
    expect(res.status).toBe(200);
    expect(extraProductOfferList.safeParse(res.body).success).toBe(true);
    const ids = res.body.map((p: { id: number }) => p.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(gone.id);
    expect(res.body.find((p: { id: number }) => p.id === shown.id)).toMatchObject({ price: 25, type: 'TRANSCRIPT', calculateTaxes: true });
  });

  test('when no token, another student or an unknown enrollment, then 401, 403 and 404', async () => {
    const b = await buyer();
    const other = await buyer();
    expect((await request(t.app).get(`/api/enrollments/${b.enrollment.id}/extra_products`)).status).toBe(401);
    expect((await request(t.app).get(`/api/enrollments/${b.enrollment.id}/extra_products`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/enrollments/${MISSING}/extra_products`).set(bearer(adminToken))).status).toBe(404);
  });
});

describe('POST /api/enrollments/{id}/purchases/quote', () => {
  test('when a New Jersey student quotes two, then price × 2, tax at 6.625 % and the total answer', async () => {
    const p = await product({ price: 25 });
    const b = await buyer();
    const res = await request(t.app).post(`/api/enrollments/${b.enrollment.id}/purchases/quote`).set(bearer(b.token)).send({ extraProductId: p.id, quantity: 2 });
    expect(res.status).toBe(200);
    expect(purchaseQuoteAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      extraProductId: p.id,
      productName: p.name,
      productType: 'TRANSCRIPT',
      quantity: 2,
      unitPrice: 25,
      amount: 50,
      taxState: 'NJ',
      taxRate: 6.625,
      taxAmount: 3.31,
      total: 53.31,
    });
  });

  test('when the rate is configured (PURCHASE_TAX_RATES) or the student lives abroad, then that rate or none applies', async () => {
    const p = await product({ price: 10 });
    const ny = await buyer({ state: 'NY' });
    const abroad = await buyer({ state: 'ON', country: 'CA' });
    const q = (b: typeof ny) => request(t.app).post(`/api/enrollments/${b.enrollment.id}/purchases/quote`).set(bearer(adminToken)).send({ extraProductId: p.id });
    expect((await q(ny)).body).toMatchObject({ taxState: 'NY', taxRate: 8.875, taxAmount: 0.89, total: 10.89 });
    expect((await q(abroad)).body).toMatchObject({ taxState: null, taxRate: 0, taxAmount: 0, total: 10 });
  });

  test('when the quantity is above 1 for a single-item product, or invalid, then 400 on quantity; another program’s product is 404', async () => {
    const single = await product({ multipleItemPurchase: false });
    const elsewhere = await ExtraProduct.create({ ...(await product()).get(), id: undefined, programId: (await circleCohort()).cohort.programId } as never);
    const b = await buyer();
    const url = `/api/enrollments/${b.enrollment.id}/purchases/quote`;
    const one = await request(t.app).post(url).set(bearer(b.token)).send({ extraProductId: single.id, quantity: 2 });
    expect([one.status, one.body.errors]).toEqual([400, { quantity: 'This product can be bought one at a time' }]);
    const zero = await request(t.app).post(url).set(bearer(b.token)).send({ extraProductId: single.id, quantity: 0 });
    expect([zero.status, Object.keys(zero.body.errors)]).toEqual([400, ['quantity']]);
    expect((await request(t.app).post(url).set(bearer(b.token)).send({ extraProductId: elsewhere.id })).status).toBe(404);
  });
});

describe('POST /api/enrollments/{id}/purchases', () => {
  test('when the student buys two on the default card, then 201 PAID with the tax, one charge of the total, the card-provider event and the activity entry', async () => {
    const p = await product({ price: 25 });
    const b = await buyer();
    const res = await post(b.enrollment.id, { extraProductId: p.id, quantity: 2 }, b.token, unique('key'));
    expect(res.status).toBe(201);
    expect(purchaseAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      studentId: b.student.id,
      enrollmentId: b.enrollment.id,
      programId: programId(),
      extraProductId: p.id,
      productName: p.name,
      quantity: 2,
      unitPrice: 25,
      amount: 50,
      taxState: 'NJ',
      taxRate: 6.625,
      taxAmount: 3.31,
      total: 53.31,
      status: 'PAID',
      cardBrand: 'visa',
      cardLast4: '4242',
      refundedAmount: 0,
    });
    const row = (await Purchase.findByPk(res.body.id))!;
    expect(row.gatewayChargeId).toMatch(/^ch_sandbox_5331_/);
    expect(row.paymentMethodId).toBe(b.card!.id);
    const events = await GatewayEvent.findAll({ where: { studentId: b.student.id } });
    expect(events.map((e) => [e.kind, e.status, toCents(e.amount), e.reference])).toEqual([['CHARGE', 'SUCCEEDED', 5331, row.gatewayChargeId]]);
    const activity = await ActivityLog.findAll({ where: { entityType: 'PURCHASE', entityId: row.id } });
    expect(activity.map((a) => [a.type, a.studentId])).toEqual([['PURCHASE_PAID', b.student.id]]);
  });

  test('when staff (FINANCE) buy on a saved card, or with a new token, then the named card is charged and the new card is saved on the student', async () => {
    const p = await product({ price: 40, calculateTaxes: false });
    const b = await buyer();
    const second = await makeChargeableCard(b.student.id, { token: 'tok_mastercard', isDefault: false });
    const named = await post(b.enrollment.id, { extraProductId: p.id, paymentMethodId: second.id }, financeToken);
    expect([named.status, named.body.cardLast4, named.body.total, named.body.taxAmount]).toEqual([201, '4444', 40, 0]);
    expect(named.body.updatedBy).toMatchObject({ name: expect.any(String) });
    const before = await PaymentMethod.count({ where: { studentId: b.student.id } });
    const token = await post(b.enrollment.id, { extraProductId: p.id, token: 'tok_amex' }, b.token);
    expect([token.status, token.body.cardBrand]).toEqual([201, 'amex']);
    expect(await PaymentMethod.count({ where: { studentId: b.student.id } })).toBe(before + 1);
  });

  test('when the card is declined, then 409 PAYMENT_FAILURE, the purchase FAILED with the reason, a FAILED event, and nothing charged', async () => {
    const p = await product();
    const b = await buyer({ cardToken: 'tok_chargeDeclined' });
    const res = await post(b.enrollment.id, { extraProductId: p.id }, b.token, unique('key'));
    conflict(res, 'PAYMENT_FAILURE');
    const [row] = await purchasesOf(b.enrollment.id);
    expect([row.status, row.gatewayChargeId, row.failureMessage]).toEqual(['FAILED', null, 'Your card was declined']);
    const events = await GatewayEvent.findAll({ where: { studentId: b.student.id } });
    expect(events.map((e) => [e.kind, e.status])).toEqual([['CHARGE', 'FAILED']]);
    expect((await ActivityLog.findAll({ where: { entityType: 'PURCHASE', entityId: row.id } })).map((a) => a.type)).toEqual(['PURCHASE_FAILED']);
    const list = await request(t.app).get(`/api/enrollments/${b.enrollment.id}/purchases`).set(bearer(b.token));
    expect(list.body.content.map((x: { status: string; failureMessage: string }) => [x.status, x.failureMessage])).toEqual([
      ['FAILED', 'your card was declined; try another card or call your bank'],
    ]);
  });

  test('when the same Idempotency-Key comes twice, then the first purchase answers again and the card is charged once; another body under it is 409', async () => {
    const p = await product({ price: 30 });
    const b = await buyer();
    const key = unique('key');
    const first = await post(b.enrollment.id, { extraProductId: p.id, quantity: 1 }, b.token, key);
    const again = await post(b.enrollment.id, { extraProductId: p.id, quantity: 1 }, b.token, key);
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect(await Purchase.count({ where: { enrollmentId: b.enrollment.id } })).toBe(1);
    expect(await GatewayEvent.count({ where: { studentId: b.student.id, kind: 'CHARGE' } })).toBe(1);
    conflict(await post(b.enrollment.id, { extraProductId: p.id, quantity: 2 }, b.token, key), 'IDEMPOTENCY_KEY_REUSED');
    // A declined purchase's key answers the same decline again, without a second charge.
    const d = await buyer({ cardToken: 'tok_chargeDeclined' });
    const dkey = unique('key');
    conflict(await post(d.enrollment.id, { extraProductId: p.id }, d.token, dkey), 'PAYMENT_FAILURE');
    conflict(await post(d.enrollment.id, { extraProductId: p.id }, d.token, dkey), 'PAYMENT_FAILURE');
    expect(await GatewayEvent.count({ where: { studentId: d.student.id } })).toBe(1);
  });

  test('when the product is FREE, then it is PAID at once without a card and nothing is charged', async () => {
    const p = await product({ priceType: 'FREE', price: null, name: unique('Make-up ') });
    const b = await buyer({ cardToken: null });
    const res = await post(b.enrollment.id, { extraProductId: p.id, quantity: 3 }, b.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PAID', total: 0, taxAmount: 0, cardLast4: null });
    expect(await GatewayEvent.count({ where: { studentId: b.student.id } })).toBe(0);
  });

  test('when the body is invalid, then 400 with field errors and nothing is created', async () => {
    const p = await product();
    const b = await buyer();
    const missing = await post(b.enrollment.id, { quantity: 1 }, b.token);
    expect([missing.status, missing.body.errors]).toEqual([400, { extraProductId: 'This field is required' }]);
    const both = await post(b.enrollment.id, { extraProductId: p.id, paymentMethodId: b.card!.id, token: 'tok_visa' }, b.token);
    expect([both.status, Object.keys(both.body.errors)]).toEqual([400, ['token']]);
    const single = await post(b.enrollment.id, { extraProductId: (await product({ multipleItemPurchase: false })).id, quantity: 2 }, b.token);
    expect([single.status, single.body.errors]).toEqual([400, { quantity: 'This product can be bought one at a time' }]);
    expect(await purchasesOf(b.enrollment.id)).toEqual([]);
  });

  test('when no token, another student, or a role without payments:create, then 401 / 403 and nothing is created', async () => {
    const p = await product();
    const b = await buyer();
    const other = await buyer();
    expect((await post(b.enrollment.id, { extraProductId: p.id }, null)).status).toBe(401);
    expect((await post(b.enrollment.id, { extraProductId: p.id }, other.token)).status).toBe(403);
    expect((await post(b.enrollment.id, { extraProductId: p.id }, admissionsToken)).status).toBe(403);
    expect((await post(b.enrollment.id, { extraProductId: p.id }, supportToken)).status).toBe(403);
    expect(await purchasesOf(b.enrollment.id)).toEqual([]);
  });

  test("when the enrollment, the product or the card is unknown (or another student's card), then 404", async () => {
    const p = await product();
    const b = await buyer();
    const other = await buyer();
    expect((await post(MISSING, { extraProductId: p.id }, adminToken)).status).toBe(404);
    expect((await post(b.enrollment.id, { extraProductId: MISSING }, b.token)).body.message).toMatch(/Extra product/);
    const theirs = await post(b.enrollment.id, { extraProductId: p.id, paymentMethodId: other.card!.id }, b.token);
    expect([theirs.status, theirs.body.message]).toEqual([404, 'Payment method not found']);
    expect(await purchasesOf(b.enrollment.id)).toEqual([]);
  });

  test('when the student has no card, or the enrollment is cancelled, then 409 PAYMENT_METHOD_REQUIRED / PURCHASE_ENROLLMENT_CANCELLED', async () => {
    const p = await product();
    const none = await buyer({ cardToken: null });
    conflict(await post(none.enrollment.id, { extraProductId: p.id }, none.token), 'PAYMENT_METHOD_REQUIRED');
    const cancelled = await buyer();
    await Enrollment.update({ status: 'CANCELLED' }, { where: { id: cancelled.enrollment.id } });
    conflict(await post(cancelled.enrollment.id, { extraProductId: p.id }, cancelled.token), 'PURCHASE_ENROLLMENT_CANCELLED');
    expect([...(await purchasesOf(none.enrollment.id)), ...(await purchasesOf(cancelled.enrollment.id))]).toEqual([]);
  });
});

describe('the purchase lists', () => {
  test('GET /enrollments/{id}/purchases, GET /students/{id}/purchases, GET /purchases and GET /purchases/{id} answer the schema; a student reads only their own', async () => {
    const p = await product({ price: 12 });
    const b = await buyer();
    const other = await buyer();
    const made = (await post(b.enrollment.id, { extraProductId: p.id }, b.token)).body;
    const byEnrollment = await request(t.app).get(`/api/enrollments/${b.enrollment.id}/purchases`).set(bearer(b.token));
    expect([byEnrollment.status, byEnrollment.body.pagination.total]).toEqual([200, 1]);
    expect(purchasePage.safeParse(byEnrollment.body).success).toBe(true);
    const byStudent = await request(t.app).get(`/api/students/${b.student.id}/purchases`).set(bearer(b.token));
    expect(byStudent.body.content.map((x: { id: number }) => x.id)).toEqual([made.id]);
    expect((await request(t.app).get(`/api/students/${b.student.id}/purchases`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/enrollments/${b.enrollment.id}/purchases`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/purchases`).set(bearer(b.token))).status).toBe(403);
    expect((await request(t.app).get(`/api/purchases`)).status).toBe(401);
    const all = await request(t.app)
      .get(`/api/purchases?keyword=${encodeURIComponent(b.student.lastName)}`)
      .set(bearer(supportToken));
    expect(all.body.content.map((x: { id: number }) => x.id)).toEqual([made.id]);
    const one = await request(t.app).get(`/api/purchases/${made.id}`).set(bearer(supportToken));
    expect([one.status, one.body.student.fullName, one.body.program.id]).toEqual([200, `${b.student.firstName} ${b.student.lastName}`, programId()]);
    expect((await request(t.app).get(`/api/purchases/${MISSING}`).set(bearer(supportToken))).status).toBe(404);
    expect((await request(t.app).get(`/api/students/${MISSING}/purchases`).set(bearer(adminToken))).status).toBe(404);
  });

  test('POST /purchases/find_by_criteria: students, statuses, types, programs and dates; unknown keys 400', async () => {
    const transcript = await product({ price: 5 });
    const certificate = await product({ price: 7, type: 'CERTIFICATE', name: unique('Certificate ') });
    const b = await buyer();
    const d = await buyer({ cardToken: 'tok_chargeDeclined' });
    const paid = (await post(b.enrollment.id, { extraProductId: transcript.id }, b.token)).body;
    const cert = (await post(b.enrollment.id, { extraProductId: certificate.id }, b.token)).body;
    await post(d.enrollment.id, { extraProductId: transcript.id }, d.token);
    const find = (body: object, query = '') => request(t.app).post(`/api/purchases/find_by_criteria${query}`).set(bearer(financeToken)).send(body);
    const ids = (res: request.Response) => res.body.content.map((x: { id: number }) => x.id);
    expect(ids(await find({ students: [b.student.id] }))).toEqual([cert.id, paid.id]);
    expect(ids(await find({ students: [b.student.id, d.student.id], statuses: ['FAILED'] })).length).toBe(1);
    expect(ids(await find({ students: [b.student.id], types: ['CERTIFICATE'] }))).toEqual([cert.id]);
    expect(ids(await find({ students: [b.student.id], programs: [programId()], purchasedAt: { from: '2000-01-01', to: '2099-12-31' } }))).toEqual([cert.id, paid.id]);
    expect(ids(await find({ students: [b.student.id], purchasedAt: { from: '2000-01-01', to: '2000-01-02' } }))).toEqual([]);
    expect(ids(await find({ statuses: ['PAID'] }, `?keyword=${encodeURIComponent(b.student.lastName)}&sortBy=id&descending=false`))).toEqual([paid.id, cert.id]);
    const bad = await find({ colour: 'red' });
    expect(bad.status).toBe(400);
    expect((await request(t.app).post('/api/purchases/find_by_criteria').send({})).status).toBe(401);
  });
});

describe('POST /api/purchases/{id}/refund and the refund queue', () => {
  test('when staff ask a refund, then the queue holds it REQUESTED; approved and sent online, the charge is refunded and the purchase REFUNDED', async () => {
    const p = await product({ price: 25 });
    const b = await buyer();
    const made = (await post(b.enrollment.id, { extraProductId: p.id, quantity: 2 }, b.token)).body;
    const asked = await request(t.app).post(`/api/purchases/${made.id}/refund`).set(bearer(financeToken)).send({ comments: 'Ordered twice' });
    expect(asked.status).toBe(200);
    expect(asked.body.refundId).toEqual(expect.any(Number));
    const refund = (await Refund.findByPk(asked.body.refundId))!;
    expect([
      refund.source,
      refund.sourceId,
      refund.status,
      toCents(refund.amountToBeRefunded),
      toCents(refund.taxToBeRefunded),
      toCents(refund.totalToBeRefunded),
      refund.studentPaymentPlanId,
    ]).toEqual(['PURCHASE', made.id, 'REQUESTED', 5000, 331, 5331, null]);
    conflict(await request(t.app).post(`/api/purchases/${made.id}/refund`).set(bearer(financeToken)).send({}), 'PENDING_REFUNDS');
    expect((await request(t.app).patch(`/api/refund_queues/${refund.id}/status?status=APPROVED`).set(bearer(financeToken))).status).toBe(200);
    const sent = await request(t.app).post(`/api/refund_queues/${refund.id}/online`).set(bearer(financeToken));
    expect([sent.status, sent.body.status, sent.body.refundStatus, sent.body.totalRefunded]).toEqual([200, 'COMPLETED', 'REFUNDED', 53.31]);
    const row = (await Purchase.findByPk(made.id))!;
    expect([row.status, toCents(row.refundedAmount)]).toEqual(['REFUNDED', 5331]);
    const movements = await RefundTransaction.findAll({ where: { refundId: refund.id } });
    expect(movements.map((m) => [m.kind, m.status, m.paymentId, toCents(m.amount) + toCents(m.tax)])).toEqual([['ONLINE', 'SUCCEEDED', null, 5331]]);
    const events = await GatewayEvent.findAll({ where: { studentId: b.student.id, kind: 'REFUND' } });
    expect(events.map((e) => [e.status, toCents(e.amount)])).toEqual([['SUCCEEDED', 5331]]);
    conflict(await request(t.app).post(`/api/purchases/${made.id}/refund`).set(bearer(financeToken)).send({}), 'PURCHASE_NOT_REFUNDABLE');
  });

  test('when the purchase was declined or is free, then 409 PURCHASE_NOT_REFUNDABLE; 403 without payments:refund; 404 unknown', async () => {
    const p = await product();
    const d = await buyer({ cardToken: 'tok_chargeDeclined' });
    await post(d.enrollment.id, { extraProductId: p.id }, d.token);
    const [failed] = await purchasesOf(d.enrollment.id);
    conflict(await request(t.app).post(`/api/purchases/${failed.id}/refund`).set(bearer(financeToken)).send({}), 'PURCHASE_NOT_REFUNDABLE');
    const free = await product({ priceType: 'FREE', price: null });
    const b = await buyer();
    const zero = (await post(b.enrollment.id, { extraProductId: free.id }, b.token)).body;
    conflict(await request(t.app).post(`/api/purchases/${zero.id}/refund`).set(bearer(financeToken)).send({}), 'PURCHASE_NOT_REFUNDABLE');
    expect((await request(t.app).post(`/api/purchases/${zero.id}/refund`).set(bearer(supportToken)).send({})).status).toBe(403);
    expect((await request(t.app).post(`/api/purchases/${zero.id}/refund`).set(bearer(b.token)).send({})).status).toBe(403);
    expect((await request(t.app).post(`/api/purchases/${MISSING}/refund`).set(bearer(financeToken)).send({})).status).toBe(404);
    const bad = await request(t.app).post(`/api/purchases/${zero.id}/refund`).set(bearer(financeToken)).send({ amount: 3 });
    expect(bad.status).toBe(400);
    expect(await Refund.count({ where: { source: 'PURCHASE', sourceId: [failed.id, zero.id] } })).toBe(0);
  });

  test('when the refund is sent back partly outside the gateway, then the purchase stays PAID with the refunded part, and the queue refuses more than it has left', async () => {
    const p = await product({ price: 20, calculateTaxes: false });
    const b = await buyer();
    const made = (await post(b.enrollment.id, { extraProductId: p.id }, b.token)).body;
    const refundId = (await request(t.app).post(`/api/purchases/${made.id}/refund`).set(bearer(adminToken)).send({})).body.refundId;
    const tooMuch = await request(t.app).put(`/api/refund_queues/${refundId}`).set(bearer(adminToken)).send({ amountToBeRefunded: 25 });
    conflict(tooMuch, 'REFUND_AMOUNT_EXCEEDED');
    expect((await request(t.app).put(`/api/refund_queues/${refundId}`).set(bearer(adminToken)).send({ amountToBeRefunded: 5 })).status).toBe(200);
    await request(t.app).patch(`/api/refund_queues/${refundId}/status?status=APPROVED`).set(bearer(adminToken));
    const ext = await request(t.app).post(`/api/refund_queues/${refundId}/external`).set(bearer(adminToken)).send({ referenceNumber: 'CHK-1' });
    expect([ext.status, ext.body.status]).toEqual([200, 'COMPLETED']);
    const row = (await Purchase.findByPk(made.id))!;
    expect([row.status, toCents(row.refundedAmount)]).toEqual(['PAID', 500]);
  });
});

describe('POST /api/file_export/extra_product-purchases_csv', () => {
  test("when staff export the purchases list's criteria and keyword, then the file's rows are the list's rows", async () => {
    const p = await product({ price: 9 });
    const b = await buyer();
    const d = await buyer({ cardToken: 'tok_chargeDeclined' });
    const paid = [(await post(b.enrollment.id, { extraProductId: p.id }, b.token)).body.id, (await post(b.enrollment.id, { extraProductId: p.id, quantity: 3 }, b.token)).body.id];
    await post(d.enrollment.id, { extraProductId: p.id }, d.token);
    const criteria = { extraProducts: [p.id], statuses: ['PAID'] };
    const list = await request(t.app).post('/api/purchases/find_by_criteria?size=100').set(bearer(financeToken)).send(criteria);
    expect(list.body.content.map((x: { id: number }) => x.id).sort()).toEqual([...paid].sort());

    const asked = await request(t.app).post('/api/file_export/extra_product-purchases_csv').set(bearer(financeToken)).send(criteria);
    expect([asked.status, asked.body.status]).toEqual([202, 'PENDING']);
    await runFileExports(t.deps, { owner: unique('test'), batch: 1, leaseMs: 60_000 });
    const done = await request(t.app).get(`/api/file_export/${asked.body.id}`).set(bearer(financeToken));
    expect(done.body.status).toBe('COMPLETED');
    const stream = await t.deps.storage.get(done.body.fileName);
    let text = '';
    for await (const chunk of stream!) text += String(chunk);
    const [header, ...rows] = parseCsv(text);
    expect(header.slice(0, 4)).toEqual(['ID', 'Purchased', 'Student ID', 'Student']);
    expect(rows.map((r) => Number(r[0])).sort()).toEqual([...paid].sort());
    const second = rows.find((r) => Number(r[0]) === paid[1])!;
    const at = (name: string) => second[header.indexOf(name)];
    expect([at('Quantity'), at('Subtotal'), at('Tax state'), at('Tax'), at('Total'), at('Status'), at('Type')]).toEqual([
      '3',
      '27.00',
      'NJ',
      '1.79',
      '28.79',
      'Paid',
      'Transcript',
    ]);
    // The keyword narrows the export as it narrows the list; SUPPORT (no exports:create) may not export.
    const keyed = await request(t.app)
      .post(`/api/file_export/extra_product-purchases_csv?keyword=${encodeURIComponent(d.student.lastName)}`)
      .set(bearer(financeToken))
      .send({});
    await runFileExports(t.deps, { owner: unique('test'), batch: 5, leaseMs: 60_000 });
    const keyedDone = await request(t.app).get(`/api/file_export/${keyed.body.id}`).set(bearer(financeToken));
    expect(keyedDone.body.rowsDone).toBe(1);
    expect((await request(t.app).post('/api/file_export/extra_product-purchases_csv').set(bearer(supportToken)).send({})).status).toBe(403);
  });
});
