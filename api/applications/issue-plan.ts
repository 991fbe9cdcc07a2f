import type { CreationAttributes, Transaction } from 'sequelize';
import { PaymentPlanAdjustment, PaymentSchedule, StudentPaymentPlan, Voucher, type Application } from '../../models';
import { schoolToday } from '../../models/catalogue';
import type { AccountingLineItem } from '../../models/StudentPaymentPlan';
import { Messages } from '../../models/messages';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { productPlanName } from './applications.dto';
import { quotePlan } from './quote';
import type { Schedule } from '../payment-plans/schedule';
import { planPosition, writeLedgerLine } from '../billing/ledger';
import { description } from '../../models/descriptions';
import { toDollars } from '../../domain/money';

/**
 * Issues the student payment plan of an application becoming ENROLLED (domain rules "Applications
 * and enrollments", "Payment plans and payments"): the application's quote on its chosen plan
 * (`quotePlan`: what the plan step previewed and the agreement states) with the school's today as the
 * first due date, stored with its schedule. Totals start from the schedule; billing (issue 6) moves
 * what is paid. Runs inside the status change's transaction, and writes the account history's first
 * line and the student's PLAN_ISSUED activity entry in it. `at`: when the plan is issued (default
 * now; the school's day of it is the first due date): the demo seeder issues its plan months back.
 */

export async function issuePlan(application: Application, actor: Actor, transaction: Transaction, at: Date = new Date()): Promise<StudentPaymentPlan> {
  if (!application.productPaymentPlanId) throw AppError.conflict('NO_PAYMENT_PLAN_SELECTED', Messages.NO_PAYMENT_PLAN_SELECTED);
  const today = schoolToday(at);
  const voucher = application.voucherId ? await Voucher.findByPk(application.voucherId, { attributes: ['id', 'code', 'discountKind', 'discountValue'], transaction }) : null;
  const { input, terms, plan, schedule, voucherDiscountCents } = await quotePlan(application, application.productPaymentPlanId, { firstDueDate: today, voucher }, transaction);
  const adjustments = await PaymentPlanAdjustment.findAll({ where: { productPaymentPlanId: plan.id }, order: [['id', 'ASC']], transaction });

  // What the principal is made of, as accounting lines (CHARGE adds, CREDIT takes off).
  const lines = tuitionLines(input);
  for (const a of adjustments) lines.push({ description: a.description, type: a.type, category: a.category, amount: Number(a.amount) });
  if (voucherDiscountCents)
    lines.push({ description: voucher ? `Voucher ${voucher.code}` : 'Voucher', type: 'CREDIT', category: 'PROMO', amount: toDollars(voucherDiscountCents) });

  const created = await storeIssuedPlan(
    {
      applicationId: application.id,
      studentId: application.studentId,
      productPaymentPlanId: plan.id,
      voucherId: application.voucherId,
      name: productPlanName(plan),
      description: plan.longDescription,
      paymentPlanType: terms.paymentPlanType,
      paymentScheduleType: terms.paymentScheduleType ?? 'FIXED_TERMS',
      totalTerm: terms.totalTerm,
      amortizeTerm: terms.amortizeTerm ?? 0,
      interestRate: input.annualPercentageRate,
      tuitionPrice: toDollars(input.tuitionCents),
      additionalFees: toDollars(input.registrationFeeCents + input.booksAndMaterialsFeeCents),
      voucherDiscount: toDollars(voucherDiscountCents),
      accountingLineItems: lines,
      source: 'APPLICATION',
      flowType: application.flowType,
      autoPay: application.autoPay,
      paymentMethodId: application.paymentMethodId ?? null,
      migrated: Boolean(application.migrated),
      status: 'ACTIVE',
    },
    schedule,
    actor,
    transaction,
    at,
  );
  await recordActivity(
    actor,
    {
      entityType: 'PAYMENT_PLAN',
      entityId: created.id,
      studentId: created.studentId,
      category: 'BILLING',
      type: 'PLAN_ISSUED',
      at,
      description: description('PLAN_ISSUED_OWED', { plan: created.name, total: schedule.totalCents }),
    },
    transaction,
  );
  return created;
}

