import request from 'supertest';
import {
  ActivityLog,
  Application,
  CommunicationIntent,
  ApplicationCohort,
  Cohort,
  DomainEvent,
  Enrollment,
  PaymentSchedule,
  Refund,
  RefundTransaction,
  StudentPaymentPlan,
  Withdrawal,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { addDays } from '../../domain/rules/withdrawals';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

/**
 * /api/withdrawals (platform spec §7; domain rules "Withdrawals and refunds"; issue 18): every call's
 * happy path, 400, 401, 403, 404 and each 409; the preview's figures are what the approval does; the
 * approval moves the application, its enrollments and plan and queues the refund; 50 parallel
 * approvals give one approval and one refund.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let enrollable: EnrollableProduct;
let bundle: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  enrollable = await makeEnrollableProduct();
  bundle = await makeEnrollableProduct({ programs: 2 });
});
afterAll(() => t.close());

const BASE = '/api/withdrawals';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** An ENROLLED application with its plan, its enrollments, and the deposit (500) paid by card. */
async function enrolled(opts: { enrollable?: EnrollableProduct } = {}): Promise<EnrolledPlan> {
  const plan = await makeEnrolledPlan(t.deps, { enrollable: opts.enrollable ?? enrollable });
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
  return plan;
}

const preview = (kind: string, body: Record<string, unknown>, token = admin.token) => request(t.app).post(`${BASE}/${kind}/preview`).set(bearer(token)).send(body);
const create = (kind: string, body: Record<string, unknown>, token = admin.token) => request(t.app).post(`${BASE}/${kind}`).set(bearer(token)).send(body);
const setStatus = (kind: string, id: number, status: string, token = admin.token) => request(t.app).patch(`${BASE}/${kind}/${id}/status?status=${status}`).set(bearer(token));

/** Starts the application's classes `daysAgo` days ago, for 100 days (the plan must have its own product: `enrolled({ enrollable: await makeEnrollableProduct() })`). */
async function started(plan: EnrolledPlan, daysAgo: number) {
  const today = schoolToday();
  const ids = (await ApplicationCohort.findAll({ where: { applicationId: plan.application.id } })).map((c) => c.cohortId);
  await Cohort.update({ startDate: addDays(today, -daysAgo), endDate: addDays(today, 99 - daysAgo) }, { where: { id: ids } });
}

describe('preview and request', () => {
  test('before the class starts: the registration fee only; the preview is what the request stores', async () => {
    const plan = await enrolled();
    const p = await preview('specialty', { applicationId: plan.application.id, reason: 'Moving abroad' });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      kind: 'specialty',
      cancellation: true,
      paid: 500,
      tuitionResponsibility: 100,
      amountToBeRefund: 400,
      reissuedAmount: 0,
      partial: false,
      applicationStatus: 'WITHDRAWN',
    });
    expect(p.body.reductionAmount).toBe(Number((cents(plan.plan.principalAmount) / 100 - 100).toFixed(2)));
    expect(await Withdrawal.count({ where: { applicationId: plan.application.id } })).toBe(0);

    const res = await create('specialty', { applicationId: plan.application.id, reason: 'Moving abroad' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'REQUESTED', requestedBy: 'STAFF', tuitionResponsibility: 100, amountToBeRefund: 400, reason: 'Moving abroad' });
    const row = (await Withdrawal.findByPk(res.body.id))!;
    expect(cents(row.tuitionResponsibility)).toBe(10_000);
    expect(cents(row.amountToBeRefund)).toBe(40_000);
    expect(row.withdrawalDate).toBe(schoolToday());
    expect(await ActivityLog.count({ where: { entityType: 'WITHDRAWAL', entityId: row.id } })).toBe(1);
  });

  test('past 60 % of the class: everything owed, the rest reissued in the installment staff set', async () => {
    const plan = await enrolled({ enrollable: await makeEnrollableProduct() });
    await started(plan, 70);
    const p = await preview('hctp', { applicationId: plan.application.id, installmentAmount: 1000 });
    expect(p.status).toBe(200);
    const principal = cents(plan.plan.principalAmount);
    expect(cents(p.body.tuitionResponsibility)).toBe(principal);
    expect(cents(p.body.reissuedAmount)).toBe(principal - 50_000);
    expect(p.body.amountToBeRefund).toBe(0);
    expect(p.body.schedule.reduce((s: number, e: { amount: number }) => s + cents(e.amount), 0)).toBe(principal - 50_000);
    expect(p.body.schedule[0].amount).toBe(1000);
  });

  test("400: unknown kind, missing application, bad date, 'Invalid installment amount'", async () => {
    const plan = await enrolled({ enrollable: await makeEnrollableProduct() });
    await started(plan, 70);
    expect((await create('nope', { applicationId: plan.application.id })).status).toBe(400);
    const missing = await create('specialty', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('applicationId');
    const future = await create('specialty', { applicationId: plan.application.id, withdrawalDate: addDays(schoolToday(), 3) });
    expect(future.status).toBe(400);
    expect(future.body.errors).toHaveProperty('withdrawalDate');
    const tooBig = await preview('specialty', { applicationId: plan.application.id, installmentAmount: 999_999 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.installmentAmount).toBe('Invalid installment amount');
    expect(await Withdrawal.count({ where: { applicationId: plan.application.id } })).toBe(0);
  });

  test('401 without a token, 403 for read-only staff, 404 for a missing application or withdrawal', async () => {
    expect((await request(t.app).post(`${BASE}/specialty`).send({ applicationId: 1 })).status).toBe(401);
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await create('specialty', { applicationId: 1 }, supportToken)).status).toBe(403);
    expect((await create('specialty', { applicationId: MISSING })).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await setStatus('specialty', MISSING, 'APPROVED')).status).toBe(404);
  });

  test("409: 'A pending withdrawal exists'; 'Invalid status' for an application not enrolled", async () => {
    const plan = await enrolled();
    expect((await create('alumni', { applicationId: plan.application.id })).status).toBe(201);
    const again = await create('alumni', { applicationId: plan.application.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A pending withdrawal exists');
    expect(await Withdrawal.count({ where: { applicationId: plan.application.id } })).toBe(1);

    const applied = await makeApplication(plan.student.student.id, bundle, { status: 'APPLIED', chosen: true });
    const notEnrolled = await create('alumni', { applicationId: applied.id });
    expect(notEnrolled.status).toBe(409);
    expect(notEnrolled.body.message).toBe('Invalid status');
  });

  test('a student previews and requests their own withdrawal; another student’s application is 404', async () => {
    const plan = await enrolled();
    const other = await enrolled();
    expect((await preview('cip', { applicationId: plan.application.id }, plan.student.token)).status).toBe(200);
    expect((await create('cip', { applicationId: other.application.id }, plan.student.token)).status).toBe(404);
    const res = await create('cip', { applicationId: plan.application.id }, plan.student.token);
    expect(res.status).toBe(201);
    expect(res.body.requestedBy).toBe('STUDENT');
    const approving = await setStatus('cip', res.body.id, 'APPROVED', plan.student.token);
    expect(approving.status).toBe(409);
    expect(approving.body.message).toBe('Not permitted');
    const mine = await request(t.app).get(BASE).set(bearer(plan.student.token));
    expect(mine.status).toBe(200);
    expect(mine.body.content.every((w: { studentId: number }) => w.studentId === plan.student.student.id)).toBe(true);
  });
});

