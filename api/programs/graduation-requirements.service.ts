import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { GraduationRequirement, LmsCategory } from '../../models';
import type { LmsCategoryKind, Of } from '../../models/enums';
import { Messages } from '../../models/messages';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { RequirementInput } from './program-parts.schemas';
import { categorySortable, requirementSortable } from './program-parts.schemas';
import { dollars, writableProgram } from './program-parts.shared';
import { getProgram } from './programs.service';

/**
 * A program's graduation requirements (spec §3) and the LMS grade categories they point at.
 * Display order is unique per program: checked first, and the unique index decides a race.
 */

export function requirementDto(r: GraduationRequirement) {
  return {
    id: r.id,
    programId: r.programId,
    name: r.name,
    total: r.total,
    type: r.type,
    requirement: r.requirement,
    minRequiredToComplete: r.minRequiredToComplete,
    minRequiredToPass: r.minRequiredToPass,
    minScore: dollars(r.minScore),
    displayOrder: r.displayOrder,
    quizCategoryId: r.quizCategoryId,
    assignmentCategoryId: r.assignmentCategoryId,
    quizIds: r.quizIds,
    updatedBy: updatedByOf(r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const requirementList: ListSpec<GraduationRequirement> = { model: GraduationRequirement, sortable: requirementSortable, defaultSort: 'DISPLAY_ORDER', keywordColumns: ['name'] };

/** A program's requirements, by display order. */
export async function listRequirements(programId: number, q: PagingQuery) {
  await getProgram(programId);
  return runList(requirementList, q, [{ programId }], requirementDto);
}

/** A requirement of this program; one of another program is 404 like a missing one. */
export async function getRequirement(programId: number, requirementId: number, transaction?: Transaction) {
  await getProgram(programId, transaction);
  return requirementOf(programId, requirementId, transaction);
}

async function requirementOf(programId: number, requirementId: number, transaction?: Transaction) {
  const row = await GraduationRequirement.findOne({ where: { id: requirementId, programId }, transaction });
  if (!row) throw AppError.notFound('Graduation requirement');
  return row;
}

const displayOrderTaken = () => AppError.conflict('DISPLAY_ORDER_EXISTS', Messages.DISPLAY_ORDER_EXISTS);

/** 400 unless each category id is an LMS category of this program of the right kind. */
async function checkCategories(programId: number, input: RequirementInput, transaction: Transaction) {
  const wanted: Array<[keyof RequirementInput & string, number | null, Of<typeof LmsCategoryKind>]> = [
    ['quizCategoryId', input.quizCategoryId, 'QUIZ'],
    ['assignmentCategoryId', input.assignmentCategoryId, 'ASSIGNMENT'],
  ];
  const ids = wanted.map(([, v]) => v).filter((v): v is number => v !== null);
  if (!ids.length) return;
  const rows = await LmsCategory.findAll({ where: { id: ids, programId }, attributes: ['id', 'kind'], raw: true, transaction });
  const errors: Record<string, string> = {};
  for (const [field, value, kind] of wanted) {
    if (value !== null && !rows.some((r) => r.id === value && r.kind === kind)) errors[field] = Messages.INVALID_VALUE;
  }
  if (Object.keys(errors).length) throw AppError.badRequest(errors);
}

async function assertDisplayOrderFree(programId: number, displayOrder: number, exceptId: number | null, transaction: Transaction) {
  const clash = await GraduationRequirement.count({ where: { programId, displayOrder, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) }, transaction });
  if (clash) throw displayOrderTaken();
}

function values(input: RequirementInput) {
  return {
    name: input.name,
    total: input.total,
    type: input.type,
    requirement: input.requirement ?? null,
    minRequiredToComplete: input.minRequiredToComplete,
    minRequiredToPass: input.minRequiredToPass,
    minScore: input.minScore,
    displayOrder: input.displayOrder,
    quizCategoryId: input.quizCategoryId,
    assignmentCategoryId: input.assignmentCategoryId,
    quizIds: input.quizIds,
  };
}

/** The unique index on (program, display order) lost a race: the same 409 as the check. */
async function mappingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw displayOrderTaken();
    throw err;
  }
}

/** Adds a requirement to a program (not archived). */
export async function createRequirement(programId: number, input: RequirementInput, actor: Actor) {
  return mappingDuplicates(() =>
    GraduationRequirement.sequelize!.transaction(async (transaction) => {
      await writableProgram(programId, transaction);
      await checkCategories(programId, input, transaction);
      await assertDisplayOrderFree(programId, input.displayOrder, null, transaction);
      const row = await GraduationRequirement.create({ programId, ...values(input), ...stamp(actor) }, { transaction });
      await recordActivity(
        actor,
        { entityType: 'GRADUATION_REQUIREMENT', entityId: row.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, requirementDto(row)) },
        transaction,
      );
      return requirementDto(row);
    }),
  );
}

/** Replaces a requirement's fields. */
export async function updateRequirement(programId: number, requirementId: number, input: RequirementInput, actor: Actor) {
  return mappingDuplicates(() =>
    GraduationRequirement.sequelize!.transaction(async (transaction) => {
      await writableProgram(programId, transaction);
      const row = await requirementOf(programId, requirementId, transaction);
      await checkCategories(programId, input, transaction);
      await assertDisplayOrderFree(programId, input.displayOrder, requirementId, transaction);
      const before = requirementDto(row);
      await row.update({ ...values(input), ...stamp(actor) }, { transaction });
      await recordActivity(
        actor,
        { entityType: 'GRADUATION_REQUIREMENT', entityId: row.id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, requirementDto(row)) },
        transaction,
      );
      return requirementDto(row);
    }),
  );
}

/** Deletes a requirement (hard delete: graduation is evaluated against the current list). */
export async function deleteRequirement(programId: number, requirementId: number, actor: Actor) {
  await GraduationRequirement.sequelize!.transaction(async (transaction) => {
    await writableProgram(programId, transaction);
    const row = await requirementOf(programId, requirementId, transaction);
    await row.destroy({ transaction });
    await recordActivity(
      actor,
      { entityType: 'GRADUATION_REQUIREMENT', entityId: requirementId, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(requirementDto(row), {}) },
      transaction,
    );
  });
}

// ---------------------------------------------------------------- LMS grade categories

export function lmsCategoryDto(c: LmsCategory) {
  return { id: c.id, programId: c.programId, kind: c.kind, externalId: c.externalId, name: c.name };
}

const lmsCategoryList: ListSpec<LmsCategory> = { model: LmsCategory, sortable: categorySortable, defaultSort: 'NAME', keywordColumns: ['name'], maxSize: 2000 };

/** The quiz or assignment categories of a program's LMS course (filled by the LMS sync). */
export async function listLmsCategories(programId: number, kind: Of<typeof LmsCategoryKind>, q: PagingQuery) {
  await getProgram(programId);
  return runList(lmsCategoryList, q, [{ programId, kind }], lmsCategoryDto);
}
