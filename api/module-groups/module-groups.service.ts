import { Sequelize, UniqueConstraintError, type Transaction } from 'sequelize';
import { CohortModule, ModuleGroup, ProgramModule } from '../../models';
import { Messages } from '../../models/messages';
import { diff, recordActivity } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { ModuleGroupInput } from './module-groups.schemas';
import { moduleGroupSortable } from './module-groups.schemas';

/** Module groups: names that program and cohort modules are filed under (unique, case-insensitive). */

export function moduleGroupDto(g: ModuleGroup) {
  return { id: g.id, name: g.name, createdAt: g.createdAt, updatedAt: g.updatedAt };
}

const groupList: ListSpec<ModuleGroup> = { model: ModuleGroup, sortable: moduleGroupSortable, defaultSort: 'NAME', keywordColumns: ['name'] };

/** Every module group, by name. */
export function listModuleGroups(q: PagingQuery) {
  return runList(groupList, q, [], moduleGroupDto);
}

const nameTaken = () => AppError.conflict('MODULE_GROUP_NAME_TAKEN', Messages.MODULE_GROUP_NAME_TAKEN);

/** Same name whatever the case: MariaDB's collation says so, SQLite is told so. */
async function assertNameFree(name: string, transaction: Transaction) {
  const clash = await ModuleGroup.count({ where: Sequelize.where(Sequelize.fn('lower', Sequelize.col('name')), name.toLowerCase()), transaction });
  if (clash) throw nameTaken();
}

/** Creates a module group; a taken name is 409 (checked first, the unique index decides a race). */
export async function createModuleGroup(input: ModuleGroupInput, actor: Actor) {
  try {
    return await ModuleGroup.sequelize!.transaction(async (transaction) => {
      await assertNameFree(input.name, transaction);
      const group = await ModuleGroup.create({ name: input.name }, { transaction });
      await recordActivity(actor, { entityType: 'MODULE_GROUP', entityId: group.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, moduleGroupDto(group)) }, transaction);
      return moduleGroupDto(group);
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw nameTaken();
    throw err;
  }
}

/** Deletes a module group no program or cohort module uses (409 MODULE_GROUP_IN_USE otherwise). */
export async function deleteModuleGroup(id: number, actor: Actor) {
  await ModuleGroup.sequelize!.transaction(async (transaction) => {
    const group = await ModuleGroup.findByPk(id, { transaction });
    if (!group) throw AppError.notFound('Module group');
    const [programModules, cohortModules] = await Promise.all([
      ProgramModule.count({ where: { moduleGroupId: id }, transaction }),
      CohortModule.count({ where: { moduleGroupId: id }, transaction }),
    ]);
    if (programModules + cohortModules > 0) throw AppError.conflict('MODULE_GROUP_IN_USE', Messages.MODULE_GROUP_IN_USE, { programModules, cohortModules });
    await group.destroy({ transaction });
    await recordActivity(actor, { entityType: 'MODULE_GROUP', entityId: id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(moduleGroupDto(group), {}) }, transaction);
  });
}
