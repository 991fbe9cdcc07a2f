import request from 'supertest';
import { ActivityLog, Cohort, LmsConnection, Program } from '../../models';
import { lmsConnectionAnswer, lmsConnectionPage } from '../../domain/contract/lms';
import { refreshExpiringTokens } from '../../api/lms/connections.service';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { startFakeCanvas, type FakeCanvas } from '../support/fake-lms/canvas';
import { startFakeD2l, type FakeD2l } from '../support/fake-lms/d2l';
import { startFakeDocebo, type FakeDocebo } from '../support/fake-lms/docebo';
import { makeLmsConnection } from '../support/lms-factories';

/**
 * /api/lms_connection (issue 21, platform spec §7): every call's happy path, 400, 401, 403, 404 and
 * 409, against fake D2L, Docebo and Canvas servers; secrets encrypted at rest and answered masked;
 * CONNECTED only when the credentials work; the D2L OAuth round trip; the token refresh job.
 */

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;
let finance: Awaited<ReturnType<typeof makeAdmin>>;
let d2l: FakeD2l;
let canvas: FakeCanvas;
let docebo: FakeDocebo;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
  finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
  [d2l, canvas, docebo] = await Promise.all([startFakeD2l(), startFakeCanvas(), startFakeDocebo()]);
});
afterAll(async () => {
  await Promise.all([d2l.close(), canvas.close(), docebo.close()]);
  await t.close();
});

const api = (token: string | null = academic.token) => {
  const auth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
  return {
    get: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).get(`/api${path}`).query(query)),
    post: (path: string, body?: object) => auth(body === undefined ? request(t.app).post(`/api${path}`) : request(t.app).post(`/api${path}`).send(body)),
    put: (path: string, body: object) => auth(request(t.app).put(`/api${path}`).send(body)),
    delete: (path: string) => auth(request(t.app).delete(`/api${path}`)),
  };
};

const canvasBody = (overrides: Record<string, unknown> = {}) => ({
  vendor: 'CANVAS',
  name: 'Canvas production',
  properties: { host: canvas.url, token: canvas.token, accountId: '1' },
  ...overrides,
});
const d2lBody = () => ({
  vendor: 'D2L',
  name: 'Brightspace',
  properties: { host: d2l.url, authHost: d2l.url, clientId: d2l.clientId, clientSecret: d2l.clientSecret, redirectUri: 'http://localhost:3710/d2l-auth', studentRoleId: '110' },
});
const doceboBody = (password = docebo.password) => ({
  vendor: 'DOCEBO',
  name: 'Docebo',
  properties: { host: docebo.url, clientId: docebo.clientId, clientSecret: docebo.clientSecret, username: docebo.username, password },
});

