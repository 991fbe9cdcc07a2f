import request from 'supertest';
import { ActivityLog, Product, ProductItem } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { registerArchiveGuard } from '../../api/catalogue/archive-guards';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProduct, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let supportToken: string;
let studentToken: string;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  superToken = admin.token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/products';
const MISSING = 999_999;

/** Today ± n days in the school's calendar (YYYY-MM-DD). */
function day(offset: number): string {
  const [y, m, d] = schoolToday().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

type Dto = {
  id: number;
  name: string;
  cohortIds: number[];
  published: boolean;
  deleted: boolean;
  enrolling: boolean;
  paymentPlanCount: number;
  flowType: string;
  cost: number | null;
};

async function createViaApi(overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(BASE)
    .set(bearer(superToken))
    .send({ name: unique('Product '), flowType: 'HCTP', cost: 100, ...overrides });
  expect(res.status).toBe(201);
  return res.body as Dto;
}

/** A snapshot of a product row and its items, to show a refused call changed nothing. */
async function snapshot(id: number) {
  const product = await Product.findByPk(id, { raw: true });
  const items = (await ProductItem.findAll({ where: { productId: id }, order: [['cohortId', 'ASC']], raw: true })).map((i) => i.cohortId);
  return { product, items };
}

describe('POST /api/products', () => {
  test('creates an unpublished product with its items (duplicates dropped); money in dollars; logged', async () => {
    const program = await makeProgram({ name: unique('HCTP ') });
    const late = await makeCohort({ program, startDate: '2031-03-01', endDate: '2031-12-01' });
    const early = await makeCohort({ program, startDate: '2030-03-01', endDate: '2030-12-01' });
    const name = unique('Product ');
    const body = {
      name,
      description: 'Twelve months',
      salesforceProductType: 'COURSE',
      salesforceProductId: 'SF-1',
      enrollmentAgreementUrl: 'https://example.com/agreement.pdf',
      cost: '6000.50',
      flowType: 'DYNAMIC',
      enrollingStartDate: '01-15-2030',
      enrollingEndDate: '2030-02-15',
      cohortIds: [late.id, early.id, late.id],
    };
    const res = await request(t.app).post(BASE).set(bearer(superToken)).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      description: 'Twelve months',
      salesforceProductType: 'COURSE',
      salesforceProductId: 'SF-1',
      enrollmentAgreementUrl: 'https://example.com/agreement.pdf',
      cost: 6000.5,
      flowType: 'DYNAMIC',
      enrollingStartDate: '2030-01-15',
      enrollingEndDate: '2030-02-15',
      enrolling: false,
      published: false,
      deleted: false,
      cohortIds: [early.id, late.id],
      paymentPlanCount: 0,
      updatedBy: { id: admin.user.id, name: `${admin.admin.firstName} ${admin.admin.lastName}` },
    });
    expect(res.body.cohorts).toEqual([
      { id: early.id, label: early.label, status: 'CREATED', startDate: '2030-03-01', endDate: '2030-12-01' },
      { id: late.id, label: late.label, status: 'CREATED', startDate: '2031-03-01', endDate: '2031-12-01' },
    ]);
    const row = await Product.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ name, flowType: 'DYNAMIC', published: false, deleted: false, enrollingStartDate: '2030-01-15', updatedById: admin.user.id });
    expect(Number(row?.cost)).toBe(6000.5);
    expect((await snapshot(res.body.id)).items).toEqual([late.id, early.id].sort((a, b) => a - b));
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('equal enrolling dates make a one-day window (enrolling today); no cohorts is allowed', async () => {
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ name: unique('Product '), flowType: 'HCTP', enrollingStartDate: day(0), enrollingEndDate: day(0) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ enrolling: true, cohortIds: [], cohorts: [], cost: null });
  });

  test('bad input is 400 with field errors and creates nothing', async () => {
    const name = unique('Bad ');
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({
        name,
        flowType: 'OTHER',
        cost: -1,
        enrollingStartDate: '02-30-2030',
        enrollingEndDate: 'soon',
        enrollmentAgreementUrl: 'not a url',
        cohortIds: ['x'],
        published: true,
      });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      flowType: 'Invalid value',
      cost: 'Invalid value',
      enrollingStartDate: 'Please type a valid date',
      enrollingEndDate: 'Please type a valid date',
      enrollmentAgreementUrl: 'Please type a valid URL',
      'cohortIds.0': 'Invalid value',
      published: 'Unknown field',
    });
    const missing = await request(t.app).post(BASE).set(bearer(superToken)).send({ cost: 1.005 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ name: 'This field is required', flowType: 'This field is required', cost: 'Invalid value' });
    expect(await Product.count({ where: { name } })).toBe(0);
  });

  test('a missing or archived cohort is 400 on cohortIds and creates nothing', async () => {
    const archived = await makeCohort({ deleted: true });
    const good = await makeCohort();
    const name = unique('Product ');
    for (const cohortIds of [
      [good.id, MISSING],
      [good.id, archived.id],
    ]) {
      const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ name, flowType: 'HCTP', cohortIds });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ cohortIds: 'Invalid value' });
    }
    expect(await Product.count({ where: { name } })).toBe(0);
    expect(await ProductItem.count({ where: { cohortId: good.id } })).toBe(0);
  });

  test('an enrolling start after the end is 409 PRODUCT_ENROLLMENT_WINDOW and creates nothing', async () => {
    const name = unique('Product ');
    const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ name, flowType: 'HCTP', enrollingStartDate: '2030-02-01', enrollingEndDate: '2030-01-31' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409, code: 'PRODUCT_ENROLLMENT_WINDOW', message: 'Product enrollment start must be before end', requestId: expect.any(String) });
    expect(await Product.count({ where: { name } })).toBe(0);
  });

  test('401 without a token; 403 for SUPPORT (read-only) and for a student', async () => {
    const name = unique('Product ');
    expect((await request(t.app).post(BASE).send({ name, flowType: 'HCTP' })).status).toBe(401);
    expect((await request(t.app).post(BASE).set(bearer(supportToken)).send({ name, flowType: 'HCTP' })).status).toBe(403);
    expect((await request(t.app).post(BASE).set(bearer(studentToken)).send({ name, flowType: 'HCTP' })).status).toBe(403);
    expect(await Product.count({ where: { name } })).toBe(0);
  });
});

