import { Op, type Transaction } from 'sequelize';
import { AccountingLine, ProgramPaymentPlan, ProgramPaymentPlanLine, type Program } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { ProgramPlanInput } from './program-parts.schemas';
import { programPlanSortable } from './program-parts.schemas';
import { dollars, writableProgram } from './program-parts.shared';
import { getProgram } from './programs.service';
import { toDollarsOrNull } from '../../domain/money';

/**
 * A program's payment plans: the terms of a business-category plan, a name, descriptions, a default
 * flag (one default per program) and accounting lines of the program's business category with
 * their amounts. Money arrives in integer cents and is written to DECIMAL(12,2) columns.
 */

const lineInclude = { model: ProgramPaymentPlanLine, as: 'lines', include: [{ model: AccountingLine, as: 'accountingLine' }] };

export function programPlanDto(p: ProgramPaymentPlan) {
  const lines = [...(p.lines ?? [])].sort((a, b) => a.id - b.id);
  return {
    id: p.id,
    programId: p.programId,
    name: p.name,
    isDefault: p.isDefault,
    shortDescription: p.shortDescription,
    longDescription: p.longDescription,
    paymentPlanType: p.paymentPlanType,
    paymentScheduleType: p.paymentScheduleType,
    installmentAmount: dollars(p.installmentAmount),
    depositAmount: dollars(p.depositAmount),
    interestRate: dollars(p.interestRate),
    annualPercentageRate: dollars(p.annualPercentageRate),
    tuitionPrice: dollars(p.tuitionPrice),
    totalTerm: p.totalTerm,
    amortizeTerm: p.amortizeTerm,
    principalAmount: dollars(p.principalAmount),
    salesforcePaymentPlanId: p.salesforcePaymentPlanId,
    accountingLines: lines.map((l) => ({
      id: l.id,
      accountingLineId: l.accountingLineId,
      amount: dollars(l.amount),
      description: l.accountingLine?.description ?? null,
      type: l.accountingLine?.type ?? null,
      category: l.accountingLine?.category ?? null,
    })),
    updatedBy: updatedByOf(p),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const planList: ListSpec<ProgramPaymentPlan> = { model: ProgramPaymentPlan, sortable: programPlanSortable, keywordColumns: ['name'], include: [lineInclude] };

/** A program's plans with their lines (one query for the page's rows and lines). */
export async function listProgramPlans(programId: number, q: PagingQuery) {
  await getProgram(programId);
  return runList(planList, q, [{ programId }], programPlanDto);
}

async function planOf(programId: number, planId: number, transaction?: Transaction) {
  const plan = await ProgramPaymentPlan.findOne({ where: { id: planId, programId }, include: [lineInclude], transaction });
  if (!plan) throw AppError.notFound('Payment plan');
  return plan;
}

/** A plan of this program; one of another program is 404 like a missing one. */
export async function getProgramPlan(programId: number, planId: number) {
  await getProgram(programId);
  return planOf(programId, planId);
}

/**
 * Each line must be an accounting line of the program's business category: an unknown id is a
 * field error (400), a line of another category 409 ACCOUNTING_LINE_OTHER_CATEGORY.
 */
async function checkLines(program: Program, input: ProgramPlanInput, transaction: Transaction) {
  const ids = input.accountingLines.map((l) => l.accountingLineId);
  if (!ids.length) return;
  const rows = await AccountingLine.findAll({ where: { id: ids }, attributes: ['id', 'businessCategoryId'], raw: true, transaction });
  const errors: Record<string, string> = {};
  ids.forEach((lineId, i) => {
    if (!rows.some((r) => r.id === lineId)) errors[`accountingLines.${i}.accountingLineId`] = Messages.INVALID_VALUE;
  });
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
  const foreign = rows.filter((r) => r.businessCategoryId !== program.businessCategoryId).map((r) => r.id);
  if (foreign.length) throw AppError.conflict('ACCOUNTING_LINE_OTHER_CATEGORY', Messages.ACCOUNTING_LINE_OTHER_CATEGORY, { accountingLineIds: foreign });
}

function values(input: ProgramPlanInput) {
  return {
    name: input.name,
    isDefault: input.isDefault,
    shortDescription: input.shortDescription ?? null,
    longDescription: input.longDescription ?? null,
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

/** One default per program: a plan saved as default takes the flag from the others. */
async function clearOtherDefaults(programId: number, planId: number, actor: Actor, transaction: Transaction) {
  await ProgramPaymentPlan.update({ isDefault: false, ...stamp(actor) }, { where: { programId, isDefault: true, id: { [Op.ne]: planId } }, transaction });
}

/** Replaces a plan's lines with the given ones (amounts in cents). */
async function writeLines(planId: number, input: ProgramPlanInput, transaction: Transaction) {
  await ProgramPaymentPlanLine.destroy({ where: { programPaymentPlanId: planId }, transaction });
  if (input.accountingLines.length) {
    await ProgramPaymentPlanLine.bulkCreate(
      input.accountingLines.map((l) => ({ programPaymentPlanId: planId, accountingLineId: l.accountingLineId, amount: toDollarsOrNull(l.amount)! })),
      { transaction },
    );
  }
}

/** Adds a plan to a program (not archived). */
export async function createProgramPlan(programId: number, input: ProgramPlanInput, actor: Actor) {
  return ProgramPaymentPlan.sequelize!.transaction(async (transaction) => {
    const program = await writableProgram(programId, transaction);
    await checkLines(program, input, transaction);
    const created = await ProgramPaymentPlan.create({ programId, ...values(input), ...stamp(actor) }, { transaction });
    if (input.isDefault) await clearOtherDefaults(programId, created.id, actor, transaction);
    await writeLines(created.id, input, transaction);
    const plan = await planOf(programId, created.id, transaction);
    await recordActivity(
      actor,
      { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: plan.id, category: 'BILLING', type: 'CREATED', changes: diff({}, programPlanDto(plan)) },
      transaction,
    );
    return programPlanDto(plan);
  });
}

/** Replaces a plan's fields and lines. */
export async function updateProgramPlan(programId: number, planId: number, input: ProgramPlanInput, actor: Actor) {
  return ProgramPaymentPlan.sequelize!.transaction(async (transaction) => {
    const program = await writableProgram(programId, transaction);
    const plan = await planOf(programId, planId, transaction);
    await checkLines(program, input, transaction);
    const before = programPlanDto(plan);
    await plan.update({ ...values(input), ...stamp(actor) }, { transaction });
    if (input.isDefault) await clearOtherDefaults(programId, planId, actor, transaction);
    await writeLines(planId, input, transaction);
    const after = programPlanDto(await planOf(programId, planId, transaction));
    await recordActivity(actor, { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: planId, category: 'BILLING', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/**
 * Deletes a plan and its lines (hard delete). Later areas that keep a program plan (applications)
 * block this with their own rule; a foreign-key refusal answers 409 REFERENCE_CONFLICT meanwhile.
 */
export async function deleteProgramPlan(programId: number, planId: number, actor: Actor) {
  await ProgramPaymentPlan.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const plan = await planOf(programId, planId, transaction);
    const before = programPlanDto(plan);
    await ProgramPaymentPlanLine.destroy({ where: { programPaymentPlanId: planId }, transaction });
    await plan.destroy({ transaction });
    await recordActivity(actor, { entityType: 'PROGRAM_PAYMENT_PLAN', entityId: planId, category: 'BILLING', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}
