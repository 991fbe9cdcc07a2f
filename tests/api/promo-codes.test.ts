import request from 'supertest';
import { ActivityLog, Application, ApplicationVoucher, PaymentPlanAdjustment, ProductPaymentPlan, Voucher } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { recomputeVoucherDiscount, voucherDiscountCents } from '../../api/vouchers/promo';
import { refreshTimesUsed } from '../../api/vouchers/vouchers.service';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let financeToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  // Cost 6000 + registration 100 + books 50: a principal of 6150 before any voucher.
  enrollable = await makeEnrollableProduct();
});
afterAll(() => t.close());

const MISSING = 999_999;

function day(offset: number): string {
  const [y, m, d] = schoolToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

const apply = (applicationId: number, code: unknown, as: string) => request(t.app).post(`/api/applications/${applicationId}/promo_code`).set(bearer(as)).send({ code });
const remove = (applicationId: number, as: string) => request(t.app).delete(`/api/applications/${applicationId}/promo_code`).set(bearer(as));

/** A student with a CREATED application to the shared product (plan chosen unless told). */
async function applicant(opts: { chosen?: boolean; status?: Application['status']; email?: string; product?: EnrollableProduct } = {}) {
  const s = await makeApplicant(t.deps, opts.email ? { email: opts.email } : {});
  const application = await makeApplication(s.student.id, opts.product ?? enrollable, { chosen: opts.chosen ?? true, status: opts.status });
  return { ...s, application };
}

describe('voucherDiscountCents', () => {
  test('PERCENT_OFF: the share of the principal rounded half up to the cent', () => {
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 10 }, 615_000)).toBe(61_500);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 10 }, 615_005)).toBe(61_501);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 10 }, 615_004)).toBe(61_500);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 12.5 }, 100_001)).toBe(12_500);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 33.33 }, 999_999_999_999)).toBe(333_300_000_000);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 100 }, 12_345)).toBe(12_345);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: '7.25' as unknown as number }, 10_000)).toBe(725);
  });
  test('AMOUNT_OFF: the amount, never more than the principal; nothing off a principal of zero or less', () => {
    expect(voucherDiscountCents({ discountKind: 'AMOUNT_OFF', discountValue: 500 }, 615_000)).toBe(50_000);
    expect(voucherDiscountCents({ discountKind: 'AMOUNT_OFF', discountValue: 10_000 }, 615_000)).toBe(615_000);
    expect(voucherDiscountCents({ discountKind: 'AMOUNT_OFF', discountValue: 500 }, -100)).toBe(0);
    expect(voucherDiscountCents({ discountKind: 'PERCENT_OFF', discountValue: 10 }, 0)).toBe(0);
  });
});

