import request from 'supertest';
import { routeRegistry } from '../../api/common/route';
import { bearer, makeAdmin } from '../support/factories';
import { setupApp, type TestApp } from '../support/app';

/**
 * The contract the route pipeline promises for every route at once (api/common/route.ts,
 * api/common/openapi.ts): what OpenAPI says a body requires is what validation requires.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
describe('OpenAPI request bodies and validation come from one schema', () => {
  test("every route's OpenAPI requestBody requires exactly the fields its validator refuses to miss", async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>> };
    const withBody = routeRegistry.filter((r) => r.body);
    const mismatches: string[] = [];
    let checked = 0;
    for (const r of withBody) {
      const schema = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method].requestBody!.content['application/json'].schema;
      if (schema.type !== 'object' || !schema.properties) continue; // an array body (answers) has no fields to require
      checked += 1;
      // The validator the pipeline runs on this route's body, given an empty object: every field it cannot do without is named.
      const result = r.body!.safeParse({});
      const refused = result.success ? [] : result.error.issues.map((i) => String(i.path[0] ?? '')).filter((k) => k in schema.properties!);
      const validatorRequires = [...new Set(refused)].sort();
      const openApiRequires = [...(schema.required ?? [])].sort();
      if (JSON.stringify(validatorRequires) !== JSON.stringify(openApiRequires)) {
        mismatches.push(`${r.method.toUpperCase()} ${r.path}: OpenAPI requires [${openApiRequires}], validation requires [${validatorRequires}]`);
      }
    }
    expect(checked).toBeGreaterThan(90);
    expect(mismatches).toEqual([]);
  });

  test('POST /students/{id}/payment_plans/{planId}/payments: OpenAPI requires type and amount, as validation does', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body;
    const body = doc.paths['/api/students/{id}/payment_plans/{planId}/payments'].post.requestBody.content['application/json'].schema;
    expect([...body.required].sort()).toEqual(['amount', 'type']);
    const res = await request(t.app).post('/api/students/999999/payment_plans/999999/payments').set(bearer(admin.token)).send({ type: 'INSTALLMENT' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ amount: 'This field is required' });
  });
});
