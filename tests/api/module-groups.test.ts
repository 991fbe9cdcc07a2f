import request from 'supertest';
import { ActivityLog, CohortModule, ModuleGroup, ProgramModule } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let academicToken: string;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  academicToken = (await makeAdmin(t.deps, { roles: ['ACADEMIC'] })).token;
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/module_groups';
const MISSING = 999_999;
const moduleColumns = {
  d2lModuleId: null,
  groupName: null,
  duration: null,
  startDateTime: null,
  openDate: null,
  closeDate: null,
  endDateTime: null,
  image: null,
  communicationTemplateId: null,
  updatedById: null,
  updatedByName: null,
};
async function makeGroup(name = unique('Group ')) {
  const res = await request(t.app).post(BASE).set(bearer(academicToken)).send({ name });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

describe('POST /api/module_groups', () => {
  test('ACADEMIC creates a group (201), name trimmed; stored and logged', async () => {
    const name = unique('Foundations ');
    const res = await request(t.app)
      .post(BASE)
      .set(bearer(academicToken))
      .send({ name: `  ${name} ` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name });
    expect((await ModuleGroup.findByPk(res.body.id))?.name).toBe(name);
    expect(await ActivityLog.count({ where: { entityType: 'MODULE_GROUP', entityId: res.body.id, type: 'CREATED' } })).toBe(1);
  });

  test('a taken name, whatever its case, is 409 MODULE_GROUP_NAME_TAKEN and stores nothing', async () => {
    const group = await makeGroup();
    const res = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: group.name.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MODULE_GROUP_NAME_TAKEN', message: 'A module group with this name already exists' });
    expect(await ModuleGroup.count({ where: { name: [group.name, group.name.toUpperCase()] } })).toBe(1);
  });

  test('bad input is 400 with field errors; 401; 403 SUPPORT and student; nothing stored', async () => {
    const before = await ModuleGroup.count();
    const bad = await request(t.app).post(BASE).set(bearer(superToken)).send({ name: ' ', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'This field is required', extra: 'Unknown field' });
    expect(
      (
        await request(t.app)
          .post(BASE)
          .set(bearer(superToken))
          .send({ name: 'x'.repeat(201) })
      ).body.errors,
    ).toEqual({ name: 'Maximum 200 characters' });
    expect(
      (
        await request(t.app)
          .post(BASE)
          .send({ name: unique('G') })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(t.app)
          .post(BASE)
          .set(bearer(supportToken))
          .send({ name: unique('G') })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .post(BASE)
          .set(bearer(studentToken))
          .send({ name: unique('G') })
      ).status,
    ).toBe(403);
    expect(await ModuleGroup.count()).toBe(before);
  });
});

describe('GET /api/module_groups', () => {
  test('every group sorted by name, 100 a page by default; keyword; paging', async () => {
    const prefix = unique('Zq');
    const b = await makeGroup(`${prefix} b`);
    const a = await makeGroup(`${prefix} a`);
    const res = await request(t.app).get(BASE).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 0, size: 100, total: await ModuleGroup.count() });
    const listed = res.body.content.map((g: { id: number }) => g.id).filter((id: number) => id === a.id || id === b.id);
    if (res.body.pagination.total <= 100) expect(listed).toEqual([a.id, b.id]);
    const mine = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(prefix)}`)
      .set(bearer(supportToken));
    expect(mine.body.content.map((g: { id: number }) => g.id)).toEqual([a.id, b.id]);
    const paged = await request(t.app)
      .get(`${BASE}?keyword=${encodeURIComponent(prefix)}&size=1&page=1`)
      .set(bearer(supportToken));
    expect(paged.body).toMatchObject({ content: [{ id: b.id, name: b.name }], pagination: { total: 2, page: 1, size: 1 } });
  });

  test('400 bad sort; 401; 403 student', async () => {
    expect((await request(t.app).get(`${BASE}?sortBy=createdAt`).set(bearer(superToken))).body.errors).toEqual({ sortBy: expect.stringContaining('Allowed') });
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await request(t.app).get(BASE).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('DELETE /api/module_groups/:id', () => {
  test('an unused group is deleted (204) and logged', async () => {
    const group = await makeGroup();
    const res = await request(t.app).delete(`${BASE}/${group.id}`).set(bearer(academicToken));
    expect(res.status).toBe(204);
    expect(await ModuleGroup.findByPk(group.id)).toBeNull();
    expect(await ActivityLog.count({ where: { entityType: 'MODULE_GROUP', entityId: group.id, type: 'DELETED' } })).toBe(1);
  });

  test('a group used by a program module, or by a cohort module, is 409 MODULE_GROUP_IN_USE and stays', async () => {
    const program = await makeProgram();
    const cohort = await makeCohort({ program });
    const byProgram = await makeGroup();
    const byCohort = await makeGroup();
    await ProgramModule.create({ programId: program.id, title: 'Week 1', ...moduleColumns, moduleGroupId: byProgram.id });
    await CohortModule.create({ cohortId: cohort.id, programModuleId: null, title: 'Week 1', ...moduleColumns, moduleGroupId: byCohort.id });
    const first = await request(t.app).delete(`${BASE}/${byProgram.id}`).set(bearer(superToken));
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'MODULE_GROUP_IN_USE', message: 'The module group is used by modules', details: { programModules: 1, cohortModules: 0 } });
    const second = await request(t.app).delete(`${BASE}/${byCohort.id}`).set(bearer(superToken));
    expect(second.status).toBe(409);
    expect(second.body.details).toEqual({ programModules: 0, cohortModules: 1 });
    expect(await ModuleGroup.count({ where: { id: [byProgram.id, byCohort.id] } })).toBe(2);
  });

  test('400 bad id; 401; 403 SUPPORT; 404 missing; nothing removed', async () => {
    const group = await makeGroup();
    expect((await request(t.app).delete(`${BASE}/abc`).set(bearer(superToken))).body.errors).toEqual({ id: 'Invalid value' });
    expect((await request(t.app).delete(`${BASE}/${group.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${group.id}`).set(bearer(supportToken))).status).toBe(403);
    const missing = await request(t.app).delete(`${BASE}/${MISSING}`).set(bearer(superToken));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Module group not found');
    expect(await ModuleGroup.findByPk(group.id)).not.toBeNull();
  });
});
