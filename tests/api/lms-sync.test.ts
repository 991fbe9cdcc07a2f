import request from 'supertest';
import {
  AcademicProgress,
  DomainEvent,
  Enrollment,
  GraduationRequirement,
  LmsCategory,
  LmsConnection,
  LmsEnrollment,
  LmsGrade,
  LmsSyncRun,
  LmsUser,
  ProgramModule,
  ProgramModuleTopic,
  Transfer,
} from '../../models';
import type { Program, Cohort, Student } from '../../models';
import { installEventHandlers, installedEventHandlers, raise } from '../../api/common/events';
import { systemActor } from '../../api/common/context';
import { enrollmentEventHandlers } from '../../api/enrollments/enrollments.events';
import { lmsEventHandlers } from '../../api/lms/lms.events';
import { lmsEnrollmentPage, lmsSignInAnswer, lmsSyncRunAnswer, lmsSyncRunPage } from '../../domain/contract/lms';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import { makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { eventually } from '../support/eventually';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { startFakeD2l, type FakeD2l } from '../support/fake-lms/d2l';
import { makeLmsConnection } from '../support/lms-factories';

/**
 * The learning-system syncs, LMS enrollment and sign-in (issue 21) against a fake D2L: the program and
 * cohort sync calls (dry run, idempotent — the second run changes nothing —, one at a time, the run
 * records), enrollment on ENROLLED, a move on transfer, unenrollment on withdrawal (recorded, retried,
 * visible), and POST /students/{id}/sso.
 */

let t: TestApp;
let root: Awaited<ReturnType<typeof makeAdmin>>;
let support: Awaited<ReturnType<typeof makeAdmin>>;
let d2l: FakeD2l;
let realHandlers: ReturnType<typeof installedEventHandlers>;

beforeAll(async () => {
  t = await setupApp();
  root = await makeAdmin(t.deps);
  support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
  d2l = await startFakeD2l();
  realHandlers = installedEventHandlers();
  // Only the enrollments and the LMS react here (no plan, deposit or email on these ENROLLED events).
  installEventHandlers([...enrollmentEventHandlers(), ...lmsEventHandlers(t.deps)], t.deps.log);
});
afterAll(async () => {
  installEventHandlers(realHandlers, t.deps.log);
  await d2l.close();
  await t.close();
});

const api = (token: string | null = root.token) => {
  const auth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
  return {
    get: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).get(`/api${path}`).query(query)),
    post: (path: string, query: Record<string, unknown> = {}) => auth(request(t.app).post(`/api${path}`).query(query)),
  };
};

/** A D2L connection already authorized on the fake. */
async function authorizedD2l() {
  const c = await makeLmsConnection(t.deps, {
    vendor: 'D2L',
    settings: { host: d2l.url, authHost: d2l.url, clientId: d2l.clientId, redirectUri: 'http://localhost:3710/d2l-auth', scope: null, studentRoleId: '110' },
    secrets: { clientSecret: d2l.clientSecret },
  });
  const res = await request(t.app)
    .post('/api/lms_connection/d2l_auth')
    .set(bearer(root.token))
    .send({ code: d2l.issueCode(), state: new URL((await request(t.app).get(`/api/lms_connection/${c.id}`).set(bearer(root.token))).body.authorizeUrl).searchParams.get('state') });
  expect(res.body.status).toBe('CONNECTED');
  return (await LmsConnection.findByPk(c.id))!;
}

let connection: LmsConnection;
let program: Program;
let cohort: Cohort;
beforeAll(async () => {
  connection = await authorizedD2l();
  program = await makeProgram({ lmsConnectionId: connection.id, d2lOrgUnitId: '6606' });
  cohort = await makeCohort({ program, d2lSectionId: '7001' });
});

