import { CanvasClient } from '../../api/integrations/lms/canvas';
import { LmsAuthError } from '../../api/integrations/lms/client';
import { D2lClient } from '../../api/integrations/lms/d2l';
import { DoceboClient } from '../../api/integrations/lms/docebo';
import { memoryTokens } from '../../api/integrations/lms/oauth';
import { decryptText, encryptText, lmsKey, maskSecret } from '../../api/integrations/lms/secrets';
import { startFakeCanvas, type FakeCanvas } from '../support/fake-lms/canvas';
import { startFakeD2l, type FakeD2l } from '../support/fake-lms/d2l';
import { startFakeDocebo, type FakeDocebo } from '../support/fake-lms/docebo';

/**
 * The learning-system adapters (issue 21) against local fakes that speak each vendor's REST paths
 * (tests/support/fake-lms/): D2L Valence with its OAuth 2 authorization code and refresh, Docebo with
 * its password grant, Canvas with an API token; pagination, 401 on a bad token, token expiry.
 */

const person = { studentId: 42, firstName: 'Ana', lastName: 'Gómez', email: 'ana.gomez@example.com' };

describe('secrets at rest', () => {
  test('when a secret is sealed, then it opens with the key only and is answered masked', () => {
    const key = lmsKey('a passphrase of more than sixteen characters');
    const sealed = encryptText(key, 'super-secret-value');
    expect(sealed).not.toContain('super-secret');
    expect(decryptText(key, sealed)).toBe('super-secret-value');
    expect(() => decryptText(lmsKey('another passphrase of sixteen+'), sealed)).toThrow();
    expect(encryptText(key, 'x')).not.toBe(encryptText(key, 'x'));
    expect(maskSecret('super-secret-value')).toBe('••••••••alue');
    expect(maskSecret('short')).toBe('••••••••');
    expect(lmsKey('0'.repeat(64))).toHaveLength(32);
  });
});

describe('D2L Valence adapter', () => {
  let fake: FakeD2l;
  const settings = () => ({ host: fake.url, authHost: fake.url, clientId: fake.clientId, redirectUri: 'http://localhost:3710/d2l-auth', studentRoleId: '110' });
  beforeAll(async () => {
    fake = await startFakeD2l();
  });
  afterAll(() => fake.close());

  test('when staff authorize, then the authorize URL carries the state and the code becomes tokens', async () => {
    const url = new URL(D2lClient.authorizeUrl(settings(), '7.abc'));
    expect(url.pathname).toBe('/oauth2/auth');
    expect(url.searchParams.get('state')).toBe('7.abc');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3710/d2l-auth');
    const store = memoryTokens();
    const client = new D2lClient(settings(), fake.clientSecret, store);
    const tokens = await client.exchangeCode(fake.issueCode());
    expect(tokens.accessToken).toMatch(/^d2l-access-/);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(await client.check()).toEqual({ identity: 'api.service (API Service)' });
  });

  test('when the code is wrong, then it is an authorization error', async () => {
    const client = new D2lClient(settings(), fake.clientSecret, memoryTokens());
    await expect(client.exchangeCode('not-a-code')).rejects.toBeInstanceOf(LmsAuthError);
  });

  test('when there is no token, then calls are refused without reaching D2L', async () => {
    const client = new D2lClient(settings(), fake.clientSecret, memoryTokens());
    await expect(client.check()).rejects.toBeInstanceOf(LmsAuthError);
  });

  test('when the access token expired, then it is renewed with the refresh token and the call succeeds', async () => {
    const store = memoryTokens();
    const client = new D2lClient(settings(), fake.clientSecret, store);
    await client.exchangeCode(fake.issueCode());
    const first = store.current()!;
    fake.expire();
    await client.check();
    expect(store.current()!.accessToken).not.toBe(first.accessToken);
    expect(store.current()!.refreshToken).not.toBe(first.refreshToken);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token', refresh_token: first.refreshToken });
  });

  test('when users, enrollments, sections, modules, topics, grades and categories are read, then the Valence answers are mapped', async () => {
    const store = memoryTokens();
    const client = new D2lClient(settings(), fake.clientSecret, store);
    await client.exchangeCode(fake.issueCode());
    const userId = await client.ensureUser(person);
    expect(await client.ensureUser(person)).toBe(userId);
    expect(fake.users.get(Number(userId))).toMatchObject({ UserName: person.email, OrgDefinedId: '42' });

    await client.enroll(userId, { courseIds: ['6606'], sectionId: '7001' });
    expect(fake.enrollments.get(`${userId}:6606`)).toBe(110);
    expect([...fake.sectionMembers.get('6606:7001')!]).toEqual([Number(userId)]);
    await client.move(userId, { courseIds: ['6606'], sectionId: '7001' }, { courseIds: ['6606'], sectionId: '7002' });
    expect([...fake.sectionMembers.get('6606:7001')!]).toEqual([]);
    expect([...fake.sectionMembers.get('6606:7002')!]).toEqual([Number(userId)]);

    expect((await client.listCourses()).map((c) => c.id)).toEqual(['6606', '6607', '6608']);
    expect(await client.listSections('6606')).toEqual([
      { id: '7001', name: 'Spring 2026', code: 'SP26' },
      { id: '7002', name: 'Fall 2026', code: 'FA26' },
    ]);
    const modules = await client.listModules('6606');
    expect(modules.map((m) => [m.id, m.title, m.locked])).toEqual([
      ['101', 'Week 1: Foundations', false],
      ['102', 'Week 2: Nutrition', true],
    ]);
    const topics = await client.listTopics('6606', '101');
    expect(topics.map((t) => [t.id, t.isVideo])).toEqual([
      ['1011', true],
      ['1012', false],
      ['1013', true],
    ]);
    expect(topics[0].url).toBe(`${fake.url}/content/enforced/6606/welcome.mp4`);
    fake.grades.set(`6606:${userId}`, [{ GradeObjectIdentifier: '501', GradeObjectName: 'Quiz 1', PointsNumerator: 8, PointsDenominator: 10, DisplayedGrade: '80 %' }]);
    expect(await client.listGrades('6606', userId)).toEqual([{ id: '501', name: 'Quiz 1', categoryId: '31', points: 8, maxPoints: 10, percent: 80 }]);
    const categories = await client.listCategories('6606');
    expect(categories).toEqual([
      { id: '31', name: 'Weekly quizzes', kind: 'QUIZ' },
      { id: '32', name: 'Final exam', kind: 'QUIZ' },
      { id: '33', name: 'Practice quizzes', kind: 'QUIZ' },
      { id: '41', name: 'Case studies', kind: 'ASSIGNMENT' },
    ]);

    await client.unenroll(userId, { courseIds: ['6606'], sectionId: '7002' });
    expect(fake.enrollments.has(`${userId}:6606`)).toBe(false);
    await client.unenroll(userId, { courseIds: ['6606'] });
    expect((await client.signInLink(userId, person, { courseIds: ['6606'] })).url).toBe(`${fake.url}/d2l/home/6606`);
  });
});

