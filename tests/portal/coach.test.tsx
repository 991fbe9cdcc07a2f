/**
 * @database none
 * The coach's portal (issue 19): routing by the principal's kind (a coach lands on the coach home with
 * the coach menu and never on the student's screens; a student never on the coach's), the calendar's
 * events in the coach's time zone opening a session, the roster with statuses in words and the
 * attendance payload, the group's web conference URL, and a refusal in the coach's language.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, expectHeading, fakeApi, renderPortal, storeSession, type Answer, type Call } from './helpers';

beforeEach(() => localStorage.clear());

type Json = Record<string, unknown>;
const ok = (body?: unknown, status = 200): Answer => ({ status, body });

const person = (id: number, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.com`,
});
const entry = (id: number, student: ReturnType<typeof person>, status: string, over: Json = {}) => ({
  coachingCircleSignUpSessionId: id,
  coachingCircleSignUpId: id - 700,
  student,
  status,
  participation: null,
  notes: null,
  updatedBy: null,
  ...over,
});

const ANA = person(7, 'Ana', 'Lopez');
const BEN = person(8, 'Ben', 'Young');
/** A past session with attendance half taken, and one to come (2030-03-12 00:30 UTC: Monday 7:30 PM in Chicago). */
const PAST = { id: 501, sessionNumber: 1, startDateTime: '2025-03-04T00:30:00.000Z', endDateTime: '2025-03-04T01:30:00.000Z', started: true };
const NEXT = { id: 502, sessionNumber: 2, startDateTime: '2030-03-12T00:30:00.000Z', endDateTime: '2030-03-12T01:30:00.000Z', started: false };

function sessions(): Json[] {
  return [
    { ...PAST, roster: [entry(801, ANA, 'PENDING'), entry(802, BEN, 'ATTENDED', { participation: 'Active' })] },
    { ...NEXT, roster: [entry(811, ANA, 'PENDING'), entry(812, BEN, 'PENDING')] },
  ];
}

const group = (over: Json = {}): Json => ({
  id: 61,
  coachingCircleId: 6,
  coachId: 4,
  coach: person(30, 'Cora', 'Coach'),
  webConferenceUrl: 'https://meet.example.com/cora',
  maxStudents: 10,
  signUpsCount: 2,
  circle: {
    id: 6,
    name: 'Spring circle',
    typeName: 'Weekly',
    cohortId: 20,
    cohortLabel: 'HCTP Jan 2025',
    startDate: '2025-03-03',
    startTime: '19:30',
    endTime: '20:30',
    timeZone: 'America/Chicago',
    published: true,
  },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
  ...over,
});