describe('POST /api/programs/{id}/sync_from_d2l', () => {
  test('when run dry, then it answers what would change and writes nothing; run, then modules and categories come in; again, then nothing changes', async () => {
    const dry = await api().post(`/programs/${program.id}/sync_from_d2l`, { dryRun: true });
    expect(dry.status).toBe(200);
    lmsSyncRunAnswer.parse(dry.body);
    expect(dry.body).toMatchObject({ kind: 'PROGRAM_FROM_LMS', dryRun: true, status: 'SUCCEEDED', created: 6, updated: 0, unchanged: 0, failed: 0 });
    expect(await ProgramModule.count({ where: { programId: program.id } })).toBe(0);
    expect(await LmsCategory.count({ where: { programId: program.id } })).toBe(0);

    const run = await api().post(`/programs/${program.id}/sync_from_d2l`);
    expect(run.body).toMatchObject({ dryRun: false, status: 'SUCCEEDED', created: 6, updated: 0, unchanged: 0, requestedBy: `${root.admin.firstName} ${root.admin.lastName}` });
    const modules = await ProgramModule.findAll({ where: { programId: program.id }, order: [['displayOrder', 'ASC']] });
    expect(modules.map((m) => [m.d2lModuleId, m.title, m.locked])).toEqual([
      ['101', 'Week 1: Foundations', false],
      ['102', 'Week 2: Nutrition', true],
    ]);
    expect(modules[0].startDateTime!.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    const categories = await LmsCategory.findAll({ where: { programId: program.id }, order: [['externalId', 'ASC']] });
    expect(categories.map((c) => [c.kind, c.externalId, c.name])).toEqual([
      ['QUIZ', '31', 'Weekly quizzes'],
      ['QUIZ', '32', 'Final exam'],
      ['QUIZ', '33', 'Practice quizzes'],
      ['ASSIGNMENT', '41', 'Case studies'],
    ]);
    // The categories are the program's quiz and assignment categories.
    const quiz = await api().get(`/programs/${program.id}/quiz_categories`);
    expect(quiz.body.content.map((c: { externalId: string }) => c.externalId).sort()).toEqual(['31', '32', '33']);

    const again = await api().post(`/programs/${program.id}/sync_from_d2l`);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 6, failed: 0, changes: [] });
    expect(await ProgramModule.count({ where: { programId: program.id } })).toBe(2);

    // A change in D2L is an update, and only that.
    const list = d2l.modules.get('6606')!;
    list[0] = { ...list[0], Title: 'Week 1: Foundations (revised)' };
    const third = await api().post(`/programs/${program.id}/sync_from_d2l`);
    expect(third.body).toMatchObject({ created: 0, updated: 1, unchanged: 5 });
    expect(third.body.changes).toEqual([{ action: 'UPDATE', entity: 'MODULE', externalId: '101', name: 'Week 1: Foundations (revised)', fields: ['title'] }]);
    list[0] = { ...list[0], Title: 'Week 1: Foundations' };
    await api().post(`/programs/${program.id}/sync_from_d2l`);
  });

  test('when the program has no connection, then 409; no org unit, then 409; not connected, then 409', async () => {
    const none = await makeProgram();
    expect((await api().post(`/programs/${none.id}/sync_from_d2l`)).body.code).toBe('LMS_CONNECTION_REQUIRED');
    const noUnit = await makeProgram({ lmsConnectionId: connection.id });
    const res = await api().post(`/programs/${noUnit.id}/sync_from_d2l`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Program org unit required');
    const off = await makeLmsConnection(t.deps, { status: 'ERROR' });
    const offProgram = await makeProgram({ lmsConnectionId: off.id, d2lOrgUnitId: '1' });
    expect((await api().post(`/programs/${offProgram.id}/sync_from_d2l`)).body.code).toBe('LMS_NOT_CONNECTED');
  });

  test("when a sync already runs through the connection, then 409 'Process already running' and no run is recorded", async () => {
    const before = await LmsSyncRun.count();
    await LmsConnection.update({ syncRunId: 999, syncLeaseUntil: new Date(Date.now() + 60_000) }, { where: { id: connection.id } });
    const res = await api().post(`/programs/${program.id}/sync_from_d2l`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Process already running');
    expect(await LmsSyncRun.count()).toBe(before);
    // A lapsed lease (its process died) is taken over.
    await LmsConnection.update({ syncLeaseUntil: new Date(Date.now() - 1000) }, { where: { id: connection.id } });
    expect((await api().post(`/programs/${program.id}/sync_from_d2l`)).status).toBe(200);
    expect((await LmsConnection.findByPk(connection.id))!.syncRunId).toBeNull();
  });

  test('when the program is unknown, then 404; dryRun wrong, then 400; 401; 403', async () => {
    expect((await api().post('/programs/999999/sync_from_d2l')).status).toBe(404);
    expect((await api().post(`/programs/${program.id}/sync_from_d2l`, { dryRun: 'maybe' })).status).toBe(400);
    expect((await api(null).post(`/programs/${program.id}/sync_from_d2l`)).status).toBe(401);
    expect((await api(support.token).post(`/programs/${program.id}/sync_from_d2l`)).status).toBe(403);
  });

  test('when the LMS refuses, then the run is recorded FAILED with the reason and the lease is given back', async () => {
    const broken = await makeLmsConnection(t.deps, {
      vendor: 'D2L',
      settings: { host: d2l.url, authHost: d2l.url, clientId: d2l.clientId, redirectUri: 'http://x.test/d2l-auth' },
      secrets: { clientSecret: 'wrong' },
      tokens: { accessToken: 'revoked', refreshToken: 'revoked', expiresAt: null },
    });
    const p = await makeProgram({ lmsConnectionId: broken.id, d2lOrgUnitId: '6606' });
    const res = await api().post(`/programs/${p.id}/sync_from_d2l`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('FAILED');
    expect(res.body.error).toMatch(/invalid_client|401/);
    expect((await LmsConnection.findByPk(broken.id))!.syncRunId).toBeNull();
  });
});

describe('POST /api/programs/{id}/sync_topic_videos_from_d2l', () => {
  test('when the modules came from D2L, then their video topics come in; again, then nothing changes', async () => {
    const dry = await api().post(`/programs/${program.id}/sync_topic_videos_from_d2l`, { dryRun: true });
    expect(dry.body).toMatchObject({ kind: 'PROGRAM_TOPIC_VIDEOS', created: 3, dryRun: true });
    expect(await ProgramModuleTopic.count({ where: { programId: program.id } })).toBe(0);
    const run = await api().post(`/programs/${program.id}/sync_topic_videos_from_d2l`);
    expect(run.body).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    const topics = await ProgramModuleTopic.findAll({ where: { programId: program.id }, order: [['externalId', 'ASC']] });
    expect(topics.map((x) => [x.externalId, x.title, x.isVideo])).toEqual([
      ['1011', 'Welcome video', true],
      ['1013', 'Interview', true],
      ['1021', 'Macros explained', true],
    ]);
    expect((await api().post(`/programs/${program.id}/sync_topic_videos_from_d2l`)).body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  test('when the program is unknown, then 404; 401; 403', async () => {
    expect((await api().post('/programs/999999/sync_topic_videos_from_d2l')).status).toBe(404);
    expect((await api(null).post(`/programs/${program.id}/sync_topic_videos_from_d2l`)).status).toBe(401);
    expect((await api(support.token).post(`/programs/${program.id}/sync_topic_videos_from_d2l`)).status).toBe(403);
  });
});

/** A student with an ENROLLED application in `cohortOf`'s class, through the real event (its enrollments, then the LMS). */
async function enrollStudent(target: Cohort = cohort): Promise<{ student: Student; applicationId: number; token: string }> {
  const s = await makeStudent(t.deps);
  const enrollable = await makeEnrollableProduct();
  const application = await makeApplication(s.student.id, { ...enrollable, cohorts: [target] }, { status: 'SIGNED', chosen: true });
  const eventId = await t.deps.sequelize.transaction((transaction) =>
    raise(
      {
        type: 'ApplicationStatusChanged',
        applicationId: application.id,
        studentId: s.student.id,
        productId: enrollable.product.id,
        from: 'SIGNED',
        to: 'ENROLLED',
        voucherId: null,
        opportunityId: null,
        bySystem: false,
        actor: systemActor,
        at: new Date().toISOString(),
      },
      transaction,
    ),
  );
  // The raising call delivers its own events after the commit: wait for the LMS's first attempt.
  await eventually(async () => {
    const d = await DomainEvent.findOne({ where: { eventId, handler: 'lms.enrollOnEnrolled' } });
    return d && (d.status === 'DONE' || d.attempts >= 1);
  });
  return { student: s.student, applicationId: application.id, token: s.token };
}

describe('enrollment in the LMS (domain events)', () => {
  test('when a student becomes ENROLLED, then they are created in D2L and enrolled in the org unit and the section, recorded DONE', async () => {
    const { student } = await enrollStudent();
    const row = await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: cohort.id, status: 'DONE' } }));
    expect(row).toMatchObject({ action: 'ENROLL', attempts: 1, lastError: null, externalTarget: 'course 6606 / section 7001' });
    const user = await LmsUser.findOne({ where: { studentId: student.id, lmsConnectionId: connection.id } });
    expect(d2l.users.get(Number(user!.externalUserId))).toMatchObject({ UserName: student.email });
    expect(d2l.enrollments.get(`${user!.externalUserId}:6606`)).toBe(110);
    expect(d2l.sectionMembers.get('6606:7001')!.has(Number(user!.externalUserId))).toBe(true);
    const page = await api(support.token).get(`/students/${student.id}/lms_enrollments`);
    lmsEnrollmentPage.parse(page.body);
    expect(page.body.content[0]).toMatchObject({ status: 'DONE', action: 'ENROLL', cohortLabel: cohort.label });
  });

  test('when the LMS fails, then the attempt is recorded FAILED with its error, the delivery waits for its retry, and staff retry it', async () => {
    const broken = await makeLmsConnection(t.deps, { vendor: 'CANVAS', settings: { host: 'http://127.0.0.1:9', accountId: '1' }, secrets: { token: 'x-token-123456' } });
    const brokenCohort = await makeCohort({ program, lmsConnectionId: broken.id, d2lSectionId: '21' });
    const { student } = await enrollStudent(brokenCohort);
    const row = await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: brokenCohort.id, status: 'FAILED' } }));
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/not reached/);
    const pending = await DomainEvent.findAll({ where: { handler: 'lms.enrollOnEnrolled', status: 'PENDING' } });
    expect(pending.some((d) => (d.payload as { studentId: number }).studentId === student.id && d.attempts === 1 && d.lastError)).toBe(true);
    // Fixed: the connection points at a D2L that works; staff deliver it again.
    await LmsConnection.update(
      { vendor: 'D2L', settings: connection.settings, secrets: connection.secrets, tokens: (await LmsConnection.findByPk(connection.id))!.tokens },
      { where: { id: broken.id } },
    );
    await brokenCohort.update({ d2lSectionId: '7002' });
    const retried = await request(t.app).post(`/api/lms_connection/${broken.id}/enrollments/${row.id}/retry`).set(bearer(root.token));
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
    expect((await request(t.app).post(`/api/lms_connection/${broken.id}/enrollments/999999/retry`).set(bearer(root.token))).status).toBe(404);
    expect((await request(t.app).post(`/api/lms_connection/${broken.id}/enrollments/${row.id}/retry`).set(bearer(support.token))).status).toBe(403);
  });

  test('when the application is WITHDRAWN, then the student is unenrolled from the org unit', async () => {
    const { student, applicationId } = await enrollStudent();
    await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: cohort.id, status: 'DONE' } }));
    await t.deps.sequelize.transaction((transaction) =>
      raise(
        {
          type: 'ApplicationStatusChanged',
          applicationId,
          studentId: student.id,
          productId: 1,
          from: 'ENROLLED',
          to: 'WITHDRAWN',
          voucherId: null,
          opportunityId: null,
          bySystem: false,
          actor: systemActor,
          at: new Date().toISOString(),
        },
        transaction,
      ),
    );
    const row = await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: cohort.id, action: 'UNENROLL', status: 'DONE' } }));
    const user = await LmsUser.findOne({ where: { studentId: student.id } });
    expect(d2l.enrollments.has(`${user!.externalUserId}:6606`)).toBe(false);
    expect(row.attempts).toBe(1);
  });

  test('when a transfer is accepted, then the student is moved from the old section to the new one', async () => {
    const fall = await makeCohort({ program, d2lSectionId: '7002' });
    const { student, applicationId } = await enrollStudent();
    await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: cohort.id, status: 'DONE' } }));
    const enrollable = await makeEnrollableProduct();
    const transfer = await Transfer.create({
      studentId: student.id,
      applicationId,
      rootApplicationId: applicationId,
      originProductId: enrollable.product.id,
      originCohortId: cohort.id,
      destinationProductId: enrollable.product.id,
      destinationCohortId: fall.id,
      destinationProductPaymentPlanId: enrollable.productPlan.id,
      transferNumber: 1,
      requestedBy: 'STAFF',
    });
    await t.deps.sequelize.transaction((transaction) =>
      raise({ type: 'TransferDecided', transferId: transfer.id, studentId: student.id, applicationId, status: 'ACCEPTED', actor: systemActor }, transaction),
    );
    await eventually(() => LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: fall.id, status: 'DONE' } }));
    const user = await LmsUser.findOne({ where: { studentId: student.id } });
    const uid = Number(user!.externalUserId);
    expect(d2l.sectionMembers.get('6606:7001')!.has(uid)).toBe(false);
    expect(d2l.sectionMembers.get('6606:7002')!.has(uid)).toBe(true);
    expect(d2l.enrollments.has(`${uid}:6606`)).toBe(true);
    expect(await LmsEnrollment.findOne({ where: { studentId: student.id, cohortId: cohort.id } })).toMatchObject({ action: 'UNENROLL', status: 'DONE' });
  });
});

