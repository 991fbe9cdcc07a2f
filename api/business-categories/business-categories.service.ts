import type { Transaction } from 'sequelize';
import { AccountingLine, BusinessCategory, BusinessCategoryPaymentPlan, ProductPaymentPlan } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { CategoryInput, LineInput, PlanInput } from './business-categories.schemas';
import { categorySortable, lineBody, lineListQuery, lineSortable, planSortable } from './business-categories.schemas';
import { defineResource } from '../common/resource';
import { toDollarsOrNull } from '../../domain/money';
import { accountingLineAnswer } from '../../domain/contract/business-categories';

/**
 * Business categories (the spec's 11, fixed: read and update only), their accounting lines and
 * their payment plans. Money arrives in integer cents and is written to DECIMAL(12,2) columns.
 */

const money = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

// ---------------------------------------------------------------- categories

export function categoryDto(c: BusinessCategory) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    d2LUserType: { code: c.d2lUserTypeCode, displayName: c.d2lUserTypeDisplayName, identifier: c.d2lUserTypeIdentifier },
    updatedBy: updatedByOf(c),
    updatedAt: c.updatedAt,
  };
}

const categoryList: ListSpec<BusinessCategory> = { model: BusinessCategory, sortable: categorySortable, keywordColumns: ['name', 'description'] };

export function listCategories(q: PagingQuery) {
  return runList(categoryList, q, [], categoryDto);
}

export async function getCategory(id: number, transaction?: Transaction) {
  const category = await BusinessCategory.findByPk(id, { transaction });
  if (!category) throw AppError.notFound('Business category');
  return category;
}

