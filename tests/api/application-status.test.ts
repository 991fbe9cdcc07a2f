import request from 'supertest';
import {
  ActivityLog,
  Application,
  ApplicationAnswer,
  ApplicationCohort,
  ApplicationStep,
  CrmNotification,
  Enrollment,
  Envelope,
  OutboxMessage,
  PaymentMethod,
  PaymentSchedule,
  ProductItem,
  Role,
  Student,
  StudentPaymentPlan,
} from '../../models';
import { nextStatuses } from '../../models/application-status';
import { schoolToday } from '../../models/catalogue';
import { ApplicationStatus, type Of } from '../../models/enums';
import { isLegalTransition } from '../../api/applications/status';
import { renderAgreement } from '../../api/envelopes/agreement';
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
      await Enrollment.create({
        applicationId: application.id,
        studentId: who.student.id,
        cohortId: cohort.id,
        programId: cohort.programId,
        enrolledAt: new Date(),
        updatedById: null,
        updatedByName: null,
      });
    }
  }
  if (to === 'SIGNED' || to === 'ENROLLED') await makeSignedEnvelope(application.id);
  return application;
}

describe('the status machine, every (from, to) pair', () => {
  const pairs = ApplicationStatus.flatMap((from) => ApplicationStatus.map((to) => [from, to] as [Status, Status]));

  test("the machine has exactly the domain rules' edges", () => {
    const legal = pairs.filter(([from, to]) => isLegalTransition(from, to)).map(([from, to]) => `${from}>${to}`);
    const edges = [
      'CREATED>APPLIED',
      'CREATED>CANCELLED',
      'APPLIED>WAITING_TO_AGREE',
      'APPLIED>WAITING_TO_SIGN',
      'APPLIED>REJECTED',
      'APPLIED>CANCELLED',
      'WAITING_TO_AGREE>WAITING_TO_SIGN',
      'WAITING_TO_AGREE>CANCELLED',
      'WAITING_TO_SIGN>SIGNED',
      'WAITING_TO_SIGN>CANCELLED',
      'SIGNED>ENROLLED',
      'SIGNED>CANCELLED',
      'ENROLLED>TRANSFERRED',
      'ENROLLED>PARTIAL_WITHDRAWN',
      'ENROLLED>WITHDRAWN',
      'PARTIAL_WITHDRAWN>WITHDRAWN',
      'PARTIAL_WITHDRAWN>TRANSFERRED',
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
      expect(sent[0].payload).toEqual({
        applicationId: application.id,
        status: to,
        previousStatus: from,
        opportunityId: null,
        studentEmail: student.email,
        productId: gated.product.id,
      });
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
    const earlier = await Enrollment.create({
      applicationId: application.id,
      studentId: applicant.student.id,
      cohortId: product.cohorts[0].id,
      programId: product.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    await expectRefused(application, 'ENROLLED', 'ALREADY_ENROLLED', 'Already enrolled');
    await earlier.destroy();
    const someoneElse = await makeApplicant(t.deps);
    const full = await Enrollment.create({
      applicationId: application.id,
      studentId: someoneElse.student.id,
      cohortId: product.cohorts[0].id,
      programId: product.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
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
      studentId: applicant.student.id,
      productPaymentPlanId: bundle.productPlan.id,
      voucherId: voucher.id,
      paymentPlanType: 'INTEREST_BEARING',
      paymentScheduleType: 'FIXED_TERMS',
      status: 'ACTIVE',
      source: 'APPLICATION',
      installmentsCount: engine.entries.filter((e) => e.kind === 'INSTALLMENT').length,
      firstPaymentDate: schoolToday(),
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
      ['Tuition', 'CHARGE', 6000],
      ['Registration fee', 'CHARGE', 200],
      ['Books and materials fee', 'CHARGE', 100],
      [`Voucher ${voucher.code}`, 'CREDIT', 250],
    ]);

    const schedules = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
    expect(schedules).toHaveLength(13);
    expect(
      schedules.map((s) => ({
        number: s.number,
        kind: s.kind,
        dueDate: s.dueDate,
        principal: Math.round(Number(s.principal) * 100),
        interest: Math.round(Number(s.interest) * 100),
        amount: Math.round(Number(s.amount) * 100),
      })),
    ).toEqual(engine.entries.map((e) => ({ number: e.number, kind: e.kind, dueDate: e.dueDate, principal: e.principalCents, interest: e.interestCents, amount: e.amountCents })));
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

describe('GET /applications/{id}/status_moves: the moves the status call would accept now, and why not', () => {
  const moves = (id: number, token = staff.token) => request(t.app).get(`/api/applications/${id}/status_moves`).set(bearer(token));
  type Move = { status: Status; allowed: boolean; code: string | null; message: string | null; emailsStudent: boolean; preparesAgreement: boolean };

  test('WAITING_TO_SIGN without a signed agreement: Mark signed is not possible and says why; nothing is changed by asking', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'WAITING_TO_SIGN', chosen: true });
    const before = (await Application.findByPk(application.id))!.toJSON();
    const res = await moves(application.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applicationId: application.id,
      status: 'WAITING_TO_SIGN',
      delivery: { email: 'OUTBOX', crm: 'LOCAL' },
      moves: [
        { status: 'SIGNED', allowed: false, code: 'AGREEMENT_NOT_SIGNED', message: 'The enrollment agreement is not signed', emailsStudent: true, preparesAgreement: false },
        { status: 'CANCELLED', allowed: true, code: null, message: null, emailsStudent: true, preparesAgreement: false },
        { status: 'ARCHIVED', allowed: true, code: null, message: null, emailsStudent: false, preparesAgreement: false },
      ],
    });
    expect((await Application.findByPk(application.id))!.toJSON()).toEqual(before);
    expect(await notifications(application.id)).toHaveLength(0);
    expect(await Envelope.count({ where: { applicationId: application.id } })).toBe(0);

    // Once the agreement is signed (and current), the same move is allowed.
    await makeSignedEnvelope(application.id);
    const signed = (await moves(application.id)).body.moves as Move[];
    expect(signed.find((m) => m.status === 'SIGNED')).toMatchObject({ allowed: true, code: null, message: null });
  });

  test('APPLIED: approving prepares the agreement, and is refused while the application has no plan to put in it', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    const ready = (await moves(application.id)).body.moves as Move[];
    expect(ready.map((m) => [m.status, m.allowed])).toEqual([
      ['WAITING_TO_AGREE', true],
      ['WAITING_TO_SIGN', true],
      ['REJECTED', true],
      ['CANCELLED', true],
      ['ARCHIVED', true],
    ]);
    expect(ready.find((m) => m.status === 'WAITING_TO_SIGN')).toMatchObject({ preparesAgreement: true, emailsStudent: true });
    await application.update({ productPaymentPlanId: null });
    const noPlan = (await moves(application.id)).body.moves as Move[];
    expect(noPlan.find((m) => m.status === 'WAITING_TO_SIGN')).toMatchObject({ allowed: false, code: 'NO_PAYMENT_PLAN_SELECTED', message: 'No payment plan selected' });
  });

  test('SIGNED → ENROLLED: the requirements the status call checks (the agreement, a seat), each with its code', async () => {
    const product = await makeEnrollableProduct({ flow: ['ENROLLMENT_AGREEMENT'], maxStudents: 1 });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true });
    const enroll = async () => ((await moves(application.id)).body.moves as Move[]).find((m) => m.status === 'ENROLLED');
    expect(await enroll()).toMatchObject({ allowed: false, code: 'AGREEMENT_NOT_SIGNED' });
    await makeSignedEnvelope(application.id);
    const someoneElse = await makeApplicant(t.deps);
    const seat = await Enrollment.create({
      applicationId: application.id,
      studentId: someoneElse.student.id,
      cohortId: product.cohorts[0].id,
      programId: product.programs[0].id,
      enrolledAt: new Date(),
      updatedById: null,
      updatedByName: null,
    });
    expect(await enroll()).toMatchObject({ allowed: false, code: 'MAX_STUDENTS_REACHED', message: 'Max students reached' });
    await seat.update({ status: 'WITHDRAWN' });
    expect(await enroll()).toMatchObject({ allowed: true, code: null });
    expect(await Enrollment.count({ where: { applicationId: application.id, status: 'ACTIVE' } })).toBe(0);
  });

  test.each(ApplicationStatus.map((s) => [s]))('from %s: every move answered agrees with what PATCH /status then does', async (from) => {
    const applicant = await makeApplicant(t.deps);
    const probe = await arranged(from, 'CANCELLED', gated, applicant);
    const listed = (await moves(probe.id)).body.moves as Move[];
    expect(listed.map((m) => m.status)).toEqual(nextStatuses(from));
    for (const move of listed) {
      // The same state again, moved for real.
      const twin = await arranged(from, 'CANCELLED', gated, applicant);
      const res = await patch(twin.id, move.status);
      expect({ move: move.status, status: res.status, code: res.status === 200 ? null : res.body.code }).toEqual({
        move: move.status,
        status: move.allowed ? 200 : 409,
        code: move.allowed ? null : move.code,
      });
    }
  });

  test('401 without a token; 403 without applications:status and for a student; 404 for a missing application', async () => {
    const application = await makeApplication(student.student.id, gated, { chosen: true });
    const name = unique('ROLE_');
    await Role.create({ name, description: 'Read only', permissions: ['applications:read'], system: false, updatedById: null, updatedByName: null });
    const reader = await makeAdmin(t.deps, { roles: [name] });
    expect((await request(t.app).get(`/api/applications/${application.id}/status_moves`)).status).toBe(401);
    expect((await moves(application.id, reader.token)).status).toBe(403);
    expect((await moves(application.id, student.token)).status).toBe(403);
    expect((await moves(99_999_999)).status).toBe(404);
  });
});

