import request from 'supertest';
import { ActivityLog, AppVersion, MobileAppConfiguration, Role } from '../../models';
import { hasPermission } from '../../models/permissions';
import { schoolToday } from '../../models/catalogue';
import { versionKey } from '../../api/mobile-app/mobile-app.schemas';
import { appVersionAnswer, appVersionPage, mobileConfigurationAnswer } from '../../domain/contract/banners';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin, makeStudent } from '../support/factories';

/**
 * /api/configuration_mobile_app and /api/app_versions (issue 17, domain rules "Information banners
 * and the mobile app"): every endpoint's happy path, 400, 401, 403, 404 and each 409, asserting the
 * database after the call. The GETs need no token (the app reads them before anyone signs in).
 */

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
});
afterAll(async () => {
  await t.close();
});

const api = (token: string | null = root.token) => {
  const auth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
  return {
    get: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).get(`/api${path}`).query(query)),
    post: (path: string, body: unknown) =>
      auth(
        request(t.app)
          .post(`/api${path}`)
          .send(body as object),
      ),
    put: (path: string, body: unknown) =>
      auth(
        request(t.app)
          .put(`/api${path}`)
          .send(body as object),
      ),
    delete: (path: string) => auth(request(t.app).delete(`/api${path}`)),
  };
};

/** A version number no other test of this suite uses (the database is shared on MariaDB). */
let seq = 0;
const nextVersion = () => `${90 + (process.pid % 9)}.${Date.now() % 100000}.${++seq}`;

const versionBody = (overrides: Record<string, unknown> = {}) => ({
  platform: 'IOS',
  version: nextVersion(),
  releaseDate: '2026-01-10',
  notes: 'Faster sign-in',
  mandatory: false,
  ...overrides,
});

const config = (overrides: Record<string, unknown> = {}) => ({
  minimumVersions: { IOS: null, ANDROID: null },
  forceUpdate: false,
  maintenanceMessage: null,
  featureFlags: {},
  ...overrides,
});

