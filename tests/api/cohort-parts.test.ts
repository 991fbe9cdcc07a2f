import request from 'supertest';
import { ActivityLog, Cohort, CohortModule, ModuleGroup, ProgramModule, SkippedCoachingCircleSession, type Program } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

let t: TestApp;
let superToken: string;
let academic: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await setupApp();
  superToken = (await makeAdmin(t.deps)).token;
  academic = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  studentToken = (await makeStudent(t.deps)).token;
});
afterAll(() => t.close());

const BASE = '/api/cohorts';
const MISSING = 999_999;
const ids = (res: request.Response) => res.body.content.map((c: { id: number }) => c.id);

async function programModule(program: Program, overrides: Partial<ProgramModule['_creationAttributes']> = {}) {
  return ProgramModule.create({
    programId: program.id,
    title: unique('Module '),
    d2lModuleId: null,
    groupName: null,
    moduleGroupId: null,
    duration: null,
    startDateTime: null,
    openDate: null,
    closeDate: null,
    endDateTime: null,
    image: null,
    communicationTemplateId: null,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}
async function cohortModule(cohort: Cohort, overrides: Partial<CohortModule['_creationAttributes']> = {}) {
  return CohortModule.create({
    cohortId: cohort.id,
    programModuleId: null,
    title: unique('Module '),
    d2lModuleId: null,
    groupName: null,
    moduleGroupId: null,
    duration: null,
    startDateTime: null,
    openDate: null,
    closeDate: null,
    endDateTime: null,
    image: null,
    communicationTemplateId: null,
    updatedById: null,
    updatedByName: null,
    ...overrides,
  });
}
const moduleGroup = () => ModuleGroup.create({ name: unique('Group ') });
const modulePlain = async (id: number) => {
  const row = await CohortModule.findByPk(id);
  return row ? { ...row.get({ plain: true }), updatedAt: row.updatedAt.getTime() } : null;
};

describe('POST /api/cohorts/:id/modules/sync', () => {
  test("copies the program's modules with their fields, once; answers the module list", async () => {
    const program = await makeProgram();
    const group = await moduleGroup();
    const second = await programModule(program, {
      displayOrder: 2,
      title: 'Nutrition basics',
      d2lModuleId: 'D-2',
      groupName: 'Week 2',
      moduleGroupId: group.id,
      locked: true,
      duration: 90,
      openDate: new Date('2031-02-01T05:00:00Z'),
    });
    const first = await programModule(program, { displayOrder: 1, title: 'Welcome', consumeTrackingEnabled: true });
    const cohort = await makeCohort({ program });
    const other = await makeCohort({ program });

    const res = await request(t.app).post(`${BASE}/${cohort.id}/modules/sync`).set(bearer(academic.token));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 2, page: 0, size: 10 });
    expect(res.body.content.map((m: { programModuleId: number }) => m.programModuleId)).toEqual([first.id, second.id]);
    expect(res.body.content[1]).toMatchObject({
      cohortId: cohort.id,
      title: 'Nutrition basics',
      d2lModuleId: 'D-2',
      group: 'Week 2',
      moduleGroupId: group.id,
      moduleGroup: { id: group.id, name: group.name },
      locked: true,
      duration: 90,
      openDate: '2031-02-01T05:00:00.000Z',
      displayOrder: 2,
      consumeTrackingEnabled: false,
      updatedBy: { id: academic.user.id, name: `${academic.admin.firstName} ${academic.admin.lastName}` },
    });
    expect(res.body.content[0]).toMatchObject({ title: 'Welcome', consumeTrackingEnabled: true, moduleGroup: null });
    expect(await CohortModule.count({ where: { cohortId: cohort.id } })).toBe(2);
    expect(await CohortModule.count({ where: { cohortId: other.id } })).toBe(0);
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT', entityId: cohort.id }, order: [['id', 'DESC']] });
    expect(log?.description).toBe('Modules synced from the program: 2 added');

    // Again: nothing new. A cohort's own edits stay; a new program module and a removed one are copied.
    const edited = res.body.content[0].id;
    await CohortModule.update({ title: 'Welcome (cohort)' }, { where: { id: edited } });
    await CohortModule.destroy({ where: { id: res.body.content[1].id } });
    const third = await programModule(program, { displayOrder: 3 });
    const again = await request(t.app).post(`${BASE}/${cohort.id}/modules/sync`).set(bearer(superToken));
    expect(again.body.content.map((m: { programModuleId: number }) => m.programModuleId)).toEqual([first.id, second.id, third.id]);
    expect(again.body.content[0]).toMatchObject({ id: edited, title: 'Welcome (cohort)' });
    const unchanged = await request(t.app).post(`${BASE}/${cohort.id}/modules/sync`).set(bearer(superToken));
    expect(ids(unchanged)).toEqual(ids(again));
    expect(await CohortModule.count({ where: { cohortId: cohort.id } })).toBe(3);
  });

  test('an archived cohort is 409 and nothing is copied; 404; 401; 403 for SUPPORT', async () => {
    const program = await makeProgram();
    await programModule(program);
    const archived = await makeCohort({ program, deleted: true, status: 'ARCHIVED' });
    const live = await makeCohort({ program });
    const res = await request(t.app).post(`${BASE}/${archived.id}/modules/sync`).set(bearer(superToken));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('COHORT_ARCHIVED');
    expect((await request(t.app).post(`${BASE}/${MISSING}/modules/sync`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${live.id}/modules/sync`)).status).toBe(401);
    expect((await request(t.app).post(`${BASE}/${live.id}/modules/sync`).set(bearer(supportToken))).status).toBe(403);
    expect(await CohortModule.count({ where: { cohortId: [archived.id, live.id] } })).toBe(0);
  });
});

describe('GET /api/cohorts/:id/cohort_modules', () => {
  test("this cohort's modules, 10 a page by display order then id", async () => {
    const cohort = await makeCohort();
    const other = await makeCohort();
    const made: number[] = [];
    for (let i = 0; i < 12; i += 1) made.push((await cohortModule(cohort, { displayOrder: 12 - i })).id);
    const tie = await cohortModule(cohort, { displayOrder: 1 });
    await cohortModule(other);
    const res = await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 13, page: 0, size: 10 });
    expect(ids(res)).toEqual([made[11], tie.id, made[10], made[9], made[8], made[7], made[6], made[5], made[4], made[3]]);
    const page2 = await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules?page=1`).set(bearer(supportToken));
    expect(ids(page2)).toEqual([made[2], made[1], made[0]]);
    const byTitle = await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules?sortBy=TITLE&size=20`).set(bearer(supportToken));
    expect(byTitle.body.content).toHaveLength(13);
  });

  test('400 bad sortBy; 404; 401; 403 for a student', async () => {
    const cohort = await makeCohort();
    expect((await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules?sortBy=secret`).set(bearer(superToken))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/${MISSING}/cohort_modules`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/${cohort.id}/cohort_modules`).set(bearer(studentToken))).status).toBe(403);
  });
});