describe('Docebo adapter', () => {
  let fake: FakeDocebo;
  beforeAll(async () => {
    fake = await startFakeDocebo();
  });
  afterAll(() => fake.close());
  const client = (password = fake.password, store = memoryTokens()) =>
    new DoceboClient({ host: fake.url, clientId: fake.clientId, username: fake.username }, { clientSecret: fake.clientSecret, password, ssoSecret: 'sso-secret' }, store);

  test('when the password grant works, then the token is kept and the courses are read page by page', async () => {
    const store = memoryTokens();
    const c = client(fake.password, store);
    expect(await c.check()).toEqual({ identity: 'api.user' });
    expect(store.saved).toHaveLength(1);
    expect((await c.listCourses()).map((x) => x.id)).toEqual(['501', '502', '503']);
    // The fake pages by 2: the three courses took two pages (after the check's own page 1).
    expect(fake.requests.filter((r) => r.path === '/learn/v1/courses').map((r) => r.query.get('page'))).toEqual(['1', '1', '2']);
  });

  test('when the password is wrong, then it is an authorization error', async () => {
    await expect(client('wrong').check()).rejects.toBeInstanceOf(LmsAuthError);
  });

  test('when the token expired, then it is renewed and the call succeeds', async () => {
    const store = memoryTokens();
    const c = client(fake.password, store);
    await c.check();
    fake.expire();
    await c.check();
    expect(store.saved).toHaveLength(2);
  });

  test('when a student is enrolled and unenrolled, then Docebo holds and drops the courses and learning plans', async () => {
    const c = client();
    const userId = await c.ensureUser(person);
    expect(await c.ensureUser(person)).toBe(userId);
    await c.enroll(userId, { courseIds: ['501'], learningPlanIds: ['77'] });
    expect(fake.enrollments.has(`501:${userId}`)).toBe(true);
    expect(fake.planEnrollments.has(`77:${userId}`)).toBe(true);
    fake.scores.set(`501:${userId}`, 92);
    expect(await c.listGrades('501', userId)).toEqual([{ id: '501', name: 'Health Coach Training Program', categoryId: null, points: 92, maxPoints: 100, percent: 92 }]);
    expect(await c.listCategories('501')).toEqual([
      { id: '9002', name: 'Module 1 test', kind: 'QUIZ' },
      { id: '9003', name: 'Case study', kind: 'ASSIGNMENT' },
    ]);
    expect((await c.listTopics('501', '9001'))[0]).toMatchObject({ isVideo: true });
    await c.move(userId, { courseIds: ['501'], learningPlanIds: ['77'] }, { courseIds: ['502'], learningPlanIds: ['77'] });
    expect(fake.enrollments.has(`501:${userId}`)).toBe(false);
    expect(fake.enrollments.has(`502:${userId}`)).toBe(true);
    await c.unenroll(userId, { courseIds: ['502'], learningPlanIds: ['77'] });
    expect(fake.planEnrollments.size).toBe(0);
    const link = await c.signInLink(userId, person, { courseIds: ['502'] }, 60);
    expect(link.url).toMatch(/\/lms\/index\.php\?r=site%2Fsso&login_user=ana\.gomez%40example\.com&time=\d+&token=[0-9a-f]{32}&id_course=502$/);
  });
});

