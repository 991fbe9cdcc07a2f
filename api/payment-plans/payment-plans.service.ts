import { BusinessCategoryPaymentPlan, Cohort, PaymentPlanAdjustment, Product, ProductItem, ProductPaymentPlan, Program } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { AppError, fieldErrors } from '../common/errors';
import { generateSchedule, ScheduleError, type Schedule } from './schedule';
import { resolvedTerms, type GenerateInput } from './payment-plans.schemas';

const cents = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v) * 100));
const dollars = (c: number) => c / 100;
const dollarsOrNull = (c: number | null | undefined) => (c === null || c === undefined ? null : c / 100);

/** What a product payment plan contributes: its template's terms (as the API takes them), adjustments, fees. */
async function fromProductPlan(productPlanId: number) {
  const plan = await ProductPaymentPlan.findByPk(productPlanId, {
    include: [
      { model: BusinessCategoryPaymentPlan, as: 'paymentPlan' },
      { model: PaymentPlanAdjustment, as: 'adjustments' },
    ],
  });
  if (!plan || !plan.paymentPlan) throw AppError.notFound('Product payment plan');
  const product = await Product.findByPk(plan.productId, { attributes: ['id', 'cost'] });
  // The fees of the programs the product sells, each program once.
  const items = await ProductItem.findAll({
    where: { productId: plan.productId },
    include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'programId'], include: [{ model: Program, as: 'program', attributes: ['id', 'registrationFee', 'booksAndMaterialsFee'] }] }],
  });
  const programs = new Map(items.map((i) => i.cohort?.program).filter((p): p is Program => Boolean(p)).map((p) => [p.id, p]));
  const fee = (pick: (p: Program) => number | null) => [...programs.values()].reduce((sum, p) => sum + (cents(pick(p)) ?? 0), 0);
  const t = plan.paymentPlan;
  return {
    terms: {
      paymentPlanType: t.paymentPlanType, paymentScheduleType: t.paymentScheduleType, installmentAmount: t.installmentAmount, depositAmount: t.depositAmount,
      interestRate: t.interestRate, annualPercentageRate: t.annualPercentageRate, tuitionPrice: t.tuitionPrice ?? product?.cost ?? null,
      totalTerm: t.totalTerm, amortizeTerm: t.amortizeTerm, principalAmount: t.principalAmount,
    } as Record<string, unknown>,
    adjustments: (plan.adjustments ?? []).map((a) => ({ type: a.type, amountCents: cents(a.amount)! })),
    registrationFeeCents: fee((p) => p.registrationFee),
    booksAndMaterialsFeeCents: fee((p) => p.booksAndMaterialsFee),
  };
}

function scheduleDto(s: Schedule) {
  return {
    principal: dollars(s.principalCents), deposit: dollars(s.depositCents), financed: dollars(s.financedCents), interest: dollars(s.interestCents), total: dollars(s.totalCents),
    entries: s.entries.map((e) => ({
      number: e.number, kind: e.kind, dueDate: e.dueDate, principal: dollars(e.principalCents), interest: dollars(e.interestCents), amount: dollars(e.amountCents), balance: dollars(e.balanceCents),
    })),
  };
}

/**
 * Previews the schedule a plan would have (nothing is saved). Interest uses the annual percentage
 * rate, or the interest rate when no APR is given. The first entry is due on `firstDueDate`
 * (today in the school's time zone by default).
 */
export async function previewSchedule(input: GenerateInput) {
  const base = input.productPaymentPlanId ? await fromProductPlan(input.productPaymentPlanId) : null;
  // Terms: the product plan's template, or those sent (money back to dollars for the shared schema).
  const sent = {
    ...input,
    installmentAmount: dollarsOrNull(input.installmentAmount), depositAmount: dollarsOrNull(input.depositAmount),
    tuitionPrice: dollarsOrNull(input.tuitionPrice), principalAmount: dollarsOrNull(input.principalAmount),
  };
  const termKeys = ['paymentPlanType', 'paymentScheduleType', 'installmentAmount', 'depositAmount', 'interestRate', 'annualPercentageRate', 'tuitionPrice', 'totalTerm', 'amortizeTerm', 'principalAmount'] as const;
  const terms0 = base ? base.terms : Object.fromEntries(termKeys.map((k) => [k, sent[k]]));
  const parsed = resolvedTerms.safeParse(terms0);
  if (!parsed.success) throw AppError.badRequest(fieldErrors(parsed.error));
  const terms = parsed.data;
  try {
    const schedule = generateSchedule({
      paymentPlanType: terms.paymentPlanType, paymentScheduleType: terms.paymentScheduleType ?? 'FIXED_TERMS', totalTerm: terms.totalTerm, amortizeTerm: terms.amortizeTerm,
      annualPercentageRate: terms.annualPercentageRate ?? terms.interestRate ?? 0,
      tuitionCents: terms.tuitionPrice ?? 0,
      registrationFeeCents: input.registrationFee ?? base?.registrationFeeCents ?? 0,
      booksAndMaterialsFeeCents: input.booksAndMaterialsFee ?? base?.booksAndMaterialsFeeCents ?? 0,
      adjustments: input.adjustments ? input.adjustments.map((a) => ({ type: a.type, amountCents: a.amount ?? 0 })) : base?.adjustments ?? [],
      voucherDiscountCents: input.voucherDiscount ?? 0,
      depositCents: terms.depositAmount ?? 0,
      installmentCents: terms.installmentAmount,
      principalPartCents: terms.principalAmount,
      firstDueDate: input.firstDueDate ?? schoolToday(),
    });
    return scheduleDto(schedule);
  } catch (err) {
    if (err instanceof ScheduleError) throw AppError.badRequest({ [err.field]: err.message });
    throw err;
  }
}
