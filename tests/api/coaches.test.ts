import request from 'supertest';
import {
  ActivityLog,
  Coach,
  CoachComment,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleSession,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CoachingCircleType,
  CommunicationIntent,
  OutboxMessage,
  PasswordToken,
  SearchFilter,
  Student,
  User,
} from '../../models';
import { Messages } from '../../models/messages';
import { coachCommentPage, coachCreatedAnswer, coachDetailAnswer, coachOwnCommentPage, coachPage, coachPickPage, coachSelfAnswer } from '../../domain/contract/coaches';
import { circleCohort, enrolledStudent, makeCircle } from '../support/circle-factories';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort } from '../support/catalogue-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * /api/coaches (back-office spec §7 "Coaches"; domain rules "Coaches"; issue 19): every call's happy
 * path, 400, 401, 403 (SUPPORT reads only; a coach's own token is not staff), 404 and the 409s
 * (email taken, 'Cannot delete coach'); the invitation's set-password link signs the coach in at
 * the portal's door; GET answers the coach's circles; comments newest first, 5 a page.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
});
afterAll(() => t.close());

const BASE = '/api/coaches';
const MISSING = 999_999;
const api = () => request(t.app);

function body(overrides: Record<string, unknown> = {}, student: Record<string, unknown> = {}) {
  return {
    rateOfPay: 45.5,
    intro: 'Ten years of practice',
    specializations: ['Nutrition', 'Sleep'],
    languages: ['en', 'ES'],
    hctpGraduatingClass: 'Spring 2015',
    video: 'https://video.example.com/intro',
    source: 'Referral',
    showPhone: true,
    socialNetworks: { linkedIn: 'https://linkedin.com/in/x', facebook: '', instagram: null, youtube: 'https://youtube.com/@x' },
    photo: null,
    coachWebConferenceUrl: 'https://meet.example.com/x',
    facebookGroupUrl: 'https://facebook.com/groups/x',
    testCall: true,
    ...overrides,
    student: {
      user: { email: `${unique('coach')}@example.com` },
      personalInfo: { firstName: 'Olga', lastName: unique('Coach') },
      contactInfo: { mobilePhone: '+12015550123' },
      languageIso2LetterCode: 'ES',
      ...student,
    },
  };
}

const create = (b: Record<string, unknown>, token = admin.token) => api().post(BASE).set(bearer(token)).send(b);

/** A circle of a fresh cohort whose group `coachId` leads, with one session at `sessionAt` and `signUps` students in the group. */
async function circleFor(coachId: number, sessionAt: Date, signUps = 0) {
  const cohort = await makeCohort();
  const type = await CoachingCircleType.create({ name: unique('Type '), sessions: 1, maxStudents: 10, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 });
  const circle = await CoachingCircle.create({
    coachingCircleTypeId: type.id,
    cohortId: cohort.id,
    sessions: 1,
    maxStudents: 10,
    frequency: 1,
    frequencyUnit: 'WEEKS',
    duration: 60,
    startDate: sessionAt.toISOString().slice(0, 10),
    startTime: '18:00',
    endTime: '19:00',
  });
  await CoachingCircleSession.create({ coachingCircleId: circle.id, sessionNumber: 1, startDateTime: sessionAt, endDateTime: new Date(sessionAt.getTime() + 3_600_000) });
  const group = await CoachingCircleCoach.create({ coachingCircleId: circle.id, coachId, maxStudents: 10 });
  for (let i = 0; i < signUps; i++) {
    const s = await makeStudent(t.deps);
    await CoachingCircleSignUp.create({ coachingCircleId: circle.id, coachingCircleCoachId: group.id, studentId: s.student.id });
  }
  return { cohort, type, circle, group };
}