describe('GET /api/products', () => {
  test('live products with cohorts and plan counts; archived ones only with deleted=true; keyword on name', async () => {
    const prefix = unique('Listed');
    const cohort = await makeCohort();
    const a = await makeProduct({ name: `${prefix} A`, cohorts: [cohort], withPlan: true });
    const b = await makeProduct({ name: `${prefix} B`, cost: 10 });
    const gone = await makeProduct({ name: `${prefix} C`, deleted: true });
    const res = await request(t.app).get(`${BASE}?keyword=${prefix}&sortBy=NAME`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(res.body.content.map((p: Dto) => p.id)).toEqual([a.id, b.id]);
    expect(res.body.content[0]).toMatchObject({ cohortIds: [cohort.id], paymentPlanCount: 1, cost: 6000, deleted: false, enrolling: false });
    expect(res.body.content[0].cohorts).toEqual([{ id: cohort.id, label: cohort.label, status: 'CREATED', startDate: cohort.startDate, endDate: cohort.endDate }]);
    expect(res.body.content[1]).toMatchObject({ cohortIds: [], paymentPlanCount: 0, cost: 10 });
    expect(Object.keys(res.body.content[0]).sort()).toEqual([
      'cohortIds',
      'cohorts',
      'cost',
      'createdAt',
      'deleted',
      'description',
      'enrolling',
      'enrollingEndDate',
      'enrollingStartDate',
      'enrollmentAgreementUrl',
      'flowType',
      'id',
      'name',
      'paymentPlanCount',
      'published',
      'salesforceProductId',
      'salesforceProductType',
      'updatedAt',
      'updatedBy',
    ]);
    const archived = await request(t.app).get(`${BASE}?keyword=${prefix}&deleted=true`).set(bearer(superToken));
    expect(archived.body.content.map((p: Dto) => p.id)).toEqual([gone.id]);
    expect(archived.body.content[0].deleted).toBe(true);
  });

  test('sorts by cost descending and by UPPER aliases; size up to 2000; bad sortBy 400', async () => {
    const prefix = unique('Sorted');
    const cheap = await makeProduct({ name: `${prefix} cheap`, cost: 5 });
    const dear = await makeProduct({ name: `${prefix} dear`, cost: 500 });
    const res = await request(t.app).get(`${BASE}?keyword=${prefix}&sortBy=COST&descending=true&size=2000`).set(bearer(superToken));
    expect(res.status).toBe(200);
    expect(res.body.content.map((p: Dto) => p.id)).toEqual([dear.id, cheap.id]);
    expect(res.body.pagination.size).toBe(2000);
    const capped = await request(t.app).get(`${BASE}?keyword=${prefix}&size=5000&sortBy=enrollingStartDate`).set(bearer(superToken));
    expect(capped.body.pagination.size).toBe(2000);
    const bad = await request(t.app).get(`${BASE}?sortBy=description`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['sortBy']);
  });

  test('a page of many products costs as many queries as a page of one (no query per row)', async () => {
    const prefix = unique('Batched');
    const cohorts = [await makeCohort(), await makeCohort()];
    for (let i = 0; i < 6; i += 1) await makeProduct({ name: `${prefix} ${i}`, cohorts, withPlan: true });
    const one = unique('Single');
    await makeProduct({ name: one, cohorts, withPlan: true });
    let queries = 0;
    const counter = () => {
      queries += 1;
    };
    await request(t.app).get(`${BASE}?keyword=${one}`).set(bearer(superToken)); // warm-up (last-activity write)
    t.deps.sequelize.addHook('beforeQuery', 'count-products', counter);
    try {
      queries = 0;
      const single = await request(t.app).get(`${BASE}?keyword=${one}`).set(bearer(superToken));
      const forOne = queries;
      queries = 0;
      const many = await request(t.app).get(`${BASE}?keyword=${prefix}`).set(bearer(superToken));
      expect(single.body.content).toHaveLength(1);
      expect(many.body.content).toHaveLength(6);
      expect(many.body.content.every((p: Dto) => p.cohortIds.length === 2 && p.paymentPlanCount === 1)).toBe(true);
      expect(queries).toBe(forOne);
    } finally {
      t.deps.sequelize.removeHook('beforeQuery', 'count-products');
    }
  });

  test('401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('POST /api/products/find_by_criteria', () => {
  test('published, flowTypes, enrolling (from the dates) and deleted; paging and keyword in the query', async () => {
    const prefix = unique('Crit');
    const enrolling = await makeProduct({ name: `${prefix} enrolling`, flowType: 'DYNAMIC', published: true, enrollingStartDate: day(-1), enrollingEndDate: day(1) });
    const future = await makeProduct({ name: `${prefix} future`, flowType: 'HCTP', published: true, enrollingStartDate: day(1), enrollingEndDate: day(30) });
    const past = await makeProduct({ name: `${prefix} past`, flowType: 'PURCHASE', enrollingStartDate: day(-30), enrollingEndDate: day(-1) });
    const open = await makeProduct({ name: `${prefix} open`, flowType: 'HCTP', enrollingStartDate: day(-30), enrollingEndDate: null });
    const gone = await makeProduct({ name: `${prefix} gone`, flowType: 'HCTP', deleted: true, enrollingStartDate: day(-1), enrollingEndDate: day(1) });
    const find = (criteria: Record<string, unknown>, query = '') =>
      request(t.app).post(`${BASE}/find_by_criteria?keyword=${prefix}&sortBy=NAME${query}`).set(bearer(supportToken)).send(criteria);
    const ids = (res: request.Response) => res.body.content.map((p: Dto) => p.id);

    expect(ids(await find({ enrolling: true }))).toEqual([enrolling.id]);
    expect(ids(await find({ enrolling: false }))).toEqual([future.id, open.id, past.id]);
    expect(ids(await find({ published: true }))).toEqual([enrolling.id, future.id]);
    expect(ids(await find({ published: false, flowTypes: ['HCTP', 'PURCHASE'] }))).toEqual([open.id, past.id]);
    expect(ids(await find({ deleted: true }))).toEqual([gone.id]);
    expect(ids(await find({ deleted: true, enrolling: true }))).toEqual([gone.id]);
    // Empty parts are ignored; paging comes from the query string.
    const paged = await find({ flowTypes: [], published: null }, '&size=2&page=1');
    expect(paged.status).toBe(200);
    expect(ids(paged)).toEqual([open.id, past.id]);
    expect(paged.body.pagination).toEqual({ total: 4, page: 1, size: 2 });
    const enrollingDto = (await find({ enrolling: true })).body.content[0];
    expect(enrollingDto.enrolling).toBe(true);
  });

  test('an unknown key or value is 400; 401; 403 for a student', async () => {
    const bad = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(superToken))
      .send({ flowTypes: ['NOPE'], color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'flowTypes.0': 'Invalid value', color: 'Unknown field' });
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(studentToken)).send({})).status).toBe(403);
  });
});

