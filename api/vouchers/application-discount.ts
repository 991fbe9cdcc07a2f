import type { Transaction } from 'sequelize';
import { Product, ProductPaymentPlan, type Application, type Voucher } from '../../models';
import { discountOnPlanCents } from '../applications/quote';
import { voucherDiscountCents } from './discount';
import { toCents } from '../../domain/money';

/**
 * The voucher's discount on an application (cents): on its chosen plan's principal, or — no plan
 * chosen yet — the product's first plan's (the product's cost and program fees with that plan's
 * adjustments); a product without any plan gives its cost alone. The same computation as the quote
 * of a plan not chosen yet (`discountOnPlanCents`), so choosing a plan stores what the plan step showed.
 */
export async function applicationDiscountCents(
  application: Pick<Application, 'id' | 'productId' | 'productPaymentPlanId'>,
  voucher: Voucher,
  transaction?: Transaction,
): Promise<number> {
  let planId = application.productPaymentPlanId;
  if (!planId) {
    const first = await ProductPaymentPlan.findOne({ where: { productId: application.productId }, attributes: ['id'], order: [['id', 'ASC']], transaction });
    planId = first?.id ?? null;
  }
  if (planId) return discountOnPlanCents(voucher, planId, transaction);
  const product = await Product.findByPk(application.productId, { attributes: ['id', 'cost'], transaction });
  return voucherDiscountCents(voucher, toCents(product?.cost));
}