/** The accounting lines every issued plan starts from: tuition, then the registration and books fees. */
export function tuitionLines(input: { tuitionCents: number; registrationFeeCents: number; booksAndMaterialsFeeCents: number }): AccountingLineItem[] {
  const lines: AccountingLineItem[] = [{ description: 'Tuition', type: 'CHARGE', category: null, amount: toDollars(input.tuitionCents) }];
  if (input.registrationFeeCents) lines.push({ description: 'Registration fee', type: 'CHARGE', category: 'FEE', amount: toDollars(input.registrationFeeCents) });
  if (input.booksAndMaterialsFeeCents) lines.push({ description: 'Books and materials fee', type: 'CHARGE', category: 'FEE', amount: toDollars(input.booksAndMaterialsFeeCents) });
  return lines;
}

/** What storeIssuedPlan derives from the schedule; the caller gives the rest of the plan. */
type Derived =
  | 'depositAmount'
  | 'principalAmount'
  | 'installmentAmount'
  | 'totalInterest'
  | 'totalOwed'
  | 'totalPaid'
  | 'balance'
  | 'installmentsCount'
  | 'status'
  | 'financialStatus'
  | 'daysOverdue'
  | 'firstPaymentDate'
  | 'lastPaymentDate'
  | 'nextDueDate'
  | 'frequency'
  | 'frequencyUnit';

/**
 * Stores a plan being issued (a new enrollment's, a transfer's, a withdrawal's rest): the plan with the
 * totals, dates and first installment its schedule gives, ACTIVE (COMPLETED when it owes nothing) and
 * GOOD, its entries paying with the plan's method, and the account history's PLAN_ISSUED line. `at`:
 * when it is issued (its rows are dated so; default now).
 */
export async function storeIssuedPlan(
  plan: Omit<CreationAttributes<StudentPaymentPlan>, Derived> & Partial<Pick<CreationAttributes<StudentPaymentPlan>, 'status' | 'installmentAmount'>>,
  schedule: Pick<Schedule, 'depositCents' | 'principalCents' | 'interestCents' | 'totalCents' | 'entries'>,
  actor: Actor,
  transaction: Transaction,
  at?: Date,
): Promise<StudentPaymentPlan> {
  const { entries } = schedule;
  const installments = entries.filter((e) => e.kind === 'INSTALLMENT');
  const created = await StudentPaymentPlan.create(
    {
      frequency: 'MONTHLY',
      frequencyUnit: 'MONTHS',
      depositAmount: toDollars(schedule.depositCents),
      principalAmount: toDollars(schedule.principalCents),
      installmentAmount: toDollars(installments[0]?.amountCents ?? 0),
      totalInterest: toDollars(schedule.interestCents),
      totalOwed: toDollars(schedule.totalCents),
      totalPaid: 0,
      balance: toDollars(schedule.totalCents),
      installmentsCount: installments.length,
      status: schedule.totalCents > 0 ? 'ACTIVE' : 'COMPLETED',
      ...plan,
      financialStatus: 'GOOD',
      daysOverdue: 0,
      firstPaymentDate: entries[0]?.dueDate ?? null,
      lastPaymentDate: entries[entries.length - 1]?.dueDate ?? null,
      nextDueDate: entries[0]?.dueDate ?? null,
      ...stamp(actor),
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    },
    { transaction, silent: Boolean(at) },
  );
  if (entries.length)
    await PaymentSchedule.bulkCreate(
      entries.map((e) => ({
        studentPaymentPlanId: created.id,
        number: e.number,
        kind: e.kind,
        dueDate: e.dueDate,
        principal: toDollars(e.principalCents),
        interest: toDollars(e.interestCents),
        amount: toDollars(e.amountCents),
        balance: toDollars(e.balanceCents),
        paymentMethodId: plan.paymentMethodId ?? null,
      })),
      { transaction },
    );
  await writeLedgerLine(
    created,
    planPosition(await PaymentSchedule.findAll({ where: { studentPaymentPlanId: created.id }, transaction }), schoolToday(at ?? new Date())),
    {
      kind: 'PLAN_ISSUED',
      description: description('PLAN_ISSUED', { plan: created.name }),
      principal: schedule.principalCents,
      interest: schedule.interestCents,
      total: schedule.totalCents,
    },
    transaction,
    undefined,
    at,
  );
  return created;
}