describe('GET /api/products/by_flow_type/:flowType', () => {
  test('size 100, published and not archived by default; staff may ask for unpublished; cohortStatus filters by item cohorts', async () => {
    const prefix = unique('Flow');
    const active = await makeCohort({ status: 'ACTIVE' });
    const created = await makeCohort({ status: 'CREATED' });
    const shown = await makeProduct({ name: `${prefix} shown`, flowType: 'PURCHASE', published: true, cohorts: [active] });
    const second = await makeProduct({ name: `${prefix} second`, flowType: 'PURCHASE', published: true, cohorts: [created] });
    const hidden = await makeProduct({ name: `${prefix} hidden`, flowType: 'PURCHASE', published: false, cohorts: [active] });
    await makeProduct({ name: `${prefix} archived`, flowType: 'PURCHASE', published: true, deleted: true, cohorts: [active] });
    await makeProduct({ name: `${prefix} other`, flowType: 'HCTP', published: true, cohorts: [active] });
    const url = `${BASE}/by_flow_type/PURCHASE?keyword=${prefix}&sortBy=NAME`;
    const ids = (res: request.Response) => res.body.content.map((p: Dto) => p.id);

    const res = await request(t.app).get(url).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 100 });
    expect(ids(res)).toEqual([second.id, shown.id]);
    expect(ids(await request(t.app).get(`${url}&published=false`).set(bearer(superToken)))).toEqual([hidden.id]);
    expect(ids(await request(t.app).get(`${url}&cohortStatus=ACTIVE`).set(bearer(superToken)))).toEqual([shown.id]);
    expect(ids(await request(t.app).get(`${url}&cohortStatus=COMPLETED`).set(bearer(superToken)))).toEqual([]);
  });

  test('a student always gets published products, whatever published says', async () => {
    const prefix = unique('Portal');
    const live = await makeProduct({ name: `${prefix} live`, flowType: 'DYNAMIC', published: true });
    await makeProduct({ name: `${prefix} draft`, flowType: 'DYNAMIC', published: false });
    const res = await request(t.app).get(`${BASE}/by_flow_type/DYNAMIC?keyword=${prefix}&published=false`).set(bearer(studentToken));
    expect(res.status).toBe(200);
    expect(res.body.content.map((p: Dto) => p.id)).toEqual([live.id]);
  });

  test('an unknown flow type or cohort status is 400; 401 without a token', async () => {
    const bad = await request(t.app).get(`${BASE}/by_flow_type/OTHER?cohortStatus=LATE`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['flowType']);
    const badStatus = await request(t.app).get(`${BASE}/by_flow_type/HCTP?cohortStatus=LATE`).set(bearer(superToken));
    expect(badStatus.status).toBe(400);
    expect(Object.keys(badStatus.body.errors)).toEqual(['cohortStatus']);
    expect((await request(t.app).get(`${BASE}/by_flow_type/HCTP`)).status).toBe(401);
  });
});

