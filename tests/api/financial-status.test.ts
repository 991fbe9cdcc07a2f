import { Application, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { recomputeFinancialStatus } from '../../api/billing/financial-status';
import { applyPayment, financialStatusOf, planPosition, toCents } from '../../api/billing/ledger';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * The nightly financial-status recompute (domain rules "Payment plans and payments"; issue 6): days
 * overdue = today − the oldest unpaid due date; GOOD 0, PAST_DUE 1–59, COLLECTIONS 60–119,
 * COLLECTIONS_2 120+; ACTIVE plans not in bankruptcy only; the applications follow. Runs on SQLite
 * and (npm run test:mysql) MariaDB with the same statements.
 */

let t: TestApp;
let interest: EnrollableProduct;
let full: EnrollableProduct;
const today = schoolToday();

beforeAll(async () => {
  t = await setupApp();
  interest = await makeEnrollableProduct();
  full = await makeEnrollableProduct({ payInFull: true });
});
afterEach(() => expectLedgerConsistent());
afterAll(() => t.close());

const daysBefore = (n: number) => {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

async function state(e: EnrolledPlan) {
  const plan = (await StudentPaymentPlan.findByPk(e.plan.id))!;
  const application = (await Application.findByPk(e.application.id))!;
  return {
    financialStatus: plan.financialStatus,
    daysOverdue: plan.daysOverdue,
    nextDueDate: plan.nextDueDate,
    pastDueAmount: toCents(plan.pastDueAmount),
    application: [application.financialStatus, application.daysOverdue],
  };
}

/** A pay-in-full plan whose one entry is due `daysAgo` days before today. */
async function dueDaysAgo(daysAgo: number) {
  const e = await makeEnrolledPlan(t.deps, { enrollable: full });
  await PaymentSchedule.update({ dueDate: daysBefore(daysAgo) }, { where: { studentPaymentPlanId: e.plan.id } });
  // What the ledger keeps at every movement: the oldest unpaid due date (time alone does not move it).
  await StudentPaymentPlan.update({ nextDueDate: daysBefore(daysAgo) }, { where: { id: e.plan.id } });
  return e;
}

describe('recomputeFinancialStatus(today)', () => {
  test('backdated plans: status, days overdue, next due date and past-due amount as the ledger reads them; applications follow', async () => {
    const plans = {
      current: await makeEnrolledPlan(t.deps, { enrollable: interest }),
      oneMonth: await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 1 }),
      threeMonths: await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 3 }),
      fiveMonths: await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 5 }),
    };
    const result = await recomputeFinancialStatus(today);
    expect(result.plans).toBeGreaterThanOrEqual(4);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    const expected = { current: 'GOOD', oneMonth: 'PAST_DUE', threeMonths: 'COLLECTIONS', fiveMonths: 'COLLECTIONS_2' };
    for (const [key, e] of Object.entries(plans)) {
      const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: e.plan.id }, order: [['number', 'ASC']] });
      const pos = planPosition(entries, today);
      const s = await state(e);
      expect([key, s.financialStatus]).toEqual([key, expected[key as keyof typeof expected]]);
      expect(s.financialStatus).toBe(financialStatusOf(pos.daysOverdue));
      expect(s.daysOverdue).toBe(pos.daysOverdue);
      expect(s.daysOverdue).toBe(daysBetween(entries[0].dueDate, today));
      expect(s.nextDueDate).toBe(entries[0].dueDate);
      expect(s.pastDueAmount).toBe(pos.pastDueCents);
      expect(s.application).toEqual([s.financialStatus, s.daysOverdue]);
    }
    expect((await state(plans.current)).pastDueAmount).toBe(0);
  });

  test('the thresholds to the day: 1, 59, 60, 119, 120 days', async () => {
    const cases: Array<[number, string]> = [
      [1, 'PAST_DUE'],
      [59, 'PAST_DUE'],
      [60, 'COLLECTIONS'],
      [119, 'COLLECTIONS'],
      [120, 'COLLECTIONS_2'],
    ];
    const made = [];
    for (const [days] of cases) made.push(await dueDaysAgo(days));
    await recomputeFinancialStatus(today);
    for (let i = 0; i < cases.length; i++) {
      const s = await state(made[i]);
      expect([cases[i][0], s.financialStatus, s.daysOverdue, s.pastDueAmount]).toEqual([cases[i][0], cases[i][1], cases[i][0], 615_000]);
    }
  });

  test('a payment of the oldest entry moves the status to the next unpaid one; a plan with nothing overdue goes back to GOOD / 0', async () => {
    const e = await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 3 });
    await recomputeFinancialStatus(today);
    expect((await state(e)).financialStatus).toBe('COLLECTIONS');
    // Pay everything due before today: the deposit and two installments.
    const due = e.entries.filter((x) => x.dueDate < today);
    const amount = due.reduce((s, x) => s + toCents(x.amount), 0) / 100;
    await t.deps.sequelize.transaction(async (transaction) => {
      const payment = await Payment.create(
        { studentId: e.plan.studentId, applicationId: e.plan.applicationId, studentPaymentPlanId: e.plan.id, type: 'EXTERNAL', channel: 'CHECK', amount, paymentDate: today },
        { transaction },
      );
      await applyPayment(payment, today, transaction);
    });
    // Someone set a stale status by hand: the recompute puts it right.
    await StudentPaymentPlan.update({ financialStatus: 'COLLECTIONS_2', daysOverdue: 400 }, { where: { id: e.plan.id } });
    await recomputeFinancialStatus(today);
    expect(await state(e)).toEqual({ financialStatus: 'GOOD', daysOverdue: 0, nextDueDate: today, pastDueAmount: 0, application: ['GOOD', 0] });
  });

  test('plans in bankruptcy and plans not ACTIVE are left as they are', async () => {
    const bankrupt = await dueDaysAgo(90);
    await StudentPaymentPlan.update({ bankruptcy: true, financialStatus: 'GOOD' }, { where: { id: bankrupt.plan.id } });
    const concluded = await dueDaysAgo(90);
    await StudentPaymentPlan.update({ status: 'CONCLUDED' }, { where: { id: concluded.plan.id } });
    await recomputeFinancialStatus(today);
    for (const e of [bankrupt, concluded]) {
      expect(await state(e)).toMatchObject({ financialStatus: 'GOOD', daysOverdue: 0, pastDueAmount: 0, application: ['GOOD', 0] });
    }
    // Lifting bankruptcy brings it back under the recompute.
    await StudentPaymentPlan.update({ bankruptcy: false }, { where: { id: bankrupt.plan.id } });
    await recomputeFinancialStatus(today);
    expect(await state(bankrupt)).toMatchObject({ financialStatus: 'COLLECTIONS', daysOverdue: 90, pastDueAmount: 615_000, application: ['COLLECTIONS', 90] });
  });

  test('an application takes the worst of its ACTIVE plans', async () => {
    const e = await dueDaysAgo(10);
    // A second ACTIVE plan on the same application, 130 days overdue (written straight into the tables).
    const other = await StudentPaymentPlan.create({
      applicationId: e.application.id,
      studentId: e.plan.studentId,
      productPaymentPlanId: null,
      voucherId: null,
      name: 'Second',
      description: null,
      paymentPlanType: 'PAY_IN_FULL',
      paymentScheduleType: 'FIXED_TERMS',
      frequency: 'MONTHLY',
      frequencyUnit: 'MONTHS',
      interestRate: null,
      flowType: null,
      firstPaymentDate: daysBefore(130),
      lastPaymentDate: daysBefore(130),
      updatedById: null,
      updatedByName: null,
      totalOwed: 10,
      balance: 10,
      nextDueDate: daysBefore(130),
    });
    await PaymentSchedule.create({ studentPaymentPlanId: other.id, number: 1, kind: 'INSTALLMENT', dueDate: daysBefore(130), principal: 10, interest: 0, amount: 10, balance: 0 });
    await recomputeFinancialStatus(today);
    expect((await state(e)).financialStatus).toBe('PAST_DUE');
    expect((await Application.findByPk(e.application.id))!.financialStatus).toBe('COLLECTIONS_2');
    expect((await Application.findByPk(e.application.id))!.daysOverdue).toBe(130);
    await other.update({ status: 'CANCELLED' });
    await recomputeFinancialStatus(today);
    expect((await state(e)).application).toEqual(['PAST_DUE', 10]);
  });
});

