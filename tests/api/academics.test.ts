import request from 'supertest';
import {
  AcademicProgress,
  ActivityLog,
  Certificate,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CommunicationIntent,
  CohortModule,
  DomainEvent,
  Enrollment,
  LearningSession,
  LearningSessionScope,
  LearningSessionSignUp,
  Role,
} from '../../models';
import { recordLmsProgress, refreshAttendanceProgress } from '../../api/academics/progress';
import { recomputeGraduationStatuses } from '../../api/academics/graduation-status';
import { useCertificateProvider, type CertificateProvider } from '../../api/integrations/certificates';
import {
  academicProgressAnswer,
  academicProgressPage,
  awardsAnswer,
  certificateAnswer,
  certificatePage,
  graduateAnswer,
  graduationSummaryAnswer,
} from '../../domain/contract/academics';
import { graduationStatusFor, requirementMet } from '../../domain/rules/academics';
import { schoolToday } from '../../models/catalogue';
import { setupApp, type TestApp } from '../support/app';
import { academicCohort, daysFromToday, enrolledIn, reloadEnrollment, type AcademicFixture } from '../support/academic-factories';
import { makeCircle } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { eventually } from '../support/eventually';
import { pdfText } from '../support/pdf-text';
import { runJob } from '../support/job-factories';
import { makeEnrolledPlan } from '../support/billing-factories';
import { runFileExports } from '../../api/exports/export-job';
import { parseCsv } from '../support/csv-parse';

/**
 * Issue 21 (academic progress, graduation, certificates, transcripts): recordLmsProgress and attendance,
 * the graduation status rules and job, POST /enrollments/academic_progress (+ summary), the graduations
 * list, summary, recompute and graduation, a requirement recorded by hand, certificates and their PDF,
 * the unofficial transcript, My progress and Awards — each with its 400, 401, 403, 404 and 409.
 */

let t: TestApp;
let admin: string;
let support: string;
let noAcademics: string;
const MISSING = 999_999_999;

const api = (method: 'get' | 'post' | 'put', url: string, token: string | null, body?: unknown) => {
  const r = request(t.app)[method](`/api${url}`);
  if (token) r.set(bearer(token));
  return body === undefined ? r : r.send(body as object);
};

beforeAll(async () => {
  t = await setupApp();
  admin = (await makeAdmin(t.deps)).token;
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  const name = unique('NOACADEMICS').toUpperCase();
  await Role.create({ name, description: null, permissions: ['students:read'], system: false, updatedById: null, updatedByName: null });
  noAcademics = (await makeAdmin(t.deps, { roles: [name] })).token;
});
afterAll(async () => {
  useCertificateProvider(null);
  await t.close();
});

/** Quizzes passed with a score, and circle sessions attended (straight rows through the LMS and attendance writers). */
async function complete(f: AcademicFixture, enrollmentId: number, opts: { quizzes?: number; score?: number; circles?: number } = {}) {
  const quiz = f.requirements.find((r) => r.type === 'QUIZ');
  if (quiz) await recordLmsProgress([{ enrollmentId, graduationRequirementId: quiz.id, done: opts.quizzes ?? 4, total: 4, score: opts.score ?? 90 }]);
  const circle = f.requirements.find((r) => r.type === 'COACHING_CIRCLE');
  if (circle) await AcademicProgress.upsert({ enrollmentId, graduationRequirementId: circle.id, done: opts.circles ?? 2, total: null, score: null, source: 'ATTENDANCE' });
}

/** A READY_GRADUATION enrollment of a past cohort. */
async function readyStudent(f: AcademicFixture, overrides: Parameters<typeof makeStudent>[1] = {}) {
  const s = await enrolledIn(t.deps, f, overrides);
  await complete(f, s.enrollment.id);
  await recomputeGraduationStatuses(schoolToday(), { enrollmentIds: [s.enrollment.id] });
  expect((await reloadEnrollment(s.enrollment.id)).graduationStatus).toBe('READY_GRADUATION');
  return s;
}