describe('POST /api/coaches', () => {
  test('creates the account, the student record and the coach; the invitation link sets a password and the coach signs in at the portal', async () => {
    const b = body({ generatePassword: true });
    const res = await create(b);
    expect(res.status).toBe(201);
    expect(() => coachCreatedAnswer.parse(res.body)).not.toThrow();
    const email = (b.student.user as { email: string }).email;
    expect(res.body).toMatchObject({
      active: true,
      rateOfPay: 45.5,
      specializations: ['Nutrition', 'Sleep'],
      languages: ['EN', 'ES'],
      showPhone: true,
      testCall: true,
      socialNetworks: { linkedIn: 'https://linkedin.com/in/x', facebook: null, instagram: null, youtube: 'https://youtube.com/@x' },
      student: { user: { email }, personalInfo: { firstName: 'Olga' }, languageIso2LetterCode: 'ES', isStudent: false },
      circles: [],
      invitation: { status: 'SENT' },
      updatedBy: { id: admin.user.id },
    });
    const coach = (await Coach.findByPk(res.body.id))!;
    expect(Number(coach.rateOfPay)).toBe(45.5);
    expect(coach.languages).toEqual(['EN', 'ES']);
    const user = (await User.findByPk(coach.userId))!;
    expect(await User.unscoped().findByPk(coach.userId)).toMatchObject({ kind: 'COACH', passwordHash: null, email });
    expect(await PasswordToken.count({ where: { userId: user.id, purpose: 'INVITE' } })).toBe(1);
    expect(await ActivityLog.count({ where: { entityType: 'COACH', entityId: coach.id, type: 'CREATED' } })).toBe(1);

    // The invitation, in the coach's language, links to the portal's set-password screen.
    const mail = (await OutboxMessage.findOne({ where: { toAddress: email, templateKey: 'COACH_INVITATION' } }))!;
    expect(mail.subject).toContain('coach');
    const token = decodeURIComponent(/reset-account-password\?token=([^"\s<&]+)/.exec(mail.textBody)![1]);
    expect(mail.textBody).toContain(`${t.deps.config.PUBLIC_URL}/reset-account-password?token=`);
    const reset = await api().post('/api/auth/customer/reset_password').send({ token, password: 'Demo12345x', passwordConfirmation: 'Demo12345x' });
    expect(reset.status).toBe(204);
    const signIn = await api().post('/api/auth/signin/customer').send({ email, password: 'Demo12345x' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.coach).toEqual({ id: coach.id });
    // A coach's token is not staff: the console's calls are refused.
    expect((await api().get(BASE).set(bearer(signIn.body.accessToken))).status).toBe(403);
  });

  test('without generatePassword no invitation is sent; when the mail fails the answer does not claim it left', async () => {
    const plain = await create(body());
    expect(plain.status).toBe(201);
    expect(plain.body.invitation).toBeNull();
    expect(await CommunicationIntent.count({ where: { templateKey: 'COACH_INVITATION', aboutEntityId: plain.body.id } })).toBe(0);

    const send = jest.spyOn(t.deps.mailer, 'send').mockRejectedValueOnce(new Error('smtp down'));
    try {
      const failed = await create(body({ generatePassword: true }));
      expect(failed.status).toBe(201);
      expect(failed.body.invitation.status).not.toBe('SENT');
      const intent = (await CommunicationIntent.findOne({ where: { templateKey: 'COACH_INVITATION', aboutEntityType: 'COACH', aboutEntityId: failed.body.id } }))!;
      expect(intent.status).toBe(failed.body.invitation.status);
    } finally {
      send.mockRestore();
    }
  });

  test('400 field errors, 401, 403 and 409 email taken create nothing', async () => {
    const bad = body({ rateOfPay: -1, languages: ['FR'], video: 'not a url', extra: 1 }, { personalInfo: { firstName: '', lastName: 'X' } });
    const res = await create(bad);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      rateOfPay: Messages.INVALID_VALUE,
      'languages.0': expect.any(String),
      video: Messages.INVALID_URL,
      extra: Messages.UNKNOWN_FIELD,
      'student.personalInfo.firstName': Messages.REQUIRED,
    });
    const noLanguage = await create(body({ languages: [] }));
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.errors.languages).toBe(Messages.REQUIRED);
    const email = (bad.student.user as { email: string }).email;
    expect(await User.count({ where: { email } })).toBe(0);

    expect((await api().post(BASE).send(body())).status).toBe(401);
    const forbidden = body();
    expect((await create(forbidden, supportToken)).status).toBe(403);
    expect(await User.count({ where: { email: (forbidden.student.user as { email: string }).email } })).toBe(0);

    const taken = await makeStudent(t.deps);
    const clash = await create(body({}, { user: { email: taken.email.toUpperCase() } }));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'USERNAME_TAKEN', message: Messages.USERNAME_TAKEN });
    expect(await Coach.count({ where: { userId: taken.user.id } })).toBe(0);
  });
});

