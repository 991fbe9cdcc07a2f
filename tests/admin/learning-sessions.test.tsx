import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import type { HttpRequest } from '../../admin/src/providers/http';
import { HttpError } from '../../admin/src/providers/http';
import learningSessions from '../../admin/src/resources/learning-sessions';
import { toPayload } from '../../admin/src/resources/learning-sessions/learningSessionRecord';
import { callsOf as calls, currentLocation, renderAdmin } from '../support/console-harness';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));
const slow = 10_000;

const session = {
  id: 5,
  type: 'WORKSHOP',
  title: 'Habits that stick',
  description: null,
  coachId: 9,
  coach: { id: 9, fullName: 'Cora Coach', email: 'cora@example.com' },
  maxStudents: 10,
  // 15:00 UTC on January 15th is 10:00 in New York.
  startDateTime: '2031-01-15T15:00:00.000Z',
  endDateTime: '2031-01-15T16:30:00.000Z',
  duration: 90,
  language: 'EN',
  webConferenceUrl: null,
  published: false,
  publishedAt: null,
  autoPublishDate: null,
  learningSessionScopes: [{ id: 1, cohortId: 3, cohortLabel: 'HCTP 01-15-2030 - 12-15-2030' }],
  signUpsCount: 1,
  seatsLeft: 9,
  updatedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const signUp = {
  id: 40,
  learningSessionId: 5,
  studentId: 77,
  student: { id: 77, firstName: 'Sam', lastName: 'Student', fullName: 'Sam Student', email: 'sam@example.com' },
  participationStatus: 'PENDING',
  participation: null,
  notes: null,
  learningSession: null,
  updatedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const page = (content: unknown[], size = 20) => ({ content, pagination: { total: content.length, page: 0, size } });

function renderConsole(path: string, { permissions = ['*'], locale = 'en' }: { permissions?: string[]; locale?: 'en' | 'es' } = {}) {
  const request = jest.fn(async (req: HttpRequest) => {
    const method = req.method ?? 'GET';
    if (req.path === '/learning_sessions' && method === 'GET') return page([session]);
    if (req.path === '/learning_sessions/find_by_criteria') return page([session]);
    if (req.path === '/learning_sessions/5' && method === 'GET') return session;
    if (req.path === '/learning_sessions/5' && method === 'PUT') return { ...session, ...(req.body as object) };
    if (req.path === '/learning_sessions/5/publish') {
      throw new HttpError(409, {
        status: 409,
        code: 'LEARNING_SESSION_PUBLISH_MISSING',
        message: 'To be published, a learning session needs a web conference URL',
        details: { missing: ['webConferenceUrl'] },
      });
    }
    if (req.path === '/learning_sessions/5/clone') return { ...session, id: 6 };
    if (req.path === '/learning_sessions/6') return { ...session, id: 6 };
    if (req.path === '/learning_session_sign_up') return page([signUp], 1000);
    if (req.path === '/learning_session_sign_up/40/attendances') return { ...signUp, ...(req.body as object) };
    if (req.path === '/cohorts' || req.path === '/cohorts/find_by_criteria') return page([{ id: 3, label: 'HCTP 01-15-2030 - 12-15-2030' }]);
    if (req.path === '/coaches' || req.path === '/coaches/find_by_criteria') return page([{ id: 9, fullName: 'Cora Coach' }]);
    if (/^\/users\/\d+\/view_histories$/.test(req.path)) return { id: 1 };
    if (req.path === '/students') return page([]);
    throw new Error(`unexpected call ${method} ${req.path}`);
  });
  renderAdmin({
    path,
    request,
    permissions,
    locale,
    children: [<Resource key="learning-sessions" name="learning-sessions" {...learningSessions} />, <Resource key="students" name="students" list={() => <div>students</div>} />],
  });
  return request;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/learning-sessions', () => {
  test(
    'lists sessions newest first, 20 a page, with type, coach, cohorts, seats and state by their labels; a cohort filter asks find_by_criteria',
    async () => {
      const request = renderConsole('/learning-sessions');
      const row = (await screen.findByText('Habits that stick')).closest('tr') as HTMLElement;
      expect(row.textContent).toContain('Workshop');
      expect(row.textContent).toContain('Cora Coach');
      expect(row.textContent).toContain('HCTP 01-15-2030 - 12-15-2030');
      expect(row.textContent).toContain('1 / 10');
      expect(row.textContent).toContain('Not published');
      expect(calls(request, 'GET', '/learning_sessions')[0].query).toMatchObject({ size: 20, page: 0, sortBy: 'startDateTime', descending: true });
    },
    slow,
  );

  test(
    'filtered by cohort (a link with the filter) the list asks POST find_by_criteria with cohortId',
    async () => {
      const request = renderConsole(`/learning-sessions?filter=${encodeURIComponent(JSON.stringify({ cohortId: 3 }))}`);
      await screen.findByText('Habits that stick');
      expect(calls(request, 'POST', '/learning_sessions/find_by_criteria')[0].body).toEqual({ cohortId: 3 });
    },
    slow,
  );

  test(
    'the drawer: a publish refusal names what is missing in the console language; clone moves to the copy',
    async () => {
      const request = renderConsole('/learning-sessions/5', { locale: 'es' });
      fireEvent.click(await screen.findByTestId('publish-session'));
      expect(await screen.findByText('Para publicarse, esta sesión necesita una URL de videoconferencia')).not.toBeNull();
      fireEvent.click(screen.getByTestId('clone-session'));
      await waitFor(() => expect(calls(request, 'POST', '/learning_sessions/5/clone')).toHaveLength(1));
      await waitFor(() => expect(currentLocation()).toBe('/learning-sessions/6'));
    },
    slow,
  );

  test(
    'a duration above 240 is refused before the call; saving sends the API body with the start read in New York time',
    async () => {
      const request = renderConsole('/learning-sessions/5');
      const duration = (await screen.findByLabelText(/^Duration/)) as HTMLInputElement;
      expect((screen.getByLabelText(/^Start date/) as HTMLInputElement).value).toBe('01-15-2031');
      fireEvent.change(duration, { target: { value: '300' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('At most 240 minutes')).not.toBeNull();
      expect(calls(request, 'PUT', '/learning_sessions/5')).toHaveLength(0);
      fireEvent.change(duration, { target: { value: '120' } });
      fireEvent.blur(duration);
      await waitFor(() => expect(screen.queryByText('At most 240 minutes')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls(request, 'PUT', '/learning_sessions/5')).toHaveLength(1));
      expect(calls(request, 'PUT', '/learning_sessions/5')[0].body).toEqual({
        type: 'WORKSHOP',
        title: 'Habits that stick',
        description: null,
        coachId: 9,
        maxStudents: 10,
        duration: 120,
        language: 'EN',
        webConferenceUrl: null,
        startDateTime: '2031-01-15T15:00:00.000Z',
        autoPublishDate: null,
        learningSessionScopes: [{ cohortId: 3 }],
      });
    },
    slow,
  );

  test(
    'sign-ups: attendance ATTENDED with participation and notes is saved for the sign-up',
    async () => {
      const request = renderConsole('/learning-sessions/5');
      expect(await screen.findByTestId('sign-up-40')).not.toBeNull();
      fireEvent.change(screen.getByTestId('attendance-status-40'), { target: { value: 'ATTENDED' } });
      fireEvent.change(screen.getByLabelText('Participation'), { target: { value: 'Active' } });
      fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Great questions' } });
      fireEvent.click(screen.getByTestId('save-attendance-40'));
      await waitFor(() => expect(calls(request, 'PUT', '/learning_session_sign_up/40/attendances')).toHaveLength(1));
      expect(calls(request, 'PUT', '/learning_session_sign_up/40/attendances')[0].body).toEqual({
        participationStatus: 'ATTENDED',
        participation: 'Active',
        notes: 'Great questions',
      });
    },
    slow,
  );
});

test('the payload: a July start is read in daylight time; an auto-publish day without a time is midnight in New York', () => {
  expect(toPayload({ type: 'WEBINAR', title: ' Q ', startDay: '2031-07-15', startTime: '18:30', autoPublishDay: '2031-07-01', cohortIds: [] })).toMatchObject({
    title: 'Q',
    startDateTime: '2031-07-15T22:30:00.000Z',
    autoPublishDate: '2031-07-01T04:00:00.000Z',
    maxStudents: 10,
    duration: 90,
  });
});
