import { bearerOf, startFakeServer, type FakeRequest, type FakeServer } from './server';

/**
 * A fake D2L Brightspace (issue 21) speaking the Valence paths the D2L adapter uses
 * (api/integrations/lms/d2l.ts), with the auth service on the same server: GET /oauth2/auth redirects
 * back with a code, POST /core/connect/token trades a code or a refresh token for tokens (rotating the
 * refresh token; 400 invalid_grant otherwise). Every /d2l/api call needs a live bearer token (401
 * otherwise; `expire()` makes the current ones lapse). Org units are paged two at a time (bookmarks),
 * quiz categories one page of two then `Next`.
 */

export interface D2lUser {
  UserId: number;
  OrgDefinedId: string | null;
  UserName: string;
  ExternalEmail: string | null;
  FirstName: string;
  LastName: string;
}

export interface FakeD2l extends FakeServer {
  clientId: string;
  clientSecret: string;
  /** A code the auth service accepts once (what /oauth2/auth hands out). */
  issueCode(): string;
  /** Makes every access token issued so far lapse (the next call is 401 until renewed). */
  expire(): void;
  users: Map<number, D2lUser>;
  /** `${userId}:${orgUnitId}` → role id. */
  enrollments: Map<string, number>;
  /** `${orgUnitId}:${sectionId}` → user ids. */
  sectionMembers: Map<string, Set<number>>;
  courses: Array<{ Identifier: string; Name: string; Code: string }>;
  sections: Map<string, Array<{ SectionId: number; Name: string; Code: string; Description: { Text: string; Html: string }; Enrollments: number[] }>>;
  modules: Map<string, Array<Record<string, unknown>>>;
  topics: Map<string, Array<Record<string, unknown>>>;
  grades: Map<string, Array<Record<string, unknown>>>;
  gradeObjects: Map<string, Array<Record<string, unknown>>>;
  quizCategories: Map<string, Array<{ CategoryId: number; Name: string; SortOrder: number }>>;
  dropboxCategories: Map<string, Array<{ Id: number; Name: string }>>;
  tokenRequests: Array<Record<string, string>>;
}

const LP = '/d2l/api/lp/1.43';
const LE = '/d2l/api/le/1.67';

