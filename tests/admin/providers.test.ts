/** @jest-environment node */
import { canAccess } from '../../admin/src/providers/canAccess';
import { createAuthProvider, consolePath, verifyRedirect } from '../../admin/src/providers/authProvider';
import { apiPath, cleanCriteria, createDataProvider, pagingToQuery, splitFilter } from '../../admin/src/providers/dataProvider';
import { createHttpClient, HttpError, memorySessionStore, toQueryString, type Session } from '../../admin/src/providers/http';

/** A fake transport: records every call and answers from a queue (or a function). */
function fakeServer(answer: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  const calls: Array<{ url: string; method: string; body: unknown; authorization?: string }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, authorization: headers.Authorization });
    const { status, body } = answer(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch };
}

const session = (over: Partial<Session> = {}): Session => ({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 10_000_000, permissions: ['students:read'], ...over });
const list = (content: unknown[], total = content.length) => ({ status: 200, body: { content, pagination: { total, page: 0, size: 10 } } });

describe('data provider wire mapping', () => {
  test('react-admin paging and sorting become zero-based page, size, sortBy and descending', () => {
    expect(pagingToQuery({ pagination: { page: 3, perPage: 25 }, sort: { field: 'lastName', order: 'DESC' } })).toEqual({
      size: 25,
      page: 2,
      sortBy: 'lastName',
      descending: true,
    });
    expect(pagingToQuery({ pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' } })).toEqual({ size: 10, page: 0, sortBy: 'id', descending: false });
  });

  test('criteria drop their empty parts but keep booleans', () => {
    expect(
      cleanCriteria({
        name: '  ',
        email: 'ann',
        genders: [],
        languages: ['ES', ''],
        active: false,
        autoPay: null,
        zip: undefined,
        createdAt: { from: null, to: '2026-01-01' },
        dateOfBirth: { from: '1990-01-01', to: '' },
        amount: { min: null, max: 5 },
        nested: { a: '' },
      }),
    ).toEqual({ email: 'ann', languages: ['ES'], active: false, dateOfBirth: { from: '1990-01-01' } });
  });

  test('the keyword and the saved-filter keys are split from the criteria', () => {
    expect(splitFilter({ q: ' maria ', savedFilterId: 4, savedFilterName: 'Mine', active: true })).toEqual({ keyword: 'maria', criteria: { active: true } });
    expect(splitFilter({ q: '' })).toEqual({ keyword: undefined, criteria: {} });
  });

  test('console resources map to API paths', () => {
    expect(apiPath('students')).toBe('students');
    expect(apiPath('business-categories')).toBe('business_categories');
    expect(apiPath('enrollments')).toBe('applications');
    expect(apiPath('voucher-refunds')).toBe('application_vouchers');
  });

  test('query strings leave out empty values and repeat arrays', () => {
    expect(toQueryString({ size: 10, keyword: '', page: 0, type: ['A', 'B'], x: null })).toBe('?size=10&page=0&type=A&type=B');
  });
});

describe('data provider calls', () => {
  function provider(answer: Parameters<typeof fakeServer>[0]) {
    const server = fakeServer(answer);
    const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
    return { server, dataProvider: createDataProvider(http) };
  }

  test('a keyword alone loads the plain list and reads content and pagination.total', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 1 }, { id: 2 }], 42));
    const answer = await dataProvider.getList('students', { pagination: { page: 2, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'ann' } });
    expect(answer).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(server.calls).toEqual([
      { url: '/api/students?size=10&page=1&sortBy=id&descending=false&keyword=ann', method: 'GET', body: undefined, authorization: 'Bearer access-1' },
    ]);
  });

  test('criteria use find_by_criteria with the paging in the query and the cleaned criteria as body', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 7 }], 1));
    await dataProvider.getList('students', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { active: true, genders: [], savedFilterId: 3 } });
    expect(server.calls[0]).toMatchObject({ url: '/api/students/find_by_criteria?size=10&page=0&sortBy=id&descending=false', method: 'POST', body: { active: true } });
  });

  test('getMany asks for the ids through the criteria search', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 3 }, { id: 5 }]));
    const answer = await dataProvider.getMany('students', { ids: [3, 5, 3] });
    expect(answer.data.map((r) => r.id)).toEqual([3, 5]);
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/students/find_by_criteria?size=2&page=0&sortBy=id&descending=false', body: { ids: [3, 5] } });
  });

  test('create, update and delete use POST, PUT and DELETE on the record path', async () => {
    const { server, dataProvider } = provider((url, init) => ({
      status: init.method === 'POST' ? 201 : init.method === 'DELETE' ? 204 : 200,
      body: init.method === 'DELETE' ? undefined : { id: 9, name: 'x' },
    }));
    expect((await dataProvider.create('roles', { data: { name: 'x' } })).data).toEqual({ id: 9, name: 'x' });
    expect((await dataProvider.update('roles', { id: 9, data: { name: 'x' }, previousData: { id: 9 } })).data).toEqual({ id: 9, name: 'x' });
    expect((await dataProvider.delete('roles', { id: 9, previousData: { id: 9, name: 'x' } })).data).toEqual({ id: 9, name: 'x' });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/roles', 'PUT /api/roles/9', 'DELETE /api/roles/9']);
  });

  test('a 400 becomes an HttpError carrying the field errors for the form', async () => {
    const body = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid request', errors: { 'address.city': 'The address must contain a city' } };
    const { dataProvider } = provider(() => ({ status: 400, body }));
    const failure = await dataProvider.update('students', { id: 1, data: {}, previousData: { id: 1 } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).body.errors).toEqual({ 'address.city': 'The address must contain a city' });
  });

  test('extra methods: toggle active, log another admin out, saved filters', async () => {
    const { server, dataProvider } = provider(() => ({ status: 200, body: { id: 1 } }));
    await dataProvider.toggleActive('students', 4);
    await dataProvider.logoutAdministrator(8);
    await dataProvider.createSavedFilter('students', 'Spanish speakers', { languages: ['ES'], city: '' });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/students/4/toggle_active', 'POST /api/admins/8/logout', 'POST /api/search_filters/students']);
    expect(server.calls[2].body).toEqual({ name: 'Spanish speakers', criteria: { languages: ['ES'] } });
  });
});

