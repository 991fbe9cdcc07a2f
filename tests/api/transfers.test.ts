import request from 'supertest';
import {
  ActivityLog,
  Application,
  ApplicationCohort,
  BusinessCategory,
  Cohort,
  CommunicationIntent,
  CrmNotification,
  Enrollment,
  PaymentSchedule,
  Refund,
  StudentPaymentPlan,
  Transfer,
} from '../../models';
import { dispatchEvents } from '../../api/common/events';
import { schoolToday } from '../../models/catalogue';
import { addDays } from '../../domain/rules/withdrawals';
import { setupApp, type TestApp } from '../support/app';
import { makeEnrolledPlan, type EnrolledPlan } from '../support/billing-factories';
import { makeApplication, makeEnrollableProduct, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';

/**
 * /api/transfers (platform spec §7; domain rules "Transfers"; issue 18): every call's happy path, 400,
 * 401, 403, 404 and each 409 (pending, only ENROLLED, same category, not ended, limit of 2, same
 * status); the preview's money is what acceptance does; acceptance moves the old application and
 * enrollments to TRANSFERRED and makes a new ENROLLED application with a plan reduced by the rollover
 * and increased by the fee.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let supportToken: string;
let origin: EnrollableProduct;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
  supportToken = (await makeAdmin(t.deps, { roles: ['SUPPORT'] })).token;
  origin = await makeEnrollableProduct();
});
afterAll(() => t.close());

const BASE = '/api/transfers';
const MISSING = 999_999;
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** A target product whose class is in the origin's business category. */
async function target(): Promise<EnrollableProduct> {
  const p = await makeEnrollableProduct();
  await Cohort.update({ businessCategoryId: origin.cohorts[0].businessCategoryId }, { where: { id: p.cohorts[0].id } });
  return p;
}

async function enrolled(): Promise<EnrolledPlan> {
  const plan = await makeEnrolledPlan(t.deps, { enrollable: origin });
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

const create = (body: Record<string, unknown>, token = admin.token) => request(t.app).post(BASE).set(bearer(token)).send(body);
const preview = (body: Record<string, unknown>, token = admin.token) => request(t.app).post(`${BASE}/preview`).set(bearer(token)).send(body);
const setStatus = (id: number, status: string, token = admin.token) => request(t.app).patch(`${BASE}/${id}/status?status=${status}`).set(bearer(token));
const acceptTerms = (id: number, token: string) => request(t.app).patch(`${BASE}/${id}/accept_terms`).set(bearer(token));

describe('offer, preview and accept', () => {
  test('staff offer a free first transfer; the student accepts in two steps; the new plan carries the rollover', async () => {
    const plan = await enrolled();
    const to = await target();
    const body = { applicationId: plan.application.id, destinationProductId: to.product.id, transferFee: 150 };
    const p = await preview(body);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ transferNumber: 1, transferFee: 0, tuitionRollover: 500, paid: 500, excessRefund: 0 });
    const targetPrincipal = cents(p.body.newPrincipal) + 50_000;
    expect(p.body.schedule.reduce((s: number, e: { principal: number }) => s + cents(e.principal), 0)).toBe(cents(p.body.newPrincipal));

    const offer = await create(body);
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ status: 'PENDING', requestedBy: 'STAFF', transferFee: 0, tuitionRollover: 500 });
    expect(await CommunicationIntent.count({ where: { templateKey: 'TRANSFER_OFFERED', studentId: plan.student.student.id } })).toBe(1);

    // Staff cannot accept their own offer; the student must accept the terms first.
    expect((await setStatus(offer.body.id, 'ACCEPTED')).body.message).toBe('Not permitted');
    expect((await setStatus(offer.body.id, 'ACCEPTED', plan.student.token)).status).toBe(409);
    expect((await acceptTerms(offer.body.id, plan.student.token)).status).toBe(200);
    const accepted = await setStatus(offer.body.id, 'ACCEPTED', plan.student.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('ACCEPTED');

    expect((await Application.findByPk(plan.application.id))!.status).toBe('TRANSFERRED');
    expect(await Enrollment.count({ where: { applicationId: plan.application.id, status: 'TRANSFERRED' } })).toBe(1);
    const fresh = (await Application.findByPk(accepted.body.newApplicationId))!;
    expect(fresh.status).toBe('ENROLLED');
    expect(fresh.productId).toBe(to.product.id);
    expect(await Enrollment.count({ where: { applicationId: fresh.id, cohortId: to.cohorts[0].id, status: 'ACTIVE' } })).toBe(1);
    const newPlan = (await StudentPaymentPlan.findOne({ where: { applicationId: fresh.id } }))!;
    expect(cents(newPlan.rollover)).toBe(50_000);
    expect(cents(newPlan.principalAmount)).toBe(targetPrincipal - 50_000);
    const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: newPlan.id } });
    expect(entries.reduce((s, e) => s + cents(e.principal), 0)).toBe(cents(newPlan.principalAmount));
    const old = (await StudentPaymentPlan.findByPk(plan.plan.id))!;
    expect(old.status).toBe('CANCELLED');
    expect(cents(old.transferReduction)).toBe(cents(plan.plan.balance) - 50_000);
    expect(await CommunicationIntent.count({ where: { templateKey: 'TRANSFER_ACCEPTED', studentId: plan.student.student.id } })).toBe(1);

    const same = await setStatus(offer.body.id, 'ACCEPTED', plan.student.token);
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Same status');
    expect((await setStatus(offer.body.id, 'REJECTED')).body.message).toBe('Invalid status');
  });

  test('the second transfer carries the fee (0–300) staff set; a third is "Transfer limit reached"', async () => {
    const plan = await enrolled();
    const first = await target();
    const studentAsk = await create({ applicationId: plan.application.id, destinationProductId: first.product.id }, plan.student.token);
    expect(studentAsk.status).toBe(201);
    expect(studentAsk.body.requestedBy).toBe('STUDENT');
    expect((await setStatus(studentAsk.body.id, 'ACCEPTED', plan.student.token)).body.message).toBe('Not permitted');
    const done = await setStatus(studentAsk.body.id, 'ACCEPTED');
    expect(done.status).toBe(200);
    const next = done.body.newApplicationId as number;

    const second = await target();
    const tooBig = await preview({ applicationId: next, destinationProductId: second.product.id, transferFee: 301 });
    expect(tooBig.status).toBe(400);
    const offer = await create({ applicationId: next, destinationProductId: second.product.id, transferFee: 150 });
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ transferNumber: 2, transferFee: 150, rootApplicationId: plan.application.id });
    expect(cents((await Transfer.findByPk(offer.body.id))!.transferFee)).toBe(15_000);
    expect((await setStatus(offer.body.id, 'REJECTED')).body.status).toBe('REJECTED');
    const again = await create({ applicationId: next, destinationProductId: second.product.id, transferFee: 150 });
    expect(again.status).toBe(201);
    await acceptTerms(again.body.id, plan.student.token);
    const thirdRes = await setStatus(again.body.id, 'ACCEPTED', plan.student.token);
    expect(thirdRes.body).toMatchObject({ status: 'ACCEPTED', transferFee: 150 });
    const third = thirdRes.body.newApplicationId as number;
    const limit = await create({ applicationId: third, destinationProductId: (await target()).product.id });
    expect(limit.status).toBe(409);
    expect(limit.body.message).toBe('Transfer limit reached');
  });
});