describe('graduation rules (domain/rules/academics.ts)', () => {
  const base = { current: 'PENDING', today: '2030-06-15', endDate: '2030-06-01', graduationLimitDays: 30, allMet: false, inCollections: false };
  test('when the cohort runs, then PENDING; after it, READY, FAILED_FINANCIALLY, INCOMPLETE inside the limit and FAILED_ACADEMICALLY past it', () => {
    expect(graduationStatusFor({ ...base, endDate: '2030-06-15', allMet: true })).toBe('PENDING');
    expect(graduationStatusFor({ ...base, allMet: true })).toBe('READY_GRADUATION');
    expect(graduationStatusFor({ ...base, allMet: true, inCollections: true })).toBe('FAILED_FINANCIALLY');
    expect(graduationStatusFor(base)).toBe('INCOMPLETE');
    expect(graduationStatusFor({ ...base, today: '2030-07-01' })).toBe('INCOMPLETE');
    expect(graduationStatusFor({ ...base, today: '2030-07-02' })).toBe('FAILED_ACADEMICALLY');
    expect(graduationStatusFor({ ...base, today: '2031-07-02', graduationLimitDays: null })).toBe('INCOMPLETE');
    expect(graduationStatusFor({ ...base, endDate: null })).toBe('PENDING');
    expect(graduationStatusFor({ ...base, endDate: null, allMet: true })).toBe('READY_GRADUATION');
    expect(graduationStatusFor({ ...base, current: 'LATE_GRADUATION' })).toBe('LATE_GRADUATION');
  });
  test('when a requirement has minimums and a score, then it is met only with enough done and the score', () => {
    const r = { total: 10, minRequiredToComplete: 8, minRequiredToPass: 7, minScore: 70 };
    expect(requirementMet(r, null)).toBe(false);
    expect(requirementMet(r, { done: 7, total: 10, score: 70 })).toBe(true);
    expect(requirementMet(r, { done: 6, total: 10, score: 99 })).toBe(false);
    expect(requirementMet(r, { done: 10, total: 10, score: 69.99 })).toBe(false);
    expect(requirementMet(r, { done: 10, total: 10, score: null })).toBe(false);
    expect(requirementMet({ total: null, minRequiredToComplete: null, minRequiredToPass: null, minScore: null }, { done: 1, total: null, score: null })).toBe(true);
  });
});

describe('recordLmsProgress', () => {
  test('when called twice with the same figures, then the second changes nothing; a new score updates the one row', async () => {
    const f = await academicCohort();
    const s = await enrolledIn(t.deps, f);
    const quiz = f.requirements[0];
    const entry = { enrollmentId: s.enrollment.id, graduationRequirementId: quiz.id, done: 3, total: 4, score: 81.456, externalId: 'grade-17' };
    expect(await recordLmsProgress([entry])).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(await recordLmsProgress([entry])).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await recordLmsProgress([{ ...entry, done: 4, score: 90 }])).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const rows = await AcademicProgress.findAll({ where: { enrollmentId: s.enrollment.id } });
    expect(rows.map((r) => [r.done, Number(r.score), r.source, r.externalId])).toEqual([[4, 90, 'LMS', 'grade-17']]);
  });
  test("when a requirement is not a QUIZ/ASSIGNMENT/MODULE of the enrollment's program, then it throws and writes nothing", async () => {
    const f = await academicCohort();
    const other = await academicCohort();
    const s = await enrolledIn(t.deps, f);
    await expect(recordLmsProgress([{ enrollmentId: s.enrollment.id, graduationRequirementId: other.requirements[0].id, done: 1 }])).rejects.toThrow(/not a QUIZ/);
    await expect(recordLmsProgress([{ enrollmentId: s.enrollment.id, graduationRequirementId: f.requirements[1].id, done: 1 }])).rejects.toThrow(/not a QUIZ/);
    expect(await AcademicProgress.count({ where: { enrollmentId: s.enrollment.id } })).toBe(0);
  });
});

describe('attendance toward requirements', () => {
  test('when circle sessions are ATTENDED, then the COACHING_CIRCLE requirement counts them (set-wise, idempotent)', async () => {
    const f = await academicCohort({ endedDaysAgo: -30 });
    const s = await enrolledIn(t.deps, f);
    const circle = await makeCircle(t.deps, f.cohort);
    const signUp = await CoachingCircleSignUp.create({
      coachingCircleId: circle.circle.id,
      coachingCircleCoachId: circle.groups[0].id,
      studentId: s.student.id,
      enrollmentId: s.enrollment.id,
    });
    for (const [i, status] of (['ATTENDED', 'ATTENDED', 'ABSENT'] as const).entries()) {
      await CoachingCircleSignUpSession.create({
        coachingCircleSignUpId: signUp.id,
        coachingCircleSessionId: circle.sessions[i].id,
        coachingCircleCoachId: circle.groups[0].id,
        status,
      });
    }
    const first = await refreshAttendanceProgress({ cohortIds: [f.cohort.id] });
    expect(first.created).toBe(1);
    expect(await refreshAttendanceProgress({ cohortIds: [f.cohort.id] })).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const row = await AcademicProgress.findOne({ where: { enrollmentId: s.enrollment.id, graduationRequirementId: f.requirements[1].id } });
    expect([row?.done, row?.source]).toEqual([2, 'ATTENDANCE']);
  });

  test('when staff take a learning-session attendance, then the LEARNING_SESSION requirement counts it at once (LearningSessionAttendanceTaken)', async () => {
    const f = await academicCohort({ endedDaysAgo: -30, requirements: [{ type: 'LEARNING_SESSION', name: 'Workshops', total: 1 }] });
    const s = await enrolledIn(t.deps, f);
    const session = await LearningSession.create({ type: 'WORKSHOP', title: unique('Workshop '), startDateTime: new Date(Date.now() - 3_600_000), published: true });
    await LearningSessionScope.create({ learningSessionId: session.id, cohortId: f.cohort.id });
    const signUp = await LearningSessionSignUp.create({ learningSessionId: session.id, studentId: s.student.id });
    const res = await api('put', `/learning_session_sign_up/${signUp.id}/attendances`, admin, { participationStatus: 'ATTENDED' });
    expect(res.status).toBe(200);
    const row = await eventually(() => AcademicProgress.findOne({ where: { enrollmentId: s.enrollment.id, graduationRequirementId: f.requirements[0].id } }));
    expect([row.done, row.source]).toEqual([1, 'ATTENDANCE']);
  });
});

