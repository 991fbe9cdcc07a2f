/**
 * Demo billing (issue 6) so the portal's payment screens and the console's billing screens have data
 * on a fresh installation. The demo student who pays (enrolled@example.com, created by seeders/demo.ts)
 * is ENROLLED in the demo HCTP product on its monthly plan, issued three months ago: the deposit and
 * the first installment were paid by card, the second installment is a month past due (PAST_DUE), the
 * third is due today, so the student can pay in the portal. Staff find a check waiting to be accepted, a declined auto-pay in
 * the failed payments and a custom refund waiting for approval. Written through the ledger in the
 * caller's transaction; skipped when that student already has an application.
 */
import { Op, type Transaction } from 'sequelize';
import {
  Application, ApplicationCohort, Cohort, Enrollment, ExternalPayment, FailedPayment, Payment, PaymentMethod, PaymentSchedule, Product, ProductItem, ProductPaymentPlan,
  Refund, Student,
} from '../models';
import { applyPayment, loadPlan, planPosition, refreshPlan, toCents, toDollars } from '../api/billing/ledger';
import { issuePlan } from '../api/applications/issue-plan';
import { addMonths } from '../api/payment-plans/schedule';
import { SandboxGateway } from '../api/integrations/sandbox-gateway';
import { schoolToday } from '../models/catalogue';
import { DEMO_PROGRAM_NAME } from './catalogue-demo';

const SYSTEM = { updatedById: null, updatedByName: 'System' } as const;
const ACTOR = { userId: null, name: 'System' };

export async function seedBillingDemo(transaction: Transaction, email: string, now = new Date()): Promise<void> {
  const student = await Student.findOne({ where: { email }, transaction });
  if (!student || (await Application.count({ where: { studentId: student.id }, transaction }))) return;
  const product = await Product.findOne({ where: { name: { [Op.like]: `${DEMO_PROGRAM_NAME} (%` }, flowType: 'HCTP', deleted: false }, order: [['id', 'ASC']], transaction });
  if (!product) return;
  const items = await ProductItem.findAll({ where: { productId: product.id }, include: [{ model: Cohort, as: 'cohort' }], order: [['id', 'ASC']], transaction });
  const byProgram: Cohort[] = [];
  for (const c of items.map((i) => i.cohort).filter((x): x is Cohort => Boolean(x))) if (!byProgram.some((b) => b.programId === c.programId)) byProgram.push(c);
  const productPlan = await ProductPaymentPlan.findOne({ where: { productId: product.id }, order: [['id', 'DESC']], transaction });
  if (!byProgram.length || !productPlan) return;

  const today = schoolToday(now);
  const enrolledAt = new Date(now.getTime() - 92 * 86_400_000);
  const attached = await new SandboxGateway().attachCard('tok_visa', { studentId: student.id, email, customerId: null });
  const card = await PaymentMethod.create({
    studentId: student.id, gateway: 'SANDBOX', gatewayCustomerId: attached.customerId, gatewayMethodId: attached.methodId, fingerprint: `fp_demo_${student.id}`,
    brand: attached.brand, last4: attached.last4, expMonth: attached.expMonth, expYear: attached.expYear, isDefault: true, createdAt: enrolledAt, updatedAt: enrolledAt,
  }, { transaction });
  const application = await Application.create({
    studentId: student.id, productId: product.id, productPaymentPlanId: productPlan.id, businessCategoryId: byProgram[0].businessCategoryId, status: 'ENROLLED',
    flowType: product.flowType, source: 'WEBSITE', opportunityId: null, autoPay: false, documentName: null, documentType: null, voucherId: null, paymentMethodId: card.id,
    appliedAt: enrolledAt, enrolledAt, statusChangedAt: enrolledAt, createdAt: enrolledAt, updatedAt: enrolledAt, ...SYSTEM,
  }, { transaction });
  for (const c of byProgram) {
    await ApplicationCohort.create({ applicationId: application.id, programId: c.programId, cohortId: c.id }, { transaction });
    await Enrollment.create({ applicationId: application.id, studentId: student.id, cohortId: c.id, programId: c.programId, status: 'ACTIVE', enrolledAt, ...SYSTEM }, { transaction });
  }
  const issued = await issuePlan(application, ACTOR, transaction);
  // Issued three months ago: every due date moves back three months.
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: issued.id }, order: [['number', 'ASC']], transaction });
  for (const e of entries) await e.update({ dueDate: addMonths(e.dueDate, -3) }, { transaction });
  await issued.update({ firstPaymentDate: addMonths(issued.firstPaymentDate ?? today, -3), lastPaymentDate: addMonths(issued.lastPaymentDate ?? today, -3) }, { transaction });
  await refreshPlan(issued.id, today, transaction);

  // The deposit and the first installment, paid by card when they fell due (sandbox charge ids carry the amount).
  for (const [i, entry] of entries.slice(0, 2).entries()) {
    const fresh = (await loadPlan(issued.id, transaction)).entries.find((x) => x.id === entry.id)!;
    const cents = toCents(fresh.amount) + toCents(fresh.taxAmount) - toCents(fresh.paidAmount);
    const payment = await Payment.create({
      studentId: student.id, applicationId: application.id, studentPaymentPlanId: issued.id, paymentScheduleId: entry.id, type: i === 0 ? 'ENROLLMENT' : 'INSTALLMENT',
      channel: 'CARD', paymentMethodId: card.id, gateway: 'SANDBOX', gatewayChargeId: `ch_sandbox_${cents}_demo${issued.id}x${i}`, cardBrand: card.brand, cardLast4: card.last4,
      amount: toDollars(cents), paymentDate: fresh.dueDate, ...SYSTEM,
    }, { transaction });
    await applyPayment(payment, today, transaction);
  }
  const plan = await refreshPlan(issued.id, today, transaction);
  const { entries: after } = await loadPlan(plan.id, transaction);
  const position = planPosition(after, today);

  // Staff's queues: a check received for the next installment, a declined auto-pay, a goodwill refund to decide.
  const next = position.nextEntry;
  if (next) {
    await ExternalPayment.create({
      studentId: student.id, applicationId: application.id, studentPaymentPlanId: plan.id, paymentScheduleId: next.id, method: 'CHECK', paymentAmount: toDollars(next.amountDueCents),
      paymentDate: today, referenceNumber: 'CHK-10482', comment: 'Mailed by the student', status: 'PENDING', ...SYSTEM,
    }, { transaction });
    await FailedPayment.create({
      studentId: student.id, applicationId: application.id, studentPaymentPlanId: plan.id, paymentScheduleId: next.id, source: 'AUTO_PAY', status: 'FAILED',
      amountToBePaid: toDollars(next.amountDueCents), failureMessage: 'Your card was declined', attempts: 1, failedAt: new Date(now.getTime() - 86_400_000),
      nextRetryDate: today, ...SYSTEM,
    }, { transaction });
  }
  await Refund.create({
    applicationId: application.id, studentId: student.id, studentPaymentPlanId: plan.id, source: 'CUSTOM', status: 'REQUESTED', refundStatus: 'PENDING',
    amountToBeRefunded: 50, taxToBeRefunded: 0, totalToBeRefunded: 50, comments: 'Goodwill credit for a missed coaching session', ...SYSTEM,
  }, { transaction });
}
