import request from 'supertest';
import { ActivityLog, EmailTemplate } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let admissions: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  admissions = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/email_templates';
const MISSING = 999_999;

async function makeEmailTemplate(overrides: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post(BASE)
    .set(bearer(admissions.token))
    .send({ name: unique('Brand '), category: 'PROGRAM', header: '<p>Brand</p>', footer: '<p>Footer</p>', ...overrides });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; category: string };
}

describe('the seeded Institute email template', () => {
  test('exists with the institute’s header and a footer in both languages', async () => {
    const res = await request(t.app).get(BASE).query({ category: 'INSTITUTE', keyword: 'Institute', size: 200 }).set(bearer(supportToken));
    expect(res.status).toBe(200);
    const institute = res.body.content.find((e: { name: string }) => e.name === 'Institute');
    expect(institute).toMatchObject({ category: 'INSTITUTE', deleted: false });
    expect(institute.header).toContain('Health Coach Institute');
    expect(institute.footer).toContain('Communication preferences');
    expect(institute.footer).toContain('Preferencias de comunicación');
  });
});

describe('POST /api/email_templates', () => {
  test('creates (201) with header and footer sanitised: markup, links, images and inline styles kept; scripts and handlers removed', async () => {
    const res = await request(t.app).post(BASE).set(bearer(admissions.token)).send({
      name: 'Coaching brand',
      category: 'PROGRAM',
      header:
        '<table role="presentation" cellpadding="4"><tr><td style="color:#0f766e"><img src="https://cdn.example.com/logo.png" alt="Logo" width="120"></td></tr></table><script>alert(1)</script>',
      footer:
        '<p onclick="steal()">Visit <a href="https://example.com" target="_blank">us</a> <a href="javascript:alert(1)">now</a></p><iframe src="https://evil.example"></iframe>',
    });
    expect(res.status).toBe(201);
    expect(res.body.header).toBe(
      '<table role="presentation" cellpadding="4"><tr><td style="color:#0f766e"><img src="https://cdn.example.com/logo.png" alt="Logo" width="120" /></td></tr></table>',
    );
    expect(res.body.footer).toBe('<p>Visit <a href="https://example.com" target="_blank">us</a> <a>now</a></p>');
    const row = await EmailTemplate.findByPk(res.body.id);
    expect(row).toMatchObject({ name: 'Coaching brand', category: 'PROGRAM', deleted: false, header: res.body.header, footer: res.body.footer, updatedById: admissions.user.id });
    expect(await ActivityLog.count({ where: { entityType: 'EMAIL_TEMPLATE', entityId: row!.id, type: 'CREATED' } })).toBe(1);
  });

  test('400 with field errors; 401; 403 for SUPPORT and a student; nothing stored', async () => {
    const before = await EmailTemplate.count();
    const bad = await request(t.app)
      .post(BASE)
      .set(bearer(superToken))
      .send({ name: '', category: 'NEWS', header: 'x'.repeat(20_001), deleted: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'This field is required', category: 'Invalid value', header: 'Maximum 20000 characters', deleted: 'Unknown field' });
    expect((await request(t.app).post(BASE).send({ name: 'x' })).status).toBe(401);
    expect((await request(t.app).post(BASE).set(bearer(supportToken)).send({ name: 'x' })).status).toBe(403);
    expect((await request(t.app).post(BASE).set(bearer(studentToken)).send({ name: 'x' })).status).toBe(403);
    expect(await EmailTemplate.count()).toBe(before);
  });
});