export async function startFakeD2l(): Promise<FakeD2l> {
  const clientId = 'd2l-client-id';
  const clientSecret = 'd2l-client-secret-1234';
  const codes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  let n = 0;
  const users = new Map<number, D2lUser>();
  const enrollments = new Map<string, number>();
  const sectionMembers = new Map<string, Set<number>>();
  const courses = [
    { Identifier: '6606', Name: 'Health Coach Training Program', Code: 'HCTP-2026' },
    { Identifier: '6607', Name: 'Advanced Coaching', Code: 'ADV-2026' },
    { Identifier: '6608', Name: 'Nutrition Basics', Code: 'NUT-2026' },
  ];
  const sections = new Map([
    [
      '6606',
      [
        { SectionId: 7001, Name: 'Spring 2026', Code: 'SP26', Description: { Text: '', Html: '' }, Enrollments: [] as number[] },
        { SectionId: 7002, Name: 'Fall 2026', Code: 'FA26', Description: { Text: '', Html: '' }, Enrollments: [] as number[] },
      ],
    ],
  ]);
  const module = (Id: number, Title: string, extra: Record<string, unknown> = {}) => ({
    Id,
    Title,
    ShortTitle: Title,
    Type: 0,
    ModuleStartDate: '2026-03-01T05:00:00.000Z',
    ModuleEndDate: '2026-04-01T04:00:00.000Z',
    ModuleDueDate: null,
    IsHidden: false,
    IsLocked: false,
    Description: { Text: `About ${Title}`, Html: `<p>About ${Title}</p>` },
    Structure: [],
    ...extra,
  });
  const modules = new Map<string, Array<Record<string, unknown>>>([
    [
      '6606',
      [
        module(101, 'Week 1: Foundations'),
        module(102, 'Week 2: Nutrition', { IsLocked: true }),
        { Id: 150, Title: 'Syllabus', Type: 1, TopicType: 1, Url: '/content/enforced/6606/syllabus.pdf' },
      ],
    ],
  ]);
  const topics = new Map<string, Array<Record<string, unknown>>>([
    [
      '6606:101',
      [
        { Id: 1011, Title: 'Welcome video', Type: 1, TopicType: 1, Url: '/content/enforced/6606/welcome.mp4' },
        { Id: 1012, Title: 'Reading: the coaching model', Type: 1, TopicType: 1, Url: '/content/enforced/6606/model.pdf' },
        { Id: 1013, Title: 'Interview', Type: 1, TopicType: 3, Url: 'https://www.youtube.com/watch?v=abc123' },
      ],
    ],
    ['6606:102', [{ Id: 1021, Title: 'Macros explained', Type: 1, TopicType: 3, Url: 'https://vimeo.com/123456' }]],
  ]);
  const gradeObjects = new Map<string, Array<Record<string, unknown>>>([
    [
      '6606',
      [
        { Id: 501, Name: 'Quiz 1', ShortName: 'Q1', GradeType: 'Numeric', CategoryId: 31, MaxPoints: 10 },
        { Id: 502, Name: 'Assignment 1', ShortName: 'A1', GradeType: 'Numeric', CategoryId: 41, MaxPoints: 20 },
      ],
    ],
  ]);
  const grades = new Map<string, Array<Record<string, unknown>>>();
  const quizCategories = new Map([
    [
      '6606',
      [
        { CategoryId: 31, Name: 'Weekly quizzes', SortOrder: 1 },
        { CategoryId: 32, Name: 'Final exam', SortOrder: 2 },
        { CategoryId: 33, Name: 'Practice quizzes', SortOrder: 3 },
      ],
    ],
  ]);
  const dropboxCategories = new Map([['6606', [{ Id: 41, Name: 'Case studies' }]]]);
  const tokenRequests: Array<Record<string, string>> = [];

  const issue = () => {
    n++;
    const a = `d2l-access-${n}`;
    const r = `d2l-refresh-${n}`;
    access.add(a);
    refresh.add(r);
    return { access_token: a, token_type: 'Bearer', expires_in: 3600, refresh_token: r, scope: 'core:*:*' };
  };
  const unauthorized = { status: 401, body: null };
  const guard = (req: FakeRequest) => {
    if (!req.path.startsWith('/d2l/api/')) return null;
    const token = bearerOf(req);
    return token && access.has(token) ? null : unauthorized;
  };
  const json = (body: unknown, status = 200) => ({ status, body });
  const userData = (u: D2lUser) => ({
    ...u,
    OrgId: 6606,
    MiddleName: '',
    Activation: { IsActive: true },
    DisplayName: `${u.FirstName} ${u.LastName}`,
    UniqueIdentifier: u.UserName,
  });

  const server = await startFakeServer(
    [
      [
        'GET',
        '/oauth2/auth',
        (req) => {
          const code = `d2l-code-${++n}`;
          codes.add(code);
          const back = new URL(req.query.get('redirect_uri') ?? 'http://invalid');
          back.searchParams.set('code', code);
          back.searchParams.set('state', req.query.get('state') ?? '');
          return { status: 302, headers: { location: back.toString() } };
        },
      ],
      [
        'POST',
        '/core/connect/token',
        (req) => {
          const f = req.body as Record<string, string>;
          tokenRequests.push(f);
          if (f.client_id !== clientId || f.client_secret !== clientSecret) return json({ error: 'invalid_client' }, 400);
          if (f.grant_type === 'authorization_code' && codes.delete(f.code)) return json(issue());
          if (f.grant_type === 'refresh_token' && refresh.delete(f.refresh_token)) return json(issue());
          return json({ error: 'invalid_grant' }, 400);
        },
      ],
      ['GET', `${LP}/users/whoami`, () => json({ Identifier: '169', FirstName: 'API', LastName: 'Service', UniqueName: 'api.service', ProfileIdentifier: 'p169' })],
      [
        'GET',
        `${LP}/users/`,
        (req) => {
          const name = req.query.get('userName');
          const u = [...users.values()].find((x) => x.UserName.toLowerCase() === (name ?? '').toLowerCase());
          return u ? json(userData(u)) : json({ Errors: [{ Message: 'User not found' }] }, 404);
        },
      ],
      [
        'POST',
        `${LP}/users/`,
        (req) => {
          const b = req.body as Record<string, unknown>;
          const u: D2lUser = {
            UserId: 300 + users.size + 1,
            OrgDefinedId: String(b.OrgDefinedId),
            UserName: String(b.UserName),
            ExternalEmail: String(b.ExternalEmail),
            FirstName: String(b.FirstName),
            LastName: String(b.LastName),
          };
          users.set(u.UserId, u);
          return json(userData(u));
        },
      ],
      [
        'POST',
        `${LP}/enrollments/`,
        (req) => {
          const b = req.body as { OrgUnitId: number; UserId: number; RoleId: number };
          if (!users.has(b.UserId)) return json({ Errors: [{ Message: 'Invalid user' }] }, 404);
          enrollments.set(`${b.UserId}:${b.OrgUnitId}`, b.RoleId);
          return json({ OrgUnitId: b.OrgUnitId, UserId: b.UserId, RoleId: b.RoleId, IsCascading: false });
        },
      ],
      [
        'DELETE',
        `${LP}/enrollments/users/:userId/orgUnits/:orgUnitId`,
        (req) => {
          const key = `${req.params.userId}:${req.params.orgUnitId}`;
          const section = [...sectionMembers.entries()].find(([k]) => k.endsWith(`:${req.params.orgUnitId}`));
          if (section?.[1].delete(Number(req.params.userId)))
            return json({ OrgUnitId: Number(req.params.orgUnitId), UserId: Number(req.params.userId), RoleId: 110, IsCascading: false });
          const role = enrollments.get(key);
          if (role === undefined) return json(null, 404);
          enrollments.delete(key);
          for (const [k, members] of sectionMembers) if (k.startsWith(`${req.params.orgUnitId}:`)) members.delete(Number(req.params.userId));
          return json({ OrgUnitId: Number(req.params.orgUnitId), UserId: Number(req.params.userId), RoleId: role, IsCascading: false });
        },
      ],
      [
        'POST',
        `${LP}/:orgUnitId/sections/:sectionId/enrollments/`,
        (req) => {
          const { UserId } = req.body as { UserId: number };
          if (!enrollments.has(`${UserId}:${req.params.orgUnitId}`)) return json({ Errors: [{ Message: 'User not enrolled in the org unit' }] }, 404);
          const key = `${req.params.orgUnitId}:${req.params.sectionId}`;
          if (!sectionMembers.has(key)) sectionMembers.set(key, new Set());
          sectionMembers.get(key)!.add(UserId);
          return { status: 200, body: null };
        },
      ],
      [
        'GET',
        `${LP}/orgstructure/`,
        (req) => {
          const start = Number(req.query.get('bookmark') ?? 0);
          const items = courses.slice(start, start + 2).map((c) => ({ ...c, Type: { Id: 3, Code: 'Course Offering', Name: 'Course Offering' }, Path: `/${c.Code}/` }));
          const more = start + 2 < courses.length;
          return json({ PagingInfo: { Bookmark: more ? String(start + 2) : null, HasMoreItems: more }, Items: items });
        },
      ],
      ['GET', `${LP}/:orgUnitId/sections/`, (req) => json(sections.get(req.params.orgUnitId) ?? [])],
      ['GET', `${LE}/:orgUnitId/content/root/`, (req) => json(modules.get(req.params.orgUnitId) ?? [])],
      ['GET', `${LE}/:orgUnitId/content/modules/:moduleId/structure/`, (req) => json(topics.get(`${req.params.orgUnitId}:${req.params.moduleId}`) ?? [])],
      ['GET', `${LE}/:orgUnitId/grades/`, (req) => json(gradeObjects.get(req.params.orgUnitId) ?? [])],
      [
        'GET',
        `${LE}/:orgUnitId/grades/values/:userId/`,
        (req) => {
          if (!enrollments.has(`${req.params.userId}:${req.params.orgUnitId}`)) return json(null, 404);
          return json(grades.get(`${req.params.orgUnitId}:${req.params.userId}`) ?? []);
        },
      ],
      [
        'GET',
        `${LE}/:orgUnitId/quizzes/categories/`,
        (req) => {
          const all = quizCategories.get(req.params.orgUnitId) ?? [];
          const start = Number(req.query.get('bookmark') ?? 0);
          const next = start + 2 < all.length ? `${LE}/${req.params.orgUnitId}/quizzes/categories/?bookmark=${start + 2}` : null;
          return json({ Next: next, Objects: all.slice(start, start + 2) });
        },
      ],
      ['GET', `${LE}/:orgUnitId/dropbox/categories/`, (req) => json(dropboxCategories.get(req.params.orgUnitId) ?? [])],
    ],
    guard,
  );
  return Object.assign(server, {
    clientId,
    clientSecret,
    issueCode() {
      const code = `d2l-code-${++n}`;
      codes.add(code);
      return code;
    },
    expire() {
      access.clear();
    },
    users,
    enrollments,
    sectionMembers,
    courses,
    sections,
    modules,
    topics,
    grades,
    gradeObjects,
    quizCategories,
    dropboxCategories,
    tokenRequests,
  });
}
