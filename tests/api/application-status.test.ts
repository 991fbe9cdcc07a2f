import request from 'supertest';
import {
  Application, ApplicationAnswer, ApplicationCohort, ApplicationStep, CrmNotification, Enrollment, PaymentMethod, PaymentSchedule, ProductItem, Role, Student, StudentPaymentPlan,
} from '../../models';
import { schoolToday } from '../../models/catalogue';
import { ApplicationStatus, type Of } from '../../models/enums';
import { isLegalTransition } from '../../api/applications/status';
import { crmIdle } from '../../api/integrations/crm';
import { productPlanEngineInput } from '../../api/payment-plans/payment-plans.service';
import { generateSchedule } from '../../api/payment-plans/schedule';
import { setupApp, type TestApp } from '../support/app';
import { makeCohort } from '../support/catalogue-factories';
import { makeApplicant, makeApplication, makeEnrollableProduct, makeSignedEnvelope, makeVoucher, type EnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';

type Status = Of<typeof ApplicationStatus>;

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeAdmin>>;
/** A product whose flow needs approval, personal info and the agreement: every status stays where it is put. */
let gated: EnrollableProduct;
let student: Awaited<ReturnType<typeof makeApplicant>>;

beforeAll(async () => {
  t = await setupApp();
  staff = await makeAdmin(t.deps, { roles: ['ADMISSIONS'] });
  gated = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL', 'COMPLETE_PERSONAL_INFO', 'ENROLLMENT_AGREEMENT'] });
  student = await makeApplicant(t.deps);
});
afterAll(async () => {
  await crmIdle();
  await t.close();
});

const patch = (id: number, status: string, token = staff.token) => request(t.app).patch(`/api/applications/${id}/status`).query({ status }).set(bearer(token));
const notifications = (applicationId: number) => CrmNotification.findAll({ where: { applicationId }, order: [['id', 'ASC']] });
const ENROLLED_LIKE = ['ENROLLED', 'PARTIAL_WITHDRAWN', 'WITHDRAWN', 'TRANSFERRED'];

/** An application in `from` with every requirement of `to` met. */
async function arranged(from: Status, to: Status, enrollable = gated, who = student) {
  const application = await makeApplication(who.student.id, enrollable, { status: from, chosen: true });
  if (ENROLLED_LIKE.includes(from)) {
    for (const cohort of enrollable.cohorts) {
      await Enrollment.create({ applicationId: application.id, studentId: who.student.id, cohortId: cohort.id, programId: cohort.programId, enrolledAt: new Date(), updatedById: null, updatedByName: null });
    }
  }
  if (to === 'SIGNED' || to === 'ENROLLED') await makeSignedEnvelope(application.id);
  return application;
}

describe('the status machine, every (from, to) pair', () => {
  const pairs = ApplicationStatus.flatMap((from) => ApplicationStatus.map((to) => [from, to] as [Status, Status]));

  test('the machine has exactly the domain rules\' edges', () => {
    const legal = pairs.filter(([from, to]) => isLegalTransition(from, to)).map(([from, to]) => `${from}>${to}`);
    const edges = [
      'CREATED>APPLIED', 'CREATED>CANCELLED', 'APPLIED>WAITING_TO_AGREE', 'APPLIED>WAITING_TO_SIGN', 'APPLIED>REJECTED', 'APPLIED>CANCELLED',
      'WAITING_TO_AGREE>WAITING_TO_SIGN', 'WAITING_TO_AGREE>CANCELLED', 'WAITING_TO_SIGN>SIGNED', 'WAITING_TO_SIGN>CANCELLED', 'SIGNED>ENROLLED', 'SIGNED>CANCELLED',
      'ENROLLED>TRANSFERRED', 'ENROLLED>PARTIAL_WITHDRAWN', 'ENROLLED>WITHDRAWN', 'PARTIAL_WITHDRAWN>WITHDRAWN', 'PARTIAL_WITHDRAWN>TRANSFERRED',
      ...ApplicationStatus.filter((s) => s !== 'ENROLLED' && s !== 'ARCHIVED').map((s) => `${s}>ARCHIVED`),
    ];
    expect(legal.sort()).toEqual(edges.sort());
  });

  test.each(pairs)('%s → %s', async (from, to) => {
    const application = await arranged(from, to);
    const before = (await Application.findByPk(application.id))!;
    const res = await patch(application.id, to);
    const after = (await Application.findByPk(application.id))!;
    if (isLegalTransition(from, to)) {
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(to);
      expect(after.status).toBe(to);
      expect(after.statusChangedAt).not.toBeNull();
      expect(after.updatedById).toBe(staff.user.id);
      expect(res.body.updatedBy).toEqual({ id: staff.user.id, name: expect.any(String) });
      // Queued in the transaction, delivered after the commit (the local CRM client accepts it).
      await crmIdle();
      const sent = await notifications(application.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ crm: 'salesforce', event: 'APPLICATION_STATUS_CHANGED', status: 'ACCEPTED' });
      expect(sent[0].payload).toEqual({ applicationId: application.id, status: to, previousStatus: from, opportunityId: null, studentEmail: student.email, productId: gated.product.id });
      if (to === 'APPLIED') expect(after.appliedAt).not.toBeNull();
      if (to === 'ENROLLED') expect(after.enrolledAt).not.toBeNull();
      const enrollments = await Enrollment.findAll({ where: { applicationId: application.id } });
      if (to === 'ENROLLED' || (ENROLLED_LIKE.includes(from) && to === 'PARTIAL_WITHDRAWN')) expect(enrollments.map((e) => e.status)).toEqual(['ACTIVE']);
      if (to === 'WITHDRAWN' || to === 'TRANSFERRED') expect(enrollments.map((e) => e.status)).toEqual([to]);
      expect(await StudentPaymentPlan.count({ where: { applicationId: application.id } })).toBe(to === 'ENROLLED' ? 1 : 0);
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'INVALID_STATUS', message: 'Invalid status' });
      expect(after.toJSON()).toEqual(before.toJSON());
      expect(await notifications(application.id)).toHaveLength(0);
      expect(await StudentPaymentPlan.count({ where: { applicationId: application.id } })).toBe(0);
    }
  });
});

