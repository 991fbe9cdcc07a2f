import bcrypt from 'bcrypt';
import type { Transaction } from 'sequelize';
import { Administrator, User, UserViewHistory } from '../../models';
import { Messages } from '../../models/messages';
import { hasPermission } from '../../models/permissions';
import { assertNotLastSuperAdmin } from '../admins/admins.service';
import { changeEmail, setActive, setPassword } from '../auth/accounts';
import { updatedByOf } from '../common/audit';
import type { Deps, Principal } from '../common/context';
import { actorOf } from '../common/context';
import { AppError } from '../common/errors';
import { runList, type ListSpec, type PagingQuery } from '../common/list';
import { historySortable, type HistoryInput, type UpdatePasswordInput } from './users.schemas';

/** The account as the contract shows it (never the password hash). */
export function userDto(u: User) {
  return {
    id: u.id,
    email: u.email,
    kind: u.kind,
    active: u.active,
    emailVerifiedAt: u.emailVerifiedAt,
    lastLoginAt: u.lastLoginAt,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    updatedBy: updatedByOf(u),
  };
}

async function loadUser(id: number, transaction?: Transaction) {
  const user = await User.findByPk(id, { transaction });
  if (!user) throw AppError.notFound('User');
  return user;
}

/**
 * users:update and users:update_password are admissions permissions meant for students' accounts;
 * reaching another administrator's account that way would let a narrower role take over a wider one.
 */
function assertMayManage(target: User, auth: Principal) {
  if (target.kind === 'ADMIN' && target.id !== auth.userId && !hasPermission(auth.permissions, 'admins:update')) throw AppError.forbidden();
}

/** Changes a user's sign-in email (the administrator and student copies follow). */
export async function updateUser(id: number, email: string, auth: Principal) {
  const actor = actorOf(auth);
  await User.sequelize!.transaction(async (transaction) => {
    assertMayManage(await loadUser(id, transaction), auth);
    await changeEmail(id, email, actor, transaction);
  });
  return userDto(await loadUser(id));
}

/**
 * Sets a password. One's own needs the current password; another user's needs 'users:update_password'.
 * Every session of the account ends (setPassword), the caller's own included when it is theirs.
 */
export async function updatePassword(id: number, input: UpdatePasswordInput, auth: Principal, deps: Deps) {
  const own = auth.userId === id;
  if (!own && !(auth.kind === 'ADMIN' && hasPermission(auth.permissions, 'users:update_password'))) throw AppError.forbidden();
  if (own && !input.currentPassword) throw AppError.badRequest({ currentPassword: Messages.REQUIRED });
  const target = await User.unscoped().findByPk(id, { attributes: ['id', 'kind', 'passwordHash'] });
  if (!target) throw AppError.notFound('User');
  if (!own) assertMayManage(target, auth);
  if (own && !(target.passwordHash && (await bcrypt.compare(input.currentPassword!, target.passwordHash)))) {
    throw AppError.conflict('INVALID_CURRENT_PASSWORD', Messages.INVALID_CURRENT_PASSWORD);
  }
  await User.sequelize!.transaction((transaction) => setPassword(id, input.password, deps.config.BCRYPT_ROUNDS, actorOf(auth), transaction));
}

/** Flips an account's active flag; nobody deactivates themself, nor the last active super administrator. */
export async function toggleActive(id: number, auth: Principal) {
  return User.sequelize!.transaction(async (transaction) => {
    const user = await loadUser(id, transaction);
    assertMayManage(user, auth);
    const active = !user.active;
    if (!active && id === auth.userId) throw AppError.conflict('NOT_PERMITTED', Messages.NOT_PERMITTED);
    if (!active && user.kind === 'ADMIN') {
      const admin = await Administrator.findOne({ where: { userId: id }, include: [{ association: 'roles', attributes: ['name'], through: { attributes: [] } }], transaction });
      if (admin?.roles?.some((r) => r.name === 'SUPER_ADMIN')) await assertNotLastSuperAdmin(admin.id, transaction);
    }
    await setActive(id, active, actorOf(auth), transaction);
    return { id, active };
  });
}

/** Only the user themself reads or writes their "recently viewed" list. */
export function assertOwnHistory(id: number, auth: Principal | null) {
  if (!auth || auth.userId !== id) throw AppError.forbidden();
}

export function historyDto(h: UserViewHistory) {
  return { id: h.id, userId: h.userId, entityType: h.entityType, entityId: h.entityId, label: h.label, viewedAt: h.viewedAt };
}

const historyList: ListSpec<UserViewHistory> = { model: UserViewHistory, sortable: historySortable, defaultSort: 'viewedAt', defaultDescending: true, keywordColumns: ['label'] };

/** A user's view history, newest first by default, optionally of one entity type. */
export function listViewHistories(userId: number, q: PagingQuery & { entityType?: string }) {
  return runList(historyList, q, [{ userId }, q.entityType ? { entityType: q.entityType } : null], historyDto);
}

/** Records a view; viewing the same record again moves it to the top instead of adding a second row. */
export async function recordView(userId: number, input: HistoryInput) {
  const existing = await UserViewHistory.findOne({ where: { userId, entityType: input.entityType, entityId: input.entityId }, order: [['id', 'ASC']] });
  if (existing) {
    await existing.update({ viewedAt: new Date(), ...(input.label ? { label: input.label } : {}) });
    return historyDto(existing);
  }
  return historyDto(await UserViewHistory.create({ userId, entityType: input.entityType, entityId: input.entityId, label: input.label ?? null, viewedAt: new Date() }));
}

/** Removes one entry of the user's own history (404 when it is someone else's). */
export async function deleteViewHistory(userId: number, historyId: number) {
  const removed = await UserViewHistory.destroy({ where: { id: historyId, userId } });
  if (!removed) throw AppError.notFound('View history');
}
