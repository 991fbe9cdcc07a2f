import request from 'supertest';
import { PaymentPlanAdjustment, ProductPaymentPlan, Role } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProduct, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let financeToken: string;
beforeAll(async () => {
  t = await setupApp();
  financeToken = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
});
afterAll(() => t.close());

const URL = '/api/payment_plans/generate';
const calculator = {
  paymentPlanType: 'INTEREST_BEARING',
  paymentScheduleType: 'FIXED_TERMS',
  totalTerm: 12,
  annualPercentageRate: 0,
  tuitionPrice: 6000,
  registrationFee: 100,
  booksAndMaterialsFee: 250,
  depositAmount: 500,
  adjustments: [{ type: 'CREDIT', amount: 350 }],
  voucherDiscount: 0,
  firstDueDate: '01-31-2027',
};

describe('POST /api/payment_plans/generate', () => {
  test('the billing calculator: given terms give the deposit, then 12 monthly entries to the cent; nothing is saved', async () => {
    const plans = await ProductPaymentPlan.count();
    const res = await request(t.app).post(URL).set(bearer(financeToken)).send(calculator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ principal: 6000, deposit: 500, financed: 5500, interest: 0, total: 6000 });
    expect(res.body.entries).toHaveLength(13);
    expect(res.body.entries[0]).toEqual({ number: 1, kind: 'DEPOSIT', dueDate: '2027-01-31', principal: 500, interest: 0, amount: 500, balance: 5500 });
    expect(res.body.entries[1]).toMatchObject({ number: 2, kind: 'INSTALLMENT', dueDate: '2027-02-28', amount: 458.34 });
    // The last absorbs the rounding: 5500 − 11 × 458.34.
    expect(res.body.entries[12]).toMatchObject({ dueDate: '2028-01-31', amount: 458.26, balance: 0 });
    expect(await ProductPaymentPlan.count()).toBe(plans);
  });

  test("a product payment plan: its template's terms, its adjustments, the product's cost and its programs' fees", async () => {
    const program = await makeProgram({ registrationFee: 100, booksAndMaterialsFee: 250, cost: 6000 });
    const product = await makeProduct({ cost: 6000, cohorts: [await makeCohort({ program }), await makeCohort({ program })], withPlan: true });
    const plan = (await ProductPaymentPlan.findOne({ where: { productId: product.id } }))!;
    await PaymentPlanAdjustment.create({
      productPaymentPlanId: plan.id,
      description: 'Scholarship',
      type: 'CREDIT',
      category: 'SCHOLARSHIP',
      amount: 1000,
      updatedById: null,
      updatedByName: null,
    });
    const res = await request(t.app).post(URL).set(bearer(financeToken)).send({ productPaymentPlanId: plan.id, voucherDiscount: 50.5, firstDueDate: '2027-03-15' });
    expect(res.status).toBe(200);
    // Pay in full: 6000 (product cost, the template has no tuition) + 100 + 250 (one program, counted once) − 1000 − 50.50.
    expect(res.body).toMatchObject({ principal: 5299.5, total: 5299.5, interest: 0 });
    expect(res.body.entries).toEqual([{ number: 1, kind: 'INSTALLMENT', dueDate: '2027-03-15', principal: 5299.5, interest: 0, amount: 5299.5, balance: 0 }]);
  });

  test('bad input is 400 with field errors: missing tuition, an installment under the interest, terms beside a product plan, unknown fields', async () => {
    const noTuition = await request(t.app)
      .post(URL)
      .set(bearer(financeToken))
      .send({ ...calculator, tuitionPrice: null });
    expect(noTuition.status).toBe(400);
    expect(noTuition.body.errors).toEqual({ tuitionPrice: 'This field is required' });
    const tooSmall = await request(t.app)
      .post(URL)
      .set(bearer(financeToken))
      .send({ ...calculator, paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT', installmentAmount: 10, annualPercentageRate: 9.9 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.errors).toEqual({ installmentAmount: 'Invalid installment amount' });
    const mixed = await request(t.app).post(URL).set(bearer(financeToken)).send({ productPaymentPlanId: 1, tuitionPrice: 10 });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ tuitionPrice: 'Invalid value' });
    const unknown = await request(t.app)
      .post(URL)
      .set(bearer(financeToken))
      .send({ ...calculator, firstDueDate: '02-30-2027', extra: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ firstDueDate: 'Please type a valid date', extra: 'Unknown field' });
  });

  test('401 without a token; anyone signed in may preview (a student, staff without payment_plans:read); 404 for a missing product plan', async () => {
    expect((await request(t.app).post(URL).send(calculator)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await request(t.app).post(URL).set(bearer(student.token)).send(calculator)).status).toBe(200);
    const name = unique('ROLE_');
    await Role.create({ name, description: 'Students only', permissions: ['students:read'], system: false, updatedById: null, updatedByName: null });
    const narrow = await makeAdmin(t.deps, { roles: [name] });
    expect((await request(t.app).post(URL).set(bearer(narrow.token)).send(calculator)).status).toBe(200);
    const missing = await request(t.app).post(URL).set(bearer(financeToken)).send({ productPaymentPlanId: 99_999_999 });
    expect(missing.status).toBe(404);
  });
});
