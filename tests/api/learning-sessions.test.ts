import request from 'supertest';
import { Cohort, Enrollment, JobRun, LearningSession, LearningSessionScope, LearningSessionSignUp } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { makeCohort } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { runJob } from '../support/job-factories';

/**
 * /api/learning_sessions and /api/learning_session_sign_up (platform spec §7 "Learning sessions";
 * domain rules "Coaching circles and learning sessions"; issue 19): every call's happy path, 400, 401,
 * 403, 404 and each 409; times of day in the asked zone; coach and student scoping; 30 parallel
 * sign-ups for 10 seats; the auto-publish job.
 */

let t: TestApp;
let admin: string;
let support: string;
let coachA: Awaited<ReturnType<typeof makeStudent>>;
let coachB: Awaited<ReturnType<typeof makeStudent>>;
let cohortId: number;
let otherCohortId: number;
let applicationId: number;
let student: Awaited<ReturnType<typeof makeStudent>>;
let outsider: Awaited<ReturnType<typeof makeStudent>>;

const BASE = '/api/learning_sessions';
const SIGN = '/api/learning_session_sign_up';
const MISSING = 999_999;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

async function enroll(studentId: number, cohort = cohortId) {
  await Enrollment.create({
    applicationId,
    studentId,
    cohortId: cohort,
    programId: (await Cohort.findByPk(cohort))!.programId,
    status: 'ACTIVE',
    enrolledAt: new Date(),
    updatedById: null,
    updatedByName: null,
  });
}

beforeAll(async () => {
  t = await setupApp();
  admin = (await makeAdmin(t.deps)).token;
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  coachA = await makeStudent(t.deps, { kind: 'COACH', firstName: 'Cora' });
  coachB = await makeStudent(t.deps, { kind: 'COACH' });
  const product = await makeEnrollableProduct();
  cohortId = product.cohorts[0].id;
  otherCohortId = (await makeCohort()).id;
  student = await makeStudent(t.deps);
  outsider = await makeStudent(t.deps);
  applicationId = (await makeApplication(student.student.id, product)).id;
  await enroll(student.student.id);
});
afterAll(() => t.close());

const full = (over: Record<string, unknown> = {}) => ({
  type: 'WORKSHOP',
  title: unique('Session '),
  coachId: coachA.coach!.id,
  startDateTime: inHours(72),
  webConferenceUrl: 'https://meet.example.com/abc',
  learningSessionScopes: [{ cohortId }],
  ...over,
});
const create = (body: Record<string, unknown>, token = admin) => request(t.app).post(BASE).set(bearer(token)).send(body);
const publish = (id: number, token = admin) => request(t.app).patch(`${BASE}/${id}/publish`).set(bearer(token));
const signUp = (body: Record<string, unknown>, token: string) => request(t.app).post(SIGN).set(bearer(token)).send(body);

async function published(over: Record<string, unknown> = {}) {
  const res = await create(full(over));
  expect(res.status).toBe(201);
  expect((await publish(res.body.id)).status).toBe(200);
  return res.body.id as number;
}

