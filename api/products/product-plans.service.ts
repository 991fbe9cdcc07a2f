import type { Includeable, Transaction } from 'sequelize';
import { BusinessCategoryPaymentPlan, PaymentPlanAdjustment, ProductPaymentPlan } from '../../models';
import { Messages } from '../../models/messages';
import { planDto } from '../business-categories/business-categories.service';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { assertNotArchived, findProduct } from './products.service';
import { adjustmentSortable, productPlanSortable, type AdjustmentInput, type ProductPlanInput } from './products.schemas';
import { roundDollarsOrNull, toDollars } from '../../domain/money';

/**
 * A product's payment plans (each a business-category plan template with the product's own texts)
 * and their adjustments (charges and credits). Reads work on archived products; writes do not.
 */

const money = roundDollarsOrNull;

// ---------------------------------------------------------------- adjustments

export function adjustmentDto(a: PaymentPlanAdjustment) {
  return {
    id: a.id,
    productPaymentPlanId: a.productPaymentPlanId,
    description: a.description,
    type: a.type,
    category: a.category,
    amount: money(a.amount),
    updatedBy: updatedByOf(a),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

// ---------------------------------------------------------------- product payment plans

/** The template and the adjustments, joined in the list's one row query (one template per plan). */
const planInclude: Includeable[] = [
  { model: BusinessCategoryPaymentPlan, as: 'paymentPlan' },
  { model: PaymentPlanAdjustment, as: 'adjustments' },
];

export function productPlanDto(p: ProductPaymentPlan) {
  return {
    id: p.id,
    productId: p.productId,
    paymentPlanId: p.paymentPlanId,
    paymentPlan: p.paymentPlan ? planDto(p.paymentPlan) : null,
    shortDescription: p.shortDescription,
    longDescription: p.longDescription,
    salesforcePaymentPlanId: p.salesforcePaymentPlanId,
    adjustments: [...(p.adjustments ?? [])].sort((a, b) => a.id - b.id).map(adjustmentDto),
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const planList: ListSpec<ProductPaymentPlan> = { model: ProductPaymentPlan, sortable: productPlanSortable, keywordColumns: ['shortDescription'], include: planInclude };

/** GET /products/{id}/product_payment_plans (size 100 by default). */
export async function listProductPlans(productId: number, q: PagingQuery) {
  await findProduct(productId);
  return runList(planList, q, [{ productId }], productPlanDto);
}

/** A plan of this product; a plan of another product is 404 like a missing one. */
async function findPlan(productId: number, planId: number, transaction?: Transaction, include?: Includeable[]) {
  const plan = await ProductPaymentPlan.findOne({ where: { id: planId, productId }, include, transaction });
  if (!plan) throw AppError.notFound('Product payment plan');
  return plan;
}

export async function getProductPlan(productId: number, planId: number) {
  await findProduct(productId);
  return productPlanDto(await findPlan(productId, planId, undefined, planInclude));
}

/** The template must exist (400 `paymentPlanId` otherwise). */
async function assertTemplate(paymentPlanId: number): Promise<void> {
  if (!(await BusinessCategoryPaymentPlan.count({ where: { id: paymentPlanId } }))) throw AppError.badRequest({ paymentPlanId: Messages.INVALID_VALUE });
}

function planValues(input: ProductPlanInput) {
  return {
    paymentPlanId: input.paymentPlanId,
    shortDescription: input.shortDescription ?? null,
    longDescription: input.longDescription ?? null,
    salesforcePaymentPlanId: input.salesforcePaymentPlanId ?? null,
  };
}

async function loadPlanDto(productId: number, planId: number, transaction: Transaction) {
  return productPlanDto(await findPlan(productId, planId, transaction, planInclude));
}

export async function createProductPlan(productId: number, input: ProductPlanInput, actor: Actor) {
  const product = await findProduct(productId);
  await assertTemplate(input.paymentPlanId);
  assertNotArchived(product);
  return ProductPaymentPlan.sequelize!.transaction(async (transaction) => {
    const plan = await ProductPaymentPlan.create({ productId, ...planValues(input), ...stamp(actor) }, { transaction });
    const after = await loadPlanDto(productId, plan.id, transaction);
    await recordActivity(actor, { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: plan.id, category: 'BILLING', type: 'CREATED', changes: diff({}, after) }, transaction);
    return after;
  });
}

export async function updateProductPlan(productId: number, planId: number, input: ProductPlanInput, actor: Actor) {
  const product = await findProduct(productId);
  const plan = await findPlan(productId, planId);
  await assertTemplate(input.paymentPlanId);
  assertNotArchived(product);
  return ProductPaymentPlan.sequelize!.transaction(async (transaction) => {
    const before = await loadPlanDto(productId, planId, transaction);
    await plan.update({ ...planValues(input), ...stamp(actor) }, { transaction });
    const after = await loadPlanDto(productId, planId, transaction);
    await recordActivity(actor, { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: planId, category: 'BILLING', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * Deletes a plan with its adjustments. A published product must keep a payment plan: removing its
 * last one is refused (409 PRODUCT_PUBLISH_REQUIREMENTS; unpublish first).
 */
export async function deleteProductPlan(productId: number, planId: number, actor: Actor): Promise<void> {
  const product = await findProduct(productId);
  await findPlan(productId, planId);
  assertNotArchived(product);
  await ProductPaymentPlan.sequelize!.transaction(async (transaction) => {
    const current = await findProduct(productId, transaction);
    if (current.published && (await ProductPaymentPlan.count({ where: { productId }, transaction })) <= 1) {
      throw AppError.conflict('PRODUCT_PUBLISH_REQUIREMENTS', Messages.PRODUCT_PUBLISH_REQUIREMENTS);
    }
    const before = await loadPlanDto(productId, planId, transaction);
    await PaymentPlanAdjustment.destroy({ where: { productPaymentPlanId: planId }, transaction });
    await ProductPaymentPlan.destroy({ where: { id: planId }, transaction });
    await recordActivity(actor, { entityType: 'PRODUCT_PAYMENT_PLAN', entityId: planId, category: 'BILLING', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}

// ---------------------------------------------------------------- adjustments (routes)

const adjustmentList: ListSpec<PaymentPlanAdjustment> = { model: PaymentPlanAdjustment, sortable: adjustmentSortable, keywordColumns: ['description'] };

/** GET .../product_payment_plans/{planId}/adjustments (size 100 by default). */
export async function listAdjustments(productId: number, planId: number, q: PagingQuery) {
  await findProduct(productId);
  await findPlan(productId, planId);
  return runList(adjustmentList, q, [{ productPaymentPlanId: planId }], adjustmentDto);
}

/** An adjustment of this plan of this product; anything else is 404. */
async function findAdjustment(productId: number, planId: number, adjId: number, transaction?: Transaction) {
  await findPlan(productId, planId, transaction);
  const adjustment = await PaymentPlanAdjustment.findOne({ where: { id: adjId, productPaymentPlanId: planId }, transaction });
  if (!adjustment) throw AppError.notFound('Payment plan adjustment');
  return adjustment;
}

export async function getAdjustment(productId: number, planId: number, adjId: number) {
  await findProduct(productId);
  return adjustmentDto(await findAdjustment(productId, planId, adjId));
}

function adjustmentValues(input: AdjustmentInput) {
  return { description: input.description, type: input.type, category: input.category, amount: toDollars(input.amount!) };
}

export async function createAdjustment(productId: number, planId: number, input: AdjustmentInput, actor: Actor) {
  const product = await findProduct(productId);
  await findPlan(productId, planId);
  assertNotArchived(product);
  return PaymentPlanAdjustment.sequelize!.transaction(async (transaction) => {
    const adjustment = await PaymentPlanAdjustment.create({ productPaymentPlanId: planId, ...adjustmentValues(input), ...stamp(actor) }, { transaction });
    const after = adjustmentDto(adjustment);
    await recordActivity(actor, { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: adjustment.id, category: 'BILLING', type: 'CREATED', changes: diff({}, after) }, transaction);
    return after;
  });
}

export async function updateAdjustment(productId: number, planId: number, adjId: number, input: AdjustmentInput, actor: Actor) {
  const product = await findProduct(productId);
  const adjustment = await findAdjustment(productId, planId, adjId);
  assertNotArchived(product);
  return PaymentPlanAdjustment.sequelize!.transaction(async (transaction) => {
    const before = adjustmentDto(adjustment);
    await adjustment.update({ ...adjustmentValues(input), ...stamp(actor) }, { transaction });
    await adjustment.reload({ transaction });
    const after = adjustmentDto(adjustment);
    await recordActivity(actor, { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: adjId, category: 'BILLING', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

export async function deleteAdjustment(productId: number, planId: number, adjId: number, actor: Actor): Promise<void> {
  const product = await findProduct(productId);
  const adjustment = await findAdjustment(productId, planId, adjId);
  assertNotArchived(product);
  await PaymentPlanAdjustment.sequelize!.transaction(async (transaction) => {
    await adjustment.destroy({ transaction });
    await recordActivity(
      actor,
      { entityType: 'PAYMENT_PLAN_ADJUSTMENT', entityId: adjId, category: 'BILLING', type: 'DELETED', changes: diff(adjustmentDto(adjustment), {}) },
      transaction,
    );
  });
}
