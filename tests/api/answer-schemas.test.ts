import { runFileExports } from '../../api/exports/export-job';
import { fileExportAnswer, fileExportPage } from '../../domain/contract/exports';
import { FileExport } from '../../models/FileExport';
import request from 'supertest';
import type { z } from 'zod';
import { page } from '../../domain/contract/common';
import { externalPaymentAnswer, externalPaymentPage } from '../../domain/contract/external-payments';
import { refundAnswer, refundPage } from '../../domain/contract/refunds';
import { transferAnswer, transferDestinationsAnswer, transferPage, transferPreviewAnswer } from '../../domain/contract/transfers';
import { withdrawalAnswer, withdrawalPage, withdrawalSettingsAnswer } from '../../domain/contract/withdrawals';
import { coachCommentPage, coachDetailAnswer, coachOwnCommentPage, coachPage, coachPickPage, coachSelfAnswer } from '../../domain/contract/coaches';
import { disputeAnswer, disputePage } from '../../domain/contract/disputes';
import { failedPaymentAnswer, failedPaymentPage } from '../../domain/contract/failed-payments';
import { domainEventAnswer, domainEventPage } from '../../domain/contract/domain-events';
import { jobRunPage, jobScheduleAnswer, jobSchedulePage } from '../../domain/contract/job-schedules';
import { studentAnswer, studentPage } from '../../domain/contract/students';
import { applicationVoucherAnswer, applicationVoucherPage, voucherAnswer, voucherPage } from '../../domain/contract/vouchers';
import { makeVoucher } from '../support/enrollment-factories';
import { cohortAnswer, cohortModulePage, cohortPage, skippedSessionPage } from '../../domain/contract/cohorts';
import {
  extraProductAnswer,
  extraProductPage,
  graduationRequirementAnswer,
  graduationRequirementPage,
  lmsCategoryPage,
  moduleGroupPage,
  bundleProgramsAnswer,
  flowRequirementsAnswer,
  programAnswer,
  programModuleAnswer,
  programModulePage,
  programPage,
  programPlanAnswer,
  programPlanPage,
} from '../../domain/contract/programs';
import { makeCohort, makeProgram } from '../support/catalogue-factories';
import {
  accountingLineAnswer,
  accountingLinePage,
  businessCategoryAnswer,
  businessCategoryPage,
  categoryPlanAnswer,
  categoryPlanPage,
} from '../../domain/contract/business-categories';
import { enrollingStatusAnswer, planAdjustmentAnswer, planAdjustmentPage, productAnswer, productPage, productPlanAnswer, productPlanPage } from '../../domain/contract/products';
import { categoryNamed, makeCategoryPlan, makeProduct } from '../support/catalogue-factories';
import {
  applicationAnswer,
  applicationCohortPage,
  applicationIssuedPlanAnswer,
  applicationOptionsAnswer,
  applicationPage,
  commentPage,
  crmNotificationPage,
  crmNotificationsAnswer,
  envelopeAnswer,
  envelopeListAnswer,
  envelopePage,
  progressAnswer,
  questionAnswer,
  statusMovesAnswer,
  studentCrmNotificationAnswer,
} from '../../domain/contract/applications';
import {
  billingDashboardAnswer,
  gatewayConfigAnswer,
  gatewayEventPage,
  ledgerPage,
  paymentAnswer,
  paymentMethodPage,
  planDetailAnswer,
  planPage,
  scheduleRowPage,
} from '../../domain/contract/billing';
import { makeSignedEnvelope } from '../support/enrollment-factories';
import {
  AccountingLine,
  ApplicationCohort,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  Cohort,
  CrmNotification,
  Enrollment,
  LmsCategory,
  DomainEvent,
  FailedPayment,
  JobRun,
  Payment,
} from '../../models';
import { makeSchedule } from '../support/job-factories';
import {
  activityEntryPage,
  administratorAnswer,
  administratorPage,
  meAnswer,
  permissionCatalogueAnswer,
  roleAnswer,
  rolePage,
  searchFilterAnswer,
  searchFilterPage,
  sessionAnswer,
  viewHistoryAnswer,
  viewHistoryPage,
} from '../../domain/contract/people';
import { enrollmentPage, lookupsAnswer } from '../../domain/contract/enrollments';
import { setupApp, type TestApp } from '../support/app';
import { learningSessionAnswer, learningSessionPage, learningSessionSignUpPage } from '../../domain/contract/learning-sessions';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeEnrollableProduct } from '../support/enrollment-factories';
import { availableCirclesAnswer, circleSignUpAnswer, circleSignUpPage } from '../../domain/contract/circle-sign-ups';
import { circleCohort, enrolledStudent, makeCircle } from '../support/circle-factories';
import { bearer, makeAdmin, makeStudent, unique } from '../support/factories';

/**
 * The answer schemas of domain/contract/ (issue 16 §3) against the real API: every GET endpoint of the
 * areas whose types the console takes from them is called on an app with data in every state, and
 * its answer parsed strictly — a field missing, renamed, added or of another type fails here before
 * the console reads it wrong.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let plan: EnrolledPlan;
let pendingExternal: number;
let acceptedExternal: number;
let requestedRefund: number;
let completedRefund: number;

/** The parse's issues as readable lines (empty when the answer fits). */
function problems(schema: z.ZodType, answer: unknown): string[] {
  const parsed = schema.safeParse(answer);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
const expectFits = (schema: z.ZodType, answer: unknown) => expect(problems(schema, answer)).toEqual([]);
const find = async (path: string, criteria: Record<string, unknown>) => {
  const res = await request(t.app).post(path).set(bearer(admin.token)).send(criteria);
  expect(res.status).toBe(200);
  return res.body as unknown;
};
const get = async (path: string) => {
  const res = await request(t.app).get(path).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return res.body as unknown;
};

beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  const enrollable = await makeEnrollableProduct();
  plan = await makeEnrolledPlan(t.deps, { enrollable });
  const sid = plan.student.student.id;
  const as = (r: request.Test) => r.set(bearer(admin.token));
  // Card payments to refund: the deposit (500) and a pre-pay (1,000).
  expect((await as(request(t.app).post(`/api/students/${sid}/payment_plans/${plan.plan.id}/payments`)).send({ type: 'INSTALLMENT', amount: 500 })).status).toBe(201);
  expect((await as(request(t.app).post(`/api/students/${sid}/payment_plans/${plan.plan.id}/payments`)).send({ type: 'PRE_PAY', amount: 1000 })).status).toBe(201);
  // External payments: one PENDING, one ACCEPTED (with its payment, plan and entry).
  const record = (paymentAmount: number) =>
    as(request(t.app).post(`/api/students/${sid}/payment_schedule/${plan.entries[2].id}/external_payment`)).send({
      method: 'CHECK',
      paymentAmount,
      paymentDate: '2024-02-01',
      referenceNumber: 'CHK-1',
      comment: 'Mailed in',
    });
  pendingExternal = (await record(120.5)).body.id;
  acceptedExternal = (await record(75)).body.id;
  expect((await as(request(t.app).patch(`/api/external_payments/${acceptedExternal}/status?status=ACCEPTED`))).status).toBe(200);
  // Refunds: one REQUESTED, one APPROVED and submitted through the gateway (COMPLETED, with its movements).
  const queue = (amountToBeRefunded: number, taxToBeRefunded: number) =>
    as(request(t.app).post('/api/refund_queues')).send({ applicationId: plan.application.id, amountToBeRefunded, taxToBeRefunded, comments: 'Goodwill' });
  completedRefund = (await queue(100, 5)).body.id;
  expect((await as(request(t.app).patch(`/api/refund_queues/${completedRefund}/status?status=APPROVED`))).status).toBe(200);
  expect((await as(request(t.app).post(`/api/refund_queues/${completedRefund}/submit`)).send({ refundType: 'ONLINE' })).status).toBe(200);
  requestedRefund = (await queue(10.25, 0)).body.id;
});
afterAll(() => t.close());

