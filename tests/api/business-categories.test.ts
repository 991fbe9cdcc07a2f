import request from 'supertest';
import { AccountingLine, ActivityLog, BusinessCategory, BusinessCategoryPaymentPlan } from '../../models';
import { BusinessCategoryName } from '../../models/enums';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let supportToken: string;
let financeToken: string;
let finance: Awaited<ReturnType<typeof makeAdmin>>;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
  financeToken = finance.token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/business_categories';
async function categoryId(name: string): Promise<number> {
  const row = await BusinessCategory.findOne({ where: { name } });
  if (!row) throw new Error(`category ${name} missing`);
  return row.id;
}
const MISSING = 999_999;

async function makeLine(catId: number, overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(`${BASE}/${catId}/accounting_lines`)
    .set(bearer(superToken))
    .send({ description: unique('Line'), type: 'CHARGE', category: 'FEE', ...overrides });
  expect(res.status).toBe(201);
  return res.body as { id: number; description: string };
}
async function makePlan(catId: number, overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(`${BASE}/${catId}/payment_plans`)
    .set(bearer(superToken))
    .send({ description: unique('Plan'), tuitionPrice: 1000, ...overrides });
  expect(res.status).toBe(201);
  return res.body as { id: number; description: string; businessCategoryId: number };
}

describe('GET /api/business_categories', () => {
  test('the 11 categories, 20 a page sorted by NAME by default, in the contract shape', async () => {
    const res = await request(t.app).get(BASE).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 11, page: 0, size: 20 });
    expect(res.body.content.map((c: { name: string }) => c.name)).toEqual([...BusinessCategoryName].sort());
    const hctp = res.body.content.find((c: { name: string }) => c.name === 'HCTP');
    expect(Object.keys(hctp).sort()).toEqual(['d2LUserType', 'description', 'id', 'name', 'updatedAt', 'updatedBy']);
    expect(hctp.description).toBe('Health Coach Training Program');
    expect(Object.keys(hctp.d2LUserType).sort()).toEqual(['code', 'displayName', 'identifier']);
  });

  test('descending and keyword work; an unknown sortBy is 400', async () => {
    const desc = await request(t.app).get(`${BASE}?sortBy=NAME&descending=true&size=2`).set(bearer(superToken));
    expect(desc.status).toBe(200);
    expect(desc.body.content.map((c: { name: string }) => c.name)).toEqual(['SPECIALTY', 'SELLING_GUIDES']);
    expect(desc.body.pagination).toEqual({ total: 11, page: 0, size: 2 });
    const kw = await request(t.app).get(`${BASE}?keyword=CHOPRA`).set(bearer(superToken));
    expect(kw.body.content.map((c: { name: string }) => c.name)).toEqual(['CHOPRA_ENRICHMENT_FOUNDATION', 'CHOPRA_MASTERY']);
    const bad = await request(t.app).get(`${BASE}?sortBy=password`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['sortBy']);
  });

  test('401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });

  test('categories are fixed: no create, no delete (404), nothing changes', async () => {
    const post = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: 'NEW_ONE', description: 'x' });
    expect(post.status).toBe(404);
    const id = await categoryId('SAMPLE_CLASS');
    expect((await request(t.app).delete(`${BASE}/${id}`).set(bearer(superToken))).status).toBe(404);
    expect(await BusinessCategory.count()).toBe(11);
    expect(await BusinessCategory.findByPk(id)).not.toBeNull();
  });
});