describe('PUT /api/cohorts/:id/cohort_modules/:moduleId', () => {
  test('replaces the module fields; display order kept when left out; logged', async () => {
    const cohort = await makeCohort();
    const group = await moduleGroup();
    const module = await cohortModule(cohort, { displayOrder: 4, locked: true, image: 'old.png' });
    const res = await request(t.app).put(`${BASE}/${cohort.id}/cohort_modules/${module.id}`).set(bearer(academic.token)).send({
      title: 'Anatomy',
      group: 'Week 1',
      moduleGroupId: group.id,
      duration: 45,
      openDate: '2031-03-01',
      closeDate: '2031-03-10T12:00:00Z',
      communicationTemplateId: 7,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: module.id,
      title: 'Anatomy',
      group: 'Week 1',
      moduleGroup: { id: group.id, name: group.name },
      duration: 45,
      locked: false,
      image: null,
      displayOrder: 4,
      openDate: '2031-03-01T05:00:00.000Z',
      closeDate: '2031-03-10T12:00:00.000Z',
      communicationTemplateId: 7,
    });
    expect(await modulePlain(module.id)).toMatchObject({
      title: 'Anatomy',
      groupName: 'Week 1',
      moduleGroupId: group.id,
      locked: false,
      image: null,
      displayOrder: 4,
      updatedById: academic.user.id,
    });
    const moved = await request(t.app).put(`${BASE}/${cohort.id}/cohort_modules/${module.id}`).set(bearer(academic.token)).send({ title: 'Anatomy', displayOrder: 9 });
    expect(moved.body).toMatchObject({ displayOrder: 9, moduleGroup: null, openDate: null });
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT_MODULE', entityId: module.id }, order: [['id', 'DESC']] });
    expect(log?.changes).toMatchObject({ displayOrder: { from: 4, to: 9 } });
  });

  test('bad input (fields, order, unknown module group) is 400 and changes nothing', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort);
    const before = await modulePlain(module.id);
    const url = `${BASE}/${cohort.id}/cohort_modules/${module.id}`;
    const bad = await request(t.app).put(url).set(bearer(superToken)).send({ title: ' ', duration: -1, locked: 'sometimes', colour: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ title: 'This field is required', duration: 'Invalid value', locked: 'Invalid value', colour: 'Unknown field' });
    const order = await request(t.app)
      .put(url)
      .set(bearer(superToken))
      .send({ title: 'x', openDate: '2031-03-10', closeDate: '2031-03-01', startDateTime: '2031-03-10T10:00:00Z', endDateTime: '2031-03-10T09:00:00Z' });
    expect(order.body.errors).toEqual({ closeDate: 'The end cannot be before the start', endDateTime: 'The end cannot be before the start' });
    const group = await request(t.app).put(url).set(bearer(superToken)).send({ title: 'x', moduleGroupId: MISSING });
    expect(group.status).toBe(400);
    expect(group.body.errors).toEqual({ moduleGroupId: 'Invalid value' });
    expect(await modulePlain(module.id)).toEqual(before);
  });

  test('a module of another cohort is 404; 409 archived cohort; 401; 403 for SUPPORT', async () => {
    const cohort = await makeCohort();
    const other = await makeCohort();
    const module = await cohortModule(other);
    const before = await modulePlain(module.id);
    expect((await request(t.app).put(`${BASE}/${cohort.id}/cohort_modules/${module.id}`).set(bearer(superToken)).send({ title: 'x' })).status).toBe(404);
    expect((await request(t.app).put(`${BASE}/${cohort.id}/cohort_modules/${MISSING}`).set(bearer(superToken)).send({ title: 'x' })).status).toBe(404);
    await Cohort.update({ deleted: true, status: 'ARCHIVED' }, { where: { id: other.id } });
    const refused = await request(t.app).put(`${BASE}/${other.id}/cohort_modules/${module.id}`).set(bearer(superToken)).send({ title: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COHORT_ARCHIVED');
    expect((await request(t.app).put(`${BASE}/${other.id}/cohort_modules/${module.id}`).send({ title: 'x' })).status).toBe(401);
    expect((await request(t.app).put(`${BASE}/${other.id}/cohort_modules/${module.id}`).set(bearer(supportToken)).send({ title: 'x' })).status).toBe(403);
    expect(await modulePlain(module.id)).toEqual(before);
  });
});

