import request from 'supertest';
import { ActivityLog, Application, ApplicationVoucher } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let academicToken: string;
let studentToken: string;
let enrollable: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  academicToken = (await makeAdmin(t.deps, { roles: ['ACADEMIC'] })).token;
  studentToken = (await makeApplicant(t.deps)).token;
  enrollable = await makeEnrollableProduct();
});
afterAll(() => t.close());

const BASE = '/api/application_vouchers';
const MISSING = 999_999;

/** An ENROLLED application (plan chosen: principal 6150) of a fresh student. */
async function enrolled(overrides: { status?: Application['status']; lastName?: string } = {}) {
  const s = await makeApplicant(t.deps, overrides.lastName ? { lastName: overrides.lastName } : {});
  const application = await makeApplication(s.student.id, enrollable, { chosen: true, status: overrides.status ?? 'ENROLLED' });
  return { ...s, application };
}
const create = (body: Record<string, unknown>, as = admin.token) => request(t.app).post(BASE).set(bearer(as)).send(body);
const setStatus = (id: number, status: string, as = admin.token) => request(t.app).patch(`${BASE}/${id}/status?status=${status}`).set(bearer(as));

describe('POST /api/application_vouchers', () => {
  test('requests a voucher refund: amounts in dollars, total = amount + tax, REQUESTED, the application and voucher summaries; logged', async () => {
    const s = await enrolled();
    const voucher = await makeVoucher();
    const res = await create({ applicationId: s.application.id, voucherId: voucher.id, comments: 'Late promo', amountToBeRefunded: 250.5, taxToBeRefunded: '12.25' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      applicationId: s.application.id,
      voucherId: voucher.id,
      comments: 'Late promo',
      amountToBeRefunded: 250.5,
      taxToBeRefunded: 12.25,
      totalToBeRefunded: 262.75,
      amountRefunded: 0,
      taxRefunded: 0,
      totalRefunded: 0,
      status: 'REQUESTED',
      updatedBy: { id: admin.user.id, name: `${admin.admin.firstName} ${admin.admin.lastName}` },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      application: {
        id: s.application.id,
        student: { id: s.student.id, firstName: s.student.firstName, lastName: s.student.lastName, email: s.email },
        product: { id: enrollable.product.id, name: enrollable.product.name },
      },
      voucher: { id: voucher.id, code: voucher.code },
    });
    const row = await ApplicationVoucher.findByPk(res.body.id);
    expect(Number(row?.totalToBeRefunded)).toBe(262.75);
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION_VOUCHER', entityId: res.body.id, studentId: s.student.id, type: 'CREATED' } })).toBe(1);
  });

  test("the amount left out is the voucher's discount on the application's principal; tax defaults to 0", async () => {
    const s = await enrolled();
    const res = await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amountToBeRefunded: 615, taxToBeRefunded: 0, totalToBeRefunded: 615, comments: null });
  });

  test('409 PENDING_REFUNDS while one is REQUESTED on the application; allowed again once it is decided', async () => {
    const s = await enrolled();
    const voucher = await makeVoucher();
    const first = await create({ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: 10 });
    const res = await create({ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: 20 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PENDING_REFUNDS', message: 'Pending refunds' });
    expect(await ApplicationVoucher.count({ where: { applicationId: s.application.id } })).toBe(1);
    await setStatus(first.body.id, 'REJECTED');
    expect((await create({ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: 20 })).status).toBe(201);
  });

  test('two requests at once: one wins', async () => {
    const s = await enrolled();
    const voucher = await makeVoucher();
    const results = await Promise.all([1, 2].map((n) => create({ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: n })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await ApplicationVoucher.count({ where: { applicationId: s.application.id } })).toBe(1);
  });

  test('409 INVALID_STATUS before ENROLLED; 400 for a missing application or voucher, bad amounts, unknown fields; nothing stored', async () => {
    const voucher = await makeVoucher();
    const created = await enrolled({ status: 'SIGNED' });
    const refused = await create({ applicationId: created.application.id, voucherId: voucher.id, amountToBeRefunded: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATUS');
    const s = await enrolled();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ applicationId: MISSING, voucherId: voucher.id }, { applicationId: 'Invalid value' }],
      [{ applicationId: s.application.id, voucherId: MISSING }, { voucherId: 'Invalid value' }],
      [{ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: 0 }, { amountToBeRefunded: 'Invalid value' }],
      [{ applicationId: s.application.id, voucherId: voucher.id, amountToBeRefunded: -1 }, { amountToBeRefunded: 'Invalid value' }],
      [{ applicationId: s.application.id, voucherId: voucher.id, taxToBeRefunded: 1.001 }, { taxToBeRefunded: 'Invalid value' }],
      [{ voucherId: voucher.id }, { applicationId: 'This field is required' }],
      [{ applicationId: s.application.id, voucherId: voucher.id, status: 'COMPLETED' }, { status: 'Unknown field' }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 400, errors });
    }
    expect(await ApplicationVoucher.count({ where: { applicationId: [s.application.id, created.application.id] } })).toBe(0);
  });

  test('403 without vouchers:create (support, academic, a student); 401', async () => {
    const s = await enrolled();
    const voucher = await makeVoucher();
    for (const as of [supportToken, academicToken, studentToken, s.token]) expect((await create({ applicationId: s.application.id, voucherId: voucher.id }, as)).status).toBe(403);
    expect((await request(t.app).post(BASE).send({ applicationId: s.application.id, voucherId: voucher.id })).status).toBe(401);
  });
});

