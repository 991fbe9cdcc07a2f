import request from 'supertest';
import { Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { applyPayment, toCents } from '../../api/billing/ledger';
import { addMonths } from '../../api/payment-plans/schedule';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, makeStudent } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * GET /api/billing/dashboard (issue 6): the console's billing figures. Tables are shared, so each
 * assertion compares the figures before and after this test's own rows.
 */

let t: TestApp;
let support: string;
let interest: EnrollableProduct;
let full: EnrollableProduct;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  support = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  interest = await makeEnrollableProduct();
  full = await makeEnrollableProduct({ payInFull: true });
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

type Dashboard = {
  collections: { count: number; amount: number };
  pastDue: { count: number; amount: number };
  upcoming: { next30Days: { count: number; amount: number } };
  byFinancialStatus: Array<{ financialStatus: string; count: number; balance: number }>;
  collectedByMonth: Array<{ month: string; amount: number }>;
  upcomingByWeek: Array<{ weekStart: string; amount: number }>;
};

async function dashboard(): Promise<Dashboard> {
  const res = await request(t.app).get('/api/billing/dashboard').set(bearer(support));
  expect(res.status).toBe(200);
  return res.body;
}

const addDays = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const c = (v: number) => Math.round(v * 100);

async function pay(e: EnrolledPlan, dollars: number, paymentDate: string) {
  await t.deps.sequelize.transaction(async (transaction) => {
    const payment = await Payment.create(
      { studentId: e.plan.studentId, applicationId: e.plan.applicationId, studentPaymentPlanId: e.plan.id, type: 'EXTERNAL', channel: 'CHECK', amount: dollars, paymentDate },
      { transaction },
    );
    await applyPayment(payment, today, transaction);
  });
}

describe('GET /api/billing/dashboard', () => {
  test('every figure moves by exactly what this test adds', async () => {
    const before = await dashboard();
    expect(before.byFinancialStatus.map((r) => r.financialStatus)).toEqual(['GOOD', 'PAST_DUE', 'COLLECTIONS', 'COLLECTIONS_2']);
    expect(before.collectedByMonth).toHaveLength(12);
    expect(before.collectedByMonth[11].month).toBe(today.slice(0, 7));
    expect(before.upcomingByWeek.map((w) => w.weekStart)).toEqual(Array.from({ length: 8 }, (_, i) => addDays(today, i * 7)));

    // A: three months behind, in collections; the deposit paid by check two months ago (recorded now).
    const a = await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 3 });
    const twoMonthsAgo = addMonths(today, -2);
    await pay(a, 500, twoMonthsAgo);
    await StudentPaymentPlan.update({ financialStatus: 'COLLECTIONS', daysOverdue: 70, pastDueAmount: 1234.56 }, { where: { id: a.plan.id } });
    // B: pay in full, due today, half paid today.
    const b = await makeEnrolledPlan(t.deps, { enrollable: full });
    await pay(b, 1000, today);
    // C: concluded plans count nowhere.
    const cPlan = await makeEnrolledPlan(t.deps, { enrollable: full });
    await StudentPaymentPlan.update({ status: 'CONCLUDED', financialStatus: 'COLLECTIONS', pastDueAmount: 50 }, { where: { id: cPlan.plan.id } });

    const after = await dashboard();
    const aPlan = (await StudentPaymentPlan.findByPk(a.plan.id))!;
    const bPlan = (await StudentPaymentPlan.findByPk(b.plan.id))!;
    expect(after.collections.count - before.collections.count).toBe(1);
    expect(c(after.collections.amount) - c(before.collections.amount)).toBe(toCents(aPlan.balance));
    expect(after.pastDue.count - before.pastDue.count).toBe(1);
    expect(c(after.pastDue.amount) - c(before.pastDue.amount)).toBe(123_456);

    // Upcoming: unpaid entries of A and B due from today to today + 29, with what is left on them.
    const mine = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: [a.plan.id, b.plan.id] } });
    const left = (e: PaymentSchedule) => toCents(e.amount) + toCents(e.taxAmount) - toCents(e.paidAmount);
    const next30 = mine.filter((e) => e.status !== 'PAID' && e.dueDate >= today && e.dueDate <= addDays(today, 29));
    expect(next30.length).toBeGreaterThanOrEqual(2);
    expect(after.upcoming.next30Days.count - before.upcoming.next30Days.count).toBe(next30.length);
    expect(c(after.upcoming.next30Days.amount) - c(before.upcoming.next30Days.amount)).toBe(next30.reduce((s, e) => s + left(e), 0));
    for (let w = 0; w < 8; w++) {
      const inWeek = mine.filter((e) => e.status !== 'PAID' && e.dueDate >= addDays(today, w * 7) && e.dueDate <= addDays(today, w * 7 + 6));
      expect([w, c(after.upcomingByWeek[w].amount) - c(before.upcomingByWeek[w].amount)]).toEqual([w, inWeek.reduce((s, e) => s + left(e), 0)]);
    }
    expect(c(after.upcomingByWeek[0].amount) - c(before.upcomingByWeek[0].amount)).toBeGreaterThanOrEqual(515_000);

    const status = (d: Dashboard, s: string) => d.byFinancialStatus.find((r) => r.financialStatus === s)!;
    expect(status(after, 'COLLECTIONS').count - status(before, 'COLLECTIONS').count).toBe(1);
    expect(c(status(after, 'COLLECTIONS').balance) - c(status(before, 'COLLECTIONS').balance)).toBe(toCents(aPlan.balance));
    expect(status(after, 'GOOD').count - status(before, 'GOOD').count).toBe(1);
    expect(c(status(after, 'GOOD').balance) - c(status(before, 'GOOD').balance)).toBe(toCents(bPlan.balance));

    const month = (d: Dashboard, m: string) => c(d.collectedByMonth.find((r) => r.month === m)!.amount);
    expect(month(after, today.slice(0, 7)) - month(before, today.slice(0, 7))).toBe(100_000);
    expect(month(after, twoMonthsAgo.slice(0, 7)) - month(before, twoMonthsAgo.slice(0, 7))).toBe(50_000);
  });

  test('401 without a token; 403 for a student', async () => {
    expect((await request(t.app).get('/api/billing/dashboard')).status).toBe(401);
    const s = await makeStudent(t.deps);
    expect((await request(t.app).get('/api/billing/dashboard').set(bearer(s.token))).status).toBe(403);
  });
});