describe('POST /enrollments/academic_progress and /summary', () => {
  test('when no cohort is chosen, then the list is empty with total 0 and the summary counts nothing', async () => {
    const res = await api('post', '/enrollments/academic_progress', admin, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ content: [], pagination: { total: 0, page: 0, size: 10 } });
    const summary = await api('post', '/enrollments/academic_progress/summary', admin, { programId: 1 });
    expect(graduationSummaryAnswer.parse(summary.body).total).toBe(0);
  });

  test("when a cohort is chosen, then each student's requirements done of total and mean score, and the summary per status", async () => {
    const f = await academicCohort();
    const a = await enrolledIn(t.deps, f, { firstName: 'Ana' });
    const b = await enrolledIn(t.deps, f, { firstName: 'Bo' });
    await complete(f, a.enrollment.id, { score: 80 });
    await recordLmsProgress([{ enrollmentId: b.enrollment.id, graduationRequirementId: f.requirements[0].id, done: 2, total: 4, score: 60.5 }]);
    await recomputeGraduationStatuses(schoolToday(), { cohortId: f.cohort.id });
    const res = await api('post', '/enrollments/academic_progress?size=50', admin, { programId: f.program.id, cohortId: f.cohort.id });
    expect(res.status).toBe(200);
    const page = academicProgressPage.parse(res.body);
    expect(page.pagination.total).toBe(2);
    const byId = new Map(page.content.map((r) => [r.id, r]));
    expect(byId.get(a.enrollment.id)).toMatchObject({ requirementsDone: 2, requirementsTotal: 2, score: 80, graduationStatus: 'READY_GRADUATION' });
    expect(byId.get(b.enrollment.id)).toMatchObject({ requirementsDone: 0, requirementsTotal: 2, score: 60.5, graduationStatus: 'INCOMPLETE' });
    expect(byId.get(b.enrollment.id)!.requirements.map((r) => [r.name, r.done, r.total, r.met])).toEqual([
      ['Quizzes', 2, 4, false],
      ['Coaching circles', 0, 2, false],
    ]);
    const keyword = await api('post', '/enrollments/academic_progress?keyword=Ana', admin, { cohortId: f.cohort.id });
    expect(keyword.body.content.map((r: { id: number }) => r.id)).toEqual([a.enrollment.id]);
    const filtered = await api('post', '/enrollments/academic_progress', admin, { cohortId: f.cohort.id, criteria: { graduationStatuses: ['INCOMPLETE'] } });
    expect(filtered.body.content.map((r: { id: number }) => r.id)).toEqual([b.enrollment.id]);
    const summary = await api('post', '/enrollments/academic_progress/summary', support, { cohortId: f.cohort.id });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ total: 2, statuses: { READY_GRADUATION: 1, INCOMPLETE: 1, PENDING: 0 } });
  });

  test('when the input is wrong, then 400 with field errors; 401 without a token; 403 for a role without academics and for a student', async () => {
    const bad = await api('post', '/enrollments/academic_progress', admin, { cohortId: 'x', criteria: { graduationStatuses: ['NOPE'] }, extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['cohortId', 'criteria.graduationStatuses.0', 'extra']));
    expect((await api('post', '/enrollments/academic_progress?sortBy=nope', admin, {})).status).toBe(400);
    expect((await api('post', '/enrollments/academic_progress', null, {})).status).toBe(401);
    expect((await api('post', '/enrollments/academic_progress', noAcademics, {})).status).toBe(403);
    expect((await api('post', '/enrollments/academic_progress/summary', noAcademics, {})).status).toBe(403);
    const student = await makeStudent(t.deps);
    expect((await api('post', '/enrollments/academic_progress', student.token, {})).status).toBe(403);
  });
});