describe('GET /api/products/:id', () => {
  test('one product; 404 missing; 400 bad id; 401; 403 for a student', async () => {
    const cohort = await makeCohort();
    const product = await makeProduct({ cohorts: [cohort], withPlan: true, enrollingStartDate: day(-2), enrollingEndDate: day(2) });
    const res = await request(t.app).get(`${BASE}/${product.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: product.id, name: product.name, cohortIds: [cohort.id], paymentPlanCount: 1, enrolling: true, cost: 6000 });
    const missing = await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const bad = await request(t.app).get(`${BASE}/abc`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ id: 'Invalid value' });
    expect((await request(t.app).get(`${BASE}/${product.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${product.id}`).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('PUT /api/products/:id', () => {
  test('updates every field and replaces the items as a set; absent cohortIds keeps them; logged', async () => {
    const [c1, c2, c3] = [await makeCohort(), await makeCohort(), await makeCohort()];
    const created = await createViaApi({ cohortIds: [c1.id, c2.id], description: 'old' });
    const name = unique('Renamed ');
    const res = await request(t.app)
      .put(`${BASE}/${created.id}`)
      .set(bearer(superToken))
      .send({ name, flowType: 'PURCHASE', cost: 99.99, cohortIds: [c2.id, c3.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name, flowType: 'PURCHASE', cost: 99.99, description: null });
    expect([...res.body.cohortIds].sort()).toEqual([c2.id, c3.id].sort());
    expect((await snapshot(created.id)).items).toEqual([c2.id, c3.id].sort((a, b) => a - b));
    const row = await Product.findByPk(created.id);
    expect(row?.name).toBe(name);
    expect(row?.description).toBeNull();
    const log = await ActivityLog.findOne({ where: { entityType: 'PRODUCT', entityId: created.id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ name: { from: created.name, to: name }, flowType: { from: 'HCTP', to: 'PURCHASE' } });

    const kept = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(superToken)).send({ name, flowType: 'PURCHASE' });
    expect(kept.status).toBe(200);
    expect((await snapshot(created.id)).items).toEqual([c2.id, c3.id].sort((a, b) => a - b));
    const cleared = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(superToken)).send({ name, flowType: 'PURCHASE', cohortIds: [] });
    expect(cleared.body.cohortIds).toEqual([]);
    expect((await snapshot(created.id)).items).toEqual([]);
  });

  test('bad input (fields, cohorts) is 400 and changes nothing', async () => {
    const cohort = await makeCohort();
    const created = await createViaApi({ cohortIds: [cohort.id] });
    const before = await snapshot(created.id);
    const bad = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(superToken)).send({ name: '', flowType: 'HCTP', deleted: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'This field is required', deleted: 'Unknown field' });
    const badCohort = await request(t.app)
      .put(`${BASE}/${created.id}`)
      .set(bearer(superToken))
      .send({ name: 'x', flowType: 'HCTP', cohortIds: [MISSING] });
    expect(badCohort.status).toBe(400);
    expect(badCohort.body.errors).toEqual({ cohortIds: 'Invalid value' });
    expect(await snapshot(created.id)).toEqual(before);
  });

  test('a cohort the product already sells may stay after it was archived; adding an archived one is 400', async () => {
    const [kept, other] = [await makeCohort(), await makeCohort({ deleted: true, status: 'ARCHIVED' })];
    const product = await makeProduct({ cohorts: [kept] });
    await kept.update({ deleted: true, status: 'ARCHIVED' });
    const res = await request(t.app)
      .put(`${BASE}/${product.id}`)
      .set(bearer(superToken))
      .send({ name: product.name, flowType: 'HCTP', cohortIds: [kept.id] });
    expect(res.status).toBe(200);
    expect(res.body.cohorts).toEqual([expect.objectContaining({ id: kept.id, status: 'ARCHIVED' })]);
    const added = await request(t.app)
      .put(`${BASE}/${product.id}`)
      .set(bearer(superToken))
      .send({ name: product.name, flowType: 'HCTP', cohortIds: [kept.id, other.id] });
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual({ cohortIds: 'Invalid value' });
    expect((await snapshot(product.id)).items).toEqual([kept.id]);
  });

  test('409 for the enrolling window, an archived product, and emptying the items of a published product; nothing changes', async () => {
    const cohort = await makeCohort();
    const published = await makeProduct({ cohorts: [cohort], withPlan: true, published: true });
    const archived = await makeProduct({ deleted: true });
    const window = await request(t.app)
      .put(`${BASE}/${published.id}`)
      .set(bearer(superToken))
      .send({ name: 'x', flowType: 'HCTP', enrollingStartDate: '2030-05-02', enrollingEndDate: '2030-05-01' });
    expect(window.status).toBe(409);
    expect(window.body.code).toBe('PRODUCT_ENROLLMENT_WINDOW');
    const empty = await request(t.app).put(`${BASE}/${published.id}`).set(bearer(superToken)).send({ name: 'x', flowType: 'HCTP', cohortIds: [] });
    expect(empty.status).toBe(409);
    expect(empty.body).toEqual({
      status: 409,
      code: 'PRODUCT_PUBLISH_REQUIREMENTS',
      message: 'A product needs a payment plan and a product item to be published',
      requestId: expect.any(String),
    });
    const before = await snapshot(published.id);
    expect(before.product?.name).toBe(published.name);
    expect(before.items).toEqual([cohort.id]);
    const archivedBefore = await snapshot(archived.id);
    const refused = await request(t.app).put(`${BASE}/${archived.id}`).set(bearer(superToken)).send({ name: 'x', flowType: 'HCTP' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 409, code: 'PRODUCT_ARCHIVED', message: 'The product is archived', requestId: expect.any(String) });
    expect(await snapshot(archived.id)).toEqual(archivedBefore);
  });

  test('401; 403 for SUPPORT; 404 missing', async () => {
    const product = await makeProduct();
    const body = { name: 'x', flowType: 'HCTP' };
    expect((await request(t.app).put(`${BASE}/${product.id}`).send(body)).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${product.id}`).set(bearer(supportToken)).send(body)).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send(body)).status).toBe(404);
    expect((await Product.findByPk(product.id))?.name).toBe(product.name);
  });
});

