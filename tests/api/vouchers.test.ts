import request from 'supertest';
import { ActivityLog, Voucher } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { demoVouchers, seedVoucherDemo } from '../../seeders/voucher-demo';
import { setupApp, type TestApp } from '../support/app';
import { makeVoucher } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let academicToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  academicToken = (await makeAdmin(t.deps, { roles: ['ACADEMIC'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/vouchers';
const MISSING = 999_999;
const code = () =>
  unique('V')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

function body(overrides: Record<string, unknown> = {}) {
  return {
    code: code(),
    description: 'Spring offer',
    discountKind: 'PERCENT_OFF',
    discountValue: 12.5,
    scope: 'ALL',
    validFrom: '2030-01-01',
    validTo: '2030-12-31',
    useLimit: 50,
    ...overrides,
  };
}
const create = (b: Record<string, unknown>, as = admin.token) => request(t.app).post(BASE).set(bearer(as)).send(b);

describe('POST /api/vouchers', () => {
  test('creates a voucher: code trimmed and upper-cased, value as a number, active by default, updatedBy; logged', async () => {
    const c = code();
    const res = await create(body({ code: `  ${c.toLowerCase()} ` }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: c,
      description: 'Spring offer',
      discountKind: 'PERCENT_OFF',
      discountValue: 12.5,
      scope: 'ALL',
      emailIds: [],
      validFrom: '2030-01-01',
      validTo: '2030-12-31',
      useLimit: 50,
      timesUsed: 0,
      active: true,
      updatedBy: { id: admin.user.id, name: `${admin.admin.firstName} ${admin.admin.lastName}` },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await Voucher.findByPk(res.body.id);
    expect(row?.get({ plain: true })).toMatchObject({ code: c, discountKind: 'PERCENT_OFF', scope: 'ALL', useLimit: 50, timesUsed: 0, active: true, updatedById: admin.user.id });
    expect(Number(row?.discountValue)).toBe(12.5);
    expect(await ActivityLog.count({ where: { entityType: 'VOUCHER', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('AMOUNT_OFF in dollars; EMAIL_IDS keeps its emails lower-cased once each; open dates, no limit, inactive', async () => {
    const res = await create(
      body({
        discountKind: 'AMOUNT_OFF',
        discountValue: '500.50',
        scope: 'EMAIL_IDS',
        emailIds: ['Ada@Example.com', 'ada@example.com', 'bo@example.com'],
        validFrom: null,
        validTo: '',
        useLimit: null,
        active: false,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      discountKind: 'AMOUNT_OFF',
      discountValue: 500.5,
      scope: 'EMAIL_IDS',
      emailIds: ['ada@example.com', 'bo@example.com'],
      validFrom: null,
      validTo: null,
      useLimit: null,
      active: false,
    });
  });

  test('scope ALL keeps no emails even if some are sent; 100 % is allowed', async () => {
    const res = await create(body({ emailIds: ['ada@example.com'], discountValue: 100 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailIds: [], discountValue: 100 });
  });

  test('400 on every rule: value bounds per kind, EMAIL_IDS without emails, dates in order, code shape, required fields, unknown keys', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [body({ discountValue: 0 }), { discountValue: 'Invalid value' }],
      [body({ discountValue: 100.01 }), { discountValue: 'Invalid value' }],
      [body({ discountValue: -5 }), { discountValue: 'Invalid value' }],
      [body({ discountValue: 10.123 }), { discountValue: 'Invalid value' }],
      [body({ discountKind: 'AMOUNT_OFF', discountValue: 0 }), { discountValue: 'Invalid value' }],
      [body({ discountValue: null }), { discountValue: 'This field is required' }],
      [body({ scope: 'EMAIL_IDS', emailIds: [] }), { emailIds: 'This field is required' }],
      [body({ scope: 'EMAIL_IDS', emailIds: ['not-an-email'] }), { 'emailIds.0': 'Please type your email in the format [name@example.com]' }],
      [body({ validFrom: '2030-02-01', validTo: '2030-01-31' }), { validTo: 'The end cannot be before the start' }],
      [body({ validFrom: '2030-02-30' }), { validFrom: 'Please type a valid date' }],
      [body({ code: 'HAS SPACE' }), { code: 'Invalid value' }],
      [body({ code: '' }), { code: 'This field is required' }],
      [body({ code: 'X'.repeat(41) }), { code: 'Maximum 40 characters' }],
      [body({ useLimit: 0 }), { useLimit: 'Invalid value' }],
      [body({ discountKind: 'HALF_OFF' }), { discountKind: 'Invalid value' }],
      [body({ scope: undefined }), { scope: 'This field is required' }],
      [body({ timesUsed: 3 }), { timesUsed: 'Unknown field' }],
    ];
    for (const [b, errors] of cases) {
      const res = await create(b);
      expect({ b, status: res.status, errors: res.body.errors }).toEqual({ b, status: 400, errors });
    }
    expect(await Voucher.count({ where: { code: cases.map(([b]) => String(b.code)) } })).toBe(0);
  });

  test('409 VOUCHER_CODE_EXISTS for a code already used, whatever its case; nothing stored', async () => {
    const first = await create(body());
    const before = await Voucher.count();
    const res = await create(body({ code: first.body.code.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'VOUCHER_CODE_EXISTS', message: 'Voucher code already exists' });
    expect(await Voucher.count()).toBe(before);
  });

  test('403 without vouchers:create (support, academic, a student); 401 without a token', async () => {
    for (const as of [supportToken, academicToken, studentToken]) expect((await create(body(), as)).status).toBe(403);
    expect((await request(t.app).post(BASE).send(body())).status).toBe(401);
  });
});

describe('GET and PUT /api/vouchers/{id}', () => {
  test('gets a voucher (support reads); 404 missing; 400 bad id; 403 student; 401', async () => {
    const v = await makeVoucher();
    const res = await request(t.app).get(`${BASE}/${v.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: v.id, code: v.code, discountKind: 'PERCENT_OFF', discountValue: 10, validFrom: schoolToday(), validTo: '2099-12-31', updatedBy: null });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/abc`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${v.id}`).set(bearer(studentToken))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/${v.id}`)).status).toBe(401);
  });

  test('updates the whole definition; `active` left out stays; the activity log lists the changes', async () => {
    const created = (await create(body({ active: false }))).body;
    const newCode = code();
    const res = await request(t.app)
      .put(`${BASE}/${created.id}`)
      .set(bearer(admin.token))
      .send(body({ code: newCode, discountKind: 'AMOUNT_OFF', discountValue: 250, scope: 'EMAIL_IDS', emailIds: ['x@example.com'], useLimit: null, description: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      code: newCode,
      discountKind: 'AMOUNT_OFF',
      discountValue: 250,
      scope: 'EMAIL_IDS',
      emailIds: ['x@example.com'],
      useLimit: null,
      description: null,
      active: false,
    });
    const log = await ActivityLog.findOne({ where: { entityType: 'VOUCHER', entityId: created.id, type: 'UPDATED' } });
    expect(log?.changes).toMatchObject({ code: { from: created.code, to: newCode }, discountKind: { from: 'PERCENT_OFF', to: 'AMOUNT_OFF' } });
    const on = await request(t.app)
      .put(`${BASE}/${created.id}`)
      .set(bearer(admin.token))
      .send(body({ code: newCode, active: true }));
    expect(on.body.active).toBe(true);
  });

  test("keeping its own code is fine; another voucher's code is 409 and changes nothing; 400; 404; 403; 401", async () => {
    const a = await makeVoucher();
    const b = await makeVoucher();
    expect(
      (
        await request(t.app)
          .put(`${BASE}/${a.id}`)
          .set(bearer(admin.token))
          .send(body({ code: a.code }))
      ).status,
    ).toBe(200);
    const taken = await request(t.app)
      .put(`${BASE}/${a.id}`)
      .set(bearer(admin.token))
      .send(body({ code: b.code }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('VOUCHER_CODE_EXISTS');
    expect((await Voucher.findByPk(a.id))?.code).toBe(a.code);
    expect(
      (
        await request(t.app)
          .put(`${BASE}/${a.id}`)
          .set(bearer(admin.token))
          .send(body({ discountValue: 101 }))
      ).status,
    ).toBe(400);
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(admin.token)).send(body())).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${a.id}`).set(bearer(supportToken)).send(body())).status).toBe(403);
    expect((await request(t.app).put(`${BASE}/${a.id}`).send(body())).status).toBe(401);
  });
});

describe('PATCH /api/vouchers/{id}/status', () => {
  test('turns a voucher off and on (logged once per change); 400 without active; 404; 403 without vouchers:status; 401', async () => {
    const v = await makeVoucher();
    const off = await request(t.app).patch(`${BASE}/${v.id}/status?active=false`).set(bearer(admin.token));
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: v.id, active: false, updatedBy: { id: admin.user.id } });
    expect((await Voucher.findByPk(v.id))?.active).toBe(false);
    await request(t.app).patch(`${BASE}/${v.id}/status?active=false`).set(bearer(admin.token));
    expect(await ActivityLog.count({ where: { entityType: 'VOUCHER', entityId: v.id, type: 'DEACTIVATED' } })).toBe(1);
    expect((await request(t.app).patch(`${BASE}/${v.id}/status?active=true`).set(bearer(admin.token))).body.active).toBe(true);
    expect((await request(t.app).patch(`${BASE}/${v.id}/status`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).patch(`${BASE}/${MISSING}/status?active=true`).set(bearer(admin.token))).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${v.id}/status?active=true`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${v.id}/status?active=true`)).status).toBe(401);
  });
});

describe('GET /api/vouchers and find_by_criteria', () => {
  test('keyword on code and description prefixes; sorting; paging', async () => {
    const tag = code();
    const a = await makeVoucher({ code: `${tag}A`, description: null });
    const b = await makeVoucher({ code: `${tag}B`, description: null });
    const c = await makeVoucher({ description: `${tag} described` });
    const res = await request(t.app).get(`${BASE}?keyword=${tag.toLowerCase()}&sortBy=CODE&descending=true`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(3);
    expect(res.body.content.map((v: { id: number }) => v.id)).toEqual([c, b, a].sort((x, y) => (x.code < y.code ? 1 : -1)).map((v) => v.id));
    const page = await request(t.app).get(`${BASE}?keyword=${tag}&size=1&page=1&sortBy=id`).set(bearer(supportToken));
    expect(page.body).toMatchObject({ content: [{ id: b.id }], pagination: { total: 3, page: 1, size: 1 } });
    expect((await request(t.app).get(`${BASE}?sortBy=discountValue`).set(bearer(admin.token))).status).toBe(400);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
    expect((await request(t.app).get(BASE)).status).toBe(401);
  });

  test('criteria: discountKinds, scopes, active, validOn (open ends count as valid)', async () => {
    const tag = code();
    const pct = await makeVoucher({ code: `${tag}P`, validFrom: '2031-01-01', validTo: '2031-06-30' });
    const amt = await makeVoucher({ code: `${tag}A`, discountKind: 'AMOUNT_OFF', discountValue: 100, validFrom: null, validTo: null });
    const mail = await makeVoucher({ code: `${tag}E`, scope: 'EMAIL_IDS', emailIds: ['a@example.com'], validFrom: '2031-07-01', validTo: null, active: false });
    const find = async (criteria: Record<string, unknown>) => {
      const res = await request(t.app).post(`${BASE}/find_by_criteria?keyword=${tag}&size=50`).set(bearer(admin.token)).send(criteria);
      expect(res.status).toBe(200);
      return res.body.content.map((v: { id: number }) => v.id).sort((x: number, y: number) => x - y);
    };
    expect(await find({})).toEqual([pct.id, amt.id, mail.id]);
    expect(await find({ discountKinds: ['AMOUNT_OFF'] })).toEqual([amt.id]);
    expect(await find({ scopes: ['EMAIL_IDS'] })).toEqual([mail.id]);
    expect(await find({ active: false })).toEqual([mail.id]);
    expect(await find({ validOn: '2031-03-01' })).toEqual([pct.id, amt.id]);
    expect(await find({ validOn: '2031-08-01' })).toEqual([amt.id, mail.id]);
    expect(await find({ validOn: '', discountKinds: [] })).toEqual([pct.id, amt.id, mail.id]);
    const bad = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(admin.token))
      .send({ discountKinds: ['HALF'], color: 'red' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['color', 'discountKinds.0']);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).set(bearer(studentToken)).send({})).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);
  });
});

describe('seedVoucherDemo', () => {
  test('WELCOME10 (10 % off) and SAVE500 ($500 off), for everyone, valid a year from the seeding day; a second run adds nothing', async () => {
    expect(demoVouchers(new Date('2030-03-15T12:00:00Z')).map((v) => [v.code, v.discountKind, v.discountValue, v.scope, v.validFrom, v.validTo])).toEqual([
      ['WELCOME10', 'PERCENT_OFF', 10, 'ALL', '2030-03-15', '2031-03-14'],
      ['SAVE500', 'AMOUNT_OFF', 500, 'ALL', '2030-03-15', '2031-03-14'],
    ]);
    await t.deps.sequelize.transaction((transaction) => seedVoucherDemo(transaction));
    await t.deps.sequelize.transaction((transaction) => seedVoucherDemo(transaction));
    const rows = await Voucher.findAll({ where: { code: ['WELCOME10', 'SAVE500'] }, order: [['code', 'ASC']] });
    expect(rows.map((v) => [v.code, v.discountKind, Number(v.discountValue), v.scope, v.active])).toEqual([
      ['SAVE500', 'AMOUNT_OFF', 500, 'ALL', true],
      ['WELCOME10', 'PERCENT_OFF', 10, 'ALL', true],
    ]);
    const welcome = rows[1];
    expect(welcome.validFrom! <= schoolToday() && schoolToday() <= welcome.validTo!).toBe(true);
  });
});
