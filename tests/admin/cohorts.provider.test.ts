/** @jest-environment node */
import { createDataProvider } from '../../admin/src/providers/dataProvider';
import { createHttpClient, HttpError, memorySessionStore, type Session } from '../../admin/src/providers/http';

/** A fake transport: records every call and answers from a function. */
function fakeServer(answer: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = answer(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch };
}

const session = (): Session => ({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 10_000_000, permissions: ['cohorts:read'] });
function provider(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
  return { server, dataProvider: createDataProvider(http) };
}
const list = (content: unknown[], total = content.length) => ({ status: 200, body: { content, pagination: { total, page: 0, size: 10 } } });
const route = (c: { method: string; url: string }) => `${c.method} ${c.url}`;

describe('cohorts through the data provider', () => {
  test('the default status chip (criteria) uses find_by_criteria; the keyword alone the plain list', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 1, label: 'HCTP 01-15-2027 - 12-15-2027' }]));
    await dataProvider.getList('cohorts', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { statuses: ['CREATED', 'ACTIVE'], q: '2027', programIds: [] },
    });
    await dataProvider.getList('cohorts', { pagination: { page: 2, perPage: 10 }, sort: { field: 'startDate', order: 'DESC' }, filter: { q: 'hctp' } });
    expect(server.calls.map(route)).toEqual([
      'POST /api/cohorts/find_by_criteria?size=10&page=0&sortBy=id&descending=false&keyword=2027',
      'GET /api/cohorts?size=10&page=1&sortBy=startDate&descending=true&keyword=hctp',
    ]);
    expect(server.calls[0].body).toEqual({ statuses: ['CREATED', 'ACTIVE'] });
  });

  test("a product's cohorts are looked up by ids (any status)", async () => {
    const { server, dataProvider } = provider(() => list([{ id: 3 }, { id: 5 }]));
    const { data } = await dataProvider.getMany('cohorts', { ids: [5, 3] });
    expect(data.map((c) => c.id)).toEqual([3, 5]);
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/cohorts/find_by_criteria?size=2&page=0&sortBy=id&descending=false', body: { ids: [5, 3] } });
  });

  test('archive, undelete, publish, the flags, the windows and the LMS sync hit their paths with their bodies', async () => {
    const { server, dataProvider } = provider((_url, init) => ({ status: init.method === 'DELETE' ? 204 : 200, body: init.method === 'DELETE' ? undefined : { id: 4 } }));
    await dataProvider.archiveCohort(4);
    await dataProvider.undeleteCohort(4);
    await dataProvider.publishCohorts([4, '7'], true);
    await dataProvider.setCohortFlag(4, 'useCoachingCircle', true);
    await dataProvider.setCohortFlag(4, 'accessDisabled', false);
    await dataProvider.setCohortFlag(4, 'cancelled', true);
    await dataProvider.setCoachingCircleDates(4, { sessionOpenDate: '2031-02-01', sessionCloseDate: null });
    await dataProvider.syncCohortFromLms(4);
    expect(server.calls.map(route)).toEqual([
      'DELETE /api/cohorts/4',
      'PATCH /api/cohorts/4/undeleted',
      'POST /api/cohorts/publish',
      'PATCH /api/cohorts/4/useCoachingCircle',
      'PATCH /api/cohorts/4/accessDisabled',
      'PATCH /api/cohorts/4/cancelled',
      'PATCH /api/cohorts/4/coaching_circle_open_close_dates',
      'POST /api/cohorts/4/sync_from_d2l?dryRun=false',
    ]);
    expect(server.calls.map((c) => c.body)).toEqual([
      undefined,
      undefined,
      { cohortIds: [4, 7], published: true },
      { value: true },
      { value: false },
      { value: true },
      { sessionOpenDate: '2031-02-01', sessionCloseDate: null },
      undefined,
    ]);
  });

  test('cohort modules: sync answers the list; dates, group and delete use the spec paths; the generic calls reach the nested resources', async () => {
    const { server, dataProvider } = provider((url, init) => {
      if (init.method === 'DELETE') return { status: 204 };
      if (url.includes('/modules/sync') || url.includes('/cohort_modules?')) return list([{ id: 9, title: 'Welcome' }], 3);
      return { status: 200, body: { id: 9 } };
    });
    const synced = await dataProvider.syncCohortModules(4);
    expect(synced).toEqual({ data: [{ id: 9, title: 'Welcome' }], total: 3 });
    await dataProvider.setCohortModuleDate(4, 9, 'openDate', '2031-04-01');
    await dataProvider.setCohortModuleDate(4, 9, 'closeDate', null);
    await dataProvider.setCohortModuleGroup(4, 9, 2);
    await dataProvider.setCohortModuleGroup(4, 9, null);
    await dataProvider.deleteCohortModule(4, 9);
    await dataProvider.getList('cohorts/4/cohort-modules', { pagination: { page: 1, perPage: 10 }, sort: { field: 'displayOrder', order: 'ASC' }, filter: {} });
    await dataProvider.update('cohorts/4/cohort-modules', { id: 9, data: { title: 'Intro' }, previousData: { id: 9 } });
    await dataProvider.create('cohorts/4/skip-coaching-circle-sessions', { data: { sessionDate: '2031-07-04' } });
    await dataProvider.delete('cohorts/4/skip-coaching-circle-sessions', { id: 3 });
    expect(server.calls.map(route)).toEqual([
      'POST /api/cohorts/4/modules/sync',
      'PATCH /api/cohorts/4/cohort_modules/9/open_date',
      'PATCH /api/cohorts/4/cohort_modules/9/close_date',
      'PATCH /api/cohorts/4/cohort_modules/9/module_group',
      'PATCH /api/cohorts/4/cohort_modules/9/module_group',
      'DELETE /api/cohorts/4/modules/9',
      'GET /api/cohorts/4/cohort_modules?size=10&page=0&sortBy=displayOrder&descending=false',
      'PUT /api/cohorts/4/cohort_modules/9',
      'POST /api/cohorts/4/skip_coaching_circle_sessions',
      'DELETE /api/cohorts/4/skip_coaching_circle_sessions/3',
    ]);
    expect(server.calls.slice(1, 5).map((c) => c.body)).toEqual([{ openDate: '2031-04-01' }, { closeDate: null }, { moduleGroupId: 2 }, { moduleGroupId: null }]);
  });

  test("a refusal reaches the caller as an HttpError with the server's code and message", async () => {
    const refusal = { status: 409, code: 'COHORT_IN_PRODUCT', message: 'The cohort cannot be archived: it belongs to the product HCTP 2027' };
    const { dataProvider } = provider(() => ({ status: 409, body: refusal }));
    const error = await dataProvider.archiveCohort(4).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).body).toEqual(refusal);
    expect((error as HttpError).message).toBe('The cohort cannot be archived: it belongs to the product HCTP 2027');
  });
});