async function makeVersion(overrides: Record<string, unknown> = {}) {
  const res = await api().post('/app_versions', versionBody(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; platform: string; version: string };
}

/** Puts the configuration back as the migration left it (no minimum): later tests start from there. */
afterEach(async () => {
  await MobileAppConfiguration.update(
    { minimumVersionIos: null, minimumVersionAndroid: null, forceUpdate: false, maintenanceMessage: null, featureFlags: {} },
    { where: { id: 1 } },
  );
});

describe('GET /api/configuration_mobile_app', () => {
  test('answers without a token (no staff names); staff also see who changed it', async () => {
    const anonymous = await api(null).get('/configuration_mobile_app');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({
      minimumVersions: { IOS: null, ANDROID: null },
      forceUpdate: false,
      maintenanceMessage: null,
      featureFlags: {},
      updatedAt: expect.any(String),
    });
    const staff = await api(support.token).get('/configuration_mobile_app');
    expect(staff.body).toHaveProperty('updatedBy');
    const student = await makeStudent(t.deps);
    expect((await api(student.token).get('/configuration_mobile_app')).body).not.toHaveProperty('updatedBy');
  });

  test('the call takes no query: whatever an app version adds to the address is ignored', async () => {
    expect((await api(null).get('/configuration_mobile_app', { platform: 'IOS' })).status).toBe(200);
  });
});

describe('POST /api/configuration_mobile_app', () => {
  test('saves the typed settings (minimum version of a released app version), logs the change', async () => {
    const ios = await makeVersion({ platform: 'IOS', releaseDate: schoolToday() });
    const res = await api().post(
      '/configuration_mobile_app',
      config({
        minimumVersions: { IOS: ios.version, ANDROID: null },
        forceUpdate: true,
        maintenanceMessage: '  Back at 6 PM  ',
        featureFlags: { inbox: true, 'new.payments': false },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      minimumVersions: { IOS: ios.version, ANDROID: null },
      forceUpdate: true,
      maintenanceMessage: 'Back at 6 PM',
      featureFlags: { inbox: true, 'new.payments': false },
    });
    const row = await MobileAppConfiguration.findByPk(1);
    expect(row).toMatchObject({ minimumVersionIos: ios.version, minimumVersionAndroid: null, forceUpdate: true, featureFlags: { inbox: true, 'new.payments': false } });
    expect(await ActivityLog.count({ where: { entityType: 'MOBILE_APP_CONFIGURATION', entityId: 1, type: 'UPDATED' } })).toBeGreaterThan(0);
    expect((await api(null).get('/configuration_mobile_app')).body.minimumVersions.IOS).toBe(ios.version);
  });

  test('400: missing fields, a version that is not one, a flag that is not a boolean or has a bad name; nothing saved', async () => {
    const before = (await MobileAppConfiguration.findByPk(1))!.updatedAt.getTime();
    const missing = await api().post('/configuration_mobile_app', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ minimumVersions: expect.any(String), forceUpdate: 'This field is required' });
    const bad = await api().post('/configuration_mobile_app', config({ minimumVersions: { IOS: 'v2', ANDROID: null }, featureFlags: { inbox: 'yes', '1bad': true } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors['minimumVersions.IOS']).toBe('Write the version as numbers separated by dots, e.g. 2.4.1');
    expect(Object.keys(bad.body.errors).some((k) => k.startsWith('featureFlags'))).toBe(true);
    expect((await MobileAppConfiguration.findByPk(1))!.updatedAt.getTime()).toBe(before);
  });

  test('409 MINIMUM_VERSION_NOT_RELEASED: a version that is not listed, or released after today', async () => {
    const future = await makeVersion({ platform: 'ANDROID', releaseDate: '2099-01-01' });
    const unknown = await api().post('/configuration_mobile_app', config({ minimumVersions: { IOS: '77.77.77', ANDROID: null } }));
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ code: 'MINIMUM_VERSION_NOT_RELEASED', message: 'The minimum supported version must be an app version of its platform released by today' });
    const later = await api().post('/configuration_mobile_app', config({ minimumVersions: { IOS: null, ANDROID: future.version } }));
    expect(later.status).toBe(409);
    expect((await MobileAppConfiguration.findByPk(1))?.minimumVersionAndroid).toBeNull();
  });

  test('401 without a token; 403 without mobile_app:update (SUPPORT reads only)', async () => {
    expect((await api(null).post('/configuration_mobile_app', config({ forceUpdate: true }))).status).toBe(401);
    expect((await api(support.token).post('/configuration_mobile_app', config({ forceUpdate: true }))).status).toBe(403);
    expect((await MobileAppConfiguration.findByPk(1))?.forceUpdate).toBe(false);
  });
});

describe('/api/app_versions', () => {
  test('POST adds a version; GET lists them without a token, newest release first, filtered by platform and keyword', async () => {
    const older = await makeVersion({ platform: 'ANDROID', releaseDate: '2026-01-01' });
    const newer = await makeVersion({ platform: 'ANDROID', releaseDate: '2026-02-01', mandatory: true });
    const row = await AppVersion.findByPk(newer.id);
    expect(row).toMatchObject({ platform: 'ANDROID', version: newer.version, versionKey: versionKey(newer.version), releaseDate: '2026-02-01', mandatory: true });
    const list = await api(null).get('/app_versions', { platform: 'ANDROID', size: 1000 });
    expect(list.status).toBe(200);
    const ids = list.body.content.map((v: { id: number }) => v.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.body.content[0]).not.toHaveProperty('updatedBy');
    const byKeyword = await api().get('/app_versions', { keyword: newer.version });
    expect(byKeyword.body.content.map((v: { id: number }) => v.id)).toEqual([newer.id]);
    expect(byKeyword.body.content[0]).toHaveProperty('updatedBy');
    expect((await api(null).get(`/app_versions/${older.id}`)).body).toMatchObject({ id: older.id, version: older.version, notes: 'Faster sign-in' });
    expect(await ActivityLog.count({ where: { entityType: 'APP_VERSION', entityId: newer.id, type: 'CREATED' } })).toBe(1);
  });

  test('versions sort as versions: 2.10 after 2.9', async () => {
    const base = `${80 + seq}.${Date.now() % 1000}`;
    const nine = await makeVersion({ platform: 'IOS', version: `${base}.9` });
    const ten = await makeVersion({ platform: 'IOS', version: `${base}.10` });
    const list = await api().get('/app_versions', { keyword: base, sortBy: 'version', descending: true });
    expect(list.body.content.map((v: { id: number }) => v.id)).toEqual([ten.id, nine.id]);
  });

  test('400: missing fields, a bad version, date or platform, an unknown filter; 401 and 403 for writes; nothing saved', async () => {
    const before = await AppVersion.count();
    const missing = await api().post('/app_versions', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ platform: 'This field is required', version: 'This field is required', releaseDate: 'This field is required' });
    const bad = await api().post('/app_versions', versionBody({ platform: 'WINDOWS', version: '1.x', releaseDate: '2026-02-30' }));
    expect(bad.body.errors).toMatchObject({
      platform: 'Invalid value',
      version: 'Write the version as numbers separated by dots, e.g. 2.4.1',
      releaseDate: 'Please type a valid date',
    });
    expect((await api(null).get('/app_versions', { platform: 'WINDOWS' })).status).toBe(400);
    expect((await api(null).get('/app_versions', { sortBy: 'notes' })).status).toBe(400);
    expect((await api(null).post('/app_versions', versionBody())).status).toBe(401);
    expect((await api(support.token).post('/app_versions', versionBody())).status).toBe(403);
    expect(await AppVersion.count()).toBe(before);
  });

  test('409 APP_VERSION_EXISTS on create and update; the same number on the other platform is fine', async () => {
    const v = await makeVersion({ platform: 'IOS' });
    const again = await api().post('/app_versions', versionBody({ platform: 'IOS', version: v.version }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'APP_VERSION_EXISTS', message: 'This version already exists for this platform' });
    expect(await AppVersion.count({ where: { platform: 'IOS', version: v.version } })).toBe(1);
    const android = await makeVersion({ platform: 'ANDROID', version: v.version });
    const clash = await api().put(`/app_versions/${android.id}`, versionBody({ platform: 'IOS', version: v.version }));
    expect(clash.status).toBe(409);
    expect((await AppVersion.findByPk(android.id))?.platform).toBe('ANDROID');
  });

  test('PUT updates; 400, 401, 403, 404', async () => {
    const v = await makeVersion();
    const res = await api().put(`/app_versions/${v.id}`, { ...versionBody({ version: v.version }), notes: 'Fixes', mandatory: true, id: v.id, updatedBy: null });
    expect(res.status).toBe(200);
    expect(await AppVersion.findByPk(v.id)).toMatchObject({ notes: 'Fixes', mandatory: true });
    expect((await api().put(`/app_versions/${v.id}`, versionBody({ version: '' }))).status).toBe(400);
    expect((await api(null).put(`/app_versions/${v.id}`, versionBody())).status).toBe(401);
    expect((await api(support.token).put(`/app_versions/${v.id}`, versionBody())).status).toBe(403);
    expect((await AppVersion.findByPk(v.id))?.version).toBe(v.version);
    expect((await api().put('/app_versions/999999', versionBody())).status).toBe(404);
    expect((await api(null).get('/app_versions/999999')).status).toBe(404);
  });

  test('DELETE removes; 401, 403, 404', async () => {
    const v = await makeVersion();
    expect((await api(null).delete(`/app_versions/${v.id}`)).status).toBe(401);
    expect((await api(support.token).delete(`/app_versions/${v.id}`)).status).toBe(403);
    expect(await AppVersion.count({ where: { id: v.id } })).toBe(1);
    expect((await api().delete(`/app_versions/${v.id}`)).status).toBe(204);
    expect(await AppVersion.count({ where: { id: v.id } })).toBe(0);
    expect((await api().delete(`/app_versions/${v.id}`)).status).toBe(404);
  });

  test('409 APP_VERSION_IN_USE: the minimum supported version cannot be deleted, renumbered or moved to a later release', async () => {
    const v = await makeVersion({ platform: 'ANDROID', releaseDate: '2026-01-05' });
    expect((await api().post('/configuration_mobile_app', config({ minimumVersions: { IOS: null, ANDROID: v.version } }))).status).toBe(200);
    const del = await api().delete(`/app_versions/${v.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('APP_VERSION_IN_USE');
    expect((await api().put(`/app_versions/${v.id}`, versionBody({ platform: 'ANDROID', version: `${v.version}.1`, releaseDate: '2026-01-05' }))).status).toBe(409);
    expect((await api().put(`/app_versions/${v.id}`, versionBody({ platform: 'ANDROID', version: v.version, releaseDate: '2099-01-01' }))).status).toBe(409);
    expect(await AppVersion.findByPk(v.id)).toMatchObject({ version: v.version, releaseDate: '2026-01-05' });
    // Its notes may change.
    expect((await api().put(`/app_versions/${v.id}`, versionBody({ platform: 'ANDROID', version: v.version, releaseDate: '2026-01-05', notes: 'Now' }))).status).toBe(200);
  });
});

describe('answers match domain/contract/banners.ts (the UIs take their types from it)', () => {
  test('the configuration and the versions parse, for the app and for staff; a missing field fails', async () => {
    const v = await makeVersion({ notes: null });
    for (const token of [null, root.token]) {
      expect(mobileConfigurationAnswer.safeParse((await api(token).get('/configuration_mobile_app')).body).error).toBeUndefined();
      expect(appVersionPage.safeParse((await api(token).get('/app_versions', { size: 100 })).body).error).toBeUndefined();
      expect(appVersionAnswer.safeParse((await api(token).get(`/app_versions/${v.id}`)).body).error).toBeUndefined();
    }
    const { forceUpdate: _dropped, ...rest } = (await api(null).get('/configuration_mobile_app')).body;
    expect(mobileConfigurationAnswer.safeParse(rest).success).toBe(false);
  });
});

describe('migration 0017', () => {
  test('the roles that read everything read the mobile app; only SUPER_ADMIN writes it; the configuration row exists', async () => {
    for (const name of ['FINANCE', 'ADMISSIONS', 'ACADEMIC', 'SUPPORT']) {
      const role = await Role.findOne({ where: { name } });
      expect([name, hasPermission(role!.permissions, 'mobile_app:read'), hasPermission(role!.permissions, 'mobile_app:update')]).toEqual([name, true, false]);
    }
    expect(hasPermission((await Role.findOne({ where: { name: 'SUPER_ADMIN' } }))!.permissions, 'mobile_app:update')).toBe(true);
    expect(await MobileAppConfiguration.count({ where: { id: 1 } })).toBe(1);
  });
});
