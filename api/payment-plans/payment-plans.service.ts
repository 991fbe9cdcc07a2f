import type { Transaction } from 'sequelize';
import { BusinessCategoryPaymentPlan, Cohort, PaymentPlanAdjustment, Product, ProductItem, ProductPaymentPlan, Program } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { AppError, fieldErrors } from '../common/errors';
import { generateSchedule, ScheduleError, type Schedule, type ScheduleInput } from './schedule';
import { resolvedTerms, type GenerateInput } from './payment-plans.schemas';
import { toCentsOrNull, toDollars, toDollarsOrNull } from '../../domain/money';

/** Terms once checked by `resolvedTerms` (money in cents, PAY_IN_FULL forced to one term). */
export type ResolvedTerms = ReturnType<typeof resolvedTerms.parse>;

/** What a product payment plan contributes: its template's terms (as the API takes them), adjustments, fees. */
async function fromProductPlan(productPlanId: number, transaction?: Transaction) {
  const plan = await ProductPaymentPlan.findByPk(productPlanId, {
    include: [
      { model: BusinessCategoryPaymentPlan, as: 'paymentPlan' },
      { model: PaymentPlanAdjustment, as: 'adjustments' },
    ],
    transaction,
  });
  if (!plan || !plan.paymentPlan) throw AppError.notFound('Product payment plan');
  const product = await Product.findByPk(plan.productId, { attributes: ['id', 'cost'], transaction });
  // The fees of the programs the product sells, each program once.
  const items = await ProductItem.findAll({
    where: { productId: plan.productId },
    include: [
      { model: Cohort, as: 'cohort', attributes: ['id', 'programId'], include: [{ model: Program, as: 'program', attributes: ['id', 'registrationFee', 'booksAndMaterialsFee'] }] },
    ],
    transaction,
  });
  const programs = new Map(
    items
      .map((i) => i.cohort?.program)
      .filter((p): p is Program => Boolean(p))
      .map((p) => [p.id, p]),
  );
  const fee = (pick: (p: Program) => number | null) => [...programs.values()].reduce((sum, p) => sum + (toCentsOrNull(pick(p)) ?? 0), 0);
  const t = plan.paymentPlan;
  return {
    plan,
    terms: {
      paymentPlanType: t.paymentPlanType,
      paymentScheduleType: t.paymentScheduleType,
      installmentAmount: t.installmentAmount,
      depositAmount: t.depositAmount,
      interestRate: t.interestRate,
      annualPercentageRate: t.annualPercentageRate,
      tuitionPrice: t.tuitionPrice ?? product?.cost ?? null,
      totalTerm: t.totalTerm,
      amortizeTerm: t.amortizeTerm,
      principalAmount: t.principalAmount,
    } as Record<string, unknown>,
    adjustments: (plan.adjustments ?? []).map((a) => ({ type: a.type, amountCents: toCentsOrNull(a.amount)! })),
    registrationFeeCents: fee((p) => p.registrationFee),
    booksAndMaterialsFeeCents: fee((p) => p.booksAndMaterialsFee),
  };
}

/** Terms as the API takes them → checked terms (400 with field errors when they cannot make a schedule). */
function checkTerms(raw: Record<string, unknown>): ResolvedTerms {
  const parsed = resolvedTerms.safeParse(raw);
  if (!parsed.success) throw AppError.badRequest(fieldErrors(parsed.error));
  return parsed.data;
}

/** Checked terms and the money around them → the schedule engine's input. */
function engineInput(
  terms: ResolvedTerms,
  money: { registrationFeeCents: number; booksAndMaterialsFeeCents: number; adjustments: ScheduleInput['adjustments']; voucherDiscountCents: number; firstDueDate: string },
): ScheduleInput {
  return {
    paymentPlanType: terms.paymentPlanType,
    paymentScheduleType: terms.paymentScheduleType ?? 'FIXED_TERMS',
    totalTerm: terms.totalTerm,
    amortizeTerm: terms.amortizeTerm,
    annualPercentageRate: terms.annualPercentageRate ?? terms.interestRate ?? 0,
    tuitionCents: terms.tuitionPrice ?? 0,
    registrationFeeCents: money.registrationFeeCents,
    booksAndMaterialsFeeCents: money.booksAndMaterialsFeeCents,
    adjustments: money.adjustments,
    voucherDiscountCents: money.voucherDiscountCents,
    depositCents: terms.depositAmount ?? 0,
    installmentCents: terms.installmentAmount,
    principalPartCents: terms.principalAmount,
    firstDueDate: money.firstDueDate,
  };
}