describe('recomputeFinancialStatus(today, { chunk })', () => {
  test('in ranges of one id (many statements, two at a time on MariaDB) every plan and application gets the same answer', async () => {
    const made = [await dueDaysAgo(3), await dueDaysAgo(75), await dueDaysAgo(150), await makeEnrolledPlan(t.deps, { enrollable: interest })];
    await StudentPaymentPlan.update({ financialStatus: 'COLLECTIONS_2', daysOverdue: 999, pastDueAmount: 1 }, { where: { id: made.map((e) => e.plan.id) } });
    await Application.update({ financialStatus: 'GOOD', daysOverdue: 0 }, { where: { id: made.map((e) => e.application.id) } });
    await recomputeFinancialStatus(today, { chunk: 1 });
    expect(await Promise.all(made.map(state))).toEqual([
      expect.objectContaining({ financialStatus: 'PAST_DUE', daysOverdue: 3, pastDueAmount: 615_000, application: ['PAST_DUE', 3] }),
      expect.objectContaining({ financialStatus: 'COLLECTIONS', daysOverdue: 75, pastDueAmount: 615_000, application: ['COLLECTIONS', 75] }),
      expect.objectContaining({ financialStatus: 'COLLECTIONS_2', daysOverdue: 150, pastDueAmount: 615_000, application: ['COLLECTIONS_2', 150] }),
      expect.objectContaining({ financialStatus: 'GOOD', daysOverdue: 0, pastDueAmount: 0, application: ['GOOD', 0] }),
    ]);
  });
});

describe('recomputeFinancialStatus(today, { rebuild: true })', () => {
  test('a rebuild also puts a next due date edited by hand back to the oldest unpaid entry', async () => {
    const e = await makeEnrolledPlan(t.deps, { enrollable: interest, backdateMonths: 2 });
    await StudentPaymentPlan.update({ nextDueDate: today }, { where: { id: e.plan.id } });
    await recomputeFinancialStatus(today);
    expect((await state(e)).financialStatus).toBe('GOOD');
    await recomputeFinancialStatus(today, { rebuild: true });
    const days = daysBetween(e.entries[0].dueDate, today);
    expect(await state(e)).toMatchObject({ nextDueDate: e.entries[0].dueDate, daysOverdue: days, financialStatus: financialStatusOf(days) });
    expect(days).toBeGreaterThan(55);
  });
});
