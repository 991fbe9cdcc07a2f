import request from 'supertest';
import { ActivityLog, BusinessCategoryPaymentPlan, PaymentPlanAdjustment, Product, ProductPaymentPlan } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { categoryNamed, makeCategoryPlan, makeCohort, makeProduct } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const MISSING = 999_999;
const plansOf = (productId: number) => `/api/products/${productId}/product_payment_plans`;
const adjustmentsOf = (productId: number, planId: number) => `${plansOf(productId)}/${planId}/adjustments`;

type PlanDto = { id: number; productId: number; paymentPlanId: number; paymentPlan: { id: number; description: string }; adjustments: Array<{ id: number }> };

async function addPlan(productId: number, overrides: Record<string, unknown> = {}) {
  const template = await makeCategoryPlan({ tuitionPrice: 6000 });
  const res = await request(t.app)
    .post(plansOf(productId))
    .set(bearer(superToken))
    .send({ paymentPlanId: template.id, shortDescription: 'Pay in full', ...overrides });
  expect(res.status).toBe(201);
  return res.body as PlanDto;
}
async function addAdjustment(productId: number, planId: number, overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(adjustmentsOf(productId, planId))
    .set(bearer(superToken))
    .send({ description: unique('Adj '), type: 'CREDIT', category: 'SCHOLARSHIP', amount: 250, ...overrides });
  expect(res.status).toBe(201);
  return res.body as { id: number; description: string };
}
/** Plans and adjustments of a product as stored, to show a refused call changed nothing. */
async function stored(productId: number) {
  const plans = await ProductPaymentPlan.findAll({ where: { productId }, order: [['id', 'ASC']], raw: true });
  const adjustments = await PaymentPlanAdjustment.findAll({ where: { productPaymentPlanId: plans.map((p) => p.id) }, order: [['id', 'ASC']], raw: true });
  return { plans, adjustments };
}