describe('GET and PUT /api/application_vouchers/{id}', () => {
  test('gets one (support reads); 404; 400; 403 student; 401', async () => {
    const s = await enrolled();
    const created = (await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 5 })).body;
    const res = await request(t.app).get(`${BASE}/${created.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/x`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${created.id}`).set(bearer(s.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${created.id}`)).status).toBe(401);
  });

  test('updates a REQUESTED one: what is sent changes, the total follows; the application cannot change; logged', async () => {
    const s = await enrolled();
    const other = await makeVoucher();
    const created = (await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 100, taxToBeRefunded: 7, comments: 'first' })).body;
    const res = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ applicationId: s.application.id, voucherId: other.id, amountToBeRefunded: 80 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      voucherId: other.id,
      voucher: { id: other.id, code: other.code },
      amountToBeRefunded: 80,
      taxToBeRefunded: 7,
      totalToBeRefunded: 87,
      comments: 'first',
      status: 'REQUESTED',
    });
    const cleared = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ comments: '', taxToBeRefunded: 0 });
    expect(cleared.body).toMatchObject({ comments: null, taxToBeRefunded: 0, totalToBeRefunded: 80 });
    expect(await ActivityLog.count({ where: { entityType: 'APPLICATION_VOUCHER', entityId: created.id, type: 'UPDATED' } })).toBe(2);
    const moved = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ applicationId: MISSING });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ applicationId: 'Invalid value' });
    expect((await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ voucherId: MISSING })).body.errors).toEqual({ voucherId: 'Invalid value' });
    expect((await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ amountToBeRefunded: 0 })).status).toBe(400);
  });

  test('409 INVALID_STATUS once decided (nothing changes); 404; 403 without vouchers:update; 401', async () => {
    const s = await enrolled();
    const created = (await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 100 })).body;
    await setStatus(created.id, 'APPROVED');
    const res = await request(t.app).put(`${BASE}/${created.id}`).set(bearer(admin.token)).send({ amountToBeRefunded: 50 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
    expect(Number((await ApplicationVoucher.findByPk(created.id))?.amountToBeRefunded)).toBe(100);
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(admin.token)).send({})).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${created.id}`).set(bearer(supportToken)).send({})).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${created.id}`).send({})).status).toBe(401);
  });
});