describe('GET /api/coaches, find_by_criteria', () => {
  test('pages, keyword on name and email, fields=id,name, criteria on language, specialization and active; SUPPORT reads', async () => {
    const tag = unique('Zq').replace(/[^A-Za-z]/g, '');
    const a = (await create(body({ languages: ['ES'], specializations: ['Yoga_Flow'] }, { personalInfo: { firstName: tag, lastName: 'Alpha' } }))).body;
    const b = (await create(body({ languages: ['EN'], specializations: ['Nutrition'] }, { personalInfo: { firstName: tag, lastName: 'Beta' } }))).body;

    const list = await api().get(`${BASE}?keyword=${tag}&sortBy=lastName&descending=true`).set(bearer(supportToken));
    expect(list.status).toBe(200);
    expect(() => coachPage.parse(list.body)).not.toThrow();
    expect(list.body.content.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(list.body.pagination).toEqual({ total: 2, page: 0, size: 10 });

    const byEmail = await api()
      .get(`${BASE}?keyword=${encodeURIComponent(b.student.user.email)}`)
      .set(bearer(admin.token));
    expect(byEmail.body.content.map((c: { id: number }) => c.id)).toEqual([b.id]);

    const picker = await api().get(`${BASE}?keyword=${tag}&fields=id,name&sortBy=lastName`).set(bearer(admin.token));
    expect(() => coachPickPage.parse(picker.body)).not.toThrow();
    expect(picker.body.content).toEqual([
      { id: a.id, name: `${tag} Alpha` },
      { id: b.id, name: `${tag} Beta` },
    ]);

    const find = (criteria: Record<string, unknown>, token = admin.token) =>
      api()
        .post(`${BASE}/find_by_criteria?sortBy=id`)
        .set(bearer(token))
        .send({ name: tag, ...criteria });
    const ids = (r: request.Response) => r.body.content.map((c: { id: number }) => c.id);
    expect(ids(await find({ languages: ['ES'] }))).toEqual([a.id]);
    expect(ids(await find({ specializations: ['yoga_flow'] }))).toEqual([a.id]);
    expect(ids(await find({ specializations: ['Nutrition', 'Yoga_Flow'] }))).toEqual([a.id, b.id]);
    expect(ids(await find({ email: b.student.user.email }))).toEqual([b.id]);
    expect((await api().delete(`${BASE}/${a.id}`).set(bearer(admin.token))).status).toBe(204);
    expect(ids(await find({ active: true }, supportToken))).toEqual([b.id]);
    expect(ids(await find({ active: false }))).toEqual([a.id]);

    // 400, 401, 403.
    expect((await api().get(`${BASE}?fields=email`).set(bearer(admin.token))).status).toBe(400);
    expect((await api().get(`${BASE}?sortBy=rateOfPay`).set(bearer(admin.token))).status).toBe(400);
    const badCriteria = await find({ languages: ['FR'], planet: 1 });
    expect(badCriteria.status).toBe(400);
    expect(badCriteria.body.errors.planet).toBe(Messages.UNKNOWN_FIELD);
    expect((await api().get(BASE)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get(BASE).set(bearer(student.token))).status).toBe(403);
    expect((await find({}, student.token)).status).toBe(403);
  });

  test('saved filters of kind coaches validate their criteria', async () => {
    const ok = await api()
      .post('/api/search_filters/coaches')
      .set(bearer(admin.token))
      .send({ name: unique('Spanish'), criteria: { languages: ['ES'], active: true } });
    expect(ok.status).toBe(201);
    expect((await SearchFilter.findByPk(ok.body.id))!.criteria).toMatchObject({ languages: ['ES'], active: true });
    const bad = await api()
      .post('/api/search_filters/coaches')
      .set(bearer(admin.token))
      .send({ name: unique('Bad'), criteria: { languages: ['FR'], planet: 1 } });
    expect(bad.status).toBe(400);
  });
});

describe('GET, PUT, DELETE /api/coaches/{id}', () => {
  test("GET answers the coach's circles (type, cohort label, start, published, sign-ups) in one read; 401, 403, 404", async () => {
    const coach = (await create(body())).body;
    const soon = await circleFor(coach.id, new Date(Date.now() + 7 * 86_400_000), 2);
    const past = await circleFor(coach.id, new Date('2021-03-02T23:00:00Z'));
    await past.circle.update({ published: true });
    const res = await api().get(`${BASE}/${coach.id}`).set(bearer(supportToken));
    expect(res.status).toBe(200);
    expect(() => coachDetailAnswer.parse(res.body)).not.toThrow();
    expect(res.body.circles).toEqual([
      {
        circleCoachId: soon.group.id,
        circleId: soon.circle.id,
        typeName: soon.type.name,
        cohortId: soon.cohort.id,
        cohortLabel: soon.cohort.label,
        startDate: soon.circle.startDate,
        published: false,
        signUps: 2,
      },
      expect.objectContaining({ circleId: past.circle.id, startDate: '2021-03-02', published: true, signUps: 0 }),
    ]);
    expect((await api().get(`${BASE}/${coach.id}`)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get(`${BASE}/${coach.id}`).set(bearer(student.token))).status).toBe(403);
    expect((await api().get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await api().get(`${BASE}/abc`).set(bearer(admin.token))).status).toBe(400);
  });

  test('PUT changes the coach and its student record (email through the account); 400, 401, 403, 404, 409', async () => {
    const coach = (await create(body())).body;
    const email = `${unique('moved')}@example.com`;
    const next = {
      ...coach,
      rateOfPay: '60.25',
      languages: ['ES'],
      specializations: [],
      socialNetworks: null,
      testCall: false,
      student: { ...coach.student, user: { email }, personalInfo: { ...coach.student.personalInfo, lastName: 'Renamed' } },
    };
    const res = await api().put(`${BASE}/${coach.id}`).set(bearer(admin.token)).send(next);
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    expect(() => coachDetailAnswer.parse(res.body)).not.toThrow();
    expect(res.body).toMatchObject({ rateOfPay: 60.25, languages: ['ES'], specializations: [], testCall: false, name: 'Olga Renamed', socialNetworks: { linkedIn: null } });
    const row = (await Coach.findByPk(coach.id))!;
    expect(Number(row.rateOfPay)).toBe(60.25);
    expect((await User.findByPk(row.userId))!.email).toBe(email);
    expect((await Student.findByPk(row.studentId))!).toMatchObject({ email, lastName: 'Renamed' });
    const entry = (await ActivityLog.findOne({ where: { entityType: 'COACH', entityId: coach.id, type: 'UPDATED' } }))!;
    expect(entry.changes).toMatchObject({ rateOfPay: { from: 45.5, to: 60.25 }, lastName: { to: 'Renamed' } });

    // Deactivation through the record ends the account too.
    const off = await api()
      .put(`${BASE}/${coach.id}`)
      .set(bearer(admin.token))
      .send({ ...next, student: { ...next.student, active: false } });
    expect(off.body.active).toBe(false);
    expect((await User.findByPk(row.userId))!.active).toBe(false);

    const bad = await api()
      .put(`${BASE}/${coach.id}`)
      .set(bearer(admin.token))
      .send({ ...next, rateOfPay: 1.005, facebookGroupUrl: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['facebookGroupUrl', 'rateOfPay']);
    expect((await api().put(`${BASE}/${coach.id}`).send(next)).status).toBe(401);
    expect((await api().put(`${BASE}/${coach.id}`).set(bearer(supportToken)).send(next)).status).toBe(403);
    expect((await api().put(`${BASE}/${MISSING}`).set(bearer(admin.token)).send(next)).status).toBe(404);
    const other = await makeStudent(t.deps);
    const clash = await api()
      .put(`${BASE}/${coach.id}`)
      .set(bearer(admin.token))
      .send({ ...next, student: { ...next.student, user: { email: other.email } } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('USERNAME_TAKEN');
    expect((await User.findByPk(row.userId))!.email).toBe(email);
    expect(Number((await Coach.findByPk(coach.id))!.rateOfPay)).toBe(60.25);
  });

  test("DELETE deactivates (account too), refused with 'Cannot delete coach' while it leads a circle with sessions to come; 401, 403, 404", async () => {
    const busy = await makeStudent(t.deps, { kind: 'COACH' });
    await circleFor(busy.coach!.id, new Date(Date.now() + 86_400_000));
    const refused = await api().delete(`${BASE}/${busy.coach!.id}`).set(bearer(admin.token));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CANNOT_DELETE_COACH', message: 'Cannot delete coach' });
    expect((await Student.findByPk(busy.student.id))!.active).toBe(true);
    expect((await User.findByPk(busy.user.id))!.active).toBe(true);

    const done = await makeStudent(t.deps, { kind: 'COACH' });
    await circleFor(done.coach!.id, new Date('2022-01-04T23:00:00Z'));
    expect((await api().delete(`${BASE}/${done.coach!.id}`)).status).toBe(401);
    expect((await api().delete(`${BASE}/${done.coach!.id}`).set(bearer(supportToken))).status).toBe(403);
    expect((await api().delete(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    const ok = await api().delete(`${BASE}/${done.coach!.id}`).set(bearer(admin.token));
    expect(ok.status).toBe(204);
    expect(await Coach.count({ where: { id: done.coach!.id } })).toBe(1);
    expect((await Student.findByPk(done.student.id))!.active).toBe(false);
    expect((await User.findByPk(done.user.id))!.active).toBe(false);
    expect(await ActivityLog.count({ where: { entityType: 'COACH', entityId: done.coach!.id, type: 'DEACTIVATED' } })).toBe(1);
    // The coach's token stops working; deleting again changes nothing.
    expect((await api().get('/api/auth/me').set(bearer(done.token))).status).toBe(401);
    expect((await api().delete(`${BASE}/${done.coach!.id}`).set(bearer(admin.token))).status).toBe(204);
    expect((await api().get(`${BASE}/${done.coach!.id}`).set(bearer(admin.token))).body.active).toBe(false);
  });
});

describe('/api/coaches/{id}/comments', () => {
  test('newest first, 5 a page; add, change, delete; 400, 401, 403, 404', async () => {
    const coach = (await create(body())).body;
    const url = `${BASE}/${coach.id}/comments`;
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = await api()
        .post(url)
        .set(bearer(admin.token))
        .send({ content: `Note ${i}` });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    expect(await CoachComment.count({ where: { coachId: coach.id } })).toBe(6);
    const first = await api().get(url).set(bearer(supportToken));
    expect(first.status).toBe(200);
    expect(() => coachCommentPage.parse(first.body)).not.toThrow();
    expect(first.body.content.map((c: { content: string }) => c.content)).toEqual(['Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2']);
    expect(first.body.content[0].author).toEqual({ id: admin.user.id, name: expect.any(String) });
    expect(first.body.pagination).toEqual({ total: 6, page: 0, size: 5 });
    const second = await api().get(`${url}?page=1`).set(bearer(admin.token));
    expect(second.body.content.map((c: { content: string }) => c.content)).toEqual(['Note 1']);

    const edited = await api().put(`${url}/${ids[0]}`).set(bearer(admin.token)).send({ content: 'Edited' });
    expect(edited.status).toBe(200);
    expect((await CoachComment.findByPk(ids[0]))!.content).toBe('Edited');
    expect((await api().delete(`${url}/${ids[1]}`).set(bearer(admin.token))).status).toBe(204);
    expect(await CoachComment.count({ where: { id: ids[1] } })).toBe(0);

    // 400: size below 1, empty content, unknown field.
    expect((await api().get(`${url}?size=0`).set(bearer(admin.token))).status).toBe(400);
    const empty = await api().post(url).set(bearer(admin.token)).send({ content: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.content).toBe(Messages.REQUIRED);
    expect((await api().put(`${url}/${ids[0]}`).set(bearer(admin.token)).send({ content: 'x', extra: 1 })).status).toBe(400);
    // 401, 403.
    expect((await api().get(url)).status).toBe(401);
    expect((await api().post(url).set(bearer(supportToken)).send({ content: 'No' })).status).toBe(403);
    expect((await api().put(`${url}/${ids[0]}`).set(bearer(supportToken)).send({ content: 'No' })).status).toBe(403);
    expect((await api().delete(`${url}/${ids[0]}`).set(bearer(supportToken))).status).toBe(403);
    expect((await CoachComment.findByPk(ids[0]))!.content).toBe('Edited');
    // 404: a missing coach, a missing comment, another coach's comment.
    expect((await api().get(`${BASE}/${MISSING}/comments`).set(bearer(admin.token))).status).toBe(404);
    expect((await api().post(`${BASE}/${MISSING}/comments`).set(bearer(admin.token)).send({ content: 'x' })).status).toBe(404);
    expect((await api().put(`${url}/${MISSING}`).set(bearer(admin.token)).send({ content: 'x' })).status).toBe(404);
    const other = (await create(body())).body;
    expect((await api().delete(`${BASE}/${other.id}/comments/${ids[0]}`).set(bearer(admin.token))).status).toBe(404);
    expect(await CoachComment.count({ where: { id: ids[0] } })).toBe(1);
  });
});

describe('GET /api/coaches/me (the coach portal)', () => {
  it("answers a coach's own record; 401 without a token; 403 for a student and for staff; 404 without a coach record", async () => {
    const me = await makeStudent(t.deps, { kind: 'COACH', firstName: 'Cora', timeZone: 'America/Chicago', languageIso2LetterCode: 'ES' });
    await me.coach!.update({ coachWebConferenceUrl: 'https://meet.example.com/cora', languages: ['EN', 'ES'], rateOfPay: 50 });
    const ok = await api().get(`${BASE}/me`).set(bearer(me.token));
    expect(ok.status).toBe(200);
    expect(coachSelfAnswer.parse(ok.body)).toEqual({
      id: me.coach!.id,
      studentId: me.student.id,
      userId: me.user.id,
      firstName: 'Cora',
      lastName: me.student.lastName,
      name: `Cora ${me.student.lastName}`,
      email: me.email,
      timeZone: 'America/Chicago',
      languageIso2LetterCode: 'ES',
      languages: ['EN', 'ES'],
      intro: null,
      photo: null,
      coachWebConferenceUrl: 'https://meet.example.com/cora',
      mobilePhone: me.student.mobilePhone ?? null,
      specializations: [],
      video: null,
      showPhone: false,
      socialNetworks: { linkedIn: null, facebook: null, instagram: null, youtube: null },
      facebookGroupUrl: null,
      updatedAt: expect.any(String),
    });
    expect(ok.body).not.toHaveProperty('rateOfPay');

    expect((await api().get(`${BASE}/me`)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get(`${BASE}/me`).set(bearer(student.token))).status).toBe(403);
    expect((await api().get(`${BASE}/me`).set(bearer(admin.token))).status).toBe(403);
    expect((await api().get(`${BASE}/me`).set(bearer(supportToken))).status).toBe(403);

    // A COACH account whose coach record is gone (the token still names it): 404, and nothing was written.
    const gone = await makeStudent(t.deps, { kind: 'COACH' });
    await gone.coach!.destroy();
    const missing = await api().get(`${BASE}/me`).set(bearer(gone.token));
    expect(missing.status).toBe(404);
    expect(await Coach.count({ where: { userId: gone.user.id } })).toBe(0);
  });
});

describe('PUT /api/coaches/me (the coach edits their own profile)', () => {
  it('saves the phone, message language, time zone and public profile; keeps what is left out; writes the activity entry', async () => {
    const me = await makeStudent(t.deps, { kind: 'COACH', firstName: 'Cora', languageIso2LetterCode: 'EN' });
    await me.coach!.update({ rateOfPay: 50, intro: 'Before', source: 'REFERRAL' });
    const res = await api()
      .put(`${BASE}/me`)
      .set(bearer(me.token))
      .send({
        mobilePhone: '(201) 555-0199',
        languageIso2LetterCode: 'es',
        timeZone: 'America/Denver',
        intro: 'Health coach since 2019.',
        photo: 'https://cdn.example.com/cora.jpg',
        showPhone: true,
        socialNetworks: { linkedIn: 'https://linkedin.com/in/cora', facebook: null, instagram: '', youtube: null },
        specializations: ['Sleep', ' Nutrition ', 'Sleep'],
        languages: ['es', 'EN'],
        coachWebConferenceUrl: 'https://meet.example.com/cora-new',
      });
    expect(res.status).toBe(200);
    expect(coachSelfAnswer.parse(res.body)).toMatchObject({
      mobilePhone: '+12015550199',
      languageIso2LetterCode: 'ES',
      timeZone: 'America/Denver',
      intro: 'Health coach since 2019.',
      photo: 'https://cdn.example.com/cora.jpg',
      showPhone: true,
      socialNetworks: { linkedIn: 'https://linkedin.com/in/cora', facebook: null, instagram: null, youtube: null },
      specializations: ['Sleep', 'Nutrition'],
      languages: ['ES', 'EN'],
      coachWebConferenceUrl: 'https://meet.example.com/cora-new',
      video: null,
      facebookGroupUrl: null,
    });
    const coach = (await Coach.findByPk(me.coach!.id))!;
    const student = (await Student.findByPk(me.student.id))!;
    expect([coach.intro, coach.photo, coach.showPhone, Number(coach.rateOfPay), coach.source]).toEqual([
      'Health coach since 2019.',
      'https://cdn.example.com/cora.jpg',
      true,
      50,
      'REFERRAL',
    ]);
    expect([student.mobilePhone, student.timeZone, student.languageIso2LetterCode, student.firstName]).toEqual(['+12015550199', 'America/Denver', 'ES', 'Cora']);
    expect(coach.updatedByName).toBe(student.firstName + ' ' + student.lastName);
    const entry = await ActivityLog.findOne({ where: { entityType: 'COACH', entityId: coach.id, type: 'UPDATED' }, order: [['id', 'DESC']] });
    expect(entry).toMatchObject({ category: 'PROFILE', studentId: student.id, actorUserId: me.user.id });
    expect(entry!.changes).toMatchObject({ intro: { from: 'Before', to: 'Health coach since 2019.' }, timeZone: { from: null, to: 'America/Denver' } });

    // Left out: kept. Blank: cleared.
    const again = await api().put(`${BASE}/me`).set(bearer(me.token)).send({ photo: '', timeZone: '' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ photo: null, timeZone: null, intro: 'Health coach since 2019.', mobilePhone: '+12015550199' });
  });

  it('400 with field errors and nothing changed; 401; 403 for staff and students; 404 without a coach record', async () => {
    const me = await makeStudent(t.deps, { kind: 'COACH', timeZone: 'America/Chicago' });
    const bad = await api()
      .put(`${BASE}/me`)
      .set(bearer(me.token))
      .send({ mobilePhone: '12', timeZone: 'Mars/Olympus', photo: 'not a url', languages: [], intro: 'x'.repeat(5001) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['intro', 'languages', 'mobilePhone', 'photo', 'timeZone']);
    expect(bad.body.errors.timeZone).toBe(Messages.UNKNOWN_TIME_ZONE);
    // Staff-only fields and the identity are not the coach's to change.
    for (const field of [{ rateOfPay: 90 }, { testCall: true }, { source: 'X' }, { firstName: 'Z' }, { email: 'z@example.com' }]) {
      expect((await api().put(`${BASE}/me`).set(bearer(me.token)).send(field)).status).toBe(400);
    }
    expect((await Student.findByPk(me.student.id))!.timeZone).toBe('America/Chicago');
    expect((await api().put(`${BASE}/me`).send({ intro: 'x' })).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().put(`${BASE}/me`).set(bearer(student.token)).send({ intro: 'x' })).status).toBe(403);
    expect((await api().put(`${BASE}/me`).set(bearer(admin.token)).send({ intro: 'x' })).status).toBe(403);
    const gone = await makeStudent(t.deps, { kind: 'COACH' });
    await gone.coach!.destroy();
    expect((await api().put(`${BASE}/me`).set(bearer(gone.token)).send({ intro: 'x' })).status).toBe(404);
    expect(await ActivityLog.count({ where: { entityType: 'COACH', entityId: me.coach!.id } })).toBe(0);
  });
});

describe("GET /api/coaches/me/comments (the coach's own comments)", () => {
  it("lists the notes the coach wrote in their own groups, newest first, never another coach's; filters by group and student", async () => {
    const p = await circleCohort();
    const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-48, -24, 100], groups: [{}, {}] });
    const [mine, theirs] = fx.coaches;
    const ana = await enrolledStudent(t.deps, p, { firstName: 'Ana', lastName: unique('Noted') });
    const ben = await enrolledStudent(t.deps, p, { firstName: 'Ben', lastName: unique('Noted') });
    const records: Record<string, CoachingCircleSignUpSession[]> = {};
    for (const [s, group] of [
      [ana, fx.groups[0]],
      [ben, fx.groups[1]],
    ] as const) {
      const signUp = await CoachingCircleSignUp.create({ coachingCircleId: fx.circle.id, coachingCircleCoachId: group.id, studentId: s.student.id });
      records[s.student.firstName] = await Promise.all(
        fx.sessions.map((session) =>
          CoachingCircleSignUpSession.create({ coachingCircleSignUpId: signUp.id, coachingCircleSessionId: session.id, coachingCircleCoachId: group.id }),
        ),
      );
    }
    const take = (coach: typeof mine, groupId: number, sessionId: number, rows: unknown[]) =>
      api().put(`/api/coaching_circle_coaches/${groupId}/sessions/${sessionId}/attendances`).set(bearer(coach.token)).send(rows);
    const [anaFirst, anaSecond] = records.Ana;
    expect(
      (
        await take(mine, fx.groups[0].id, fx.sessions[0].id, [
          { coachingCircleSignUpSessionId: anaFirst.id, status: 'ATTENDED', participation: 'Active', notes: 'Shared her plan' },
        ])
      ).status,
    ).toBe(200);
    expect((await take(mine, fx.groups[0].id, fx.sessions[1].id, [{ coachingCircleSignUpSessionId: anaSecond.id, status: 'ABSENT', notes: null }])).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await take(mine, fx.groups[0].id, fx.sessions[1].id, [{ coachingCircleSignUpSessionId: anaSecond.id, status: 'ABSENT', notes: 'Called in sick' }])).status).toBe(200);
    expect((await take(theirs, fx.groups[1].id, fx.sessions[0].id, [{ coachingCircleSignUpSessionId: records.Ben[0].id, status: 'ATTENDED', notes: 'Not yours' }])).status).toBe(
      200,
    );

    const res = await api().get(`${BASE}/me/comments`).set(bearer(mine.token));
    expect(res.status).toBe(200);
    const page = coachOwnCommentPage.parse(res.body);
    expect(page.pagination.total).toBe(2);
    expect(page.content.map((c) => [c.id, c.notes, c.status, c.student.firstName, c.session.sessionNumber])).toEqual([
      [anaSecond.id, 'Called in sick', 'ABSENT', 'Ana', 2],
      [anaFirst.id, 'Shared her plan', 'ATTENDED', 'Ana', 1],
    ]);
    expect(page.content[1]).toMatchObject({ coachingCircleCoachId: fx.groups[0].id, coachingCircleId: fx.circle.id, participation: 'Active' });
    expect((await api().get(`${BASE}/me/comments?coachingCircleCoachId=${fx.groups[0].id}&size=1`).set(bearer(mine.token))).body.content.map((c: { id: number }) => c.id)).toEqual([
      anaSecond.id,
    ]);
    expect((await api().get(`${BASE}/me/comments?keyword=Ben`).set(bearer(mine.token))).body.pagination.total).toBe(0);
    // Another coach's group named: nothing of it (their notes are theirs).
    expect((await api().get(`${BASE}/me/comments?coachingCircleCoachId=${fx.groups[1].id}`).set(bearer(mine.token))).body.pagination.total).toBe(0);
    const theirsPage = (await api().get(`${BASE}/me/comments`).set(bearer(theirs.token))).body;
    expect(theirsPage.content.map((c: { notes: string }) => c.notes)).toEqual(['Not yours']);
  });

  it('400 on a bad query; 401; 403 for staff and students; 404 without a coach record', async () => {
    const me = await makeStudent(t.deps, { kind: 'COACH' });
    expect((await api().get(`${BASE}/me/comments?size=0`).set(bearer(me.token))).status).toBe(400);
    expect((await api().get(`${BASE}/me/comments?coachingCircleCoachId=abc`).set(bearer(me.token))).status).toBe(400);
    expect((await api().get(`${BASE}/me/comments?sortBy=notes`).set(bearer(me.token))).status).toBe(400);
    expect((await api().get(`${BASE}/me/comments`)).status).toBe(401);
    const student = await makeStudent(t.deps);
    expect((await api().get(`${BASE}/me/comments`).set(bearer(student.token))).status).toBe(403);
    expect((await api().get(`${BASE}/me/comments`).set(bearer(admin.token))).status).toBe(403);
    const gone = await makeStudent(t.deps, { kind: 'COACH' });
    await gone.coach!.destroy();
    expect((await api().get(`${BASE}/me/comments`).set(bearer(gone.token))).status).toBe(404);
    const empty = await api().get(`${BASE}/me/comments`).set(bearer(me.token));
    expect([empty.status, empty.body.pagination.total]).toEqual([200, 0]);
  });
});