describe('http client prefetch', () => {
  test("a prefetched GET answers the screen's identical call once, without a second request; other calls and later ones go to the server", async () => {
    let clock = 0;
    let n = 0;
    const server = fakeServer(() => ({ status: 200, body: { n: ++n } }));
    const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => clock });
    http.prefetch(() => {
      void http.request({ path: '/students/2' });
      void http.request({ path: '/applications', query: { size: 200 } });
    });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/students/2', '/api/applications?size=200']);
    expect(await http.request({ path: '/students/2' })).toEqual({ n: 1 });
    expect(await http.request({ path: '/applications', query: { size: 200 } })).toEqual({ n: 2 });
    expect(server.calls).toHaveLength(2);
    // Taken once: the next identical call asks the server; so does a different query or a write.
    expect(await http.request({ path: '/students/2' })).toEqual({ n: 3 });
    expect(await http.request({ path: '/applications', query: { size: 10 } })).toEqual({ n: 4 });
    expect(server.calls).toHaveLength(4);
    // An answer prefetched longer ago than PREFETCH_MS is not used.
    http.prefetch(() => void http.request({ path: '/stale' }));
    clock += 10_001;
    expect(await http.request({ path: '/stale' })).toEqual({ n: 6 });
    expect(server.calls.map((c) => c.url).slice(-2)).toEqual(['/api/stale', '/api/stale']);
  });
});

