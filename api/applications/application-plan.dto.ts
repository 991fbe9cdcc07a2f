import type { Includeable } from 'sequelize';
import { Payment, StudentPaymentPlan } from '../../models';
import { paymentDto } from '../payments/payments.service';
import { planStanding, STANDING_ATTRIBUTES } from '../billing/standing';
import { roundDollars } from '../../domain/money';

/**
 * The application's `paymentPlan` (back-office spec §3 "Application paymentPlan"): the student
 * payment plan issued on ENROLLED, read from the plan row the ledger keeps (totals, dates, lines) and
 * its payments. Nothing is computed twice: every total is a column the ledger moves, the dates are
 * the schedule's first and last due dates it stored, and the first payment's date is the oldest
 * accepted payment's.
 */

/** What an application's plans are read with (one query for a page's plans, one for their payments). */
export const applicationPlanInclude: Includeable = {
  model: StudentPaymentPlan,
  as: 'paymentPlans',
  separate: true,
  order: [['id', 'DESC']],
  attributes: [
    'id',
    'applicationId',
    'productPaymentPlanId',
    'name',
    'paymentPlanType',
    'totalOwed',
    'totalPaid',
    'totalCredit',
    'totalTax',
    'totalInterest',
    'interestRate',
    'balance',
    'installmentsCount',
    'installmentAmount',
    'depositAmount',
    'firstPaymentDate',
    'lastPaymentDate',
    'accountingLineItems',
    ...STANDING_ATTRIBUTES,
  ],
  include: [{ model: Payment, as: 'payments', separate: true, order: [['id', 'ASC']] }],
};

type LoadedPlan = StudentPaymentPlan & { payments?: Payment[] };
const money = roundDollars;

/** The plan an application shows: its newest ACTIVE one, else its newest (the include lists them newest first). */
export function currentPlan(plans: StudentPaymentPlan[] | undefined): StudentPaymentPlan | null {
  const all = plans ?? [];
  return all.find((p) => p.status === 'ACTIVE') ?? all[0] ?? null;
}

/** `today` (the school's) dates the plan's standing: days overdue and financial status (billing/standing.ts). */
export function applicationPlanDto(row: StudentPaymentPlan, today: string) {
  const plan = row as LoadedPlan;
  const standing = planStanding(plan, today);
  const payments = plan.payments ?? [];
  const firstAccepted = payments.find((p) => p.status === 'ACCEPTED') ?? null;
  return {
    id: plan.id,
    applicationId: plan.applicationId,
    productPaymentPlanId: plan.productPaymentPlanId,
    name: plan.name,
    type: plan.paymentPlanType,
    paymentPlanType: plan.paymentPlanType,
    totalToBePaid: money(plan.totalOwed),
    totalPaid: money(plan.totalPaid),
    totalCredit: money(plan.totalCredit),
    totalTax: money(plan.totalTax),
    interestRate: plan.interestRate === null ? null : Number(plan.interestRate),
    interestAmount: money(plan.totalInterest),
    installmentsCount: plan.installmentsCount,
    installmentAmount: money(plan.installmentAmount),
    balance: money(plan.balance),
    initialPayment: money(plan.depositAmount),
    firstPaymentEffectiveDate: firstAccepted?.paymentDate ?? null,
    startDate: plan.firstPaymentDate,
    endDate: plan.lastPaymentDate,
    status: plan.status,
    financialStatus: standing.financialStatus,
    daysOverdue: standing.daysOverdue,
    accountingLineItems: plan.accountingLineItems,
    paymentTransactions: payments.map(paymentDto),
  };
}
export type ApplicationPlanDto = ReturnType<typeof applicationPlanDto>;