describe('requirements on the way', () => {
  async function expectRefused(application: Application, to: Status, code: string, message: string) {
    const before = (await Application.findByPk(application.id))!.toJSON();
    const res = await patch(application.id, to);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code, message });
    expect((await Application.findByPk(application.id))!.toJSON()).toEqual(before);
    expect(await notifications(application.id)).toHaveLength(0);
    return res;
  }

  test('→ APPLIED: a class for every program (NO_COURSE_SELECTED), listing everything missing in details', async () => {
    const bundle = await makeEnrollableProduct({ programs: 2, flow: ['ADMIN_APPROVAL'] });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, bundle, { chosen: true });
    await ApplicationCohort.destroy({ where: { applicationId: application.id, programId: bundle.programs[1].id } });
    const res = await expectRefused(application, 'APPLIED', 'NO_COURSE_SELECTED', 'No course selected');
    expect(res.body.details).toEqual({ missing: ['NO_COURSE_SELECTED'] });
  });

  test('→ APPLIED: personal info when required (PERSONAL_INFO_INCOMPLETE); not when the flow does not require it', async () => {
    const applicant = await makeApplicant(t.deps, { zip: null });
    await expectRefused(await makeApplication(applicant.student.id, gated, { chosen: true }), 'APPLIED', 'PERSONAL_INFO_INCOMPLETE', 'Personal info incomplete');
    const relaxed = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL'] });
    const application = await makeApplication(applicant.student.id, relaxed, { chosen: true });
    const res = await patch(application.id, 'APPLIED');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('APPLIED');
  });

  test('→ APPLIED: the questionnaire step (QUESTIONNAIRE_INCOMPLETE) and the document (DOCUMENT_REQUIRED)', async () => {
    const product = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL', 'QUESTIONNAIRE', 'DOCUMENT_UPLOAD'] });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { chosen: true });
    const res = await expectRefused(application, 'APPLIED', 'QUESTIONNAIRE_INCOMPLETE', 'Questionnaire incomplete');
    expect(res.body.details.missing).toEqual(['QUESTIONNAIRE_INCOMPLETE', 'DOCUMENT_REQUIRED']);
    await ApplicationAnswer.create({ applicationId: application.id, questionId: 'why', content: 'To coach' });
    await ApplicationStep.create({ applicationId: application.id, step: 'QUESTIONNAIRE', completedAt: new Date(), completedById: null, completedByName: null });
    await expectRefused(application, 'APPLIED', 'DOCUMENT_REQUIRED', 'Document upload required');
    await application.update({ documentName: 'id.pdf' });
    expect((await patch(application.id, 'APPLIED')).status).toBe(200);
  });

  test('→ APPLIED: a plan (NO_PAYMENT_PLAN_SELECTED) and a card that is not deleted (PAYMENT_METHOD_REQUIRED)', async () => {
    const applicant = await makeApplicant(t.deps);
    const noPlan = await makeApplication(applicant.student.id, gated, { chosen: true, fields: { productPaymentPlanId: null } });
    await expectRefused(noPlan, 'APPLIED', 'NO_PAYMENT_PLAN_SELECTED', 'No payment plan selected');
    const other = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL'] });
    const noCard = await makeApplication(applicant.student.id, other, { chosen: true });
    await PaymentMethod.update({ deleted: true }, { where: { id: noCard.paymentMethodId! } });
    await expectRefused(noCard, 'APPLIED', 'PAYMENT_METHOD_REQUIRED', 'Payment method required');
  });

  test('→ APPLIED: an archived student (STUDENT_ARCHIVED) or product (PRODUCT_ARCHIVED)', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { chosen: true });
    await Student.update({ archived: true }, { where: { id: applicant.student.id } });
    await expectRefused(application, 'APPLIED', 'STUDENT_ARCHIVED', 'The student is archived');
    const product = await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL'], product: { deleted: true } });
    const other = await makeApplicant(t.deps);
    await expectRefused(await makeApplication(other.student.id, product, { chosen: true }), 'APPLIED', 'PRODUCT_ARCHIVED', 'The product is archived');
  });

  test('→ SIGNED: the agreement signed and current (AGREEMENT_NOT_SIGNED without one, or once the terms changed)', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'WAITING_TO_SIGN', chosen: true });
    await expectRefused(application, 'SIGNED', 'AGREEMENT_NOT_SIGNED', 'The enrollment agreement is not signed');
    await makeSignedEnvelope(application.id);
    // Another class after signing: the signed text no longer matches.
    const later = await makeCohort({ program: gated.programs[0], startDate: '2031-01-15', endDate: '2031-12-15' });
    await ProductItem.create({ productId: gated.product.id, cohortId: later.id });
    await ApplicationCohort.update({ cohortId: later.id }, { where: { applicationId: application.id } });
    await expectRefused(application, 'SIGNED', 'AGREEMENT_NOT_SIGNED', 'The enrollment agreement is not signed');
    await ApplicationCohort.update({ cohortId: gated.cohorts[0].id }, { where: { applicationId: application.id } });
    expect((await patch(application.id, 'SIGNED')).status).toBe(200);
    await ProductItem.destroy({ where: { cohortId: later.id } });
  });

  test('→ ENROLLED: ACM requirements when required (ACM_REQUIREMENTS_INCOMPLETE)', async () => {
    const product = await makeEnrollableProduct({ flow: ['COMPLETE_ACM_REQUIREMENTS'] });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true });
    await expectRefused(application, 'ENROLLED', 'ACM_REQUIREMENTS_INCOMPLETE', 'ACM requirements incomplete');
    const step = await request(t.app).post(`/api/applications/${application.id}/progress`).set(bearer(staff.token)).send({ step: 'COMPLETE_ACM_REQUIREMENTS' });
    expect(step.status).toBe(200);
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
  });

  test('→ ENROLLED: not already enrolled in the class (ALREADY_ENROLLED); a seat left (MAX_STUDENTS_REACHED); the agreement still current', async () => {
    const product = await makeEnrollableProduct({ flow: ['ENROLLMENT_AGREEMENT'], maxStudents: 1 });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true });
    await expectRefused(application, 'ENROLLED', 'AGREEMENT_NOT_SIGNED', 'The enrollment agreement is not signed');
    await makeSignedEnvelope(application.id);
    const earlier = await Enrollment.create({ applicationId: application.id, studentId: applicant.student.id, cohortId: product.cohorts[0].id, programId: product.programs[0].id, enrolledAt: new Date(), updatedById: null, updatedByName: null });
    await expectRefused(application, 'ENROLLED', 'ALREADY_ENROLLED', 'Already enrolled');
    await earlier.destroy();
    const someoneElse = await makeApplicant(t.deps);
    const full = await Enrollment.create({ applicationId: application.id, studentId: someoneElse.student.id, cohortId: product.cohorts[0].id, programId: product.programs[0].id, enrolledAt: new Date(), updatedById: null, updatedByName: null });
    await expectRefused(application, 'ENROLLED', 'MAX_STUDENTS_REACHED', 'Max students reached');
    await full.update({ status: 'WITHDRAWN' });
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
    expect(await Enrollment.count({ where: { applicationId: application.id, status: 'ACTIVE' } })).toBe(1);
  });
});