describe('deciding', () => {
  test('approval: application and enrollments WITHDRAWN, plan concluded with its reduction, the refund queued; then 409 Same status', async () => {
    const plan = await enrolled();
    const w = (await create('advanced', { applicationId: plan.application.id })).body;
    const res = await setStatus('advanced', w.id, 'APPROVED');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPROVED');
    expect((await Application.findByPk(plan.application.id))!.status).toBe('WITHDRAWN');
    expect(await Enrollment.count({ where: { applicationId: plan.application.id, status: 'ACTIVE' } })).toBe(0);
    const old = (await StudentPaymentPlan.findByPk(plan.plan.id))!;
    expect(old.status).toBe('CONCLUDED');
    expect(cents(old.withdrawalReduction)).toBe(cents(plan.plan.principalAmount) - 10_000);
    const refunds = await Refund.findAll({ where: { source: 'WITHDRAWAL', sourceId: w.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0].status).toBe('REQUESTED');
    expect(cents(refunds[0].amountToBeRefunded)).toBe(40_000);
    expect(res.body.refundId).toBe(refunds[0].id);
    expect(await DomainEvent.count({ where: { type: 'WithdrawalDecided' } })).toBeGreaterThan(0);
    // The email: the withdrawal decided, in the student's language.
    expect(await CommunicationIntent.count({ where: { templateKey: 'WITHDRAWAL_DECIDED', studentId: plan.student.student.id } })).toBe(1);

    const same = await setStatus('advanced', w.id, 'APPROVED');
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Same status');
    const invalid = await setStatus('advanced', w.id, 'REJECTED');
    expect(invalid.status).toBe(409);
    expect(invalid.body.message).toBe('Invalid status');
    expect((await setStatus('specialty', w.id, 'APPROVED')).status).toBe(404);
  });

  test('approval with something still owed: the old plan replaced by a WITHDRAWAL plan of the reissued rest, COMPLETED at once', async () => {
    const plan = await enrolled({ enrollable: await makeEnrollableProduct() });
    await started(plan, 70);
    const w = (await create('chopra', { applicationId: plan.application.id, installmentAmount: 1000 })).body;
    const res = await setStatus('chopra', w.id, 'APPROVED');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('COMPLETED');
    const reissued = (await StudentPaymentPlan.findByPk(res.body.reissuedPlanId))!;
    expect(reissued.source).toBe('WITHDRAWAL');
    const rest = cents(plan.plan.principalAmount) - 50_000;
    expect(cents(reissued.balance)).toBe(rest);
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: reissued.id } });
    expect(entries.reduce((s, e) => s + cents(e.amount), 0)).toBe(rest);
    expect((await StudentPaymentPlan.findByPk(plan.plan.id))!.status).toBe('CANCELLED');
    expect(await Refund.count({ where: { source: 'WITHDRAWAL', sourceId: w.id } })).toBe(0);
  });

  test("a partial withdrawal from a bundle: PARTIAL_WITHDRAWN, one class left; withdrawing it again is 409 'An active withdrawal already exists'", async () => {
    const plan = await enrolled({ enrollable: bundle });
    const [first, second] = bundle.cohorts;
    const w = (await create('specialty', { applicationId: plan.application.id, cohortIds: [first.id] })).body;
    expect(w.partial).toBe(true);
    expect((await setStatus('specialty', w.id, 'APPROVED')).status).toBe(200);
    expect((await Application.findByPk(plan.application.id))!.status).toBe('PARTIAL_WITHDRAWN');
    expect((await Enrollment.findOne({ where: { applicationId: plan.application.id, cohortId: first.id } }))!.status).toBe('WITHDRAWN');
    expect((await Enrollment.findOne({ where: { applicationId: plan.application.id, cohortId: second.id } }))!.status).toBe('ACTIVE');
    const again = await create('specialty', { applicationId: plan.application.id, cohortIds: [first.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An active withdrawal already exists');
  });

  test('reject and cancel; auto_pay', async () => {
    const plan = await enrolled();
    const w = (await create('hctp', { applicationId: plan.application.id })).body;
    const auto = await request(t.app).patch(`${BASE}/${w.id}/auto_pay`).set(bearer(admin.token)).send({ autoPay: true });
    expect(auto.status).toBe(200);
    expect((await Withdrawal.findByPk(w.id))!.autoPay).toBe(true);
    expect((await request(t.app).patch(`${BASE}/${w.id}/auto_pay`).set(bearer(admin.token)).send({ autoPay: 'maybe' })).status).toBe(400);
    expect((await request(t.app).patch(`${BASE}/${MISSING}/auto_pay`).set(bearer(admin.token)).send({ autoPay: true })).status).toBe(404);
    expect((await setStatus('hctp', w.id, 'REJECTED')).body.status).toBe('REJECTED');
    expect((await Application.findByPk(plan.application.id))!.status).toBe('ENROLLED');
    const w2 = (await create('hctp', { applicationId: plan.application.id })).body;
    expect((await setStatus('hctp', w2.id, 'CANCELLED')).body.status).toBe('CANCELLED');
    expect((await setStatus('hctp', w2.id, 'BOGUS')).status).toBe(400);
  });

  test('50 parallel approvals of one withdrawal: one approval, one refund', async () => {
    const plan = await enrolled();
    const w = (await create('specialty', { applicationId: plan.application.id })).body;
    const results = await Promise.all(Array.from({ length: 50 }, () => setStatus('specialty', w.id, 'APPROVED')));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await Refund.count({ where: { source: 'WITHDRAWAL', sourceId: w.id } })).toBe(1);
    expect((await Withdrawal.findByPk(w.id))!.status).toBe('APPROVED');
  });
});

