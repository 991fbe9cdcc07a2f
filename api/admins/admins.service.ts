import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { Administrator, AdministratorRole, Role, User } from '../../models';
import { Messages } from '../../models/messages';
import { assertEmailFree, changeEmail, hashPassword, issuePasswordToken, revokeSessions, sessionStatuses, setActive } from '../auth/accounts';
import { diff, recordActivity, stamp, updatedByOf } from '../common/audit';
import type { Actor, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { criteriaWhere, runList, type ListSpec, type PagingQuery } from '../common/list';
import { instituteParams, ProductEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';
import { adminCriteria, adminSortable, type AdminCreateInput, type AdminCriteria, type AdminUpdateInput } from './admins.schemas';

const SUPER_ADMIN = 'SUPER_ADMIN';
const ENTITY = 'ADMINISTRATOR';

const withRolesAndUser = [
  { model: Role, as: 'roles', attributes: ['id', 'name'], through: { attributes: [] } },
  { model: User, as: 'user', attributes: ['id', 'active', 'lastLoginAt', 'lastActivityAt'] },
];

export const adminListSpec: ListSpec<Administrator> = {
  model: Administrator,
  sortable: adminSortable,
  keywordColumns: ['email', 'firstName', 'lastName'],
  criteria: adminCriteria,
  include: withRolesAndUser,
};

type Session = { status: 'ACTIVE' | 'IDLE' | 'INACTIVE'; lastActivityAt: Date | null };

const roleNamesOf = (a: Administrator) => (a.roles ?? []).map((r) => r.name).sort();

/** The contract's Administrator shape; `session` comes from sessionStatuses (INACTIVE when unknown). */
export function adminDto(a: Administrator, session?: Session) {
  return {
    id: a.id,
    userId: a.userId,
    email: a.email,
    firstName: a.firstName,
    lastName: a.lastName,
    roles: roleNamesOf(a),
    status: session?.status ?? 'INACTIVE',
    active: a.user?.active ?? false,
    lastLoginAt: a.user?.lastLoginAt ?? null,
    lastActivityAt: session?.lastActivityAt ?? a.user?.lastActivityAt ?? null,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    updatedBy: updatedByOf(a),
  };
}

// Audit snapshot: only what an editor can change, so before → after reads cleanly.
const snapshot = (a: Administrator) => ({ email: a.email, firstName: a.firstName, lastName: a.lastName, roles: roleNamesOf(a) });

async function withSessions(rows: Administrator[], deps: Deps) {
  const sessions = await sessionStatuses(
    rows.map((a) => a.userId),
    deps.config.SESSION_IDLE_MINUTES,
  );
  return rows.map((a) => adminDto(a, sessions.get(a.userId)));
}

/** Administrators, paged, with roles (joined for the page) and session status (one query for the page). */
export async function listAdmins(q: PagingQuery, deps: Deps, criteria: AdminCriteria = {} as AdminCriteria) {
  const page = await runList(adminListSpec, q, await adminConditions(criteria), (a) => a);
  return { content: await withSessions(page.content, deps), pagination: page.pagination };
}

/** The criteria's conditions on the administrators list (the list and its export, api/exports, read the same rows). */
export async function adminConditions(criteria: AdminCriteria): Promise<WhereOptions[]> {
  const conditions: WhereOptions[] = criteriaWhere(adminCriteria, criteria, Administrator.sequelize!.getDialect());
  const roleFilter = criteria.roles as string[] | null | undefined;
  if (roleFilter?.length) {
    // One joined query; the page query then filters on the ids it yields.
    const holders = await Administrator.findAll({
      attributes: ['id'],
      include: [{ model: Role, as: 'roles', attributes: [], where: { name: roleFilter }, through: { attributes: [] } }],
      raw: true,
    });
    conditions.push({ id: [...new Set(holders.map((h) => h.id))] });
  }
  return conditions;
}

async function loadAdmin(id: number, transaction?: Transaction) {
  const admin = await Administrator.findByPk(id, { include: withRolesAndUser, transaction });
  if (!admin) throw AppError.notFound('Administrator');
  return admin;
}

/** One administrator (404 when missing or deleted). */
export async function getAdmin(id: number, deps: Deps) {
  const [dto] = await withSessions([await loadAdmin(id)], deps);
  return dto;
}

/** Role names → roles; any unknown name is a field error on `roles`. */
async function resolveRoles(names: string[], transaction?: Transaction) {
  const roles = await Role.findAll({ where: { name: names }, attributes: ['id', 'name'], transaction });
  const known = new Set(roles.map((r) => r.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw AppError.badRequest({ roles: `${Messages.INVALID_VALUE}: ${unknown.join(', ')}` });
  return roles;
}

/**
 * Throws 409 LAST_SUPER_ADMIN unless another active, non-deleted administrator holds SUPER_ADMIN.
 * The SUPER_ADMIN role row is locked first so two concurrent demotions cannot both see "one other".
 */
export async function assertNotLastSuperAdmin(administratorId: number, transaction: Transaction): Promise<void> {
  const role = await Role.findOne({ where: { name: SUPER_ADMIN }, attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
  if (!role) return;
  const holders = await AdministratorRole.findAll({
    where: { roleId: role.id, administratorId: { [Op.ne]: administratorId } },
    attributes: ['administratorId'],
    raw: true,
    transaction,
  });
  const others = holders.length
    ? await Administrator.count({
        where: { id: holders.map((h) => h.administratorId) },
        include: [{ model: User, as: 'user', attributes: [], where: { active: true }, required: true }],
        transaction,
      })
    : 0;
  if (others === 0) throw AppError.conflict('LAST_SUPER_ADMIN', Messages.LAST_SUPER_ADMIN);
}

/**
 * Creates an administrator (user, record, roles, activity in one transaction). Without a password the
 * account gets no usable password and an invitation with a set-password link is mailed.
 */
export async function createAdmin(input: AdminCreateInput, actor: Actor, deps: Deps) {
  const roles = await resolveRoles(input.roles);
  // bcrypt is slow on purpose; hashing outside the transaction keeps locks short.
  const passwordHash = input.password ? await hashPassword(input.password, deps.config.BCRYPT_ROUNDS) : null;
  const { admin, inviteToken } = await Administrator.sequelize!.transaction(async (transaction) => {
    await assertEmailFree(input.email, undefined, transaction);
    const user = await User.create(
      {
        email: input.email,
        passwordHash,
        kind: 'ADMIN',
        emailVerifiedAt: null,
        firstFailedLoginAt: null,
        lockedUntil: null,
        lastLoginAt: null,
        lastActivityAt: null,
        tokensValidAfter: null,
        ...stamp(actor),
      },
      { transaction },
    );
    const created = await Administrator.create(
      { userId: user.id, email: input.email, firstName: input.firstName, lastName: input.lastName, deletedAt: null, ...stamp(actor) },
      { transaction },
    );
    await AdministratorRole.bulkCreate(
      roles.map((r) => ({ administratorId: created.id, roleId: r.id })),
      { transaction },
    );
    const token = passwordHash ? null : await issuePasswordToken(user.id, 'INVITE', deps.config.INVITATION_TTL_DAYS * 24 * 60, transaction);
    const after = { email: input.email, firstName: input.firstName, lastName: input.lastName, roles: roles.map((r) => r.name).sort() };
    await recordActivity(actor, { entityType: ENTITY, entityId: created.id, category: 'ADMINISTRATION', type: 'CREATED', changes: diff({}, after) }, transaction);
    return { admin: created, inviteToken: token };
  });
  if (inviteToken) {
    // Mailed after commit: the invitation must never point at an account that was rolled back.
    const link = `${deps.config.PUBLIC_URL}/admin/reset-account-password?token=${encodeURIComponent(inviteToken)}`;
    await sendTemplate(deps, {
      key: ProductEmail.ADMIN_INVITATION,
      to: input.email,
      language: 'EN',
      params: {
        ...instituteParams(deps.config),
        ...recipientParams({ firstName: input.firstName, lastName: input.lastName, email: input.email }),
        link,
        days: deps.config.INVITATION_TTL_DAYS,
      },
    }).catch((err) => deps.log.error({ err, administratorId: admin.id }, 'administrator invitation not sent'));
  }
  return getAdmin(admin.id, deps);
}

/**
 * Updates an administrator. A roles change retires their live access tokens so the next refresh
 * carries the new permissions; SUPER_ADMIN cannot be taken from the last active holder.
 */
export async function updateAdmin(id: number, input: AdminUpdateInput, actor: Actor, deps: Deps) {
  await Administrator.sequelize!.transaction(async (transaction) => {
    const admin = await loadAdmin(id, transaction);
    const roles = await resolveRoles(input.roles, transaction);
    const before = snapshot(admin);
    const currentIds = new Set((admin.roles ?? []).map((r) => r.id));
    const nextIds = new Set(roles.map((r) => r.id));
    const removed = [...currentIds].filter((r) => !nextIds.has(r));
    const added = [...nextIds].filter((r) => !currentIds.has(r));
    if (before.roles.includes(SUPER_ADMIN) && !roles.some((r) => r.name === SUPER_ADMIN)) await assertNotLastSuperAdmin(admin.id, transaction);
    if (input.email !== admin.email) await changeEmail(admin.userId, input.email, actor, transaction);
    await admin.update({ email: input.email, firstName: input.firstName, lastName: input.lastName, ...stamp(actor) }, { transaction });
    const rolesChanged = removed.length > 0 || added.length > 0;
    if (removed.length) await AdministratorRole.destroy({ where: { administratorId: admin.id, roleId: removed }, transaction });
    if (added.length)
      await AdministratorRole.bulkCreate(
        added.map((roleId) => ({ administratorId: admin.id, roleId })),
        { transaction },
      );
    if (rolesChanged) await User.update({ tokensValidAfter: new Date() }, { where: { id: admin.userId }, transaction });
    const after = { email: input.email, firstName: input.firstName, lastName: input.lastName, roles: roles.map((r) => r.name).sort() };
    const changes = diff(before, after);
    const onlyRoles = rolesChanged && Object.keys(changes).length === 1;
    await recordActivity(actor, { entityType: ENTITY, entityId: admin.id, category: 'ADMINISTRATION', type: onlyRoles ? 'ROLES_CHANGED' : 'UPDATED', changes }, transaction);
  });
  return getAdmin(id, deps);
}

/** Soft-deletes an administrator and deactivates their account (which ends their sessions). */
export async function deleteAdmin(id: number, actor: Actor) {
  await Administrator.sequelize!.transaction(async (transaction) => {
    const admin = await loadAdmin(id, transaction);
    if (admin.userId === actor.userId) throw AppError.conflict('NOT_PERMITTED', Messages.NOT_PERMITTED);
    if (roleNamesOf(admin).includes(SUPER_ADMIN)) await assertNotLastSuperAdmin(admin.id, transaction);
    await admin.update({ ...stamp(actor) }, { transaction });
    await admin.destroy({ transaction });
    await setActive(admin.userId, false, actor, transaction);
    await recordActivity(actor, { entityType: ENTITY, entityId: admin.id, category: 'ADMINISTRATION', type: 'DELETED', changes: diff(snapshot(admin), {}) }, transaction);
  });
}

/** Ends every session of an administrator at once (refresh tokens revoked, access tokens refused). */
export async function logoutAdmin(id: number, actor: Actor) {
  await Administrator.sequelize!.transaction(async (transaction) => {
    const admin = await loadAdmin(id, transaction);
    await revokeSessions(admin.userId, transaction);
    await recordActivity(actor, { entityType: ENTITY, entityId: admin.id, category: 'SECURITY', type: 'LOGGED_OUT' }, transaction);
  });
}
