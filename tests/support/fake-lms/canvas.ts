import { bearerOf, startFakeServer, type FakeRequest, type FakeServer } from './server';

/**
 * A fake Canvas LMS (issue 21) speaking the REST paths the Canvas adapter uses
 * (api/integrations/lms/canvas.ts): an admin's API token as `Authorization: Bearer` (401 with Canvas's
 * `{ errors: [{ message }] }` otherwise), lists paged by `per_page` with a `Link: <…>; rel="next"`
 * header, users created under the account, enrollments in courses and sections (concluded or deleted
 * by `task`), modules and items, submissions with their assignment, assignment groups, session tokens.
 */

export interface CanvasEnrollmentRow {
  id: number;
  user_id: number;
  course_id: number;
  course_section_id: number;
  type: string;
  enrollment_state: 'active' | 'completed' | 'deleted';
}

export interface FakeCanvas extends FakeServer {
  token: string;
  users: Array<{ id: number; name: string; login_id: string; sis_user_id: string | null }>;
  enrollments: CanvasEnrollmentRow[];
  submissions: Map<string, Array<Record<string, unknown>>>;
}

export async function startFakeCanvas(): Promise<FakeCanvas> {
  const token = 'canvas-admin-token-7788';
  const users: FakeCanvas['users'] = [{ id: 1, name: 'Admin', login_id: 'admin@school.test', sis_user_id: null }];
  const courses = [
    { id: 11, name: 'Health Coach Training Program', course_code: 'HCTP', account_id: 1, workflow_state: 'available' },
    { id: 12, name: 'Advanced Coaching', course_code: 'ADV', account_id: 1, workflow_state: 'available' },
    { id: 13, name: 'Nutrition Basics', course_code: 'NUT', account_id: 1, workflow_state: 'available' },
  ];
  const sections = [
    { id: 21, course_id: 11, name: 'Spring 2026', sis_section_id: 'SP26' },
    { id: 22, course_id: 11, name: 'Fall 2026', sis_section_id: 'FA26' },
  ];
  const modules = [
    { id: 31, course_id: 11, name: 'Week 1: Foundations', position: 1, unlock_at: '2026-03-01T05:00:00Z', published: true, items_count: 2 },
    { id: 32, course_id: 11, name: 'Week 2: Nutrition', position: 2, unlock_at: null, published: false, items_count: 1 },
  ];
  const items = new Map<number, Array<Record<string, unknown>>>([
    [
      31,
      [
        {
          id: 311,
          title: 'Welcome video',
          type: 'ExternalUrl',
          position: 1,
          external_url: 'https://www.youtube.com/watch?v=xyz',
          html_url: 'https://canvas.test/courses/11/modules/items/311',
        },
        { id: 312, title: 'Reading', type: 'Page', position: 2, html_url: 'https://canvas.test/courses/11/pages/reading' },
      ],
    ],
    [32, [{ id: 321, title: 'Macros', type: 'ExternalUrl', position: 1, external_url: 'https://vimeo.com/42' }]],
  ]);
  const groups = [
    { id: 41, name: 'Quizzes', position: 1, group_weight: 40 },
    { id: 42, name: 'Case studies', position: 2, group_weight: 60 },
  ];
  const enrollments: CanvasEnrollmentRow[] = [];
  const submissions = new Map<string, Array<Record<string, unknown>>>();
  let nextId = 100;

  const guard = (req: FakeRequest) => (bearerOf(req) === token ? null : { status: 401, body: { errors: [{ message: 'Invalid access token.' }] } });
  const paged = (req: FakeRequest, all: unknown[]) => {
    // Canvas caps per_page at its own maximum; this one caps it at 2 so every list walks its Link pages.
    const per = Math.min(Number(req.query.get('per_page') ?? 10), 2);
    const page = Number(req.query.get('page') ?? 1);
    const slice = all.slice((page - 1) * per, page * per);
    const headers: Record<string, string> = {};
    if (page * per < all.length) {
      const next = new URLSearchParams(req.query);
      next.set('page', String(page + 1));
      headers.link = `<${server.url}${req.path}?${next.toString()}>; rel="next", <${server.url}${req.path}?page=1&per_page=${per}>; rel="first"`;
    }
    return { body: slice, headers };
  };
  const enroll = (userId: number, courseId: number, sectionId: number) => {
    const row: CanvasEnrollmentRow = { id: nextId++, user_id: userId, course_id: courseId, course_section_id: sectionId, type: 'StudentEnrollment', enrollment_state: 'active' };
    enrollments.push(row);
    return { body: row };
  };

  const server: FakeServer = await startFakeServer(
    [
      ['GET', '/api/v1/users/self', () => ({ body: { id: 1, name: 'Admin', short_name: 'Admin', login_id: 'admin@school.test' } })],
      [
        'GET',
        '/api/v1/accounts/:account/users',
        (req) => {
          const term = (req.query.get('search_term') ?? '').toLowerCase();
          return paged(
            req,
            users.filter((u) => !term || u.login_id.toLowerCase().includes(term) || u.name.toLowerCase().includes(term)),
          );
        },
      ],
      [
        'POST',
        '/api/v1/accounts/:account/users',
        (req) => {
          const b = req.body as { user: { name: string }; pseudonym: { unique_id: string; sis_user_id?: string } };
          if (users.some((u) => u.login_id === b.pseudonym.unique_id)) return { status: 400, body: { errors: { unique_id: [{ message: 'ID already in use' }] } } };
          const u = { id: nextId++, name: b.user.name, login_id: b.pseudonym.unique_id, sis_user_id: b.pseudonym.sis_user_id ?? null };
          users.push(u);
          return { body: { id: u.id, name: u.name, sortable_name: u.name, short_name: u.name } };
        },
      ],
      ['GET', '/api/v1/accounts/:account/courses', (req) => paged(req, courses)],
      [
        'GET',
        '/api/v1/courses/:id/sections',
        (req) =>
          paged(
            req,
            sections.filter((s) => s.course_id === Number(req.params.id)),
          ),
      ],
      [
        'POST',
        '/api/v1/sections/:id/enrollments',
        (req) => {
          const section = sections.find((s) => s.id === Number(req.params.id));
          if (!section) return { status: 404, body: { errors: [{ message: 'The specified resource does not exist.' }] } };
          const b = req.body as { enrollment: { user_id: number } };
          return enroll(b.enrollment.user_id, section.course_id, section.id);
        },
      ],
      [
        'POST',
        '/api/v1/courses/:id/enrollments',
        (req) => {
          const b = req.body as { enrollment: { user_id: number } };
          const section = sections.find((s) => s.course_id === Number(req.params.id));
          return enroll(b.enrollment.user_id, Number(req.params.id), section?.id ?? 0);
        },
      ],
      [
        'GET',
        '/api/v1/courses/:id/enrollments',
        (req) =>
          paged(
            req,
            enrollments.filter(
              (e) => e.course_id === Number(req.params.id) && e.enrollment_state !== 'deleted' && (!req.query.get('user_id') || e.user_id === Number(req.query.get('user_id'))),
            ),
          ),
      ],
      [
        'DELETE',
        '/api/v1/courses/:course/enrollments/:id',
        (req) => {
          const e = enrollments.find((x) => x.id === Number(req.params.id) && x.course_id === Number(req.params.course));
          if (!e) return { status: 404, body: { errors: [{ message: 'The specified resource does not exist.' }] } };
          e.enrollment_state = req.query.get('task') === 'delete' ? 'deleted' : 'completed';
          return { body: e };
        },
      ],
      [
        'GET',
        '/api/v1/courses/:id/modules',
        (req) =>
          paged(
            req,
            modules.filter((m) => m.course_id === Number(req.params.id)),
          ),
      ],
      ['GET', '/api/v1/courses/:id/modules/:moduleId/items', (req) => paged(req, items.get(Number(req.params.moduleId)) ?? [])],
      ['GET', '/api/v1/courses/:id/assignment_groups', (req) => paged(req, Number(req.params.id) === 11 ? groups : [])],
      ['GET', '/api/v1/courses/:id/students/submissions', (req) => paged(req, submissions.get(`${req.params.id}:${req.query.get('student_ids[]')}`) ?? [])],
      [
        'GET',
        '/api/v1/login/session_token',
        (req) => ({
          body: {
            session_url: `${server.url}/login/session_token?token=st-${req.query.get('user_id')}-${Date.now()}&return_to=${encodeURIComponent(req.query.get('return_to') ?? '')}`,
          },
        }),
      ],
    ],
    guard,
  );
  return Object.assign(server, { token, users, enrollments, submissions });
}
