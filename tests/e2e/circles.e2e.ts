import type { Page } from 'playwright-core';
import { adminToken, api, SUPER_ADMIN, unique } from './support/api';
import { screenshot, usePage } from './support/browser';
import { queryDb } from './support/db';
import { ConsoleLoginPage } from './pages/console';
import { PortalLoginPage } from './pages/portal';
import { settle } from './pages/screens';
import { makeEnrolledStudent, type EnrolledStudent } from './pages/transfers';
import {
  CoachSessionPage,
  ConsoleAttendanceList,
  ConsoleCircleDrawer,
  ConsoleCircleTypes,
  demoCoach,
  makeRunningClass,
  PortalCirclesPage,
  publishedCircle,
  schoolClock,
  schoolDayIn,
  typedDate,
  type ArrangedCircle,
  type Coach,
} from './pages/circles';

/**
 * Coaching circles end to end (issue 19, "Browser tests"), on a class of the test's own that is
 * running (the demo's classes all start in the coming months, and attendance can only be taken on a
 * session that has started):
 * 1. staff (admin@example.com), in the console, add a circle type, then a circle of it for the class,
 *    generate its sessions, add the demo coach with a web conference URL and max students, and
 *    publish it — the preconditions shown before, the published state after;
 * 2. a student of the class signs up to that circle in the portal and switches to another circle of
 *    the type (arranged through the API), the 12 hours' notice rule explained with its deadline;
 * 3. the coach (coach@example.com) signs in to the portal, sees the student in the roster of the
 *    new group's first session (attendance opens when it starts), and takes attendance — ATTENDED
 *    and ABSENT, participation, notes — on a session of theirs that has started: a one-session circle
 *    arranged at the start to begin at the next whole minute, with two students of the class signed up;
 * 4. staff see that attendance in /coaching-circles-attendance.
 * The database is read after each step.
 */

const currentPage = usePage();
let page: Page;
let token: string;
let coach: Coach;
let klass: Awaited<ReturnType<typeof makeRunningClass>>;
let student: EnrolledStudent;
let present: EnrolledStudent;
let missing: EnrolledStudent;
/** The one-session circle that starts during the test, and its session's start. */
let startsNow: ArrangedCircle;
let startsAt: number;
/** What step 1 made in the console. */
let type: { id: number; name: string };
let circleA: { id: number; name: string; groupId: number };
/** The circle the student switches to (arranged after step 1). */
let circleB: ArrangedCircle & { name: string };
let signUpId: number;

const WIDTH = 1440;
const A_URL = 'https://meet.example.com/e2e-circle-a';
const B_URL = 'https://meet.example.com/e2e-circle-b';

interface RecordRow {
  id: number;
  coaching_circle_session_id: number;
  coaching_circle_coach_id: number;
  status: string;
  participation: string | null;
  notes: string | null;
}

const recordsOf = (signUp: number) =>
  queryDb<RecordRow>(
    'SELECT id, coaching_circle_session_id, coaching_circle_coach_id, status, participation, notes FROM coaching_circle_sign_up_sessions WHERE coaching_circle_sign_up_id = ? ORDER BY coaching_circle_session_id',
    [signUp],
  );

/** The sign-up record of a student in the arranged circle's only session. */
async function recordOf(who: EnrolledStudent): Promise<RecordRow> {
  const [row] = await queryDb<RecordRow>(
    `SELECT r.id, r.coaching_circle_session_id, r.coaching_circle_coach_id, r.status, r.participation, r.notes
       FROM coaching_circle_sign_up_sessions r JOIN coaching_circle_sign_ups s ON s.id = r.coaching_circle_sign_up_id
      WHERE s.student_id = ? AND s.coaching_circle_id = ?`,
    [who.id, startsNow.id],
  );
  return row;
}

