import request from 'supertest';
import { ActivityLog, BannerDismissal, Enrollment, InformationBanner, InformationBannerCohort } from '../../models';
import { bannerAnswer, bannerPage, studentBannerList } from '../../domain/contract/banners';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * /api/information_banner and the student's banners (issue 17, back-office spec §7 "Banners,
 * configuration", domain rules "Information banners and the mobile app"): every endpoint's happy
 * path, 400, 401, 403 and 404, asserting the database after the call. No banner rule answers 409:
 * publishing is idempotent (as products), a second dismissal changes nothing.
 */

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
});
afterAll(async () => {
  await t.close();
});

const api = (token: string | null = root.token) => {
  const auth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
  return {
    get: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).get(`/api${path}`).query(query)),
    post: (path: string, body?: unknown) =>
      auth(
        body === undefined
          ? request(t.app).post(`/api${path}`)
          : request(t.app)
              .post(`/api${path}`)
              .send(body as object),
      ),
    put: (path: string, body: unknown) =>
      auth(
        request(t.app)
          .put(`/api${path}`)
          .send(body as object),
      ),
    patch: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).patch(`/api${path}`).query(query)),
  };
};

const body = (overrides: Record<string, unknown> = {}) => ({
  title: unique('Maintenance '),
  content: '<p>The portal will be <strong>down</strong> on Sunday.</p>',
  type: 'WARNING',
  audience: 'ALL',
  ...overrides,
});

async function makeBanner(overrides: Record<string, unknown> = {}, publish = false) {
  const res = await api().post('/information_banner', body(overrides));
  expect(res.status).toBe(201);
  if (publish) expect((await api().patch(`/information_banner/${res.body.id}/publish`, { publish: true })).status).toBe(200);
  return res.body as { id: number; title: string };
}

