import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Resource } from 'react-admin';
import { HttpError, type HttpRequest } from '../../admin/src/providers/http';
import coachingCircles from '../../admin/src/resources/coaching-circles';
import { coachingCircles as texts } from '../../admin/src/resources/coaching-circles/i18n';
import { coachingCirclesAttendance as attendanceTexts } from '../../admin/src/resources/coaching-circles-attendance/i18n';
import { resources } from '../../admin/src/App';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';
import { parseZone, wallTimeToUtc } from '../../domain/rules/coaching-circles';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/** Today in New York, YYYY-MM-DD: the calendar opens on it. */
const nyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const daysBefore = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const circleStart = daysBefore(nyToday, 7);
const stamp = { createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: { id: 10, name: 'Root Admin' } };

const circle = {
  id: 5,
  name: 'Evening circle',
  typeId: 4,
  type: { id: 4, name: 'Weekly circle' },
  cohortId: 11,
  cohort: { id: 11, label: 'HCTP Spring' },
  scopeCohortIds: [11, 12],
  sessions: 8,
  maxStudents: 10,
  frequency: 1,
  frequencyUnit: 'WEEKS',
  duration: 90,
  startDate: circleStart,
  startTime: '18:00',
  endTime: '19:30',
  timeZone: 'America/New_York',
  local: { zone: 'America/New_York', startDate: '2027-03-02', startTime: '18:00', endTime: '19:30', timeOfDay: 'EVENING' },
  openDate: '2027-02-01T05:00:00.000Z',
  closeDate: '2027-03-01T04:59:59.999Z',
  openCloseDatesFromCohortConfig: false,
  skipSessionsFromCohortConfig: true,
  published: false,
  publishedAt: null,
  coaches: [] as unknown[],
  ...stamp,
};
const detail = { ...circle, circleSessions: [] as unknown[], signUpsCount: 0, missingForPublish: ['SESSIONS', 'COACHES', 'WEB_CONFERENCE_URL'] };
const sessions = [
  { id: 101, sessionNumber: 1, startDateTime: '2027-03-02T23:00:00.000Z', endDateTime: '2027-03-03T00:30:00.000Z' },
  { id: 102, sessionNumber: 2, startDateTime: '2027-03-16T22:00:00.000Z', endDateTime: '2027-03-16T23:30:00.000Z' },
];
const group = {
  id: 31,
  coachId: 7,
  coach: { id: 7, firstName: 'Ana', lastName: 'Coach', fullName: 'Ana Coach', email: 'ana@example.com' },
  webConferenceUrl: null,
  maxStudents: 10,
};
// The circle's second session: today at 6 PM New York (the month shown holds it).
const todayAtSix = wallTimeToUtc(nyToday, '18:00', parseZone('America/New_York')!);
const todaysSession = {
  id: 102,
  coachingCircleId: 5,
  circleName: 'Evening circle',
  sessionNumber: 2,
  sessions: 8,
  startDateTime: todayAtSix.toISOString(),
  endDateTime: new Date(todayAtSix.getTime() + 90 * 60_000).toISOString(),
  published: false,
};
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(path: string, { permissions = ['*'], locale = 'en', current = detail }: { permissions?: string[]; locale?: 'en' | 'es'; current?: object } = {}) {
  let record: Record<string, unknown> = { ...current };
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    const p = req.path;
    if (p === '/coaching_circles' && method === 'GET') return page([circle]);
    if (p === '/coaching_circles/find_by_criteria') return page([circle]);
    if (p === '/coaching_circles/sessions/find_by_criteria') return { content: [todaysSession], truncated: false };
    if (p === '/coaching_circles' && method === 'POST') return { ...detail, ...(req.body as object), id: 9 };
    if (p === '/coaching_circles/9') return { ...detail, id: 9 };
    if (p === '/coaching_circles/5' && method === 'GET') return record;
    if (p === '/coaching_circles/5' && method === 'PUT') return (record = { ...record, ...(req.body as object) });
    if (p === '/coaching_circles/5/generate_sessions') return (record = { ...record, circleSessions: sessions, missingForPublish: ['COACHES', 'WEB_CONFERENCE_URL'] });
    if (p === '/coaching_circles/5/coaches' && method === 'POST') return (record = { ...record, coaches: [group], missingForPublish: ['WEB_CONFERENCE_URL'] });
    if (p === '/coaching_circles/5/publish') {
      throw new HttpError(409, {
        status: 409,
        code: 'CIRCLE_COACH_URL_MISSING',
        message: 'Every coach of the coaching circle needs a web conference URL',
        details: { missing: ['WEB_CONFERENCE_URL'] },
      });
    }
    if (p === '/coaching_circles/5/open_close_date') return (record = { ...record, ...(req.body as object) });
    if (p === '/coaching_circle_types') return page([{ id: 4, name: 'Weekly circle', deleted: false }]);
    if (p === '/cohorts')
      return page([
        { id: 11, label: 'HCTP Spring' },
        { id: 12, label: 'HCTP Fall' },
      ]);
    if (p === '/coaches')
      return page([
        { id: 7, name: 'Ana Coach' },
        { id: 8, name: 'Ben Coach' },
      ]);
    if (p === '/search_filters') return page([]);
    if (/^\/users\/\d+\/view_histories$/.test(p)) return { id: 1 };
    throw new Error(`unexpected call ${method} ${p}`);
  });
  renderAdmin({ path, request, permissions, locale, children: [<Resource key="coaching-circles" name="coaching-circles" {...coachingCircles} />] });
  return request;
}