describe('POST /api/cohorts/{id}/sync_from_d2l', () => {
  test('when students of the cohort are not in D2L yet, then a dry run lists them and the run enrolls them; again, then nothing changes', async () => {
    const quiet = await makeCohort({ program, d2lSectionId: '7002' });
    const s = await makeStudent(t.deps);
    const enrollable = await makeEnrollableProduct();
    const application = await makeApplication(s.student.id, { ...enrollable, cohorts: [quiet] }, { status: 'ENROLLED', chosen: true });
    await Enrollment.create({
      applicationId: application.id,
      studentId: s.student.id,
      cohortId: quiet.id,
      programId: program.id,
      status: 'ACTIVE',
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    const dry = await api().post(`/cohorts/${quiet.id}/sync_from_d2l`, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ kind: 'COHORT_FROM_LMS', dryRun: true, created: 1, unchanged: 0 });
    expect(await LmsEnrollment.count({ where: { cohortId: quiet.id } })).toBe(0);
    const run = await api().post(`/cohorts/${quiet.id}/sync_from_d2l`);
    expect(run.body).toMatchObject({ status: 'SUCCEEDED', created: 1, failed: 0 });
    expect(await LmsEnrollment.findOne({ where: { cohortId: quiet.id } })).toMatchObject({ status: 'DONE' });
    expect((await api().post(`/cohorts/${quiet.id}/sync_from_d2l`)).body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  test("when the cohort's section is not in the course, then the run FAILED says so", async () => {
    const lost = await makeCohort({ program, d2lSectionId: '9999' });
    const res = await api().post(`/cohorts/${lost.id}/sync_from_d2l`);
    expect(res.body).toMatchObject({ status: 'FAILED', error: 'The course 6606 has no section 9999' });
  });

  test("when the cohort has no LMS or org unit, then 409 'LMS and org unit required for sync'; 404; 401; 403", async () => {
    const bare = await makeCohort();
    const res = await api().post(`/cohorts/${bare.id}/sync_from_d2l`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('LMS and org unit required for sync');
    const noUnit = await makeCohort({ program: await makeProgram({ lmsConnectionId: connection.id }) });
    expect((await api().post(`/cohorts/${noUnit.id}/sync_from_d2l`)).body.code).toBe('LMS_ORG_UNIT_REQUIRED');
    expect((await api().post('/cohorts/999999/sync_from_d2l')).status).toBe(404);
    expect((await api(null).post(`/cohorts/${cohort.id}/sync_from_d2l`)).status).toBe(401);
    expect((await api(support.token).post(`/cohorts/${cohort.id}/sync_from_d2l`)).status).toBe(403);
  });
});

describe('POST /api/programs/{id}/sync_academic_status and GET', () => {
  test('when enrolled students have grades in D2L, then they are kept; again, then nothing changes; GET answers the latest run', async () => {
    expect((await api().get(`/programs/${program.id}/sync_academic_status`)).body).toBeNull();
    await LmsGrade.destroy({ where: { programId: program.id } });
    const active = await Enrollment.findAll({ where: { programId: program.id, status: 'ACTIVE' } });
    const users = await LmsUser.findAll({ where: { lmsConnectionId: connection.id, studentId: active.map((e) => e.studentId) } });
    for (const u of users) d2l.grades.set(`6606:${u.externalUserId}`, [{ GradeObjectIdentifier: '501', GradeObjectName: 'Quiz 1', PointsNumerator: 9, PointsDenominator: 10 }]);
    const inD2l = users.filter((u) => d2l.enrollments.has(`${u.externalUserId}:6606`)).length;
    const run = await api().post(`/programs/${program.id}/sync_academic_status`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ kind: 'PROGRAM_ACADEMIC_STATUS', status: 'SUCCEEDED', created: inD2l });
    const grade = await LmsGrade.findOne({ where: { programId: program.id, studentId: users[0].studentId } });
    expect(grade).toMatchObject({ externalItemId: '501', categoryExternalId: '31', points: 9, maxPoints: 10, percent: 90 });
    const again = await api().post(`/programs/${program.id}/sync_academic_status`);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: inD2l });
    const latest = await api(support.token).get(`/programs/${program.id}/sync_academic_status`);
    expect(latest.body.id).toBe(again.body.id);
  });

  test('the grades feed the QUIZ requirement tied to their category: done, total and score per enrollment; again, then the same rows', async () => {
    const [category] = await LmsCategory.findOrCreate({
      where: { programId: program.id, kind: 'QUIZ', externalId: '31' },
      defaults: { programId: program.id, kind: 'QUIZ', externalId: '31', name: 'Quizzes' },
    });
    const requirement = await GraduationRequirement.create({
      programId: program.id,
      name: 'Quizzes',
      type: 'QUIZ',
      total: 2,
      minScore: 80,
      displayOrder: 901,
      quizCategoryId: category.id,
      requirement: null,
      minRequiredToComplete: null,
      minRequiredToPass: null,
      assignmentCategoryId: null,
      updatedById: null,
      updatedByName: null,
    });
    const untied = await GraduationRequirement.create({
      programId: program.id,
      name: 'Essays',
      type: 'ASSIGNMENT',
      total: 1,
      minScore: null,
      displayOrder: 902,
      quizCategoryId: null,
      requirement: null,
      minRequiredToComplete: null,
      minRequiredToPass: null,
      assignmentCategoryId: null,
      updatedById: null,
      updatedByName: null,
    });
    const active = await Enrollment.findAll({ where: { programId: program.id, status: 'ACTIVE' } });
    const users = await LmsUser.findAll({ where: { lmsConnectionId: connection.id, studentId: active.map((e) => e.studentId) } });
    const graded = users.filter((u) => d2l.enrollments.has(`${u.externalUserId}:6606`));
    expect(graded.length).toBeGreaterThan(0);
    for (const u of graded) d2l.grades.set(`6606:${u.externalUserId}`, [{ GradeObjectIdentifier: '501', GradeObjectName: 'Quiz 1', PointsNumerator: 9, PointsDenominator: 10 }]);
    expect((await api().post(`/programs/${program.id}/sync_academic_status`)).body.status).toBe('SUCCEEDED');
    const enrollment = active.find((e) => e.studentId === graded[0].studentId)!;
    const row = await AcademicProgress.findOne({ where: { enrollmentId: enrollment.id, graduationRequirementId: requirement.id } });
    expect(row).toMatchObject({ done: 1, total: 2, score: 90, source: 'LMS' });
    expect(await AcademicProgress.count({ where: { graduationRequirementId: untied.id } })).toBe(0);
    const before = row!.updatedAt.getTime();
    expect((await api().post(`/programs/${program.id}/sync_academic_status?dryRun=false`)).body.status).toBe('SUCCEEDED');
    const after = await AcademicProgress.findAll({ where: { enrollmentId: enrollment.id, graduationRequirementId: requirement.id } });
    expect(after).toHaveLength(1);
    expect(after[0].updatedAt.getTime()).toBe(before);
    await GraduationRequirement.destroy({ where: { id: [requirement.id, untied.id] } });
  });

  test('when the program is unknown, then 404; 401; 403', async () => {
    expect((await api().post('/programs/999999/sync_academic_status')).status).toBe(404);
    expect((await api().get('/programs/999999/sync_academic_status')).status).toBe(404);
    expect((await api(null).post(`/programs/${program.id}/sync_academic_status`)).status).toBe(401);
    expect((await api(support.token).post(`/programs/${program.id}/sync_academic_status`)).status).toBe(403);
  });
});

describe('GET /api/lms_connection/{id}/sync_runs and /enrollments', () => {
  test('when staff read them, then the runs come newest first with their counts and the enrollments with their delivery', async () => {
    const runs = await api(support.token).get(`/lms_connection/${connection.id}/sync_runs`, { size: 100 });
    expect(runs.status).toBe(200);
    lmsSyncRunPage.parse(runs.body);
    const ids = runs.body.content.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(runs.body.content.every((r: { lmsConnectionId: number }) => r.lmsConnectionId === connection.id)).toBe(true);
    const enrollments = await api(support.token).get(`/lms_connection/${connection.id}/enrollments`, { status: 'DONE' });
    expect(enrollments.status).toBe(200);
    expect(enrollments.body.content.length).toBeGreaterThan(0);
    expect((await api().get('/lms_connection/999999/sync_runs')).status).toBe(404);
    expect((await api(null).get(`/lms_connection/${connection.id}/sync_runs`)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api(student.token).get(`/lms_connection/${connection.id}/sync_runs`)).status).toBe(403);
  });
});

describe('POST /api/students/{id}/sso', () => {
  test('when a student asks for their own link, then it points into their class in the LMS; staff may ask too', async () => {
    const { student, token } = await enrollStudent();
    const res = await api(token).post(`/students/${student.id}/sso`);
    expect(res.status).toBe(200);
    lmsSignInAnswer.parse(res.body);
    expect(res.body).toEqual({ url: `${d2l.url}/d2l/home/6606`, expiresAt: null, vendor: 'D2L' });
    expect((await api(support.token).post(`/students/${student.id}/sso`)).status).toBe(200);
  });

  test('when the class is on the INTERNAL system, then the link carries a signed token that expires', async () => {
    const internal = await makeLmsConnection(t.deps);
    const c = await makeCohort({ program: await makeProgram({ lmsConnectionId: internal.id }) });
    const { student, token } = await enrollStudent(c);
    const res = await api(token).post(`/students/${student.id}/sso`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/learn\.school\.test\/\?lms_token=/);
    expect(new Date(res.body.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 121_000);
  });

  test("when the student's class has no LMS, then 409; another student's, then 403; unknown, then 404; 401", async () => {
    const s = await makeStudent(t.deps);
    const res = await api(s.token).post(`/students/${s.student.id}/sso`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LMS_STUDENT_NO_LMS');
    const other = await makeStudent(t.deps);
    expect((await api(s.token).post(`/students/${other.student.id}/sso`)).status).toBe(403);
    expect((await api().post('/students/999999/sso')).status).toBe(404);
    expect((await api(null).post(`/students/${s.student.id}/sso`)).status).toBe(401);
  });
});