describe('learning sessions', () => {
  it('creates with the defaults, reads, replaces and deletes; refuses bad input, long sessions, strangers and readers', async () => {
    const minimal = await create({ type: 'WEBINAR', title: 'Intro', startDateTime: '2031-03-01T15:00:00Z' });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({ maxStudents: 10, duration: 90, language: 'EN', published: false, coach: null, learningSessionScopes: [], signUpsCount: 0, seatsLeft: 10 });
    expect(minimal.body.endDateTime).toBe('2031-03-01T16:30:00.000Z');

    const made = await create(full({ maxStudents: 12, duration: 240, language: 'ES' }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ maxStudents: 12, duration: 240, language: 'ES', coachId: coachA.coach!.id, coach: { fullName: expect.stringContaining('Cora') } });
    expect(made.body.learningSessionScopes).toEqual([expect.objectContaining({ cohortId, cohortLabel: expect.any(String) })]);
    expect(await LearningSessionScope.count({ where: { learningSessionId: made.body.id } })).toBe(1);

    expect((await create({ type: 'WEBINAR', title: 'No start' })).body.errors).toEqual({ startDateTime: 'This field is required' });
    const bad = await create({ type: 'PARTY', title: '', startDateTime: 'soon', webConferenceUrl: 'not a url', extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['type', 'title', 'startDateTime', 'webConferenceUrl', 'extra']));
    expect((await create(full({ coachId: MISSING }))).body.errors).toEqual({ coachId: 'Invalid value' });
    expect((await create(full({ learningSessionScopes: [{ cohortId: MISSING }] }))).status).toBe(400);
    const before = await LearningSession.count();
    const long = await create(full({ duration: 241 }));
    expect(long.status).toBe(409);
    expect(long.body.message).toBe('Duration limit');
    expect(await LearningSession.count()).toBe(before);
    expect((await request(t.app).post(BASE).send(full())).status).toBe(401);
    expect((await create(full(), support)).status).toBe(403);
    expect((await create(full(), student.token)).status).toBe(403);

    const id = made.body.id as number;
    expect((await request(t.app).get(`${BASE}/${id}`).set(bearer(support))).body.title).toBe(made.body.title);
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${id}`)).status).toBe(401);

    const put = (body: Record<string, unknown>, sid = id, token = admin) => request(t.app).put(`${BASE}/${sid}`).set(bearer(token)).send(body);
    const replaced = await put(full({ title: 'Renamed', learningSessionScopes: [{ cohortId: otherCohortId }] }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ title: 'Renamed', maxStudents: 10, duration: 90 });
    expect((await LearningSessionScope.findAll({ where: { learningSessionId: id } })).map((s) => s.cohortId)).toEqual([otherCohortId]);
    expect((await put(full({ duration: 300 }))).body.message).toBe('Duration limit');
    expect((await put({ title: 'x' })).status).toBe(400);
    expect((await put(full(), MISSING)).status).toBe(404);
    expect((await put(full(), id, support)).status).toBe(403);
    expect((await LearningSession.findByPk(id))!.title).toBe('Renamed');

    expect((await request(t.app).delete(`${BASE}/${id}`).set(bearer(support))).status).toBe(403);
    expect((await request(t.app).delete(`${BASE}/${id}`).set(bearer(admin))).status).toBe(204);
    expect(await LearningSession.findByPk(id)).toBeNull();
    expect(await LearningSessionScope.count({ where: { learningSessionId: id } })).toBe(0);
    expect((await request(t.app).delete(`${BASE}/${id}`).set(bearer(admin))).status).toBe(404);
  });

  it('lists by cohort (20 a page) and keyword, finds by coach, publish state, local dates and times of day in the asked zone; coaches and students see their own', async () => {
    const cohort = (await makeCohort()).id;
    const scope = [{ cohortId: cohort }];
    // 14:00 UTC on a January day is 09:00 in New York (Morning) and Afternoon in UTC;
    // 22:30 UTC on a July day is 18:30 in New York (Evening).
    const winter = (await create(full({ title: 'Winter talk', startDateTime: '2031-01-15T14:00:00Z', learningSessionScopes: scope }))).body.id;
    const summer = (await create(full({ title: 'Summer talk', coachId: coachB.coach!.id, startDateTime: '2031-07-15T22:30:00Z', learningSessionScopes: scope }))).body.id;
    expect((await publish(summer)).status).toBe(200);

    const list = await request(t.app).get(`${BASE}?cohortId=${cohort}`).set(bearer(admin));
    expect(list.status).toBe(200);
    expect(list.body.content.map((s: { id: number }) => s.id)).toEqual([summer, winter]);
    expect(list.body.pagination.size).toBe(20);
    expect((await request(t.app).get(`${BASE}?keyword=Winter%20talk&cohortId=${cohort}`).set(bearer(admin))).body.content.map((s: { id: number }) => s.id)).toEqual([winter]);
    expect((await request(t.app).get(`${BASE}?cohortId=abc`).set(bearer(admin))).status).toBe(400);

    const find = (body: Record<string, unknown>, token = admin) =>
      request(t.app)
        .post(`${BASE}/find_by_criteria`)
        .set(bearer(token))
        .send({ cohortId: cohort, ...body });
    const ids = async (body: Record<string, unknown>, token = admin) => {
      const res = await find(body, token);
      expect(res.status).toBe(200);
      return res.body.content.map((s: { id: number }) => s.id);
    };
    expect(await ids({ timeOfDay: ['MORNING'] })).toEqual([winter]);
    expect(await ids({ timeOfDay: ['EVENING'] })).toEqual([summer]);
    expect(await ids({ timeOfDay: ['AFTERNOON'], utcOffset: 'UTC' })).toEqual([winter]);
    // A fixed -05:00 keeps no daylight saving: July's 22:30 UTC is 17:30 there (Afternoon), January's 14:00 is 09:00.
    expect(await ids({ timeOfDay: ['EARLY_MORNING', 'AFTERNOON'], utcOffset: '-05:00' })).toEqual([summer]);
    expect(await ids({ startDateTime: { from: '2031-07-15', to: '2031-07-15' } })).toEqual([summer]);
    // 22:30 UTC on July 15th is already July 16th in Tokyo.
    expect(await ids({ startDateTime: { from: '2031-07-16', to: '2031-07-16' }, utcOffset: 'Asia/Tokyo' })).toEqual([summer]);
    expect(await ids({ coachId: [coachA.coach!.id] })).toEqual([winter]);
    expect(await ids({ published: true })).toEqual([summer]);
    const bad = await find({ timeOfDay: ['NOON'], utcOffset: 'Mars/Base', color: 'red' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['timeOfDay.0', 'utcOffset', 'color']));
    expect((await request(t.app).post(`${BASE}/find_by_criteria`).send({})).status).toBe(401);

    // A coach reaches only their own sessions; a student the published ones of their active cohorts.
    expect(await ids({}, coachA.token)).toEqual([winter]);
    expect((await request(t.app).get(`${BASE}?cohortId=${cohort}`).set(bearer(coachB.token))).body.content.map((s: { id: number }) => s.id)).toEqual([summer]);
    expect((await request(t.app).get(`${BASE}/${summer}`).set(bearer(coachA.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${winter}`).set(bearer(coachA.token))).status).toBe(200);
    const learner = await makeStudent(t.deps);
    expect((await request(t.app).get(`${BASE}?cohortId=${cohort}`).set(bearer(learner.token))).body.content).toEqual([]);
    await enroll(learner.student.id, cohort);
    expect((await request(t.app).get(`${BASE}?cohortId=${cohort}`).set(bearer(learner.token))).body.content.map((s: { id: number }) => s.id)).toEqual([summer]);
    expect((await request(t.app).get(`${BASE}/${winter}`).set(bearer(learner.token))).status).toBe(404);
  });

  it('publishes only with a coach, a scope and a URL, unpublishes, clones a week later, and keeps a published session whole', async () => {
    const bare = (await create({ type: 'Q_AND_A', title: 'Bare', startDateTime: inHours(48) })).body.id;
    const refused = await publish(bare);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LEARNING_SESSION_PUBLISH_MISSING');
    expect(refused.body.message).toBe('To be published, a learning session needs a coach, a scope and a web conference URL');
    expect(refused.body.details).toEqual({ missing: ['coach', 'scope', 'webConferenceUrl'] });
    expect((await LearningSession.findByPk(bare))!.published).toBe(false);
    expect((await publish(bare, support)).status).toBe(403);
    expect((await publish(MISSING)).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${bare}/publish`)).status).toBe(401);

    const id = (await create(full({ autoPublishDate: '2031-01-01T12:00:00Z' }))).body.id;
    const done = await publish(id);
    expect(done.body).toMatchObject({ published: true, publishedAt: expect.any(String) });
    expect((await LearningSession.findByPk(id))!.published).toBe(true);
    const lost = await request(t.app)
      .put(`${BASE}/${id}`)
      .set(bearer(admin))
      .send(full({ webConferenceUrl: null }));
    expect(lost.status).toBe(409);
    expect(lost.body.details).toEqual({ missing: ['webConferenceUrl'] });
    const del = await request(t.app).delete(`${BASE}/${id}`).set(bearer(admin));
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('LEARNING_SESSION_PUBLISHED_NOT_DELETED');

    const off = await request(t.app).patch(`${BASE}/${id}/unpublish`).set(bearer(admin));
    expect(off.body).toMatchObject({ published: false, publishedAt: null });
    expect((await request(t.app).patch(`${BASE}/${MISSING}/unpublish`).set(bearer(admin))).status).toBe(404);
    expect((await request(t.app).patch(`${BASE}/${id}/unpublish`).set(bearer(support))).status).toBe(403);

    await publish(id);
    const clone = await request(t.app).post(`${BASE}/${id}/clone`).set(bearer(admin));
    expect(clone.status).toBe(201);
    const source = (await LearningSession.findByPk(id))!;
    expect(new Date(clone.body.startDateTime).getTime() - source.startDateTime.getTime()).toBe(7 * 24 * HOUR);
    expect(clone.body.autoPublishDate).toBe('2031-01-08T12:00:00.000Z');
    expect(clone.body).toMatchObject({ published: false, publishedAt: null, title: source.title, coachId: coachA.coach!.id, signUpsCount: 0 });
    expect(clone.body.learningSessionScopes.map((s: { cohortId: number }) => s.cohortId)).toEqual([cohortId]);
    expect((await request(t.app).post(`${BASE}/${MISSING}/clone`).set(bearer(admin))).status).toBe(404);
    expect((await request(t.app).post(`${BASE}/${id}/clone`).set(bearer(support))).status).toBe(403);
    expect((await request(t.app).post(`${BASE}/${id}/clone`)).status).toBe(401);
  });

  it('signs students up within the rules, lists them, takes attendance, exports them and cancels with notice', async () => {
    const draft = (await create(full())).body.id;
    const notPublished = await signUp({ learningSessionId: draft }, student.token);
    expect(notPublished.status).toBe(409);
    expect(notPublished.body.code).toBe('LEARNING_SESSION_NOT_PUBLISHED');

    const id = await published({ maxStudents: 2 });
    expect((await signUp({ learningSessionId: id }, outsider.token)).body.code).toBe('LEARNING_SESSION_NOT_IN_SCOPE');
    const mine = await signUp({ learningSessionId: id }, student.token);
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ learningSessionId: id, studentId: student.student.id, participationStatus: 'PENDING', learningSession: { id } });
    const again = await signUp({ learningSessionId: id }, student.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Previous signup exists');
    expect((await signUp({ learningSessionId: id, studentId: outsider.student.id }, student.token)).status).toBe(403);
    expect((await signUp({ learningSessionId: id }, coachA.token)).status).toBe(403);
    expect((await request(t.app).post(SIGN).send({ learningSessionId: id })).status).toBe(401);
    expect((await signUp({ learningSessionId: id }, admin)).body.errors).toEqual({ studentId: 'This field is required' });
    expect((await signUp({ learningSessionId: 'x' }, admin)).status).toBe(400);
    expect((await signUp({ learningSessionId: MISSING, studentId: student.student.id }, admin)).status).toBe(404);
    expect((await signUp({ learningSessionId: id, studentId: MISSING }, admin)).status).toBe(404);
    expect((await signUp({ learningSessionId: id, studentId: student.student.id }, support)).status).toBe(403);
    const second = await makeStudent(t.deps);
    await enroll(second.student.id);
    expect((await signUp({ learningSessionId: id, studentId: second.student.id }, admin)).status).toBe(201);
    const third = await makeStudent(t.deps);
    await enroll(third.student.id);
    const full3 = await signUp({ learningSessionId: id }, third.token);
    expect(full3.status).toBe(409);
    expect(full3.body.message).toBe('Max students reached');
    expect(await LearningSessionSignUp.count({ where: { learningSessionId: id } })).toBe(2);
    const shrink = await request(t.app)
      .put(`${BASE}/${id}`)
      .set(bearer(admin))
      .send(full({ maxStudents: 1 }));
    expect(shrink.body.code).toBe('LEARNING_SESSION_MAX_BELOW_SIGN_UPS');
    expect((await request(t.app).get(`${BASE}/${id}`).set(bearer(admin))).body).toMatchObject({ signUpsCount: 2, seatsLeft: 0 });

    const started = await published({ startDateTime: inHours(-1) });
    const late = await signUp({ learningSessionId: started }, student.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Target already started');

    // Lists: a student their own, staff by session, a coach those of their sessions.
    const own = await request(t.app).get(SIGN).set(bearer(student.token));
    expect(own.body.content.map((s: { studentId: number }) => s.studentId)).toEqual([student.student.id]);
    const bySession = await request(t.app).get(`${SIGN}?learningSessionId=${id}`).set(bearer(support));
    expect(bySession.body.content.map((s: { student: { id: number } }) => s.student.id)).toEqual([student.student.id, second.student.id]);
    expect((await request(t.app).get(`${SIGN}?learningSessionId=${id}`).set(bearer(coachA.token))).body.content).toHaveLength(2);
    expect((await request(t.app).get(`${SIGN}?learningSessionId=${id}`).set(bearer(coachB.token))).body.content).toEqual([]);
    expect((await request(t.app).get(`${SIGN}?learningSessionId=x`).set(bearer(admin))).status).toBe(400);
    expect((await request(t.app).get(SIGN)).status).toBe(401);

    // Attendance: staff or the session's coach; ATTENDED or else ABSENT.
    const attend = (sid: number, body: Record<string, unknown>, token = coachA.token) => request(t.app).put(`${SIGN}/${sid}/attendances`).set(bearer(token)).send(body);
    const taken = await attend(mine.body.id, { participationStatus: 'ATTENDED', participation: 'Active', notes: 'Asked good questions' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ participationStatus: 'ATTENDED', participation: 'Active', notes: 'Asked good questions' });
    expect((await attend(mine.body.id, { participation: 'late' }, admin)).body.participationStatus).toBe('ABSENT');
    expect((await LearningSessionSignUp.findByPk(mine.body.id))!.participationStatus).toBe('ABSENT');
    expect((await attend(mine.body.id, { participation: 'ATTENDED' })).body.participationStatus).toBe('ATTENDED');
    expect((await attend(mine.body.id, { notes: 'x' })).body).toMatchObject({ participationStatus: 'ABSENT', notes: 'x', participation: null });
    expect((await attend(mine.body.id, { participationStatus: 'A'.repeat(21), mood: 1 })).body.errors).toEqual({
      participationStatus: 'Maximum 20 characters',
      mood: 'Unknown field',
    });
    await attend(mine.body.id, { participationStatus: 'ATTENDED' });
    expect((await attend(mine.body.id, { participationStatus: 'ATTENDED' }, coachB.token)).status).toBe(404);
    expect((await attend(mine.body.id, { participationStatus: 'ATTENDED' }, student.token)).status).toBe(403);
    expect((await attend(mine.body.id, { participationStatus: 'ATTENDED' }, support)).status).toBe(403);
    expect((await attend(MISSING, { participationStatus: 'ATTENDED' }, admin)).status).toBe(404);
    expect((await request(t.app).put(`${SIGN}/${mine.body.id}/attendances`).send({ participationStatus: 'ATTENDED' })).status).toBe(401);

    // The students' CSV.
    const csvUrl = `${BASE}/file_export/learning_sessions_students_csv?learningSessionId=${id}`;
    const csv = await request(t.app).get(csvUrl).set(bearer(support));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Sign-up ID,Student ID,First name,Last name,Email,Mobile phone,Participation status,Participation,Notes,Signed up at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(student.email);
    expect(lines[1]).toContain('Attended');
    expect((await request(t.app).get(csvUrl).set(bearer(coachA.token))).status).toBe(200);
    expect((await request(t.app).get(csvUrl).set(bearer(coachB.token))).status).toBe(404);
    expect((await request(t.app).get(csvUrl).set(bearer(student.token))).status).toBe(403);
    expect((await request(t.app).get(`${BASE}/file_export/learning_sessions_students_csv`).set(bearer(admin))).status).toBe(400);
    expect((await request(t.app).get(`${BASE}/file_export/learning_sessions_students_csv?learningSessionId=${MISSING}`).set(bearer(admin))).status).toBe(404);
    expect((await request(t.app).get(csvUrl)).status).toBe(401);

    // A session with sign-ups is not deleted, even unpublished.
    await request(t.app).patch(`${BASE}/${id}/unpublish`).set(bearer(admin));
    expect((await request(t.app).delete(`${BASE}/${id}`).set(bearer(admin))).body.code).toBe('LEARNING_SESSION_HAS_SIGN_UPS');
    expect(await LearningSession.findByPk(id)).not.toBeNull();

    // Cancelling: 12 hours' notice for a student; staff may skip it.
    const soon = await published({ startDateTime: inHours(6) });
    const soonSignUp = (await signUp({ learningSessionId: soon }, student.token)).body.id;
    const cancel = (sid: number, token: string, q = '') => request(t.app).delete(`${SIGN}/${sid}${q}`).set(bearer(token));
    const tooLate = await cancel(soonSignUp, student.token, '?validateMinuteDifference=false');
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.code).toBe('LEARNING_SESSION_CANCEL_NOTICE');
    expect((await cancel(soonSignUp, admin)).status).toBe(409);
    expect((await cancel(soonSignUp, outsider.token)).status).toBe(404);
    expect((await cancel(soonSignUp, coachA.token)).status).toBe(403);
    expect((await cancel(soonSignUp, support)).status).toBe(403);
    expect((await cancel(soonSignUp, admin, '?validateMinuteDifference=maybe')).status).toBe(400);
    expect((await request(t.app).delete(`${SIGN}/${soonSignUp}`)).status).toBe(401);
    expect((await cancel(soonSignUp, admin, '?validateMinuteDifference=false')).status).toBe(204);
    expect(await LearningSessionSignUp.findByPk(soonSignUp)).toBeNull();
    expect((await cancel(mine.body.id, student.token)).status).toBe(204);
    expect(await LearningSessionSignUp.findByPk(mine.body.id)).toBeNull();
    expect((await cancel(MISSING, admin)).status).toBe(404);
  });

  it('holds the seats under 30 parallel sign-ups for 10', async () => {
    const id = await published({ maxStudents: 10 });
    const students = [];
    for (let i = 0; i < 30; i++) {
      const s = await makeStudent(t.deps);
      await enroll(s.student.id);
      students.push(s);
    }
    const answers = await Promise.all(students.map((s) => signUp({ learningSessionId: id, studentId: s.student.id }, admin)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409 && r.body.message === 'Max students reached')).toHaveLength(20);
    expect(await LearningSessionSignUp.count({ where: { learningSessionId: id } })).toBe(10);
  });

  it('auto-publishes the due sessions that have what publishing needs and names the others in the run', async () => {
    const due = (await create(full({ autoPublishDate: inHours(-1) }))).body.id;
    const lacking = (await create(full({ autoPublishDate: inHours(-1), webConferenceUrl: null }))).body.id;
    const later = (await create(full({ autoPublishDate: inHours(5) }))).body.id;
    const run: JobRun = await runJob(t.deps, 'LEARNING_SESSION_AUTO_PUBLISH');
    expect(run.outcome).toBe('SUCCEEDED');
    expect(run.count).toBeGreaterThanOrEqual(1);
    expect(run.note).toContain(`#${lacking} (needs a web conference URL)`);
    expect((await LearningSession.findByPk(due))!.published).toBe(true);
    expect((await LearningSession.findByPk(lacking))!.published).toBe(false);
    expect((await LearningSession.findByPk(later))!.published).toBe(false);
  });
});