describe('PATCH /api/application_vouchers/{id}/status', () => {
  test("REQUESTED → APPROVED → COMPLETED records the refunded amounts and adds them to the application's refunded", async () => {
    const s = await enrolled();
    const created = (await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 100, taxToBeRefunded: 6.5 })).body;
    const approved = await setStatus(created.id, 'APPROVED');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', totalRefunded: 0 });
    const done = await setStatus(created.id, 'COMPLETED');
    expect(done.body).toMatchObject({ status: 'COMPLETED', amountRefunded: 100, taxRefunded: 6.5, totalRefunded: 106.5 });
    expect(Number((await Application.findByPk(s.application.id))?.refunded)).toBe(106.5);
    const logged = await ActivityLog.findAll({
      where: { entityType: 'APPLICATION_VOUCHER', entityId: created.id, descriptionKey: 'VOUCHER_REFUND_STATUS' },
      order: [['id', 'ASC']],
    });
    expect(logged.map((l) => [l.description, JSON.parse(l.descriptionParams ?? 'null')])).toEqual([
      ['Voucher refund: Approved', { status: 'APPROVED' }],
      ['Voucher refund: Completed', { status: 'COMPLETED' }],
    ]);
  });

  test('every transition: the allowed ones succeed, the others are 409 INVALID_STATUS and change nothing', async () => {
    const statuses = ['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'] as const;
    const allowed = new Set(['REQUESTED>APPROVED', 'REQUESTED>REJECTED', 'REQUESTED>CANCELLED', 'APPROVED>COMPLETED']);
    const voucher = await makeVoucher();
    for (const from of statuses) {
      for (const to of statuses) {
        const s = await enrolled();
        const row = await ApplicationVoucher.create({
          applicationId: s.application.id,
          voucherId: voucher.id,
          comments: null,
          amountToBeRefunded: 10,
          totalToBeRefunded: 10,
          status: from,
          updatedById: null,
          updatedByName: null,
        });
        const res = await setStatus(row.id, to);
        const ok = allowed.has(`${from}>${to}`);
        expect({ from, to, status: res.status, code: res.body.code }).toEqual({ from, to, status: ok ? 200 : 409, code: ok ? undefined : 'INVALID_STATUS' });
        expect((await ApplicationVoucher.findByPk(row.id))?.status).toBe(ok ? to : from);
      }
    }
  });

  test('400 without or with an unknown status; 404; 403 without vouchers:status (admissions has it, support not); 401', async () => {
    const s = await enrolled();
    const created = (await create({ applicationId: s.application.id, voucherId: (await makeVoucher()).id, amountToBeRefunded: 1 })).body;
    expect((await request(t.app).patch(`${BASE}/${created.id}/status`).set(bearer(admin.token))).status).toBe(400);
    expect((await setStatus(created.id, 'DONE')).status).toBe(400);
    expect((await setStatus(MISSING, 'APPROVED')).status).toBe(404);
    expect((await setStatus(created.id, 'APPROVED', supportToken)).status).toBe(403);
    expect((await setStatus(created.id, 'APPROVED', s.token)).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${created.id}/status?status=APPROVED`)).status).toBe(401);
    const admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
    expect((await setStatus(created.id, 'APPROVED', admissions.token)).status).toBe(200);
  });
});

describe('GET /api/application_vouchers and find_by_criteria', () => {
  test('newest first by default; keyword on voucher code, student name or email, and ids; sorting; 400; 403; 401', async () => {
    const name = unique('Refundee');
    const a = await enrolled({ lastName: name });
    const b = await enrolled({ lastName: name });
    const voucher = await makeVoucher();
    const first = (await create({ applicationId: a.application.id, voucherId: voucher.id, amountToBeRefunded: 30 })).body;
    const second = (await create({ applicationId: b.application.id, voucherId: voucher.id, amountToBeRefunded: 20 })).body;
    const byName = await request(t.app).get(`${BASE}?keyword=${name.toLowerCase()}`).set(bearer(supportToken));
    expect(byName.status).toBe(200);
    expect(byName.body.content.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(byName.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    const byCode = await request(t.app).get(`${BASE}?keyword=${voucher.code}&sortBy=totalToBeRefunded&descending=false`).set(bearer(admin.token));
    expect(byCode.body.content.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    const byEmail = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(a.email)}`)
      .set(bearer(admin.token));
    expect(byEmail.body.content.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const byId = await request(t.app).get(`${BASE}?keyword=${first.id}%20${name}`).set(bearer(admin.token));
    expect(byId.body.content.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(
      (
        await request(t.app)
          .get(`${BASE}?keyword=${unique('nobody')}`)
          .set(bearer(admin.token))
      ).body,
    ).toEqual({ content: [], pagination: { total: 0, page: 0, size: 10 } });
    expect((await request(t.app).get(`${BASE}?sortBy=comments`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(BASE).set(bearer(a.token))).status).toBe(403);
    expect((await request(t.app).get(BASE)).status).toBe(401);
  });

  test('criteria: applicationId, voucherIds, studentIds, statuses, totalToBeRefunded, updatedAt', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const v1 = await makeVoucher();
    const v2 = await makeVoucher();
    const r1 = (await create({ applicationId: a.application.id, voucherId: v1.id, amountToBeRefunded: 100 })).body;
    await setStatus(r1.id, 'APPROVED');
    const r2 = (await create({ applicationId: a.application.id, voucherId: v2.id, amountToBeRefunded: 40, taxToBeRefunded: 2 })).body;
    const r3 = (await create({ applicationId: b.application.id, voucherId: v1.id, amountToBeRefunded: 300 })).body;
    const find = async (criteria: Record<string, unknown>) => {
      const res = await request(t.app)
        .post(`${BASE}/find_by_criteria?size=100`)
        .set(bearer(admin.token))
        .send({ studentIds: [a.student.id, b.student.id], ...criteria });
      expect(res.status).toBe(200);
      return res.body.content.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y);
    };
    expect(await find({})).toEqual([r1.id, r2.id, r3.id]);
    expect(await find({ studentIds: [b.student.id] })).toEqual([r3.id]);
    expect(await find({ applicationId: a.application.id })).toEqual([r1.id, r2.id]);
    expect(await find({ voucherIds: [v1.id] })).toEqual([r1.id, r3.id]);
    expect(await find({ statuses: ['REQUESTED'] })).toEqual([r2.id, r3.id]);
    expect(await find({ totalToBeRefunded: { min: 42, max: 100 } })).toEqual([r1.id, r2.id]);
    expect(await find({ totalToBeRefunded: { min: 101 } })).toEqual([r3.id]);
    expect(await find({ totalToBeRefunded: { min: null, max: 1 }, statuses: [] })).toEqual([r1.id, r2.id, r3.id]);
    expect(await find({ updatedAt: { from: '2000-01-01', to: '2000-01-02' } })).toEqual([]);
    expect(await find({ updatedAt: { from: '2000-01-01' } })).toEqual([r1.id, r2.id, r3.id]);
    const bad = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(admin.token))
      .send({ statuses: ['PENDING'], studentIds: ['x'], color: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['color', 'statuses.0', 'studentIds.0']);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(a.token)).send({})).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
  });
});
