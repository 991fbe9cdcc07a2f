/** @jest-environment node */
import { apiPath, createDataProvider } from '../../admin/src/providers/dataProvider';
import { createHttpClient, memorySessionStore, type Session } from '../../admin/src/providers/http';
import {
  extraProductsResource,
  modulesResource,
  plansResource,
  requirementsResource,
  lmsCategoriesResource,
  categoryLinesResource,
} from '../../admin/src/resources/programs/parts/partsRecord';

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
const list = (content: unknown[], total = content.length) => ({ status: 200, body: { content, pagination: { total, page: 0, size: 1000 } } });

function provider(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
  return { server, dataProvider: createDataProvider(http) };
}

describe('program parts: console resources and API paths', () => {
  test('each nested resource maps to its API path', () => {
    expect(apiPath(requirementsResource(5))).toBe('programs/5/graduation_requirements');
    expect(apiPath(lmsCategoriesResource(5, 'QUIZ'))).toBe('programs/5/quiz_categories');
    expect(apiPath(lmsCategoriesResource(5, 'ASSIGNMENT'))).toBe('programs/5/assignment_categories');
    expect(apiPath(plansResource(5))).toBe('programs/5/payment_plans');
    expect(apiPath(extraProductsResource(5))).toBe('programs/5/extra_products');
    expect(apiPath(modulesResource(5))).toBe('programs/5/program_modules');
    expect(apiPath('module-groups')).toBe('module_groups');
    expect(apiPath(categoryLinesResource(3))).toBe('business_categories/3/accounting_lines');
  });

  test('a modules page is GET .../program_modules with size 20, zero-based page and the sort', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 1, title: 'Week 1' }], 21));
    const answer = await dataProvider.getList(modulesResource(5), { pagination: { page: 2, perPage: 20 }, sort: { field: 'displayOrder', order: 'ASC' }, filter: {} });
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: '/api/programs/5/program_modules?size=20&page=1&sortBy=displayOrder&descending=false' });
    expect(answer).toEqual({ data: [{ id: 1, title: 'Week 1' }], total: 21 });
  });

  test('create, update and delete of a part use POST, PUT and DELETE on its nested path', async () => {
    const { server, dataProvider } = provider((_url, init) => ({
      status: init.method === 'DELETE' ? 204 : 200,
      body: init.method === 'DELETE' ? undefined : { id: 9, name: 'x' },
    }));
    await dataProvider.create(requirementsResource(5), { data: { name: 'Quizzes' } });
    await dataProvider.update(plansResource(5), { id: 9, data: { name: 'Plan' }, previousData: { id: 9 } });
    await dataProvider.delete(modulesResource(5), { id: 9, previousData: { id: 9 } });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/programs/5/graduation_requirements',
      'PUT /api/programs/5/payment_plans/9',
      'DELETE /api/programs/5/program_modules/9',
    ]);
    expect(server.calls[0].body).toEqual({ name: 'Quizzes' });
  });
});

describe('program parts: extra provider methods', () => {
  test('programExtraProducts lists one program’s extra products by name, the archived ones with deleted=true', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 4, name: 'Old workbook', deleted: true }]));
    const archived = await dataProvider.programExtraProducts(5, { deleted: true });
    await dataProvider.programExtraProducts(5);
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/programs/5/extra_products?deleted=true&size=1000&page=0&sortBy=name&descending=false',
      '/api/programs/5/extra_products?deleted=false&size=1000&page=0&sortBy=name&descending=false',
    ]);
    expect(archived).toEqual({ data: [{ id: 4, name: 'Old workbook', deleted: true }], total: 1 });
  });

  test('publishExtraProduct is PATCH .../publish?publish=true|false; archiveExtraProduct is DELETE', async () => {
    const { server, dataProvider } = provider((_url, init) => (init.method === 'DELETE' ? { status: 204 } : { status: 200, body: { id: 7, published: true } }));
    expect(await dataProvider.publishExtraProduct(5, 7, true)).toEqual({ id: 7, published: true });
    await dataProvider.publishExtraProduct(5, 7, false);
    await dataProvider.archiveExtraProduct(5, 7);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/programs/5/extra_products/7/publish?publish=true',
      'PATCH /api/programs/5/extra_products/7/publish?publish=false',
      'DELETE /api/programs/5/extra_products/7',
    ]);
  });

  test('moduleGroups reads every group by name; createModuleGroup posts the name', async () => {
    const { server, dataProvider } = provider((_url, init) =>
      init.method === 'POST' ? { status: 201, body: { id: 3, name: 'Capstone' } } : list([{ id: 1, name: 'Foundations' }]),
    );
    expect(await dataProvider.moduleGroups()).toEqual([{ id: 1, name: 'Foundations' }]);
    expect(await dataProvider.createModuleGroup('Capstone')).toEqual({ id: 3, name: 'Capstone' });
    expect(server.calls).toEqual([
      { method: 'GET', url: '/api/module_groups?size=1000&page=0&sortBy=name&descending=false', body: undefined },
      { method: 'POST', url: '/api/module_groups', body: { name: 'Capstone' } },
    ]);
  });

  test('a 409 reaches the caller as an HttpError with the server’s code and message', async () => {
    const { dataProvider } = provider(() => ({ status: 409, body: { status: 409, code: 'EXTRA_PRODUCT_ARCHIVED', message: 'The extra product is archived' } }));
    await expect(dataProvider.publishExtraProduct(5, 7, true)).rejects.toMatchObject({
      status: 409,
      message: 'The extra product is archived',
      body: { code: 'EXTRA_PRODUCT_ARCHIVED' },
    });
  });
});
