import request from 'supertest';
import { Op } from 'sequelize';
import { ApplicationCohort, Cohort, Enrollment, FailedPayment, LedgerEntry, NoticeSent, Payment, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { addDays } from '../../domain/rules/withdrawals';
import { retryDeclinedDeposits, runAutoPay } from '../../api/payments/payments.service';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { runJob } from '../support/job-factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';

/**
 * Issue 18: the old plan a withdrawal concludes (or replaces) or a transfer cancels is never charged
 * again — its unpaid entries are cut to what they paid and CANCELLED, its open failed payments
 * resolved — and its account history gets one ADJUSTMENT line (withdrawal / transfer reduction), dated
 * that day, that takes its balance to 0. Auto-pay, the retries, the installment reminders and the
 * past-due notices are run after each and leave the old plan alone.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let origin: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  origin = await makeEnrollableProduct();
});
afterAll(() => t.close());

const today = schoolToday();
const cents = (v: unknown) => Math.round(Number(v) * 100);

/**
 * An ENROLLED auto-pay application with its enrollments, the deposit (500) paid; then installment 1
 * is 3 days past due (a declined deposit retry waits on it too) and installment 2 is due tomorrow —
 * everything the jobs would act on.
 */
async function owing(enrollable: EnrollableProduct = origin): Promise<EnrolledPlan> {
  const plan = await makeEnrolledPlan(t.deps, { enrollable, autoPay: true });
  for (const c of await ApplicationCohort.findAll({ where: { applicationId: plan.application.id } }))
    await Enrollment.create({
      applicationId: plan.application.id,
      studentId: plan.student.student.id,
      cohortId: c.cohortId,
      programId: c.programId,
      status: 'ACTIVE',
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
  const paid = await request(t.app)
    .post(`/api/students/${plan.student.student.id}/payment_plans/${plan.plan.id}/payments`)
    .set(bearer(admin.token))
    .send({ type: 'INSTALLMENT', amount: 500 });
  expect(paid.status).toBe(201);
  await plan.entries[1].update({ dueDate: addDays(today, -3) });
  await plan.entries[2].update({ dueDate: addDays(today, 1) });
  await FailedPayment.create({
    studentId: plan.student.student.id,
    applicationId: plan.application.id,
    studentPaymentPlanId: plan.plan.id,
    paymentScheduleId: plan.entries[1].id,
    source: 'ENROLLMENT',
    status: 'FAILED',
    amountToBePaid: plan.entries[1].amount,
    failedAt: new Date(),
    nextRetryDate: today,
  });
  return plan;
}

/** Every job that charges or writes about an entry, run as on the day. */
async function runTheJobs() {
  await runAutoPay(today);
  await runAutoPay(addDays(today, 3), undefined, { only: 'RETRIES' });
  await retryDeclinedDeposits(today);
  expect((await runJob(t.deps, 'INSTALLMENT_REMINDER', { daysBefore: [7, 1] })).outcome).toBe('SUCCEEDED');
  expect((await runJob(t.deps, 'PAST_DUE_NOTICE', { daysAfter: [1, 3, 15] })).outcome).toBe('SUCCEEDED');
}

/** The old plan after the move: nothing owed, its unpaid entries CANCELLED, one ADJUSTMENT line, never charged or reminded again. */
async function expectClosed(plan: EnrolledPlan, key: string, status: string) {
  const old = (await StudentPaymentPlan.findByPk(plan.plan.id))!;
  expect(old.status).toBe(status);
  expect(cents(old.balance)).toBe(0);
  expect(old.nextDueDate).toBeNull();
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: old.id }, order: [['number', 'ASC']] });
  expect(entries[0].status).toBe('PAID');
  expect(entries.slice(1).every((e) => e.status === 'CANCELLED' && cents(e.amount) + cents(e.taxAmount) === cents(e.paidAmount))).toBe(true);
  expect(await FailedPayment.count({ where: { studentPaymentPlanId: old.id, status: 'FAILED' } })).toBe(0);

  const lines = await LedgerEntry.findAll({ where: { studentPaymentPlanId: old.id }, order: [['id', 'ASC']] });
  const adjustment = lines[lines.length - 1];
  expect(adjustment.kind).toBe('ADJUSTMENT');
  expect(adjustment.descriptionKey).toBe(key);
  // What the plan still owed before the move, taken away on the day.
  expect(cents(adjustment.total)).toBe(-cents(lines[lines.length - 2].accountBalance));
  expect(cents(adjustment.total)).toBeLessThan(0);
  expect(cents(adjustment.accountBalance)).toBe(0);
  expect(new Date(adjustment.eventDate).toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));

  const paymentsBefore = await Payment.count({ where: { studentPaymentPlanId: old.id } });
  await runTheJobs();
  expect(await Payment.count({ where: { studentPaymentPlanId: old.id } })).toBe(paymentsBefore);
  expect(await NoticeSent.count({ where: { paymentScheduleId: { [Op.in]: entries.map((e) => e.id) } } })).toBe(0);
  await expectLedgerConsistent({ planIds: [old.id] });
}

