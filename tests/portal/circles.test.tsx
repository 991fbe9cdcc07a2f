/**
 * @database none
 * The portal's coaching circles (issue 19): the student's circles with the schedule in their time zone
 * and until when they may switch or leave (the 12-hour rule explained before they try), sign up for a
 * group with free seats, switch group, leave; a refusal in the student's language; the menu entry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { billingFake, ok, refusal } from './billing-fake';
import { expectHeading, renderPortal, storeSession, studentRecord, type Call } from './helpers';

beforeEach(() => localStorage.clear());

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function session(id: number, number: number, startMs: number, over: Json = {}): Json {
  return {
    id,
    coachingCircleSessionId: id + 1000,
    coachingCircleCoachId: 61,
    sessionNumber: number,
    startDateTime: iso(startMs),
    endDateTime: iso(startMs + HOUR),
    localDate: '2030-03-05',
    localStartTime: '18:30',
    localEndTime: '19:30',
    status: 'PENDING',
    ...over,
  };
}

function signUp(nextMs: number, over: Json = {}): Json {
  return {
    id: 90,
    coachingCircleId: 6,
    coachingCircleCoachId: 61,
    studentId: 7,
    enrollmentId: 3,
    leftAt: null,
    student: null,
    circle: { id: 6, name: 'Spring circle', coachingCircleTypeId: 2, typeName: 'Weekly circle', cohortId: 20, timeZone: 'America/New_York', duration: 60 },
    group: { id: 61, coachId: 4, coachName: 'Cora Coach', webConferenceUrl: 'https://meet.example.com/cora' },
    timeZone: 'UTC',
    sessions: [session(1, 1, nextMs - 7 * 24 * HOUR, { status: 'ATTENDED' }), session(2, 2, nextMs)],
    nextSessionAt: iso(nextMs),
    changeDeadline: iso(nextMs - 12 * HOUR),
    updatedBy: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

function circle(id: number, over: Json = {}): Json {
  return {
    id,
    name: `Circle ${id}`,
    coachingCircleTypeId: 2,
    typeName: 'Weekly circle',
    cohortId: 20,
    duration: 60,
    openDate: null,
    closeDate: null,
    open: true,
    started: false,
    firstSessionAt: iso(Date.now() + 200 * HOUR),
    groups: [
      { id: id * 10 + 1, coachId: 5, coachName: 'Max Mentor', maxStudents: 10, freeSeats: 3 },
      { id: id * 10 + 2, coachId: 6, coachName: 'Full Fiona', maxStudents: 1, freeSeats: 0 },
    ],
    sessions: [
      {
        id: id * 100,
        sessionNumber: 1,
        startDateTime: iso(Date.now() + 200 * HOUR),
        endDateTime: iso(Date.now() + 201 * HOUR),
        localDate: '2030-04-02',
        localStartTime: '09:00',
        localEndTime: '10:00',
      },
    ],
    signUp: null,
    ...over,
  };
}

function circlesFake(opts: { mine?: Json[]; circles?: Json[]; language?: string; routes?: Record<string, unknown> } = {}) {
  const state = { mine: opts.mine ?? [], circles: opts.circles ?? [circle(5)] };
  return billingFake({
    routes: {
      'GET /students/7': ok(studentRecord({ languageIso2LetterCode: opts.language ?? 'EN' })),
      'GET /students/7/coaching_circles': (call: Call) => ok({ timeZone: new URLSearchParams(call.query).get('timeZone'), circles: state.circles }),
      'GET /coaching_circle_sign_up': () => ok({ content: state.mine, pagination: { total: state.mine.length, page: 0, size: 50 } }),
      ...(opts.routes as Record<string, never>),
    },
  });
}

test('the menu leads to the circles; the schedule in the student’s time zone and until when they may switch or leave; sign up with a group with free seats', async () => {
  storeSession();
  const next = Date.now() + 72 * HOUR;
  const fake = circlesFake({
    mine: [signUp(next)],
    circles: [circle(6, { signUp: { id: 90, coachingCircleCoachId: 61 } }), circle(5)],
    routes: { 'POST /coaching_circle_sign_up': ok(signUp(next, { id: 91 }), 201) },
  });
  renderPortal('/home', fake.fetch);
  fireEvent.click(await screen.findByRole('link', { name: 'Coaching circles' }));
  await expectHeading('Coaching circles');
  const mine = await screen.findByTestId('my-circle-90');
  expect(mine.textContent).toContain('Coach: Cora Coach');
  expect(within(mine).getByRole('link', { name: 'Join the session' }).getAttribute('href')).toBe('https://meet.example.com/cora');
  const row = screen.getByTestId('my-circle-90-sessions-1');
  expect(row.textContent).toContain('03-05-2030');
  expect(row.textContent).toContain('6:30 PM – 7:30 PM');
  expect(row.textContent).toContain('Attended');
  expect(screen.getByTestId('my-circle-90-notice').textContent).toMatch(/^You can switch group or leave until .+ \(12 hours before your next session\)\.$/);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(fake.callsTo('GET', '/students/7/coaching_circles')[0].query).toContain(`timeZone=${encodeURIComponent(zone)}`);

  const open = screen.getByTestId('circle-5');
  expect(open.textContent).toContain('Max Mentor: 3 free seats');
  expect(open.textContent).toContain('Full Fiona: full');
  expect((within(open).getByRole('button', { name: 'Sign up with Full Fiona' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(within(open).getByRole('button', { name: 'Sign up with Max Mentor' }));
  await waitFor(() => expect(fake.callsTo('POST', '/coaching_circle_sign_up')).toHaveLength(1));
  expect(fake.callsTo('POST', '/coaching_circle_sign_up')[0].body).toEqual({ coachingCircleCoachId: 51 });
  expect((await screen.findByTestId('circles-notice')).textContent).toBe('You are signed up. Your schedule is below.');
});

test('switching offers the groups with free seats of the circle and of circles of the same type; leaving asks first', async () => {
  storeSession();
  const next = Date.now() + 72 * HOUR;
  const fake = circlesFake({
    mine: [signUp(next)],
    circles: [
      circle(6, {
        signUp: { id: 90, coachingCircleCoachId: 61 },
        groups: [
          { id: 61, coachId: 4, coachName: 'Cora Coach', maxStudents: 10, freeSeats: 5 },
          { id: 62, coachId: 8, coachName: 'Otto Other', maxStudents: 10, freeSeats: 2 },
        ],
      }),
      circle(5),
      circle(7, { coachingCircleTypeId: 9, name: 'Another type' }),
    ],
    routes: {
      'PATCH /coaching_circle_sign_up/90': (call: Call) => ok(signUp(next, { coachingCircleCoachId: (call.body as Json).coachingCircleCoachId })),
      'DELETE /coaching_circle_sign_up/90': ok(undefined, 204),
    },
  });
  renderPortal('/coaching-circles', fake.fetch);
  fireEvent.click(await screen.findByRole('button', { name: 'Switch group' }));
  const dialog = await screen.findByRole('dialog');
  const options = within(dialog)
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(options).toEqual(['—', 'Circle 6, Otto Other (2 free seats)', 'Circle 5, Max Mentor (3 free seats)']);
  fireEvent.change(within(dialog).getByLabelText('New group'), { target: { value: '51' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
  await waitFor(() => expect(fake.callsTo('PATCH', '/coaching_circle_sign_up/90')).toHaveLength(1));
  expect(fake.callsTo('PATCH', '/coaching_circle_sign_up/90')[0].body).toEqual({ coachingCircleCoachId: 51 });
  expect((await screen.findByTestId('circles-notice')).textContent).toBe('You switched group.');

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(await screen.findByRole('button', { name: 'Leave the circle' }));
  const confirm = await screen.findByRole('dialog');
  expect(confirm.textContent).toContain('Leave this coaching circle?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
  await waitFor(() => expect(fake.callsTo('DELETE', '/coaching_circle_sign_up/90')).toHaveLength(1));
});

test('inside 12 hours the buttons are off and say why; a refusal shows the server’s sentence in Spanish', async () => {
  storeSession({ language: 'ES' });
  const fake = circlesFake({
    language: 'ES',
    mine: [signUp(Date.now() + 5 * HOUR)],
    routes: { 'POST /coaching_circle_sign_up': refusal(409, 'MAX_STUDENTS_REACHED', 'Max students reached') },
  });
  renderPortal('/coaching-circles', fake.fetch);
  await expectHeading('Círculos de coaching');
  expect((await screen.findByTestId('my-circle-90-notice')).textContent).toContain('menos de 12 horas');
  expect((screen.getByRole('button', { name: 'Cambiar de grupo' }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Salir del círculo' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('my-circle-90-sessions-1').textContent).toContain('Asistió');
  fireEvent.click(screen.getByRole('button', { name: 'Inscribirse con Max Mentor' }));
  expect((await screen.findByTestId('circles-error')).textContent).toBe('Se alcanzó el máximo de estudiantes');
});