/**
 * The engine input of a product payment plan (what the preview and the plan issued on ENROLLED
 * share): its template's checked terms, the product's cost when the template has no tuition, its
 * adjustments, its programs' fees (each program once), the voucher discount and the first due date
 * (the school's today by default). `plan` and `terms` come back for the caller's own record.
 */
export async function productPlanEngineInput(
  productPlanId: number,
  opts: { voucherDiscountCents?: number; firstDueDate?: string } = {},
  transaction?: Transaction,
): Promise<{ input: ScheduleInput; terms: ResolvedTerms; plan: ProductPaymentPlan }> {
  const base = await fromProductPlan(productPlanId, transaction);
  const terms = checkTerms(base.terms);
  const input = engineInput(terms, {
    registrationFeeCents: base.registrationFeeCents,
    booksAndMaterialsFeeCents: base.booksAndMaterialsFeeCents,
    adjustments: base.adjustments,
    voucherDiscountCents: opts.voucherDiscountCents ?? 0,
    firstDueDate: opts.firstDueDate ?? schoolToday(),
  });
  return { input, terms, plan: base.plan };
}

/** Runs the engine; an impossible schedule is a 400 naming the field at fault. */
export function runEngine(input: ScheduleInput): Schedule {
  try {
    return generateSchedule(input);
  } catch (err) {
    if (err instanceof ScheduleError) throw AppError.badRequest({ [err.field]: err.message });
    throw err;
  }
}

/** A schedule in dollars, as the preview answers it (and the options' per-plan preview). */
export function scheduleDto(s: Schedule) {
  return {
    principal: toDollars(s.principalCents),
    deposit: toDollars(s.depositCents),
    financed: toDollars(s.financedCents),
    interest: toDollars(s.interestCents),
    total: toDollars(s.totalCents),
    entries: s.entries.map((e) => ({
      number: e.number,
      kind: e.kind,
      dueDate: e.dueDate,
      principal: toDollars(e.principalCents),
      interest: toDollars(e.interestCents),
      amount: toDollars(e.amountCents),
      balance: toDollars(e.balanceCents),
    })),
  };
}

/**
 * Previews the schedule a plan would have (nothing is saved). Interest uses the annual percentage
 * rate, or the interest rate when no APR is given. The first entry is due on `firstDueDate`
 * (today in the school's time zone by default).
 */
export async function previewSchedule(input: GenerateInput) {
  if (input.productPaymentPlanId) {
    // Beside a product plan only the voucher discount and the first due date may be sent (the schema).
    const { input: engine } = await productPlanEngineInput(input.productPaymentPlanId, {
      voucherDiscountCents: input.voucherDiscount ?? 0,
      firstDueDate: input.firstDueDate ?? undefined,
    });
    return scheduleDto(runEngine(engine));
  }
  // Terms as sent (money back to dollars for the shared schema).
  const sent = {
    ...input,
    installmentAmount: toDollarsOrNull(input.installmentAmount),
    depositAmount: toDollarsOrNull(input.depositAmount),
    tuitionPrice: toDollarsOrNull(input.tuitionPrice),
    principalAmount: toDollarsOrNull(input.principalAmount),
  };
  const termKeys = [
    'paymentPlanType',
    'paymentScheduleType',
    'installmentAmount',
    'depositAmount',
    'interestRate',
    'annualPercentageRate',
    'tuitionPrice',
    'totalTerm',
    'amortizeTerm',
    'principalAmount',
  ] as const;
  const terms = checkTerms(Object.fromEntries(termKeys.map((k) => [k, sent[k]])));
  const engine = engineInput(terms, {
    registrationFeeCents: input.registrationFee ?? 0,
    booksAndMaterialsFeeCents: input.booksAndMaterialsFee ?? 0,
    adjustments: (input.adjustments ?? []).map((a) => ({ type: a.type, amountCents: a.amount ?? 0 })),
    voucherDiscountCents: input.voucherDiscount ?? 0,
    firstDueDate: input.firstDueDate ?? schoolToday(),
  });
  return scheduleDto(runEngine(engine));
}
