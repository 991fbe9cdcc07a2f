import request from 'supertest';
import { ActivityLog, CoachingCircleSignUp, CoachingCircleSignUpSession, LearningSessionSignUp } from '../../models';
import { addToDay } from '../../domain/rules/coaching-circles';
import { schoolToday } from '../../models/catalogue';
import { setupApp, type TestApp } from '../support/app';
import { circleCohort, enrolledStudent, makeCircle } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';
import { runJob } from '../support/job-factories';

/**
 * The activity log of coaching circles, circle types and learning sessions (issue 19, coach-portal):
 * creating, editing, generating sessions, publishing, deleting, adding / changing / removing a circle's
 * coach and taking attendance each write one entry in the change's transaction — who, what, before →
 * after, a catalogue description — and a refused change writes none. Attendance entries carry the
 * student, so they show on the student's timeline.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let p: Awaited<ReturnType<typeof circleCohort>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps, { firstName: 'Alma', lastName: 'Staff' });
  p = await circleCohort();
});
afterAll(() => t.close());

const api = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown, token = admin.token) => {
  const r = request(t.app)[method](`/api${path}`).set(bearer(token));
  return body === undefined ? r : r.send(body as object);
};
const entries = (entityType: string, entityId: number) => ActivityLog.findAll({ where: { entityType, entityId }, order: [['id', 'ASC']] });
/** An entry's type, description key and English text (the stored `description`). */
const said = (e: ActivityLog) => [e.type, e.descriptionKey ?? null, e.description ?? null];

test('circle types: create, update, archive and restore each write an entry; a refused update none', async () => {
  const body = { name: unique('Type '), sessions: 4, maxStudents: 8, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 };
  const made = await api('post', '/coaching_circle_types', body);
  expect(made.status).toBe(201);
  const id = made.body.id;
  expect((await api('put', `/coaching_circle_types/${id}`, { ...body, duration: 90 })).status).toBe(200);
  expect((await api('put', `/coaching_circle_types/${id}`, { ...body, duration: 999 })).status).toBe(400);
  expect((await api('delete', `/coaching_circle_types/${id}`)).status).toBe(204);
  expect((await api('delete', `/coaching_circle_types/${id}`)).status).toBe(204);
  expect((await api('patch', `/coaching_circle_types/${id}/undeleted`)).status).toBe(200);
  const log = await entries('COACHING_CIRCLE_TYPE', id);
  expect(log.map((e) => [e.type, e.descriptionKey])).toEqual([
    ['CREATED', null],
    ['UPDATED', null],
    ['DELETED', 'ARCHIVED'],
    ['UPDATED', 'RESTORED'],
  ]);
  expect(log[0].changes).toMatchObject({ duration: { from: null, to: 60 }, sessions: { from: null, to: 4 } });
  expect(log[1].changes).toEqual({ duration: { from: 60, to: 90 } });
  expect(log.every((e) => e.actorUserId === admin.user.id && e.actorName === 'Alma Staff' && e.category === 'ADMINISTRATION')).toBe(true);
});

