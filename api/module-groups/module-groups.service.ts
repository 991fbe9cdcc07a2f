import { Sequelize } from 'sequelize';
import { CohortModule, ModuleGroup, ProgramModule } from '../../models';
import { Messages } from '../../models/messages';
import { AppError } from '../common/errors';
import { defineResource } from '../common/resource';
import { moduleGroupBody, moduleGroupListQuery, moduleGroupSortable, type ModuleGroupInput } from './module-groups.schemas';
import { moduleGroupAnswer } from '../../domain/contract/programs';

/** Module groups: names that program and cohort modules are filed under (unique, case-insensitive). */

export function moduleGroupDto(g: ModuleGroup) {
  return { id: g.id, name: g.name, createdAt: g.createdAt, updatedAt: g.updatedAt };
}

const nameTaken = () => AppError.conflict('MODULE_GROUP_NAME_TAKEN', Messages.MODULE_GROUP_NAME_TAKEN);

/**
 * List (by name, 100 a page), create (a taken name is 409, whatever the case: MariaDB's collation says
 * so, SQLite is told so; the unique index decides a race), delete (409 MODULE_GROUP_IN_USE while a
 * program or cohort module uses it).
 */
export const moduleGroups = defineResource<ModuleGroup, ReturnType<typeof moduleGroupDto>, ModuleGroupInput>({
  label: 'Module group',
  permission: 'programs',
  model: ModuleGroup,
  operations: ['list', 'create', 'delete'],
  list: { sortable: moduleGroupSortable, defaultSort: 'NAME', keywordColumns: ['name'] },
  listQuery: moduleGroupListQuery,
  dto: moduleGroupDto,
  answer: moduleGroupAnswer,
  body: moduleGroupBody,
  activity: { entityType: 'MODULE_GROUP', category: 'ADMINISTRATION' },
  rules: {
    async beforeSave(input, _existing, { transaction }) {
      const clash = await ModuleGroup.count({ where: Sequelize.where(Sequelize.fn('lower', Sequelize.col('name')), input.name.toLowerCase()), transaction });
      if (clash) throw nameTaken();
    },
    async beforeDelete(group, transaction) {
      const [programModules, cohortModules] = await Promise.all([
        ProgramModule.count({ where: { moduleGroupId: group.id }, transaction }),
        CohortModule.count({ where: { moduleGroupId: group.id }, transaction }),
      ]);
      if (programModules + cohortModules > 0) throw AppError.conflict('MODULE_GROUP_IN_USE', Messages.MODULE_GROUP_IN_USE, { programModules, cohortModules });
    },
    onUnique: nameTaken,
  },
  summaries: {
    list: 'List module groups (by name, 100 a page)',
    create: 'Create a module group (409 MODULE_GROUP_NAME_TAKEN)',
    delete: 'Delete a module group (409 MODULE_GROUP_IN_USE)',
  },
});
