import type { Deps } from '../../api/common/context';
import { systemActor } from '../../api/common/context';
import { issuePlan } from '../../api/applications/issue-plan';
import { SandboxGateway } from '../../api/integrations/sandbox-gateway';
import { Op } from 'sequelize';
import { addMonths } from '../../api/payment-plans/schedule';
import { Application, PaymentMethod, PaymentSchedule, StudentPaymentPlan } from '../../models';
import { makeApplicant, makeApplication, makeEnrollableProduct, type EnrollableProduct } from './enrollment-factories';
import { unique } from './factories';

/**
 * Billing rows for tests (issue 6): chargeable sandbox cards and ENROLLED applications with their
 * issued plan, through the same code the product uses (the sandbox's attachCard, issuePlan).
 */

const sandbox = new SandboxGateway();

/**
 * A card the sandbox gateway can charge, stored as POST /students/{id}/payment_methods stores it.
 * `token`: a sandbox token (default tok_visa; tok_chargeDeclined attaches and declines when charged).
 */
export async function makeChargeableCard(studentId: number, opts: { token?: string; isDefault?: boolean } = {}): Promise<PaymentMethod> {
  const card = await sandbox.attachCard(opts.token ?? 'tok_visa', { studentId, email: `${unique('card')}@example.com`, customerId: null });
  return PaymentMethod.create({
    studentId,
    gateway: 'SANDBOX',
    gatewayCustomerId: card.customerId,
    gatewayMethodId: card.methodId,
    fingerprint: unique('fp'),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: opts.isDefault ?? true,
  });
}

export interface EnrolledPlan {
  student: Awaited<ReturnType<typeof makeApplicant>>;
  enrollable: EnrollableProduct;
  application: Application;
  card: PaymentMethod;
  plan: StudentPaymentPlan;
  entries: PaymentSchedule[];
}

/**
 * A student with an ENROLLED application and its issued plan (by default interest-bearing: deposit 500
 * then 12 monthly payments at 9.9 % on 6,000 + 150 fees; `payInFull` for one entry). The first entry is
 * due today; `backdateMonths: n` moves every due date n months back, so the first n+1 entries are due
 * (the first n past due). `cardToken` picks the card (tok_chargeDeclined declines when charged).
 */
export async function makeEnrolledPlan(
  deps: Deps,
  opts: { payInFull?: boolean; cost?: number; backdateMonths?: number; cardToken?: string; autoPay?: boolean; migrated?: boolean; enrollable?: EnrollableProduct } = {},
): Promise<EnrolledPlan> {
  const enrollable = opts.enrollable ?? (await makeEnrollableProduct({ payInFull: opts.payInFull, cost: opts.cost }));
  const student = await makeApplicant(deps);
  const card = await makeChargeableCard(student.student.id, { token: opts.cardToken });
  const application = await makeApplication(student.student.id, enrollable, {
    status: 'ENROLLED',
    chosen: true,
    fields: { paymentMethodId: card.id, autoPay: opts.autoPay ?? false, migrated: opts.migrated ?? false, enrolledAt: new Date() },
  });
  // makeApplication's own card is not the chargeable one: keep only ours.
  await PaymentMethod.destroy({ where: { studentId: student.student.id, id: { [Op.ne]: card.id } } });
  const plan = await deps.sequelize.transaction((transaction) => issuePlan(application, systemActor, transaction));
  if (opts.backdateMonths) {
    for (const entry of await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id } })) {
      await entry.update({ dueDate: addMonths(entry.dueDate, -opts.backdateMonths) });
    }
    const all = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
    await plan.update({ firstPaymentDate: all[0].dueDate, lastPaymentDate: all[all.length - 1].dueDate, nextDueDate: all[0].dueDate });
  }
  const entries = await PaymentSchedule.findAll({ where: { studentPaymentPlanId: plan.id }, order: [['number', 'ASC']] });
  return { student, enrollable, application, card, plan: await plan.reload(), entries };
}
