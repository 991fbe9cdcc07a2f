import { Op, UniqueConstraintError } from 'sequelize';
import type { ZodType as Schema } from 'zod';
import { SearchFilter } from '../../models';
import type { SearchFilterKind } from '../../models/enums';
import { Messages } from '../../models/messages';
import { stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError, fieldErrors } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { studentCriteriaSchema } from '../students/students.schemas';
import { communicationCriteriaSchema } from '../communications/communications.schemas';
import { transferCriteriaSchema } from '../transfers/transfers.schemas';
import { withdrawalCriteriaSchema } from '../withdrawals/withdrawals.schemas';
import { coachCriteriaSchema } from '../coaches/coaches.schemas';
import { circleCriteriaSchema } from '../coaching-circles/coaching-circles.schemas';
import { academicProgressBody, certificateCriteria, graduationCriteria } from '../academics/academics.schemas';
import { searchFilterSortable, type SearchFilterInput } from './search-filters.schemas';

type Kind = (typeof SearchFilterKind)[number];

/**
 * The criteria schema of each list kind. Kinds whose areas have not landed yet keep any JSON object;
 * each area adds its schema here when its find_by_criteria exists.
 */
const criteriaSchemas: Partial<Record<Kind, Schema>> = {
  students: studentCriteriaSchema,
  communications: communicationCriteriaSchema,
  transfers: transferCriteriaSchema,
  withdrawals: withdrawalCriteriaSchema,
  coaches: coachCriteriaSchema,
  coaching_circle: circleCriteriaSchema,
  academic_progress: academicProgressBody,
  graduations: graduationCriteria,
  certifications: certificateCriteria,
};

/** A saved filter as the console's filter menu shows it. */
export function searchFilterDto(f: SearchFilter) {
  return { id: f.id, name: f.name, kind: f.kind, criteria: f.criteria, createdAt: f.createdAt, updatedAt: f.updatedAt, updatedBy: updatedByOf(f) };
}

const listSpec: ListSpec<SearchFilter> = { model: SearchFilter, sortable: searchFilterSortable, keywordColumns: ['name'], maxSize: 100 };

/** The caller's saved filters, optionally of one kind. */
export function listSearchFilters(ownerUserId: number, q: PagingQuery & { type?: Kind }) {
  return runList(listSpec, q, [{ ownerUserId }, q.type ? { kind: q.type } : null], searchFilterDto);
}

/** One of the caller's saved filters (another user's is 404: its existence is not disclosed). */
export async function getOwnSearchFilter(ownerUserId: number, id: number, kind?: Kind) {
  const filter = await SearchFilter.findOne({ where: { id, ownerUserId, ...(kind ? { kind } : {}) } });
  if (!filter) throw AppError.notFound('Saved filter');
  return filter;
}

function checkCriteria(kind: Kind, criteria: Record<string, unknown>): Record<string, unknown> {
  const schema = criteriaSchemas[kind];
  if (!schema) return criteria;
  const result = schema.safeParse(criteria);
  if (!result.success) throw AppError.badRequest(fieldErrors(result.error, ['criteria']));
  return result.data as Record<string, unknown>;
}

async function assertNameFree(ownerUserId: number, kind: Kind, name: string, exceptId?: number) {
  const clash = await SearchFilter.findOne({ where: { ownerUserId, kind, name, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) }, attributes: ['id'] });
  if (clash) throw nameTaken();
}
const nameTaken = () => AppError.conflict('FILTER_NAME_TAKEN', Messages.FILTER_NAME_TAKEN);

/** A unique index backs the name check; a race between two saves still answers 409, not 500. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw nameTaken();
    throw err;
  }
}

/** Saves a named filter of one kind for the caller. */
export async function createSearchFilter(ownerUserId: number, kind: Kind, input: SearchFilterInput, actor: Actor) {
  const criteria = checkCriteria(kind, input.criteria);
  await assertNameFree(ownerUserId, kind, input.name);
  const filter = await uniqueName(() => SearchFilter.create({ ownerUserId, kind, name: input.name, criteria, ...stamp(actor) }));
  return searchFilterDto(filter);
}

/** Replaces the name and criteria of one of the caller's filters; the kind in the path is where it is saved. */
export async function updateSearchFilter(ownerUserId: number, id: number, kind: Kind, input: SearchFilterInput, actor: Actor) {
  const filter = await getOwnSearchFilter(ownerUserId, id);
  const criteria = checkCriteria(kind, input.criteria);
  await assertNameFree(ownerUserId, kind, input.name, id);
  await uniqueName(() => filter.update({ kind, name: input.name, criteria, ...stamp(actor) }));
  return searchFilterDto(filter);
}

/** Deletes one of the caller's filters. */
export async function deleteSearchFilter(ownerUserId: number, id: number) {
  const filter = await getOwnSearchFilter(ownerUserId, id);
  await filter.destroy();
}
