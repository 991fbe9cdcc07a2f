import request from 'supertest';
import { Enrollment, Role } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';

let t: TestApp;
let reader: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  reader = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
});
afterAll(() => t.close());

const list = (query: object, token = reader.token) => request(t.app).get('/api/enrollments').query(query).set(bearer(token));

describe('GET /api/enrollments', () => {
  test('ACTIVE by default, newest first; statuses, student, cohort, program and keyword filters', async () => {
    const bundle = await makeEnrollableProduct({ programs: 2 });
    const ada = await makeApplicant(t.deps, { firstName: 'Ada', lastName: unique('Lovelace') });
    const bob = await makeApplicant(t.deps);
    const a = await makeApplication(ada.student.id, bundle, { status: 'ENROLLED', chosen: true });
    const b = await makeApplication(bob.student.id, bundle, { status: 'WITHDRAWN', chosen: true });
    const enroll = (applicationId: number, studentId: number, i: number, status: 'ACTIVE' | 'WITHDRAWN' = 'ACTIVE') =>
      Enrollment.create({
        applicationId,
        studentId,
        cohortId: bundle.cohorts[i].id,
        programId: bundle.programs[i].id,
        status,
        enrolledAt: new Date('2030-01-02T10:00:00Z'),
        updatedById: null,
        updatedByName: null,
      });
    const e1 = await enroll(a.id, ada.student.id, 0);
    const e2 = await enroll(a.id, ada.student.id, 1);
    const e3 = await enroll(b.id, bob.student.id, 0, 'WITHDRAWN');

    const byCohort = await list({ cohortId: bundle.cohorts[0].id });
    expect(byCohort.status).toBe(200);
    expect(byCohort.body.content).toEqual([
      {
        id: e1.id,
        applicationId: a.id,
        student: { id: ada.student.id, firstName: 'Ada', lastName: ada.student.lastName, email: ada.email },
        cohortId: bundle.cohorts[0].id,
        cohortLabel: bundle.cohorts[0].label,
        programId: bundle.programs[0].id,
        programName: bundle.programs[0].name,
        status: 'ACTIVE',
        enrolledAt: '2030-01-02T10:00:00.000Z',
      },
    ]);
    expect(byCohort.body.pagination).toEqual({ total: 1, page: 0, size: 50 });
    const both = await list({ cohortId: bundle.cohorts[0].id, statuses: 'ACTIVE,WITHDRAWN' });
    expect(both.body.content.map((e: { id: number }) => e.id)).toEqual([e3.id, e1.id]);
    expect((await list({ cohortId: bundle.cohorts[0].id, statuses: ['WITHDRAWN'] })).body.content.map((e: { id: number }) => e.id)).toEqual([e3.id]);
    expect((await list({ studentId: ada.student.id })).body.content.map((e: { id: number }) => e.id)).toEqual([e2.id, e1.id]);
    expect((await list({ programId: bundle.programs[1].id })).body.content.map((e: { id: number }) => e.id)).toEqual([e2.id]);
    expect((await list({ keyword: `Ada ${ada.student.lastName}` })).body.content.map((e: { id: number }) => e.id)).toEqual([e2.id, e1.id]);
    expect((await list({ keyword: String(bob.student.id), statuses: 'WITHDRAWN' })).body.content.map((e: { id: number }) => e.id)).toEqual([e3.id]);
    expect((await list({ studentId: ada.student.id, size: 1, page: 1 })).body).toMatchObject({ content: [{ id: e1.id }], pagination: { total: 2, page: 1, size: 1 } });
    expect((await list({ size: 5000 })).body.pagination.size).toBe(200);
  });

  test('400 for an unknown status or sort; 401 without a token; 403 for a student and for staff without applications:read', async () => {
    const bad = await list({ statuses: 'DONE' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'statuses.0': 'Invalid value' });
    expect((await list({ sortBy: 'name' })).status).toBe(400);
    expect((await request(t.app).get('/api/enrollments')).status).toBe(401);
    const student = await makeApplicant(t.deps);
    expect((await list({}, student.token)).status).toBe(403);
    const name = unique('ROLE_');
    await Role.create({ name, description: 'Students only', permissions: ['students:read'], system: false, updatedById: null, updatedByName: null });
    const narrow = await makeAdmin(t.deps, { roles: [name] });
    expect((await list({}, narrow.token)).status).toBe(403);
  });
});
