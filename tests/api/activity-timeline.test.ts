import request from 'supertest';
import { Op } from 'sequelize';
import { ActivityLog, OutboxMessage, Payment, PaymentMethod, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { setupApp, type TestApp } from '../support/app';
import { makeChargeableCard } from '../support/billing-factories';
import { makeApplicant, makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin } from '../support/factories';
import { expectLedgerConsistent } from '../support/ledger-invariants';
import { eventually } from '../support/eventually';

/**
 * A student's timeline (GET /students/{id}/activity_log, the console's Activity tab) holds the
 * system's own events, recorded where they happen: the application's status changes, the plan issued
 * on ENROLLED, card payments accepted and declined, refunds, and every email sent to the student's
 * address — not only the changes staff make in the console.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  admin = await makeAdmin(t.deps);
});
afterAll(() => t.close());
afterEach(() => expectLedgerConsistent());

type Entry = {
  id: number;
  activityDate: string;
  category: string;
  type: string;
  description: string | null;
  entityType: string;
  entityId: number;
  actor: { id: number | null; name: string | null };
};

const timeline = async (studentId: number, query = 'size=100') => {
  const res = await request(t.app).get(`/api/students/${studentId}/activity_log?${query}`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return res.body.content as Entry[];
};

describe("a student's timeline", () => {
  test('enrolling through the status machine: the status change, the plan issued and the deposit charged by the system are entries of the student', async () => {
    const product = await makeEnrollableProduct({ flow: [] });
    const applicant = await makeApplicant(t.deps);
    const card = await makeChargeableCard(applicant.student.id);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: card.id } });
    await PaymentMethod.destroy({ where: { studentId: applicant.student.id, id: { [Op.ne]: card.id } } });

    const res = await request(t.app).patch(`/api/applications/${application.id}/status`).query({ status: 'ENROLLED' }).set(bearer(admin.token));
    expect(res.status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    // The deposit is charged by the system once the enrollment has committed.
    const deposit = await eventually(() => Payment.findOne({ where: { studentPaymentPlanId: plan.id, status: 'ACCEPTED' } }));

    const entries = await eventually(async () => {
      const all = await timeline(applicant.student.id);
      return all.some((e) => e.type === 'PAYMENT_ACCEPTED') ? all : null;
    });
    const status = entries.filter((e) => e.entityType === 'APPLICATION' && e.category === 'ENROLLMENT');
    expect(status.map((e) => e.description)).toContain('Application status Signed → Enrolled');
    const issued = entries.filter((e) => e.type === 'PLAN_ISSUED');
    expect(issued).toEqual([
      expect.objectContaining({ category: 'BILLING', entityType: 'PAYMENT_PLAN', entityId: plan.id, actor: { id: admin.user.id, name: expect.any(String) } }),
    ]);
    expect(issued[0].description).toContain(plan.name);
    const paid = entries.filter((e) => e.type === 'PAYMENT_ACCEPTED');
    expect(paid).toEqual([expect.objectContaining({ category: 'BILLING', entityType: 'PAYMENT', entityId: deposit.id, actor: { id: null, name: 'System' } })]);
    expect(paid[0].description).toBe('Enrollment payment (visa ending 4242) accepted: $500.00');

    // Written with the events themselves: one of each, tied to the student.
    expect(await ActivityLog.count({ where: { studentId: applicant.student.id, type: 'PLAN_ISSUED', entityId: plan.id } })).toBe(1);
    expect(await ActivityLog.count({ where: { studentId: applicant.student.id, type: 'PAYMENT_ACCEPTED', entityId: deposit.id } })).toBe(1);
    // The console's filters narrow to them.
    const billing = await timeline(applicant.student.id, 'categories=BILLING&types=PAYMENT_ACCEPTED,PLAN_ISSUED');
    expect(billing.map((e) => e.type).sort()).toEqual(['PAYMENT_ACCEPTED', 'PLAN_ISSUED']);
  });

  test('a declined card payment, a refund given back online and the emails sent to the student are entries too', async () => {
    const product = await makeEnrollableProduct({ flow: [] });
    const applicant = await makeApplicant(t.deps);
    const good = await makeChargeableCard(applicant.student.id);
    const application = await makeApplication(applicant.student.id, product, { status: 'SIGNED', chosen: true, fields: { paymentMethodId: good.id } });
    await PaymentMethod.destroy({ where: { studentId: applicant.student.id, id: { [Op.ne]: good.id } } });
    expect((await request(t.app).patch(`/api/applications/${application.id}/status`).query({ status: 'ENROLLED' }).set(bearer(admin.token))).status).toBe(200);
    const plan = (await StudentPaymentPlan.findOne({ where: { applicationId: application.id } }))!;
    await eventually(() => Payment.findOne({ where: { studentPaymentPlanId: plan.id, status: 'ACCEPTED' } }));

    // A pre-pay on a card that declines: the attempt and its reason are on the timeline.
    const declining = await makeChargeableCard(applicant.student.id, { token: 'tok_chargeDeclined', isDefault: false });
    const declined = await request(t.app)
      .post(`/api/students/${applicant.student.id}/payment_plans/${plan.id}/payments`)
      .set(bearer(applicant.token))
      .send({ type: 'PRE_PAY', amount: 100, paymentMethodId: declining.id });
    expect([declined.status, declined.body.code]).toEqual([409, 'PAYMENT_FAILURE']);
    const invalid = (await Payment.findOne({ where: { studentPaymentPlanId: plan.id, status: 'INVALID' } }))!;

    // A refund of $40, approved and given back to the card.
    const created = await request(t.app).post('/api/refund_queues').set(bearer(admin.token)).send({ applicationId: application.id, amountToBeRefunded: 40, comments: 'Goodwill' });
    expect(created.status).toBe(201);
    expect((await request(t.app).patch(`/api/refund_queues/${created.body.id}/status?status=APPROVED`).set(bearer(admin.token))).status).toBe(200);
    const submitted = await request(t.app).post(`/api/refund_queues/${created.body.id}/submit`).set(bearer(admin.token)).send({ refundType: 'ONLINE' });
    expect([submitted.status, submitted.body.status]).toEqual([200, 'COMPLETED']);

    // Emails: a reminder staff send, and a password-reset link the student asks for.
    const second = (await PaymentSchedule.findOne({ where: { studentPaymentPlanId: plan.id, number: 2 } }))!;
    expect((await request(t.app).get(`/api/payment_schedules/${second.id}/send-equal-notification`).set(bearer(admin.token))).status).toBe(200);
    expect((await request(t.app).post('/api/auth/customer/forgot_password').send({ email: applicant.user.email })).status).toBe(202);
    // The reset link goes out after the answer (the call answers the same whether or not the account exists).
    await eventually(() => OutboxMessage.findOne({ where: { toAddress: applicant.user.email, templateKey: 'PASSWORD_RESET' } }));

    const entries = await timeline(applicant.student.id);
    const failed = entries.filter((e) => e.type === 'PAYMENT_FAILED');
    expect(failed).toEqual([
      expect.objectContaining({ category: 'BILLING', entityType: 'PAYMENT', entityId: invalid.id, actor: { id: applicant.user.id, name: expect.any(String) } }),
    ]);
    expect(failed[0].description).toBe('Pre-payment (visa ending 0002) failed: Your card was declined');
    const refunds = entries.filter((e) => e.entityType === 'REFUND' && e.entityId === created.body.id).map((e) => e.description);
    expect(refunds).toEqual(expect.arrayContaining(['Refund queued (Custom): $40.00', 'Refund: Approved', 'Refund Online: $40.00 given back, completed']));

    // The emails: staff's enrolling move (the status email, sent by the factory's staff move), the
    // refund issued (sent by the submitting request's event), the reminder and the reset link.
    const emails = entries.filter((e) => e.type === 'EMAIL_SENT');
    const outbox = await OutboxMessage.findAll({ where: { toAddress: applicant.user.email }, order: [['id', 'ASC']] });
    expect(outbox.map((m) => m.templateKey)).toEqual(['APPLICATION_ENROLLED', 'REFUND_ISSUED', 'INSTALLMENT_DUE', 'PASSWORD_RESET']);
    expect(emails.map((e) => e.category)).toEqual(['COMMUNICATION', 'COMMUNICATION', 'COMMUNICATION', 'COMMUNICATION']);
    // Newest first: the reset link (the outbox message itself), the reminder (about its installment, sent by staff), the refund's email (about the refund).
    expect(emails[0]).toMatchObject({ entityType: 'OUTBOX_MESSAGE', entityId: outbox[3].id, actor: { id: null, name: 'System' } });
    expect(emails[0].description).toBe(`Email sent to ${applicant.user.email}: ${outbox[3].subject}`);
    expect(emails[1]).toMatchObject({ entityType: 'PAYMENT_SCHEDULE', entityId: second.id, actor: { id: admin.user.id, name: expect.any(String) } });
    expect(emails[1].description).toBe(`Email sent to ${applicant.user.email}: ${outbox[2].subject}`);
    expect(emails[2]).toMatchObject({ entityType: 'REFUND', entityId: created.body.id });
    expect(emails[2].description).toBe(`Email sent to ${applicant.user.email}: ${outbox[1].subject}`);
    expect(emails[3].description).toBe(`Email sent to ${applicant.user.email}: ${outbox[0].subject}`);
    expect(await ActivityLog.count({ where: { studentId: applicant.student.id, category: 'COMMUNICATION' } })).toBe(4);
  });
});