describe('GET /api/business_categories/:id', () => {
  test('one category; 404 when missing; 400 for a bad id; 401; 403 for a student', async () => {
    const id = await categoryId('CIP');
    const res = await request(t.app).get(`${BASE}/${id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'CIP', description: 'Coaching intensive practicum' });
    const missing = await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const bad = await request(t.app).get(`${BASE}/abc`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ id: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/${id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${id}`).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('PUT /api/business_categories/:id', () => {
  test('FINANCE changes description and D2L user type; the name stays; the change is logged', async () => {
    const id = await categoryId('ADVANCED');
    const body = { id, name: 'ADVANCED', description: 'Advanced certifications', d2LUserType: { code: 'ADV', displayName: 'Advanced learner', identifier: '110' } };
    const res = await request(t.app).put(`${BASE}/${id}`).set(bearer(financeToken)).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'ADVANCED',
      description: 'Advanced certifications',
      d2LUserType: { code: 'ADV', displayName: 'Advanced learner', identifier: '110' },
    });
    expect(res.body.updatedBy).toEqual({ id: finance.user.id, name: `${finance.admin.firstName} ${finance.admin.lastName}` });
    const row = await BusinessCategory.findByPk(id);
    expect(row?.get({ plain: true })).toMatchObject({
      name: 'ADVANCED',
      description: 'Advanced certifications',
      d2lUserTypeCode: 'ADV',
      d2lUserTypeDisplayName: 'Advanced learner',
      d2lUserTypeIdentifier: '110',
      updatedById: finance.user.id,
    });
    const log = await ActivityLog.findOne({ where: { entityType: 'BUSINESS_CATEGORY', entityId: id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ description: { from: 'Advanced certifications for graduated coaches', to: 'Advanced certifications' } });

    // Clearing the D2L user type (null) empties its three columns.
    const cleared = await request(t.app).put(`${BASE}/${id}`).set(bearer(superToken)).send({ description: 'Advanced', d2LUserType: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.d2LUserType).toEqual({ code: null, displayName: null, identifier: null });
    expect((await BusinessCategory.findByPk(id))?.d2lUserTypeCode).toBeNull();
  });

  test('bad input is 400 with field errors and changes nothing', async () => {
    const id = await categoryId('SPECIALTY');
    const res = await request(t.app)
      .put(`${BASE}/${id}`)
      .set(bearer(superToken))
      .send({ description: 'x'.repeat(256), d2LUserType: { code: 'y'.repeat(41), other: 1 }, extra: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      description: 'Maximum 255 characters',
      'd2LUserType.code': 'Maximum 40 characters',
      'd2LUserType.other': 'Unknown field',
      extra: 'Unknown field',
    });
    const mismatch = await request(t.app)
      .put(`${BASE}/${id}`)
      .set(bearer(superToken))
      .send({ id: id + 1, description: 'z' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ id: 'Invalid value' });
    expect((await BusinessCategory.findByPk(id))?.description).toBe('Specialty courses');
  });

  test('renaming is 409 BUSINESS_CATEGORY_NAME_FIXED and changes nothing', async () => {
    const id = await categoryId('HCTP_ALUMNI');
    const res = await request(t.app).put(`${BASE}/${id}`).set(bearer(superToken)).send({ name: 'ALUMNI', description: 'Renamed' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('BUSINESS_CATEGORY_NAME_FIXED');
    const row = await BusinessCategory.findByPk(id);
    expect(row?.name).toBe('HCTP_ALUMNI');
    expect(row?.description).toBe('Courses for Health Coach Training Program alumni');
  });

  test('401 without a token; 403 for SUPPORT (read-only); 404 when missing', async () => {
    const id = await categoryId('POST_GRAD_MATERIALS');
    expect((await request(t.app).put(`${BASE}/${id}`).send({ description: 'x' })).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${id}`).set(bearer(supportToken)).send({ description: 'x' })).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send({ description: 'x' })).status).toBe(404);
    expect((await BusinessCategory.findByPk(id))?.description).toBe('Post-graduation materials');
  });
});

describe('accounting lines', () => {
  test('POST creates a line (201) stored under its category', async () => {
    const id = await categoryId('HCTP');
    const description = unique('Registration fee');
    const res = await request(t.app).post(`${BASE}/${id}/accounting_lines`).set(bearer(superToken)).send({ description, type: 'CHARGE', category: 'FEE' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ businessCategoryId: id, description, type: 'CHARGE', category: 'FEE' });
    const row = await AccountingLine.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ businessCategoryId: id, description, type: 'CHARGE', category: 'FEE' });
  });

  test('POST: bad input 400 with field errors, nothing stored; 401; 403 SUPPORT; 404 missing category', async () => {
    const id = await categoryId('HCTP');
    const before = await AccountingLine.count();
    const bad = await request(t.app).post(`${BASE}/${id}/accounting_lines`).set(bearer(superToken)).send({ description: ' ', type: 'DEBIT', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ description: 'This field is required', type: 'Invalid value', category: 'This field is required', extra: 'Unknown field' });
    const ok = { description: 'x', type: 'CREDIT', category: 'PROMO' };
    expect((await request(t.app).post(`${BASE}/${id}/accounting_lines`).send(ok)).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${id}/accounting_lines`).set(bearer(supportToken)).send(ok)).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${MISSING}/accounting_lines`).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect(await AccountingLine.count()).toBe(before);
  });

  test("GET lists only this category's lines; 401; 403 student; 404 missing category", async () => {
    const hctp = await categoryId('HCTP');
    const cip = await categoryId('CIP');
    const mine = await makeLine(hctp, { type: 'CREDIT', category: 'SCHOLARSHIP' });
    const other = await makeLine(cip);
    const res = await request(t.app).get(`${BASE}/${hctp}/accounting_lines`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 0, size: 100 });
    const ids = res.body.content.map((l: { id: number }) => l.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(res.body.content.every((l: { businessCategoryId: number }) => l.businessCategoryId === hctp)).toBe(true);
    expect(res.body.pagination.total).toBe(await AccountingLine.count({ where: { businessCategoryId: hctp } }));
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines`).set(bearer(studentToken))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${MISSING}/accounting_lines`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines?sortBy=nope`).set(bearer(superToken))).status).toBe(400);
  });

  test('GET one; a line of another category is 404; 400 bad id; 401; 403 student', async () => {
    const hctp = await categoryId('HCTP');
    const cip = await categoryId('CIP');
    const line = await makeLine(hctp);
    const res = await request(t.app).get(`${BASE}/${hctp}/accounting_lines/${line.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: line.id, businessCategoryId: hctp, description: line.description, type: 'CHARGE', category: 'FEE' });
    expect((await request(t.app).get(`${BASE}/${cip}/accounting_lines/${line.id}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines/0`).set(bearer(superToken))).body.errors).toEqual({ lineId: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines/${line.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${hctp}/accounting_lines/${line.id}`).set(bearer(studentToken))).status).toBe(403);
  });

  test('PUT updates (FINANCE); 400; 401; 403 SUPPORT; 404 for another category, nothing changes', async () => {
    const hctp = await categoryId('HCTP');
    const cip = await categoryId('CIP');
    const line = await makeLine(hctp);
    const res = await request(t.app)
      .put(`${BASE}/${hctp}/accounting_lines/${line.id}`)
      .set(bearer(financeToken))
      .send({ description: 'Sales tax', type: 'CHARGE', category: 'TAX' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: line.id, description: 'Sales tax', type: 'CHARGE', category: 'TAX' });
    expect((await AccountingLine.findByPk(line.id))?.get({ plain: true })).toMatchObject({ description: 'Sales tax', category: 'TAX', businessCategoryId: hctp });

    const bad = await request(t.app).put(`${BASE}/${hctp}/accounting_lines/${line.id}`).set(bearer(superToken)).send({ description: 'X', type: 'CREDIT', category: 'BONUS' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ category: 'Invalid value' });
    const ok = { description: 'Changed', type: 'CREDIT', category: 'REFUND' };
    expect((await request(t.app).put(`${BASE}/${hctp}/accounting_lines/${line.id}`).send(ok)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${hctp}/accounting_lines/${line.id}`).set(bearer(supportToken)).send(ok)).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${cip}/accounting_lines/${line.id}`).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${hctp}/accounting_lines/${MISSING}`).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await AccountingLine.findByPk(line.id))?.get({ plain: true })).toMatchObject({ description: 'Sales tax', type: 'CHARGE', category: 'TAX', businessCategoryId: hctp });
  });
});

describe('payment plans', () => {
  const interestBearing = {
    paymentPlanType: 'INTEREST_BEARING',
    paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT',
    installmentAmount: 250.5,
    depositAmount: 99.99,
    interestRate: 5.25,
    annualPercentageRate: 5.3751,
    tuitionPrice: 6000,
    totalTerm: 24,
    amortizeTerm: 12,
    principalAmount: 5900.01,
    salesforcePaymentPlanId: 'a0X000000001',
  };

  test('POST creates an interest-bearing plan (201); money and rates are numbers in JSON and in the database', async () => {
    const id = await categoryId('SPECIALTY');
    const description = unique('24 months');
    const res = await request(t.app)
      .post(`${BASE}/${id}/payment_plans`)
      .set(bearer(superToken))
      .send({ description, ...interestBearing });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ businessCategoryId: id, description, ...interestBearing });
    const row = await BusinessCategoryPaymentPlan.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ businessCategoryId: id, description, ...interestBearing });
    const fetched = await request(t.app).get(`${BASE}/${id}/payment_plans/${res.body.id}`).set(bearer(supportToken));
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: res.body.id, businessCategoryId: id, description, ...interestBearing });
    expect(typeof fetched.body.tuitionPrice).toBe('number');
  });

  test('defaults: PAY_IN_FULL, FIXED_TERMS, totalTerm 1, amortizeTerm 0; PAY_IN_FULL is forced whatever was sent', async () => {
    const id = await categoryId('SPECIALTY');
    const plain = await request(t.app).post(`${BASE}/${id}/payment_plans`).set(bearer(superToken)).send({ description: 'Pay in full', tuitionPrice: '1999.90' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
      amortizeTerm: 0,
      tuitionPrice: 1999.9,
      installmentAmount: null,
    });
    const forced = await request(t.app)
      .post(`${BASE}/${id}/payment_plans`)
      .set(bearer(superToken))
      .send({ description: 'Forced', paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT', totalTerm: 12, amortizeTerm: 1 });
    expect(forced.status).toBe(201);
    expect(forced.body).toMatchObject({ paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', totalTerm: 1, amortizeTerm: 1 });
    expect((await BusinessCategoryPaymentPlan.findByPk(forced.body.id))?.get({ plain: true })).toMatchObject({
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
    });
  });

  test.each([
    [{ paymentPlanType: 'INTEREST_BEARING' }, { paymentScheduleType: 'This field is required' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', totalTerm: 0 }, { totalTerm: 'Invalid value' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT', totalTerm: 6 }, { installmentAmount: 'This field is required' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_INSTALLMENT_AMOUNT', installmentAmount: 0 }, { installmentAmount: 'Invalid value' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT' }, { principalAmount: 'This field is required' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT', principalAmount: 0 }, { principalAmount: 'Invalid value' }],
    [{ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', totalTerm: 6, amortizeTerm: 7 }, { amortizeTerm: 'Invalid value' }],
    [{ amortizeTerm: 2 }, { amortizeTerm: 'Invalid value' }],
    [
      { tuitionPrice: -1, depositAmount: 10.001, installmentAmount: 'abc', interestRate: 100.5, totalTerm: 1.5, amortizeTerm: -1 },
      {
        tuitionPrice: 'Invalid value',
        depositAmount: 'Invalid value',
        installmentAmount: 'Invalid value',
        interestRate: 'Invalid value',
        totalTerm: 'Invalid value',
        amortizeTerm: 'Invalid value',
      },
    ],
    [
      { description: '', paymentPlanType: 'MONTHLY', extra: 1 },
      { description: 'This field is required', paymentPlanType: 'Invalid value', extra: 'Unknown field' },
    ],
  ])('POST %j is 400 %j and stores nothing', async (body, errors) => {
    const id = await categoryId('SPECIALTY');
    const before = await BusinessCategoryPaymentPlan.count();
    const res = await request(t.app)
      .post(`${BASE}/${id}/payment_plans`)
      .set(bearer(superToken))
      .send({ description: 'Plan', ...body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual(errors);
    expect(await BusinessCategoryPaymentPlan.count()).toBe(before);
  });

  test('POST: 401; 403 SUPPORT; 404 missing category; nothing stored', async () => {
    const id = await categoryId('SPECIALTY');
    const before = await BusinessCategoryPaymentPlan.count();
    expect((await request(t.app).post(`${BASE}/${id}/payment_plans`).send({ description: 'x' })).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${id}/payment_plans`).set(bearer(supportToken)).send({ description: 'x' })).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${MISSING}/payment_plans`).set(bearer(superToken)).send({ description: 'x' })).status).toBe(404);
    expect(await BusinessCategoryPaymentPlan.count()).toBe(before);
  });

  test("GET /:id/payment_plans: page 0 size 100, only this category's plans; 401; 403 student; 404", async () => {
    const cm = await categoryId('CHOPRA_MASTERY');
    const cef = await categoryId('CHOPRA_ENRICHMENT_FOUNDATION');
    const a = await makePlan(cm);
    const b = await makePlan(cm, interestBearing);
    const other = await makePlan(cef);
    const res = await request(t.app).get(`${BASE}/${cm}/payment_plans`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: await BusinessCategoryPaymentPlan.count({ where: { businessCategoryId: cm } }), page: 0, size: 100 });
    const ids = res.body.content.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(other.id);
    const onlyInterest = await request(t.app).get(`${BASE}/${cm}/payment_plans?paymentPlanType=INTEREST_BEARING`).set(bearer(superToken));
    expect(onlyInterest.body.content.map((p: { id: number }) => p.id)).toContain(b.id);
    expect(onlyInterest.body.content.map((p: { id: number }) => p.id)).not.toContain(a.id);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans`).set(bearer(studentToken))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${MISSING}/payment_plans`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans?paymentPlanType=X`).set(bearer(superToken))).body.errors).toEqual({ paymentPlanType: 'Invalid value' });
  });

  test('GET /payment_plans: every category, paged and filterable; 400; 401; 403 student', async () => {
    const sg = await categoryId('SELLING_GUIDES');
    const cmg = await categoryId('COURSE_MIGRATION');
    const a = await makePlan(sg);
    const b = await makePlan(cmg);
    const all = await request(t.app).get(`${BASE}/payment_plans?size=1000&sortBy=id&descending=true`).set(bearer(supportToken));
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(await BusinessCategoryPaymentPlan.count());
    expect(all.body.content.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const one = await request(t.app).get(`${BASE}/payment_plans?businessCategoryId=${sg}`).set(bearer(superToken));
    expect(one.body.content.map((p: { id: number }) => p.id)).toContain(a.id);
    expect(one.body.content.every((p: { businessCategoryId: number }) => p.businessCategoryId === sg)).toBe(true);
    const paged = await request(t.app).get(`${BASE}/payment_plans?size=1&page=0`).set(bearer(superToken));
    expect(paged.body.content).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ page: 0, size: 1 });
    expect((await request(t.app).get(`${BASE}/payment_plans?businessCategoryId=abc`).set(bearer(superToken))).body.errors).toEqual({ businessCategoryId: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/payment_plans`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/payment_plans`).set(bearer(studentToken))).status).toBe(403);
  });

  test('GET one: a plan of another category is 404; 401; 403 student', async () => {
    const cm = await categoryId('CHOPRA_MASTERY');
    const cip = await categoryId('CIP');
    const plan = await makePlan(cm);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(superToken))).body).toMatchObject({
      id: plan.id,
      businessCategoryId: cm,
      tuitionPrice: 1000,
    });
    expect((await request(t.app).get(`${BASE}/${cip}/payment_plans/${plan.id}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans/${plan.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(studentToken))).status).toBe(403);
  });

  test('PUT replaces the plan (FINANCE) and forces PAY_IN_FULL; 400; 401; 403 SUPPORT; 404 another category; nothing changes on refusal', async () => {
    const cm = await categoryId('CHOPRA_MASTERY');
    const cip = await categoryId('CIP');
    const plan = await makePlan(cm, interestBearing);
    const res = await request(t.app)
      .put(`${BASE}/${cm}/payment_plans/${plan.id}`)
      .set(bearer(financeToken))
      .send({ ...interestBearing, description: 'Now in full', paymentPlanType: 'PAY_IN_FULL', amortizeTerm: 0, tuitionPrice: 5000.25 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: plan.id,
      description: 'Now in full',
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 1,
      tuitionPrice: 5000.25,
    });
    const stored = { description: 'Now in full', paymentPlanType: 'PAY_IN_FULL', paymentScheduleType: 'FIXED_TERMS', totalTerm: 1, amortizeTerm: 0, tuitionPrice: 5000.25 };
    expect((await BusinessCategoryPaymentPlan.findByPk(plan.id))?.get({ plain: true })).toMatchObject(stored);

    const bad = await request(t.app)
      .put(`${BASE}/${cm}/payment_plans/${plan.id}`)
      .set(bearer(superToken))
      .send({ description: 'x', paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_PRINCIPAL_AMOUNT' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ principalAmount: 'This field is required' });
    const ok = { description: 'Changed' };
    expect((await request(t.app).put(`${BASE}/${cm}/payment_plans/${plan.id}`).send(ok)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(supportToken)).send(ok)).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${cip}/payment_plans/${plan.id}`).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${cm}/payment_plans/${MISSING}`).set(bearer(superToken)).send(ok)).status).toBe(404);
    expect((await BusinessCategoryPaymentPlan.findByPk(plan.id))?.get({ plain: true })).toMatchObject(stored);
  });

  test('DELETE removes the plan (204) and logs it; 401; 403 SUPPORT; 404 another category or missing', async () => {
    const cm = await categoryId('CHOPRA_MASTERY');
    const cip = await categoryId('CIP');
    const plan = await makePlan(cm);
    expect((await request(t.app).delete(`${BASE}/${cm}/payment_plans/${plan.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).delete(`${BASE}/${cip}/payment_plans/${plan.id}`).set(bearer(superToken))).status).toBe(404);
    expect(await BusinessCategoryPaymentPlan.findByPk(plan.id)).not.toBeNull();
    const res = await request(t.app).delete(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(superToken));
    expect(res.status).toBe(204);
    expect(await BusinessCategoryPaymentPlan.findByPk(plan.id)).toBeNull();
    expect(await ActivityLog.count({ where: { entityType: 'BUSINESS_CATEGORY_PAYMENT_PLAN', entityId: plan.id, type: 'DELETED' } })).toBe(1);
    expect((await request(t.app).delete(`${BASE}/${cm}/payment_plans/${plan.id}`).set(bearer(superToken))).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  test('describes the business-category endpoints with their permissions', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    expect(doc.paths['/api/business_categories/{id}/payment_plans/{planId}'].delete.description).toBe('Permission: `business_categories:delete`');
    expect(Object.keys(doc.paths['/api/business_categories/{id}']).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/business_categories/payment_plans'].get.tags).toEqual(['Business categories']);
  });
});