describe('who may move an application', () => {
  test('a student: their own CREATED application → APPLIED (then on automatically) or → CANCELLED; anything else 403', async () => {
    const applicant = await makeApplicant(t.deps);
    const open = await makeEnrollableProduct({ flow: ['COMPLETE_PERSONAL_INFO'] });
    const submitted = await makeApplication(applicant.student.id, open, { chosen: true });
    const res = await patch(submitted.id, 'APPLIED', applicant.token);
    expect(res.status).toBe(200);
    // No approval and no agreement required: APPLIED → WAITING_TO_SIGN → SIGNED, each a recorded change.
    expect(res.body.status).toBe('SIGNED');
    expect((await notifications(submitted.id)).map((n) => n.payload.status)).toEqual(['APPLIED', 'WAITING_TO_SIGN', 'SIGNED']);
    expect((await Student.findByPk(applicant.student.id))!.isStudent).toBe(true);
    expect((await patch(submitted.id, 'CANCELLED', applicant.token)).status).toBe(403);
    expect((await patch(submitted.id, 'ENROLLED', applicant.token)).status).toBe(403);

    const cancelled = await makeApplication(applicant.student.id, gated, { chosen: true });
    expect((await patch(cancelled.id, 'ARCHIVED', applicant.token)).status).toBe(403);
    const ok = await patch(cancelled.id, 'CANCELLED', applicant.token);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('CANCELLED');

    const theirs = await makeApplication(student.student.id, gated, { chosen: true });
    expect((await patch(theirs.id, 'CANCELLED', applicant.token)).status).toBe(403);
    expect((await Application.findByPk(theirs.id))!.status).toBe('CREATED');
  });

  test('staff: applications:status needed (403); 401 without a token; 404 for a missing application; 400 for an unknown status', async () => {
    const application = await makeApplication(student.student.id, gated, { chosen: true });
    const name = unique('ROLE_');
    await Role.create({ name, description: 'Read only', permissions: ['applications:read', 'applications:update'], system: false, updatedById: null, updatedByName: null });
    const reader = await makeAdmin(t.deps, { roles: [name] });
    expect((await patch(application.id, 'CANCELLED', reader.token)).status).toBe(403);
    expect((await request(t.app).patch(`/api/applications/${application.id}/status`).query({ status: 'CANCELLED' })).status).toBe(401);
    expect((await patch(99_999_999, 'CANCELLED')).status).toBe(404);
    const bad = await patch(application.id, 'DONE');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ status: 'Invalid value' });
    expect((await Application.findByPk(application.id))!.status).toBe('CREATED');
  });

  test('staff approving (APPLIED → WAITING_TO_SIGN) completes ADMIN_APPROVAL; the signed agreement then moves it to SIGNED', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    await makeSignedEnvelope(application.id);
    const res = await patch(application.id, 'WAITING_TO_SIGN');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SIGNED');
    expect(res.body.steps.find((s: { step: string }) => s.step === 'ADMIN_APPROVAL')).toMatchObject({ required: true, completed: true });
    const step = await ApplicationStep.findOne({ where: { applicationId: application.id, step: 'ADMIN_APPROVAL' } });
    expect(step).toMatchObject({ completedById: staff.user.id });
  });

  test('two concurrent changes from one status: one wins, the other is 409 and changes nothing', async () => {
    const application = await makeApplication(student.student.id, gated, { status: 'APPLIED', chosen: true });
    const [a, b] = await Promise.all([patch(application.id, 'REJECTED'), patch(application.id, 'CANCELLED')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'REJECTED' : 'CANCELLED';
    expect((await Application.findByPk(application.id))!.status).toBe(winner);
    expect((await notifications(application.id)).map((n) => n.payload.status)).toEqual([winner]);
  });
});