describe('POST /api/lms_connection', () => {
  test('when Canvas credentials work, then the connection is CONNECTED, its token encrypted at rest and answered masked', async () => {
    const res = await api().post('/lms_connection', canvasBody());
    expect(res.status).toBe(201);
    lmsConnectionAnswer.parse(res.body);
    expect(res.body).toMatchObject({ vendor: 'CANVAS', status: 'CONNECTED', statusMessage: 'Admin (1)', authorizeUrl: null });
    expect(res.body.properties).toEqual({ host: canvas.url, token: '••••••••7788', accountId: '1' });
    const row = await LmsConnection.findByPk(res.body.id);
    expect(row!.secrets).not.toContain(canvas.token);
    expect(row!.secrets).toMatch(/^v1:/);
    expect(JSON.stringify(row!.settings)).not.toContain(canvas.token);
    expect(await ActivityLog.count({ where: { entityType: 'LMS_CONNECTION', entityId: res.body.id } })).toBeGreaterThanOrEqual(2);
  });

  test('when the credentials are refused, then it is saved with status ERROR and the reason', async () => {
    const res = await api().post('/lms_connection', canvasBody({ properties: { host: canvas.url, token: 'wrong-token-000' } }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('ERROR');
    expect(res.body.statusMessage).toContain('Invalid access token');
  });

  test('when Docebo is created, then its password grant is checked and its token kept with its expiry', async () => {
    const res = await api().post('/lms_connection', doceboBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'CONNECTED' });
    expect(res.body.properties.password).toBe('••••••••');
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3000_000);
    const row = await LmsConnection.findByPk(res.body.id);
    expect(row!.tokens).toMatch(/^v1:/);
  });

  test('when D2L is created, then it waits for authorization and answers where to authorize', async () => {
    const res = await api().post('/lms_connection', d2lBody());
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('AUTHORIZATION_REQUIRED');
    const url = new URL(res.body.authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${d2l.url}/oauth2/auth`);
    expect(url.searchParams.get('client_id')).toBe(d2l.clientId);
    expect(url.searchParams.get('state')).toMatch(new RegExp(`^${res.body.id}\\.`));
  });

  test('when the vendor or its required properties are missing, then 400 names them and nothing is saved', async () => {
    const before = await LmsConnection.count();
    const res = await api().post('/lms_connection', { vendor: 'D2L', name: '', properties: { host: 'not a url' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: expect.any(String), 'properties.host': 'Please type a valid URL' });
    const res2 = await api().post('/lms_connection', { vendor: 'D2L', name: 'x', properties: {} });
    expect(res2.status).toBe(400);
    expect(Object.keys(res2.body.errors).sort()).toEqual(['properties.clientId', 'properties.clientSecret', 'properties.host', 'properties.redirectUri']);
    const res3 = await api().post('/lms_connection', { name: 'x' });
    expect(res3.status).toBe(400);
    expect(res3.body.errors.vendor).toBe('This field is required');
    expect(await LmsConnection.count()).toBe(before);
  });

  test('when nobody is signed in, then 401; a role without lms:create, then 403', async () => {
    expect((await api(null).post('/lms_connection', canvasBody())).status).toBe(401);
    expect((await api(support.token).post('/lms_connection', canvasBody())).status).toBe(403);
    expect((await api(finance.token).post('/lms_connection', canvasBody())).status).toBe(403);
  });
});

describe('GET /api/lms_connection and /{id}', () => {
  test('when staff list and get, then secrets are masked and filters apply', async () => {
    const c = await makeLmsConnection(t.deps, { vendor: 'CANVAS', settings: { host: canvas.url, accountId: null }, secrets: { token: 'abcdefghijklmnop' }, name: 'Zeta canvas' });
    const res = await api(support.token).get('/lms_connection', { vendor: 'CANVAS', keyword: 'Zeta', size: 50 });
    expect(res.status).toBe(200);
    lmsConnectionPage.parse(res.body);
    expect(res.body.content.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(res.body.content[0].properties.token).toBe('••••••••mnop');
    const one = await api(support.token).get(`/lms_connection/${c.id}`);
    expect(one.status).toBe(200);
    expect(one.body.properties.token).toBe('••••••••mnop');
  });

  test('when the id is unknown, then 404; the filter wrong, then 400; not signed in, then 401; a student, then 403', async () => {
    expect((await api().get('/lms_connection/999999')).status).toBe(404);
    expect((await api().get('/lms_connection', { vendor: 'MOODLE' })).status).toBe(400);
    expect((await api(null).get('/lms_connection')).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api(student.token).get('/lms_connection')).status).toBe(403);
  });
});

describe('PUT /api/lms_connection/{id}', () => {
  test('when a secret comes back masked, then the stored one is kept and the connection still works', async () => {
    const created = (await api().post('/lms_connection', canvasBody())).body;
    const res = await api().put(`/lms_connection/${created.id}`, { ...created, name: 'Canvas renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Canvas renamed', status: 'CONNECTED' });
    expect((await LmsConnection.findByPk(created.id))!.name).toBe('Canvas renamed');
  });

  test('when a new secret is wrong, then the status becomes ERROR', async () => {
    const created = (await api().post('/lms_connection', canvasBody())).body;
    const res = await api().put(`/lms_connection/${created.id}`, canvasBody({ properties: { host: canvas.url, token: 'another-wrong-token' } }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ERROR');
  });

  test('when the vendor changes, then 400 and nothing changes; unknown id 404; 401; 403', async () => {
    const created = (await api().post('/lms_connection', canvasBody())).body;
    const res = await api().put(`/lms_connection/${created.id}`, { ...doceboBody(), name: 'changed' });
    expect(res.status).toBe(400);
    expect(res.body.errors.vendor).toBe('The vendor of a connection cannot change; create a new connection');
    expect((await LmsConnection.findByPk(created.id))!.name).toBe('Canvas production');
    expect((await api().put('/lms_connection/999999', canvasBody())).status).toBe(404);
    expect((await api(null).put(`/lms_connection/${created.id}`, canvasBody())).status).toBe(401);
    expect((await api(support.token).put(`/lms_connection/${created.id}`, canvasBody())).status).toBe(403);
  });
});

describe('POST /api/lms_connection/{id}/test', () => {
  test('when the LMS answers, then CONNECTED; when it cannot be reached, then ERROR with the reason', async () => {
    const ok = await makeLmsConnection(t.deps, { vendor: 'CANVAS', status: 'ERROR', settings: { host: canvas.url, accountId: '1' }, secrets: { token: canvas.token } });
    const res = await api().post(`/lms_connection/${ok.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CONNECTED');
    expect((await LmsConnection.findByPk(ok.id))!.checkedAt).not.toBeNull();
    const away = await makeLmsConnection(t.deps, { vendor: 'CANVAS', settings: { host: 'http://127.0.0.1:9', accountId: '1' }, secrets: { token: canvas.token } });
    const res2 = await api().post(`/lms_connection/${away.id}/test`);
    expect(res2.body.status).toBe('ERROR');
    expect(res2.body.statusMessage).toMatch(/^The learning system could not be reached/);
  });

  test('when the id is unknown, then 404; 401; 403', async () => {
    expect((await api().post('/lms_connection/999999/test')).status).toBe(404);
    expect((await api(null).post('/lms_connection/1/test')).status).toBe(401);
    expect((await api(support.token).post('/lms_connection/1/test')).status).toBe(403);
  });
});

describe('POST /api/lms_connection/d2l_auth', () => {
  test('when D2L sends staff back with a code, then the tokens are kept encrypted and the connection is CONNECTED', async () => {
    const created = (await api().post('/lms_connection', d2lBody())).body;
    // The round trip: D2L's authorize page sends the browser back to /d2l-auth with a code and the state.
    const back = await fetch(created.authorizeUrl, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(location.pathname).toBe('/d2l-auth');
    const res = await api().post('/lms_connection/d2l_auth', { code: location.searchParams.get('code'), state: location.searchParams.get('state') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, status: 'CONNECTED', statusMessage: 'api.service (API Service)' });
    const row = await LmsConnection.findByPk(created.id);
    expect(row!.tokens).not.toContain('d2l-access');
    expect(row!.tokenExpiresAt).not.toBeNull();
  });

  test('when the code is refused, then AUTHORIZATION_REQUIRED with the reason', async () => {
    const created = (await api().post('/lms_connection', d2lBody())).body;
    const state = new URL(created.authorizeUrl).searchParams.get('state');
    const res = await api().post('/lms_connection/d2l_auth', { code: 'stale-code', state });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('AUTHORIZATION_REQUIRED');
    expect(res.body.statusMessage).toContain('invalid_grant');
  });

  test('when the state is forged, then 400; missing, then 400; 401; 403', async () => {
    const created = (await api().post('/lms_connection', d2lBody())).body;
    expect((await api().post('/lms_connection/d2l_auth', { code: 'x', state: `${created.id}.forged` })).status).toBe(400);
    const missing = await api().post('/lms_connection/d2l_auth', { code: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.state).toBeDefined();
    expect((await api(null).post('/lms_connection/d2l_auth', { code: 'x', state: 'y' })).status).toBe(401);
    expect((await api(support.token).post('/lms_connection/d2l_auth', { code: 'x', state: 'y' })).status).toBe(403);
  });
});

describe('DELETE /api/lms_connection/{id}', () => {
  test('when no cohort uses it, then it is removed and programs naming it are left without one', async () => {
    const c = await makeLmsConnection(t.deps);
    const program = await makeProgram({ lmsConnectionId: c.id, d2lOrgUnitId: '6606' });
    await makeCohort({ program, deleted: true });
    const res = await api().delete(`/lms_connection/${c.id}`);
    expect(res.status).toBe(204);
    expect(await LmsConnection.findByPk(c.id)).toBeNull();
    expect((await Program.findByPk(program.id))!.lmsConnectionId).toBeNull();
  });

  test("when a cohort syncs through it (its own or its program's), then 409 'A connection in use by cohorts cannot be removed'", async () => {
    const own = await makeLmsConnection(t.deps);
    await makeCohort({ lmsConnectionId: own.id });
    const res = await api().delete(`/lms_connection/${own.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A connection in use by cohorts cannot be removed');
    const viaProgram = await makeLmsConnection(t.deps);
    await makeCohort({ program: await makeProgram({ lmsConnectionId: viaProgram.id }) });
    expect((await api().delete(`/lms_connection/${viaProgram.id}`)).status).toBe(409);
    expect(await LmsConnection.findByPk(viaProgram.id)).not.toBeNull();
  });

  test('when the id is unknown, then 404; 401; 403', async () => {
    const c = await makeLmsConnection(t.deps);
    expect((await api().delete('/lms_connection/999999')).status).toBe(404);
    expect((await api(null).delete(`/lms_connection/${c.id}`)).status).toBe(401);
    expect((await api(support.token).delete(`/lms_connection/${c.id}`)).status).toBe(403);
    expect(await LmsConnection.findByPk(c.id)).not.toBeNull();
  });
});

describe('programs and cohorts name a connection', () => {
  test('when a program and a cohort are saved with an lmsConnectionId, then they answer it; an unknown one is 400', async () => {
    const c = await makeLmsConnection(t.deps, { vendor: 'CANVAS', settings: { host: canvas.url, accountId: '1' }, secrets: { token: canvas.token }, name: 'Canvas for programs' });
    const program = await makeProgram();
    const { bundleProgramIds, businessCategory, createdAt, deleted, durationTypeLabel, lmsConnection, updatedAt, updatedBy, ...got } = (
      await api(root.token).get(`/programs/${program.id}`)
    ).body;
    void [bundleProgramIds, businessCategory, createdAt, deleted, durationTypeLabel, lmsConnection, updatedAt, updatedBy];
    const put = await api(root.token).put(`/programs/${program.id}`, { ...got, lmsConnectionId: c.id, d2lOrgUnitId: '11' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ lmsConnectionId: c.id, lmsConnection: { value: c.id, label: 'Canvas for programs', vendor: 'CANVAS' }, d2lOrgUnitId: '11' });
    const bad = await api(root.token).put(`/programs/${program.id}`, { ...got, lmsConnectionId: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.lmsConnectionId).toBeDefined();

    const cohort = await makeCohort({ program });
    const cohortBody = { programId: program.id, startDate: '2030-01-15', endDate: '2030-12-15' };
    const cput = await api(root.token).put(`/cohorts/${cohort.id}`, { ...cohortBody, lmsConnectionId: c.id, d2lSectionId: '21' });
    expect(cput.body.errors).toBeUndefined();
    expect(cput.status).toBe(200);
    expect(cput.body.lmsConnectionId).toBe(c.id);
    expect((await Cohort.findByPk(cohort.id))!.lmsConnectionId).toBe(c.id);
    const cbad = await api(root.token).put(`/cohorts/${cohort.id}`, { ...cohortBody, lmsConnectionId: 999999 });
    expect(cbad.status).toBe(400);
  });
});

describe('LMS_TOKEN_REFRESH', () => {
  test('when a token is about to expire, then it is renewed; when the renewal is refused, then the connection says so', async () => {
    const created = (await api().post('/lms_connection', doceboBody())).body;
    await LmsConnection.update({ tokenExpiresAt: new Date(Date.now() + 60_000) }, { where: { id: created.id } });
    const before = (await LmsConnection.findByPk(created.id))!.tokens;
    const result = await refreshExpiringTokens(t.deps, 900);
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    const after = (await LmsConnection.findByPk(created.id))!;
    expect(after.tokens).not.toBe(before);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);

    const d = (await api().post('/lms_connection', d2lBody())).body;
    const state = new URL(d.authorizeUrl).searchParams.get('state');
    await api().post('/lms_connection/d2l_auth', { code: d2l.issueCode(), state });
    await LmsConnection.update({ tokenExpiresAt: new Date(Date.now() + 60_000), secrets: (await LmsConnection.findByPk(created.id))!.secrets }, { where: { id: d.id } });
    await refreshExpiringTokens(t.deps, 900);
    const refused = (await LmsConnection.findByPk(d.id))!;
    expect(refused.status).toBe('AUTHORIZATION_REQUIRED');
  });
});