describe('approving prepares the enrollment agreement (→ WAITING_TO_SIGN)', () => {
  test('staff approval: a SENT envelope of the current terms is made in the same change; the student can sign it', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    const res = await patch(application.id, 'WAITING_TO_SIGN');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('WAITING_TO_SIGN');
    const envelopes = await Envelope.findAll({ where: { applicationId: application.id } });
    expect(envelopes.map((e) => e.status)).toEqual(['SENT']);
    expect(envelopes[0].contentSha256).toBe((await renderAgreement(application.id)).sha256);
    expect(await ActivityLog.count({ where: { entityType: 'ENVELOPE', entityId: envelopes[0].id, type: 'CREATED' } })).toBe(1);
    const signed = await request(t.app)
      .post(`/api/envelopes/${envelopes[0].id}/sign`)
      .set(bearer(applicant.token))
      .send({ signedName: `${applicant.student.firstName} ${applicant.student.lastName}` });
    expect(signed.status).toBe(200);
    expect((await Application.findByPk(application.id))!.status).toBe('SIGNED');
  });

  test('a SENT envelope whose terms changed is voided and replaced; a current SIGNED one is kept and moves the application on', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'WAITING_TO_AGREE', chosen: true });
    const stale = await Envelope.create({
      applicationId: application.id,
      studentId: applicant.student.id,
      status: 'SENT',
      title: 'Old terms',
      content: 'old',
      contentSha256: 'f'.repeat(64),
      signedName: null,
      signedAt: null,
      signedIp: null,
      signedSha256: null,
      voidedAt: null,
      updatedById: null,
      updatedByName: null,
    });
    expect((await patch(application.id, 'WAITING_TO_SIGN')).status).toBe(200);
    const envelopes = await Envelope.findAll({ where: { applicationId: application.id }, order: [['id', 'ASC']] });
    expect(envelopes.map((e) => [e.id === stale.id, e.status])).toEqual([
      [true, 'VOIDED'],
      [false, 'SENT'],
    ]);

    const other = await makeApplication(applicant.student.id, await makeEnrollableProduct({ flow: ['ADMIN_APPROVAL', 'ENROLLMENT_AGREEMENT'] }), {
      status: 'APPLIED',
      chosen: true,
    });
    const kept = await makeSignedEnvelope(other.id);
    const res = await patch(other.id, 'WAITING_TO_SIGN');
    expect(res.body.status).toBe('SIGNED');
    expect((await Envelope.findAll({ where: { applicationId: other.id } })).map((e) => [e.id, e.status])).toEqual([[kept.id, 'SIGNED']]);
  });

  test('without a plan the approval is refused (NO_PAYMENT_PLAN_SELECTED): no status change, no envelope, nothing for the CRM', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    await application.update({ productPaymentPlanId: null });
    const before = (await Application.findByPk(application.id))!.toJSON();
    const res = await patch(application.id, 'WAITING_TO_SIGN');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NO_PAYMENT_PLAN_SELECTED', message: 'No payment plan selected' });
    expect((await Application.findByPk(application.id))!.toJSON()).toEqual(before);
    expect(await Envelope.count({ where: { applicationId: application.id } })).toBe(0);
    expect(await ApplicationStep.count({ where: { applicationId: application.id, step: 'ADMIN_APPROVAL' } })).toBe(0);
    expect(await notifications(application.id)).toHaveLength(0);
  });

  test('the automatic step after a submit (no approval required) prepares it too', async () => {
    const product = await makeEnrollableProduct({ flow: ['ENROLLMENT_AGREEMENT'] });
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, product, { chosen: true });
    const res = await patch(application.id, 'APPLIED', applicant.token);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('WAITING_TO_SIGN');
    expect((await Envelope.findAll({ where: { applicationId: application.id } })).map((e) => e.status)).toEqual(['SENT']);
  });
});