describe('product payment plans', () => {
  test('POST adds a plan (201) with the template and no adjustments; stored and logged', async () => {
    const product = await makeProduct();
    const template = await makeCategoryPlan({ tuitionPrice: 4500.5 });
    const body = { paymentPlanId: template.id, shortDescription: 'In full', longDescription: 'Pay everything today', salesforcePaymentPlanId: 'SF-PP-1' };
    const res = await request(t.app).post(plansOf(product.id)).set(bearer(superToken)).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ productId: product.id, ...body, adjustments: [] });
    expect(res.body.paymentPlan).toMatchObject({ id: template.id, description: template.description, paymentPlanType: 'PAY_IN_FULL', tuitionPrice: 4500.5, totalTerm: 1 });
    const row = await ProductPaymentPlan.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ productId: product.id, ...body });
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('POST: 400 field errors (missing or unknown template, unknown field); 409 archived product; 401; 403 SUPPORT; 404 product; nothing stored', async () => {
    const product = await makeProduct();
    const archived = await makeProduct({ deleted: true });
    const template = await makeCategoryPlan();
    const bad = await request(t.app)
      .post(plansOf(product.id))
      .set(bearer(superToken))
      .send({ shortDescription: 'x'.repeat(256), extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ paymentPlanId: 'This field is required', shortDescription: 'Maximum 255 characters', extra: 'Unknown field' });
    const unknown = await request(t.app).post(plansOf(product.id)).set(bearer(superToken)).send({ paymentPlanId: MISSING });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ paymentPlanId: 'Invalid value' });
    const refused = await request(t.app).post(plansOf(archived.id)).set(bearer(superToken)).send({ paymentPlanId: template.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PRODUCT_ARCHIVED');
    const ok = { paymentPlanId: template.id };
    expect((await request(t.app).post(plansOf(product.id)).send(ok)).status).toBe(401);
    expect((await request(t.app).post(plansOf(product.id)).set(bearer(supportToken)).send(ok)).status).toBe(403);
    expect((await request(t.app).post(plansOf(MISSING)).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await stored(product.id)).plans).toEqual([]);
    expect((await stored(archived.id)).plans).toEqual([]);
  });

  test("GET lists only this product's plans with templates and adjustments (size 100); GET one; another product's plan is 404", async () => {
    const product = await makeProduct();
    const other = await makeProduct();
    const first = await addPlan(product.id);
    const second = await addPlan(product.id, { shortDescription: 'Monthly' });
    const foreign = await addPlan(other.id);
    const adj = await addAdjustment(product.id, first.id);
    const res = await request(t.app).get(plansOf(product.id)).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    expect(res.body.content.map((p: PlanDto) => p.id)).toEqual([first.id, second.id]);
    expect(res.body.content[0].adjustments.map((a: { id: number }) => a.id)).toEqual([adj.id]);
    expect(res.body.content[1].paymentPlan.id).toBe(second.paymentPlanId);
    const one = await request(t.app)
      .get(`${plansOf(product.id)}/${second.id}`)
      .set(bearer(supportToken));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: second.id, shortDescription: 'Monthly', adjustments: [] });
    expect(
      (
        await request(t.app)
          .get(`${plansOf(product.id)}/${foreign.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`${plansOf(MISSING)}/${first.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(plansOf(MISSING)).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(plansOf(product.id))).status).toBe(401);
    expect((await request(t.app).get(plansOf(product.id)).set(bearer(studentToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${plansOf(product.id)}/${first.id}`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${plansOf(product.id)}?sortBy=nope`)
          .set(bearer(superToken))
      ).status,
    ).toBe(400);
  });

  test('PUT changes template and texts; 400; 404 another product; 409 archived; 401; 403; unchanged on refusals', async () => {
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const next = await makeCategoryPlan();
    const res = await request(t.app)
      .put(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken))
      .send({ paymentPlanId: next.id, shortDescription: 'Changed', longDescription: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plan.id, paymentPlanId: next.id, shortDescription: 'Changed', longDescription: null, paymentPlan: { id: next.id } });
    expect((await ProductPaymentPlan.findByPk(plan.id))?.get({ plain: true })).toMatchObject({ paymentPlanId: next.id, shortDescription: 'Changed', longDescription: null });
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: plan.id, type: 'UPDATED' } })).toBe(1);

    const before = await stored(product.id);
    const other = await makeProduct();
    const bad = await request(t.app)
      .put(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken))
      .send({ paymentPlanId: MISSING });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ paymentPlanId: 'Invalid value' });
    expect(
      (
        await request(t.app)
          .put(`${plansOf(other.id)}/${plan.id}`)
          .set(bearer(superToken))
          .send({ paymentPlanId: next.id })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .put(`${plansOf(product.id)}/${plan.id}`)
          .send({ paymentPlanId: next.id })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(t.app)
          .put(`${plansOf(product.id)}/${plan.id}`)
          .set(bearer(supportToken))
          .send({ paymentPlanId: next.id })
      ).status,
    ).toBe(403);
    await Product.update({ deleted: true }, { where: { id: product.id } });
    const archived = await request(t.app)
      .put(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken))
      .send({ paymentPlanId: next.id, shortDescription: 'Nope' });
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PRODUCT_ARCHIVED');
    expect(await stored(product.id)).toEqual(before);
  });

  test('DELETE removes the plan and its adjustments (204); the last plan of a published product is 409 PRODUCT_PUBLISH_REQUIREMENTS', async () => {
    const cohort = await makeCohort();
    const product = await makeProduct({ cohorts: [cohort] });
    const keep = await addPlan(product.id);
    const drop = await addPlan(product.id);
    await addAdjustment(product.id, drop.id);
    await request(t.app).post(`/api/products/${product.id}/publish`).set(bearer(superToken)).expect(200);

    const res = await request(t.app)
      .delete(`${plansOf(product.id)}/${drop.id}`)
      .set(bearer(superToken));
    expect(res.status).toBe(204);
    expect(await ProductPaymentPlan.findByPk(drop.id)).toBeNull();
    expect(await PaymentPlanAdjustment.count({ where: { productPaymentPlanId: drop.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: drop.id, type: 'DELETED' } })).toBe(1);

    const before = await stored(product.id);
    const last = await request(t.app)
      .delete(`${plansOf(product.id)}/${keep.id}`)
      .set(bearer(superToken));
    expect(last.status).toBe(409);
    expect(last.body).toEqual({
      status: 409,
      code: 'PRODUCT_PUBLISH_REQUIREMENTS',
      message: 'A product needs a payment plan and a product item to be published',
      requestId: expect.any(String),
    });
    expect(await stored(product.id)).toEqual(before);

    // Unpublished, the last plan may go.
    await request(t.app).post(`/api/products/${product.id}/publish?publish=false`).set(bearer(superToken)).expect(200);
    expect(
      (
        await request(t.app)
          .delete(`${plansOf(product.id)}/${keep.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(204);
    expect((await stored(product.id)).plans).toEqual([]);
  });

  test('DELETE: 401; 403 SUPPORT; 404 another product or missing; 409 archived product; unchanged', async () => {
    const product = await makeProduct();
    const other = await makeProduct();
    const plan = await addPlan(product.id);
    expect((await request(t.app).delete(`${plansOf(product.id)}/${plan.id}`)).status).toBe(401);
    expect(
      (
        await request(t.app)
          .delete(`${plansOf(product.id)}/${plan.id}`)
          .set(bearer(supportToken))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`${plansOf(other.id)}/${plan.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .delete(`${plansOf(product.id)}/${MISSING}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    await Product.update({ deleted: true }, { where: { id: product.id } });
    const archived = await request(t.app)
      .delete(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken));
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PRODUCT_ARCHIVED');
    expect(await ProductPaymentPlan.findByPk(plan.id)).not.toBeNull();
  });

  test('a business-category plan used by a product cannot be deleted: 409 PAYMENT_PLAN_IN_USE, still there', async () => {
    const category = await categoryNamed('HCTP');
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const res = await request(t.app).delete(`/api/business_categories/${category.id}/payment_plans/${plan.paymentPlanId}`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409, code: 'PAYMENT_PLAN_IN_USE', message: 'The payment plan is used by products', requestId: expect.any(String) });
    expect(await BusinessCategoryPaymentPlan.findByPk(plan.paymentPlanId)).not.toBeNull();
    // Once no product uses it, it can go.
    await request(t.app)
      .delete(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken))
      .expect(204);
    expect((await request(t.app).delete(`/api/business_categories/${category.id}/payment_plans/${plan.paymentPlanId}`).set(bearer(superToken))).status).toBe(204);
    expect(await BusinessCategoryPaymentPlan.findByPk(plan.paymentPlanId)).toBeNull();
  });
});

describe('payment plan adjustments', () => {
  test('POST adds an adjustment (201) in dollars; stored and logged; it shows in the plan', async () => {
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const res = await request(t.app)
      .post(adjustmentsOf(product.id, plan.id))
      .set(bearer(superToken))
      .send({ description: 'Early bird', type: 'CREDIT', category: 'PROMO', amount: '150.25' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ productPaymentPlanId: plan.id, description: 'Early bird', type: 'CREDIT', category: 'PROMO', amount: 150.25 });
    const row = await PaymentPlanAdjustment.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ productPaymentPlanId: plan.id, description: 'Early bird', type: 'CREDIT', category: 'PROMO' });
    expect(Number(row?.amount)).toBe(150.25);
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
    const withIt = await request(t.app)
      .get(`${plansOf(product.id)}/${plan.id}`)
      .set(bearer(superToken));
    expect(withIt.body.adjustments).toEqual([expect.objectContaining({ id: res.body.id, amount: 150.25 })]);
  });

  test('POST: 400 field errors (amount must be above zero); 404 plan of another product; 409 archived; 401; 403; nothing stored', async () => {
    const product = await makeProduct();
    const other = await makeProduct();
    const plan = await addPlan(product.id);
    const url = adjustmentsOf(product.id, plan.id);
    const missing = await request(t.app).post(url).set(bearer(superToken)).send({ extra: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      description: 'This field is required',
      type: 'This field is required',
      category: 'This field is required',
      amount: 'This field is required',
      extra: 'Unknown field',
    });
    for (const amount of [0, -5, 1.234, 'ten']) {
      const bad = await request(t.app).post(url).set(bearer(superToken)).send({ description: 'x', type: 'CHARGE', category: 'FEE', amount });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ amount: 'Invalid value' });
    }
    const badEnums = await request(t.app).post(url).set(bearer(superToken)).send({ description: 'x', type: 'DEBIT', category: 'GIFT', amount: 1 });
    expect(badEnums.body.errors).toEqual({ type: 'Invalid value', category: 'Invalid value' });
    const ok = { description: 'x', type: 'CHARGE', category: 'FEE', amount: 10 };
    expect((await request(t.app).post(adjustmentsOf(other.id, plan.id)).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await request(t.app).post(adjustmentsOf(product.id, MISSING)).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await request(t.app).post(url).send(ok)).status).toBe(401);
    expect((await request(t.app).post(url).set(bearer(supportToken)).send(ok)).status).toBe(403);
    await Product.update({ deleted: true }, { where: { id: product.id } });
    const archived = await request(t.app).post(url).set(bearer(superToken)).send(ok);
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PRODUCT_ARCHIVED');
    expect((await stored(product.id)).adjustments).toEqual([]);
  });

  test("GET lists this plan's adjustments (size 100) and one; another plan's adjustment is 404; 401; 403 student", async () => {
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const otherPlan = await addPlan(product.id);
    const a = await addAdjustment(product.id, plan.id, { type: 'CHARGE', category: 'FEE', amount: 75 });
    const b = await addAdjustment(product.id, plan.id);
    const foreign = await addAdjustment(product.id, otherPlan.id);
    const res = await request(t.app).get(adjustmentsOf(product.id, plan.id)).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    expect(res.body.content.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const one = await request(t.app)
      .get(`${adjustmentsOf(product.id, plan.id)}/${a.id}`)
      .set(bearer(supportToken));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: a.id, type: 'CHARGE', category: 'FEE', amount: 75 });
    expect(
      (
        await request(t.app)
          .get(`${adjustmentsOf(product.id, plan.id)}/${foreign.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(adjustmentsOf(MISSING, plan.id)).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(adjustmentsOf(product.id, plan.id))).status).toBe(401);
    expect((await request(t.app).get(adjustmentsOf(product.id, plan.id)).set(bearer(studentToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .get(`${adjustmentsOf(product.id, plan.id)}/${a.id}`)
          .set(bearer(studentToken))
      ).status,
    ).toBe(403);
  });

  test('PUT updates (200, logged); 400; 404 another plan; 409 archived; 401; 403; unchanged on refusals', async () => {
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const otherPlan = await addPlan(product.id);
    const adj = await addAdjustment(product.id, plan.id);
    const url = `${adjustmentsOf(product.id, plan.id)}/${adj.id}`;
    const res = await request(t.app).put(url).set(bearer(superToken)).send({ description: 'Late fee', type: 'CHARGE', category: 'FEE', amount: 35.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: adj.id, description: 'Late fee', type: 'CHARGE', category: 'FEE', amount: 35.5 });
    const log = await ActivityLog.findOne({ where: { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: adj.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ amount: { from: 250, to: 35.5 }, type: { from: 'CREDIT', to: 'CHARGE' } });

    const before = await stored(product.id);
    const ok = { description: 'x', type: 'CREDIT', category: 'OTHER', amount: 1 };
    const bad = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send({ ...ok, amount: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ amount: 'Invalid value' });
    expect(
      (
        await request(t.app)
          .put(`${adjustmentsOf(product.id, otherPlan.id)}/${adj.id}`)
          .set(bearer(superToken))
          .send(ok)
      ).status,
    ).toBe(404);
    expect((await request(t.app).put(url).send(ok)).status).toBe(401);
    expect((await request(t.app).put(url).set(bearer(supportToken)).send(ok)).status).toBe(403);
    await Product.update({ deleted: true }, { where: { id: product.id } });
    const archived = await request(t.app).put(url).set(bearer(superToken)).send(ok);
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PRODUCT_ARCHIVED');
    expect(await stored(product.id)).toEqual(before);
  });

  test('DELETE removes it (204, logged); 404 another plan; 409 archived; 401; 403', async () => {
    const product = await makeProduct();
    const plan = await addPlan(product.id);
    const otherPlan = await addPlan(product.id);
    const gone = await addAdjustment(product.id, plan.id);
    const kept = await addAdjustment(product.id, plan.id);
    const url = (id: number) => `${adjustmentsOf(product.id, plan.id)}/${id}`;
    expect((await request(t.app).delete(url(gone.id))).status).toBe(401);
    expect((await request(t.app).delete(url(gone.id)).set(bearer(supportToken))).status).toBe(403);
    expect(
      (
        await request(t.app)
          .delete(`${adjustmentsOf(product.id, otherPlan.id)}/${gone.id}`)
          .set(bearer(superToken))
      ).status,
    ).toBe(404);
    expect((await request(t.app).delete(url(gone.id)).set(bearer(superToken))).status).toBe(204);
    expect(await PaymentPlanAdjustment.findByPk(gone.id)).toBeNull();
    expect(await ActivityLog.count({ where: { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: gone.id, type: 'DELETED' } })).toBe(1);
    expect((await request(t.app).delete(url(gone.id)).set(bearer(superToken))).status).toBe(404);
    await Product.update({ deleted: true }, { where: { id: product.id } });
    const archived = await request(t.app).delete(url(kept.id)).set(bearer(superToken));
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe('PRODUCT_ARCHIVED');
    expect(await PaymentPlanAdjustment.findByPk(kept.id)).not.toBeNull();
  });
});
