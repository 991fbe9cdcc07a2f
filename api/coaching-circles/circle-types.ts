import { CoachingCircleType } from '../../models';
import { circleTypeAnswer, circleTypePage } from '../../domain/contract/coaching-circles';
import { description } from '../../models/descriptions';
import { recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { runList } from '../common/list';
import { defineResource } from '../common/resource';
import { route } from '../common/route';
import { circleTypeBody, circleTypeCriteria, circleTypeListQuery, circleTypeSortable, idParams, type CircleTypeInput } from './coaching-circles.schemas';

/** Coaching circle types (back-office spec §3 "Coaching circle type"): the template a circle copies. */

export function circleTypeDto(t: CoachingCircleType) {
  return {
    id: t.id,
    name: t.name,
    description: t.description ?? null,
    sessions: t.sessions,
    maxStudents: t.maxStudents,
    frequency: t.frequency,
    frequencyUnit: t.frequencyUnit,
    duration: t.duration,
    deleted: Boolean(t.deleted),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    updatedBy: updatedByOf(t),
  };
}

const listOptions = { sortable: circleTypeSortable, keywordColumns: ['name'] };

/** get, create, update, find_by_criteria by one declaration; the list (deleted=false) and the soft delete are ours. */
export const circleTypes = defineResource<CoachingCircleType, ReturnType<typeof circleTypeDto>, CircleTypeInput>({
  label: 'Coaching circle type',
  permission: 'coaching_circles',
  model: CoachingCircleType,
  operations: ['get', 'create', 'update', 'find_by_criteria'],
  list: listOptions,
  criteria: circleTypeCriteria,
  dto: circleTypeDto,
  answer: circleTypeAnswer,
  body: circleTypeBody,
  stamped: true,
  activity: { entityType: 'COACHING_CIRCLE_TYPE', category: 'ADMINISTRATION' },
  values: (input) => ({ ...input, description: input.description ?? null }),
  summaries: {
    get: 'A coaching circle type',
    create: 'Create a coaching circle type (sessions, frequency and unit, duration ≤ 240 minutes, max students)',
    update: 'Update a coaching circle type (circles made from it keep the values they copied)',
    find_by_criteria: 'Search coaching circle types (ids, name, deleted, frequencyUnits)',
  },
});

/** DELETE archives (deleted = true: lists hide it, circles made from it stay); PATCH …/undeleted brings it back. */
async function setDeleted(id: number, deleted: boolean, actor: Actor) {
  const row = await circleTypes.find(id);
  if (Boolean(row.deleted) === deleted) return circleTypeDto(row);
  await CoachingCircleType.sequelize!.transaction(async (transaction) => {
    await row.update({ deleted, ...stamp(actor) }, { transaction });
    await recordActivity(
      actor,
      {
        entityType: 'COACHING_CIRCLE_TYPE',
        entityId: id,
        category: 'ADMINISTRATION',
        type: deleted ? 'DELETED' : 'UPDATED',
        description: description(deleted ? 'ARCHIVED' : 'RESTORED'),
        changes: { deleted: { from: !deleted, to: deleted } },
      },
      transaction,
    );
  });
  return circleTypeDto(row);
}

/** /api/coaching_circle_types (back-office spec §7: GET deleted false, CRUD). */
export function circleTypeRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'Coaching circle types (deleted=false by default; keyword on the name)',
      answer: circleTypePage,
      access: 'coaching_circles:read',
      query: circleTypeListQuery,
      handle: ({ query }) => runList({ ...listOptions, model: CoachingCircleType }, query, [{ deleted: (query as { deleted?: boolean }).deleted ?? false }], circleTypeDto),
    }),
    ...circleTypes.routes(),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Archive a coaching circle type (soft delete: circles made from it stay)',
      access: 'coaching_circles:delete',
      params: idParams,
      handle: async ({ params, actor }) => {
        await setDeleted(params.id, true, actor);
      },
    }),
    route({
      method: 'patch',
      path: '/:id/undeleted',
      summary: 'Bring an archived coaching circle type back',
      answer: circleTypeAnswer,
      access: 'coaching_circles:update',
      params: idParams,
      handle: ({ params, actor }) => setDeleted(params.id, false, actor),
    }),
  ];
}