test('circles: create, edit, open/close dates, generate (one and batch), coaches added, changed and removed, publish, unpublish, delete', async () => {
  const type = (await api('post', '/coaching_circle_types', { name: unique('Type '), sessions: 3, maxStudents: 8, frequency: 1, frequencyUnit: 'WEEKS', duration: 60 })).body;
  const coach = await makeStudent(t.deps, { kind: 'COACH', firstName: 'Cora', lastName: 'Logged' });
  const start = addToDay(schoolToday(), 14, 'DAYS');
  const body = { typeId: type.id, cohortId: p.cohort.id, startDate: start, startTime: '18:00' };
  const c = (await api('post', '/coaching_circles', body)).body;
  expect(c.id).toBeGreaterThan(0);
  expect((await api('put', `/coaching_circles/${c.id}`, { ...body, maxStudents: 6 })).status).toBe(200);
  expect((await api('post', `/coaching_circles/${c.id}/generate_sessions`)).status).toBe(200);
  expect((await api('post', '/coaching_circles/generate_sessions', { ids: [c.id] })).status).toBe(200);
  // A changed schedule of a circle with sessions lays them again: the edit's entry says so.
  expect((await api('put', `/coaching_circles/${c.id}`, { ...body, maxStudents: 6, startTime: '19:00' })).status).toBe(200);
  // Refused: publish without a coach; nothing written for it.
  expect((await api('patch', `/coaching_circles/${c.id}/publish`, { published: true })).status).toBe(409);
  const added = await api('post', `/coaching_circles/${c.id}/coaches`, { coachId: coach.coach!.id, webConferenceUrl: 'https://meet.example.com/a' });
  expect(added.status).toBe(201);
  const groupId = added.body.coaches[0].id;
  expect((await api('put', `/coaching_circles/${c.id}/coaches/${groupId}`, { webConferenceUrl: 'https://meet.example.com/b', maxStudents: 5 })).status).toBe(200);
  expect((await api('patch', `/coaching_circles/${c.id}/publish`, { published: true })).status).toBe(200);
  expect((await api('patch', `/coaching_circles/${c.id}/open_close_date`, { openDate: null, closeDate: `${addToDay(start, 1, 'DAYS')}T00:00:00Z` })).status).toBe(200);
  // The coach changes their group's link on the published circle: the entry names the coach as its author.
  expect((await api('patch', `/coaching_circle_coaches/${groupId}/web_conference_url`, { webConferenceUrl: 'https://meet.example.com/c' }, coach.token)).status).toBe(200);
  expect((await api('patch', `/coaching_circles/${c.id}/publish`, { published: false })).status).toBe(200);
  expect((await api('delete', `/coaching_circles/${c.id}/coaches/${groupId}`)).status).toBe(204);
  expect((await api('delete', `/coaching_circles/${c.id}`)).status).toBe(204);

  const log = await entries('COACHING_CIRCLE', c.id);
  expect(log.map(said)).toEqual([
    ['CREATED', null, null],
    ['UPDATED', null, null],
    ['UPDATED', 'SESSIONS_GENERATED', 'Sessions generated: 3'],
    ['UPDATED', 'SESSIONS_GENERATED', 'Sessions generated: 3'],
    ['UPDATED', 'SESSIONS_GENERATED', 'Sessions generated: 3'],
    ['UPDATED', 'COACH_ADDED', 'Coach Cora Logged added'],
    ['UPDATED', 'COACH_GROUP_CHANGED', "Coach Cora Logged's group changed"],
    ['UPDATED', 'PUBLISHED', 'Published'],
    ['UPDATED', null, null],
    ['UPDATED', 'COACH_GROUP_CHANGED', "Coach Cora Logged's group changed"],
    ['UPDATED', 'UNPUBLISHED', 'Unpublished'],
    ['UPDATED', 'COACH_REMOVED', 'Coach Cora Logged removed'],
    ['DELETED', null, null],
  ]);
  expect(log[0].changes).toMatchObject({ cohortId: { from: null, to: p.cohort.id }, maxStudents: { from: null, to: 8 }, scopeCohortIds: { from: null, to: [p.cohort.id] } });
  expect(log[1].changes).toEqual({ maxStudents: { from: 8, to: 6 } });
  expect(log[4].changes).toEqual({ startTime: { from: '18:00', to: '19:00' } });
  expect(log[6].changes).toEqual({ webConferenceUrl: { from: 'https://meet.example.com/a', to: 'https://meet.example.com/b' }, maxStudents: { from: 6, to: 5 } });
  expect(log[8].changes).toMatchObject({ closeDate: { from: null } });
  expect([log[9].actorUserId, log[9].changes]).toEqual([coach.user.id, { webConferenceUrl: { from: 'https://meet.example.com/b', to: 'https://meet.example.com/c' } }]);
  expect(log[12].changes).toMatchObject({ maxStudents: { from: 6, to: null } });
  expect(log.filter((e) => e !== log[9]).every((e) => e.actorUserId === admin.user.id)).toBe(true);
});

test("attendance: one entry per student whose mark changed, on the circle and the student's timeline; saving the same again writes none", async () => {
  const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-24, 100], name: unique('Circle ') });
  const [ana, ben] = [await enrolledStudent(t.deps, p), await enrolledStudent(t.deps, p)];
  const records = [];
  for (const s of [ana, ben]) {
    const su = await CoachingCircleSignUp.create({ coachingCircleId: fx.circle.id, coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
    records.push(await CoachingCircleSignUpSession.create({ coachingCircleSignUpId: su.id, coachingCircleSessionId: fx.sessions[0].id, coachingCircleCoachId: fx.groups[0].id }));
  }
  const put = (rows: unknown[]) => api('put', `/coaching_circle_coaches/${fx.groups[0].id}/sessions/${fx.sessions[0].id}/attendances`, rows, fx.coaches[0].token);
  const rows = [
    { coachingCircleSignUpSessionId: records[0].id, status: 'ATTENDED', participation: 'Active', notes: 'Great' },
    { coachingCircleSignUpSessionId: records[1].id, status: 'ABSENT' },
  ];
  expect((await put(rows)).status).toBe(200);
  expect((await put(rows)).status).toBe(200);
  expect((await put([{ coachingCircleSignUpSessionId: 999_999, status: 'ABSENT' }])).status).toBe(400);
  const log = await entries('COACHING_CIRCLE', fx.circle.id);
  expect(log.map((e) => [e.studentId, e.category, ...said(e)])).toEqual([
    [ana.student.id, 'ENROLLMENT', 'UPDATED', 'CIRCLE_ATTENDANCE_TAKEN', `Attendance in ${fx.circle.name}, session 1: Attended`],
    [ben.student.id, 'ENROLLMENT', 'UPDATED', 'CIRCLE_ATTENDANCE_TAKEN', `Attendance in ${fx.circle.name}, session 1: Absent`],
  ]);
  expect(log[0].changes).toEqual({ status: { from: 'PENDING', to: 'ATTENDED' }, participation: { from: null, to: 'Active' }, notes: { from: null, to: 'Great' } });
  expect(log.every((e) => e.actorUserId === fx.coaches[0].user.id)).toBe(true);
  // The student's own timeline shows it (staff read it in the student drawer's activity tab).
  const timeline = await api('get', `/students/${ana.student.id}/activity_log`);
  expect(timeline.body.content.some((e: { entityType: string; descriptionKey?: string }) => e.entityType === 'COACHING_CIRCLE')).toBe(true);
});