describe('GET /api/email_templates', () => {
  test('category filter; archived ones only with deleted=true; size up to 200; keyword on the name', async () => {
    const prefix = unique('List');
    const program = await makeEmailTemplate({ name: `${prefix} program`, category: 'PROGRAM' });
    const marketing = await makeEmailTemplate({ name: `${prefix} marketing`, category: 'MARKETING' });
    const archived = await makeEmailTemplate({ name: `${prefix} archived`, category: 'MARKETING' });
    expect((await request(t.app).delete(`${BASE}/${archived.id}`).set(bearer(superToken))).status).toBe(204);
    const ids = async (query: Record<string, unknown>) => {
      const res = await request(t.app)
        .get(BASE)
        .query({ keyword: prefix, sortBy: 'NAME', ...query })
        .set(bearer(supportToken));
      expect(res.status).toBe(200);
      return res.body.content.map((e: { id: number }) => e.id);
    };
    expect(await ids({})).toEqual([marketing.id, program.id]);
    expect(await ids({ category: 'MARKETING' })).toEqual([marketing.id]);
    expect(await ids({ deleted: true })).toEqual([archived.id]);
    const big = await request(t.app).get(BASE).query({ size: 1000 }).set(bearer(supportToken));
    expect(big.body.pagination.size).toBe(200);
  });

  test('400 for a bad filter; 401; 403 for a student', async () => {
    const bad = await request(t.app).get(BASE).query({ category: 'NEWS', deleted: 'maybe', sortBy: 'header' }).set(bearer(superToken));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'deleted', 'sortBy']);
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('GET, PUT, DELETE, PATCH /api/email_templates/{id}', () => {
  test('GET; 404; 401; 403', async () => {
    const e = await makeEmailTemplate();
    expect((await request(t.app).get(`${BASE}/${e.id}`).set(bearer(supportToken))).body).toMatchObject({ id: e.id, name: e.name, header: '<p>Brand</p>', deleted: false });
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${e.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${e.id}`).set(bearer(studentToken))).status).toBe(403);
  });

  test('PUT updates (sanitised, logged); 409 EMAIL_TEMPLATE_ARCHIVED for an archived one; 400; 404; 401; 403', async () => {
    const e = await makeEmailTemplate();
    const res = await request(t.app)
      .put(`${BASE}/${e.id}`)
      .set(bearer(admissions.token))
      .send({ name: 'Renamed', category: 'MARKETING', header: '<h1 style="margin:0">New</h1><img src="javascript:alert(1)">', footer: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', category: 'MARKETING', header: '<h1 style="margin:0">New</h1><img />', footer: null });
    expect(await ActivityLog.count({ where: { entityType: 'EMAIL_TEMPLATE', entityId: e.id, type: 'UPDATED' } })).toBe(1);

    expect((await request(t.app).delete(`${BASE}/${e.id}`).set(bearer(superToken))).status).toBe(204);
    const archived = await request(t.app).put(`${BASE}/${e.id}`).set(bearer(superToken)).send({ name: 'Again', category: 'MARKETING' });
    expect(archived.status).toBe(409);
    expect(archived.body).toMatchObject({ code: 'EMAIL_TEMPLATE_ARCHIVED', message: 'The email template is archived' });
    expect((await EmailTemplate.findByPk(e.id))!.name).toBe('Renamed');

    const other = await makeEmailTemplate();
    const bad = await request(t.app).put(`${BASE}/${other.id}`).set(bearer(superToken)).send({ name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'This field is required' });
    expect((await request(t.app).put(`${BASE}/${MISSING}`).set(bearer(superToken)).send({ name: 'x' })).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${other.id}`).send({ name: 'x' })).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${other.id}`).set(bearer(supportToken)).send({ name: 'x' })).status).toBe(403);
    expect((await EmailTemplate.findByPk(other.id))!.name).toBe(other.name);
  });

  test('DELETE archives (204, again 204) and PATCH brings it back (200); logged', async () => {
    const e = await makeEmailTemplate();
    expect((await request(t.app).delete(`${BASE}/${e.id}`).set(bearer(admissions.token))).status).toBe(204);
    expect((await EmailTemplate.findByPk(e.id))!.deleted).toBe(true);
    expect((await request(t.app).delete(`${BASE}/${e.id}`).set(bearer(admissions.token))).status).toBe(204);
    expect(await ActivityLog.count({ where: { entityType: 'EMAIL_TEMPLATE', entityId: e.id, type: 'DELETED' } })).toBe(1);
    const back = await request(t.app).patch(`${BASE}/${e.id}`).set(bearer(admissions.token));
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: e.id, deleted: false });
    expect((await EmailTemplate.findByPk(e.id))!.deleted).toBe(false);
    expect(await ActivityLog.count({ where: { entityType: 'EMAIL_TEMPLATE', entityId: e.id, type: 'UPDATED' } })).toBe(1);
    // Not archived: answered as it is.
    expect((await request(t.app).patch(`${BASE}/${e.id}`).set(bearer(admissions.token))).body).toMatchObject({ deleted: false });
  });

  test('DELETE and PATCH: 404; 401; 403; nothing changed', async () => {
    const e = await makeEmailTemplate();
    expect((await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${MISSING}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/${e.id}`)).status).toBe(401);
    expect((await request(t.app).patch(`${BASE}/${e.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${e.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await request(t.app).patch(`${BASE}/${e.id}`).set(bearer(studentToken))).status).toBe(403);
    expect((await EmailTemplate.findByPk(e.id))!.deleted).toBe(false);
  });
});