const me = {
  id: 4,
  studentId: 30,
  userId: 40,
  firstName: 'Cora',
  lastName: 'Coach',
  name: 'Cora Coach',
  email: 'coach@example.com',
  timeZone: 'America/Chicago',
  languageIso2LetterCode: 'EN',
  languages: ['EN'],
  intro: null,
  photo: null,
  coachWebConferenceUrl: null,
  mobilePhone: '+12015550123',
  specializations: ['Sleep'],
  video: null,
  showPhone: false,
  socialNetworks: { linkedIn: null, facebook: null, instagram: null, youtube: null },
  facebookGroupUrl: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function coachFake(routes: Record<string, Answer | ((call: Call) => Answer)> = {}) {
  return fakeApi({
    'GET /coaches/me': ok(me),
    'GET /coaching_circle_coaches': ok({ content: [group()], pagination: { total: 1, page: 0, size: 1000 } }),
    'GET /coaching_circle_coaches/61/sessions': ok({ content: sessions() }),
    ...routes,
  });
}

const coachSession = (over = {}) =>
  storeSession({ userId: 40, studentId: 30, email: 'coach@example.com', firstName: 'Cora', lastName: 'Coach', fullName: 'Cora Coach', coachId: 4, ...over });

test('a coach signs in to the coach home and menu, never the student screens; a student never reaches the coach screens', async () => {
  const fake = coachFake({
    'POST /auth/signin/customer': ok({
      accessToken: 'access-new',
      refreshToken: 'refresh-new',
      expiresIn: 900,
      student: { id: 30, user: { id: 40, email: 'coach@example.com' }, isStudent: false, personalInfo: { firstName: 'Cora', lastName: 'Coach' }, languageIso2LetterCode: 'EN' },
      coach: { id: 4 },
    }),
  });
  const first = renderPortal('/login', fake.fetch);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'coach@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await expectHeading('Welcome, Cora');
  expect(currentLocation()).toBe('/coach');
  const menu = screen.getAllByRole('navigation', { name: 'Coach navigation' })[0];
  expect(
    within(menu)
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]),
  ).toEqual([
    ['Coach home', '/coach'],
    ['My calendar', '/coach/calendar'],
    ['My groups', '/coach/groups'],
    ['My comments', '/coach/comments'],
    ['My profile', '/coach/profile'],
  ]);
  expect(screen.queryByTestId('messages-button')).toBeNull();
  expect(screen.getByTestId('coach-zone').textContent).toBe('Times are shown in your time zone (America/Chicago).');
  expect(screen.getByTestId('coach-next-502').textContent).toBe('Spring circle · session 2Mon, Mar 11, 2030, 7:30 PM');
  expect(screen.getByTestId('coach-to-take-501').textContent).toContain('1 pending');
  // Only the coach's calls: no student record, inbox or banners.
  expect(fake.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
    'GET /coaches/me',
    'GET /coaching_circle_coaches',
    'GET /coaching_circle_coaches/61/sessions',
    'POST /auth/signin/customer',
  ]);
  first.unmount();

  // A coach who opens a student screen is taken to the coach home.
  const second = renderPortal('/enroll', fake.fetch);
  await waitFor(() => expect(currentLocation()).toBe('/coach'));
  second.unmount();

  // A student who opens a coach screen is taken to the student home.
  localStorage.clear();
  storeSession();
  renderPortal('/coach/groups/61', fakeApi({}).fetch);
  await waitFor(() => expect(currentLocation()).toBe('/home'));
});