describe('the student is emailed about the moves staff make', () => {
  const inbox = (to: string) => OutboxMessage.findAll({ where: { toAddress: to }, order: [['id', 'ASC']] });

  test('approval: one email from its template, in English, with the link to sign; after the commit', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    expect((await patch(application.id, 'WAITING_TO_SIGN')).status).toBe(200);
    const mail = await inbox(applicant.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      status: 'SENT',
      templateKey: 'APPLICATION_WAITING_TO_SIGN',
      subject: `Health Coach Institute: your application to ${gated.product.name} was approved`,
    });
    expect(mail[0].textBody).toContain(`Hello ${applicant.student.firstName},`);
    expect(mail[0].textBody).toContain(`${t.deps.config.PUBLIC_URL}/agreements`);
  });

  test("in the student's language (Spanish), for enrollment, rejection and cancellation", async () => {
    const applicant = await makeApplicant(t.deps, { languageIso2LetterCode: 'ES' });
    const product = await makeEnrollableProduct({ flow: [] });
    const signed = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true });
    expect((await patch(signed.id, 'ENROLLED')).status).toBe(200);
    const rejected = await makeApplication(applicant.student.id, await makeEnrollableProduct({ flow: [] }), { status: 'APPLIED', chosen: true });
    expect((await patch(rejected.id, 'REJECTED')).status).toBe(200);
    const cancelled = await makeApplication(applicant.student.id, await makeEnrollableProduct({ flow: [] }), { status: 'APPLIED', chosen: true });
    expect((await patch(cancelled.id, 'CANCELLED')).status).toBe(200);
    const mail = await inbox(applicant.email);
    expect(mail.map((m) => m.subject)).toEqual([
      `Health Coach Institute: su inscripción en ${product.product.name} está confirmada`,
      expect.stringMatching(/^Health Coach Institute: su solicitud para .+ no fue aceptada$/),
      expect.stringMatching(/^Health Coach Institute: su solicitud para .+ fue cancelada$/),
    ]);
    expect(mail.map((m) => m.templateKey)).toEqual(['APPLICATION_ENROLLED', 'APPLICATION_REJECTED', 'APPLICATION_CANCELLED']);
    // The text part is wrapped at 80 columns: the class label may span two lines.
    expect(mail[0].textBody.replace(/\s+/g, ' ')).toContain(product.cohorts[0].label);
    expect(mail[0].textBody).toContain(`${t.deps.config.PUBLIC_URL}/settings/payment-information`);
  });

  test("not for ARCHIVED, not for the student's own submit or cancel, and not for a refused move", async () => {
    const applicant = await makeApplicant(t.deps);
    const archived = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    expect((await patch(archived.id, 'ARCHIVED')).status).toBe(200);
    const own = await makeApplication(applicant.student.id, gated, { chosen: true });
    expect((await patch(own.id, 'APPLIED', applicant.token)).status).toBe(200);
    const ownCancel = await makeApplication(applicant.student.id, await makeEnrollableProduct({ flow: [] }), { chosen: true });
    expect((await patch(ownCancel.id, 'CANCELLED', applicant.token)).status).toBe(200);
    const refused = await makeApplication(applicant.student.id, gated, { status: 'WAITING_TO_SIGN', chosen: true });
    expect((await patch(refused.id, 'SIGNED')).status).toBe(409);
    expect(await inbox(applicant.email)).toHaveLength(0);
    // The one staff move of these that the student hears about.
    expect((await patch(refused.id, 'CANCELLED')).status).toBe(200);
    expect((await inbox(applicant.email)).map((m) => m.subject)).toEqual([`Health Coach Institute: your application to ${gated.product.name} was cancelled`]);
  });

  test('a mail server that fails does not undo the committed change; the failure is logged, not answered', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    const mailer = t.deps.mailer;
    const tried: string[] = [];
    t.deps.mailer = {
      send: async (m) => {
        tried.push(m.to);
        throw new Error('SMTP down');
      },
    };
    try {
      const res = await patch(application.id, 'REJECTED');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('REJECTED');
    } finally {
      t.deps.mailer = mailer;
    }
    expect(tried).toEqual([applicant.email]);
    expect((await Application.findByPk(application.id))!.status).toBe('REJECTED');
  });

  test('staff completing ADMIN_APPROVAL through the progress call is an approval: the agreement is prepared and the student emailed', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, gated, { status: 'APPLIED', chosen: true });
    const res = await request(t.app).post(`/api/applications/${application.id}/progress`).set(bearer(staff.token)).send({ step: 'ADMIN_APPROVAL' });
    expect(res.status).toBe(200);
    expect((await Application.findByPk(application.id))!.status).toBe('WAITING_TO_SIGN');
    expect((await inbox(applicant.email)).map((m) => m.templateKey)).toEqual(['APPLICATION_WAITING_TO_SIGN']);
    expect(await Envelope.count({ where: { applicationId: application.id, status: 'SENT' } })).toBe(1);
  });
});
