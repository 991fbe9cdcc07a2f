import type { Transaction } from 'sequelize';
import { Cohort, CohortModule, ProgramModule } from '../../models';
import { diff, recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { existingModuleGroup, moduleFields, moduleGroupInclude, moduleValues } from '../catalogue/modules';
import { setModuleGroup } from '../cohorts/cohort-parts.service';
import type { ModuleInput } from './program-parts.schemas';
import { moduleSortable } from './program-parts.schemas';
import { writableProgram } from './program-parts.shared';
import { getProgram } from './programs.service';

/**
 * A program's modules (spec §3 "Module"): cohorts copy them into cohort modules. `group` is the
 * free-text group (stored as `groupName`); `moduleGroup` the module group it is filed under.
 */

export function moduleDto(m: ProgramModule) {
  return { ...moduleFields(m), programId: m.programId };
}

const moduleList: ListSpec<ProgramModule> = {
  model: ProgramModule,
  sortable: moduleSortable,
  defaultSort: 'DISPLAY_ORDER',
  keywordColumns: ['title'],
  include: [moduleGroupInclude],
};

/** A program's modules, 20 a page by display order then id; the module groups come in the same query. */
export async function listModules(programId: number, q: PagingQuery) {
  await getProgram(programId);
  return runList(moduleList, q, [{ programId }], moduleDto);
}

async function moduleOf(programId: number, moduleId: number, transaction?: Transaction) {
  const row = await ProgramModule.findOne({ where: { id: moduleId, programId }, include: [moduleGroupInclude], transaction });
  if (!row) throw AppError.notFound('Module');
  return row;
}

/** A module of this program; one of another program is 404 like a missing one. */
export async function getModule(programId: number, moduleId: number) {
  await getProgram(programId);
  return moduleOf(programId, moduleId);
}

function values(input: ModuleInput) {
  return { ...moduleValues(input), displayOrder: input.displayOrder };
}

/** Adds a module to a program (not archived). */
export async function createModule(programId: number, input: ModuleInput, actor: Actor) {
  return ProgramModule.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    await existingModuleGroup(input.moduleGroupId, transaction);
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
    await existingModuleGroup(input.moduleGroupId, transaction);
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
 * Files cohort module `moduleId` under a module group (null clears it), as the cohort's own call
 * does. The cohort module must belong to a cohort of program `programId` (404 otherwise).
 */
export async function setCohortModuleGroup(programId: number, moduleId: number, moduleGroupId: number | null, actor: Actor) {
  await getProgram(programId);
  const row = await CohortModule.findOne({
    where: { id: moduleId },
    attributes: ['id', 'cohortId'],
    include: [{ model: Cohort, as: 'cohort', attributes: ['id'], where: { programId }, required: true }],
  });
  if (!row) throw AppError.notFound('Cohort module');
  return setModuleGroup(row.cohortId, moduleId, moduleGroupId, actor);
}