test('the calendar shows the sessions in the coach’s time zone; a session opens its roster and join link (not started: nothing to take)', async () => {
  coachSession();
  const fake = coachFake();
  renderPortal('/coach/calendar', fake.fetch);
  await expectHeading('My calendar');
  const calendar = await screen.findByTestId('coach-calendar');
  // Opens on the week of the next session (week view on a wide screen), in Chicago time.
  expect(calendar.textContent).toContain('Spring circle · session 2');
  expect(calendar.textContent).toContain('7:30 PM');
  expect(calendar.textContent).not.toContain('Spring circle · session 1');
  fireEvent.click(within(calendar).getByText('Spring circle · session 2'));
  await expectHeading('Spring circle, session 2');
  expect(currentLocation()).toBe('/coach/groups/61/sessions/502');
  expect(screen.getByTestId('coach-session-when').textContent).toBe('Mon, Mar 11, 2030, 7:30 PM – 8:30 PM');
  expect(screen.getByRole('link', { name: 'Join the session' }).getAttribute('href')).toBe('https://meet.example.com/cora');
  expect(screen.getByTestId('roster-811').textContent).toContain('Ana Lopez');
  expect(screen.getByTestId('roster-811-status').textContent).toBe('Status: Pending');
  expect(screen.getByText('Attendance can be taken once the session has started.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save attendance' })).toBeNull();

  // The agenda view lists them too.
  fireEvent.click(screen.getByRole('link', { name: 'My calendar' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Agenda' }));
  await waitFor(() => expect(screen.getByTestId('coach-calendar').querySelector('.rbc-agenda-table')).not.toBeNull());
  expect(screen.getByTestId('coach-calendar').textContent).toContain('Spring circle · session 2');
});

test('attendance of a started session: ATTENDED / ABSENT, participation and notes sent with the PUT; the group’s web conference URL', async () => {
  coachSession();
  const fake = coachFake({
    'PUT /coaching_circle_coaches/61/sessions/501/attendances': (call) => {
      const rows = call.body as Json[];
      return ok({
        ...PAST,
        roster: rows.map((r) =>
          entry(r.coachingCircleSignUpSessionId as number, r.coachingCircleSignUpSessionId === 801 ? ANA : BEN, r.status as string, {
            participation: r.participation,
            notes: r.notes,
          }),
        ),
      });
    },
    'PATCH /coaching_circle_coaches/61/web_conference_url': (call) => ok(group({ webConferenceUrl: (call.body as Json).webConferenceUrl })),
  });
  renderPortal('/coach/groups/61/sessions/501', fake.fetch);
  await expectHeading('Spring circle, session 1');
  expect(screen.getByTestId('roster-801-status').textContent).toBe('Status: Pending');
  expect(screen.getByTestId('roster-802-status').textContent).toBe('Status: Attended');
  const ana = screen.getByTestId('roster-801');
  fireEvent.click(within(ana).getByLabelText('Absent'));
  fireEvent.change(within(ana).getByLabelText('Participation'), { target: { value: ' Quiet ' } });
  fireEvent.change(within(ana).getByLabelText('Notes'), { target: { value: 'Joined late' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
  expect((await screen.findByTestId('coach-session-saved')).textContent).toBe('Attendance saved.');
  expect(fake.callsTo('PUT', '/coaching_circle_coaches/61/sessions/501/attendances')[0].body).toEqual([
    { coachingCircleSignUpSessionId: 801, status: 'ABSENT', participation: 'Quiet', notes: 'Joined late' },
    { coachingCircleSignUpSessionId: 802, status: 'ATTENDED', participation: 'Active', notes: null },
  ]);
  expect(screen.getByTestId('roster-801-status').textContent).toBe('Status: Absent');

  // The group's settings: its sessions and the web conference URL.
  fireEvent.click(screen.getByRole('link', { name: 'Back to the group' }));
  await expectHeading('Spring circle');
  expect(screen.getByTestId('coach-session-501').textContent).toContain('Taken');
  expect(screen.getByTestId('coach-session-502').textContent).toContain('Not started');
  fireEvent.change(screen.getByLabelText('Web conference URL'), { target: { value: 'https://meet.example.com/cora-2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByTestId('coach-group-saved')).textContent).toBe('The web conference URL was saved.');
  expect(fake.callsTo('PATCH', '/coaching_circle_coaches/61/web_conference_url')[0].body).toEqual({ webConferenceUrl: 'https://meet.example.com/cora-2' });
});

test('a refusal shows the server’s sentence in the coach’s language', async () => {
  coachSession({ language: 'ES' });
  const fake = coachFake({
    'PUT /coaching_circle_coaches/61/sessions/501/attendances': {
      status: 409,
      body: { status: 409, code: 'SESSION_NOT_STARTED', message: 'Attendance can be taken once the session has started' },
    },
  });
  renderPortal('/coach/groups/61/sessions/501', fake.fetch);
  await expectHeading('Spring circle, sesión 1');
  expect(screen.getByTestId('roster-802-status').textContent).toBe('Estado: Asistió');
  // Ana is pending: mark her present; the server refuses (its clock says the session has not started).
  fireEvent.click(within(screen.getByTestId('roster-801')).getByLabelText('Asistió'));
  fireEvent.click(screen.getByRole('button', { name: 'Guardar asistencia' }));
  expect((await screen.findByTestId('coach-session-error')).textContent).toBe('La asistencia se puede tomar una vez que la sesión ha comenzado');
  expect(screen.getByTestId('roster-801-status').textContent).toBe('Estado: Pendiente');
});

test('my profile: name and email read-only; phone, message language, time zone and public profile saved with PUT /coaches/me; field errors under the fields', async () => {
  coachSession();
  let attempt = 0;
  const fake = coachFake({
    'PUT /coaches/me': (call) => {
      attempt += 1;
      if (attempt === 1) return ok({ code: 'VALIDATION_ERROR', message: 'Please correct the errors', errors: { photo: 'Please type a valid URL' } }, 400);
      const body = call.body as Json;
      return ok({ ...me, ...body, languageIso2LetterCode: body.languageIso2LetterCode, mobilePhone: '+12015550199' });
    },
  });
  renderPortal('/coach/profile', fake.fetch);
  await expectHeading('My profile');
  expect(screen.getByTestId('coach-profile-name').textContent).toBe('Cora Coach');
  expect(screen.getByTestId('coach-profile-email').textContent).toBe('coach@example.com');
  expect((screen.getByTestId('field-mobilePhone') as HTMLInputElement).value).toBe('+12015550123');
  expect((screen.getByTestId('field-specializations') as HTMLInputElement).value).toBe('Sleep');
  fireEvent.change(screen.getByTestId('field-mobilePhone'), { target: { value: '201 555 0199' } });
  fireEvent.change(screen.getByTestId('field-intro'), { target: { value: 'Coach since 2019.' } });
  fireEvent.change(screen.getByTestId('field-photo'), { target: { value: 'nope' } });
  fireEvent.change(screen.getByTestId('field-specializations'), { target: { value: 'Sleep, Nutrition ,' } });
  fireEvent.click(screen.getByTestId('coach-language-ES').querySelector('input')!);
  fireEvent.click(screen.getByTestId('coach-show-phone').querySelector('input')!);
  fireEvent.click(screen.getByTestId('coach-profile-save'));
  expect(await screen.findByText('Please type a valid URL')).toBeTruthy();
  expect(screen.queryByTestId('coach-profile-saved')).toBeNull();

  fireEvent.change(screen.getByTestId('field-photo'), { target: { value: 'https://cdn.example.com/cora.jpg' } });
  fireEvent.click(screen.getByTestId('coach-profile-save'));
  expect((await screen.findByTestId('coach-profile-saved')).textContent).toBe('Your profile was saved.');
  const put = fake.calls.filter((c) => c.method === 'PUT' && c.path === '/coaches/me').at(-1)!;
  expect(put.body).toEqual({
    mobilePhone: '201 555 0199',
    languageIso2LetterCode: 'EN',
    timeZone: 'America/Chicago',
    intro: 'Coach since 2019.',
    photo: 'https://cdn.example.com/cora.jpg',
    video: null,
    showPhone: true,
    specializations: ['Sleep', 'Nutrition'],
    languages: ['EN', 'ES'],
    coachWebConferenceUrl: null,
    facebookGroupUrl: null,
    socialNetworks: { linkedIn: null, facebook: null, instagram: null, youtube: null },
  });
  expect((screen.getByTestId('field-mobilePhone') as HTMLInputElement).value).toBe('+12015550199');
});

test('my comments: the notes I wrote, newest first, with the student, session and mark; narrowed by group and student; the session opens', async () => {
  coachSession();
  const note = (id: number, student: ReturnType<typeof person>, status: string, notes: string) => ({
    id,
    coachingCircleCoachId: 61,
    coachingCircleId: 9,
    coachingCircleName: 'Spring circle',
    session: { id: 501, sessionNumber: 1, startDateTime: PAST.startDateTime, endDateTime: PAST.endDateTime },
    student: { id: student.id, firstName: student.firstName, lastName: student.lastName, fullName: student.fullName },
    status,
    participation: status === 'ATTENDED' ? 'Active' : null,
    notes,
    updatedAt: '2025-03-04T02:00:00.000Z',
  });
  const fake = coachFake({
    'GET /coaches/me/comments': (call) =>
      call.query.includes('keyword=Zed')
        ? ok({ content: [], pagination: { total: 0, page: 0, size: 10 } })
        : ok({ content: [note(802, BEN, 'ABSENT', 'Called in sick'), note(801, ANA, 'ATTENDED', 'Shared her plan')], pagination: { total: 2, page: 0, size: 10 } }),
  });
  renderPortal('/coach/comments', fake.fetch);
  await expectHeading('My comments');
  const first = await screen.findByTestId('coach-comment-802');
  expect(first.textContent).toContain('Ben Young');
  expect(first.textContent).toContain('Absent');
  expect(first.textContent).toContain('Called in sick');
  expect(first.textContent).toContain('Spring circle · session 1 · Mon, Mar 3, 2025, 6:30 PM');
  expect(screen.getByTestId('coach-comment-801').textContent).toContain('Participation: Active');
  const [firstCall] = fake.calls.filter((c) => c.path === '/coaches/me/comments');
  expect(firstCall.query).toBe('page=0&size=10');

  fireEvent.change(screen.getByLabelText('Group'), { target: { value: '61' } });
  await waitFor(() => expect(fake.calls.filter((c) => c.path === '/coaches/me/comments').at(-1)!.query).toBe('page=0&size=10&coachingCircleCoachId=61'));
  fireEvent.change(screen.getByLabelText('Student’s name'), { target: { value: 'Zed' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findByTestId('coach-comments-none')).textContent).toBe('No notes match.');

  fireEvent.change(screen.getByLabelText('Student’s name'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click((await screen.findAllByRole('link', { name: 'Open the session' }))[0]);
  await expectHeading('Spring circle, session 1');
  expect(currentLocation()).toBe('/coach/groups/61/sessions/501');
});
