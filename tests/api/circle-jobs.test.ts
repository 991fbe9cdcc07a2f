import { CoachingCircleSession, CoachingCircleSignUp, CoachingCircleSignUpSession, CommunicationIntent, OutboxMessage } from '../../models';
import { dispatchEvents, raise, type CircleAttendanceTaken } from '../../api/common/events';
import { systemActor } from '../../api/common/context';
import { setupApp, type TestApp } from '../support/app';
import { circleCohort, enrolledStudent, makeCircle } from '../support/circle-factories';
import { makeAdmin } from '../support/factories';
import { runJob } from '../support/job-factories';

/**
 * The emails of circle sign-ups (issue 19, helper "signups"): CIRCLE_SESSION_REMINDERS sends one
 * reminder per session and recipient (students and the group's coach) for sessions within 24 hours,
 * in the recipient's language and time zone, with the join link, never twice; CircleAttendanceTaken
 * alerts staff once when a student is absent from two consecutive sessions.
 */

let t: TestApp;
let p: Awaited<ReturnType<typeof circleCohort>>;
beforeAll(async () => {
  t = await setupApp();
  p = await circleCohort();
});
afterAll(() => t.close());

test('reminders: sessions within 24 hours, each student and the coach once, in their language and time zone, with the join link', async () => {
  const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [10, 178], groups: [{ webConferenceUrl: 'https://meet.example.com/circle-room' }] });
  const en = await enrolledStudent(t.deps, p);
  const es = await enrolledStudent(t.deps, p, { languageIso2LetterCode: 'ES', timeZone: 'America/Chicago' });
  for (const s of [en, es]) {
    const signUp = await CoachingCircleSignUp.create({ coachingCircleId: fx.circle.id, coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
    for (const session of fx.sessions)
      await CoachingCircleSignUpSession.create({ coachingCircleSignUpId: signUp.id, coachingCircleSessionId: session.id, coachingCircleCoachId: fx.groups[0].id });
  }
  const addresses = [en.email, es.email, fx.coaches[0].email];
  const intents = () => CommunicationIntent.findAll({ where: { toAddress: addresses, templateKey: ['CIRCLE_SESSION_REMINDER', 'CIRCLE_COACH_REMINDER'] }, order: [['id', 'ASC']] });

  const run = await runJob(t.deps, 'CIRCLE_SESSION_REMINDERS');
  expect(run.outcome).toBe('SUCCEEDED');
  const sent = await intents();
  expect(sent.map((i) => [i.toAddress, i.templateKey, i.language]).sort()).toEqual(
    [
      [en.email, 'CIRCLE_SESSION_REMINDER', 'EN'],
      [es.email, 'CIRCLE_SESSION_REMINDER', 'ES'],
      [fx.coaches[0].email, 'CIRCLE_COACH_REMINDER', 'EN'],
    ].sort(),
  );
  expect(sent.every((i) => i.status === 'SENT')).toBe(true);
  const chicago = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit', hour12: true }).format(fx.sessions[0].startDateTime);
  const esParams = sent.find((i) => i.toAddress === es.email)!.params!;
  expect(esParams).toMatchObject({ time: chicago, timeZone: 'America/Chicago', joinUrl: 'https://meet.example.com/circle-room', sessionNumber: 1 });
  expect(sent.find((i) => i.templateKey === 'CIRCLE_COACH_REMINDER')!.params!.students).toContain(en.student.lastName);
  const mail = await OutboxMessage.findOne({ where: { toAddress: es.email }, order: [['id', 'DESC']] });
  expect(mail!.subject).toContain('círculo de coaching');
  expect((await CoachingCircleSession.findByPk(fx.sessions[0].id))!.remindersSentAt).not.toBeNull();
  expect((await CoachingCircleSession.findByPk(fx.sessions[1].id))!.remindersSentAt).toBeNull();

  // Never twice: a second run, and even a session whose mark was lost, sends nothing more.
  await runJob(t.deps, 'CIRCLE_SESSION_REMINDERS');
  await CoachingCircleSession.update({ remindersSentAt: null }, { where: { id: fx.sessions[0].id } });
  await runJob(t.deps, 'CIRCLE_SESSION_REMINDERS');
  expect(await intents()).toHaveLength(3);
});

test('absence alert: staff are emailed once when a student misses two consecutive sessions', async () => {
  const staff = await makeAdmin(t.deps, { roles: ['ACADEMIC'] });
  const finance = await makeAdmin(t.deps, { roles: ['FINANCE'] });
  const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-500, -332, -164, 4] });
  const s = await enrolledStudent(t.deps, p);
  const signUp = await CoachingCircleSignUp.create({ coachingCircleId: fx.circle.id, coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
  const recs: CoachingCircleSignUpSession[] = [];
  for (const session of fx.sessions)
    recs.push(await CoachingCircleSignUpSession.create({ coachingCircleSignUpId: signUp.id, coachingCircleSessionId: session.id, coachingCircleCoachId: fx.groups[0].id }));
  const take = async (i: number, status: 'ATTENDED' | 'ABSENT') => {
    await recs[i].update({ status });
    const event: CircleAttendanceTaken = {
      type: 'CircleAttendanceTaken',
      coachingCircleId: fx.circle.id,
      coachingCircleSessionId: fx.sessions[i].id,
      coachingCircleCoachId: fx.groups[0].id,
      records: [{ coachingCircleSignUpSessionId: recs[i].id, coachingCircleSignUpId: signUp.id, studentId: s.student.id, status }],
      actor: systemActor,
    };
    await t.deps.sequelize.transaction((transaction) => raise(event, transaction));
    await dispatchEvents({ owner: 'circle-jobs-test', limit: 500 });
  };
  const alerts = (to: string) => CommunicationIntent.count({ where: { toAddress: to, templateKey: 'CIRCLE_ABSENCE_ALERT' } });

  await take(0, 'ABSENT');
  expect(await alerts(staff.email)).toBe(0);
  await take(1, 'ABSENT');
  expect(await alerts(staff.email)).toBe(1);
  expect(await alerts(finance.email)).toBe(0);
  const intent = await CommunicationIntent.findOne({ where: { toAddress: staff.email, templateKey: 'CIRCLE_ABSENCE_ALERT' } });
  expect(intent!.params).toMatchObject({ studentEmail: s.email, circle: fx.circle.name });
  // The same attendance saved again, and a third absence in the same streak: no second email.
  await take(1, 'ABSENT');
  await take(2, 'ABSENT');
  expect(await alerts(staff.email)).toBe(1);
  // Present, then absent once: nothing.
  await take(2, 'ATTENDED');
  await take(3, 'ABSENT');
  expect(await alerts(staff.email)).toBe(1);
});