describe('http client sessions', () => {
  test('a token about to expire is refreshed first, once for concurrent calls', async () => {
    const store = memorySessionStore(session({ expiresAt: 20_000 }));
    const server = fakeServer((url) =>
      url.endsWith('/refresh_token') ? { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } } : { status: 200, body: { ok: true } },
    );
    const http = createHttpClient({ store, fetch: server.fetch, now: () => 0 });
    await Promise.all([http.request({ path: '/a' }), http.request({ path: '/b' })]);
    expect(server.calls.filter((c) => c.url.endsWith('/refresh_token'))).toHaveLength(1);
    expect(server.calls.filter((c) => !c.url.endsWith('/refresh_token')).map((c) => c.authorization)).toEqual(['Bearer access-2', 'Bearer access-2']);
    expect(store.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 900_000 });
  });

  test('a 401 is retried once after a refresh', async () => {
    let first = true;
    const server = fakeServer((url) => {
      if (url.endsWith('/refresh_token')) return { status: 200, body: { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };
      if (first) {
        first = false;
        return { status: 401, body: { status: 401, message: 'Your session expired, please login again' } };
      }
      return { status: 200, body: { id: 1 } };
    });
    const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
    expect(await http.request({ path: '/students/1' })).toEqual({ id: 1 });
    expect(server.calls.map((c) => c.authorization ?? 'none')).toEqual(['Bearer access-1', 'none', 'Bearer access-2']);
  });

  test('a 401 the refresh cannot cure clears the session and calls onUnauthorized', async () => {
    const store = memorySessionStore(session());
    const onUnauthorized = jest.fn();
    const server = fakeServer(() => ({ status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Your session expired, please login again' } }));
    const http = createHttpClient({ store, fetch: server.fetch, now: () => 0, onUnauthorized });
    await expect(http.request({ path: '/students' })).rejects.toMatchObject({ status: 401, message: 'Your session expired, please login again', sessionExpired: true });
    expect(store.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('a 401 without a session is not an expired session', async () => {
    const onUnauthorized = jest.fn();
    const server = fakeServer(() => ({ status: 401, body: { status: 401, message: 'Your session expired, please login again' } }));
    const http = createHttpClient({ store: memorySessionStore(null), fetch: server.fetch, now: () => 0, onUnauthorized });
    await expect(http.request({ path: '/students' })).rejects.toMatchObject({ status: 401, sessionExpired: false });
    expect(onUnauthorized).toHaveBeenCalledTimes(0);
    expect(server.calls).toHaveLength(1);
  });

  test('a body that is not the contract shape becomes the generic message', async () => {
    const server = fakeServer(() => ({ status: 502, body: 'bad gateway' }));
    const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
    await expect(http.request({ path: '/x' })).rejects.toMatchObject({ status: 502, message: 'An error found, please try again.' });
  });
});

describe('auth provider', () => {
  const signIn = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresIn: 900,
    cdn: { keyPairId: 'k' },
    administrator: { id: 5, userId: 11, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', roles: ['FINANCE'], permissions: ['payments:read'] },
  };

  test('login stores the session from the sign-in answer', async () => {
    const store = memorySessionStore();
    const server = fakeServer(() => ({ status: 200, body: signIn }));
    const auth = createAuthProvider(createHttpClient({ store, fetch: server.fetch, now: () => 1000 }), { now: () => 1000 });
    await auth.login({ username: 'ann@example.com', password: 'Secret123' });
    expect(server.calls[0]).toMatchObject({ url: '/api/auth/signin/admin', method: 'POST', body: { email: 'ann@example.com', password: 'Secret123' }, authorization: undefined });
    expect(store.get()).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 901_000,
      adminId: 5,
      userId: 11,
      email: 'ann@example.com',
      fullName: 'Ann Lee',
      roles: ['FINANCE'],
      permissions: ['payments:read'],
      cdn: { keyPairId: 'k' },
    });
    expect(await auth.getIdentity!()).toEqual({ id: 5, fullName: 'Ann Lee', email: 'ann@example.com', userId: 11 });
  });

  test('a failed login clears the session and passes the server body on', async () => {
    const store = memorySessionStore(session());
    const body = { status: 401, code: 'UNAUTHORIZED', message: 'Invalid username, password or verification code' };
    const auth = createAuthProvider(createHttpClient({ store, fetch: fakeServer(() => ({ status: 401, body })).fetch }));
    const failure = await auth.login({ username: 'x@example.com', password: 'nope' }).catch((e: unknown) => e);
    expect((failure as HttpError).body).toEqual(body);
    expect(store.get()).toBeNull();
  });

  test('checkAuth refuses without a session; logout calls the server and clears it', async () => {
    const store = memorySessionStore(session());
    const server = fakeServer(() => ({ status: 204 }));
    const auth = createAuthProvider(createHttpClient({ store, fetch: server.fetch, now: () => 0 }));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await auth.logout({});
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(store.get()).toBeNull();
    // Silently: react-admin's 'Please login to continue' is not shown (message: false), the sign-in screen is.
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
  });

  test('a 401 sends the user to /verify with the current path, but not from /verify itself', async () => {
    const http = createHttpClient({ store: memorySessionStore(session()), fetch: fakeServer(() => ({ status: 200 })).fetch });
    const onStudents = createAuthProvider(http, { currentPath: () => '/students/42?tab=profile' });
    await expect(onStudents.checkError(new HttpError(401, { status: 401, message: 'x' }, true))).rejects.toEqual({
      logoutUser: false,
      redirectTo: '/verify?to=%2Fstudents%2F42%3Ftab%3Dprofile',
      message: false,
    });
    const onVerify = createAuthProvider(http, { currentPath: () => '/verify?to=%2Fstudents' });
    await expect(onVerify.checkError(new HttpError(401, { status: 401, message: 'x' }, true))).resolves.toBeUndefined();
    // Never signed in: checkAuth sends the visitor to /login, not /verify.
    await expect(onStudents.checkError(new HttpError(401, { status: 401, message: 'x' }, false))).resolves.toBeUndefined();
    await expect(onStudents.checkError(new HttpError(403, { status: 403, message: 'x' }))).resolves.toBeUndefined();
  });

  test('console paths drop the /admin basename', () => {
    expect(consolePath({ pathname: '/admin/students/42', search: '?a=1' })).toBe('/students/42?a=1');
    expect(consolePath({ pathname: '/admin', search: '' })).toBe('/');
    expect(verifyRedirect('/verify')).toBeNull();
    expect(verifyRedirect('/admins')).toBe('/verify?to=%2Fadmins');
  });
});

describe('canAccess', () => {
  test('maps react-admin actions and console resources onto API permissions', () => {
    expect(canAccess(['students:read'], { resource: 'students', action: 'list' })).toBe(true);
    expect(canAccess(['students:read'], { resource: 'students', action: 'show' })).toBe(true);
    expect(canAccess(['students:read'], { resource: 'students', action: 'edit' })).toBe(false);
    expect(canAccess(['students:*'], { resource: 'students', action: 'edit' })).toBe(true);
    expect(canAccess(['business_categories:update'], { resource: 'business-categories', action: 'edit' })).toBe(true);
    expect(canAccess(['applications:read'], { resource: 'enrollments', action: 'list' })).toBe(true);
    expect(canAccess(['admins:read'], { resource: 'admins', action: 'logout' })).toBe(false);
    expect(canAccess(['*'], { resource: 'roles', action: 'delete' })).toBe(true);
  });

  test('the dashboard and the own profile are open to every administrator; nothing else without permissions', () => {
    expect(canAccess([], { resource: 'dashboard', action: 'list' })).toBe(true);
    expect(canAccess(undefined, { resource: 'profile', action: 'edit' })).toBe(true);
    expect(canAccess(undefined, { resource: 'students', action: 'list' })).toBe(false);
  });
});