test('learning sessions: create, edit, publish, unpublish, clone, delete, attendance and the auto-publish job write entries; refusals none', async () => {
  const coach = await makeStudent(t.deps, { kind: 'COACH' });
  const full = {
    type: 'WORKSHOP',
    title: unique('Workshop '),
    coachId: coach.coach!.id,
    maxStudents: 10,
    startDateTime: new Date(Date.now() + 72 * 3_600_000).toISOString(),
    webConferenceUrl: 'https://meet.example.com/ls',
    learningSessionScopes: [{ cohortId: p.cohort.id }],
  };
  const id = (await api('post', '/learning_sessions', full)).body.id;
  expect((await api('put', `/learning_sessions/${id}`, { ...full, duration: 120 })).status).toBe(200);
  expect((await api('put', `/learning_sessions/${id}`, { ...full, duration: 500 })).status).toBe(409);
  expect((await api('patch', `/learning_sessions/${id}/publish`)).status).toBe(200);
  expect((await api('patch', `/learning_sessions/${id}/publish`)).status).toBe(200);
  const s = await enrolledStudent(t.deps, p);
  const signUp = await api('post', '/learning_session_sign_up', { learningSessionId: id }, s.token);
  expect(signUp.status).toBe(201);
  expect(
    (await api('put', `/learning_session_sign_up/${signUp.body.id}/attendances`, { participationStatus: 'ATTENDED', notes: 'Asked good questions' }, coach.token)).status,
  ).toBe(200);
  expect((await api('patch', `/learning_sessions/${id}/unpublish`)).status).toBe(200);
  const copy = (await api('post', `/learning_sessions/${id}/clone`)).body.id;
  expect((await api('delete', `/learning_sessions/${id}`)).status).toBe(409);
  expect((await api('delete', `/learning_sessions/${copy}`)).status).toBe(204);

  const log = await entries('LEARNING_SESSION', id);
  expect(log.map((e) => [e.studentId, ...said(e)])).toEqual([
    [null, 'CREATED', null, null],
    [null, 'UPDATED', null, null],
    [null, 'UPDATED', 'PUBLISHED', 'Published'],
    [s.student.id, 'UPDATED', 'LEARNING_SESSION_ATTENDANCE_TAKEN', `Attendance in the learning session ${full.title}: Attended`],
    [null, 'UPDATED', 'UNPUBLISHED', 'Unpublished'],
  ]);
  expect(log[0].changes).toMatchObject({ title: { from: null, to: full.title }, scopeCohortIds: { from: null, to: [p.cohort.id] } });
  expect(log[1].changes).toEqual({ duration: { from: 90, to: 120 } });
  expect(log[3].changes).toEqual({ participationStatus: { from: 'PENDING', to: 'ATTENDED' }, notes: { from: null, to: 'Asked good questions' } });
  expect(log[3].actorUserId).toBe(coach.user.id);
  expect((await entries('LEARNING_SESSION', copy)).map(said)).toEqual([
    ['CREATED', 'CLONED_FROM', `Copied from #${id}`],
    ['DELETED', null, null],
  ]);
  expect(await LearningSessionSignUp.count({ where: { learningSessionId: id } })).toBe(1);

  // The job publishes a due session as the system.
  const due = (await api('post', '/learning_sessions', { ...full, title: unique('Due '), autoPublishDate: new Date(Date.now() - 3_600_000).toISOString() })).body.id;
  await runJob(t.deps, 'LEARNING_SESSION_AUTO_PUBLISH');
  const published = (await entries('LEARNING_SESSION', due)).at(-1)!;
  expect([published.descriptionKey, published.actorUserId, published.actorName]).toEqual(['PUBLISHED', null, 'System']);
});