async function choose(drawer: ReturnType<typeof within>, label: RegExp, option: string) {
  fireEvent.mouseDown(await drawer.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/coaching-circles', () => {
  test('lists newest first with filters as chips; the calendar tab lays the sessions of its range from one call and opens the circle', async () => {
    expect(resources.map(([name]) => name)).toEqual(expect.arrayContaining(['coaching-circles-types', 'coaching-circles', 'coaching-circles-attendance']));
    const filter = encodeURIComponent(JSON.stringify({ published: false, timeOfDay: ['EVENING'], cohortIds: [11], startDate: { from: '2027-03-01', to: '2027-03-31' } }));
    const request = renderConsole(`/coaching-circles?filter=${filter}`);
    const row = (await screen.findByText('Evening circle')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('03-02-2027 6:00 PM – 7:30 PM');
    expect(row.textContent).toContain('Evening');
    expect(row.textContent).toContain('Not published');
    const posted = calls(request, 'POST', '/coaching_circles/find_by_criteria')[0];
    expect(posted.query).toMatchObject({ size: 10, page: 0, sortBy: 'id', descending: true });
    expect(posted.body).toEqual({ published: false, timeOfDay: ['EVENING'], cohortIds: [11], startDate: { from: '2027-03-01', to: '2027-03-31' } });
    expect(screen.getByTestId('filter-chip-published').textContent).toBe('Published: No');
    expect(screen.getByTestId('filter-chip-timeOfDay').textContent).toBe('Time of day: Evening');
    await waitFor(() => expect(screen.getByTestId('filter-chip-cohortIds').textContent).toBe('Cohort: HCTP Spring'));
    expect(screen.getByTestId('filter-chip-startDate').textContent).toBe('Start date: 03-01-2027 – 03-31-2027');

    fireEvent.click(screen.getByTestId('tab-calendar'));
    expect(await screen.findByTestId('circle-calendar')).not.toBeNull();
    // This week's session (today, 6 PM New York) is in the month shown.
    const event = await screen.findByTestId('circle-event-5-2');
    expect(event.textContent).toBe('Evening circle · 2/8');
    // One call for the month shown: the stored sessions between its first and last day's New York midnights.
    const ranged = calls(request, 'POST', '/coaching_circles/sessions/find_by_criteria');
    expect(ranged).toHaveLength(1);
    const range = ranged[0].body as { from: string; to: string };
    expect(range.from < todaysSession.startDateTime && todaysSession.startDateTime < range.to).toBe(true);
    expect(new Date(range.to).getTime() - new Date(range.from).getTime()).toBeLessThanOrEqual(43 * 86_400_000);
    fireEvent.click(event);
    await waitFor(() => expect(currentLocation()).toBe(`/coaching-circles/5?filter=${filter}`));
  });

  test('the add drawer posts the API body', async () => {
    const request = renderConsole('/coaching-circles/create');
    const drawer = within(await screen.findByTestId('record-drawer'));
    await choose(drawer, /^Type/, 'Weekly circle');
    const cohort = drawer.getByRole('combobox', { name: /^Cohort/ });
    fireEvent.change(cohort, { target: { value: 'HCTP Sp' } });
    fireEvent.click(await screen.findByRole('option', { name: 'HCTP Spring' }));
    fireEvent.change(drawer.getByLabelText(/^Start date/), { target: { value: '03022027' } });
    const time = screen.getByTestId('time-input-startTime');
    fireEvent.mouseDown(within(time).getByLabelText('Hour'));
    fireEvent.click(await screen.findByRole('option', { name: '6' }));
    fireEvent.mouseDown(within(time).getByLabelText('AM/PM'));
    fireEvent.click(await screen.findByRole('option', { name: 'PM' }));
    fireEvent.change(drawer.getByLabelText(/^Max students/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(request, 'POST', '/coaching_circles')).toHaveLength(1));
    expect(calls(request, 'POST', '/coaching_circles')[0].body).toEqual({
      typeId: 4,
      cohortId: 11,
      startDate: '2027-03-02',
      startTime: '18:00',
      timeZone: 'America/New_York',
      openCloseDatesFromCohortConfig: true,
      openDate: null,
      closeDate: null,
      skipSessionsFromCohortConfig: true,
      scopeCohortIds: [],
      maxStudents: 12,
    });
    await waitFor(() => expect(currentLocation()).toBe('/coaching-circles/9'));
  });

  test('the drawer: preconditions shown, generate, add a coach, the publish refusal with what is missing; an edit keeps the schedule', async () => {
    const request = renderConsole('/coaching-circles/5');
    const missing = await screen.findByTestId('circle-missing-list');
    expect(missing.textContent).toBe(['Generated sessions', 'At least one coach', 'A web conference URL for every coach'].join(''));
    expect(screen.getByText('No sessions generated yet.')).not.toBeNull();

    fireEvent.click(screen.getByTestId('generate-sessions'));
    await waitFor(() => expect(calls(request, 'POST', '/coaching_circles/5/generate_sessions')).toHaveLength(1));
    // New York wall clock across the daylight-saving change: 6 PM both weeks.
    expect((await screen.findByTestId('circle-session-1')).textContent).toBe('103-02-20276:00 PM – 7:30 PM');
    expect(screen.getByTestId('circle-session-2').textContent).toBe('203-16-20276:00 PM – 7:30 PM');
    expect(screen.getByTestId('generate-sessions').textContent).toContain('Regenerate sessions');

    const add = screen.getByTestId('add-coach');
    fireEvent.change(within(add).getByRole('combobox', { name: 'Coach' }), { target: { value: 'Ana' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Coach' }));
    fireEvent.click(screen.getByTestId('add-coach-button'));
    await waitFor(() => expect(calls(request, 'POST', '/coaching_circles/5/coaches')).toHaveLength(1));
    expect(calls(request, 'POST', '/coaching_circles/5/coaches')[0].body).toEqual({ coachId: 7 });
    expect(await screen.findByTestId('circle-coach-31')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('circle-missing-list').textContent).toBe('A web conference URL for every coach'));

    fireEvent.click(screen.getByTestId('publish-circle'));
    const refusal = await screen.findByTestId('publish-refusal');
    expect(refusal.textContent).toContain('Every coach of the coaching circle needs a web conference URL');
    expect(screen.getByTestId('publish-refusal-missing').textContent).toBe('A web conference URL for every coach');
    expect(calls(request, 'PATCH', '/coaching_circles/5/publish')[0].body).toEqual({ published: true });

    fireEvent.change(document.querySelector('input[name="maxStudents"]') as HTMLInputElement, { target: { value: '14' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(calls(request, 'PUT', '/coaching_circles/5')).toHaveLength(1));
    expect(calls(request, 'PUT', '/coaching_circles/5')[0].body).toEqual({
      typeId: 4,
      cohortId: 11,
      name: 'Evening circle',
      startDate: circleStart,
      startTime: '18:00',
      timeZone: 'America/New_York',
      openCloseDatesFromCohortConfig: false,
      openDate: '2027-02-01T05:00:00.000Z',
      closeDate: '2027-03-01T04:59:59.999Z',
      skipSessionsFromCohortConfig: true,
      scopeCohortIds: [12],
      maxStudents: 14,
      sessions: 8,
      frequency: 1,
      frequencyUnit: 'WEEKS',
      duration: 90,
    });
  });

  test('a published circle is read-only but its sign-up dates; in Spanish; every English text has its Spanish one', async () => {
    const published = { ...detail, published: true, circleSessions: sessions, coaches: [{ ...group, webConferenceUrl: 'https://meet.example.com/ana' }], missingForPublish: [] };
    const request = renderConsole('/coaching-circles/5', { current: published });
    expect(await screen.findByTestId('circle-read-only')).not.toBeNull();
    expect(screen.getByText('This circle is published: only its sign-up dates can change.')).not.toBeNull();
    expect(screen.queryByTestId('generate-sessions')).toBeNull();
    expect(screen.queryByTestId('add-coach')).toBeNull();
    expect(screen.queryByTestId('remove-coach-31')).toBeNull();
    expect(screen.queryByTestId('circle-missing')).toBeNull();
    expect(screen.getByTestId('unpublish-circle')).not.toBeNull();
    const window = screen.getByTestId('circle-window');
    fireEvent.change(within(window).getByLabelText(/^Sign-ups close/), { target: { value: '03152027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    await waitFor(() => expect(calls(request, 'PATCH', '/coaching_circles/5/open_close_date')).toHaveLength(1));
    expect(calls(request, 'PATCH', '/coaching_circles/5/open_close_date')[0].body).toEqual({ openDate: '2027-02-01T05:00:00.000Z', closeDate: '2027-03-15' });
    expect(calls(request, 'PUT', '/coaching_circles/5')).toHaveLength(0);

    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(texts.es).sort()).toEqual(keys(texts.en).sort());
    expect(keys(attendanceTexts.es).sort()).toEqual(keys(attendanceTexts.en).sort());
  });

  test('reads in Spanish', async () => {
    renderConsole('/coaching-circles', { locale: 'es' });
    const row = (await screen.findByText('Evening circle')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('No publicado');
    expect(screen.getByText('Agregar círculo de coaching')).not.toBeNull();
    expect(screen.getByTestId('tab-calendar').textContent).toBe('Calendario');
  });
});