describe('DELETE /api/products/:id (archive) and PATCH /api/products/:id/undeleted', () => {
  test('archives (deleted, unpublished), hides it from the list, keeps its items; again is a no-op; undelete brings it back unpublished', async () => {
    const cohort = await makeCohort();
    const product = await makeProduct({ cohorts: [cohort], withPlan: true, published: true });
    const res = await request(t.app).delete(`${BASE}/${product.id}`).set(bearer(superToken));
    expect(res.status).toBe(204);
    const row = await Product.findByPk(product.id);
    expect(row?.deleted).toBe(true);
    expect(row?.published).toBe(false);
    expect(await ProductItem.count({ where: { productId: product.id } })).toBe(1);
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT', entityId: product.id, type: 'DELETED' } })).toBe(1);
    const list = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(product.name)}`)
      .set(bearer(superToken));
    expect(list.body.content).toEqual([]);
    expect((await request(t.app).delete(`${BASE}/${product.id}`).set(bearer(superToken))).status).toBe(204);
    expect(await ActivityLog.count({ where: { entityType: 'PRODUCT', entityId: product.id, type: 'DELETED' } })).toBe(1);

    const back = await request(t.app).patch(`${BASE}/${product.id}/undeleted`).set(bearer(superToken));
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: product.id, deleted: false, published: false, cohortIds: [cohort.id] });
    expect((await Product.findByPk(product.id))?.deleted).toBe(false);
    const again = await request(t.app).patch(`${BASE}/${product.id}/undeleted`).set(bearer(superToken));
    expect(again.status).toBe(200);
    expect(again.body.deleted).toBe(false);
  });

  test("a later area's archive block (active applications) is a 409 with its code and changes nothing", async () => {
    const blocked = await makeProduct({ published: true });
    registerArchiveGuard('product', async (id) =>
      id === blocked.id ? { code: 'PRODUCT_HAS_ACTIVE_APPLICATIONS', message: 'The product cannot be archived: it has active applications' } : null,
    );
    const res = await request(t.app).delete(`${BASE}/${blocked.id}`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 409,
      code: 'PRODUCT_HAS_ACTIVE_APPLICATIONS',
      message: 'The product cannot be archived: it has active applications',
      requestId: expect.any(String),
    });
    const row = await Product.findByPk(blocked.id);
    expect(row?.deleted).toBe(false);
    expect(row?.published).toBe(true);
  });

  test('401; 403 for SUPPORT; 404 missing', async () => {
    const product = await makeProduct({ deleted: true });
    const live = await makeProduct();
    expect((await request(t.app).delete(`${BASE}/${live.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${live.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await Product.findByPk(live.id))?.deleted).toBe(false);
    expect((await request(t.app).patch(`${BASE}/${product.id}/undeleted`)).status).toBe(401);
    expect((await request(t.app).patch(`${BASE}/${product.id}/undeleted`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${MISSING}/undeleted`).set(bearer(superToken))).status).toBe(404);
    expect((await Product.findByPk(product.id))?.deleted).toBe(true);
  });
});

describe('POST /api/products/:id/publish', () => {
  test('needs a payment plan and a product item (409 PRODUCT_PUBLISH_REQUIREMENTS, unchanged), then publishes; ?publish=false unpublishes', async () => {
    const cohort = await makeCohort();
    const noPlan = await makeProduct({ cohorts: [cohort] });
    const noItem = await makeProduct({ withPlan: true });
    for (const p of [noPlan, noItem]) {
      const res = await request(t.app).post(`${BASE}/${p.id}/publish`).set(bearer(superToken));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        status: 409,
        code: 'PRODUCT_PUBLISH_REQUIREMENTS',
        message: 'A product needs a payment plan and a product item to be published',
        requestId: expect.any(String),
      });
      expect((await Product.findByPk(p.id))?.published).toBe(false);
    }
    const ready = await makeProduct({ cohorts: [cohort], withPlan: true });
    const res = await request(t.app).post(`${BASE}/${ready.id}/publish`).set(bearer(superToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ready.id, published: true, paymentPlanCount: 1, cohortIds: [cohort.id] });
    expect((await Product.findByPk(ready.id))?.published).toBe(true);
    const log = await ActivityLog.findOne({ where: { entityType: 'PRODUCT', entityId: ready.id, description: 'Published' } });
    expect(log?.changes).toEqual({ published: { from: false, to: true } });
    const off = await request(t.app).post(`${BASE}/${ready.id}/publish?publish=false`).set(bearer(superToken));
    expect(off.status).toBe(200);
    expect(off.body.published).toBe(false);
    expect((await Product.findByPk(ready.id))?.published).toBe(false);
  });

  test('an archived product is 409 PRODUCT_ARCHIVED; 400 bad publish value; 401; 403 SUPPORT; 404', async () => {
    const cohort = await makeCohort();
    const archived = await makeProduct({ cohorts: [cohort], withPlan: true, deleted: true });
    const res = await request(t.app).post(`${BASE}/${archived.id}/publish`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PRODUCT_ARCHIVED');
    expect((await Product.findByPk(archived.id))?.published).toBe(false);
    const ready = await makeProduct({ cohorts: [cohort], withPlan: true });
    const bad = await request(t.app).post(`${BASE}/${ready.id}/publish?publish=maybe`).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['publish']);
    expect((await request(t.app).post(`${BASE}/${ready.id}/publish`)).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${ready.id}/publish`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${MISSING}/publish`).set(bearer(superToken))).status).toBe(404);
    expect((await Product.findByPk(ready.id))?.published).toBe(false);
  });
});

describe('GET /api/products/:id/check_enrolling_status', () => {
  test('enrolling between the dates (both inclusive), not before, after or without both dates; 401; 403 student; 404', async () => {
    const cases: Array<[string | null, string | null, boolean]> = [
      [day(-3), day(3), true],
      [day(0), day(0), true],
      [day(1), day(3), false],
      [day(-3), day(-1), false],
      [day(-3), null, false],
      [null, null, false],
    ];
    for (const [start, end, expected] of cases) {
      const p = await makeProduct({ enrollingStartDate: start, enrollingEndDate: end });
      const res = await request(t.app).get(`${BASE}/${p.id}/check_enrolling_status`).set(bearer(supportToken));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ enrolling: expected, enrollingStartDate: start, enrollingEndDate: end, today: schoolToday() });
    }
    const p = await makeProduct();
    expect((await request(t.app).get(`${BASE}/${p.id}/check_enrolling_status`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${p.id}/check_enrolling_status`).set(bearer(studentToken))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${MISSING}/check_enrolling_status`).set(bearer(superToken))).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  test('the products routes are described with their permissions', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    expect(doc.paths['/api/products/{id}/publish'].post.description).toBe('Permission: `products:publish`');
    expect(Object.keys(doc.paths['/api/products/{id}/product_payment_plans/{planId}/adjustments/{adjId}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
