import type { Transaction } from 'sequelize';
import { Voucher, type Application, type ProductPaymentPlan } from '../../models';
import { AppError } from '../common/errors';
import { productPlanEngineInput, runEngine, type ResolvedTerms } from '../payment-plans/payment-plans.service';
import { principalOf, ScheduleError, type Schedule, type ScheduleInput } from '../payment-plans/schedule';
import { voucherDiscountCents } from '../vouchers/discount';
import { toCents } from '../../domain/money';

/**
 * The quote of an application on one of its product's payment plans (issue 15, "Promo price"): the
 * plan's principal before the voucher, the voucher's discount on it and the schedule that follows.
 * The portal's plan step (GET /applications/{id}/options), the agreement the student signs and the
 * plan issued on ENROLLED all call `quotePlan`, so they cannot tell the student different figures.
 *
 * The discount: on the plan the application has chosen, the one stored on the application (what the
 * promo code gave, recomputed whenever the plan changes: `recomputeVoucherDiscount`); on any other
 * plan, what choosing it would give — the voucher's discount on that plan's own principal
 * (`discountOnPlanCents`, the same computation the plan change stores). Without a voucher, the stored
 * discount (a fixed amount) applies to every plan.
 */

export interface PlanQuote {
  plan: ProductPaymentPlan;
  terms: ResolvedTerms;
  /** The engine's input, the discount included. */
  input: ScheduleInput;
  principalBeforeVoucherCents: number;
  voucherDiscountCents: number;
  schedule: Schedule;
}

export type Quotable = Pick<Application, 'productPaymentPlanId' | 'voucherId' | 'voucherDiscount'>;
type VoucherTerms = Pick<Voucher, 'discountKind' | 'discountValue'>;

/** tuition + fees + CHARGE − CREDIT adjustments of an engine input, before any voucher (400 when credits exceed it). */
function beforeVoucher(input: ScheduleInput): number {
  try {
    return principalOf({ ...input, voucherDiscountCents: 0 });
  } catch (err) {
    if (err instanceof ScheduleError) throw AppError.badRequest({ [err.field]: err.message });
    throw err;
  }
}

/** The principal of a product plan before any voucher (cents): what a PERCENT_OFF voucher takes its share of. */
export async function principalBeforeVoucherCents(productPaymentPlanId: number, transaction?: Transaction): Promise<number> {
  const { input } = await productPlanEngineInput(productPaymentPlanId, { voucherDiscountCents: 0 }, transaction);
  return beforeVoucher(input);
}

/** What choosing `productPaymentPlanId` gives with `voucher`: its discount on that plan's own principal (cents). */
export async function discountOnPlanCents(voucher: VoucherTerms, productPaymentPlanId: number, transaction?: Transaction): Promise<number> {
  return voucherDiscountCents(voucher, await principalBeforeVoucherCents(productPaymentPlanId, transaction));
}

/** The application's voucher terms (null without one): read once by a caller quoting several plans. */
export async function voucherOf(application: Pick<Application, 'voucherId'>, transaction?: Transaction): Promise<VoucherTerms | null> {
  if (!application.voucherId) return null;
  return Voucher.findByPk(application.voucherId, { attributes: ['id', 'code', 'discountKind', 'discountValue'], transaction });
}

/**
 * Quotes `application` on `productPaymentPlanId` (see the file comment). `firstDueDate` dates the
 * schedule (the school's today by default); `voucher` when the caller has read it (`voucherOf`).
 * Terms the engine cannot schedule are 400 with the field at fault.
 */
export async function quotePlan(
  application: Quotable,
  productPaymentPlanId: number,
  opts: { firstDueDate?: string; voucher?: VoucherTerms | null } = {},
  transaction?: Transaction,
): Promise<PlanQuote> {
  const { input: base, terms, plan } = await productPlanEngineInput(productPaymentPlanId, { voucherDiscountCents: 0, firstDueDate: opts.firstDueDate }, transaction);
  const principalBefore = beforeVoucher(base);
  const voucher = opts.voucher === undefined ? await voucherOf(application, transaction) : opts.voucher;
  const discount = productPaymentPlanId === application.productPaymentPlanId || !voucher ? toCents(application.voucherDiscount) : voucherDiscountCents(voucher, principalBefore);
  const input = { ...base, voucherDiscountCents: discount };
  return { plan, terms, input, principalBeforeVoucherCents: principalBefore, voucherDiscountCents: discount, schedule: runEngine(input) };
}
