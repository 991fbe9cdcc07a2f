import request from 'supertest';
import { Application, FailedPayment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { Messages } from '../../models/messages';
import { recomputeFinancialStatus } from '../../api/billing/financial-status';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * One source of truth for the financial status and days overdue (issue 15): the application, its
 * plan, the plan detail, the lists (their filters and sorts), the financial-status report, the failed
 * payments and the billing dashboard say the same standing, from the plan's oldest unpaid due date
 * and today, whether or not the nightly recompute has run.
 */

let t: TestApp;
let finance: string;
let full: EnrollableProduct;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  finance = (await makeAdmin(t.deps, { roles: ['FINANCE'] })).token;
  full = await makeEnrollableProduct({ payInFull: true });
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const daysBefore = (n: number) => {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
};
const send = (method: 'get' | 'post' | 'patch', path: string, body?: unknown, token = finance) =>
  request(t.app)
    [method](path)
    .set(bearer(token))
    .send(body as object);

/** A pay-in-full plan whose one entry fell due `daysAgo` days ago, as the ledger leaves it (no recompute since). */
async function dueDaysAgo(daysAgo: number): Promise<EnrolledPlan> {
  const e = await makeEnrolledPlan(t.deps, { enrollable: full });
  await PaymentSchedule.update({ dueDate: daysBefore(daysAgo) }, { where: { studentPaymentPlanId: e.plan.id } });
  await StudentPaymentPlan.update({ nextDueDate: daysBefore(daysAgo), firstPaymentDate: daysBefore(daysAgo) }, { where: { id: e.plan.id } });
  return e;
}

async function stored(e: EnrolledPlan) {
  const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
  const application = (await Application.findByPk(e.application.id))!;
  return { plan: [plan.financialStatus, plan.daysOverdue], application: [application.financialStatus, application.daysOverdue] };
}

const planIds = (res: request.Response) => (res.body.content as Array<{ id: number }>).map((r) => r.id);

describe('financial status and days overdue', () => {
  test('a plan 31 days past due, the recompute never run: the application, its plan, the plan detail and every list say PAST_DUE and 31 days', async () => {
    const e = await dueDaysAgo(31);
    const students = [e.student.student.id];
    const before = await stored(e);

    const application = await send('get', `/api/applications/${e.application.id}`);
    expect(application.status).toBe(200);
    expect(application.body).toMatchObject({ financialStatus: 'PAST_DUE', daysOverdue: 31, paymentPlan: { id: e.plan.id, financialStatus: 'PAST_DUE' } });
    const ownView = await send('get', `/api/applications/${e.application.id}`, undefined, e.student.token);
    expect(ownView.body).toMatchObject({ financialStatus: 'PAST_DUE', daysOverdue: 31 });

    const applicationPlans = await send('get', `/api/applications/${e.application.id}/payment_plans`);
    expect(applicationPlans.body[0]).toMatchObject({ id: e.plan.id, financialStatus: 'PAST_DUE', daysOverdue: 31 });
    const detail = await send('get', `/api/payment_plans/${e.plan.id}`);
    expect(detail.body).toMatchObject({ financialStatus: 'PAST_DUE', daysOverdue: 31, nextDueDate: daysBefore(31) });
    const studentPlans = await send('get', `/api/students/${e.student.student.id}/payment_plans`, undefined, e.student.token);
    expect(studentPlans.body[0]).toMatchObject({ financialStatus: 'PAST_DUE', daysOverdue: 31 });

    const pastDue = await send('post', '/api/payment_plans/find_by_criteria', { students, financialStatuses: ['PAST_DUE'] });
    expect(pastDue.body.content).toEqual([expect.objectContaining({ id: e.plan.id, financialStatus: 'PAST_DUE', daysOverdue: 31 })]);
    expect(planIds(await send('post', '/api/payment_plans/find_by_criteria', { students, financialStatuses: ['GOOD'] }))).toEqual([]);
    expect(planIds(await send('post', '/api/payment_plans/find_by_criteria', { students, daysOverdue: { min: 31, max: 31 } }))).toEqual([e.plan.id]);
    expect(planIds(await send('post', '/api/payment_plans/find_by_criteria', { students, daysOverdue: { min: 0, max: 30 } }))).toEqual([]);
    const report = await send('post', '/api/payment_plans/financial_status', { students });
    expect(report.body.content).toEqual([expect.objectContaining({ planId: e.plan.id, financialStatus: 'PAST_DUE', daysOverdue: 31 })]);
    const csv = await send('post', '/api/payment_plans/financial_status_csv', { students });
    expect(csv.text.trim().split('\n')[1]).toContain(',Past due,31,');

    const applications = await send('post', '/api/applications/find_by_criteria', { studentIds: students, paymentStatuses: ['PAST_DUE'] });
    expect(applications.body.content).toEqual([expect.objectContaining({ id: e.application.id, financialStatus: 'PAST_DUE', daysOverdue: 31 })]);
    expect((await send('post', '/api/applications/find_by_criteria', { studentIds: students, paymentStatuses: ['GOOD'] })).body.content).toEqual([]);

    // Reading wrote nothing: the answers do not wait for the recompute.
    expect(await stored(e)).toEqual(before);
  });

  test('the thresholds (due today 0, 59, 60, 120 days) and the sorts by days overdue and by status', async () => {
    const plans = { today: await dueDaysAgo(0), d59: await dueDaysAgo(59), d60: await dueDaysAgo(60), d120: await dueDaysAgo(120) };
    const students = Object.values(plans).map((e) => e.student.student.id);
    const expected = { today: ['GOOD', 0], d59: ['PAST_DUE', 59], d60: ['COLLECTIONS', 60], d120: ['COLLECTIONS_2', 120] };
    for (const [key, e] of Object.entries(plans)) {
      const detail = await send('get', `/api/payment_plans/${e.plan.id}`);
      expect([key, detail.body.financialStatus, detail.body.daysOverdue]).toEqual([key, ...expected[key as keyof typeof expected]]);
      const application = await send('get', `/api/applications/${e.application.id}`);
      expect([key, application.body.financialStatus, application.body.daysOverdue]).toEqual([key, ...expected[key as keyof typeof expected]]);
    }
    const byDays = await send('post', '/api/payment_plans/find_by_criteria?sortBy=daysOverdue&descending=true', { students });
    expect(planIds(byDays)).toEqual([plans.d120.plan.id, plans.d60.plan.id, plans.d59.plan.id, plans.today.plan.id]);
    const byStatus = await send('post', '/api/payment_plans/find_by_criteria?sortBy=financialStatus', { students });
    expect(byStatus.body.content.map((r: { financialStatus: string }) => r.financialStatus)).toEqual(['COLLECTIONS', 'COLLECTIONS_2', 'GOOD', 'PAST_DUE']);
    const applicationsByDays = await send('post', '/api/applications/find_by_criteria?sortBy=daysOverdue&descending=true', { studentIds: students });
    expect(planIds(applicationsByDays)).toEqual([plans.d120.application.id, plans.d60.application.id, plans.d59.application.id, plans.today.application.id]);
    const collections = await send('post', '/api/applications/find_by_criteria', { studentIds: students, paymentStatuses: ['COLLECTIONS', 'COLLECTIONS_2'] });
    expect(planIds(collections).sort()).toEqual([plans.d60.application.id, plans.d120.application.id].sort());
  });

  test('a plan in bankruptcy keeps the status staff set, and its application follows; on a plan that follows its dates a status by hand is refused', async () => {
    const bankrupt = await dueDaysAgo(10);
    expect((await send('patch', `/api/payment_plans/${bankrupt.plan.id}/bankruptcy`, { bankruptcy: true })).status).toBe(200);
    const set = await send('patch', `/api/payment_plans/${bankrupt.plan.id}/financial_status`, { financialStatus: 'COLLECTIONS' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ financialStatus: 'COLLECTIONS', bankruptcy: true });
    expect((await StudentPaymentPlan.findByPk(bankrupt.plan.id))!.financialStatus).toBe('COLLECTIONS');
    expect((await send('get', `/api/applications/${bankrupt.application.id}`)).body).toMatchObject({
      financialStatus: 'COLLECTIONS',
      paymentPlan: { financialStatus: 'COLLECTIONS' },
    });

    const dated = await dueDaysAgo(10);
    const refused = await send('patch', `/api/payment_plans/${dated.plan.id}/financial_status`, { financialStatus: 'COLLECTIONS' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE', message: Messages.FINANCIAL_STATUS_FOLLOWS_DAYS_OVERDUE });
    expect((await StudentPaymentPlan.findByPk(dated.plan.id))!.financialStatus).toBe('GOOD');
    expect((await send('get', `/api/payment_plans/${dated.plan.id}`)).body).toMatchObject({ financialStatus: 'PAST_DUE', daysOverdue: 10 });
  });

  test('the failed payments and the billing dashboard count the same standing; the recompute then stores what was already answered', async () => {
    const dashboard = async () =>
      (await send('get', '/api/billing/dashboard')).body as { collections: { count: number }; byFinancialStatus: Array<{ financialStatus: string; count: number }> };
    const count = (d: Awaited<ReturnType<typeof dashboard>>, s: string) => d.byFinancialStatus.find((r) => r.financialStatus === s)!.count;
    const before = await dashboard();
    const e = await dueDaysAgo(70);
    const after = await dashboard();
    expect(after.collections.count - before.collections.count).toBe(1);
    expect(count(after, 'COLLECTIONS') - count(before, 'COLLECTIONS')).toBe(1);
    expect(count(after, 'GOOD') - count(before, 'GOOD')).toBe(0);

    const failed = await FailedPayment.create({
      studentId: e.student.student.id,
      applicationId: e.application.id,
      studentPaymentPlanId: e.plan.id,
      paymentScheduleId: e.entries[0].id,
      source: 'AUTO_PAY',
      amountToBePaid: 100,
      failureMessage: 'Your card was declined',
      failedAt: new Date(),
      nextRetryDate: null,
      updatedById: null,
      updatedByName: null,
    });
    const found = await send('post', '/api/failed_payments/find_by_criteria', { students: [e.student.student.id], daysOverdue: { min: 70, max: 70 } });
    expect(found.body.content).toEqual([expect.objectContaining({ id: failed.id, plan: expect.objectContaining({ daysOverdue: 70, financialStatus: 'COLLECTIONS' }) })]);

    await recomputeFinancialStatus(today);
    expect(await stored(e)).toEqual({ plan: ['COLLECTIONS', 70], application: ['COLLECTIONS', 70] });
    expect((await send('get', `/api/applications/${e.application.id}`)).body).toMatchObject({ financialStatus: 'COLLECTIONS', daysOverdue: 70 });
  });
});
