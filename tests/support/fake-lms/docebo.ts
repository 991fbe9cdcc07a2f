import { bearerOf, startFakeServer, type FakeRequest, type FakeServer } from './server';

/**
 * A fake Docebo (issue 21) speaking the REST paths the Docebo adapter uses
 * (api/integrations/lms/docebo.ts): POST /oauth2/token (password, authorization_code and
 * refresh_token grants; 400 invalid_grant otherwise), a bearer token on every other call (401 with
 * Docebo's `{ name, message, code }` otherwise; `expire()` makes the tokens lapse), lists as
 * `{ data: { items, has_more_data, current_page, total_page_count } }` paged by page and page_size.
 */

export interface FakeDocebo extends FakeServer {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  expire(): void;
  users: Array<{ user_id: string; username: string; email: string; first_name: string; last_name: string }>;
  /** `${courseId}:${userId}`. */
  enrollments: Set<string>;
  /** `${planId}:${userId}`. */
  planEnrollments: Set<string>;
  scores: Map<string, number>;
}

export async function startFakeDocebo(): Promise<FakeDocebo> {
  const clientId = 'docebo-client';
  const clientSecret = 'docebo-secret-5566';
  const username = 'api.user';
  const password = 'Api-Passw0rd';
  const access = new Set<string>();
  const refresh = new Set<string>();
  let n = 0;
  const users: FakeDocebo['users'] = [{ user_id: '12301', username: 'api.user', email: 'api@school.test', first_name: 'API', last_name: 'User' }];
  const courses = [
    { id_course: 501, name: 'Health Coach Training Program', code: 'HCTP', course_type: 'elearning' },
    { id_course: 502, name: 'Advanced Coaching', code: 'ADV', course_type: 'elearning' },
    { id_course: 503, name: 'Nutrition Basics', code: 'NUT', course_type: 'elearning' },
  ];
  const los = new Map<number, Array<Record<string, unknown>>>([
    [
      501,
      [
        { id_org: 9001, title: 'Welcome video', object_type: 'video', url: 'https://cdn.school.test/welcome.mp4', position: 1 },
        { id_org: 9002, title: 'Module 1 test', object_type: 'test', position: 2 },
        { id_org: 9003, title: 'Case study', object_type: 'deliverable', position: 3 },
      ],
    ],
  ]);
  const enrollments = new Set<string>();
  const planEnrollments = new Set<string>();
  const scores = new Map<string, number>();

  const issue = () => {
    n++;
    const a = `docebo-access-${n}`;
    const r = `docebo-refresh-${n}`;
    access.add(a);
    refresh.add(r);
    return { access_token: a, expires_in: 3600, token_type: 'Bearer', scope: 'api', refresh_token: r };
  };
  const guard = (req: FakeRequest) => {
    if (req.path === '/oauth2/token') return null;
    const t = bearerOf(req);
    return t && access.has(t) ? null : { status: 401, body: { name: 'Unauthorized', message: 'The access token provided is invalid', code: 401 } };
  };
  const list = (req: FakeRequest, all: unknown[]) => {
    // Docebo caps page_size; this one caps it at 2 so every list walks its pages.
    const size = Math.min(Number(req.query.get('page_size') ?? 20), 2);
    const page = Number(req.query.get('page') ?? 1);
    const items = all.slice((page - 1) * size, page * size);
    return {
      body: {
        data: {
          items,
          count: items.length,
          has_more_data: page * size < all.length,
          current_page: page,
          current_page_size: size,
          total_page_count: Math.max(1, Math.ceil(all.length / size)),
          total_count: all.length,
        },
        version: '1.0.0',
      },
    };
  };

  const server = await startFakeServer(
    [
      [
        'POST',
        '/oauth2/token',
        (req) => {
          const f = req.body as Record<string, string>;
          if (f.client_id !== clientId || f.client_secret !== clientSecret)
            return { status: 400, body: { error: 'invalid_client', error_description: 'The client credentials are invalid' } };
          if (f.grant_type === 'password' && f.username === username && f.password === password) return { body: issue() };
          if (f.grant_type === 'refresh_token' && refresh.delete(f.refresh_token)) return { body: issue() };
          return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid username and password combination' } };
        },
      ],
      [
        'GET',
        '/manage/v1/user',
        (req) => {
          const text = (req.query.get('search_text') ?? '').toLowerCase();
          return list(
            req,
            users.filter((u) => !text || u.email.toLowerCase().includes(text) || u.username.toLowerCase().includes(text)),
          );
        },
      ],
      [
        'POST',
        '/manage/v1/user',
        (req) => {
          const b = req.body as Record<string, string>;
          const u = { user_id: String(12301 + users.length), username: b.userid, email: b.email, first_name: b.firstname, last_name: b.lastname };
          users.push(u);
          return { body: { data: { success: true, user_id: Number(u.user_id) }, version: '1.0.0' } };
        },
      ],
      ['GET', '/learn/v1/courses', (req) => list(req, courses)],
      ['GET', '/learn/v1/courses/:id/los', (req) => list(req, los.get(Number(req.params.id)) ?? [])],
      [
        'POST',
        '/learn/v1/enrollments',
        (req) => {
          const b = req.body as { course_ids: number[]; user_ids: number[] };
          for (const c of b.course_ids) for (const u of b.user_ids) enrollments.add(`${c}:${u}`);
          return { body: { data: { success: true } } };
        },
      ],
      [
        'DELETE',
        '/learn/v1/enrollments/:course/:user',
        (req) =>
          enrollments.delete(`${req.params.course}:${req.params.user}`)
            ? { body: { data: { success: true } } }
            : { status: 404, body: { name: 'Not Found', message: 'Enrollment not found', code: 404 } },
      ],
      [
        'GET',
        '/learn/v1/enrollments',
        (req) => {
          const user = req.query.get('user_id[]');
          const course = req.query.get('course_id[]');
          const rows = [...enrollments]
            .map((k) => k.split(':'))
            .filter(([c, u]) => (!user || u === user) && (!course || c === course))
            .map(([c, u]) => ({
              id_user: Number(u),
              id_course: Number(c),
              course_name: courses.find((x) => String(x.id_course) === c)?.name,
              status: 'in_progress',
              score: scores.get(`${c}:${u}`) ?? null,
            }));
          return list(req, rows);
        },
      ],
      [
        'POST',
        '/learningplan/v1/learningplans/enrollments',
        (req) => {
          const b = req.body as { learningplan_ids: number[]; user_ids: number[] };
          for (const p of b.learningplan_ids) for (const u of b.user_ids) planEnrollments.add(`${p}:${u}`);
          return { body: { data: { success: true } } };
        },
      ],
      [
        'DELETE',
        '/learningplan/v1/learningplans/:plan/enrollments/:user',
        (req) => (planEnrollments.delete(`${req.params.plan}:${req.params.user}`) ? { body: { data: { success: true } } } : { status: 404, body: { message: 'Not found' } }),
      ],
    ],
    guard,
  );
  return Object.assign(server, {
    clientId,
    clientSecret,
    username,
    password,
    expire() {
      access.clear();
    },
    users,
    enrollments,
    planEnrollments,
    scores,
  });
}
