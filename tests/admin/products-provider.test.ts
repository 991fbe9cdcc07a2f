/** @jest-environment node */
import { apiPath, createDataProvider } from '../../admin/src/providers/dataProvider';
import { createHttpClient, HttpError, memorySessionStore, type Session } from '../../admin/src/providers/http';
import { adjustmentsResource, productPlansResource } from '../../admin/src/resources/products/productRecord';

/** A fake transport: records every call and answers from a function. */
function fakeServer(answer: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body } = answer(url, init);
    return new Response(body === undefined || body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch };
}

const session = (): Session => ({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 10_000_000, permissions: ['products:read'] });
const list = (content: unknown[], total = content.length) => ({ status: 200, body: { content, pagination: { total, page: 0, size: 10 } } });

function provider(answer: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answer);
  const http = createHttpClient({ store: memorySessionStore(session()), fetch: server.fetch, now: () => 0 });
  return { server, dataProvider: createDataProvider(http) };
}

describe('products: the data provider extra methods', () => {
  test('archive is DELETE /products/{id}; undelete PATCH /products/{id}/undeleted answers the product', async () => {
    const { server, dataProvider } = provider((url) => (url.endsWith('/undeleted') ? { status: 200, body: { id: 5, deleted: false } } : { status: 204 }));
    await dataProvider.archiveProduct(5);
    const back = await dataProvider.undeleteProduct(5);
    expect(back).toEqual({ id: 5, deleted: false });
    expect(server.calls).toEqual([
      { url: '/api/products/5', method: 'DELETE', body: undefined },
      { url: '/api/products/5/undeleted', method: 'PATCH', body: undefined },
    ]);
  });

  test('publish is POST /products/{id}/publish; unpublish adds ?publish=false', async () => {
    const { server, dataProvider } = provider(() => ({ status: 200, body: { id: 5, published: true } }));
    await dataProvider.publishProduct(5);
    await dataProvider.publishProduct(5, false);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/products/5/publish', 'POST /api/products/5/publish?publish=false']);
  });

  test("a publish refusal rejects with the server's 409 body and message", async () => {
    const refusal = { status: 409, code: 'PRODUCT_PUBLISH_REQUIREMENTS', message: 'A product needs a payment plan and a product item to be published' };
    const { dataProvider } = provider(() => ({ status: 409, body: refusal }));
    const error = await dataProvider.publishProduct(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe(refusal.message);
    expect((error as HttpError).body.code).toBe('PRODUCT_PUBLISH_REQUIREMENTS');
  });

  test('the enrolling status is GET /products/{id}/check_enrolling_status', async () => {
    const status = { enrolling: true, enrollingStartDate: '2026-01-01', enrollingEndDate: '2026-12-31', today: '2026-06-01' };
    const { server, dataProvider } = provider(() => ({ status: 200, body: status }));
    expect(await dataProvider.productEnrollingStatus(9)).toEqual(status);
    expect(server.calls[0]).toEqual({ url: '/api/products/9/check_enrolling_status', method: 'GET', body: undefined });
  });

  test('the plan templates are one page of 1000 of GET /business_categories/payment_plans, by description', async () => {
    const { server, dataProvider } = provider(() =>
      list([
        { id: 1, description: 'Pay in full' },
        { id: 2, description: 'Monthly' },
      ]),
    );
    expect(await dataProvider.paymentPlanTemplates()).toEqual([
      { id: 1, description: 'Pay in full' },
      { id: 2, description: 'Monthly' },
    ]);
    expect(server.calls[0].url).toBe('/api/business_categories/payment_plans?size=1000&page=0&sortBy=description&descending=false');
  });
});

describe('products: the generic calls', () => {
  test('criteria (published, enrolling, flowTypes, deleted) go to find_by_criteria with the keyword in the query', async () => {
    const { server, dataProvider } = provider(() => list([{ id: 1 }], 1));
    await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'hctp', published: true, enrolling: false, flowTypes: [], deleted: true, savedFilterId: 2 },
    });
    expect(server.calls[0]).toEqual({
      url: '/api/products/find_by_criteria?size=10&page=0&sortBy=id&descending=false&keyword=hctp',
      method: 'POST',
      body: { published: true, enrolling: false, deleted: true },
    });
  });

  test("a product's plans and a plan's adjustments are nested resources on the API's paths", async () => {
    expect(apiPath(productPlansResource(5))).toBe('products/5/product_payment_plans');
    expect(apiPath(adjustmentsResource(5, 7))).toBe('products/5/product_payment_plans/7/adjustments');
    const { server, dataProvider } = provider((url, init) => (init.method === 'GET' ? list([]) : { status: 201, body: { id: 3 } }));
    await dataProvider.getList(productPlansResource(5), { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await dataProvider.create(adjustmentsResource(5, 7), { data: { description: 'Promo', type: 'CREDIT', category: 'PROMO', amount: 50 } });
    await dataProvider.delete(adjustmentsResource(5, 7), { id: 3, previousData: { id: 3 } });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/products/5/product_payment_plans?size=100&page=0&sortBy=id&descending=false',
      'POST /api/products/5/product_payment_plans/7/adjustments',
      'DELETE /api/products/5/product_payment_plans/7/adjustments/3',
    ]);
    expect(server.calls[1].body).toEqual({ description: 'Promo', type: 'CREDIT', category: 'PROMO', amount: 50 });
  });
});
