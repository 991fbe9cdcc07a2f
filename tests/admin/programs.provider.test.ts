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

const session = (): Session => ({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 10_000_000, permissions: ['programs:read'] });
function provider(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
  return { server, dataProvider: createDataProvider(http) };
}
const list = (content: unknown[], total = content.length) => ({ status: 200, body: { content, pagination: { total, page: 0, size: 10 } } });

describe('programs through the data provider', () => {
  test('the keyword alone loads GET /programs; criteria (Show archived, languages) use find_by_criteria', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 1, name: 'HCTP' }], 1));
    await dataProvider.getList('programs', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'hctp' } });
    await dataProvider.getList('programs', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { deleted: true, languages: ['ES'], businessCategory: [], accelerated: undefined },
    });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/programs?size=10&page=0&sortBy=id&descending=false&keyword=hctp',
      'POST /api/programs/find_by_criteria?size=10&page=1&sortBy=name&descending=true',
    ]);
    expect(server.calls[1].body).toEqual({ deleted: true, languages: ['ES'] });
  });

  test('getMany looks programs up by ids through the criteria search', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 3 }, { id: 5 }]));
    await dataProvider.getMany('programs', { ids: [5, 3] });
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/programs/find_by_criteria?size=2&page=0&sortBy=id&descending=false', body: { ids: [5, 3] } });
  });

  test('archive, undelete, bundle, enrollment flow and the learning-system calls hit their paths', async () => {
    const { server, dataProvider } = provider((url, init) => ({
      status: init.method === 'DELETE' ? 204 : 200,
      body: init.method === 'DELETE' ? undefined : url.includes('enrollment') ? [] : { id: 4 },
    }));
    await dataProvider.archiveProgram(4);
    await dataProvider.undeleteProgram(4);
    await dataProvider.bundlePrograms(4);
    await dataProvider.setBundlePrograms(4, [7, 8]);
    await dataProvider.enrollmentFlowRequirements(4);
    await dataProvider.setEnrollmentFlowRequirements(4, [{ step: 'QUESTIONNAIRE', required: true }]);
    await dataProvider.programLmsCall(4, 'sync_from_d2l');
    await dataProvider.programLmsCall(4, 'sync_topic_videos_from_d2l');
    await dataProvider.programLmsCall(4, 'sync_academic_status');
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/programs/4',
      'PATCH /api/programs/4/undeleted',
      'GET /api/programs/4/programs',
      'POST /api/programs/4/programs',
      'GET /api/programs/4/enrollment_flow_requirements',
      'PUT /api/programs/4/enrollment_flow_requirements',
      'POST /api/programs/4/sync_from_d2l?dryRun=false',
      'POST /api/programs/4/sync_topic_videos_from_d2l?dryRun=false',
      'POST /api/programs/4/sync_academic_status?dryRun=false',
    ]);
    expect(server.calls[3].body).toEqual({ programIds: [7, 8] });
    expect(server.calls[5].body).toEqual([{ step: 'QUESTIONNAIRE', required: true }]);
  });

  test("a refused archive rejects with the server's 409 body", async () => {
    const body = { status: 409, code: 'PROGRAM_HAS_CURRENT_COHORTS', message: 'The program cannot be archived: it has current cohorts' };
    const { dataProvider } = provider(() => ({ status: 409, body }));
    const failure = await dataProvider.archiveProgram(4).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('The program cannot be archived: it has current cohorts');
    expect((failure as HttpError).body.code).toBe('PROGRAM_HAS_CURRENT_COHORTS');
  });
});