describe('external payments', () => {
  test('GET /external_payments and find_by_criteria answer pages of the schema', async () => {
    // Newest first; other test files' rows share the table on MariaDB: this file's own are read.
    const list = await get('/api/external_payments?size=50');
    expect(problems(externalPaymentPage, list)).toEqual([]);
    expect(
      externalPaymentPage
        .parse(list)
        .content.filter((r) => [pendingExternal, acceptedExternal].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['ACCEPTED', 'PENDING']);
    const found = await request(t.app)
      .post('/api/external_payments/find_by_criteria')
      .set(bearer(admin.token))
      .send({ statuses: ['PENDING'] });
    expect(found.status).toBe(200);
    expect(problems(externalPaymentPage, found.body)).toEqual([]);
  });

  test('GET /external_payments/{id} answers the schema, pending and accepted', async () => {
    for (const id of [pendingExternal, acceptedExternal]) expect(problems(externalPaymentAnswer, await get(`/api/external_payments/${id}`))).toEqual([]);
    const accepted = externalPaymentAnswer.parse(await get(`/api/external_payments/${acceptedExternal}`));
    expect(accepted).toMatchObject({ status: 'ACCEPTED', paymentAmount: 75, paymentId: expect.any(Number), student: { id: plan.student.student.id } });
  });

  test('a missing or renamed field fails the parse', async () => {
    const answer = (await get(`/api/external_payments/${pendingExternal}`)) as Record<string, unknown>;
    const { paymentAmount, ...missing } = answer;
    expect(problems(externalPaymentAnswer, missing).length).toBeGreaterThan(0);
    expect(problems(externalPaymentAnswer, { ...missing, amount: paymentAmount }).length).toBeGreaterThan(0);
    expect(problems(externalPaymentAnswer, { ...answer, paymentAmount: String(paymentAmount) }).length).toBeGreaterThan(0);
  });
});

describe('transfers and withdrawals', () => {
  /** An enrolled student with their enrollments and the deposit (500) paid. */
  async function enrolledWithEnrollments(enrollable: Awaited<ReturnType<typeof makeEnrollableProduct>>) {
    const p = await makeEnrolledPlan(t.deps, { enrollable });
    for (const c of await ApplicationCohort.findAll({ where: { applicationId: p.application.id } }))
      await Enrollment.create({
        applicationId: p.application.id,
        studentId: p.student.student.id,
        cohortId: c.cohortId,
        programId: c.programId,
        status: 'ACTIVE',
        enrolledAt: new Date(),
        updatedById: null,
        updatedByName: null,
      });
    const paid = await request(t.app)
      .post(`/api/students/${p.student.student.id}/payment_plans/${p.plan.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: 500 });
    expect(paid.status).toBe(201);
    return p;
  }

  test('GET /transfers, /transfers/{id}, /transfers/{id}/preview and /transfers/destinations answer their schemas (pending and accepted)', async () => {
    const origin = await makeEnrollableProduct();
    const to = await makeEnrollableProduct();
    await Cohort.update({ businessCategoryId: origin.cohorts[0].businessCategoryId }, { where: { id: to.cohorts[0].id } });
    const pending = await enrolledWithEnrollments(origin);
    const accepted = await enrolledWithEnrollments(origin);
    const offer = await request(t.app).post('/api/transfers').set(bearer(admin.token)).send({ applicationId: pending.application.id, destinationProductId: to.product.id });
    expect(offer.status).toBe(201);
    const ask = await request(t.app)
      .post('/api/transfers')
      .set(bearer(accepted.student.token))
      .send({ applicationId: accepted.application.id, destinationProductId: to.product.id });
    expect(ask.status).toBe(201);
    expect((await request(t.app).patch(`/api/transfers/${ask.body.id}/status?status=ACCEPTED`).set(bearer(admin.token))).status).toBe(200);

    const list = await get('/api/transfers?size=50');
    expectFits(transferPage, list);
    expect(
      transferPage
        .parse(list)
        .content.filter((r) => [offer.body.id, ask.body.id].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['ACCEPTED', 'PENDING']);
    for (const id of [offer.body.id, ask.body.id]) expectFits(transferAnswer, await get(`/api/transfers/${id}`));
    expect(transferPreviewAnswer.parse(await get(`/api/transfers/${offer.body.id}/preview`))).toMatchObject({ tuitionRollover: 500 });
    expect(transferDestinationsAnswer.parse(await get(`/api/transfers/destinations?applicationId=${pending.application.id}`)).products.map((p) => p.id)).toContain(to.product.id);
    // The student's own list answers the same schema.
    const own = await request(t.app).get('/api/transfers').set(bearer(pending.student.token));
    expect(own.status).toBe(200);
    expectFits(transferPage, own.body);
  });

  test('GET /withdrawals, /withdrawals/{id} and /withdrawals/settings answer their schemas (requested and approved)', async () => {
    const enrollable = await makeEnrollableProduct();
    const requested = await enrolledWithEnrollments(enrollable);
    const approved = await enrolledWithEnrollments(enrollable);
    const open = await request(t.app).post('/api/withdrawals/hctp').set(bearer(requested.student.token)).send({ applicationId: requested.application.id, reason: 'Moving' });
    expect(open.status).toBe(201);
    const decided = await request(t.app).post('/api/withdrawals/advanced').set(bearer(admin.token)).send({ applicationId: approved.application.id });
    expect(decided.status).toBe(201);
    expect((await request(t.app).patch(`/api/withdrawals/advanced/${decided.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);

    const list = await get('/api/withdrawals?size=50');
    expectFits(withdrawalPage, list);
    expect(
      withdrawalPage
        .parse(list)
        .content.filter((r) => [open.body.id, decided.body.id].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['APPROVED', 'REQUESTED']);
    for (const id of [open.body.id, decided.body.id]) expectFits(withdrawalAnswer, await get(`/api/withdrawals/${id}`));
    expect(withdrawalAnswer.parse(await get(`/api/withdrawals/${decided.body.id}`)).refundId).not.toBeNull();
    const settings = withdrawalSettingsAnswer.parse(await get('/api/withdrawals/settings'));
    expect(settings.map((x) => x.kind).sort()).toEqual(['advanced', 'alumni', 'chopra', 'cip', 'hctp', 'specialty']);
    const own = await request(t.app).get('/api/withdrawals').set(bearer(requested.student.token));
    expect(own.status).toBe(200);
    expectFits(withdrawalPage, own.body);
  });
});

describe('refunds', () => {
  test('GET /refund_queues and find_by_criteria answer pages of the schema', async () => {
    const list = await get('/api/refund_queues?size=50');
    expect(problems(refundPage, list)).toEqual([]);
    expect(
      refundPage
        .parse(list)
        .content.filter((r) => [completedRefund, requestedRefund].includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['COMPLETED', 'REQUESTED']);
    const found = await request(t.app).post('/api/refund_queues/find_by_criteria').set(bearer(admin.token)).send({});
    expect(found.status).toBe(200);
    expect(problems(refundPage, found.body)).toEqual([]);
  });

  test('GET /refund_queues/{id} answers the schema with its movements', async () => {
    expect(problems(refundAnswer, await get(`/api/refund_queues/${requestedRefund}`))).toEqual([]);
    const completed = refundAnswer.parse(await get(`/api/refund_queues/${completedRefund}`));
    expect(completed).toMatchObject({ status: 'COMPLETED', refundStatus: 'REFUNDED', totalRefunded: 105 });
    expect(completed.transactions?.length).toBeGreaterThan(0);
  });

  test("GET /students/{id}/refunds (a student's refunds) answers the same rows", async () => {
    const rows = refundPage.parse(await get(`/api/students/${plan.student.student.id}/refunds`)).content;
    expect(rows.map((r) => r.id).sort()).toEqual([completedRefund, requestedRefund].sort());
    // The student reads the same rows (with the institute's reference of each refund).
    const own = await request(t.app).get(`/api/students/${plan.student.student.id}/refunds`).set(bearer(plan.student.token));
    expect(own.status).toBe(200);
    expectFits(refundPage, own.body);
  });

  test("GET /refund_queues/{id}/application answers the application's schema", async () => {
    expect(applicationAnswer.parse(await get(`/api/refund_queues/${requestedRefund}/application`))).toMatchObject({ id: plan.application.id });
  });

  test('a missing or renamed field fails the parse', async () => {
    const answer = (await get(`/api/refund_queues/${requestedRefund}`)) as Record<string, unknown>;
    const { totalToBeRefunded, ...missing } = answer;
    expect(problems(refundAnswer, missing).length).toBeGreaterThan(0);
    expect(problems(refundAnswer, { ...missing, total: totalToBeRefunded }).length).toBeGreaterThan(0);
  });
});

describe('disputes', () => {
  test('POST /disputes/find_by_criteria and GET /disputes/{id} answer the schema, pending and verified', async () => {
    // The sandbox's tok_createDispute card opens a PENDING dispute on the charge.
    const disputed = await makeEnrolledPlan(t.deps, { enrollable: await makeEnrollableProduct(), cardToken: 'tok_createDispute' });
    const paid = await request(t.app)
      .post(`/api/students/${disputed.student.student.id}/payment_plans/${disputed.plan.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: 500 });
    expect(paid.status).toBe(201);
    const payment = (await Payment.findByPk(paid.body.id))!;
    const found = disputePage.parse(await find('/api/disputes/find_by_criteria', { email: disputed.student.email }));
    const pending = found.content.find((d) => d.paymentId === payment.id)!;
    expect(pending).toMatchObject({ status: 'PENDING', verifiedAt: null, payment: { id: payment.id, channel: 'CARD' } });
    expectFits(disputeAnswer, await get(`/api/disputes/${pending.id}`));
    const verified = await request(t.app).patch(`/api/disputes/${pending.id}/verify`).set(bearer(admin.token)).send({ status: 'WON', comment: 'Bank agreed' });
    expect(verified.status).toBe(200);
    expectFits(disputeAnswer, verified.body);
    expect(disputeAnswer.parse(await get(`/api/disputes/${pending.id}`))).toMatchObject({ status: 'WON', comment: 'Bank agreed', updatedBy: { id: admin.user.id } });
    expectFits(disputePage, await find('/api/disputes/find_by_criteria?size=50', {}));
  });
});

describe('failed payments', () => {
  test('POST /failed_payments/find_by_criteria and GET /failed_payments/{id} answer the schema', async () => {
    const failed = await FailedPayment.create({
      studentId: plan.student.student.id,
      applicationId: plan.application.id,
      studentPaymentPlanId: plan.plan.id,
      paymentScheduleId: plan.entries[3].id,
      source: 'AUTO_PAY',
      amountToBePaid: 250.5,
      failureMessage: 'Your card was declined',
      failedAt: new Date(),
      nextRetryDate: '2030-01-04',
      updatedById: null,
      updatedByName: null,
    });
    const one = failedPaymentAnswer.parse(await get(`/api/failed_payments/${failed.id}`));
    expect(one).toMatchObject({ id: failed.id, amountToBePaid: 250.5, plan: { id: plan.plan.id }, schedule: { id: plan.entries[3].id }, student: { id: plan.student.student.id } });
    const found = failedPaymentPage.parse(await find('/api/failed_payments/find_by_criteria?size=50', { statuses: ['FAILED', 'RESOLVED'] }));
    expect(found.content.length).toBeGreaterThan(0);
  });
});

describe('domain events', () => {
  test('GET /domain_events and GET /domain_events/{id} answer the schema', async () => {
    const delivery = await DomainEvent.create({
      eventId: unique('ev-'),
      type: 'PlanIssued',
      handler: 'test.answer-schemas',
      payload: { planId: plan.plan.id, nested: { list: [1, 2] } },
      status: 'FAILED',
      attempts: 5,
      nextAttemptAt: new Date(),
      lastError: 'Handler threw',
    });
    expect(domainEventAnswer.parse(await get(`/api/domain_events/${delivery.id}`))).toMatchObject({ id: delivery.id, status: 'FAILED', lastError: 'Handler threw', doneAt: null });
    expectFits(domainEventPage, await get('/api/domain_events?size=50'));
    expectFits(domainEventPage, await get('/api/domain_events?status=FAILED&type=PlanIssued'));
  });
});

describe('job schedules', () => {
  test('GET /job_schedules, /job_schedules/{id} and /job_schedules/{id}/runs answer the schema', async () => {
    const cron = await makeSchedule({ description: 'Answers' });
    const interval = await makeSchedule({ cronJob: false, cronExpression: null, repeatInterval: 3600, status: 'PAUSED', params: { daysBefore: [7, 1] } });
    const started = new Date(Date.now() - 60_000);
    await JobRun.create({
      jobScheduleId: cron.id,
      trigger: 'MANUAL',
      owner: 'test',
      scheduledFor: null,
      startedAt: started,
      endedAt: new Date(),
      outcome: 'SUCCEEDED',
      count: 3,
      error: null,
    });
    await JobRun.create({
      jobScheduleId: cron.id,
      trigger: 'SCHEDULE',
      owner: 'test',
      scheduledFor: started,
      startedAt: started,
      endedAt: null,
      outcome: 'RUNNING',
      count: 0,
      error: null,
    });
    const one = jobScheduleAnswer.parse(await get(`/api/job_schedules/${cron.id}`));
    expect(one).toMatchObject({ cronJob: true, status: 'ACTIVE', lastRun: { outcome: 'RUNNING' }, nextRunAt: expect.any(String) });
    expect(jobScheduleAnswer.parse(await get(`/api/job_schedules/${interval.id}`))).toMatchObject({ cronJob: false, repeatInterval: 3600, nextRunAt: null, lastRun: null });
    expectFits(jobSchedulePage, await get('/api/job_schedules'));
    expect(jobRunPage.parse(await get(`/api/job_schedules/${cron.id}/runs?size=10`)).content.map((r) => r.outcome)).toEqual(['RUNNING', 'SUCCEEDED']);
  });
});

describe('students and customers', () => {
  test('GET /students, /students/{id}, /students/emails/{email}, find_by_criteria and /customers answer the schema', async () => {
    const sid = plan.student.student.id;
    const one = studentAnswer.parse(await get(`/api/students/${sid}`));
    expect(one).toMatchObject({ id: sid, user: { email: plan.student.email } });
    expectFits(studentAnswer, await get(`/api/students/emails/${encodeURIComponent(plan.student.email)}`));
    expectFits(studentPage, await get('/api/students?size=50'));
    expectFits(studentPage, await find('/api/students/find_by_criteria?size=50', { email: plan.student.email }));
    expectFits(studentPage, await get('/api/customers?size=50'));
  });
});

describe('vouchers and voucher refunds', () => {
  test('GET /vouchers, /vouchers/{id}, /application_vouchers and /application_vouchers/{id} answer the schema', async () => {
    const voucher = await makeVoucher();
    expect(voucherAnswer.parse(await get(`/api/vouchers/${voucher.id}`))).toMatchObject({ id: voucher.id, code: voucher.code });
    expectFits(voucherPage, await get('/api/vouchers?size=50'));
    const created = await request(t.app)
      .post('/api/application_vouchers')
      .set(bearer(admin.token))
      .send({ applicationId: plan.application.id, voucherId: voucher.id, comments: 'Late promo', amountToBeRefunded: 250.5, taxToBeRefunded: 12.25 });
    expect(created.status).toBe(201);
    expectFits(applicationVoucherAnswer, created.body);
    expect((await request(t.app).patch(`/api/application_vouchers/${created.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
    expect(applicationVoucherAnswer.parse(await get(`/api/application_vouchers/${created.body.id}`))).toMatchObject({ status: 'APPROVED', totalToBeRefunded: 262.75 });
    expectFits(applicationVoucherPage, await get('/api/application_vouchers?size=50'));
  });
});

describe('programs and cohorts', () => {
  test('GET /programs, /programs/{id}, its modules, /cohorts, /cohorts/{id}, its modules and skipped sessions answer the schema', async () => {
    const program = await makeProgram({ registrationFee: 150.25, clockHours: 120 });
    const as = (r: request.Test) => r.set(bearer(admin.token));
    const module = await as(request(t.app).post(`/api/programs/${program.id}/program_modules`)).send({
      title: 'Intro',
      duration: 90,
      openDate: '2030-01-10',
      closeDate: '2030-02-10',
      locked: true,
    });
    expect(module.status).toBe(201);
    expectFits(programModuleAnswer, module.body);
    expect(programAnswer.parse(await get(`/api/programs/${program.id}`))).toMatchObject({ id: program.id, registrationFee: 150.25, languages: expect.any(Array) });
    expectFits(programModuleAnswer, await get(`/api/programs/${program.id}/program_modules/${module.body.id}`));
    expect(programModulePage.parse(await get(`/api/programs/${program.id}/program_modules`)).content).toHaveLength(1);
    expectFits(programPage, await get('/api/programs?size=50'));

    const cohort = await makeCohort({ program, courseAccessStartDateTime: new Date('2030-01-15T05:00:00Z'), doceboLearningPlanIds: ['lp1'] });
    expect((await as(request(t.app).post(`/api/cohorts/${cohort.id}/modules/sync`)).send({})).status).toBe(200);
    const skipped = await as(request(t.app).post(`/api/cohorts/${cohort.id}/skip_coaching_circle_sessions`)).send({ sessionDate: '2030-03-02', description: 'Holiday' });
    expect(skipped.status).toBe(201);
    expect(cohortAnswer.parse(await get(`/api/cohorts/${cohort.id}`))).toMatchObject({ id: cohort.id, program: { id: program.id }, doceboConfig: { learningPlanIds: ['lp1'] } });
    expect(cohortModulePage.parse(await get(`/api/cohorts/${cohort.id}/cohort_modules`)).content.map((m) => m.programModuleId)).toEqual([module.body.id]);
    expect(skippedSessionPage.parse(await get(`/api/cohorts/${cohort.id}/skip_coaching_circle_sessions`)).content.map((s) => s.sessionDate)).toEqual(['2030-03-02']);
    expectFits(cohortPage, await get('/api/cohorts?size=50'));
  });
});

describe('business categories and products', () => {
  test('GET /business_categories, one, its accounting lines and payment plans answer the schema', async () => {
    const category = await categoryNamed();
    const as = (r: request.Test) => r.set(bearer(admin.token));
    expectFits(businessCategoryAnswer, await get(`/api/business_categories/${category.id}`));
    expectFits(businessCategoryPage, await get('/api/business_categories?size=50'));
    const line = await as(request(t.app).post(`/api/business_categories/${category.id}/accounting_lines`)).send({ description: unique('Line '), type: 'CHARGE', category: 'FEE' });
    expect(line.status).toBe(201);
    expectFits(accountingLineAnswer, await get(`/api/business_categories/${category.id}/accounting_lines/${line.body.id}`));
    expectFits(accountingLinePage, await get(`/api/business_categories/${category.id}/accounting_lines?size=50`));
    const plan = await makeCategoryPlan({
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      depositAmount: 500,
      interestRate: 7.25,
      totalTerm: 12,
      tuitionPrice: 6000,
    });
    expect(categoryPlanAnswer.parse(await get(`/api/business_categories/${category.id}/payment_plans/${plan.id}`))).toMatchObject({ depositAmount: 500, interestRate: 7.25 });
    expectFits(categoryPlanPage, await get(`/api/business_categories/${category.id}/payment_plans?size=50`));
    expectFits(categoryPlanPage, await get('/api/business_categories/payment_plans?size=50'));
  });

  test('GET /products, one, by flow type, its enrolling status, payment plans and adjustments answer the schema', async () => {
    const cohort = await makeCohort();
    const product = await makeProduct({ cohorts: [cohort], withPlan: true, enrollingStartDate: '2020-01-01', enrollingEndDate: '2040-12-31', cost: 6150.5 });
    expect(productAnswer.parse(await get(`/api/products/${product.id}`))).toMatchObject({ cost: 6150.5, cohortIds: [cohort.id], paymentPlanCount: 1, enrolling: true });
    expectFits(productPage, await get('/api/products?size=50'));
    expectFits(productPage, await get('/api/products/by_flow_type/HCTP'));
    expectFits(enrollingStatusAnswer, await get(`/api/products/${product.id}/check_enrolling_status`));
    const plans = productPlanPage.parse(await get(`/api/products/${product.id}/product_payment_plans`));
    const planId = plans.content[0].id;
    const adjustment = await request(t.app)
      .post(`/api/products/${product.id}/product_payment_plans/${planId}/adjustments`)
      .set(bearer(admin.token))
      .send({ description: 'Scholarship', type: 'CREDIT', category: 'SCHOLARSHIP', amount: 250.75 });
    expect(adjustment.status).toBe(201);
    expect(productPlanAnswer.parse(await get(`/api/products/${product.id}/product_payment_plans/${planId}`)).adjustments.map((a) => a.amount)).toEqual([250.75]);
    expectFits(planAdjustmentAnswer, await get(`/api/products/${product.id}/product_payment_plans/${planId}/adjustments/${adjustment.body.id}`));
    expectFits(planAdjustmentPage, await get(`/api/products/${product.id}/product_payment_plans/${planId}/adjustments`));
  });
});

describe('applications', () => {
  test('GET /applications, one, search, find_by_criteria and the parts of one answer the schema', async () => {
    const id = plan.application.id;
    const sid = plan.student.student.id;
    const one = applicationAnswer.parse(await get(`/api/applications/${id}`));
    expect(one).toMatchObject({ id, status: 'ENROLLED', paymentPlan: { id: plan.plan.id }, student: { id: sid } });
    expect(one.paymentPlan?.paymentTransactions.length).toBeGreaterThan(0);
    expectFits(applicationPage, await get('/api/applications?size=50'));
    expectFits(applicationPage, await get(`/api/applications/search?keyword=${encodeURIComponent(plan.student.email)}`));
    expectFits(applicationPage, await find('/api/applications/find_by_criteria?size=50', { statuses: ['ENROLLED'] }));
    expectFits(applicationOptionsAnswer, await get(`/api/applications/${id}/options`));
    expectFits(statusMovesAnswer, await get(`/api/applications/${id}/status_moves`));
    expectFits(applicationIssuedPlanAnswer.array(), await get(`/api/applications/${id}/payment_plans`));
    expectFits(applicationCohortPage, await get(`/api/applications/${id}/application_cohorts`));
    expectFits(applicationCohortPage, await get(`/api/students/${sid}/application_cohorts`));
    const as = (r: request.Test) => r.set(bearer(admin.token));
    expect((await as(request(t.app).post(`/api/applications/${id}/comments`)).send({ content: 'Called the student' })).status).toBe(201);
    expect(commentPage.parse(await get(`/api/applications/${id}/comments`)).content.map((c) => c.content)).toContain('Called the student');
    expectFits(questionAnswer.array(), await get(`/api/applications/${id}/answers`));
    // A failed report and a sent one (as the CRM delivery leaves them).
    await CrmNotification.create({
      applicationId: id,
      crm: 'salesforce',
      event: 'APPLICATION_STATUS',
      payload: { applicationId: id, status: 'ENROLLED', previousStatus: 'SIGNED' },
      status: 'FAILED',
      attempts: 2,
      lastError: 'CRM down',
      externalId: null,
      sentAt: null,
    });
    await CrmNotification.create({
      applicationId: id,
      crm: 'salesforce',
      event: 'APPLICATION_STATUS',
      payload: { applicationId: id, status: 'SIGNED', previousStatus: 'WAITING_TO_SIGN' },
      status: 'ACCEPTED',
      attempts: 1,
      lastError: null,
      externalId: 'ext-1',
      sentAt: new Date(),
    });
    expect(crmNotificationPage.parse(await get(`/api/applications/${id}/salesforce_notifications`)).content.length).toBeGreaterThanOrEqual(2);
    expectFits(crmNotificationsAnswer, await get(`/api/applications/${id}/salesforce_notifications`));
    const own = await request(t.app).get(`/api/applications/${id}/salesforce_notifications`).set(bearer(plan.student.token));
    expect(own.status).toBe(200);
    expect(page(studentCrmNotificationAnswer).parse(own.body).content.length).toBeGreaterThanOrEqual(2);
    expectFits(crmNotificationsAnswer, own.body);
    const progress = await request(t.app).post(`/api/applications/${id}/progress`).set(bearer(plan.student.token)).send({});
    expect(progress.status).toBe(200);
    expectFits(progressAnswer, progress.body);
  });

  test("agreement envelopes answer the schema (an application's, a student's, one with its content)", async () => {
    const envelope = await makeSignedEnvelope(plan.application.id);
    const list = envelopeListAnswer.parse(await get(`/api/applications/${plan.application.id}/envelopes`));
    expect(list.map((e) => e.id)).toContain(envelope.id);
    expect(list.every((e) => e.content === undefined)).toBe(true);
    expectFits(envelopePage, await get(`/api/students/${plan.student.student.id}/envelopes`));
    expect(envelopeAnswer.parse(await get(`/api/envelopes/${envelope.id}`))).toMatchObject({ id: envelope.id, status: 'SIGNED', content: expect.any(String) });
  });
});

describe('payment plans and billing', () => {
  test("GET /payment_plans, one, a student's plans, payments, account history, cards and card-provider history answer the schema", async () => {
    const sid = plan.student.student.id;
    const detail = planDetailAnswer.parse(await get(`/api/payment_plans/${plan.plan.id}`));
    expect(detail).toMatchObject({ id: plan.plan.id, terms: { currency: 'usd' }, student: { id: sid } });
    expect(detail.schedules.length).toBe(plan.entries.length);
    expectFits(planPage, await get('/api/payment_plans?size=50'));
    expectFits(planPage, await find('/api/payment_plans/find_by_criteria?size=50', { statuses: ['ACTIVE'] }));
    const mine = await get(`/api/students/${sid}/payment_plans`);
    expectFits(Array.isArray(mine) ? planDetailAnswer.array() : page(planDetailAnswer), mine);
    expect(page(paymentAnswer).parse(await get(`/api/students/${sid}/payments?applicationId=${plan.application.id}`)).content.length).toBeGreaterThan(0);
    expect(ledgerPage.parse(await get(`/api/students/${sid}/account_history?size=50`)).content.length).toBeGreaterThan(0);
    expect(paymentMethodPage.parse(await get(`/api/students/${sid}/payment_methods`)).content.length).toBeGreaterThan(0);
    expect(gatewayEventPage.parse(await get(`/api/students/${sid}/stripe_history`)).content.length).toBeGreaterThan(0);
    expectFits(gatewayEventPage, await get(`/api/students/${sid}/authorize_net_history`));
    // The student reads the same shapes (their own sentences and references).
    const own = await request(t.app).get(`/api/students/${sid}/stripe_history`).set(bearer(plan.student.token));
    expect(own.status).toBe(200);
    expect(gatewayEventPage.parse(own.body).content.length).toBeGreaterThan(0);
  });
});

describe('program parts', () => {
  test("GET a program's graduation requirements, LMS categories, payment plans, extra products and the module groups answer the schema", async () => {
    const program = await makeProgram();
    const P = `/api/programs/${program.id}`;
    const as = (r: request.Test) => r.set(bearer(admin.token));
    const quizzes = await LmsCategory.create({ programId: program.id, kind: 'QUIZ', externalId: 'q-1', name: 'Quizzes' });
    const requirement = await as(request(t.app).post(`${P}/graduation_requirements`)).send({
      name: 'Quizzes',
      type: 'QUIZ',
      displayOrder: 1,
      total: 4,
      minScore: 80.5,
      quizCategoryId: quizzes.id,
      quizIds: ['a', 'b'],
    });
    expect(requirement.status).toBe(201);
    expect(graduationRequirementAnswer.parse(await get(`${P}/graduation_requirements/${requirement.body.id}`))).toMatchObject({ minScore: 80.5, quizIds: ['a', 'b'] });
    expectFits(graduationRequirementPage, await get(`${P}/graduation_requirements`));
    expect(lmsCategoryPage.parse(await get(`${P}/quiz_categories`)).content.map((c) => c.name)).toEqual(['Quizzes']);
    expectFits(lmsCategoryPage, await get(`${P}/assignment_categories`));
    const line = await AccountingLine.create({
      businessCategoryId: program.businessCategoryId,
      description: unique('Fee '),
      type: 'CHARGE',
      category: 'FEE',
      updatedById: null,
      updatedByName: null,
    });
    const plan = await as(request(t.app).post(`${P}/payment_plans`)).send({
      name: 'Monthly',
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      totalTerm: 12,
      depositAmount: 500,
      interestRate: 9.9,
      tuitionPrice: 6000,
      accountingLines: [{ accountingLineId: line.id, amount: 150.25 }],
    });
    expect(plan.status).toBe(201);
    expect(programPlanAnswer.parse(await get(`${P}/payment_plans/${plan.body.id}`)).accountingLines).toMatchObject([{ accountingLineId: line.id, amount: 150.25, type: 'CHARGE' }]);
    expectFits(programPlanPage, await get(`${P}/payment_plans`));
    const extra = await as(request(t.app).post(`${P}/extra_products`)).send({ name: 'Transcript', type: 'TRANSCRIPT', priceType: 'FIXED', price: 25.5 });
    expect(extra.status).toBe(201);
    expect(extraProductAnswer.parse(await get(`${P}/extra_products/${extra.body.id}`))).toMatchObject({ price: 25.5 });
    expectFits(extraProductPage, await get(`${P}/extra_products`));
    expectFits(moduleGroupPage, await get('/api/module_groups?size=50'));
  });
});

describe('staff, roles, saved filters and the signed-in person', () => {
  test('GET /admins, one, find_by_criteria, /roles, one and the permission catalogue answer the schema', async () => {
    const one = administratorAnswer.parse(await get(`/api/admins/${admin.admin.id}`));
    expect(one).toMatchObject({ id: admin.admin.id, userId: admin.user.id, active: true, status: expect.any(String) });
    expectFits(administratorPage, await get('/api/admins?size=50'));
    expectFits(administratorPage, await find('/api/admins/find_by_criteria?size=50', {}));
    const roles = rolePage.parse(await get('/api/roles?size=50'));
    expect(roles.content.find((r) => r.name === 'SUPER_ADMIN')).toMatchObject({ system: true });
    expectFits(roleAnswer, await get(`/api/roles/${roles.content[0].id}`));
    expect(permissionCatalogueAnswer.parse(await get('/api/roles/permissions')).map((p) => p.resource)).toContain('payments');
  });

  test("a student's session and activity log, saved filters and the view history answer the schema", async () => {
    const sid = plan.student.student.id;
    expectFits(sessionAnswer, await get(`/api/students/${sid}/session`));
    const activity = activityEntryPage.parse(await get(`/api/students/${sid}/activity_log?size=50`));
    expect(activity.content.length).toBeGreaterThan(0);
    const saved = await request(t.app)
      .post('/api/search_filters/students')
      .set(bearer(admin.token))
      .send({ name: unique('Mine '), criteria: { languages: ['ES'] } });
    expect(saved.status).toBe(201);
    expectFits(searchFilterAnswer, saved.body);
    expect(searchFilterAnswer.parse(await get(`/api/students/filters/${saved.body.id}`))).toMatchObject({ kind: 'students', criteria: { languages: ['ES'] } });
    expect(searchFilterPage.parse(await get('/api/search_filters?type=students')).content.map((f) => f.id)).toContain(saved.body.id);
    const viewed = await request(t.app)
      .post(`/api/users/${admin.user.id}/view_histories`)
      .set(bearer(admin.token))
      .send({ entityType: 'STUDENT', entityId: sid, label: 'A student' });
    expect(viewed.status).toBe(201);
    expectFits(viewHistoryAnswer, viewed.body);
    expect(viewHistoryPage.parse(await get(`/api/users/${admin.user.id}/view_histories`)).content.map((h) => h.entityId)).toContain(sid);
  });

  test('GET /auth/me answers the schema, for an administrator and for a student', async () => {
    expect(meAnswer.parse(await get('/api/auth/me'))).toMatchObject({ administrator: { id: admin.admin.id, permissions: expect.any(Array) } });
    const own = await request(t.app).get('/api/auth/me').set(bearer(plan.student.token));
    expect(own.status).toBe(200);
    expect(meAnswer.parse(own.body)).toMatchObject({ student: { id: plan.student.student.id, user: { email: plan.student.email } } });
  });
});

describe('the remaining lists and figures', () => {
  test('find_by_criteria of customers, programs, products, cohorts and vouchers answers the list pages', async () => {
    expectFits(studentPage, await find('/api/customers/find_by_criteria?size=50', {}));
    expectFits(programPage, await find('/api/programs/find_by_criteria?size=50', {}));
    expectFits(productPage, await find('/api/products/find_by_criteria?size=50', {}));
    expectFits(cohortPage, await find('/api/cohorts/find_by_criteria?size=50', {}));
    expectFits(voucherPage, await find('/api/vouchers/find_by_criteria?size=50', {}));
  });

  test("a bundle's programs and a program's enrollment-flow requirements answer the schema", async () => {
    const bundle = await makeProgram({ isBundle: true });
    const [a, b] = [await makeProgram(), await makeProgram()];
    const set = await request(t.app)
      .post(`/api/programs/${bundle.id}/programs`)
      .set(bearer(admin.token))
      .send({ programIds: [b.id, a.id] });
    expect(set.status).toBe(200);
    expectFits(bundleProgramsAnswer, set.body);
    expect(bundleProgramsAnswer.parse(await get(`/api/programs/${bundle.id}/programs`)).map((p) => p.id)).toEqual([b.id, a.id]);
    const flow = await request(t.app)
      .put(`/api/programs/${a.id}/enrollment_flow_requirements`)
      .set(bearer(admin.token))
      .send([{ step: 'QUESTIONNAIRE', required: true }]);
    expect(flow.status).toBe(200);
    expectFits(flowRequirementsAnswer, flow.body);
    const steps = flowRequirementsAnswer.parse(await get(`/api/programs/${a.id}/enrollment_flow_requirements`));
    expect(steps.filter((s) => s.required).map((s) => s.step)).toEqual(['QUESTIONNAIRE']);
  });

  test('enrollments, schedule entries by criteria, the billing dashboard, lookups and the gateway config answer the schema', async () => {
    const sid = plan.student.student.id;
    const cohort = await makeCohort();
    await Enrollment.create({
      applicationId: plan.application.id,
      studentId: sid,
      cohortId: cohort.id,
      programId: cohort.programId,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    const enrollments = enrollmentPage.parse(await get(`/api/enrollments?studentId=${sid}`));
    expect(enrollments.content.find((e) => e.cohortId === cohort.id)).toMatchObject({
      applicationId: plan.application.id,
      status: 'ACTIVE',
      cohortLabel: cohort.label,
      student: { id: sid },
    });
    const entries = scheduleRowPage.parse(await find('/api/payment_schedules/find_by_criteria?size=50', { students: [sid] }));
    expect(entries.content.length).toBe(plan.entries.length);
    expect(entries.content[0]).toMatchObject({ studentId: sid, email: plan.student.email });
    const dashboard = billingDashboardAnswer.parse(await get('/api/billing/dashboard'));
    expect(dashboard.collectedByMonth).toHaveLength(12);
    expect(dashboard.upcomingByWeek).toHaveLength(8);
    const lookups = await request(t.app).get('/api/public/lookups?type=GENDER');
    expect(lookups.status).toBe(200);
    expect(lookupsAnswer.parse(lookups.body).content.every((l) => l.type === 'GENDER')).toBe(true);
    expect(gatewayConfigAnswer.parse(await get('/api/payment_gateway/config'))).toEqual({ gateway: 'SANDBOX', publishableKey: null });
  });
});

describe('OpenAPI', () => {
  test('the answers of these GET endpoints are documented from their schemas', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
    };
    const answerOf = (path: string, method = 'get', status = '200') => doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    const dispute = answerOf('/api/disputes/{id}') as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
    expect(Object.keys(dispute.properties)).toEqual(Object.keys(disputeAnswer.shape));
    expect(dispute.required).toEqual(expect.arrayContaining(['paymentId', 'amount', 'status', 'student', 'payment']));
    expect(dispute.additionalProperties).toBe(false);
    for (const path of [
      '/api/external_payments',
      '/api/refund_queues/{id}',
      '/api/failed_payments/{id}',
      '/api/domain_events',
      '/api/job_schedules/{id}/runs',
      '/api/students/{id}',
      '/api/customers',
      '/api/application_vouchers/{id}',
      '/api/vouchers',
      '/api/cohorts/{id}/cohort_modules',
      '/api/products/{id}/product_payment_plans/{planId}',
      '/api/programs/{id}/graduation_requirements',
      '/api/business_categories/{id}/payment_plans/{planId}',
      '/api/applications/{id}',
      '/api/applications/{id}/options',
      '/api/payment_plans/{id}',
      '/api/students/{id}/account_history',
      '/api/students/{id}/stripe_history',
      '/api/students/{id}/refunds',
      '/api/refund_queues/{id}/application',
      '/api/programs/{id}/programs',
      '/api/programs/{id}/enrollment_flow_requirements',
      '/api/applications/{id}/envelopes',
      '/api/students/{id}/envelopes',
      '/api/applications/{id}/salesforce_notifications',
      '/api/business_categories/{id}/accounting_lines',
      '/api/business_categories/{id}/accounting_lines/{lineId}',
      '/api/module_groups',
      '/api/admins/{id}',
      '/api/roles',
      '/api/roles/permissions',
      '/api/students/{id}/activity_log',
      '/api/students/{id}/session',
      '/api/search_filters',
      '/api/users/{id}/view_histories',
      '/api/auth/me',
      '/api/enrollments',
      '/api/billing/dashboard',
      '/api/public/lookups',
      '/api/payment_gateway/config',
    ])
      expect([path, typeof answerOf(path)]).toEqual([path, 'object']);
    for (const path of [
      '/api/disputes/find_by_criteria',
      '/api/customers/find_by_criteria',
      '/api/programs/find_by_criteria',
      '/api/payment_schedules/find_by_criteria',
      '/api/admins/find_by_criteria',
    ])
      expect([path, answerOf(path, 'post')]).toMatchObject([path, { type: 'object', required: ['content', 'pagination'] }]);
  });
});

describe('coaching circle sign-ups', () => {
  test('GET /coaching_circle_sign_up, /coaching_circle_sign_up/{id} and /students/{id}/coaching_circles answer their schemas', async () => {
    const p = await circleCohort();
    const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-48, 100] });
    const s = await enrolledStudent(t.deps, p);
    const made = await request(t.app).post('/api/coaching_circle_sign_up').set(bearer(admin.token)).send({ coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
    expect(made.status).toBe(201);
    expectFits(circleSignUpAnswer, made.body);
    expectFits(circleSignUpPage, await get(`/api/coaching_circle_sign_up?coachingCircleId=${fx.circle.id}&includeLeft=true`));
    expectFits(circleSignUpAnswer, await get(`/api/coaching_circle_sign_up/${made.body.id}?timeZone=Europe/Madrid`));
    const available = await get(`/api/students/${s.student.id}/coaching_circles`);
    expectFits(availableCirclesAnswer, available);
    expect((available as { circles: unknown[] }).circles.length).toBeGreaterThan(0);
  });
});

describe('coaches', () => {
  test('GET /coaches (full and fields=id,name), /coaches/{id} and /coaches/{id}/comments answer their schemas', async () => {
    const made = await request(t.app)
      .post('/api/coaches')
      .set(bearer(admin.token))
      .send({ rateOfPay: 40, languages: ['EN'], student: { user: { email: `${unique('coach')}@example.com` }, personalInfo: { firstName: 'Cora', lastName: 'Coach' } } });
    expect(made.status).toBe(201);
    expect((await request(t.app).post(`/api/coaches/${made.body.id}/comments`).set(bearer(admin.token)).send({ content: 'Kind' })).status).toBe(201);
    expectFits(coachPage, await get('/api/coaches'));
    expectFits(coachPickPage, await get('/api/coaches?fields=id,name'));
    expectFits(coachPage, await find('/api/coaches/find_by_criteria', { languages: ['EN'] }));
    expectFits(coachDetailAnswer, await get(`/api/coaches/${made.body.id}`));
    expectFits(coachCommentPage, await get(`/api/coaches/${made.body.id}/comments`));
  });

  test("GET /coaches/me (a coach's own record) answers its schema", async () => {
    const coach = await makeStudent(t.deps, { kind: 'COACH', timeZone: 'Europe/Madrid' });
    const res = await request(t.app).get('/api/coaches/me').set(bearer(coach.token));
    expect(res.status).toBe(200);
    expectFits(coachSelfAnswer, res.body);
  });

  test('GET /coaches/me/comments (the notes a coach wrote in attendance) answers its schema', async () => {
    const p = await circleCohort();
    const fx = await makeCircle(t.deps, p.cohort, { hoursFromNow: [-24, 100] });
    const s = await enrolledStudent(t.deps, p);
    const signUp = await CoachingCircleSignUp.create({ coachingCircleId: fx.circle.id, coachingCircleCoachId: fx.groups[0].id, studentId: s.student.id });
    await CoachingCircleSignUpSession.create({
      coachingCircleSignUpId: signUp.id,
      coachingCircleSessionId: fx.sessions[0].id,
      coachingCircleCoachId: fx.groups[0].id,
      status: 'ATTENDED',
      participation: 'Active',
      notes: 'Shared her plan',
    });
    const res = await request(t.app).get('/api/coaches/me/comments').set(bearer(fx.coaches[0].token));
    expect([res.status, res.body.pagination.total]).toEqual([200, 1]);
    expectFits(coachOwnCommentPage, res.body);
  });
});

describe('learning sessions', () => {
  test('GET /learning_sessions, find_by_criteria, /learning_sessions/{id} and /learning_session_sign_up answer the schema (bare and published with a sign-up)', async () => {
    const coach = await makeStudent(t.deps, { kind: 'COACH' });
    const cohort = await makeCohort();
    const bare = await request(t.app).post('/api/learning_sessions').set(bearer(admin.token)).send({ type: 'WEBINAR', title: 'Bare', startDateTime: '2031-02-01T15:00:00Z' });
    const made = await request(t.app)
      .post('/api/learning_sessions')
      .set(bearer(admin.token))
      .send({
        type: 'WORKSHOP',
        title: 'Answers',
        coachId: coach.coach!.id,
        startDateTime: '2031-02-02T15:00:00Z',
        webConferenceUrl: 'https://meet.example.com/x',
        learningSessionScopes: [{ cohortId: cohort.id }],
        autoPublishDate: '2031-01-01T00:00:00Z',
      });
    expect((await request(t.app).patch(`/api/learning_sessions/${made.body.id}/publish`).set(bearer(admin.token))).status).toBe(200);
    await Enrollment.create({
      applicationId: plan.application.id,
      studentId: plan.student.student.id,
      cohortId: cohort.id,
      programId: cohort.programId,
      status: 'ACTIVE',
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    expect(
      (await request(t.app).post('/api/learning_session_sign_up').set(bearer(admin.token)).send({ learningSessionId: made.body.id, studentId: plan.student.student.id })).status,
    ).toBe(201);
    for (const id of [bare.body.id, made.body.id]) expectFits(learningSessionAnswer, await get(`/api/learning_sessions/${id}`));
    expectFits(learningSessionPage, await get(`/api/learning_sessions?cohortId=${cohort.id}`));
    expectFits(learningSessionPage, await find('/api/learning_sessions/find_by_criteria', { timeOfDay: ['MORNING'], utcOffset: 'America/Chicago' }));
    expectFits(learningSessionSignUpPage, await get(`/api/learning_session_sign_up?learningSessionId=${made.body.id}`));
  });
});

describe('file exports', () => {
  test('GET /file_export and /file_export/{id} answer the schema (PENDING, COMPLETED with its file, FAILED)', async () => {
    const ask = async (kind: string, body: Record<string, unknown>, query = '') => {
      const res = await request(t.app).post(`/api/file_export/${kind}${query}`).set(bearer(admin.token)).send(body);
      expect(res.status).toBe(202);
      expectFits(fileExportAnswer, res.body);
      return res.body.id as number;
    };
    const done = await ask('students_csv', { active: true }, '?keyword=Sam&utcOffset=-05:00');
    await runFileExports(t.deps, { owner: 'answer-schemas' });
    const failed = await ask('coaches_csv', {});
    await FileExport.update({ status: 'FAILED', error: 'Boom', finishedAt: new Date() }, { where: { id: failed } });
    const pending = await ask('collections_csv', { financialStatuses: ['PAST_DUE'] });
    for (const id of [done, failed, pending]) expectFits(fileExportAnswer, await get(`/api/file_export/${id}`));
    expect(((await get(`/api/file_export/${done}`)) as { status: string }).status).toBe('COMPLETED');
    expectFits(fileExportPage, await get('/api/file_export?size=50'));
  });
});