describe('PATCH /api/cohorts/:id/cohort_modules/:moduleId/open_date and /close_date', () => {
  test('set one date each; null clears', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort);
    const open = await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/open_date`).set(bearer(academic.token)).send({ openDate: '2031-04-01' });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ openDate: '2031-04-01T04:00:00.000Z', closeDate: null });
    const close = await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/close_date`).set(bearer(academic.token)).send({ closeDate: '04-30-2031' });
    expect(close.body).toMatchObject({ openDate: '2031-04-01T04:00:00.000Z', closeDate: '2031-05-01T03:59:59.999Z' });
    const row = await CohortModule.findByPk(module.id);
    expect([row?.openDate?.toISOString(), row?.closeDate?.toISOString()]).toEqual(['2031-04-01T04:00:00.000Z', '2031-05-01T03:59:59.999Z']);
    const cleared = await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/open_date`).set(bearer(academic.token)).send({ openDate: null });
    expect(cleared.body.openDate).toBeNull();
  });

  test('an open date after the close date (or the reverse) is 400; bad dates 400; nothing changes', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort, { openDate: new Date('2031-04-01T04:00:00Z'), closeDate: new Date('2031-04-30T04:00:00Z') });
    const before = await modulePlain(module.id);
    const url = `${BASE}/${cohort.id}/cohort_modules/${module.id}`;
    const late = await request(t.app).patch(`${url}/open_date`).set(bearer(superToken)).send({ openDate: '2031-05-15' });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ openDate: 'The end cannot be before the start' });
    const early = await request(t.app).patch(`${url}/close_date`).set(bearer(superToken)).send({ closeDate: '2031-03-01' });
    expect(early.body.errors).toEqual({ closeDate: 'The end cannot be before the start' });
    const bad = await request(t.app).patch(`${url}/close_date`).set(bearer(superToken)).send({ closeDate: '2031-13-01', openDate: '2031-01-01' });
    expect(bad.body.errors).toEqual({ closeDate: 'Please type a valid date', openDate: 'Unknown field' });
    expect(await modulePlain(module.id)).toEqual(before);
  });

  test('404; 409 archived; 401; 403 for SUPPORT', async () => {
    const cohort = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const module = await cohortModule(cohort);
    for (const [path, body] of [
      ['open_date', { openDate: '2031-04-01' }],
      ['close_date', { closeDate: '2031-04-01' }],
    ] as const) {
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${MISSING}/${path}`).set(bearer(superToken)).send(body)).status).toBe(404);
      const refused = await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/${path}`).set(bearer(superToken)).send(body);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('COHORT_ARCHIVED');
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/${path}`).send(body)).status).toBe(401);
      expect((await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${module.id}/${path}`).set(bearer(supportToken)).send(body)).status).toBe(403);
    }
    const row = await CohortModule.findByPk(module.id);
    expect([row?.openDate, row?.closeDate]).toEqual([null, null]);
  });
});

describe('PATCH /api/cohorts/:id/cohort_modules/:moduleId/module_group', () => {
  test('files the module under a group; null takes it out', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort);
    const group = await moduleGroup();
    const url = `${BASE}/${cohort.id}/cohort_modules/${module.id}/module_group`;
    const res = await request(t.app).patch(url).set(bearer(academic.token)).send({ moduleGroupId: group.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ moduleGroupId: group.id, moduleGroup: { id: group.id, name: group.name } });
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBe(group.id);
    const cleared = await request(t.app).patch(url).set(bearer(academic.token)).send({ moduleGroupId: null });
    expect(cleared.body).toMatchObject({ moduleGroupId: null, moduleGroup: null });
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBeNull();
  });

  test('an unknown group or a bad id is 400; 404; 409 archived; 401; 403 for SUPPORT — nothing changes', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort);
    const url = `${BASE}/${cohort.id}/cohort_modules/${module.id}/module_group`;
    const unknown = await request(t.app).patch(url).set(bearer(superToken)).send({ moduleGroupId: MISSING });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ moduleGroupId: 'Invalid value' });
    expect((await request(t.app).patch(url).set(bearer(superToken)).send({ moduleGroupId: 'abc' })).body.errors).toEqual({ moduleGroupId: 'Invalid value' });
    const group = await moduleGroup();
    expect((await request(t.app).patch(`${BASE}/${cohort.id}/cohort_modules/${MISSING}/module_group`).set(bearer(superToken)).send({ moduleGroupId: group.id })).status).toBe(404);
    expect((await request(t.app).patch(url).send({ moduleGroupId: group.id })).status).toBe(401);
    expect((await request(t.app).patch(url).set(bearer(supportToken)).send({ moduleGroupId: group.id })).status).toBe(403);
    await Cohort.update({ deleted: true, status: 'ARCHIVED' }, { where: { id: cohort.id } });
    const refused = await request(t.app).patch(url).set(bearer(superToken)).send({ moduleGroupId: group.id });
    expect(refused.status).toBe(409);
    expect((await CohortModule.findByPk(module.id))?.moduleGroupId).toBeNull();
  });
});

describe('DELETE /api/cohorts/:id/modules/:moduleId', () => {
  test('removes the module from the cohort; logged', async () => {
    const cohort = await makeCohort();
    const module = await cohortModule(cohort);
    const res = await request(t.app).delete(`${BASE}/${cohort.id}/modules/${module.id}`).set(bearer(academic.token));
    expect(res.status).toBe(204);
    expect(await CohortModule.findByPk(module.id)).toBeNull();
    const log = await ActivityLog.findOne({ where: { entityType: 'COHORT_MODULE', entityId: module.id, type: 'DELETED' } });
    expect(log?.changes).toMatchObject({ title: { from: module.title, to: null } });
  });

  test('another cohort’s module 404; 409 archived; 401; 403 for SUPPORT — the module stays', async () => {
    const cohort = await makeCohort();
    const other = await makeCohort();
    const module = await cohortModule(other);
    expect((await request(t.app).delete(`${BASE}/${cohort.id}/modules/${module.id}`).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(`${BASE}/${other.id}/modules/${module.id}`)).status).toBe(401);
    expect((await request(t.app).delete(`${BASE}/${other.id}/modules/${module.id}`).set(bearer(supportToken))).status).toBe(403);
    await Cohort.update({ deleted: true, status: 'ARCHIVED' }, { where: { id: other.id } });
    expect((await request(t.app).delete(`${BASE}/${other.id}/modules/${module.id}`).set(bearer(superToken))).status).toBe(409);
    expect(await CohortModule.findByPk(module.id)).not.toBeNull();
  });
});

describe('skipped coaching-circle sessions', () => {
  const url = (cohortId: number, sessionId?: number) => `${BASE}/${cohortId}/skip_coaching_circle_sessions${sessionId ? `/${sessionId}` : ''}`;

  test('POST skips a date (201) for one circle type or for all (null type)', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const res = await request(t.app).post(url(cohort.id)).set(bearer(academic.token)).send({ coachingCircleTypeId: 3, sessionDate: '07-04-2031', description: 'Independence Day' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cohortId: cohort.id, coachingCircleTypeId: 3, sessionDate: '2031-07-04', description: 'Independence Day' });
    expect((await SkippedCoachingCircleSession.findByPk(res.body.id))?.get({ plain: true })).toMatchObject({
      cohortId: cohort.id,
      coachingCircleTypeId: 3,
      sessionDate: '2031-07-04',
      updatedById: academic.user.id,
    });
    const all = await request(t.app).post(url(cohort.id)).set(bearer(academic.token)).send({ sessionDate: '2031-07-04' });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ coachingCircleTypeId: null, description: null });
    // The same date for another circle type is another skip.
    expect((await request(t.app).post(url(cohort.id)).set(bearer(academic.token)).send({ coachingCircleTypeId: 4, sessionDate: '2031-07-04' })).status).toBe(201);
  });

  test('the same cohort, type and date again is 409 SKIPPED_SESSION_EXISTS (null type too); nothing is added', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ coachingCircleTypeId: 3, sessionDate: '2031-11-27' });
    await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-11-27' });
    const typed = await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ coachingCircleTypeId: 3, sessionDate: '2031-11-27' });
    expect(typed.status).toBe(409);
    expect(typed.body).toMatchObject({ code: 'SKIPPED_SESSION_EXISTS', message: 'This session date is already skipped' });
    const untyped = await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ coachingCircleTypeId: null, sessionDate: '2031-11-27' });
    expect(untyped.status).toBe(409);
    expect(await SkippedCoachingCircleSession.count({ where: { cohortId: cohort.id } })).toBe(2);
  });

  test('POST: bad input and dates outside the cohort are 400; 404; 409 archived; 401; 403 for SUPPORT — nothing added', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const bad = await request(t.app)
      .post(url(cohort.id))
      .set(bearer(superToken))
      .send({ coachingCircleTypeId: 0, description: 'x'.repeat(256), kind: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ coachingCircleTypeId: 'Invalid value', sessionDate: 'This field is required', description: 'Maximum 255 characters', kind: 'Unknown field' });
    const before = await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-01-09' });
    expect(before.status).toBe(400);
    expect(before.body.errors).toEqual({ sessionDate: "The date must be within the cohort's start and end dates" });
    expect((await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-12-11' })).status).toBe(400);
    expect((await request(t.app).post(url(MISSING)).set(bearer(superToken)).send({ sessionDate: '2031-05-01' })).status).toBe(404);
    expect((await request(t.app).post(url(cohort.id)).send({ sessionDate: '2031-05-01' })).status).toBe(401);
    expect((await request(t.app).post(url(cohort.id)).set(bearer(supportToken)).send({ sessionDate: '2031-05-01' })).status).toBe(403);
    const archived = await makeCohort({ deleted: true, status: 'ARCHIVED' });
    const refused = await request(t.app).post(url(archived.id)).set(bearer(superToken)).send({ sessionDate: '2030-05-01' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COHORT_ARCHIVED');
    expect(await SkippedCoachingCircleSession.count({ where: { cohortId: [cohort.id, archived.id] } })).toBe(0);
  });

  test('GET lists this cohort’s skips by date; coachingCircleTypeId narrows; 404; 401; 403 for a student', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const other = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const made: Record<string, number> = {};
    for (const [key, body] of Object.entries({
      dec: { sessionDate: '2031-12-01', coachingCircleTypeId: 3 },
      mar: { sessionDate: '2031-03-01' },
      jul: { sessionDate: '2031-07-04', coachingCircleTypeId: 3 },
    })) {
      made[key] = (await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send(body)).body.id;
    }
    const foreign = (await request(t.app).post(url(other.id)).set(bearer(superToken)).send({ sessionDate: '2031-02-01' })).body.id;
    const res = await request(t.app).get(url(cohort.id)).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([made.mar, made.jul, made.dec]);
    expect(ids(res)).not.toContain(foreign);
    expect(res.body.pagination).toEqual({ total: 3, page: 0, size: 100 });
    const typed = await request(t.app)
      .get(`${url(cohort.id)}?coachingCircleTypeId=3`)
      .set(bearer(supportToken));
    expect(ids(typed)).toEqual([made.jul, made.dec]);
    expect(
      (
        await request(t.app)
          .get(`${url(cohort.id)}?coachingCircleTypeId=x`)
          .set(bearer(superToken))
      ).status,
    ).toBe(400);
    expect((await request(t.app).get(url(MISSING)).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).get(url(cohort.id))).status).toBe(401);
    expect((await request(t.app).get(url(cohort.id)).set(bearer(studentToken))).status).toBe(403);
  });

  test('PUT changes a skip; a clash with another is 409; outside the dates 400; 404; 401; 403 — refusals change nothing', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const a = (await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-05-01', coachingCircleTypeId: 3 })).body;
    const b = (await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-06-01', coachingCircleTypeId: 3 })).body;
    const res = await request(t.app).put(url(cohort.id, a.id)).set(bearer(academic.token)).send({ sessionDate: '2031-05-02', coachingCircleTypeId: 3, description: 'Moved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, sessionDate: '2031-05-02', description: 'Moved' });
    expect((await SkippedCoachingCircleSession.findByPk(a.id))?.sessionDate).toBe('2031-05-02');
    // Saving itself unchanged is no clash.
    expect((await request(t.app).put(url(cohort.id, a.id)).set(bearer(academic.token)).send({ sessionDate: '2031-05-02', coachingCircleTypeId: 3 })).status).toBe(200);
    const clash = await request(t.app).put(url(cohort.id, a.id)).set(bearer(superToken)).send({ sessionDate: '2031-06-01', coachingCircleTypeId: 3 });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('SKIPPED_SESSION_EXISTS');
    expect((await request(t.app).put(url(cohort.id, a.id)).set(bearer(superToken)).send({ sessionDate: '2032-01-01' })).status).toBe(400);
    const other = await makeCohort();
    expect((await request(t.app).put(url(other.id, a.id)).set(bearer(superToken)).send({ sessionDate: '2031-05-03' })).status).toBe(404);
    expect((await request(t.app).put(url(cohort.id, a.id)).send({ sessionDate: '2031-05-03' })).status).toBe(401);
    expect((await request(t.app).put(url(cohort.id, a.id)).set(bearer(supportToken)).send({ sessionDate: '2031-05-03' })).status).toBe(403);
    expect((await SkippedCoachingCircleSession.findByPk(a.id))?.get({ plain: true })).toMatchObject({ sessionDate: '2031-05-02', coachingCircleTypeId: 3 });
    expect((await SkippedCoachingCircleSession.findByPk(b.id))?.sessionDate).toBe('2031-06-01');
  });

  test('DELETE removes a skip (204); 404; 409 archived; 401; 403 for SUPPORT', async () => {
    const cohort = await makeCohort({ startDate: '2031-01-10', endDate: '2031-12-10' });
    const a = (await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-05-01' })).body;
    const b = (await request(t.app).post(url(cohort.id)).set(bearer(superToken)).send({ sessionDate: '2031-05-08' })).body;
    expect((await request(t.app).delete(url(cohort.id, a.id)).set(bearer(academic.token))).status).toBe(204);
    expect(await SkippedCoachingCircleSession.findByPk(a.id)).toBeNull();
    expect((await request(t.app).delete(url(cohort.id, a.id)).set(bearer(superToken))).status).toBe(404);
    expect((await request(t.app).delete(url(cohort.id, b.id))).status).toBe(401);
    expect((await request(t.app).delete(url(cohort.id, b.id)).set(bearer(supportToken))).status).toBe(403);
    await Cohort.update({ deleted: true, status: 'ARCHIVED' }, { where: { id: cohort.id } });
    expect((await request(t.app).delete(url(cohort.id, b.id)).set(bearer(superToken))).status).toBe(409);
    expect(await SkippedCoachingCircleSession.findByPk(b.id)).not.toBeNull();
  });
});