describe('a chain of transfers (A → B → C)', () => {
  test('the second transfer rolls over everything paid toward the enrollment: what was paid on A (rolled over to B) and on B', async () => {
    const plan = await enrolled(); // $500 paid on A
    const b = await target();
    const ask = await create({ applicationId: plan.application.id, destinationProductId: b.product.id }, plan.student.token);
    expect(ask.status).toBe(201);
    const first = await setStatus(ask.body.id, 'ACCEPTED');
    expect(first.body).toMatchObject({ status: 'ACCEPTED', tuitionRollover: 500 });
    const onB = first.body.newApplicationId as number;
    const planB = (await StudentPaymentPlan.findOne({ where: { applicationId: onB } }))!;
    expect(cents(planB.rollover)).toBe(50_000);
    const paidOnB = await request(t.app)
      .post(`/api/students/${plan.student.student.id}/payment_plans/${planB.id}/payments`)
      .set(bearer(admin.token))
      .send({ type: 'INSTALLMENT', amount: 500 });
    expect(paidOnB.status).toBe(201);
    expect(cents((await StudentPaymentPlan.findByPk(planB.id))!.principalPaid)).toBe(50_000);

    const c = await target();
    const body = { applicationId: onB, destinationProductId: c.product.id, transferFee: 150 };
    const p = await preview(body);
    expect(p.status).toBe(200);
    // $500 on A + $500 on B: all of it rolls over to C (it was $500 before the fix).
    expect(p.body).toMatchObject({ transferNumber: 2, paid: 1000, transferFee: 150, tuitionRollover: 1000, excessRefund: 0 });
    const targetPrincipal = cents(planB.principalAmount) + 50_000; // B and C are the same product shape
    expect(cents(p.body.newPrincipal)).toBe(targetPrincipal + 15_000 - 100_000);

    const offer = await create(body);
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ transferFee: 150, tuitionRollover: 1000 });
    expect((await acceptTerms(offer.body.id, plan.student.token)).status).toBe(200);
    const second = await setStatus(offer.body.id, 'ACCEPTED', plan.student.token);
    expect(second.body).toMatchObject({ status: 'ACCEPTED', tuitionRollover: 1000, excessRefund: 0 });
    const planC = (await StudentPaymentPlan.findOne({ where: { applicationId: second.body.newApplicationId } }))!;
    expect(cents(planC.rollover)).toBe(100_000);
    expect(cents(planC.principalAmount)).toBe(targetPrincipal + 15_000 - 100_000);
    // Money conserved over the chain: C's rollover + its principal = C's price + the fee; nothing refunded.
    expect(cents(planC.rollover) + cents(planC.principalAmount)).toBe(targetPrincipal + 15_000);
    expect(await Refund.count({ where: { applicationId: [plan.application.id, onB] } })).toBe(0);
  });
});

