import request from 'supertest';
import { adjustmentAmount, costAmount } from '../../admin/src/resources/products/productRecord';
import { MAX_COLUMN_MONEY, moneyCheck as moneyAmount, percentRateCheck as percentRate, termMonthsCheck as termMonths } from '../../domain/contract/fields';
import { Messages } from '../../models/messages';
import { categoryNamed, makeProduct } from '../support/catalogue-factories';
import { setupApp, type TestApp } from '../support/app';
import { bearer, makeAdmin } from '../support/factories';

/**
 * One rule for a request body's field (issue 16 §3): the console's form validators and the API's 400
 * are the same schemas of domain/contract/fields.ts. Each value below goes to the console's validator
 * and to the API in a real request; both accept it or both refuse it with the same message. (The
 * console's `moneyAmount`, `percentRate` and `termMonths` of admin/src/common/businessCategoryRecord.ts
 * are these checks — tests/admin/field-rules.test.ts says so —; the product form's are imported as they are.)
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await setupApp();
  token = (await makeAdmin(t.deps)).token;
});
afterAll(() => t.close());

/** The API's message for `field` (undefined when the field passed, whatever else the answer says). */
async function apiSays(path: string, body: Record<string, unknown>, field: string): Promise<string | undefined> {
  const res = await request(t.app).post(path).set(bearer(token)).send(body);
  expect([201, 400]).toContain(res.status);
  return (res.body.errors as Record<string, string> | undefined)?.[field];
}

const money: unknown[] = [0, 12.5, '12.50', MAX_COLUMN_MONEY, null, '', 12.345, -1, MAX_COLUMN_MONEY + 0.01, 10_000_000_000, 'abc', true];

test("money of the catalogue (a plan template's tuition, a product's cost): the console's check is the API's, value by value", async () => {
  const category = await categoryNamed();
  const seen: Array<[unknown, string | undefined, string | undefined, string | undefined]> = [];
  for (const value of money) {
    const api = await apiSays(`/api/business_categories/${category.id}/payment_plans`, { description: 'Rule check', tuitionPrice: value }, 'tuitionPrice');
    seen.push([value, api, moneyAmount(value), costAmount(value)]);
  }
  // Both refuse the same values with the same message, and accept the others.
  for (const [value, api, console, cost] of seen) expect([value, console, cost]).toEqual([value, api, api]);
  expect(seen.filter(([, api]) => api).map(([value]) => value)).toEqual([12.345, -1, MAX_COLUMN_MONEY + 0.01, 10_000_000_000, 'abc', true]);
  expect(new Set(seen.map(([, api]) => api))).toEqual(new Set([undefined, Messages.INVALID_VALUE]));
});

test("an adjustment's amount (required, above zero): the console's check is the API's", async () => {
  const product = await makeProduct({ withPlan: true });
  const plans = await request(t.app).get(`/api/products/${product.id}/product_payment_plans`).set(bearer(token));
  const path = `/api/products/${product.id}/product_payment_plans/${plans.body.content[0].id}/adjustments`;
  for (const value of [250.75, '10', 0, -5, null, '', 12.345, MAX_COLUMN_MONEY + 1, 'abc']) {
    const api = await apiSays(path, { description: 'Rule check', type: 'CREDIT', category: 'SCHOLARSHIP', amount: value }, 'amount');
    expect([value, adjustmentAmount(value)]).toEqual([value, api]);
  }
  expect(adjustmentAmount(null)).toBe(Messages.REQUIRED);
  expect(adjustmentAmount(0)).toBe(Messages.INVALID_VALUE);
});

test("rates in percent and terms in months: the console's checks are the API's", async () => {
  const category = await categoryNamed();
  const path = `/api/business_categories/${category.id}/payment_plans`;
  const plan = { description: 'Rule check', paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', totalTerm: 24, tuitionPrice: 6000 };
  for (const value of [0, 7.25, '9.9', 7.1234, 100, null, 7.12345, 100.5, -0.5, 'abc']) {
    expect([value, percentRate(value)]).toEqual([value, await apiSays(path, { ...plan, interestRate: value }, 'interestRate')]);
  }
  for (const value of [0, 12, '12', null, 12.5, -1, 601, 'abc']) {
    expect([value, termMonths(value)]).toEqual([value, await apiSays(path, { ...plan, amortizeTerm: value }, 'amortizeTerm')]);
  }
});
