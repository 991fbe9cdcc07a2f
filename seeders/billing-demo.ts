/**
 * Demo billing (issue 6) so the portal's payment screens and the console's billing screens have data
 * on a fresh installation. The demo student who pays (enrolled@example.com, created by seeders/demo.ts)
 * is ENROLLED in the demo HCTP product on its monthly plan, issued three months ago: the deposit and
 * the first installment were paid by card, the second installment is a month past due (PAST_DUE), the
 * third is due about today, so the student can pay in the portal. Staff find a check waiting to be
 * accepted, a declined auto-pay in the failed payments and a custom refund waiting for approval.
 *
 * Everything goes through the code the product runs, at the instant it happened, so every date, the
 * account history and the student's timeline read as they would had it all happened then:
 * - `seedBillingDemo`, in the demo's transaction: the card attached through the payment gateway, the
 *   ENROLLED application, its enrollments and the plan issued three months back (`issuePlan` at that
 *   instant); skipped when that student already has an application;
 * - `chargeBillingDemo`, once that transaction has committed (the charge pipeline runs its own, and
 *   never inside another): the deposit and the first installment charged through the payment pipeline
 *   (`chargePlan`) and the gateway on the day each fell due, so their charges are the gateway's own and
 *   can be refunded online; then the plan's standing as of today, and the staff's queues through
 *   their services (recorded once).
 */
import { Op, type Transaction } from 'sequelize';
import {
  Application,
  ApplicationCohort,
  Cohort,
  Enrollment,
  FailedPayment,
  PaymentMethod,
  PaymentSchedule,
  Product,
  ProductItem,
  ProductPaymentPlan,
  Refund,
  Student,
  StudentPaymentPlan,
} from '../models';
import { loadPlan, planPosition, refreshPlan } from '../api/billing/ledger';
import { issuePlan } from '../api/applications/issue-plan';
import { systemActor } from '../api/common/context';
import { sha256 } from '../api/common/tokens';
import type { PaymentGateway } from '../api/integrations/gateway';
import { addMonths } from '../api/payment-plans/schedule';
import { chargePlan, recordExternalPayment } from '../api/payments/payments.service';
import { createRefund } from '../api/refunds/refunds.service';
import { schoolToday } from '../models/catalogue';
import { DEMO_PROGRAM_NAME } from './catalogue-demo';

const SYSTEM = { updatedById: null, updatedByName: 'System' } as const;

/** An instant on a school day (YYYY-MM-DD) at a UTC hour that is the same day in New York. */
const onDay = (day: string, hourUtc: number) => new Date(`${day}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`);
/** The plan is issued at 14:00 UTC of its day; card payments go through at 15:00 UTC of the day they fall due. */
const ISSUED_AT_HOUR = 14;
const PAID_AT_HOUR = 15;

