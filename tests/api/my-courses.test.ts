import request from 'supertest';
import { CohortModule, ModuleBookmark, ModuleGroup } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { circleCohort, enroll } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/** My courses (issue 21): the student's cohort modules, searched, filtered, bookmarked on the server. */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await setupApp();
  adminToken = (await makeAdmin(t.deps)).token;
});
afterAll(() => t.close());

const moduleOf = (cohortId: number, title: string, moduleGroupId: number | null, displayOrder: number) =>
  CohortModule.create({
    cohortId,
    programModuleId: null,
    title,
    d2lModuleId: null,
    groupName: null,
    moduleGroupId,
    duration: 30,
    startDateTime: null,
    openDate: null,
    closeDate: null,
    endDateTime: null,
    image: null,
    communicationTemplateId: null,
    displayOrder,
    updatedById: null,
    updatedByName: null,
  } as never);

describe('/api/students/{id}/course_modules', () => {
  test('the student lists their modules, searches, filters by group and bookmark; bookmarks are kept; others are refused', async () => {
    const c = await circleCohort();
    const other = await circleCohort();
    const group = await ModuleGroup.create({ name: unique('Week 1 ') } as never);
    const m1 = await moduleOf(c.cohort.id, 'Nutrition basics', group.id, 1);
    const m2 = await moduleOf(c.cohort.id, 'Coaching skills', null, 2);
    const foreign = await moduleOf(other.cohort.id, 'Not mine', null, 1);
    const s = await makeStudent(t.deps);
    await enroll(s.student.id, c);
    const base = `/api/students/${s.student.id}/course_modules`;
    const all = await request(t.app).get(base).set(bearer(s.token));
    expect([all.status, all.body.map((m: { id: number }) => m.id)]).toEqual([200, [m1.id, m2.id]]);
    expect(all.body[0]).toMatchObject({ title: 'Nutrition basics', moduleGroup: { id: group.id }, bookmarked: false, cohortId: c.cohort.id });
    expect((await request(t.app).get(`${base}?keyword=coach`).set(bearer(s.token))).body.map((m: { id: number }) => m.id)).toEqual([m2.id]);
    expect((await request(t.app).get(`${base}?moduleGroupId=${group.id}`).set(bearer(s.token))).body.map((m: { id: number }) => m.id)).toEqual([m1.id]);

    expect((await request(t.app).put(`${base}/${m2.id}/bookmark`).set(bearer(s.token))).status).toBe(204);
    expect((await request(t.app).put(`${base}/${m2.id}/bookmark`).set(bearer(s.token))).status).toBe(204);
    expect(await ModuleBookmark.count({ where: { studentId: s.student.id } })).toBe(1);
    expect((await request(t.app).get(`${base}?bookmarked=true`).set(bearer(s.token))).body.map((m: { id: number }) => m.id)).toEqual([m2.id]);
    expect((await request(t.app).get(`${base}?bookmarked=false`).set(bearer(s.token))).body.map((m: { id: number }) => m.id)).toEqual([m1.id]);
    expect((await request(t.app).delete(`${base}/${m2.id}/bookmark`).set(bearer(s.token))).status).toBe(204);
    expect(await ModuleBookmark.count({ where: { studentId: s.student.id } })).toBe(0);

    expect((await request(t.app).put(`${base}/${foreign.id}/bookmark`).set(bearer(s.token))).status).toBe(404);
    expect((await request(t.app).get(`${base}?bookmarked=maybe`).set(bearer(s.token))).status).toBe(400);
    const stranger = await makeStudent(t.deps);
    expect((await request(t.app).get(base).set(bearer(stranger.token))).status).toBe(403);
    expect((await request(t.app).put(`${base}/${m1.id}/bookmark`).set(bearer(stranger.token))).status).toBe(403);
    expect((await request(t.app).put(`${base}/${m1.id}/bookmark`).set(bearer(adminToken))).status).toBe(403);
    expect((await request(t.app).get(base)).status).toBe(401);
    expect((await request(t.app).get(base).set(bearer(adminToken))).status).toBe(200);
    expect((await request(t.app).get('/api/students/999999999/course_modules').set(bearer(adminToken))).status).toBe(404);
  });
});
