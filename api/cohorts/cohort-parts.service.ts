import { Op, type Transaction } from 'sequelize';
import { CohortModule, ProgramModule, SkippedCoachingCircleSession } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type Page, type PagingQuery } from '../common/list';
import { existingModuleGroup, moduleFields, moduleGroupInclude, moduleValues } from '../catalogue/modules';
import { moduleSortable, skippedSortable, type ModuleInput, type SkippedInput, type SkippedListQuery } from './cohorts.schemas';
import { CATEGORY, getChangeableCohort, getCohort } from './cohorts.service';
import { description } from '../../models/descriptions';

/**
 * The parts of a cohort: its modules (copied from the program's modules, then dated for the class)
 * and the dates its coaching circles skip. Every change needs a cohort that is not archived.
 */

// ---------------------------------------------------------------- modules

export function moduleDto(m: CohortModule) {
  return { ...moduleFields(m), cohortId: m.cohortId, programModuleId: m.programModuleId };
}
export type ModuleDto = ReturnType<typeof moduleDto>;

const moduleInclude = [moduleGroupInclude];
const moduleList: ListSpec<CohortModule> = { model: CohortModule, sortable: moduleSortable, defaultSort: 'displayOrder', keywordColumns: ['title'], include: moduleInclude };

/** GET /api/cohorts/{id}/cohort_modules: 10 a page by display order (spec §9). */
export async function listModules(cohortId: number, q: PagingQuery): Promise<Page<ModuleDto>> {
  await getCohort(cohortId);
  return runList(moduleList, q, [{ cohortId }], moduleDto);
}

/** A module of this cohort; one of another cohort is 404 like a missing one. */
async function getModule(cohortId: number, moduleId: number, transaction?: Transaction): Promise<CohortModule> {
  const module = await CohortModule.findOne({ where: { id: moduleId, cohortId }, include: moduleInclude, transaction });
  if (!module) throw AppError.notFound('Cohort module');
  return module;
}

/** A module of a cohort that may change: 404 for a missing cohort or module first, then 409 when the cohort is archived. */
async function changeableModule(cohortId: number, moduleId: number, transaction: Transaction): Promise<CohortModule> {
  const cohort = await getCohort(cohortId, transaction);
  const module = await getModule(cohortId, moduleId, transaction);
  if (cohort.deleted) throw AppError.conflict('COHORT_ARCHIVED', Messages.COHORT_ARCHIVED);
  return module;
}

/**
 * POST /api/cohorts/{id}/modules/sync: copies each of the program's modules this cohort does not
 * have yet (matched by `programModuleId`) with its fields, dates and order, in one transaction,
 * and answers the cohort's module list. Modules already copied are left as the cohort edited them.
 */