/** The paying student's card, application, enrollments and plan, issued three months back (see the file comment). */
export async function seedBillingDemo(transaction: Transaction, email: string, gateway: PaymentGateway, now = new Date()): Promise<void> {
  const student = await Student.findOne({ where: { email }, transaction });
  if (!student || (await Application.count({ where: { studentId: student.id }, transaction }))) return;
  const product = await Product.findOne({ where: { name: { [Op.like]: `${DEMO_PROGRAM_NAME} (%` }, flowType: 'HCTP', deleted: false }, order: [['id', 'ASC']], transaction });
  if (!product) return;
  const items = await ProductItem.findAll({ where: { productId: product.id }, include: [{ model: Cohort, as: 'cohort' }], order: [['id', 'ASC']], transaction });
  const byProgram: Cohort[] = [];
  for (const c of items.map((i) => i.cohort).filter((x): x is Cohort => Boolean(x))) if (!byProgram.some((b) => b.programId === c.programId)) byProgram.push(c);
  const productPlan = await ProductPaymentPlan.findOne({ where: { productId: product.id }, order: [['id', 'DESC']], transaction });
  if (!byProgram.length || !productPlan) return;

  const enrolledAt = onDay(addMonths(schoolToday(now), -3), ISSUED_AT_HOUR);
  const attached = await gateway.attachCard('tok_visa', { studentId: student.id, email, customerId: null });
  const card = await PaymentMethod.create(
    {
      studentId: student.id,
      gateway: gateway.name,
      gatewayCustomerId: attached.customerId,
      gatewayMethodId: attached.methodId,
      fingerprint: `fp_demo_${student.id}`,
      brand: attached.brand,
      last4: attached.last4,
      expMonth: attached.expMonth,
      expYear: attached.expYear,
      isDefault: true,
      createdAt: enrolledAt,
      updatedAt: enrolledAt,
    },
    { transaction },
  );
  const application = await Application.create(
    {
      studentId: student.id,
      productId: product.id,
      productPaymentPlanId: productPlan.id,
      businessCategoryId: byProgram[0].businessCategoryId,
      status: 'ENROLLED',
      flowType: product.flowType,
      source: 'WEBSITE',
      opportunityId: null,
      autoPay: false,
      documentName: null,
      documentType: null,
      voucherId: null,
      paymentMethodId: card.id,
      appliedAt: enrolledAt,
      enrolledAt,
      statusChangedAt: enrolledAt,
      createdAt: enrolledAt,
      updatedAt: enrolledAt,
      ...SYSTEM,
    },
    { transaction },
  );
  for (const c of byProgram) {
    await ApplicationCohort.create({ applicationId: application.id, programId: c.programId, cohortId: c.id }, { transaction });
    await Enrollment.create(
      { applicationId: application.id, studentId: student.id, cohortId: c.id, programId: c.programId, status: 'ACTIVE', enrolledAt, ...SYSTEM },
      { transaction },
    );
  }
  await issuePlan(application, systemActor, transaction, enrolledAt);
}

/** The paying student's card payments through the gateway, backdated, then the staff's queues (see the file comment). */
export async function chargeBillingDemo(email: string, gateway: PaymentGateway, now = new Date()): Promise<void> {
  const student = await Student.findOne({ where: { email } });
  const plan = student ? await StudentPaymentPlan.findOne({ where: { studentId: student.id }, order: [['id', 'ASC']] }) : null;
  if (!student || !plan) return;
  const today = schoolToday(now);

  // The deposit and the first installment, charged to the plan's card on the day each fell due. The
  // idempotency keys make a second run answer the first charges instead of charging again.
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
  for (const [i, entry] of entries.slice(0, 2).entries()) {
    if (entry.status === 'PAID' || entry.dueDate >= today) continue;
    await chargePlan(gateway, {
      studentId: student.id,
      planId: plan.id,
      type: i === 0 ? 'ENROLLMENT' : 'INSTALLMENT',
      amountCents: null,
      scheduleId: entry.id,
      idempotency: { key: `demo-installment-${entry.number}`, requestHash: sha256(`demo ${plan.id} ${entry.number}`) },
      actor: systemActor,
      at: onDay(entry.dueDate, PAID_AT_HOUR),
    });
  }
  // The payments left the plan as it stood on their day; today it is past due.
  await StudentPaymentPlan.sequelize!.transaction((transaction) => refreshPlan(plan.id, today, transaction));

  // Staff's queues, once: a check received for the next installment, a declined auto-pay, a goodwill refund to decide.
  if (await Refund.count({ where: { studentPaymentPlanId: plan.id } })) return;
  const next = planPosition((await loadPlan(plan.id)).entries, today).nextEntry;
  if (next) {
    await recordExternalPayment(
      student.id,
      next.id,
      { method: 'CHECK', paymentAmount: next.amountDueCents, paymentDate: today, referenceNumber: 'CHK-10482', comment: 'Mailed by the student' },
      systemActor,
    );
    await FailedPayment.create({
      studentId: student.id,
      applicationId: plan.applicationId,
      studentPaymentPlanId: plan.id,
      paymentScheduleId: next.id,
      source: 'AUTO_PAY',
      status: 'FAILED',
      amountToBePaid: next.amountDueCents / 100,
      failureMessage: 'Your card was declined',
      attempts: 1,
      failedAt: new Date(now.getTime() - 86_400_000),
      nextRetryDate: today,
      ...SYSTEM,
    });
  }
  await createRefund({ applicationId: plan.applicationId, amountToBeRefunded: 5000, taxToBeRefunded: 0, comments: 'Goodwill credit for a missed coaching session' }, systemActor);
}