describe('a withdrawal after a transfer', () => {
  /** Enrolled on `enrollable` with $500 paid, transferred (the first, free) to a new product of the same category, then `paidOnB` paid on the new plan. */
  async function transferred(paidOnB: number) {
    const plan = await enrolled();
    const to = await makeEnrollableProduct();
    await Cohort.update({ businessCategoryId: enrollable.cohorts[0].businessCategoryId }, { where: { id: to.cohorts[0].id } });
    const ask = await request(t.app).post('/api/transfers').set(bearer(plan.student.token)).send({ applicationId: plan.application.id, destinationProductId: to.product.id });
    expect(ask.status).toBe(201);
    const done = await request(t.app).patch(`/api/transfers/${ask.body.id}/status?status=ACCEPTED`).set(bearer(admin.token));
    expect(done.body).toMatchObject({ status: 'ACCEPTED', tuitionRollover: 500 });
    const applicationId = done.body.newApplicationId as number;
    const planB = (await StudentPaymentPlan.findOne({ where: { applicationId } }))!;
    const paid = await request(t.app)
      .post(`/api/students/${plan.student.student.id}/payment_plans/${planB.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: paidOnB });
    expect(paid.status).toBe(201);
    const fee = cents(((planB.accountingLineItems ?? []) as Array<{ description: string; amount: number }>).find((l) => l.description === 'Registration fee')?.amount ?? 0);
    return { plan, to, applicationId, planB, fee };
  }

  test("before the class starts: refund = everything paid toward the enrollment (on A and on B) − the registration fee; the refund queue refuses ONLINE beyond B's own card charges and pays it MIXED", async () => {
    const { applicationId, planB, fee } = await transferred(500);
    expect(fee).toBeGreaterThan(0);
    const p = await preview('specialty', { applicationId });
    expect(p.status).toBe(200);
    // Paid $500 on A (rolled over) + $500 on B; it was $500 − fee before the fix.
    expect(p.body).toMatchObject({ cancellation: true, paid: 1000, reissuedAmount: 0 });
    expect(cents(p.body.tuitionResponsibility)).toBe(fee);
    expect(cents(p.body.amountToBeRefund)).toBe(100_000 - fee);
    // Charges = the class's full price (B's principal + its rollover credit) = responsibility + reduction.
    expect(cents(p.body.charges)).toBe(cents(planB.principalAmount) + 50_000);
    expect(cents(p.body.charges)).toBe(cents(p.body.tuitionResponsibility) + cents(p.body.reductionAmount));

    const w = (await create('specialty', { applicationId })).body;
    const approved = await setStatus('specialty', w.id, 'APPROVED');
    expect(approved.status).toBe(200);
    const refund = (await Refund.findOne({ where: { source: 'WITHDRAWAL', sourceId: w.id } }))!;
    expect(cents(refund.amountToBeRefunded)).toBe(100_000 - fee);
    expect(refund.studentPaymentPlanId).toBe(planB.id);
    expect(cents((await StudentPaymentPlan.findByPk(planB.id))!.withdrawalReduction)).toBe(cents(planB.principalAmount) + 50_000 - fee);

    // The refund queue: ONLINE goes only against B's own card charges ($500): refused, nothing moved;
    // staff pay it MIXED ($500 online, the rest external).
    const queue = (path: string) => request(t.app).post(`/api/refund_queues/${refund.id}${path}`).set(bearer(admin.token));
    expect((await request(t.app).patch(`/api/refund_queues/${refund.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
    const online = await queue('/submit').send({ refundType: 'ONLINE' });
    expect(online.status).toBe(409);
    expect(online.body.code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(await RefundTransaction.count({ where: { refundId: refund.id } })).toBe(0);
    const mixed = await queue('/submit').send({ refundType: 'MIXED', onlineAmount: 500, externalAmount: (100_000 - fee - 50_000) / 100, referenceNumber: 'CHK-1' });
    expect(mixed.status).toBe(200);
    expect(mixed.body.status).toBe('COMPLETED');
    expect(cents((await StudentPaymentPlan.findByPk(planB.id))!.totalRefunds)).toBe(100_000 - fee);
    expect((await Withdrawal.findByPk(w.id))!.status).toBe('COMPLETED');
  });

  test('past 60 % of the class: the class costs its full price as if reached directly (B principal + rollover); what is left after all that was paid is reissued', async () => {
    const { plan, applicationId, planB } = await transferred(500);
    const ids = (await ApplicationCohort.findAll({ where: { applicationId } })).map((c) => c.cohortId);
    const today = schoolToday();
    await Cohort.update({ startDate: addDays(today, -70), endDate: addDays(today, 29) }, { where: { id: ids } });
    const p = await preview('hctp', { applicationId, installmentAmount: 1000 });
    expect(p.status).toBe(200);
    const price = cents(planB.principalAmount) + 50_000;
    // The same product reached directly owes its plan's principal (the direct plan of `plan` is the same shape).
    expect(price).toBe(cents(plan.plan.principalAmount));
    expect(cents(p.body.tuitionResponsibility)).toBe(price);
    expect(cents(p.body.reissuedAmount)).toBe(price - 100_000);
    expect(p.body.amountToBeRefund).toBe(0);
    expect(cents(p.body.paid) + cents(p.body.reissuedAmount)).toBe(cents(p.body.tuitionResponsibility));
  });
});

describe('lists, criteria, summary, saved filters', () => {
  test('find_by_criteria and summary by student and status; a bad criterion is 400; saved filters validate', async () => {
    const plan = await enrolled();
    const w = (await create('alumni', { applicationId: plan.application.id })).body;
    const found = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(admin.token))
      .send({ students: [plan.student.student.id], statuses: ['REQUESTED'], amountToBeRefund: { min: 399, max: 401 } });
    expect(found.status).toBe(200);
    expect(found.body.content.map((x: { id: number }) => x.id)).toEqual([w.id]);
    const summary = await request(t.app)
      .post(`${BASE}/summary`)
      .set(bearer(admin.token))
      .send({ students: [plan.student.student.id] });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ total: 1, amountToBeRefund: 400, tuitionResponsibility: 100 });
    expect(
      (
        await request(t.app)
          .post(`${BASE}/find_by_criteria`)
          .set(bearer(admin.token))
          .send({ statuses: ['NOPE'] })
      ).status,
    ).toBe(400);
    const got = await request(t.app).get(`${BASE}/${w.id}`).set(bearer(admin.token));
    expect(got.status).toBe(200);
    expect(got.body.student.id).toBe(plan.student.student.id);

    const bad = await request(t.app)
      .post('/api/search_filters/withdrawals')
      .set(bearer(admin.token))
      .send({ name: 'x', criteria: { statuses: ['NOPE'] } });
    expect(bad.status).toBe(400);
    const good = await request(t.app)
      .post('/api/search_filters/withdrawals')
      .set(bearer(admin.token))
      .send({ name: `w${w.id}`, criteria: { statuses: ['REQUESTED'] } });
    expect(good.status).toBe(201);
  });

  test('settings: listed per kind with the defaults, and edited', async () => {
    const list = await request(t.app).get(`${BASE}/settings`).set(bearer(admin.token));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(6);
    expect(list.body[0]).toMatchObject({ cancellationDays: 5, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 });
    const put = await request(t.app).put(`${BASE}/settings/cip`).set(bearer(admin.token)).send({ cancellationDays: 7, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 });
    expect(put.status).toBe(200);
    expect(put.body.cancellationDays).toBe(7);
    expect(
      (await request(t.app).put(`${BASE}/settings/cip`).set(bearer(admin.token)).send({ cancellationDays: -1, roundUpToPercent: 10, fullResponsibilityAtPercent: 60 })).status,
    ).toBe(400);
  });
});

