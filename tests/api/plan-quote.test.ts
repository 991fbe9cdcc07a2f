import request from 'supertest';
import { Application, PaymentPlanAdjustment, PaymentSchedule, ProductPaymentPlan, StudentPaymentPlan } from '../../models';
import { usd } from '../../api/envelopes/agreement';
import { crmIdle } from '../../api/integrations/crm';
import { setupApp, type TestApp } from '../support/app';
import { makeCategoryPlan } from '../support/catalogue-factories';
import { makeApplicant, makeApplication, makeEnrollableProduct, makeSignedEnvelope, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

/**
 * One quote of an application on a plan (issue 15, "Promo price"): the portal's plan step (GET
 * /applications/{id}/options), the agreement the student signs and the plan issued on ENROLLED all
 * take a PERCENT_OFF voucher's share of the chosen plan's own principal, whichever plan was chosen
 * before and however often the student switched.
 */

let t: TestApp;
let staffToken: string;
let product: EnrollableProduct;
/** The product's second plan: pay in full with a $500 credit (6000 + 150 fees − 500 = 5650 before the voucher). */
let payInFull: ProductPaymentPlan;

beforeAll(async () => {
  t = await setupApp();
  staffToken = (await makeAdmin(t.deps)).token;
  // The first plan (lowest id): deposit 500, 12 months at 9.9 %, 6000 + 150 fees = 6150 before the voucher.
  product = await makeEnrollableProduct({ flow: ['ENROLLMENT_AGREEMENT'] });
  payInFull = await ProductPaymentPlan.create({
    productId: product.product.id,
    paymentPlanId: (await makeCategoryPlan({ paymentPlanType: 'PAY_IN_FULL' })).id,
    shortDescription: 'Pay in full',
    longDescription: null,
    salesforcePaymentPlanId: null,
    updatedById: null,
    updatedByName: null,
  });
  await PaymentPlanAdjustment.create({
    productPaymentPlanId: payInFull.id,
    description: 'Pay-in-full discount',
    type: 'CREDIT',
    category: 'PROMO',
    amount: 500,
    updatedById: null,
    updatedByName: null,
  });
});
afterAll(async () => {
  await crmIdle();
  await t.close();
});

type Preview = { principal: number; deposit: number; interest: number; total: number; entries: Array<{ kind: string; amount: number }> };
type PlanOption = { id: number; voucherDiscount: number | null; preview: Preview | null };

const cents = (n: number) => Math.round(n * 100);

async function options(applicationId: number, token: string): Promise<Map<number, PlanOption>> {
  const res = await request(t.app).get(`/api/applications/${applicationId}/options`).set(bearer(token));
  expect(res.status).toBe(200);
  return new Map((res.body.paymentPlans as PlanOption[]).map((p) => [p.id, p]));
}

/** The text of the application's current agreement, as the student reads it on the agreement step. */
async function agreementText(applicationId: number, token: string): Promise<string> {
  const current = await request(t.app).post(`/api/applications/${applicationId}/envelopes`).set(bearer(token));
  expect(current.status).toBe(200);
  const envelope = await request(t.app).get(`/api/envelopes/${current.body.id}`).set(bearer(token));
  expect(envelope.status).toBe(200);
  return envelope.body.content as string;
}

describe('the quote of an application on a plan', () => {
  test('a PERCENT_OFF code applied before a plan is chosen: each plan previews its own discount; the agreement says the same after every switch; the issued plan too', async () => {
    const s = await makeApplicant(t.deps);
    const application = await makeApplication(s.student.id, product, { chosen: true, fields: { productPaymentPlanId: null } });
    const voucher = await makeVoucher({ discountKind: 'PERCENT_OFF', discountValue: 10 });
    const applied = await request(t.app).post(`/api/applications/${application.id}/promo_code`).set(bearer(s.token)).send({ code: voucher.code });
    expect(applied.status).toBe(200);

    // The plan step: 10 % of each plan's own principal (6150 → 615.00; 5650 → 565.00), in the preview and beside it.
    const offered = await options(application.id, s.token);
    const monthly = offered.get(product.productPlan.id)!;
    const full = offered.get(payInFull.id)!;
    expect(monthly.preview).toMatchObject({ principal: 5535, deposit: 500 });
    expect(full.preview).toMatchObject({ principal: 5085, deposit: 0, interest: 0, total: 5085 });
    expect(monthly.voucherDiscount).toBe(615);
    expect(full.voucherDiscount).toBe(565);

    // Choosing a plan, reading the agreement, going back and choosing another: the agreement always says what the plan step said.
    for (const [planId, option] of [
      [payInFull.id, full],
      [product.productPlan.id, monthly],
      [payInFull.id, full],
    ] as const) {
      const chosen = await request(t.app).put(`/api/applications/${application.id}`).set(bearer(s.token)).send({ productPaymentPlanId: planId });
      expect(chosen.status).toBe(200);
      expect(chosen.body.voucherDiscount).toBe(option.voucherDiscount);
      expect(Number((await Application.findByPk(application.id))!.voucherDiscount)).toBe(option.voucherDiscount);
      const again = (await options(application.id, s.token)).get(planId)!;
      expect(again).toMatchObject({ voucherDiscount: option.voucherDiscount, preview: option.preview });
      const text = await agreementText(application.id, s.token);
      expect(text).toContain(`Voucher discount (${voucher.code}): ${usd(-cents(option.voucherDiscount!))}`);
      expect(text).toContain(`Total principal: ${usd(cents(option.preview!.principal))}`);
      expect(text).toContain(`Total of payments: ${usd(cents(option.preview!.total))}`);
    }
    const finalChoice = await request(t.app).put(`/api/applications/${application.id}`).set(bearer(s.token)).send({ productPaymentPlanId: product.productPlan.id });
    expect(finalChoice.status).toBe(200);
    const text = await agreementText(application.id, s.token);
    const installment = monthly.preview!.entries.find((e) => e.kind === 'INSTALLMENT')!;
    expect(text).toMatch(new RegExp(`Installments: \\d+ monthly installments of \\${usd(cents(installment.amount))}`));
    expect(text).toContain(`Total of payments: ${usd(cents(monthly.preview!.total))}`);

    // Accepted by the school: the issued plan is the preview the student chose.
    await Application.update({ status: 'SIGNED' }, { where: { id: application.id } });
    await makeSignedEnvelope(application.id);
    const enrolled = await request(t.app).patch(`/api/applications/${application.id}/status`).query({ status: 'ENROLLED' }).set(bearer(staffToken));
    expect(enrolled.status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    expect(Number(plan.voucherDiscount)).toBe(615);
    expect(Number(plan.principalAmount)).toBe(monthly.preview!.principal);
    expect(Number(plan.totalInterest)).toBe(monthly.preview!.interest);
    expect(Number(plan.totalOwed)).toBe(monthly.preview!.total);
    expect(Number(plan.installmentAmount)).toBe(installment.amount);
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
    expect(entries.map((e) => Number(e.amount))).toEqual(monthly.preview!.entries.map((e) => e.amount));
  });

  test('an AMOUNT_OFF code and a plan already chosen: the chosen plan keeps the discount it was given; the others preview what choosing them gives', async () => {
    const s = await makeApplicant(t.deps);
    const application = await makeApplication(s.student.id, product, { chosen: true });
    const voucher = await makeVoucher({ discountKind: 'AMOUNT_OFF', discountValue: 6000 });
    expect((await request(t.app).post(`/api/applications/${application.id}/promo_code`).set(bearer(s.token)).send({ code: voucher.code })).body.voucherDiscount).toBe(6000);
    const offered = await options(application.id, s.token);
    // $6,000 off: all of the chosen plan's 6150 but 150; capped at the pay-in-full plan's 5650.
    expect(offered.get(product.productPlan.id)).toMatchObject({ voucherDiscount: 6000, preview: { principal: 150 } });
    expect(offered.get(payInFull.id)).toMatchObject({ voucherDiscount: 5650, preview: { principal: 0, total: 0 } });
  });

  test('without a code, every plan previews its own principal and no discount', async () => {
    const s = await makeApplicant(t.deps);
    const application = await makeApplication(s.student.id, product);
    const offered = await options(application.id, s.token);
    expect(offered.get(product.productPlan.id)).toMatchObject({ voucherDiscount: 0, preview: { principal: 6150 } });
    expect(offered.get(payInFull.id)).toMatchObject({ voucherDiscount: 0, preview: { principal: 5650 } });
  });
});
