import type { Transaction } from 'sequelize';
import { Cohort, CohortModule, ModuleGroup, ProgramModule } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { ModuleInput } from './program-parts.schemas';
import { moduleSortable } from './program-parts.schemas';
import { writableProgram } from './program-parts.shared';
import { getProgram } from './programs.service';

/**
 * A program's modules (spec §3 "Module"): cohorts copy them into cohort modules. `group` is the
 * free-text group (stored as `groupName`); `moduleGroup` the module group it is filed under.
 */

const groupInclude = { model: ModuleGroup, as: 'moduleGroup', attributes: ['id', 'name'] };

type ModuleRow = ProgramModule | CohortModule;

/** The fields a program module and a cohort module share, as the API answers them. */
function moduleFields(m: ModuleRow) {
  return {
    id: m.id, title: m.title, d2lModuleId: m.d2lModuleId, group: m.groupName,
    moduleGroupId: m.moduleGroupId, moduleGroup: m.moduleGroup ? { id: m.moduleGroup.id, name: m.moduleGroup.name } : null,
    locked: m.locked, duration: m.duration, startDateTime: m.startDateTime, openDate: m.openDate, closeDate: m.closeDate, endDateTime: m.endDateTime,
    image: m.image, consumeTrackingEnabled: m.consumeTrackingEnabled, communicationTemplateId: m.communicationTemplateId, displayOrder: m.displayOrder,
    updatedBy: updatedByOf(m), createdAt: m.createdAt, updatedAt: m.updatedAt,
  };
}

export function moduleDto(m: ProgramModule) {
  return { ...moduleFields(m), programId: m.programId };
}

export function cohortModuleDto(m: CohortModule) {
  return { ...moduleFields(m), cohortId: m.cohortId, programModuleId: m.programModuleId };
}

const moduleList: ListSpec<ProgramModule> = { model: ProgramModule, sortable: moduleSortable, defaultSort: 'DISPLAY_ORDER', keywordColumns: ['title'], include: [groupInclude] };

/** A program's modules, 20 a page by display order then id; the module groups come in the same query. */
export async function listModules(programId: number, q: PagingQuery) {
  await getProgram(programId);
  return runList(moduleList, q, [{ programId }], moduleDto);
}

async function moduleOf(programId: number, moduleId: number, transaction?: Transaction) {
  const row = await ProgramModule.findOne({ where: { id: moduleId, programId }, include: [groupInclude], transaction });
  if (!row) throw AppError.notFound('Module');
  return row;
}

/** A module of this program; one of another program is 404 like a missing one. */
export async function getModule(programId: number, moduleId: number) {
  await getProgram(programId);
  return moduleOf(programId, moduleId);
}

/** 400 on `field` unless the module group exists. */
async function checkGroup(moduleGroupId: number | null, transaction: Transaction, field = 'moduleGroupId') {
  if (moduleGroupId === null) return;
  if (!(await ModuleGroup.count({ where: { id: moduleGroupId }, transaction }))) throw AppError.badRequest({ [field]: Messages.INVALID_VALUE });
}

function values(input: ModuleInput) {
  return {
    title: input.title, d2lModuleId: input.d2lModuleId ?? null, groupName: input.group ?? null, moduleGroupId: input.moduleGroupId, locked: input.locked,
    duration: input.duration, startDateTime: input.startDateTime ?? null, openDate: input.openDate ?? null, closeDate: input.closeDate ?? null, endDateTime: input.endDateTime ?? null,
    image: input.image ?? null, consumeTrackingEnabled: input.consumeTrackingEnabled, communicationTemplateId: input.communicationTemplateId, displayOrder: input.displayOrder,
  };
}

/** Adds a module to a program (not archived). */
export async function createModule(programId: number, input: ModuleInput, actor: Actor) {
  return ProgramModule.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    await checkGroup(input.moduleGroupId, transaction);
    const created = await ProgramModule.create({ programId, ...values(input), ...stamp(actor) }, { transaction });
    const row = await moduleOf(programId, created.id, transaction);
    await recordActivity(actor, { entityType: 'PROGRAM_MODULE', entityId: row.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, moduleDto(row)) }, transaction);
    return moduleDto(row);
  });
}

/** Replaces a module's fields. Cohort modules copied from it keep their own values. */
export async function updateModule(programId: number, moduleId: number, input: ModuleInput, actor: Actor) {
  return ProgramModule.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const row = await moduleOf(programId, moduleId, transaction);
    await checkGroup(input.moduleGroupId, transaction);
    const before = moduleDto(row);
    await row.update({ ...values(input), ...stamp(actor) }, { transaction });
    const after = moduleDto(await moduleOf(programId, moduleId, transaction));
    await recordActivity(actor, { entityType: 'PROGRAM_MODULE', entityId: moduleId, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}

/** Deletes a module (hard delete); the cohort modules copied from it stay, detached from it. */
export async function deleteModule(programId: number, moduleId: number, actor: Actor) {
  await ProgramModule.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const row = await moduleOf(programId, moduleId, transaction);
    const before = moduleDto(row);
    await CohortModule.update({ programModuleId: null }, { where: { programModuleId: moduleId }, transaction, silent: true });
    await row.destroy({ transaction });
    await recordActivity(actor, { entityType: 'PROGRAM_MODULE', entityId: moduleId, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}

/**
 * Files cohort module `moduleId` under a module group (null clears it). The cohort module must
 * belong to a cohort of program `programId` (404 otherwise).
 */
export async function setCohortModuleGroup(programId: number, moduleId: number, moduleGroupId: number | null, actor: Actor) {
  return CohortModule.sequelize!.transaction(async (transaction) => {
    await getProgram(programId, transaction);
    const row = await CohortModule.findOne({ where: { id: moduleId }, include: [groupInclude], transaction });
    if (!row || !(await Cohort.count({ where: { id: row.cohortId, programId }, transaction }))) throw AppError.notFound('Cohort module');
    await checkGroup(moduleGroupId, transaction);
    const before = cohortModuleDto(row);
    await row.update({ moduleGroupId, ...stamp(actor) }, { transaction });
    await row.reload({ include: [groupInclude], transaction });
    const after = cohortModuleDto(row);
    await recordActivity(actor, { entityType: 'COHORT_MODULE', entityId: moduleId, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, after) }, transaction);
    return after;
  });
}