describe('a student cancels their own request', () => {
  test("their own REQUESTED withdrawal → CANCELLED; another student's is 404; one staff opened, or any other move, 409 'Not permitted'", async () => {
    const plan = await enrolled();
    const other = await enrolled();
    const asked = await create('cip', { applicationId: plan.application.id }, plan.student.token);
    expect(asked.status).toBe(201);
    expect((await setStatus('cip', asked.body.id, 'CANCELLED', other.student.token)).status).toBe(404);
    expect((await setStatus('cip', asked.body.id, 'REJECTED', plan.student.token)).body.message).toBe('Not permitted');
    const cancelled = await setStatus('cip', asked.body.id, 'CANCELLED', plan.student.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await Withdrawal.findByPk(asked.body.id))!.status).toBe('CANCELLED');
    expect((await Application.findByPk(plan.application.id))!.status).toBe('ENROLLED');
    const again = await setStatus('cip', asked.body.id, 'CANCELLED', plan.student.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Same status');

    const byStaff = await create('cip', { applicationId: plan.application.id });
    expect(byStaff.status).toBe(201);
    const refused = await setStatus('cip', byStaff.body.id, 'CANCELLED', plan.student.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_PERMITTED');
    expect((await Withdrawal.findByPk(byStaff.body.id))!.status).toBe('REQUESTED');
  });
});