describe('Canvas adapter', () => {
  let fake: FakeCanvas;
  beforeAll(async () => {
    fake = await startFakeCanvas();
  });
  afterAll(() => fake.close());

  test('when the token is wrong, then it is an authorization error', async () => {
    await expect(new CanvasClient({ host: fake.url }, 'bad-token').check()).rejects.toBeInstanceOf(LmsAuthError);
  });

  test('when a student is enrolled, moved and unenrolled, then Canvas holds the section enrollments', async () => {
    const c = new CanvasClient({ host: fake.url, accountId: '1' }, fake.token);
    expect(await c.check()).toEqual({ identity: 'Admin (1)' });
    const userId = await c.ensureUser(person);
    expect(await c.ensureUser(person)).toBe(userId);
    expect(fake.users.find((u) => String(u.id) === userId)).toMatchObject({ login_id: person.email, sis_user_id: 'student-42' });
    await c.enroll(userId, { courseIds: ['11'], sectionId: '21' });
    await c.move(userId, { courseIds: ['11'], sectionId: '21' }, { courseIds: ['11'], sectionId: '22' });
    const mine = fake.enrollments.filter((e) => String(e.user_id) === userId);
    expect(mine.map((e) => [e.course_section_id, e.enrollment_state])).toEqual([
      [21, 'deleted'],
      [22, 'active'],
    ]);
    await c.unenroll(userId, { courseIds: ['11'], sectionId: '22' });
    expect(fake.enrollments.filter((e) => String(e.user_id) === userId).map((e) => e.enrollment_state)).toEqual(['deleted', 'completed']);
  });

  test('when courses, sections, modules, items, submissions and groups are read, then Link pages are followed and mapped', async () => {
    const c = new CanvasClient({ host: fake.url, accountId: '1' }, fake.token);
    expect((await c.listCourses()).map((x) => x.id)).toEqual(['11', '12', '13']);
    expect((await c.listSections('11')).map((s) => s.id)).toEqual(['21', '22']);
    expect((await c.listModules('11')).map((m) => [m.id, m.locked])).toEqual([
      ['31', false],
      ['32', true],
    ]);
    expect((await c.listTopics('11', '31')).map((t) => [t.id, t.isVideo])).toEqual([
      ['311', true],
      ['312', false],
    ]);
    fake.submissions.set('11:55', [{ assignment_id: 61, score: 15, assignment: { name: 'Case study 1', points_possible: 20, assignment_group_id: 42 } }]);
    expect(await c.listGrades('11', '55')).toEqual([{ id: '61', name: 'Case study 1', categoryId: '42', points: 15, maxPoints: 20, percent: 75 }]);
    expect(await c.listCategories('11')).toEqual([
      { id: '41', name: 'Quizzes', kind: 'QUIZ' },
      { id: '42', name: 'Case studies', kind: 'ASSIGNMENT' },
    ]);
    const link = await c.signInLink('55', person, { courseIds: ['11'] }, 60);
    expect(link.url).toContain('/login/session_token?token=st-55-');
    // The fake pages by 2: three courses took two requests, the second through the Link header.
    expect(fake.requests.filter((r) => r.path === '/api/v1/accounts/1/courses').map((r) => r.query.get('page'))).toEqual([null, '2']);
  });
});