/** `iso` as the portal writes a moment in the browser's zone: MM-DD-YYYY h:mm AM. */
function portalMoment(iso: string | number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()}`;
}

beforeAll(async () => {
  token = await adminToken();
  coach = await demoCoach();
  klass = await makeRunningClass(token);
  [student, present, missing] = await Promise.all([
    makeEnrolledStudent(token, klass, { firstName: 'Nora' }),
    makeEnrolledStudent(token, klass, { firstName: 'Olivia' }),
    makeEnrolledStudent(token, klass, { firstName: 'Pablo' }),
  ]);
  // A one-session circle of its own type starting at the next whole minute at least 20 s from now:
  // two students sign up now; by step 3 it has started and the coach can take their attendance.
  const warmUp = await api<{ id: number }>('POST', '/coaching_circle_types', token, {
    name: unique('E2E Drop-in circle '),
    sessions: 1,
    maxStudents: 5,
    frequency: 1,
    frequencyUnit: 'WEEKS',
    duration: 60,
  });
  // A busy machine may reach the start before both have signed up: then a later minute is tried.
  for (let attempt = 1; ; attempt++) {
    const start = new Date(Math.ceil((Date.now() + 10_000 * attempt) / 60_000) * 60_000);
    const clock = schoolClock(start);
    startsNow = await publishedCircle(token, {
      typeId: warmUp.id,
      cohortId: klass.cohortId,
      name: unique('E2E Drop-in '),
      startDate: clock.date,
      startTime: clock.time,
      coachId: coach.id,
      webConferenceUrl: 'https://meet.example.com/e2e-drop-in',
      maxStudents: 5,
    });
    startsAt = start.getTime();
    expect(new Date(startsNow.sessions[0].startDateTime).getTime()).toBe(startsAt);
    try {
      for (const who of [present, missing]) await api('POST', '/coaching_circle_sign_up', token, { coachingCircleCoachId: startsNow.groupId, studentId: who.id });
      break;
    } catch (error) {
      if (attempt === 3 || Date.now() < startsAt) throw error;
    }
  }
}, 120_000);

beforeEach(async () => {
  page = currentPage();
  await page.setViewportSize({ width: WIDTH, height: 900 });
});

describe('coaching circles', () => {
  test('staff add a circle type and a circle for the class, generate its sessions, add the coach and publish it', async () => {
    await new ConsoleLoginPage(page).signInToDashboard(SUPER_ADMIN.email, SUPER_ADMIN.password);

    // ---- The type: six weekly hours, eight students a coach.
    const typeName = unique('E2E Evening circle ');
    const typeId = await new ConsoleCircleTypes(page).add({ name: typeName, sessions: 6, maxStudents: 8, every: 1, unit: 'Weeks', duration: 60 });
    type = { id: typeId, name: typeName };
    const [typeRow] = await queryDb<{ name: string; sessions: number; max_students: number; frequency: number; frequency_unit: string; duration: number }>(
      'SELECT name, sessions, max_students, frequency, frequency_unit, duration FROM coaching_circle_types WHERE id = ?',
      [typeId],
    );
    expect(typeRow).toEqual({ name: typeName, sessions: 6, max_students: 8, frequency: 1, frequency_unit: 'WEEKS', duration: 60 });

    // ---- The circle: for the class, first session in three days at 6:00 PM New York time.
    const circles = new ConsoleCircleDrawer(page);
    const name = unique('E2E Circle A ');
    const firstDay = schoolDayIn(3);
    const id = await circles.add({ type: typeName, cohortLabel: klass.cohortLabel, name, startDate: firstDay, hour: 6, minute: 0, period: 'PM' });
    // Before publishing, the drawer says what is missing: no sessions yet, no coach.
    await circles.waitForMissing(['Generated sessions', 'At least one coach']);
    await expect(circles.root().getByTestId('circle-sessions').textContent()).resolves.toContain('No sessions generated yet.');

    await circles.generateSessions(6);
    const rows = await circles.sessionRows();
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual(['1', typedDate(firstDay), '6:00 PM – 7:00 PM']);
    expect(rows[1]).toEqual(['2', typedDate(schoolDayIn(10)), '6:00 PM – 7:00 PM']);
    await circles.waitForMissing(['At least one coach']);

    await circles.addCoach(coach.name, A_URL, 5);
    await circles.waitForMissing([]);
    const coachRow = circles.coachRows().first();
    await expect(coachRow.textContent()).resolves.toContain(coach.name);
    await expect(coachRow.getByLabel('Web conference URL').inputValue()).resolves.toBe(A_URL);
    await expect(coachRow.getByLabel('Max students').inputValue()).resolves.toBe('5');
    await settle(page);
    await screenshot(page, 'console-circle-before-publish');

    await circles.publish();
    await circles.root().getByText('This circle is published: only its sign-up dates can change.').waitFor();
    await expect(circles.root().getByTestId('circle-missing').count()).resolves.toBe(0);
    await expect(circles.root().getByTestId('generate-sessions').count()).resolves.toBe(0);
    // Published, the coach's group reads as text (no inputs left to change).
    await expect(circles.coachRows().first().textContent()).resolves.toContain(A_URL);
    await settle(page);
    await screenshot(page, 'console-circle-published');

    // ---- The database: the circle published for the class, its six sessions, the coach's group.
    const [circle] = await queryDb<{
      published: number;
      cohort_id: number;
      coaching_circle_type_id: number;
      name: string;
      start_date: string;
      start_time: string;
      time_zone: string;
    }>('SELECT published, cohort_id, coaching_circle_type_id, name, start_date, start_time, time_zone FROM coaching_circles WHERE id = ?', [id]);
    expect(circle).toMatchObject({ published: 1, cohort_id: klass.cohortId, coaching_circle_type_id: typeId, name, start_date: firstDay, time_zone: 'America/New_York' });
    expect(circle.start_time.slice(0, 5)).toBe('18:00');
    const [sessions] = await queryDb<{ n: number }>('SELECT COUNT(*) AS n FROM coaching_circle_sessions WHERE coaching_circle_id = ?', [id]);
    expect(sessions.n).toBe(6);
    const groups = await queryDb<{ id: number; coach_id: number; web_conference_url: string; max_students: number }>(
      'SELECT id, coach_id, web_conference_url, max_students FROM coaching_circle_coaches WHERE coaching_circle_id = ?',
      [id],
    );
    expect(groups).toEqual([{ id: expect.any(Number), coach_id: coach.id, web_conference_url: A_URL, max_students: 5 }]);
    circleA = { id, name, groupId: groups[0].id };
  }, 180_000);

  test('a student of the class signs up to the new circle in the portal, then switches to another circle of its type with the notice rule explained', async () => {
    expect(circleA).toBeDefined();
    // Another circle of the type for the class, a week on Thursdays at 7:00 PM, with the same coach.
    const bName = unique('E2E Circle B ');
    circleB = {
      name: bName,
      ...(await publishedCircle(token, {
        typeId: type.id,
        cohortId: klass.cohortId,
        name: bName,
        startDate: schoolDayIn(5),
        startTime: '19:00',
        coachId: coach.id,
        webConferenceUrl: B_URL,
        maxStudents: 5,
      })),
    };
    const aSessions = await queryDb<{ id: number; start_date_time: string }>('SELECT id, start_date_time FROM coaching_circle_sessions WHERE coaching_circle_id = ? ORDER BY id', [
      circleA.id,
    ]);

    const login = new PortalLoginPage(page);
    await login.goto('/login');
    await login.signIn(student.email, student.password);
    await page.waitForURL('**/home');
    const circles = new PortalCirclesPage(page);
    await circles.open();
    const zone = (await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')) as string;

    // ---- Sign up: the new circle shows its coach and free seats.
    const offer = circles.available(circleA.id);
    await expect(offer.textContent()).resolves.toContain(`${coach.name}: 5 free seats`);
    await circles.signUp(circleA.id, coach.name);
    const [signUp] = await queryDb<{ id: number; coaching_circle_id: number; coaching_circle_coach_id: number; left_at: string | null }>(
      'SELECT id, coaching_circle_id, coaching_circle_coach_id, left_at FROM coaching_circle_sign_ups WHERE student_id = ?',
      [student.id],
    );
    expect(signUp).toMatchObject({ coaching_circle_id: circleA.id, coaching_circle_coach_id: circleA.groupId, left_at: null });
    signUpId = signUp.id;
    const joined = await recordsOf(signUpId);
    expect(joined.map((r) => [r.coaching_circle_session_id, r.coaching_circle_coach_id, r.status])).toEqual(aSessions.map((s) => [s.id, circleA.groupId, 'PENDING']));

    // ---- Their circle: the schedule, and until when they may switch (12 hours before the next session).
    const mine = circles.mine(signUpId);
    await mine.getByText(circleA.name).waitFor();
    await expect(mine.getByRole('link', { name: 'Join the session' }).getAttribute('href')).resolves.toBe(A_URL);
    await expect(mine.locator('tbody tr').count()).resolves.toBe(6);
    const firstA = new Date(`${aSessions[0].start_date_time.replace(' ', 'T').replace(' +00:00', 'Z')}`).getTime();
    const deadlineA = portalMoment(firstA - 12 * 3_600_000, zone);
    const rule = `You can switch group or leave until ${deadlineA} (12 hours before your next session).`;
    await expect(page.getByTestId(`my-circle-${signUpId}-notice`).textContent()).resolves.toBe(rule);
    await settle(page);
    await screenshot(page, 'portal-circles-signed-up');

    // ---- Switch to the other circle of the type: the dialog repeats the rule; the group offered with its seats.
    const explained = await circles.switchTo(signUpId, `${bName}, ${coach.name} (5 free seats)`);
    expect(explained).toBe(rule);
    await mine.getByText(bName).waitFor();
    await expect(mine.getByRole('link', { name: 'Join the session' }).getAttribute('href')).resolves.toBe(B_URL);
    const deadlineB = portalMoment(new Date(circleB.sessions[0].startDateTime).getTime() - 12 * 3_600_000, zone);
    await expect(page.getByTestId(`my-circle-${signUpId}-notice`).textContent()).resolves.toBe(
      `You can switch group or leave until ${deadlineB} (12 hours before your next session).`,
    );
    // The circle left is offered again, with its seat back.
    await expect(circles.available(circleA.id).textContent()).resolves.toContain(`${coach.name}: 5 free seats`);
    await settle(page);
    await screenshot(page, 'portal-circles-switched');

    // ---- The database: the same sign-up, now in B's group, one PENDING record per B session and none left in A.
    const [moved] = await queryDb<{ coaching_circle_id: number; coaching_circle_coach_id: number; left_at: string | null }>(
      'SELECT coaching_circle_id, coaching_circle_coach_id, left_at FROM coaching_circle_sign_ups WHERE id = ?',
      [signUpId],
    );
    expect(moved).toEqual({ coaching_circle_id: circleB.id, coaching_circle_coach_id: circleB.groupId, left_at: null });
    const records = await recordsOf(signUpId);
    expect(records.map((r) => [r.coaching_circle_session_id, r.coaching_circle_coach_id, r.status])).toEqual(circleB.sessions.map((s) => [s.id, circleB.groupId, 'PENDING']));
    const [inA] = await queryDb<{ n: number }>('SELECT COUNT(*) AS n FROM coaching_circle_sign_ups WHERE coaching_circle_id = ?', [circleA.id]);
    expect(inA.n).toBe(0);
  }, 180_000);

  test('the coach sees the student in the roster of their new group and takes attendance on a session that has started', async () => {
    expect(signUpId).toBeDefined();
    const login = new PortalLoginPage(page);
    await login.goto('/login');
    await login.signIn(coach.email, 'Demo12345');
    await page.waitForURL('**/coach');
    const session = new CoachSessionPage(page);

    // ---- B's first session: the student is on the roster; attendance opens once it starts.
    await session.openFromGroups(circleB.groupId, circleB.sessions[0].id);
    const [studentRecord] = await recordsOf(signUpId);
    await expect(session.entry(studentRecord.id).textContent()).resolves.toContain(`${student.firstName} ${student.lastName}`);
    await expect(session.status(studentRecord.id)).resolves.toBe('Status: Pending');
    await page.getByText('Attendance can be taken once the session has started.').waitFor();
    await expect(page.getByRole('button', { name: 'Save attendance' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('coach-join').getAttribute('href')).resolves.toBe(B_URL);

    // ---- The drop-in circle's session has started (it began at a whole minute after the arrangement).
    const wait = startsAt + 1_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await page.reload(); // the coach's sessions are read when the coach's area loads
    await page.waitForURL('**/coach/groups/**');
    await session.openFromGroups(startsNow.groupId, startsNow.sessions[0].id);
    const [presentRecord, missingRecord] = [await recordOf(present), await recordOf(missing)];
    await session.entry(presentRecord.id).getByRole('radio', { name: 'Attended', exact: true }).waitFor();
    await expect(session.status(presentRecord.id)).resolves.toBe('Status: Pending');
    await session.mark(presentRecord.id, 'Attended', 'Very active', 'Led the practice round.');
    await session.mark(missingRecord.id, 'Absent', '', 'No word before the session.');
    await session.save();
    await expect(session.status(presentRecord.id)).resolves.toBe('Status: Attended');
    await expect(session.status(missingRecord.id)).resolves.toBe('Status: Absent');
    await settle(page);
    await screenshot(page, 'portal-coach-attendance');

    // ---- The database: each record marked, with its participation and notes; the student in B untouched.
    await expect(recordOf(present)).resolves.toMatchObject({ status: 'ATTENDED', participation: 'Very active', notes: 'Led the practice round.' });
    await expect(recordOf(missing)).resolves.toMatchObject({ status: 'ABSENT', participation: null, notes: 'No word before the session.' });
    const untouched = await recordsOf(signUpId);
    expect(untouched.every((r) => r.status === 'PENDING')).toBe(true);
  }, 180_000);

  test('staff see that attendance in the coaching circles attendance list', async () => {
    expect(signUpId).toBeDefined();
    await new ConsoleLoginPage(page).signInToDashboard(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const list = new ConsoleAttendanceList(page);
    await list.goto();
    let headers: string[] = [];
    const cell = (row: string[], header: string) => {
      if (!headers.includes(header) || row.length !== headers.length) throw new Error(`no ${header} in ${JSON.stringify(headers)} / ${JSON.stringify(row)}`);
      return row[headers.indexOf(header)];
    };
    for (const [who, status, participation, notes] of [
      [present, 'Attended', 'Very active', 'Led the practice round.'],
      [missing, 'Absent', '', 'No word before the session.'],
    ] as const) {
      await list.search(who.lastName);
      const [row] = await list.waitForRows(1, who.lastName);
      headers = await list.headers(); // once the table shows its rows
      expect(cell(row, 'Student')).toContain(`${who.firstName} ${who.lastName}`);
      expect(cell(row, 'Coach')).toBe(coach.name);
      expect(cell(row, 'Status')).toBe(status);
      expect(cell(row, 'Participation')).toBe(participation);
      expect(cell(row, 'Notes')).toBe(notes);
      expect(cell(row, 'Session (New York time)')).toMatch(/^#1 · \d{2}-\d{2}-\d{4} \d{1,2}:\d{2} (AM|PM)$/);
    }
    await settle(page);
    await screenshot(page, 'console-circle-attendance');
  }, 120_000);
});