test('the fixture is charged and reminded by the jobs while its plan is open (the control)', async () => {
  const plan = await owing();
  const before = await Payment.count({ where: { studentPaymentPlanId: plan.plan.id } });
  await runTheJobs();
  expect(await Payment.count({ where: { studentPaymentPlanId: plan.plan.id } })).toBeGreaterThan(before);
  expect(await NoticeSent.count({ where: { paymentScheduleId: plan.entries[2].id } })).toBe(1);
  await expectLedgerConsistent({ planIds: [plan.plan.id] });
});

test('a transfer accepted: the old plan CANCELLED with a transfer-reduction line, never charged or reminded again', async () => {
  const plan = await owing();
  const to = await makeEnrollableProduct();
  await Cohort.update({ businessCategoryId: origin.cohorts[0].businessCategoryId }, { where: { id: to.cohorts[0].id } });
  const offer = await request(t.app).post('/api/transfers').set(bearer(admin.token)).send({ applicationId: plan.application.id, destinationProductId: to.product.id });
  expect(offer.status).toBe(201);
  expect((await request(t.app).patch(`/api/transfers/${offer.body.id}/accept_terms`).set(bearer(plan.student.token))).status).toBe(200);
  const accepted = await request(t.app).patch(`/api/transfers/${offer.body.id}/status?status=ACCEPTED`).set(bearer(plan.student.token));
  expect(accepted.status).toBe(200);
  const old = (await StudentPaymentPlan.findByPk(plan.plan.id))!;
  const owedBefore = cents(plan.plan.balance) - 50_000;
  expect(cents(old.transferReduction)).toBe(owedBefore);
  await expectClosed(plan, 'TRANSFER_REDUCTION', 'CANCELLED');
  const line = await LedgerEntry.findOne({ where: { studentPaymentPlanId: plan.plan.id, kind: 'ADJUSTMENT' } });
  expect(cents(line!.total)).toBe(-owedBefore);
  const newPlan = (await StudentPaymentPlan.findOne({ where: { applicationId: accepted.body.newApplicationId } }))!;
  expect(JSON.parse(line!.descriptionParams!)).toEqual({ plan: newPlan.name });
});

test('a withdrawal approved before the class starts: the old plan CONCLUDED with a withdrawal-reduction line', async () => {
  const plan = await owing();
  const w = await request(t.app).post('/api/withdrawals/advanced').set(bearer(admin.token)).send({ applicationId: plan.application.id });
  expect(w.status).toBe(201);
  expect((await request(t.app).patch(`/api/withdrawals/advanced/${w.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
  await expectClosed(plan, 'WITHDRAWAL_REDUCTION', 'CONCLUDED');
});

test('a withdrawal that reissues the rest: the old plan CANCELLED, its line says how much moved to the WITHDRAWAL plan', async () => {
  const own = await makeEnrollableProduct();
  const plan = await owing(own);
  const ids = (await ApplicationCohort.findAll({ where: { applicationId: plan.application.id } })).map((c) => c.cohortId);
  await Cohort.update({ startDate: addDays(today, -70), endDate: addDays(today, 29) }, { where: { id: ids } });
  const w = await request(t.app).post('/api/withdrawals/chopra').set(bearer(admin.token)).send({ applicationId: plan.application.id, installmentAmount: 1000 });
  expect(w.status).toBe(201);
  const res = await request(t.app).patch(`/api/withdrawals/chopra/${w.body.id}/status?status=APPROVED`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  const reissued = (await StudentPaymentPlan.findByPk(res.body.reissuedPlanId))!;
  await expectClosed(plan, 'WITHDRAWAL_REDUCTION_REISSUED', 'CANCELLED');
  const line = await LedgerEntry.findOne({ where: { studentPaymentPlanId: plan.plan.id, kind: 'ADJUSTMENT' } });
  expect(JSON.parse(line!.descriptionParams!)).toEqual({ amount: cents(reissued.principalAmount), plan: reissued.name });
});