describe('graduation status (nightly job and recompute)', () => {
  // Quizzes only: the job counts attendance first, and these students attended nothing.
  const QUIZ_ONLY = [{ type: 'QUIZ' as const, name: 'Quizzes', total: 4, minScore: 70 }];
  test('when the GRADUATION_STATUS job runs, then every status follows the rules; graduated ones are kept', async () => {
    const running = await academicCohort({ endedDaysAgo: -5, requirements: QUIZ_ONLY });
    const ended = await academicCohort({ endedDaysAgo: 10, graduationLimitDays: 30, requirements: QUIZ_ONLY });
    const expired = await academicCohort({ endedDaysAgo: 40, graduationLimitDays: 30, requirements: QUIZ_ONLY });
    const pending = await enrolledIn(t.deps, running);
    await complete(running, pending.enrollment.id);
    const ready = await enrolledIn(t.deps, ended);
    await complete(ended, ready.enrollment.id);
    const incomplete = await enrolledIn(t.deps, ended);
    const failed = await enrolledIn(t.deps, expired);
    const graduated = await enrolledIn(t.deps, expired);
    await graduated.enrollment.update({ graduationStatus: 'GRADUATED' });
    // In collections: the application's plan is three months overdue (the enrollment belongs to that application).
    const plan = await makeEnrolledPlan(t.deps, { enrollable: { ...ended.p, cohorts: [ended.cohort] }, backdateMonths: 3 });
    const owing = {
      enrollment: await Enrollment.create({
        applicationId: plan.application.id,
        studentId: plan.student.student.id,
        cohortId: ended.cohort.id,
        programId: ended.program.id,
        status: 'ACTIVE',
        enrolledAt: new Date(),
        updatedById: null,
        updatedByName: null,
      }),
    };
    await complete(ended, owing.enrollment.id);
    const run = await runJob(t.deps, 'GRADUATION_STATUS');
    expect(run.outcome).toBe('SUCCEEDED');
    const status = async (e: { enrollment: Enrollment }) => (await reloadEnrollment(e.enrollment.id)).graduationStatus;
    expect(await status(pending)).toBe('PENDING');
    expect(await status(ready)).toBe('READY_GRADUATION');
    expect(await status(incomplete)).toBe('INCOMPLETE');
    expect(await status(failed)).toBe('FAILED_ACADEMICALLY');
    expect(await status(graduated)).toBe('GRADUATED');
    expect(await status(owing)).toBe('FAILED_FINANCIALLY');
  });

  test('when staff recompute a cohort, then its statuses change at once; 400, 401, 403', async () => {
    const f = await academicCohort({ requirements: QUIZ_ONLY });
    const s = await enrolledIn(t.deps, f);
    await complete(f, s.enrollment.id);
    const res = await api('post', '/enrollments/graduations/recompute', admin, { cohortId: f.cohort.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ examined: 1, changed: 1 });
    expect((await reloadEnrollment(s.enrollment.id)).graduationStatus).toBe('READY_GRADUATION');
    expect((await api('post', '/enrollments/graduations/recompute', admin, { cohortId: -1 })).status).toBe(400);
    expect((await api('post', '/enrollments/graduations/recompute', null, {})).status).toBe(401);
    expect((await api('post', '/enrollments/graduations/recompute', support, {})).status).toBe(403);
  });
});

describe('POST /enrollments/graduations/find_by_criteria and /summary', () => {
  test('when filtered by program, cohort, statuses and keyword, then the matching active enrollments', async () => {
    const f = await academicCohort();
    const ready = await readyStudent(f, { lastName: unique('Ready') });
    const open = await enrolledIn(t.deps, f);
    await recomputeGraduationStatuses(schoolToday(), { cohortId: f.cohort.id });
    const all = await api('post', '/enrollments/graduations/find_by_criteria?size=50', admin, { programId: f.program.id, cohortId: f.cohort.id });
    expect(all.status).toBe(200);
    expect(
      academicProgressPage
        .parse(all.body)
        .content.map((r) => r.id)
        .sort(),
    ).toEqual([ready.enrollment.id, open.enrollment.id].sort());
    const only = await api('post', '/enrollments/graduations/find_by_criteria', admin, { cohortId: f.cohort.id, statuses: ['READY_GRADUATION'] });
    expect(only.body.content.map((r: { id: number }) => r.id)).toEqual([ready.enrollment.id]);
    const byKeyword = await api('post', '/enrollments/graduations/find_by_criteria', admin, { cohortId: f.cohort.id, keyword: ready.student.lastName });
    expect(byKeyword.body.content.map((r: { id: number }) => r.id)).toEqual([ready.enrollment.id]);
    const summary = await api('post', '/enrollments/graduations/summary', admin, { cohortId: f.cohort.id });
    expect(summary.body).toMatchObject({ total: 2, statuses: { READY_GRADUATION: 1, INCOMPLETE: 1 } });
  });
  test('400 for a wrong status, 401, 403', async () => {
    expect((await api('post', '/enrollments/graduations/find_by_criteria', admin, { statuses: ['DONE'] })).status).toBe(400);
    expect((await api('post', '/enrollments/graduations/find_by_criteria', null, {})).status).toBe(401);
    expect((await api('post', '/enrollments/graduations/find_by_criteria', noAcademics, {})).status).toBe(403);
  });
});