/** Updates a category's description and D2L user type; its name (the fixed code) never changes. */
export async function updateCategory(id: number, input: CategoryInput, actor: Actor) {
  if (input.id !== undefined && input.id !== id) throw AppError.badRequest({ id: Messages.INVALID_VALUE });
  const category = await getCategory(id);
  if (input.name !== undefined && input.name.trim() !== category.name) throw AppError.conflict('BUSINESS_CATEGORY_NAME_FIXED', Messages.BUSINESS_CATEGORY_NAME_FIXED);
  return BusinessCategory.sequelize!.transaction(async (transaction) => {
    const before = categoryDto(category);
    const d2l = input.d2LUserType ?? {};
    await category.update(
      {
        description: input.description ?? null,
        d2lUserTypeCode: d2l.code ?? null,
        d2lUserTypeDisplayName: d2l.displayName ?? null,
        d2lUserTypeIdentifier: d2l.identifier ?? null,
        ...stamp(actor),
      },
      { transaction },
    );
    const after = categoryDto(category);
    await recordActivity(actor, { entityType: 'BUSINESS_CATEGORY', entityId: id, category: 'BILLING', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

// ---------------------------------------------------------------- accounting lines

export function lineDto(l: AccountingLine) {
  return {
    id: l.id,
    businessCategoryId: l.businessCategoryId,
    description: l.description,
    type: l.type,
    category: l.category,
    updatedBy: updatedByOf(l),
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
  };
}

/** A category's accounting lines: /:id/accounting_lines (list, add) and /:id/accounting_lines/:lineId (get, update). */
export const accountingLines = defineResource<AccountingLine, ReturnType<typeof lineDto>, LineInput>({
  label: 'Accounting line',
  permission: 'business_categories',
  model: AccountingLine,
  operations: ['list', 'get', 'create', 'update'],
  parent: { label: 'Business category', model: BusinessCategory, column: 'businessCategoryId', path: 'accounting_lines', itemParam: 'lineId' },
  list: { sortable: lineSortable, keywordColumns: ['description'] },
  listQuery: lineListQuery,
  dto: lineDto,
  answer: accountingLineAnswer,
  body: lineBody,
  values: (input) => ({ description: input.description, type: input.type, category: input.category }),
  stamped: true,
  activity: { entityType: 'ACCOUNTING_LINE', category: 'BILLING' },
  summaries: { list: "List a business category's accounting lines", get: 'Get an accounting line', create: 'Add an accounting line', update: 'Update an accounting line' },
});

// ---------------------------------------------------------------- payment plans

export function planDto(p: BusinessCategoryPaymentPlan) {
  return {
    id: p.id,
    businessCategoryId: p.businessCategoryId,
    description: p.description,
    paymentPlanType: p.paymentPlanType,
    paymentScheduleType: p.paymentScheduleType,
    installmentAmount: money(p.installmentAmount),
    depositAmount: money(p.depositAmount),
    interestRate: money(p.interestRate),
    annualPercentageRate: money(p.annualPercentageRate),
    tuitionPrice: money(p.tuitionPrice),
    totalTerm: p.totalTerm,
    amortizeTerm: p.amortizeTerm,
    principalAmount: money(p.principalAmount),
    salesforcePaymentPlanId: p.salesforcePaymentPlanId,
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const planList: ListSpec<BusinessCategoryPaymentPlan> = { model: BusinessCategoryPaymentPlan, sortable: planSortable, keywordColumns: ['description'] };

/** Every category's plans (optionally one category or one plan type), paged. */
export function listAllPlans(q: PagingQuery & { businessCategoryId?: number; paymentPlanType?: string }) {
  return runList(
    planList,
    q,
    [q.businessCategoryId ? { businessCategoryId: q.businessCategoryId } : null, q.paymentPlanType ? { paymentPlanType: q.paymentPlanType } : null],
    planDto,
  );
}

export async function listPlans(categoryId: number, q: PagingQuery & { paymentPlanType?: string }) {
  await getCategory(categoryId);
  return runList(planList, q, [{ businessCategoryId: categoryId }, q.paymentPlanType ? { paymentPlanType: q.paymentPlanType } : null], planDto);
}

/** A plan of this category; a plan of another category is 404 like a missing one. */
export async function getPlan(categoryId: number, planId: number) {
  const plan = await BusinessCategoryPaymentPlan.findOne({ where: { id: planId, businessCategoryId: categoryId } });
  if (!plan) throw AppError.notFound('Payment plan');
  return plan;
}

/** Column values of a checked plan (PAY_IN_FULL already forced to FIXED_TERMS / 1 by the schema). */
function planValues(input: PlanInput) {
  return {
    description: input.description,
    paymentPlanType: input.paymentPlanType,
    paymentScheduleType: input.paymentScheduleType!,
    installmentAmount: toDollarsOrNull(input.installmentAmount),
    depositAmount: toDollarsOrNull(input.depositAmount),
    tuitionPrice: toDollarsOrNull(input.tuitionPrice),
    principalAmount: toDollarsOrNull(input.principalAmount),
    interestRate: input.interestRate,
    annualPercentageRate: input.annualPercentageRate,
    totalTerm: input.totalTerm,
    amortizeTerm: input.amortizeTerm,
    salesforcePaymentPlanId: input.salesforcePaymentPlanId ?? null,
  };
}

export async function createPlan(categoryId: number, input: PlanInput, actor: Actor) {
  await getCategory(categoryId);
  return BusinessCategoryPaymentPlan.sequelize!.transaction(async (transaction) => {
    const plan = await BusinessCategoryPaymentPlan.create({ businessCategoryId: categoryId, ...planValues(input), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'BUSINESS_CATEGORY_PAYMENT_PLAN', entityId: plan.id, category: 'BILLING', type: 'CREATED', changes: diff({}, planDto(plan)) },
      transaction,
    );
    return planDto(plan);
  });
}

export async function updatePlan(categoryId: number, planId: number, input: PlanInput, actor: Actor) {
  const plan = await getPlan(categoryId, planId);
  return BusinessCategoryPaymentPlan.sequelize!.transaction(async (transaction) => {
    const before = planDto(plan);
    await plan.update({ ...planValues(input), ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      { entityType: 'BUSINESS_CATEGORY_PAYMENT_PLAN', entityId: plan.id, category: 'BILLING', type: 'UPDATED', changes: diff(before, planDto(plan)) },
      transaction,
    );
    return planDto(plan);
  });
}

/**
 * Deletes a plan (hard delete). A plan products are sold with is refused (409 PAYMENT_PLAN_IN_USE);
 * later areas that reference a category plan block this with their own rule, and a database foreign
 * key refusal answers 409 REFERENCE_CONFLICT meanwhile.
 */
export async function deletePlan(categoryId: number, planId: number, actor: Actor) {
  const plan = await getPlan(categoryId, planId);
  await BusinessCategoryPaymentPlan.sequelize!.transaction(async (transaction) => {
    if (await ProductPaymentPlan.count({ where: { paymentPlanId: planId }, transaction })) throw AppError.conflict('PAYMENT_PLAN_IN_USE', Messages.PAYMENT_PLAN_IN_USE);
    await plan.destroy({ transaction });
    await recordActivity(
      actor,
      { entityType: 'BUSINESS_CATEGORY_PAYMENT_PLAN', entityId: planId, category: 'BILLING', type: 'DELETED', changes: diff(planDto(plan), {}) },
      transaction,
    );
  });
}
