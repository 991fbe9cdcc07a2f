import request from 'supertest';
import { Application, Enrollment, PaymentMethod, Student } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeCard, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';

/** Merging students (domain rules, "People and accounts") with the enrollment records of issue 5. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());

const api = () => request(t.app);

async function enrol(studentId: number, enrollable: Awaited<ReturnType<typeof makeEnrollableProduct>>) {
  const application = await makeApplication(studentId, enrollable, { status: 'ENROLLED', chosen: true });
  for (const cohort of enrollable.cohorts) {
    await Enrollment.create({
      applicationId: application.id,
      studentId,
      cohortId: cohort.id,
      programId: cohort.programId,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
  }
  return application;
}

describe('POST /api/students/merge with applications and enrollments', () => {
  test('moves applications, enrollments and cards to the kept student', async () => {
    const keep = await makeStudent(t.deps);
    const merged = await makeStudent(t.deps);
    const enrollable = await makeEnrollableProduct();
    const application = await enrol(merged.student.id, enrollable);
    const card = await makeCard(merged.student.id, { isDefault: false });

    const res = await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: keep.student.id, mergeId: merged.student.id });
    expect(res.status).toBe(200);
    expect((await Application.findByPk(application.id))?.studentId).toBe(keep.student.id);
    expect(await Enrollment.count({ where: { studentId: keep.student.id, applicationId: application.id } })).toBe(1);
    expect(await Enrollment.count({ where: { studentId: merged.student.id } })).toBe(0);
    expect((await PaymentMethod.findByPk(card.id))?.studentId).toBe(keep.student.id);
  });

  test('both students ACTIVE in one cohort → 409 ALREADY_ENROLLED and nothing moves', async () => {
    const keep = await makeStudent(t.deps);
    const merged = await makeStudent(t.deps);
    const enrollable = await makeEnrollableProduct();
    await enrol(keep.student.id, enrollable);
    const theirs = await enrol(merged.student.id, enrollable);

    const res = await api().post('/api/students/merge').set(bearer(admin.token)).send({ keepId: keep.student.id, mergeId: merged.student.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_ENROLLED', message: 'Already enrolled' });
    expect((await Application.findByPk(theirs.id))?.studentId).toBe(merged.student.id);
    expect((await Student.findByPk(merged.student.id))?.archived).toBe(false);
  });
});