describe('the preview of a pending transfer', () => {
  test("GET /transfers/{id}/preview answers what accepting would move (the POST preview's figures); 404 for another student; 409 once decided", async () => {
    const plan = await enrolled();
    const to = await target();
    const body = { applicationId: plan.application.id, destinationProductId: to.product.id };
    const before = await preview(body);
    expect(before.status).toBe(200);
    const offer = await create(body);
    expect(offer.status).toBe(201);
    // The pending transfer blocks a new preview of the application, not its own.
    expect((await preview(body)).body.message).toBe('Pending transfers must be resolved first');
    const own = await request(t.app).get(`${BASE}/${offer.body.id}/preview`).set(bearer(admin.token));
    expect(own.status).toBe(200);
    expect(own.body).toEqual(before.body);
    expect((await request(t.app).get(`${BASE}/${offer.body.id}/preview`).set(bearer(plan.student.token))).status).toBe(200);
    const other = await enrolled();
    expect((await request(t.app).get(`${BASE}/${offer.body.id}/preview`).set(bearer(other.student.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${MISSING}/preview`).set(bearer(admin.token))).status).toBe(404);
    expect((await setStatus(offer.body.id, 'REJECTED')).status).toBe(200);
    const decided = await request(t.app).get(`${BASE}/${offer.body.id}/preview`).set(bearer(admin.token));
    expect(decided.status).toBe(409);
    expect(decided.body.message).toBe('Invalid status');
  });
});

describe('refusals', () => {
  test('400, 401, 403, 404', async () => {
    const plan = await enrolled();
    expect((await create({ applicationId: plan.application.id })).status).toBe(400);
    expect((await create({ applicationId: plan.application.id, destinationProductId: MISSING })).status).toBe(400);
    expect((await request(t.app).post(BASE).send({})).status).toBe(401);
    expect((await request(t.app).get(BASE)).status).toBe(401);
    expect((await create({ applicationId: plan.application.id, destinationProductId: 1 }, supportToken)).status).toBe(403);
    expect((await create({ applicationId: MISSING, destinationProductId: 1 })).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/${MISSING}`).set(bearer(admin.token))).status).toBe(404);
    expect((await setStatus(MISSING, 'REJECTED')).status).toBe(404);
    expect((await setStatus(1, 'BOGUS')).status).toBe(400);
  });

  test('409: pending blocks a new one; only ENROLLED; same business category; not ended', async () => {
    const plan = await enrolled();
    const to = await target();
    expect((await create({ applicationId: plan.application.id, destinationProductId: to.product.id })).status).toBe(201);
    const pending = await create({ applicationId: plan.application.id, destinationProductId: to.product.id });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('Pending transfers must be resolved first');

    const applied = await makeApplication(plan.student.student.id, await target(), { status: 'APPLIED', chosen: true });
    const notEnrolled = await create({ applicationId: applied.id, destinationProductId: to.product.id });
    expect(notEnrolled.status).toBe(409);
    expect(notEnrolled.body.message).toBe('Only ENROLLED applications can be transferred');

    const other = await enrolled();
    const elsewhere = await makeEnrollableProduct();
    const otherCategory = await BusinessCategory.findOne({ where: {}, order: [['id', 'DESC']] });
    await Cohort.update(
      { businessCategoryId: otherCategory!.id === origin.cohorts[0].businessCategoryId ? otherCategory!.id - 1 : otherCategory!.id },
      { where: { id: elsewhere.cohorts[0].id } },
    );
    const category = await create({ applicationId: other.application.id, destinationProductId: elsewhere.product.id });
    expect(category.status).toBe(409);
    expect(category.body.message).toBe('The transfer must go to a new cohort in the same business category');
    const sameClass = await create({ applicationId: other.application.id, destinationProductId: origin.product.id });
    expect(sameClass.status).toBe(409);

    const ended = await target();
    await Cohort.update({ startDate: addDays(schoolToday(), -200), endDate: addDays(schoolToday(), -1) }, { where: { id: ended.cohorts[0].id } });
    const over = await create({ applicationId: other.application.id, destinationProductId: ended.product.id });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('TRANSFER_TARGET_ENDED');
    expect(await Transfer.count({ where: { applicationId: other.application.id } })).toBe(0);
  });
});

describe('lists, criteria, summary, saved filters', () => {
  test('find_by_criteria, summary, get, the student sees their own; saved filters validate', async () => {
    const plan = await enrolled();
    const to = await target();
    const offer = (await create({ applicationId: plan.application.id, destinationProductId: to.product.id })).body;
    const found = await request(t.app)
      .post(`${BASE}/find_by_criteria`)
      .set(bearer(admin.token))
      .send({ students: [plan.student.student.id], destinationProduct: [to.product.id], statuses: ['PENDING'] });
    expect(found.status).toBe(200);
    expect(found.body.content.map((x: { id: number }) => x.id)).toEqual([offer.id]);
    const summary = await request(t.app)
      .post(`${BASE}/summary`)
      .set(bearer(admin.token))
      .send({ students: [plan.student.student.id] });
    expect(summary.body).toMatchObject({ total: 1, tuitionRollover: 500 });
    expect((await request(t.app).get(`${BASE}/${offer.id}`).set(bearer(plan.student.token))).status).toBe(200);
    const stranger = await enrolled();
    expect((await request(t.app).get(`${BASE}/${offer.id}`).set(bearer(stranger.student.token))).status).toBe(404);
    const mine = await request(t.app).get(BASE).set(bearer(plan.student.token));
    expect(mine.body.content.map((x: { id: number }) => x.id)).toEqual([offer.id]);
    expect(
      (
        await request(t.app)
          .post('/api/search_filters/transfers')
          .set(bearer(admin.token))
          .send({ name: 'x', criteria: { statuses: ['NOPE'] } })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/search_filters/transfers')
          .set(bearer(admin.token))
          .send({ name: `t${offer.id}`, criteria: { statuses: ['PENDING'] } })
      ).status,
    ).toBe(201);
  });
});

describe('destinations', () => {
  test('the products a transfer may go to: same business category, not ended, not its own class, published; the student reaches their own', async () => {
    const plan = await enrolled();
    const to = await target();
    const ended = await target();
    await Cohort.update({ startDate: addDays(schoolToday(), -200), endDate: addDays(schoolToday(), -1) }, { where: { id: ended.cohorts[0].id } });
    const hidden = await target();
    await hidden.product.update({ published: false });
    const elsewhere = await makeEnrollableProduct();
    const otherCategory = await BusinessCategory.findOne({ where: {}, order: [['id', 'DESC']] });
    await Cohort.update(
      { businessCategoryId: otherCategory!.id === origin.cohorts[0].businessCategoryId ? otherCategory!.id - 1 : otherCategory!.id },
      { where: { id: elsewhere.cohorts[0].id } },
    );

    const answer = await request(t.app).get(`${BASE}/destinations?applicationId=${plan.application.id}`).set(bearer(plan.student.token));
    expect(answer.status).toBe(200);
    const category = await BusinessCategory.findByPk(origin.cohorts[0].businessCategoryId!);
    expect(answer.body.businessCategory).toBe(category!.name);
    const ids = answer.body.products.map((p: { id: number }) => p.id);
    expect(answer.body.products.find((p: { id: number }) => p.id === to.product.id)).toEqual({
      id: to.product.id,
      name: to.product.name,
      cohorts: [{ id: to.cohorts[0].id, label: to.cohorts[0].label, startDate: to.cohorts[0].startDate, endDate: to.cohorts[0].endDate }],
      paymentPlans: [{ id: to.productPlan.id, name: '12 monthly payments' }],
    });
    for (const refused of [origin, ended, hidden, elsewhere]) expect(ids).not.toContain(refused.product.id);
    // Every destination listed is one the preview takes.
    const p = await preview({ applicationId: plan.application.id, destinationProductId: to.product.id, destinationCohortId: to.cohorts[0].id }, plan.student.token);
    expect(p.status).toBe(200);

    const stranger = await enrolled();
    expect((await request(t.app).get(`${BASE}/destinations?applicationId=${plan.application.id}`).set(bearer(stranger.student.token))).status).toBe(404);
    expect((await request(t.app).get(`${BASE}/destinations?applicationId=${plan.application.id}`)).status).toBe(401);
    expect((await request(t.app).get(`${BASE}/destinations`).set(bearer(admin.token))).status).toBe(400);
  });
});

describe('the new application: a seat in the class, and the CRM row of any enrollment', () => {
  /** Takes every seat of `cohortId` left (maxStudents) with another student's ACTIVE enrollment. */
  async function fill(cohortId: number, maxStudents: number) {
    await Cohort.update({ maxStudents }, { where: { id: cohortId } });
    const other = await enrolled();
    await Enrollment.create({
      applicationId: other.application.id,
      studentId: other.student.student.id,
      cohortId,
      programId: (await Cohort.findByPk(cohortId))!.programId,
      status: 'ACTIVE',
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
  }

  test("a full class is 409 'Max students reached' at preview, create and acceptance", async () => {
    const plan = await enrolled();
    const to = await target();
    const body = { applicationId: plan.application.id, destinationProductId: to.product.id };
    // A seat left: the student asks; then the last seat goes to someone else before staff accept.
    await Cohort.update({ maxStudents: 1 }, { where: { id: to.cohorts[0].id } });
    expect((await preview(body)).status).toBe(200);
    const ask = await create(body, plan.student.token);
    expect(ask.status).toBe(201);
    await fill(to.cohorts[0].id, 1);
    const accepting = await setStatus(ask.body.id, 'ACCEPTED');
    expect(accepting.status).toBe(409);
    expect(accepting.body).toMatchObject({ code: 'MAX_STUDENTS_REACHED', message: 'Max students reached' });
    // Nothing moved: the transfer is still pending, the application still enrolled.
    expect((await Transfer.findByPk(ask.body.id))!.status).toBe('PENDING');
    expect((await Application.findByPk(plan.application.id))!.status).toBe('ENROLLED');
    expect((await setStatus(ask.body.id, 'REJECTED')).status).toBe(200);

    const full = await preview(body);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Max students reached');
    const refused = await create(body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MAX_STUDENTS_REACHED');
    // One seat more: it goes through.
    await Cohort.update({ maxStudents: 2 }, { where: { id: to.cohorts[0].id } });
    expect((await preview(body)).status).toBe(200);
  });

  test('acceptance writes the CRM row of the new ENROLLED application (and of the old one TRANSFERRED), one enrollment per class, one plan', async () => {
    const plan = await enrolled();
    const to = await target();
    const ask = await create({ applicationId: plan.application.id, destinationProductId: to.product.id }, plan.student.token);
    const done = await setStatus(ask.body.id, 'ACCEPTED');
    expect(done.status).toBe(200);
    const fresh = done.body.newApplicationId as number;
    await dispatchEvents({ owner: 'transfers-test', limit: 500 });
    const rows = await CrmNotification.findAll({ where: { applicationId: [plan.application.id, fresh] }, order: [['id', 'ASC']] });
    expect(rows.map((r) => [r.applicationId, (r.payload as { status: string }).status])).toEqual(
      expect.arrayContaining([
        [plan.application.id, 'TRANSFERRED'],
        [fresh, 'ENROLLED'],
      ]),
    );
    expect(rows.filter((r) => r.applicationId === fresh)).toHaveLength(1);
    expect(await Enrollment.count({ where: { applicationId: fresh } })).toBe(1);
    expect(await StudentPaymentPlan.count({ where: { applicationId: fresh } })).toBe(1);
  });
});

describe('a student takes back their own request', () => {
  test("their own PENDING request → REJECTED (declined); another student's is 404; accepting their own stays 409 'Not permitted'", async () => {
    const plan = await enrolled();
    const to = await target();
    const ask = await create({ applicationId: plan.application.id, destinationProductId: to.product.id }, plan.student.token);
    expect(ask.status).toBe(201);
    const stranger = await enrolled();
    expect((await setStatus(ask.body.id, 'REJECTED', stranger.student.token)).status).toBe(404);
    expect((await setStatus(ask.body.id, 'ACCEPTED', plan.student.token)).body.message).toBe('Not permitted');
    const declined = await setStatus(ask.body.id, 'REJECTED', plan.student.token);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('REJECTED');
    expect((await Application.findByPk(plan.application.id))!.status).toBe('ENROLLED');
    expect((await setStatus(ask.body.id, 'REJECTED', plan.student.token)).body.message).toBe('Same status');
    // Taken back, it no longer blocks a new one.
    expect((await create({ applicationId: plan.application.id, destinationProductId: to.product.id }, plan.student.token)).status).toBe(201);
  });
});

describe('PATCH /transfers/{id}: the fee staff set before accepting', () => {
  const setFee = (id: number, body: unknown, token = admin.token) =>
    request(t.app)
      .patch(`${BASE}/${id}`)
      .set(bearer(token))
      .send(body as object);

  test('a second transfer asked for by the student: staff set the fee, the preview and the acceptance carry it; 400, 401, 403, 404, 409', async () => {
    const plan = await enrolled();
    const first = await create({ applicationId: plan.application.id, destinationProductId: (await target()).product.id }, plan.student.token);
    const next = (await setStatus(first.body.id, 'ACCEPTED')).body.newApplicationId as number;
    const ask = await create({ applicationId: next, destinationProductId: (await target()).product.id }, plan.student.token);
    expect(ask.status).toBe(201);
    expect(ask.body).toMatchObject({ transferNumber: 2, transferFee: 0 });
    const before = (await request(t.app).get(`${BASE}/${ask.body.id}/preview`).set(bearer(admin.token))).body;

    const set = await setFee(ask.body.id, { transferFee: 150 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ status: 'PENDING', transferFee: 150, newPrincipal: before.newPrincipal + 150 });
    const after = await request(t.app).get(`${BASE}/${ask.body.id}/preview`).set(bearer(admin.token));
    expect(after.body).toMatchObject({ transferFee: 150, newPrincipal: before.newPrincipal + 150 });
    expect(await ActivityLog.count({ where: { entityType: 'TRANSFER', entityId: ask.body.id, type: 'UPDATED' } })).toBe(1);

    expect((await setFee(ask.body.id, { transferFee: 300.01 })).status).toBe(400);
    expect((await setFee(ask.body.id, { transferFee: -1 })).status).toBe(400);
    expect((await setFee(ask.body.id, {})).status).toBe(400);
    expect((await setFee(ask.body.id, { transferFee: 10, reason: 'x' })).status).toBe(400);
    expect((await request(t.app).patch(`${BASE}/${ask.body.id}`).send({ transferFee: 10 })).status).toBe(401);
    expect((await setFee(ask.body.id, { transferFee: 10 }, plan.student.token)).status).toBe(403);
    expect((await setFee(ask.body.id, { transferFee: 10 }, supportToken)).status).toBe(403);
    expect((await setFee(MISSING, { transferFee: 10 })).status).toBe(404);

    const accepted = await setStatus(ask.body.id, 'ACCEPTED');
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', transferFee: 150 });
    const newPlan = (await StudentPaymentPlan.findOne({ where: { applicationId: accepted.body.newApplicationId } }))!;
    expect(newPlan.accountingLineItems.find((l) => l.description === 'Transfer fee')?.amount).toBe(150);
    const decided = await setFee(ask.body.id, { transferFee: 10 });
    expect(decided.status).toBe(409);
    expect(decided.body.message).toBe('Invalid status');
  });

  test("the first transfer stays free whatever is asked; an offer whose terms the student accepted is 409 'Not permitted'", async () => {
    const plan = await enrolled();
    const offer = await create({ applicationId: plan.application.id, destinationProductId: (await target()).product.id });
    const free = await setFee(offer.body.id, { transferFee: 200 });
    expect(free.status).toBe(200);
    expect(free.body.transferFee).toBe(0);
    await acceptTerms(offer.body.id, plan.student.token);
    const agreed = await setFee(offer.body.id, { transferFee: 100 });
    expect(agreed.status).toBe(409);
    expect(agreed.body.code).toBe('NOT_PERMITTED');
  });
});