describe('POST /api/information_banner', () => {
  test('creates an unpublished banner with sanitised content, and logs it', async () => {
    const res = await api(academic.token).post(
      '/information_banner',
      body({
        content:
          '<p onclick="steal()">Hello <a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        published: true,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'WARNING', audience: 'ALL', programId: null, cohortIds: [], coachingCircleId: null, published: false, publishedAt: null });
    expect(res.body.content).toBe('<p>Hello <a>bad</a> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">good</a></p>');
    const row = await InformationBanner.findByPk(res.body.id);
    expect(row).toMatchObject({ published: false, content: res.body.content, updatedByName: expect.any(String) });
    expect(await ActivityLog.count({ where: { entityType: 'INFORMATION_BANNER', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('a COHORT banner stores its cohorts; the ids of other audiences are not kept', async () => {
    const [a, b] = [await makeCohort(), await makeCohort()];
    const program = await makeProgram();
    const res = await api().post('/information_banner', body({ audience: 'COHORT', cohortIds: [a.id, b.id, a.id], programId: program.id, coachingCircleId: 9 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ audience: 'COHORT', cohortIds: [a.id, b.id].sort((x, y) => x - y), programId: null, coachingCircleId: null });
    expect(await InformationBannerCohort.count({ where: { informationBannerId: res.body.id } })).toBe(2);
  });

  test('a COACHING_CIRCLE banner keeps its circle id (circles arrive with their own area)', async () => {
    const res = await api().post('/information_banner', body({ audience: 'COACHING_CIRCLE', coachingCircleId: 41 }));
    expect(res.status).toBe(201);
    expect((await InformationBanner.findByPk(res.body.id))?.coachingCircleId).toBe(41);
  });

  test('400: missing fields, unknown level, content with nothing left to read, the audience without its ids, a program that does not exist', async () => {
    const before = await InformationBanner.count();
    const missing = await api().post('/information_banner', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      title: 'This field is required',
      content: 'This field is required',
      type: 'This field is required',
      audience: 'This field is required',
    });
    const bad = await api().post('/information_banner', body({ type: 'LOUD', content: '<script>x()</script><p> </p>' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ type: 'Invalid value', content: 'This field is required' });
    const ids = await api().post('/information_banner', body({ audience: 'PROGRAM' }));
    expect(ids.body.errors).toEqual({ programId: 'This field is required' });
    expect((await api().post('/information_banner', body({ audience: 'COHORT', cohortIds: [] }))).body.errors).toEqual({ cohortIds: 'This field is required' });
    expect((await api().post('/information_banner', body({ audience: 'COACHING_CIRCLE' }))).body.errors).toEqual({ coachingCircleId: 'This field is required' });
    const ghost = await api().post('/information_banner', body({ audience: 'PROGRAM', programId: 999_999 }));
    expect(ghost.status).toBe(400);
    expect(ghost.body.errors).toEqual({ programId: 'Invalid value' });
    const archived = await makeCohort({ deleted: true });
    expect((await api().post('/information_banner', body({ audience: 'COHORT', cohortIds: [archived.id] }))).body.errors).toEqual({ cohortIds: 'Invalid value' });
    expect((await api().post('/information_banner', body({ colour: 'red' }))).body.errors).toMatchObject({ colour: expect.any(String) });
    expect(await InformationBanner.count()).toBe(before);
  });

  test('401 without a token, 403 without banners:create; nothing is created', async () => {
    const before = await InformationBanner.count();
    expect((await api(null).post('/information_banner', body())).status).toBe(401);
    expect((await api(support.token).post('/information_banner', body())).status).toBe(403);
    expect(await InformationBanner.count()).toBe(before);
  });
});

describe('GET /api/information_banner', () => {
  test('pages, sorts and filters by keyword, published, type and audience', async () => {
    const word = unique('Kw');
    const a = await makeBanner({ title: `${word} alpha`, type: 'INFO' }, true);
    const b = await makeBanner({ title: `${word} beta`, type: 'ERROR' });
    const all = await api(support.token).get('/information_banner', { keyword: word, sortBy: 'title', descending: true });
    expect(all.status).toBe(200);
    expect(all.body.content.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(all.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect((await api().get('/information_banner', { keyword: word, published: true })).body.content.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await api().get('/information_banner', { keyword: word, type: 'ERROR' })).body.content.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await api().get('/information_banner', { keyword: word, audience: 'PROGRAM' })).body.content).toEqual([]);
    const paged = await api().get('/information_banner', { keyword: word, size: 1, page: 1, sortBy: 'TITLE' });
    expect(paged.body.content.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect(paged.body.pagination.total).toBe(2);
  });

  test('400 for an unknown sort, filter value or query key; 401; 403 without banners:read', async () => {
    expect((await api().get('/information_banner', { sortBy: 'content' })).status).toBe(400);
    expect((await api().get('/information_banner', { type: 'LOUD' })).body.errors).toMatchObject({ type: 'Invalid value' });
    expect((await api().get('/information_banner', { colour: 'red' })).status).toBe(400);
    expect((await api(null).get('/information_banner')).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api(student.token).get('/information_banner')).status).toBe(403);
  });
});

describe('GET and PUT /api/information_banner/{id}', () => {
  test('reads one; updates its text and audience, replacing the cohorts, and logs the change', async () => {
    const [a, b] = [await makeCohort(), await makeCohort()];
    const banner = await makeBanner({ audience: 'COHORT', cohortIds: [a.id] }, true);
    const got = await api(support.token).get(`/information_banner/${banner.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: banner.id, cohortIds: [a.id], published: true, publishedAt: expect.any(String) });
    const res = await api(academic.token).put(`/information_banner/${banner.id}`, { ...got.body, title: 'New title', type: 'SUCCESS', cohortIds: [b.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'New title', type: 'SUCCESS', cohortIds: [b.id], published: true });
    expect((await InformationBannerCohort.findAll({ where: { informationBannerId: banner.id } })).map((r) => r.cohortId)).toEqual([b.id]);
    const log = await ActivityLog.findOne({ where: { entityType: 'INFORMATION_BANNER', entityId: banner.id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ title: { to: 'New title' }, type: { from: 'WARNING', to: 'SUCCESS' }, cohortIds: { from: [a.id], to: [b.id] } });
    const toAll = await api().put(`/information_banner/${banner.id}`, body({ audience: 'ALL', cohortIds: [b.id] }));
    expect(toAll.body.cohortIds).toEqual([]);
    expect(await InformationBannerCohort.count({ where: { informationBannerId: banner.id } })).toBe(0);
  });

  test('400 leaves the banner as it was; 401; 403; 404', async () => {
    const banner = await makeBanner();
    const bad = await api().put(`/information_banner/${banner.id}`, body({ title: ' ', audience: 'PROGRAM' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ title: 'This field is required', programId: 'This field is required' });
    expect((await InformationBanner.findByPk(banner.id))?.title).toBe(banner.title);
    expect((await api().get('/information_banner/abc')).status).toBe(400);
    expect((await api(null).put(`/information_banner/${banner.id}`, body())).status).toBe(401);
    expect((await api(support.token).put(`/information_banner/${banner.id}`, body({ title: 'x' }))).status).toBe(403);
    expect((await InformationBanner.findByPk(banner.id))?.title).toBe(banner.title);
    expect((await api().get('/information_banner/999999')).status).toBe(404);
    expect((await api().put('/information_banner/999999', body())).status).toBe(404);
  });
});

describe('PATCH /api/information_banner/{id}/publish', () => {
  test('publishes and unpublishes (idempotent), stamping publishedAt and the activity log', async () => {
    const banner = await makeBanner();
    const on = await api(academic.token).patch(`/information_banner/${banner.id}/publish`, { publish: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ published: true, publishedAt: expect.any(String) });
    const again = await api().patch(`/information_banner/${banner.id}/publish`);
    expect(again.body.publishedAt).toBe(on.body.publishedAt);
    const off = await api().patch(`/information_banner/${banner.id}/publish`, { publish: 'false' });
    expect(off.body.published).toBe(false);
    expect((await InformationBanner.findByPk(banner.id))?.published).toBe(false);
    expect(await ActivityLog.count({ where: { entityType: 'INFORMATION_BANNER', entityId: banner.id, type: 'UPDATED' } })).toBe(2);
  });

  test('400 for a publish value that is not a boolean; 401; 403 without banners:publish; 404', async () => {
    const banner = await makeBanner();
    expect((await api().patch(`/information_banner/${banner.id}/publish`, { publish: 'maybe' })).status).toBe(400);
    expect((await api(null).patch(`/information_banner/${banner.id}/publish`)).status).toBe(401);
    expect((await api(support.token).patch(`/information_banner/${banner.id}/publish`)).status).toBe(403);
    expect((await InformationBanner.findByPk(banner.id))?.published).toBe(false);
    expect((await api().patch('/information_banner/999999/publish')).status).toBe(404);
  });
});

describe("the student's banners", () => {
  test('GET /students/{id}/information_banners: published ALL banners, and PROGRAM/COHORT banners of their applications and enrollments, the most urgent first', async () => {
    const enrollable = await makeEnrollableProduct();
    const other = await makeEnrollableProduct();
    const student = await makeStudent(t.deps);
    const application = await makeApplication(student.student.id, enrollable, { status: 'APPLIED', chosen: true });
    const enrolled = await makeEnrollableProduct();
    const enrolledApp = await makeApplication(student.student.id, enrolled, { status: 'ENROLLED' });
    await Enrollment.create({
      applicationId: enrolledApp.id,
      studentId: student.student.id,
      cohortId: enrolled.cohorts[0].id,
      programId: enrolled.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    expect(application.id).toBeGreaterThan(0);
    const all = await makeBanner({ type: 'INFO' }, true);
    const program = await makeBanner({ audience: 'PROGRAM', programId: enrollable.programs[0].id, type: 'ERROR' }, true);
    const cohort = await makeBanner({ audience: 'COHORT', cohortIds: [enrolled.cohorts[0].id], type: 'SUCCESS' }, true);
    const otherProgram = await makeBanner({ audience: 'PROGRAM', programId: other.programs[0].id }, true);
    const unpublished = await makeBanner({ audience: 'ALL' });
    const circle = await makeBanner({ audience: 'COACHING_CIRCLE', coachingCircleId: 5 }, true);
    const res = await api(student.token).get(`/students/${student.student.id}/information_banners`);
    expect(res.status).toBe(200);
    const ids = res.body.content.map((b: { id: number }) => b.id);
    expect(ids).toEqual(expect.arrayContaining([all.id, program.id, cohort.id]));
    for (const hidden of [otherProgram.id, unpublished.id, circle.id]) expect(ids).not.toContain(hidden);
    expect(ids.indexOf(program.id)).toBeLessThan(ids.indexOf(all.id));
    expect(ids.indexOf(all.id)).toBeLessThan(ids.indexOf(cohort.id));
    expect(Object.keys(res.body.content[0]).sort()).toEqual(['content', 'id', 'publishedAt', 'title', 'type']);
    // Staff with banners:read see what a student sees.
    expect((await api(support.token).get(`/students/${student.student.id}/information_banners`)).body.content.map((b: { id: number }) => b.id)).toEqual(ids);
  });

  test('a rejected application does not put the student in its program', async () => {
    const enrollable = await makeEnrollableProduct();
    const student = await makeStudent(t.deps);
    await makeApplication(student.student.id, enrollable, { status: 'REJECTED', chosen: true });
    const banner = await makeBanner({ audience: 'PROGRAM', programId: enrollable.programs[0].id }, true);
    const res = await api(student.token).get(`/students/${student.student.id}/information_banners`);
    expect(res.body.content.map((b: { id: number }) => b.id)).not.toContain(banner.id);
  });

  test('401; 403 for another student; 404 for a student who does not exist (staff)', async () => {
    const student = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    expect((await api(null).get(`/students/${student.student.id}/information_banners`)).status).toBe(401);
    expect((await api(other.token).get(`/students/${student.student.id}/information_banners`)).status).toBe(403);
    expect((await api().get('/students/999999/information_banners')).status).toBe(404);
    expect((await api().get('/students/abc/information_banners')).status).toBe(400);
  });

  test('POST .../dismiss: hidden for good (every device), a second dismissal changes nothing', async () => {
    const student = await makeStudent(t.deps);
    const banner = await makeBanner({}, true);
    const path = `/students/${student.student.id}/information_banners/${banner.id}/dismiss`;
    const res = await api(student.token).post(path);
    expect(res.status).toBe(204);
    expect(await BannerDismissal.count({ where: { studentId: student.student.id, informationBannerId: banner.id } })).toBe(1);
    expect((await api(student.token).post(path)).status).toBe(204);
    expect(await BannerDismissal.count({ where: { studentId: student.student.id, informationBannerId: banner.id } })).toBe(1);
    const list = await api(student.token).get(`/students/${student.student.id}/information_banners`);
    expect(list.body.content.map((b: { id: number }) => b.id)).not.toContain(banner.id);
    // Another student still sees it.
    const other = await makeStudent(t.deps);
    expect((await api(other.token).get(`/students/${other.student.id}/information_banners`)).body.content.map((b: { id: number }) => b.id)).toContain(banner.id);
  });

  test('dismiss: 400 for a body or a bad id, 401, 403 for staff and for another student, 404 for a banner the student does not see', async () => {
    const student = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    const banner = await makeBanner({}, true);
    const hidden = await makeBanner({});
    const path = (id: number | string, sid = student.student.id) => `/students/${sid}/information_banners/${id}/dismiss`;
    expect((await api(student.token).post(path(banner.id), { all: true })).status).toBe(400);
    expect((await api(student.token).post(path('x'))).status).toBe(400);
    expect((await api(null).post(path(banner.id))).status).toBe(401);
    expect((await api(root.token).post(path(banner.id))).status).toBe(403);
    expect((await api(other.token).post(path(banner.id))).status).toBe(403);
    expect((await api(student.token).post(path(hidden.id))).status).toBe(404);
    expect((await api(student.token).post(path(999999))).status).toBe(404);
    expect(await BannerDismissal.count({ where: { studentId: student.student.id } })).toBe(0);
  });
});

describe('answers match domain/contract/banners.ts (the UIs take their types from it)', () => {
  test('the list, a banner of each audience and the student’s banners parse; a renamed field fails', async () => {
    const cohort = await makeCohort();
    const program = await makeProgram();
    const ids = [
      (await makeBanner({}, true)).id,
      (await makeBanner({ audience: 'PROGRAM', programId: program.id })).id,
      (await makeBanner({ audience: 'COHORT', cohortIds: [cohort.id] })).id,
      (await makeBanner({ audience: 'COACHING_CIRCLE', coachingCircleId: 3 })).id,
    ];
    expect(bannerPage.safeParse((await api().get('/information_banner', { size: 50 })).body).error).toBeUndefined();
    for (const id of ids) expect(bannerAnswer.safeParse((await api().get(`/information_banner/${id}`)).body).error).toBeUndefined();
    const student = await makeStudent(t.deps);
    const mine = (await api(student.token).get(`/students/${student.student.id}/information_banners`)).body;
    expect(mine.content.length).toBeGreaterThan(0);
    expect(studentBannerList.safeParse(mine).error).toBeUndefined();
    const one = (await api().get(`/information_banner/${ids[0]}`)).body;
    expect(bannerAnswer.safeParse({ ...one, level: one.type, type: undefined }).success).toBe(false);
  });
});