describe('POST /api/applications/{id}/promo_code', () => {
  test('cancelling the application gives the voucher its use back', async () => {
    const s = await applicant();
    const voucher = await makeVoucher({ useLimit: 1 });
    expect((await apply(s.application.id, voucher.code, s.token)).status).toBe(200);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(1);
    const cancelled = await request(t.app).patch(`/api/applications/${s.application.id}/status`).query({ status: 'CANCELLED' }).set(bearer(s.token));
    expect(cancelled.status).toBe(200);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(0);
    const next = await applicant();
    expect((await apply(next.application.id, voucher.code, next.token)).status).toBe(200);
  });

  test('a student applies a code (any case) to their CREATED application: voucher, discount of the chosen plan, timesUsed; logged', async () => {
    const s = await applicant();
    const voucher = await makeVoucher();
    const res = await apply(s.application.id, ` ${voucher.code.toLowerCase()} `, s.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.application.id,
      status: 'CREATED',
      voucher: { id: voucher.id, code: voucher.code, discountKind: 'PERCENT_OFF', discountValue: 10 },
      voucherDiscount: 615,
    });
    const row = await Application.findByPk(s.application.id);
    expect(row?.voucherId).toBe(voucher.id);
    expect(Number(row?.voucherDiscount)).toBe(615);
    expect(row?.updatedById).toBe(s.user.id);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(1);
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION', entityId: s.application.id, studentId: s.student.id, category: 'ENROLLMENT' } })).toBe(1);
  });

  test("the discount follows the principal of the chosen plan (adjustments included), or of the product's first plan when none is chosen", async () => {
    const product = await makeEnrollableProduct();
    const cheaper = await ProductPaymentPlan.create({
      productId: product.product.id,
      paymentPlanId: product.template.id,
      shortDescription: 'With a scholarship',
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
    await PaymentPlanAdjustment.create({
      productPaymentPlanId: cheaper.id,
      description: 'Scholarship',
      type: 'CREDIT',
      category: 'SCHOLARSHIP',
      amount: 1150,
      updatedById: null,
      updatedByName: null,
    });
    const voucher = await makeVoucher();
    const none = await applicant({ chosen: false, product });
    expect((await apply(none.application.id, voucher.code, none.token)).body.voucherDiscount).toBe(615);
    const chosen = await applicant({ product });
    await Application.update({ productPaymentPlanId: cheaper.id }, { where: { id: chosen.application.id } });
    expect((await apply(chosen.application.id, voucher.code, chosen.token)).body.voucherDiscount).toBe(500);
  });

  test('PERCENT_OFF rounds half up; AMOUNT_OFF is capped at the principal', async () => {
    const odd = await makeEnrollableProduct({ cost: 6000.05 });
    const s = await applicant({ product: odd });
    expect((await apply(s.application.id, (await makeVoucher()).code, s.token)).body.voucherDiscount).toBe(615.01);
    const big = await makeVoucher({ discountKind: 'AMOUNT_OFF', discountValue: 10_000 });
    const res = await apply(s.application.id, big.code, s.token);
    expect(res.body).toMatchObject({ voucher: { id: big.id, discountKind: 'AMOUNT_OFF', discountValue: 10_000 }, voucherDiscount: 6150.05 });
  });

  test('another code replaces the first; both use counts follow; applying the same code again changes nothing', async () => {
    const s = await applicant();
    const first = await makeVoucher({ useLimit: 1 });
    const second = await makeVoucher({ discountKind: 'AMOUNT_OFF', discountValue: 500 });
    expect((await apply(s.application.id, first.code, s.token)).status).toBe(200);
    // At its limit, the voucher is still this application's own.
    expect((await apply(s.application.id, first.code, s.token)).status).toBe(200);
    expect((await Voucher.findByPk(first.id))?.timesUsed).toBe(1);
    const res = await apply(s.application.id, second.code, s.token);
    expect(res.body).toMatchObject({ voucher: { id: second.id }, voucherDiscount: 500 });
    expect((await Voucher.findByPk(first.id))?.timesUsed).toBe(0);
    expect((await Voucher.findByPk(second.id))?.timesUsed).toBe(1);
  });

  test('409 INVALID_PROMO_CODE: unknown, inactive, not yet valid, expired, not for this email, used up — and nothing changes', async () => {
    const s = await applicant();
    const cases = [
      'NOSUCHCODE',
      (await makeVoucher({ active: false })).code,
      (await makeVoucher({ validFrom: day(1) })).code,
      (await makeVoucher({ validFrom: day(-30), validTo: day(-1) })).code,
      (await makeVoucher({ scope: 'EMAIL_IDS', emailIds: ['someone.else@example.com'] })).code,
    ];
    const usedUp = await makeVoucher({ useLimit: 1 });
    const holder = await applicant();
    await Application.update({ voucherId: usedUp.id }, { where: { id: holder.application.id } });
    cases.push(usedUp.code);
    for (const code of cases) {
      const res = await apply(s.application.id, code, s.token);
      expect({ code, status: res.status, body: res.body }).toMatchObject({ code, status: 409, body: { code: 'INVALID_PROMO_CODE', message: 'Invalid promo code' } });
    }
    const row = await Application.findByPk(s.application.id);
    expect(row?.voucherId).toBeNull();
    expect(Number(row?.voucherDiscount)).toBe(0);
  });

  test("valid on its first and last day; EMAIL_IDS matches the student's email whatever the case; a CANCELLED holder frees its use", async () => {
    const edges = await makeVoucher({ validFrom: day(0), validTo: day(0) });
    const a = await applicant();
    expect((await apply(a.application.id, edges.code, a.token)).status).toBe(200);
    const b = await applicant({ email: `Listed.${Date.now()}@Example.com` });
    const listed = await makeVoucher({ scope: 'EMAIL_IDS', emailIds: [b.email.toUpperCase()] });
    expect((await apply(b.application.id, listed.code, b.token)).status).toBe(200);
    const limited = await makeVoucher({ useLimit: 1 });
    const gone = await applicant();
    await Application.update({ voucherId: limited.id, status: 'CANCELLED' }, { where: { id: gone.application.id } });
    const c = await applicant();
    expect((await apply(c.application.id, limited.code, c.token)).status).toBe(200);
    expect((await Voucher.findByPk(limited.id))?.timesUsed).toBe(1);
  });

  test('the use limit holds when two applications race for the last use', async () => {
    const voucher = await makeVoucher({ useLimit: 1 });
    const a = await applicant();
    const b = await applicant();
    const results = await Promise.all([apply(a.application.id, voucher.code, a.token), apply(b.application.id, voucher.code, b.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await Application.count({ where: { voucherId: voucher.id } })).toBe(1);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(1);
  });

  test('a student: only while CREATED (409 INVALID_STATUS), only their own (403); 400 without a code; 401', async () => {
    const voucher = await makeVoucher();
    const applied = await applicant({ status: 'APPLIED' });
    const res = await apply(applied.application.id, voucher.code, applied.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
    const other = await applicant();
    expect((await apply(other.application.id, voucher.code, applied.token)).status).toBe(403);
    expect((await apply(MISSING, voucher.code, applied.token)).status).toBe(403);
    const empty = await apply(other.application.id, '', other.token);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ code: 'This field is required' });
    expect((await request(t.app).post(`/api/applications/${other.application.id}/promo_code`).set(bearer(other.token)).send({ code: 'X', extra: 1 })).body.errors).toEqual({
      extra: 'Unknown field',
    });
    expect((await request(t.app).post(`/api/applications/${other.application.id}/promo_code`).send({ code: voucher.code })).status).toBe(401);
    expect((await Application.findByPk(other.application.id))?.voucherId).toBeNull();
  });

  test('staff (applications:update) apply a code until SIGNED; other statuses are 409 INVALID_STATUS; 403 without the permission; 404', async () => {
    const voucher = await makeVoucher();
    const signed = await applicant({ status: 'SIGNED' });
    const res = await apply(signed.application.id, voucher.code, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SIGNED', voucher: { id: voucher.id }, voucherDiscount: 615, updatedBy: { id: admin.user.id } });
    for (const status of ['CANCELLED', 'REJECTED', 'ARCHIVED', 'WITHDRAWN', 'TRANSFERRED', 'PARTIAL_WITHDRAWN'] as const) {
      const s = await applicant({ status });
      const refused = await apply(s.application.id, voucher.code, admin.token);
      expect({ status, code: refused.body.code }).toEqual({ status, code: 'INVALID_STATUS' });
    }
    const s = await applicant();
    expect((await apply(s.application.id, voucher.code, supportToken)).status).toBe(403);
    expect((await apply(s.application.id, voucher.code, financeToken)).status).toBe(403);
    expect((await apply(MISSING, voucher.code, admin.token)).status).toBe(404);
  });

  test('on an ENROLLED application staff get a voucher refund (REQUESTED, the discount) instead; a second one is 409 PENDING_REFUNDS', async () => {
    const voucher = await makeVoucher({ discountKind: 'AMOUNT_OFF', discountValue: 300 });
    const s = await applicant({ status: 'ENROLLED' });
    const res = await apply(s.application.id, voucher.code, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.application.id,
      voucher: null,
      voucherDiscount: 0,
      applicationVoucher: {
        applicationId: s.application.id,
        voucherId: voucher.id,
        voucher: { id: voucher.id, code: voucher.code },
        status: 'REQUESTED',
        amountToBeRefunded: 300,
        taxToBeRefunded: 0,
        totalToBeRefunded: 300,
      },
    });
    expect((await Application.findByPk(s.application.id))?.voucherId).toBeNull();
    expect(await ApplicationVoucher.count({ where: { applicationId: s.application.id, status: 'REQUESTED' } })).toBe(1);
    const again = await apply(s.application.id, voucher.code, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PENDING_REFUNDS');
    expect(await ApplicationVoucher.count({ where: { applicationId: s.application.id } })).toBe(1);
    // The code must still be usable.
    const expired = await makeVoucher({ validTo: day(-1), validFrom: day(-10) });
    expect((await apply(s.application.id, expired.code, admin.token)).body.code).toBe('INVALID_PROMO_CODE');
  });
});

describe('DELETE /api/applications/{id}/promo_code', () => {
  test('removes the code of a CREATED application: no voucher, no discount, use count back; logged; no code is no change', async () => {
    const s = await applicant();
    const voucher = await makeVoucher();
    await apply(s.application.id, voucher.code, s.token);
    const res = await remove(s.application.id, s.token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await request(t.app).get(`/api/applications/${s.application.id}`).set(bearer(s.token))).body).toMatchObject({ voucher: null, voucherDiscount: 0 });
    const row = await Application.findByPk(s.application.id);
    expect(row?.voucherId).toBeNull();
    expect(Number(row?.voucherDiscount)).toBe(0);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(0);
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION', entityId: s.application.id, description: 'Promo code removed' } })).toBe(1);
    expect((await remove(s.application.id, s.token)).status).toBe(204);
    expect((await remove(s.application.id, admin.token)).status).toBe(204);
  });

  test('409 INVALID_STATUS after CREATED (staff too); 403 another student or no permission; 404; 401', async () => {
    const voucher = await makeVoucher();
    const s = await applicant({ status: 'APPLIED' });
    await Application.update({ voucherId: voucher.id, voucherDiscount: 615 }, { where: { id: s.application.id } });
    for (const as of [s.token, admin.token]) expect((await remove(s.application.id, as)).body.code).toBe('INVALID_STATUS');
    expect((await Application.findByPk(s.application.id))?.voucherId).toBe(voucher.id);
    const other = await applicant();
    expect((await remove(other.application.id, s.token)).status).toBe(403);
    expect((await remove(other.application.id, supportToken)).status).toBe(403);
    expect((await remove(MISSING, admin.token)).status).toBe(404);
    expect((await request(t.app).delete(`/api/applications/${other.application.id}/promo_code`)).status).toBe(401);
  });
});

describe('helpers for other changes', () => {
  test('refreshTimesUsed recounts after an application leaves (CANCELLED) or comes back', async () => {
    const voucher = await makeVoucher();
    const a = await applicant();
    const b = await applicant();
    await apply(a.application.id, voucher.code, a.token);
    await apply(b.application.id, voucher.code, b.token);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(2);
    await Application.update({ status: 'CANCELLED' }, { where: { id: a.application.id } });
    await refreshTimesUsed([voucher.id, null]);
    expect((await Voucher.findByPk(voucher.id))?.timesUsed).toBe(1);
  });

  test('recomputeVoucherDiscount follows a new plan', async () => {
    const product = await makeEnrollableProduct();
    const other = await ProductPaymentPlan.create({
      productId: product.product.id,
      paymentPlanId: product.template.id,
      shortDescription: null,
      longDescription: null,
      salesforcePaymentPlanId: null,
      updatedById: null,
      updatedByName: null,
    });
    await PaymentPlanAdjustment.create({
      productPaymentPlanId: other.id,
      description: 'Kit',
      type: 'CHARGE',
      category: 'FEE',
      amount: 850,
      updatedById: null,
      updatedByName: null,
    });
    const s = await applicant({ product });
    await apply(s.application.id, (await makeVoucher()).code, s.token);
    await Application.update({ productPaymentPlanId: other.id }, { where: { id: s.application.id } });
    const cents = await t.deps.sequelize.transaction((transaction) => recomputeVoucherDiscount(s.application.id, transaction));
    expect(cents).toBe(70_000);
    expect(Number((await Application.findByPk(s.application.id))?.voucherDiscount)).toBe(700);
  });
});
