import request from 'supertest';
import { CoachingCircleSignUp, CoachingCircleSignUpSession } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { circleCohort, enroll, enrolledStudent, makeCircle, manyEnrolledStudents } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';

/**
 * /api/coaching_circle_sign_up and /api/students/{id}/coaching_circles (issue 19, helper "signups"):
 * every call's happy path, 400, 401, 403, 404 and each 409 (not published, closed, previous sign-up,
 * not in a scope cohort, enrollment out of range, max students, notice, target started, other type),
 * the database after each; and capacity under 100 parallel sign-ups for 10 seats.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let p: Awaited<ReturnType<typeof circleCohort>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  p = await circleCohort();
});
afterAll(() => t.close());

const BASE = '/api/coaching_circle_sign_up';
const MISSING = 999_999;
const post = (body: Record<string, unknown>, token = admin.token) => request(t.app).post(BASE).set(bearer(token)).send(body);
const patch = (id: number, body: Record<string, unknown>, token = admin.token, query = '') => request(t.app).patch(`${BASE}/${id}${query}`).set(bearer(token)).send(body);
const del = (id: number, token = admin.token, query = '') => request(t.app).delete(`${BASE}/${id}${query}`).set(bearer(token));
const get = (path: string, token = admin.token) => request(t.app).get(path).set(bearer(token));
const records = (signUpId: number) => CoachingCircleSignUpSession.findAll({ where: { coachingCircleSignUpId: signUpId }, order: [['coachingCircleSessionId', 'ASC']] });

test('a student signs up for a group, staff sign another up; each reads what is theirs; available circles with free seats in the asked time zone', async () => {
  const fx = await makeCircle(t.deps, p.cohort, { groups: [{ maxStudents: 2 }, {}] });
  const s1 = await enrolledStudent(t.deps, p);
  const s2 = await enrolledStudent(t.deps, p);

  const own = await post({ coachingCircleCoachId: fx.groups[0].id }, s1.token);
  expect(own.status).toBe(201);
  expect(own.body).toMatchObject({ studentId: s1.student.id, coachingCircleId: fx.circle.id, coachingCircleCoachId: fx.groups[0].id, leftAt: null, timeZone: 'America/New_York' });
  expect(own.body.group).toMatchObject({ id: fx.groups[0].id, webConferenceUrl: fx.groups[0].webConferenceUrl });
  expect(own.body.sessions.map((s: { status: string }) => s.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  expect(new Date(own.body.changeDeadline).getTime()).toBe(fx.sessions[0].startDateTime.getTime() - 12 * 3_600_000);
  expect((await records(own.body.id)).map((r) => [r.coachingCircleSessionId, r.coachingCircleCoachId])).toEqual(fx.sessions.map((s) => [s.id, fx.groups[0].id]));

  const staff = await post({ coachingCircleCoachId: fx.groups[0].id, studentId: s2.student.id });
  expect(staff.status).toBe(201);
  expect(await CoachingCircleSignUp.count({ where: { coachingCircleId: fx.circle.id } })).toBe(2);

  // A student reads only their own; another's is 404; the group's coach reads both, another coach none.
  const mine = await get(BASE, s1.token);
  expect(mine.status).toBe(200);
  expect(mine.body.content.map((r: { id: number }) => r.id)).toEqual([own.body.id]);
  expect((await get(`${BASE}/${staff.body.id}`, s1.token)).status).toBe(404);
  expect((await get(`${BASE}/${own.body.id}?timeZone=Europe/Madrid`, s1.token)).body.timeZone).toBe('Europe/Madrid');
  expect((await get(`${BASE}?size=50`, fx.coaches[0].token)).body.content.map((r: { id: number }) => r.id).sort()).toEqual([own.body.id, staff.body.id].sort());
  expect((await get(BASE, fx.coaches[1].token)).body.pagination.total).toBe(0);
  const byCircle = await get(`${BASE}?coachingCircleId=${fx.circle.id}`, supportToken);
  expect(byCircle.body.pagination.total).toBe(2);
  expect((await get(`${BASE}?studentId=${s2.student.id}`)).body.content[0].id).toBe(staff.body.id);

  // Available circles: free seats per group, the student's sign-up, local times in the asked zone.
  const avail = await get(`/api/students/${s1.student.id}/coaching_circles?timeZone=America/Chicago`, s1.token);
  expect(avail.status).toBe(200);
  const c = avail.body.circles.find((x: { id: number }) => x.id === fx.circle.id);
  expect(c).toMatchObject({ open: true, started: false, signUp: { id: own.body.id, coachingCircleCoachId: fx.groups[0].id } });
  expect(c.groups.map((g: { freeSeats: number }) => g.freeSeats)).toEqual([0, 10]);
  const chicago = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(fx.sessions[0].startDateTime);
  expect(c.sessions[0].localStartTime).toBe(chicago);
  expect((await get(`/api/students/${s2.student.id}/coaching_circles`, s1.token)).status).toBe(403);
  const outsider = await makeStudent(t.deps);
  expect((await get(`/api/students/${outsider.student.id}/coaching_circles`, outsider.token)).body.circles).toEqual([]);
});

test('400, 401, 403 and 404', async () => {
  const fx = await makeCircle(t.deps, p.cohort);
  const s = await enrolledStudent(t.deps, p);
  const coach = fx.coaches[0];
  expect((await post({}, s.token)).status).toBe(400);
  expect((await post({ coachingCircleCoachId: 'abc' }, s.token)).body.errors).toHaveProperty('coachingCircleCoachId');
  expect((await post({ coachingCircleCoachId: fx.groups[0].id })).body.errors).toHaveProperty('studentId');
  expect((await post({ coachingCircleCoachId: fx.groups[0].id, extra: 1 }, s.token)).status).toBe(400);
  expect((await get(`${BASE}?timeZone=Mars/Olympus`, s.token)).status).toBe(400);
  expect((await get(`/api/students/${s.student.id}/coaching_circles?timeZone=nowhere`, s.token)).status).toBe(400);

  expect((await request(t.app).post(BASE).send({ coachingCircleCoachId: fx.groups[0].id })).status).toBe(401);
  expect((await request(t.app).get(BASE)).status).toBe(401);

  expect((await post({ coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id }, supportToken)).status).toBe(403);
  expect((await post({ coachingCircleCoachId: fx.groups[0].id }, coach.token)).status).toBe(403);
  const other = await makeStudent(t.deps);
  expect((await post({ coachingCircleCoachId: fx.groups[0].id, studentId: other.student.id }, s.token)).status).toBe(403);
  const made = await post({ coachingCircleCoachId: fx.groups[0].id }, s.token);
  expect(made.status).toBe(201);
  expect((await del(made.body.id, s.token, '?validateMinuteDifference=false')).status).toBe(403);
  expect((await del(made.body.id, supportToken)).status).toBe(403);

  expect((await post({ coachingCircleCoachId: MISSING }, s.token)).status).toBe(404);
  expect((await post({ coachingCircleCoachId: fx.groups[0].id, studentId: MISSING })).status).toBe(404);
  expect((await get(`${BASE}/${MISSING}`)).status).toBe(404);
  expect((await patch(MISSING, { coachingCircleCoachId: fx.groups[0].id })).status).toBe(404);
  expect((await patch(made.body.id, { coachingCircleCoachId: MISSING })).status).toBe(404);
  expect((await del(MISSING)).status).toBe(404);
  // Another student's sign-up is 404 to a student, for every call.
  expect((await patch(made.body.id, { coachingCircleCoachId: fx.groups[0].id }, other.token)).status).toBe(404);
  expect((await del(made.body.id, other.token)).status).toBe(404);
  expect(await CoachingCircleSignUp.count({ where: { id: made.body.id } })).toBe(1);
});

test('sign-up refusals: not published, closed, previous sign-up, not in a scope cohort, enrollment out of range, max students', async () => {
  const s = await enrolledStudent(t.deps, p);
  const expect409 = async (res: request.Response, message: string) => {
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
  };
  const unpublished = await makeCircle(t.deps, p.cohort, { published: false });
  await expect409(await post({ coachingCircleCoachId: unpublished.groups[0].id }, s.token), 'The coaching circle is not published');
  const closed = await makeCircle(t.deps, p.cohort, { closeDate: new Date(Date.now() - 3_600_000) });
  await expect409(await post({ coachingCircleCoachId: closed.groups[0].id }, s.token), 'Sign-ups for this coaching circle are closed');
  const notYet = await makeCircle(t.deps, p.cohort, { openDate: new Date(Date.now() + 3_600_000) });
  await expect409(await post({ coachingCircleCoachId: notYet.groups[0].id }, s.token), 'Sign-ups for this coaching circle are closed');

  const fx = await makeCircle(t.deps, p.cohort, { groups: [{ maxStudents: 1 }, {}] });
  expect((await post({ coachingCircleCoachId: fx.groups[0].id }, s.token)).status).toBe(201);
  await expect409(await post({ coachingCircleCoachId: fx.groups[1].id }, s.token), 'Previous signup exists');
  const s2 = await enrolledStudent(t.deps, p);
  await expect409(await post({ coachingCircleCoachId: fx.groups[0].id }, s2.token), 'Max students reached');

  const outsider = await makeStudent(t.deps);
  await expect409(
    await post({ coachingCircleCoachId: fx.groups[1].id, studentId: outsider.student.id }),
    'The student has no active enrollment in a cohort of this coaching circle',
  );
  const withdrawn = await makeStudent(t.deps);
  await enroll(withdrawn.student.id, p, 'WITHDRAWN');
  await expect409(await post({ coachingCircleCoachId: fx.groups[1].id }, withdrawn.token), 'The student has no active enrollment in a cohort of this coaching circle');

  const ended = await circleCohort({ startDate: '2000-01-01', endDate: '2001-01-01' });
  const old = await makeCircle(t.deps, ended.cohort);
  const late = await enrolledStudent(t.deps, ended);
  await expect409(await post({ coachingCircleCoachId: old.groups[0].id }, late.token), 'Enrollment date out of range');

  expect(await CoachingCircleSignUp.count({ where: { studentId: [s2.student.id, outsider.student.id, withdrawn.student.id, late.student.id] } })).toBe(0);
  expect(await CoachingCircleSignUp.count({ where: { coachingCircleCoachId: fx.groups[0].id } })).toBe(1);
});

test('switching: another group of the circle, a circle of the same type; notice, target started, other type, capacity', async () => {
  const a = await makeCircle(t.deps, p.cohort, { groups: [{}, {}] });
  const b = await makeCircle(t.deps, p.cohort, { type: a.type, hoursFromNow: [100, 268] });
  const otherType = await makeCircle(t.deps, p.cohort);
  const started = await makeCircle(t.deps, p.cohort, { type: a.type, hoursFromNow: [-2, 166] });
  const full = await makeCircle(t.deps, p.cohort, { type: a.type, groups: [{ maxStudents: 0 }] });
  const s = await enrolledStudent(t.deps, p);
  const made = await post({ coachingCircleCoachId: a.groups[0].id }, s.token);
  expect(made.status).toBe(201);

  const moved = await patch(made.body.id, { coachingCircleCoachId: a.groups[1].id }, s.token);
  expect(moved.status).toBe(200);
  expect(moved.body.coachingCircleCoachId).toBe(a.groups[1].id);
  expect((await records(made.body.id)).map((r) => r.coachingCircleCoachId)).toEqual([a.groups[1].id, a.groups[1].id, a.groups[1].id]);

  expect((await patch(made.body.id, { coachingCircleCoachId: otherType.groups[0].id }, s.token)).body.message).toBe(
    'A student can switch only to a group of the same circle or of a circle of the same type',
  );
  const startedRes = await patch(made.body.id, { coachingCircleCoachId: started.groups[0].id }, s.token);
  expect([startedRes.status, startedRes.body.message]).toEqual([409, 'Target already started']);
  const fullRes = await patch(made.body.id, { coachingCircleCoachId: full.groups[0].id }, s.token);
  expect([fullRes.status, fullRes.body.message]).toEqual([409, 'Max students reached']);

  const toB = await patch(made.body.id, { coachingCircleCoachId: b.groups[0].id }, s.token);
  expect(toB.status).toBe(200);
  expect(toB.body).toMatchObject({ coachingCircleId: b.circle.id, coachingCircleCoachId: b.groups[0].id });
  expect((await records(made.body.id)).map((r) => r.coachingCircleSessionId)).toEqual(b.sessions.map((x) => x.id));
  expect(await CoachingCircleSignUp.count({ where: { coachingCircleCoachId: a.groups[1].id } })).toBe(0);

  // 12 hours' notice before the current group's next session: the student is refused, staff may waive it.
  const soon = await makeCircle(t.deps, p.cohort, { hoursFromNow: [6, 174], groups: [{}, {}] });
  const s2 = await enrolledStudent(t.deps, p);
  const near = await post({ coachingCircleCoachId: soon.groups[0].id }, s2.token);
  const refused = await patch(near.body.id, { coachingCircleCoachId: soon.groups[1].id }, s2.token);
  expect([refused.status, refused.body.message]).toEqual([409, "Changes need 12 hours' notice before the next session"]);
  expect((await CoachingCircleSignUp.findByPk(near.body.id))!.coachingCircleCoachId).toBe(soon.groups[0].id);
  expect((await patch(near.body.id, { coachingCircleCoachId: soon.groups[1].id }, s2.token, '?validateMinuteDifference=false')).status).toBe(403);
  const waived = await patch(near.body.id, { coachingCircleCoachId: soon.groups[1].id }, admin.token, '?validateMinuteDifference=false');
  expect(waived.status).toBe(200);
  expect(waived.body.coachingCircleCoachId).toBe(soon.groups[1].id);
});

test('leaving: future PENDING records go; a sign-up with taken attendance stays as history and frees its seat; the notice', async () => {
  const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-48, 100, 200], groups: [{ maxStudents: 1 }] });
  const s = await enrolledStudent(t.deps, p);
  const made = await post({ coachingCircleCoachId: fx.groups[0].id }, s.token);
  expect(made.status).toBe(201);
  expect((await records(made.body.id)).map((r) => r.coachingCircleSessionId)).toEqual([fx.sessions[1].id, fx.sessions[2].id]);
  await CoachingCircleSignUpSession.create({
    coachingCircleSignUpId: made.body.id,
    coachingCircleSessionId: fx.sessions[0].id,
    coachingCircleCoachId: fx.groups[0].id,
    status: 'ATTENDED',
  });

  expect((await del(made.body.id, s.token)).status).toBe(204);
  const kept = await CoachingCircleSignUp.findByPk(made.body.id);
  expect(kept!.leftAt).not.toBeNull();
  expect((await records(made.body.id)).map((r) => [r.coachingCircleSessionId, r.status])).toEqual([[fx.sessions[0].id, 'ATTENDED']]);
  expect((await get(BASE, s.token)).body.pagination.total).toBe(0);
  expect((await get(`${BASE}?includeLeft=true&studentId=${s.student.id}`)).body.content[0].leftAt).not.toBeNull();
  expect((await del(made.body.id, s.token)).status).toBe(404);

  // Its seat is free; coming back takes the kept sign-up again.
  const again = await post({ coachingCircleCoachId: fx.groups[0].id }, s.token);
  expect([again.status, again.body.id, again.body.leftAt]).toEqual([201, made.body.id, null]);
  expect(await records(made.body.id)).toHaveLength(3);

  // Without any record left the sign-up is deleted.
  const plain = await makeCircle(t.deps, p.cohort);
  const s2 = await enrolledStudent(t.deps, p);
  const other = await post({ coachingCircleCoachId: plain.groups[0].id }, s2.token);
  expect((await del(other.body.id, s2.token)).status).toBe(204);
  expect(await CoachingCircleSignUp.count({ where: { id: other.body.id } })).toBe(0);
  expect(await CoachingCircleSignUpSession.count({ where: { coachingCircleSignUpId: other.body.id } })).toBe(0);

  // Inside 12 hours of the next session: 409 for the student (validateMinuteDifference defaults to true), staff may send false.
  const soon = await makeCircle(t.deps, p.cohort, { hoursFromNow: [3, 171] });
  const near = await post({ coachingCircleCoachId: soon.groups[0].id }, s2.token);
  const refused = await del(near.body.id, s2.token);
  expect([refused.status, refused.body.message]).toEqual([409, "Changes need 12 hours' notice before the next session"]);
  expect((await del(near.body.id, admin.token, '?validateMinuteDifference=true')).status).toBe(409);
  expect((await del(near.body.id, admin.token, '?validateMinuteDifference=false')).status).toBe(204);
  expect(await CoachingCircleSignUp.count({ where: { id: near.body.id } })).toBe(0);
});

test('100 parallel sign-ups for a group of 10 seats: exactly 10 taken, 90 refused', async () => {
  const fx = await makeCircle(t.deps, p.cohort, { groups: [{ maxStudents: 10 }] });
  const ids = await manyEnrolledStudents(100, p);
  const answers = await Promise.all(ids.map((studentId) => post({ coachingCircleCoachId: fx.groups[0].id, studentId })));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.filter((s) => s === 409)).toHaveLength(90);
  expect(new Set(answers.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(new Set(['Max students reached']));
  expect(await CoachingCircleSignUp.count({ where: { coachingCircleCoachId: fx.groups[0].id } })).toBe(10);
  expect(await CoachingCircleSignUpSession.count({ where: { coachingCircleCoachId: fx.groups[0].id } })).toBe(30);
}, 120_000);