export async function syncModules(cohortId: number, q: PagingQuery, actor: Actor): Promise<Page<ModuleDto>> {
  await CohortModule.sequelize!.transaction(async (transaction) => {
    const cohort = await getChangeableCohort(cohortId, transaction);
    const programModules = await ProgramModule.findAll({
      where: { programId: cohort.programId },
      order: [
        ['displayOrder', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    const copied = await CohortModule.findAll({ where: { cohortId, programModuleId: { [Op.ne]: null } }, attributes: ['programModuleId'], raw: true, transaction });
    const have = new Set(copied.map((m) => m.programModuleId));
    const missing = programModules.filter((pm) => !have.has(pm.id));
    if (!missing.length) return;
    await CohortModule.bulkCreate(
      missing.map((pm) => ({
        cohortId,
        programModuleId: pm.id,
        title: pm.title,
        d2lModuleId: pm.d2lModuleId,
        groupName: pm.groupName,
        moduleGroupId: pm.moduleGroupId,
        locked: pm.locked,
        duration: pm.duration,
        startDateTime: pm.startDateTime,
        openDate: pm.openDate,
        closeDate: pm.closeDate,
        endDateTime: pm.endDateTime,
        image: pm.image,
        consumeTrackingEnabled: pm.consumeTrackingEnabled,
        communicationTemplateId: pm.communicationTemplateId,
        displayOrder: pm.displayOrder,
        ...stamp(actor),
      })),
      { transaction },
    );
    await recordActivity(
      actor,
      {
        entityType: 'COHORT',
        entityId: cohortId,
        category: CATEGORY,
        type: 'UPDATED',
        description: description('MODULES_SYNCED', { count: missing.length }),
        changes: { modules: { from: null, to: missing.map((m) => m.title) } },
      },
      transaction,
    );
  });
  return listModules(cohortId, q);
}

/** PUT /api/cohorts/{id}/cohort_modules/{moduleId}: the module's fields (display order kept when left out). */
export async function updateModule(cohortId: number, moduleId: number, input: ModuleInput, actor: Actor): Promise<ModuleDto> {
  return CohortModule.sequelize!.transaction(async (transaction) => {
    const module = await changeableModule(cohortId, moduleId, transaction);
    const moduleGroupId = await existingModuleGroup(input.moduleGroupId, transaction);
    const before = moduleDto(module);
    await module.update({ ...moduleValues(input), moduleGroupId, displayOrder: input.displayOrder ?? module.displayOrder, ...stamp(actor) }, { transaction });
    return logModuleChange(actor, before, await getModule(cohortId, moduleId, transaction), transaction);
  });
}

async function logModuleChange(actor: Actor, before: ModuleDto, module: CohortModule, transaction: Transaction): Promise<ModuleDto> {
  const after = moduleDto(module);
  await recordActivity(actor, { entityType: 'COHORT_MODULE', entityId: module.id, category: CATEGORY, type: 'UPDATED', changes: diff(before, after) }, transaction);
  return after;
}

/**
 * PATCH .../open_date and .../close_date: one date of a module; it must keep the open date on or
 * before the close date (400 on the field sent). Null clears it.
 */
export async function setModuleDate(cohortId: number, moduleId: number, field: 'openDate' | 'closeDate', value: Date | null | undefined, actor: Actor): Promise<ModuleDto> {
  return CohortModule.sequelize!.transaction(async (transaction) => {
    const module = await changeableModule(cohortId, moduleId, transaction);
    const next = value ?? null;
    const open = field === 'openDate' ? next : module.openDate;
    const close = field === 'closeDate' ? next : module.closeDate;
    if (open && close && close < open) throw AppError.badRequest({ [field]: Messages.DATE_RANGE_ORDER });
    const before = moduleDto(module);
    await module.update({ [field]: next, ...stamp(actor) }, { transaction });
    return logModuleChange(actor, before, module, transaction);
  });
}

/** PATCH .../module_group: files the module under a module group (null takes it out). */
export async function setModuleGroup(cohortId: number, moduleId: number, moduleGroupId: number | null | undefined, actor: Actor): Promise<ModuleDto> {
  return CohortModule.sequelize!.transaction(async (transaction) => {
    const module = await changeableModule(cohortId, moduleId, transaction);
    const groupId = await existingModuleGroup(moduleGroupId, transaction);
    const before = moduleDto(module);
    await module.update({ moduleGroupId: groupId, ...stamp(actor) }, { transaction });
    return logModuleChange(actor, before, await getModule(cohortId, moduleId, transaction), transaction);
  });
}

/** DELETE /api/cohorts/{id}/modules/{moduleId}: removes the module from this cohort (a later sync copies it again). */
export async function deleteModule(cohortId: number, moduleId: number, actor: Actor): Promise<void> {
  await CohortModule.sequelize!.transaction(async (transaction) => {
    const module = await changeableModule(cohortId, moduleId, transaction);
    const before = moduleDto(module);
    await module.destroy({ transaction });
    await recordActivity(actor, { entityType: 'COHORT_MODULE', entityId: moduleId, category: CATEGORY, type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}

// ---------------------------------------------------------------- skipped coaching-circle sessions

export function skippedDto(s: SkippedCoachingCircleSession) {
  return {
    id: s.id,
    cohortId: s.cohortId,
    coachingCircleTypeId: s.coachingCircleTypeId,
    sessionDate: s.sessionDate,
    description: s.description,
    updatedBy: updatedByOf(s),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type SkippedDto = ReturnType<typeof skippedDto>;

const skippedList: ListSpec<SkippedCoachingCircleSession> = {
  model: SkippedCoachingCircleSession,
  sortable: skippedSortable,
  defaultSort: 'sessionDate',
  keywordColumns: ['description'],
};

/** GET /api/cohorts/{id}/skip_coaching_circle_sessions, by session date (one circle type when asked). */
export async function listSkipped(cohortId: number, q: SkippedListQuery): Promise<Page<SkippedDto>> {
  await getCohort(cohortId);
  return runList(skippedList, q, [{ cohortId }, q.coachingCircleTypeId ? { coachingCircleTypeId: q.coachingCircleTypeId } : null], skippedDto);
}

/** A skip of a cohort that may change: 404s first, then 409 when the cohort is archived. */
async function changeableSkipped(cohortId: number, sessionId: number, transaction: Transaction) {
  const cohort = await getCohort(cohortId, transaction);
  const session = await getSkipped(cohortId, sessionId, transaction);
  if (cohort.deleted) throw AppError.conflict('COHORT_ARCHIVED', Messages.COHORT_ARCHIVED);
  return { cohort, session };
}

async function getSkipped(cohortId: number, sessionId: number, transaction?: Transaction): Promise<SkippedCoachingCircleSession> {
  const session = await SkippedCoachingCircleSession.findOne({ where: { id: sessionId, cohortId }, transaction });
  if (!session) throw AppError.notFound('Skipped session');
  return session;
}

/**
 * The rules of a skipped date: inside the cohort's dates (each bound that is set; 400), and once per
 * cohort, circle type and date (409 SKIPPED_SESSION_EXISTS; null type counts as its own value).
 */
async function checkSkipped(cohort: { id: number; startDate: string | null; endDate: string | null }, input: SkippedInput, selfId: number | null, transaction: Transaction) {
  if ((cohort.startDate && input.sessionDate < cohort.startDate) || (cohort.endDate && input.sessionDate > cohort.endDate)) {
    throw AppError.badRequest({ sessionDate: Messages.SESSION_DATE_OUTSIDE_COHORT });
  }
  const same = await SkippedCoachingCircleSession.findOne({
    where: {
      cohortId: cohort.id,
      sessionDate: input.sessionDate,
      coachingCircleTypeId: input.coachingCircleTypeId ?? null,
      ...(selfId ? { id: { [Op.ne]: selfId } } : {}),
    },
    attributes: ['id'],
    transaction,
  });
  if (same) throw AppError.conflict('SKIPPED_SESSION_EXISTS', Messages.SKIPPED_SESSION_EXISTS);
}

export async function createSkipped(cohortId: number, input: SkippedInput, actor: Actor): Promise<SkippedDto> {
  return SkippedCoachingCircleSession.sequelize!.transaction(async (transaction) => {
    const cohort = await getChangeableCohort(cohortId, transaction);
    await checkSkipped(cohort, input, null, transaction);
    const session = await SkippedCoachingCircleSession.create(
      { cohortId, coachingCircleTypeId: input.coachingCircleTypeId ?? null, sessionDate: input.sessionDate, description: input.description ?? null, ...stamp(actor) },
      { transaction },
    );
    await recordActivity(
      actor,
      { entityType: 'SKIPPED_CC_SESSION', entityId: session.id, category: CATEGORY, type: 'CREATED', changes: diff({}, skippedDto(session)) },
      transaction,
    );
    return skippedDto(session);
  });
}

export async function updateSkipped(cohortId: number, sessionId: number, input: SkippedInput, actor: Actor): Promise<SkippedDto> {
  return SkippedCoachingCircleSession.sequelize!.transaction(async (transaction) => {
    const { cohort, session } = await changeableSkipped(cohortId, sessionId, transaction);
    await checkSkipped(cohort, input, sessionId, transaction);
    const before = skippedDto(session);
    await session.update(
      { coachingCircleTypeId: input.coachingCircleTypeId ?? null, sessionDate: input.sessionDate, description: input.description ?? null, ...stamp(actor) },
      { transaction },
    );
    await recordActivity(
      actor,
      { entityType: 'SKIPPED_CC_SESSION', entityId: sessionId, category: CATEGORY, type: 'UPDATED', changes: diff(before, skippedDto(session)) },
      transaction,
    );
    return skippedDto(session);
  });
}

export async function deleteSkipped(cohortId: number, sessionId: number, actor: Actor): Promise<void> {
  await SkippedCoachingCircleSession.sequelize!.transaction(async (transaction) => {
    const { session } = await changeableSkipped(cohortId, sessionId, transaction);
    const before = skippedDto(session);
    await session.destroy({ transaction });
    await recordActivity(actor, { entityType: 'SKIPPED_CC_SESSION', entityId: sessionId, category: CATEGORY, type: 'DELETED', changes: diff(before, {}) }, transaction);
  });
}
