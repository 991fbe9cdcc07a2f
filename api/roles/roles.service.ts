import { Op } from 'sequelize';
import { AdministratorRole, Role, User, Administrator } from '../../models';
import { Messages } from '../../models/messages';
import { PermissionCatalogue } from '../../models/permissions';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import type { RoleInput } from './roles.schemas';
import { roleSortable } from './roles.schemas';

export function roleDto(r: Role) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    system: r.system,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    updatedBy: updatedByOf(r),
  };
}

const listSpec: ListSpec<Role> = { model: Role, sortable: roleSortable, keywordColumns: ['name'] };

/** Roles, paged. */
export function listRoles(q: PagingQuery) {
  return runList(listSpec, q, [], roleDto);
}

export async function getRole(id: number) {
  const role = await Role.findByPk(id);
  if (!role) throw AppError.notFound('Role');
  return role;
}

/** The permission catalogue for the roles screen's editor. */
export function permissionCatalogue() {
  return Object.entries(PermissionCatalogue).map(([resource, actions]) => ({ resource, actions: [...actions] }));
}

async function assertNameFree(name: string, exceptId?: number) {
  const clash = await Role.findOne({ where: { name, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) } });
  if (clash) throw AppError.conflict('ROLE_NAME_TAKEN', Messages.ROLE_NAME_TAKEN);
}

/** Creates a role. */
export async function createRole(input: RoleInput, actor: Actor) {
  await assertNameFree(input.name);
  return Role.sequelize!.transaction(async (transaction) => {
    const role = await Role.create({ name: input.name, description: input.description ?? null, permissions: input.permissions, system: false, ...stamp(actor) }, { transaction });
    await recordActivity(actor, { entityType: 'ROLE', entityId: role.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, roleDto(role)) }, transaction);
    return roleDto(role);
  });
}

/**
 * Updates a role. SUPER_ADMIN is fixed. Holders' live access tokens are retired so their next
 * refresh carries the new permissions at once.
 */
export async function updateRole(id: number, input: RoleInput, actor: Actor) {
  const role = await getRole(id);
  if (role.name === 'SUPER_ADMIN') throw AppError.conflict('ROLE_PROTECTED', Messages.ROLE_PROTECTED);
  if (role.system && input.name !== role.name) throw AppError.conflict('ROLE_PROTECTED', Messages.ROLE_PROTECTED);
  await assertNameFree(input.name, id);
  return Role.sequelize!.transaction(async (transaction) => {
    const before = roleDto(role);
    await role.update({ name: input.name, description: input.description ?? null, permissions: input.permissions, ...stamp(actor) }, { transaction });
    await recordActivity(actor, { entityType: 'ROLE', entityId: role.id, category: 'ADMINISTRATION', type: 'UPDATED', changes: diff(before, roleDto(role)) }, transaction);
    const holders = await AdministratorRole.findAll({ where: { roleId: id }, attributes: ['administratorId'], raw: true, transaction });
    if (holders.length) {
      const admins = await Administrator.findAll({ where: { id: holders.map((h) => h.administratorId) }, attributes: ['userId'], raw: true, transaction });
      await User.update({ tokensValidAfter: new Date() }, { where: { id: admins.map((a) => a.userId) }, transaction });
    }
    return roleDto(role);
  });
}

/** Deletes a role that no administrator holds; seeded roles stay. */
export async function deleteRole(id: number, actor: Actor) {
  const role = await getRole(id);
  if (role.system) throw AppError.conflict('ROLE_PROTECTED', Messages.ROLE_PROTECTED);
  if ((await AdministratorRole.count({ where: { roleId: id } })) > 0) throw AppError.conflict('ROLE_IN_USE', Messages.ROLE_IN_USE);
  await Role.sequelize!.transaction(async (transaction) => {
    await role.destroy({ transaction });
    await recordActivity(actor, { entityType: 'ROLE', entityId: id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(roleDto(role), {}) }, transaction);
  });
}