describe('POST /enrollments/graduations', () => {
  test('when READY_GRADUATION enrollments are graduated, then GRADUATED with date and who, the activity entry, the email, and the certificate issued as a PDF', async () => {
    const f = await academicCohort();
    const s = await readyStudent(f, { firstName: 'Zoë Łukasz', lastName: 'Дмитрий' });
    const res = await api('post', '/enrollments/graduations', admin, { enrollmentIds: [s.enrollment.id] });
    expect(res.status).toBe(200);
    const answer = graduateAnswer.parse(res.body);
    expect(answer.graduated).toBe(1);
    expect(answer.content[0]).toMatchObject({ id: s.enrollment.id, graduationStatus: 'GRADUATED', graduationLate: false });
    const after = await reloadEnrollment(s.enrollment.id);
    expect([after.graduationStatus, Boolean(after.graduatedAt), after.graduationLate]).toEqual(['GRADUATED', true, false]);
    expect(await ActivityLog.count({ where: { entityType: 'ENROLLMENT', entityId: s.enrollment.id, type: 'GRADUATED', studentId: s.student.id } })).toBe(1);
    expect(await CommunicationIntent.count({ where: { templateKey: 'GRADUATION_CONGRATULATIONS', studentId: s.student.id } })).toBe(1);
    const certificate = await eventually(async () => {
      const c = await Certificate.findOne({ where: { enrollmentId: s.enrollment.id } });
      return c?.status === 'ISSUED' ? c : null;
    });
    expect([certificate.provider, certificate.name, Boolean(certificate.storageKey)]).toEqual(['LOCAL', f.program.name, true]);
    const pdf = await api('get', `/certifications/${certificate.id}/download`, s.token)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Zoë Łukasz Дмитрий');
    expect(text).toContain(f.program.name);
  });

  test('when isLate, or past the extended graduation date, then LATE_GRADUATION', async () => {
    const f = await academicCohort({ extendedGraduationDate: daysFromToday(-1) });
    const g = await academicCohort();
    const pastExtended = await readyStudent(f);
    const late = await readyStudent(g);
    expect((await api('post', '/enrollments/graduations', admin, { enrollmentIds: [pastExtended.enrollment.id] })).body.content[0].graduationStatus).toBe('LATE_GRADUATION');
    const res = await api('post', '/enrollments/graduations', admin, { enrollmentIds: [late.enrollment.id], isLate: true });
    expect(res.body.content[0]).toMatchObject({ graduationStatus: 'LATE_GRADUATION', graduationLate: true });
  });

  test('when one of them is not READY_GRADUATION, then 409 and nothing changes; graduated twice is 409 ALREADY_GRADUATED', async () => {
    const f = await academicCohort();
    const ready = await readyStudent(f);
    const open = await enrolledIn(t.deps, f);
    const res = await api('post', '/enrollments/graduations', admin, { enrollmentIds: [ready.enrollment.id, open.enrollment.id] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_READY_TO_GRADUATE');
    expect(res.body.message).toBe(`Only enrollments ready for graduation can be graduated: #${open.enrollment.id}`);
    expect((await reloadEnrollment(ready.enrollment.id)).graduationStatus).toBe('READY_GRADUATION');
    expect(await Certificate.count({ where: { enrollmentId: ready.enrollment.id } })).toBe(0);
    expect((await api('post', '/enrollments/graduations', admin, { enrollmentIds: [ready.enrollment.id] })).status).toBe(200);
    const again = await api('post', '/enrollments/graduations', admin, { enrollmentIds: [ready.enrollment.id] });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_GRADUATED']);
  });

  test('400 without ids, 401, 403 for a reader (SUPPORT) and a student, 404 for a missing enrollment', async () => {
    const bad = await api('post', '/enrollments/graduations', admin, { enrollmentIds: [], isLate: 'maybe' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['enrollmentIds', 'isLate']));
    expect((await api('post', '/enrollments/graduations', null, { enrollmentIds: [1] })).status).toBe(401);
    expect((await api('post', '/enrollments/graduations', support, { enrollmentIds: [1] })).status).toBe(403);
    expect((await api('post', '/enrollments/graduations', (await makeStudent(t.deps)).token, { enrollmentIds: [1] })).status).toBe(403);
    expect((await api('post', '/enrollments/graduations', admin, { enrollmentIds: [MISSING] })).status).toBe(404);
  });

  test('when the provider fails, then the certificate keeps its attempts and error and the delivery waits to be retried; once it works it is ISSUED', async () => {
    let fail = true;
    const flaky: CertificateProvider = {
      name: 'LOCAL',
      async issue() {
        if (fail) throw new Error('provider down');
        return { provider: 'LOCAL', externalId: null, url: null, badgeUrl: null, storageKey: null };
      },
    };
    useCertificateProvider(flaky);
    try {
      const f = await academicCohort();
      const s = await readyStudent(f);
      expect((await api('post', '/enrollments/graduations', admin, { enrollmentIds: [s.enrollment.id] })).status).toBe(200);
      const pending = await eventually(async () => {
        const c = await Certificate.findOne({ where: { enrollmentId: s.enrollment.id } });
        return c?.lastError ? c : null;
      });
      expect([pending.status, pending.attempts, pending.lastError]).toEqual(['PENDING', 1, 'provider down']);
      const delivery = (await DomainEvent.findOne({ where: { handler: 'academics.issueCertificate', status: 'PENDING' }, order: [['id', 'DESC']] }))!;
      expect(delivery.attempts).toBe(1);
      fail = false;
      await delivery.update({ nextAttemptAt: new Date(Date.now() - 1000) });
      await runJob(t.deps, 'DOMAIN_EVENT_DISPATCH');
      expect((await Certificate.findByPk(pending.id))!.status).toBe('ISSUED');
    } finally {
      useCertificateProvider(null);
    }
  });
});

describe('PUT /enrollments/{id}/academic_progress/{requirementId}', () => {
  test('when staff record an OTHER requirement, then it is met (STAFF) and the status is recomputed; 400, 401, 403, 404, 409', async () => {
    const f = await academicCohort({ requirements: [{ type: 'OTHER', name: 'Capstone', total: 1 }] });
    const s = await enrolledIn(t.deps, f);
    const other = await academicCohort();
    const url = `/enrollments/${s.enrollment.id}/academic_progress/${f.requirements[0].id}`;
    const res = await api('put', url, admin, { done: 1, score: 95 });
    expect(res.status).toBe(200);
    expect(academicProgressAnswer.parse(res.body)).toMatchObject({
      graduationStatus: 'READY_GRADUATION',
      requirementsDone: 1,
      requirements: [{ source: 'STAFF', met: true, score: 95 }],
    });
    expect(await ActivityLog.count({ where: { entityType: 'ENROLLMENT', entityId: s.enrollment.id, type: 'UPDATED' } })).toBe(1);
    expect((await api('put', url, admin, { done: -1, score: 101 })).status).toBe(400);
    expect((await api('put', url, null, { done: 1 })).status).toBe(401);
    expect((await api('put', url, support, { done: 1 })).status).toBe(403);
    expect((await api('put', `/enrollments/${MISSING}/academic_progress/${f.requirements[0].id}`, admin, { done: 1 })).status).toBe(404);
    const mismatch = await api('put', `/enrollments/${s.enrollment.id}/academic_progress/${other.requirements[0].id}`, admin, { done: 1 });
    expect([mismatch.status, mismatch.body.code]).toEqual([409, 'REQUIREMENT_NOT_OF_PROGRAM']);
  });
});

describe('certificates: GET /certifications, find_by_criteria, {id}, download', () => {
  let f: AcademicFixture;
  let owner: Awaited<ReturnType<typeof readyStudent>>;
  let certificateId: number;
  beforeAll(async () => {
    f = await academicCohort();
    owner = await readyStudent(f);
    await api('post', '/enrollments/graduations', admin, { enrollmentIds: [owner.enrollment.id] });
    certificateId = (await eventually(() => Certificate.findOne({ where: { enrollmentId: owner.enrollment.id, status: 'ISSUED' } }))).id;
  });

  test('when staff list, then the certificates by program, cohort, student and keyword', async () => {
    const list = await api('get', `/certifications?programId=${f.program.id}`, admin);
    expect(list.status).toBe(200);
    expect(certificatePage.parse(list.body).content.map((c) => c.id)).toEqual([certificateId]);
    const found = await api('post', '/certifications/find_by_criteria', support, { cohortId: f.cohort.id, statuses: ['ISSUED'], keyword: owner.student.lastName });
    expect(found.body.content.map((c: { id: number }) => c.id)).toEqual([certificateId]);
    const none = await api('post', '/certifications/find_by_criteria', admin, { cohortId: f.cohort.id, statuses: ['FAILED'] });
    expect(none.body.pagination.total).toBe(0);
    const one = await api('get', `/certifications/${certificateId}`, owner.token);
    expect(certificateAnswer.parse(one.body)).toMatchObject({ id: certificateId, status: 'ISSUED', provider: 'LOCAL', hasFile: true, types: ['CERTIFICATE'] });
  });

  test('400, 401, 403 (no permission; another student), 404, and 409 before the certificate is issued', async () => {
    expect((await api('post', '/certifications/find_by_criteria', admin, { statuses: ['NOPE'] })).status).toBe(400);
    expect((await api('get', '/certifications?studentId=x', admin)).status).toBe(400);
    expect((await api('get', '/certifications', null)).status).toBe(401);
    expect((await api('get', '/certifications', noAcademics)).status).toBe(403);
    expect((await api('get', '/certifications', owner.token)).status).toBe(403);
    const stranger = await makeStudent(t.deps);
    expect((await api('get', `/certifications/${certificateId}`, stranger.token)).status).toBe(403);
    expect((await api('get', `/certifications/${certificateId}/download`, stranger.token)).status).toBe(403);
    expect((await api('get', `/certifications/${MISSING}`, admin)).status).toBe(404);
    expect((await api('get', `/certifications/${MISSING}/download`, admin)).status).toBe(404);
    const pending = await Certificate.create({
      enrollmentId: (await enrolledIn(t.deps, f)).enrollment.id,
      studentId: owner.student.id,
      programId: f.program.id,
      cohortId: f.cohort.id,
      name: 'x',
    });
    const early = await api('get', `/certifications/${pending.id}/download`, admin);
    expect([early.status, early.body.code]).toEqual([409, 'CERTIFICATE_NOT_ISSUED']);
  });
});

describe('GET /enrollments/{id}/unofficial_transcript', () => {
  test("when asked by staff or the student, then a PDF of modules, requirements, scores and dates with the student's name in any script", async () => {
    const f = await academicCohort();
    const s = await enrolledIn(t.deps, f, { firstName: 'Zoë Łukasz', lastName: 'Дмитрий' });
    await complete(f, s.enrollment.id, { score: 88.5 });
    await CohortModule.create({
      cohortId: f.cohort.id,
      programModuleId: null,
      title: 'Module Ω: Nutrition',
      d2lModuleId: null,
      groupName: 'Core',
      moduleGroupId: null,
      duration: null,
      startDateTime: null,
      openDate: new Date('2030-01-15T12:00:00Z'),
      closeDate: null,
      endDateTime: null,
      image: null,
      communicationTemplateId: null,
      updatedById: null,
      updatedByName: null,
    });
    for (const token of [admin, s.token]) {
      const res = await api('get', `/enrollments/${s.enrollment.id}/unofficial_transcript`, token)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="unofficial-transcript-${s.enrollment.id}.pdf"`);
      const text = pdfText(res.body as Buffer);
      for (const expected of ['Unofficial Transcript', 'Zoë Łukasz Дмитрий', f.program.name, 'Module Ω: Nutrition', '01-15-2030', 'Quizzes', '4 / 4', '88.50%', 'Coaching circles'])
        expect(text).toContain(expected);
    }
  });
  test('401, 403 for another student and a role without academics, 404, 400', async () => {
    const f = await academicCohort();
    const s = await enrolledIn(t.deps, f);
    const url = `/enrollments/${s.enrollment.id}/unofficial_transcript`;
    expect((await api('get', url, null)).status).toBe(401);
    expect((await api('get', url, (await makeStudent(t.deps)).token)).status).toBe(403);
    expect((await api('get', url, noAcademics)).status).toBe(403);
    expect((await api('get', `/enrollments/${MISSING}/unofficial_transcript`, admin)).status).toBe(404);
    expect((await api('get', '/enrollments/abc/unofficial_transcript', admin)).status).toBe(400);
  });
});

describe('My progress and Awards: GET /students/{id}/academic_progress, /awards, /enrollments/{id}/academic_progress', () => {
  test("when the student asks, then their enrollments' requirements and status, their certificates and the awards still available", async () => {
    const f = await academicCohort();
    const g = await academicCohort({ endedDaysAgo: -20 });
    const s = await readyStudent(f);
    await Enrollment.create({
      applicationId: s.enrollment.applicationId,
      studentId: s.student.id,
      cohortId: g.cohort.id,
      programId: g.program.id,
      status: 'ACTIVE',
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    await api('post', '/enrollments/graduations', admin, { enrollmentIds: [s.enrollment.id] });
    await eventually(() => Certificate.findOne({ where: { enrollmentId: s.enrollment.id, status: 'ISSUED' } }));
    const progress = await api('get', `/students/${s.student.id}/academic_progress`, s.token);
    expect(progress.status).toBe(200);
    expect(progress.body.map((r: { programId: number; graduationStatus: string }) => [r.programId, r.graduationStatus])).toEqual([
      [g.program.id, 'PENDING'],
      [f.program.id, 'GRADUATED'],
    ]);
    const one = await api('get', `/enrollments/${s.enrollment.id}/academic_progress`, s.token);
    expect(academicProgressAnswer.parse(one.body).requirementsDone).toBe(2);
    const awards = awardsAnswer.parse((await api('get', `/students/${s.student.id}/awards`, s.token)).body);
    expect(awards.awards.map((a) => [a.programId, a.status])).toEqual([[f.program.id, 'ISSUED']]);
    expect(awards.available.map((a) => [a.programId, a.type, a.requirementsTotal])).toEqual([[g.program.id, 'CERTIFICATE', 2]]);
  });
  test('401, 403 for another student, 404 for a missing student (staff)', async () => {
    const s = await makeStudent(t.deps);
    const other = await makeStudent(t.deps);
    expect((await api('get', `/students/${s.student.id}/awards`, null)).status).toBe(401);
    expect((await api('get', `/students/${s.student.id}/awards`, other.token)).status).toBe(403);
    expect((await api('get', `/students/${s.student.id}/academic_progress`, other.token)).status).toBe(403);
    expect((await api('get', `/students/${MISSING}/awards`, admin)).status).toBe(404);
    expect((await api('get', `/students/${MISSING}/academic_progress`, admin)).status).toBe(404);
    expect((await api('get', `/enrollments/${MISSING}/academic_progress`, admin)).status).toBe(404);
  });
});

describe('saved filters and exports (academic_progress, graduations, certifications)', () => {
  async function readObject(fileName: string): Promise<string> {
    const stream = await t.deps.storage.get(fileName);
    if (!stream) throw new Error(`no object ${fileName}`);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return text;
  }
  let owner = 0;
  async function exportRows(kind: string, body: Record<string, unknown>, query = '') {
    const asked = await api('post', `/file_export/${kind}${query}`, admin, body);
    expect(asked.status).toBe(202);
    await runFileExports(t.deps, { owner: `academics-${++owner}`, batch: 2, leaseMs: 60_000 });
    const done = await api('get', `/file_export/${asked.body.id}`, admin);
    expect(done.body).toMatchObject({ status: 'COMPLETED', type: kind, error: null });
    const rows = parseCsv(await readObject(done.body.fileName));
    return { header: rows[0], rows: rows.slice(1) };
  }
  const ids = (list: Array<{ id: number }>) => list.map((r) => r.id).sort((a, b) => a - b);
  const csvIds = (rows: string[][]) => rows.map((r) => Number(r[0])).sort((a, b) => a - b);

  test('when a filter of each kind is saved, then its criteria are checked by the list schema (201; 400 on a wrong value)', async () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['academic_progress', { programId: 1, cohortId: 2, criteria: { graduationStatuses: ['INCOMPLETE'] } }, { cohortId: 'x' }],
      ['graduations', { cohortId: 2, statuses: ['READY_GRADUATION'], keyword: 'ana' }, { statuses: ['NOPE'] }],
      ['certifications', { programId: 1, statuses: ['ISSUED'] }, { statuses: ['LOST'] }],
    ];
    for (const [kind, good, bad] of cases) {
      const saved = await api('post', `/search_filters/${kind}`, admin, { name: unique('F'), criteria: good });
      expect([kind, saved.status]).toEqual([kind, 201]);
      expect(saved.body.criteria).toMatchObject(good);
      const refused = await api('post', `/search_filters/${kind}`, admin, { name: unique('F'), criteria: bad });
      expect([kind, refused.status]).toEqual([kind, 400]);
    }
  });

  test("when each kind is exported, then the file's rows are the list's rows for the same criteria", async () => {
    const f = await academicCohort();
    const ready = await readyStudent(f, { lastName: unique('Exp') });
    const open = await enrolledIn(t.deps, f);
    await recordLmsProgress([{ enrollmentId: open.enrollment.id, graduationRequirementId: f.requirements[0].id, done: 1, total: 4, score: 55 }]);
    await recomputeGraduationStatuses(schoolToday(), { cohortId: f.cohort.id });
    await api('post', '/enrollments/graduations', admin, { enrollmentIds: [ready.enrollment.id] });
    await eventually(() => Certificate.findOne({ where: { enrollmentId: ready.enrollment.id, status: 'ISSUED' } }));

    const progressBody = { programId: f.program.id, cohortId: f.cohort.id };
    const list = await api('post', '/enrollments/academic_progress?size=100', admin, progressBody);
    const progress = await exportRows('academic_progress_csv', progressBody);
    expect(csvIds(progress.rows)).toEqual(ids(list.body.content));
    expect(progress.header.slice(0, 3)).toEqual(['Enrollment ID', 'Student ID', 'First name']);
    const openRow = progress.rows.find((r) => Number(r[0]) === open.enrollment.id)!;
    expect(openRow).toEqual(expect.arrayContaining(['Incomplete', '0', '2', '55.00', 'Quizzes: 1/4 (55.00%); Coaching circles: 0/2']));
    expect((await exportRows('academic_progress_csv', {})).rows).toEqual([]);

    const gradBody = { cohortId: f.cohort.id, statuses: ['GRADUATED'] };
    const grads = await api('post', '/enrollments/graduations/find_by_criteria', admin, gradBody);
    const gradFile = await exportRows('graduations_csv', gradBody);
    expect(csvIds(gradFile.rows)).toEqual(ids(grads.body.content));
    expect(csvIds(gradFile.rows)).toEqual([ready.enrollment.id]);
    const byKeyword = await exportRows('graduations_csv', { cohortId: f.cohort.id, keyword: ready.student.lastName });
    expect(csvIds(byKeyword.rows)).toEqual([ready.enrollment.id]);

    const certBody = { cohortId: f.cohort.id };
    const certs = await api('post', '/certifications/find_by_criteria', admin, certBody);
    const certFile = await exportRows('certifications_csv', certBody);
    expect(csvIds(certFile.rows)).toEqual(ids(certs.body.content));
    expect(certFile.rows[0]).toEqual(expect.arrayContaining(['Issued', 'Institute (PDF)']));

    const bad = await api('post', '/file_export/graduations_csv', admin, { statuses: ['NOPE'] });
    expect(bad.status).toBe(400);
    expect((await api('post', '/file_export/certifications_csv', noAcademics, {})).status).toBe(403);
  });
});
