import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import coachingCirclesAttendance from '../../admin/src/resources/coaching-circles-attendance';
import { attendanceCriteria } from '../../admin/src/resources/coaching-circles-attendance/attendanceRecord';
import { callsOf as calls, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

const row = {
  id: 901,
  status: 'ABSENT',
  participation: 'Quiet',
  notes: 'Camera off',
  student: { id: 3, firstName: 'Sam', lastName: 'Student', fullName: 'Sam Student', email: 'sam@example.com' },
  session: { id: 101, sessionNumber: 2, startDateTime: '2027-03-16T22:00:00.000Z', endDateTime: '2027-03-16T23:30:00.000Z' },
  coachingCircleId: 5,
  coachingCircleName: 'Evening circle',
  cohortId: 11,
  coachingCircleCoachId: 31,
  coach: { id: 7, firstName: 'Ana', lastName: 'Coach', fullName: 'Ana Coach', email: 'ana@example.com' },
  updatedAt: '2027-03-16T23:40:00.000Z',
  updatedBy: { id: 20, name: 'Ana Coach' },
};
const page = (content: unknown[]) => ({ content, pagination: { total: content.length, page: 0, size: 10 } });

function renderConsole(path: string, locale: 'en' | 'es' = 'en') {
  const request = jest.fn(async (req: HttpRequest) => {
    const p = req.path;
    if (p === '/coaching_circle_attendance/find_by_criteria') return page([row]);
    if (p === '/coaching_circles') return page([{ id: 5, name: 'Evening circle', cohort: { id: 11, label: 'HCTP Spring' } }]);
    if (p === '/cohorts') return page([{ id: 11, label: 'HCTP Spring' }]);
    if (p === '/coaches') return page([{ id: 7, name: 'Ana Coach' }]);
    throw new Error(`unexpected call ${req.method ?? 'GET'} ${p}`);
  });
  renderAdmin({
    path,
    request,
    permissions: ['coaching_circles:read'],
    locale,
    children: [<Resource key="a" name="coaching-circles-attendance" {...coachingCirclesAttendance} />],
  });
  return request;
}

const url = (filter: object) => `/coaching-circles-attendance?filter=${encodeURIComponent(JSON.stringify(filter))}`;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/coaching-circles-attendance', () => {
  test('posts the filters (keyword on the student) and names them in chips; status in words; a one-ended session range neither filters nor shows', async () => {
    const request = renderConsole(url({ q: 'sam', coachingCircleIds: [5], cohortIds: [11], coachIds: [7], statuses: ['ABSENT'], sessionDate: { from: '2027-03-01' } }));
    const cells = (await screen.findByText('Sam Student')).closest('tr') as HTMLElement;
    expect(cells.textContent).toContain('Evening circle');
    expect(cells.textContent).toContain('#2 · 03-16-2027 6:00 PM');
    expect(cells.textContent).toContain('Ana Coach');
    expect(screen.getByTestId('attendance-status-901').textContent).toBe('Absent');
    const first = calls(request, 'POST', '/coaching_circle_attendance/find_by_criteria')[0];
    expect(first.query).toMatchObject({ keyword: 'sam', size: 10, page: 0, sortBy: 'id', descending: true });
    expect(first.body).toEqual({ coachingCircleIds: [5], cohortIds: [11], coachIds: [7], statuses: ['ABSENT'] });
    await waitFor(() => expect(screen.getByTestId('filter-chip-coachingCircleIds').textContent).toBe('Coaching circle: Evening circle · HCTP Spring'));
    expect(screen.getByTestId('filter-chip-cohortIds').textContent).toBe('Cohort: HCTP Spring');
    await waitFor(() => expect(screen.getByTestId('filter-chip-coachIds').textContent).toBe('Coach: Ana Coach'));
    expect(screen.getByTestId('filter-chip-statuses').textContent).toBe('Status: Absent');
    expect(screen.queryByTestId('filter-chip-sessionDate')).toBeNull();

    // Removing a chip posts again without it.
    fireEvent.click(screen.getByTestId('filter-chip-statuses').querySelector('svg') as Element);
    await waitFor(() =>
      expect(calls(request, 'POST', '/coaching_circle_attendance/find_by_criteria').at(-1)?.body).toEqual({ coachingCircleIds: [5], cohortIds: [11], coachIds: [7] }),
    );
  });

  test('a range with both ends filters and reads as a chip; an empty filter still posts', async () => {
    const request = renderConsole(url({ sessionDate: { from: '2027-03-01', to: '2027-03-31' } }), 'es');
    expect((await screen.findByText('Sam Student')).closest('tr')?.textContent).toContain('Ausente');
    expect(calls(request, 'POST', '/coaching_circle_attendance/find_by_criteria')[0].body).toEqual({ sessionDate: { from: '2027-03-01', to: '2027-03-31' } });
    expect(screen.getByTestId('filter-chip-sessionDate').textContent).toContain('03-01-2027');
    expect(screen.getByTestId('filter-chip-sessionDate').textContent).toContain('03-31-2027');
    expect(attendanceCriteria({ sessionDate: { to: '2027-03-31' }, statuses: [] })).toEqual({});
    fireEvent.click(screen.getByTestId('filter-chips-clear-all'));
    await waitFor(() => expect(calls(request, 'POST', '/coaching_circle_attendance/find_by_criteria').at(-1)?.body).toEqual({}));
  });
});