describe('ENROLLED: enrollments and the student payment plan', () => {
  test('a 2-program product: one ACTIVE enrollment per class; the plan and schedules from the engine, voucher taken off', async () => {
    const bundle = await makeEnrollableProduct({ programs: 2, flow: ['ENROLLMENT_AGREEMENT'] });
    const applicant = await makeApplicant(t.deps);
    const voucher = await makeVoucher({ discountKind: 'AMOUNT_OFF', discountValue: 250 });
    const application = await makeApplication(applicant.student.id, bundle, { status: 'SIGNED', chosen: true, fields: { voucherId: voucher.id, voucherDiscount: 250 } });
    await makeSignedEnvelope(application.id);
    const res = await patch(application.id, 'ENROLLED');
    expect(res.status).toBe(200);

    const enrollments = await Enrollment.findAll({ where: { applicationId: application.id }, order: [['programId', 'ASC']] });
    expect(enrollments.map((e) => ({ cohortId: e.cohortId, programId: e.programId, status: e.status, studentId: e.studentId }))).toEqual(
      bundle.cohorts.map((c) => ({ cohortId: c.id, programId: c.programId, status: 'ACTIVE', studentId: applicant.student.id })).sort((x, y) => x.programId - y.programId),
    );
    expect(res.body.enrollments).toHaveLength(2);

    const { input } = await productPlanEngineInput(bundle.productPlan.id, { voucherDiscountCents: 25_000, firstDueDate: schoolToday() });
    const engine = generateSchedule(input);
    // 6000 tuition + 2 × (100 + 50) fees − 250 voucher.
    expect(engine.principalCents).toBe(605_000);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    expect(plan).toMatchObject({
      studentId: applicant.student.id, productPaymentPlanId: bundle.productPlan.id, voucherId: voucher.id, paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS',
      status: 'ACTIVE', source: 'APPLICATION', installmentsCount: engine.entries.filter((e) => e.kind === 'INSTALLMENT').length, firstPaymentDate: schoolToday(),
    });
    expect(Number(plan.principalAmount)).toBe(6050);
    expect(Number(plan.voucherDiscount)).toBe(250);
    expect(Number(plan.tuitionPrice)).toBe(6000);
    expect(Number(plan.additionalFees)).toBe(300);
    expect(Number(plan.depositAmount)).toBe(500);
    expect(Math.round(Number(plan.totalInterest) * 100)).toBe(engine.interestCents);
    expect(Math.round(Number(plan.totalOwed) * 100)).toBe(engine.totalCents);
    expect(Math.round(Number(plan.balance) * 100)).toBe(engine.totalCents);
    expect(plan.accountingLineItems.map((l) => [l.description, l.type, l.amount])).toEqual([
      ['Tuition', 'CHARGE', 6000], ['Registration fee', 'CHARGE', 200], ['Books and materials fee', 'CHARGE', 100], [`Voucher ${voucher.code}`, 'CREDIT', 250],
    ]);

    const schedules = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
    expect(schedules).toHaveLength(13);
    expect(schedules.map((s) => ({ number: s.number, kind: s.kind, dueDate: s.dueDate, principal: Math.round(Number(s.principal) * 100), interest: Math.round(Number(s.interest) * 100), amount: Math.round(Number(s.amount) * 100) }))).toEqual(
      engine.entries.map((e) => ({ number: e.number, kind: e.kind, dueDate: e.dueDate, principal: e.principalCents, interest: e.interestCents, amount: e.amountCents })),
    );
    const principalSum = schedules.reduce((sum, s) => sum + Math.round(Number(s.principal) * 100), 0);
    expect(principalSum).toBe(605_000);
    expect(schedules[0]).toMatchObject({ kind: 'DEPOSIT', dueDate: schoolToday(), status: 'PENDING' });
    expect(Number(schedules[12].balance)).toBe(0);

    expect(res.body.paymentPlan).toMatchObject({ id: plan.id, status: 'ACTIVE', installmentsCount: 12, initialPayment: 500, totalPaid: 0, totalToBePaid: engine.totalCents / 100 });
    const plans = await request(t.app).get(`/api/applications/${application.id}/payment_plans`).set(bearer(applicant.token));
    expect(plans.status).toBe(200);
    expect(plans.body).toHaveLength(1);
    expect(plans.body[0]).toMatchObject({ id: plan.id, totalOwed: engine.totalCents / 100, voucherDiscount: 250, firstPaymentDate: schoolToday() });
    expect(plans.body[0].schedules).toHaveLength(13);
    expect(plans.body[0].schedules[0]).toMatchObject({ number: 1, kind: 'DEPOSIT', amount: 500, paidAmount: 0, status: 'PENDING' });
  });

  test('a pay-in-full plan is one entry due today', async () => {
    const product = await makeEnrollableProduct({ payInFull: true, flow: [] });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true });
    expect((await patch(application.id, 'ENROLLED')).status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id }, include: [{ model: PaymentSchedule, as: 'schedules' }] }))!;
    expect(plan.schedules!.map((s) => ({ kind: s.kind, dueDate: s.dueDate, amount: Number(s.amount) }))).toEqual([{ kind: 'INSTALLMENT', dueDate: schoolToday(), amount: 6150 }]);
    expect(Number(plan.totalOwed)).toBe(6150);
  });
});
