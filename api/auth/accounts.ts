import bcrypt from 'bcrypt';
import { Op, type Transaction } from 'sequelize';
import { Administrator, PasswordToken, RefreshToken, Student, User } from '../../models';
import { Messages } from '../../models/messages';
import type { SessionStatus } from '../../models/enums';
import { recordActivity, stamp } from '../common/audit';
import type { Actor } from '../common/context';
import { AppError } from '../common/errors';
import { randomToken, sha256 } from '../common/tokens';

/**
 * Account operations shared by every people area (administrators, users, students, customers):
 * one place for email changes, activation, passwords, sessions and one-time links.
 */

/** Ends every session of a user: refresh tokens revoked, live access tokens refused from now on. */
export async function revokeSessions(userId: number, transaction?: Transaction): Promise<void> {
  const now = new Date();
  await RefreshToken.update({ revokedAt: now }, { where: { userId, revokedAt: { [Op.is]: null } }, transaction });
  await User.update({ tokensValidAfter: now }, { where: { id: userId }, transaction });
}

/**
 * Ends one session family (a stolen refresh token was reused): its refresh tokens revoked, and the
 * account's live access tokens refused from now on, as a logout does (tokens do not name their
 * family). The account's other families keep their refresh tokens, so those sessions refresh and go on.
 */
export async function revokeFamily(userId: number, familyId: string, transaction?: Transaction): Promise<void> {
  const now = new Date();
  await RefreshToken.update({ revokedAt: now }, { where: { familyId, revokedAt: { [Op.is]: null } }, transaction });
  await User.update({ tokensValidAfter: now }, { where: { id: userId }, transaction });
}

/** Throws 409 USERNAME_TAKEN when another account uses the email. */
export async function assertEmailFree(email: string, exceptUserId?: number, transaction?: Transaction): Promise<void> {
  const clash = await User.findOne({ where: { email: email.toLowerCase(), ...(exceptUserId ? { id: { [Op.ne]: exceptUserId } } : {}) }, attributes: ['id'], transaction });
  if (clash) throw AppError.conflict('USERNAME_TAKEN', Messages.USERNAME_TAKEN);
}

/**
 * Changes a user's sign-in email (and the copies that lists search on). Sessions stay: they belong
 * to the account, not to the address; the address must be verified again. Runs inside the caller's
 * transaction.
 */
export async function changeEmail(userId: number, email: string, actor: Actor, transaction: Transaction): Promise<{ from: string; to: string }> {
  const user = await User.findByPk(userId, { transaction });
  if (!user) throw AppError.notFound('User');
  const to = email.toLowerCase();
  const from = user.email;
  if (from === to) return { from, to };
  await assertEmailFree(to, userId, transaction);
  await user.update({ email: to, emailVerifiedAt: null, ...stamp(actor) }, { transaction });
  await Administrator.update({ email: to, ...stamp(actor) }, { where: { userId }, transaction });
  await Student.update({ email: to, ...stamp(actor) }, { where: { userId }, transaction });
  const student = await Student.findOne({ where: { userId }, attributes: ['id'], transaction });
  await recordActivity(
    actor,
    { entityType: 'USER', entityId: userId, studentId: student?.id ?? null, category: 'ACCOUNT', type: 'EMAIL_CHANGED', changes: { email: { from, to } } },
    transaction,
  );
  return { from, to };
}

/** Activates or deactivates an account; deactivation ends its sessions. */
export async function setActive(userId: number, active: boolean, actor: Actor, transaction: Transaction): Promise<void> {
  const user = await User.findByPk(userId, { transaction });
  if (!user) throw AppError.notFound('User');
  if (user.active === active) return;
  await user.update({ active, ...stamp(actor) }, { transaction });
  if (!active) await revokeSessions(userId, transaction);
  const student = await Student.findOne({ where: { userId }, attributes: ['id'], transaction });
  await recordActivity(
    actor,
    {
      entityType: 'USER',
      entityId: userId,
      studentId: student?.id ?? null,
      category: 'ACCOUNT',
      type: active ? 'ACTIVATED' : 'DEACTIVATED',
      changes: { active: { from: !active, to: active } },
    },
    transaction,
  );
}

export async function hashPassword(password: string, rounds: number): Promise<string> {
  return bcrypt.hash(password, rounds);
}

/** Sets a new password (already validated as strong) and ends every other session of the account. */
export async function setPassword(
  userId: number,
  password: string,
  rounds: number,
  actor: Actor,
  transaction: Transaction,
  type: 'PASSWORD_CHANGED' | 'PASSWORD_RESET' = 'PASSWORD_CHANGED',
): Promise<void> {
  const passwordHash = await hashPassword(password, rounds);
  const [count] = await User.update({ passwordHash, failedLoginCount: 0, firstFailedLoginAt: null, lockedUntil: null, ...stamp(actor) }, { where: { id: userId }, transaction });
  if (!count) throw AppError.notFound('User');
  await revokeSessions(userId, transaction);
  const student = await Student.findOne({ where: { userId }, attributes: ['id'], transaction });
  await recordActivity(actor, { entityType: 'USER', entityId: userId, studentId: student?.id ?? null, category: 'SECURITY', type }, transaction);
}

/** Issues a one-time link token (reset or invitation); only its hash is stored. Returns the raw token. */
export async function issuePasswordToken(userId: number, purpose: 'RESET' | 'INVITE', ttlMinutes: number, transaction?: Transaction): Promise<string> {
  const token = randomToken();
  await PasswordToken.create({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMinutes * 60_000), usedAt: null }, { transaction });
  return token;
}

/**
 * Consumes a one-time link token with a compare-and-set, so a link works once even under races.
 * Unknown, used or expired → 409 RESET_FORM_EXPIRED with the spec's message.
 */
export async function consumePasswordToken(token: string, transaction: Transaction): Promise<PasswordToken> {
  const row = await PasswordToken.findOne({ where: { tokenHash: sha256(token) }, transaction });
  const expired = () => AppError.conflict('RESET_FORM_EXPIRED', Messages.RESET_FORM_EXPIRED);
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw expired();
  const [claimed] = await PasswordToken.update({ usedAt: new Date() }, { where: { id: row.id, usedAt: { [Op.is]: null } }, transaction });
  if (claimed !== 1) throw expired();
  return row;
}

/**
 * Session status of accounts: ACTIVE when seen within `idleMinutes`, IDLE when a sign-in is still
 * valid (an unexpired, unrevoked refresh token) but the user has been quiet, otherwise INACTIVE.
 * One query for any number of users.
 */
export async function sessionStatuses(userIds: number[], idleMinutes: number): Promise<Map<number, { status: SessionStatusValue; lastActivityAt: Date | null }>> {
  const out = new Map<number, { status: SessionStatusValue; lastActivityAt: Date | null }>();
  if (!userIds.length) return out;
  const now = Date.now();
  const [users, live] = await Promise.all([
    User.findAll({ where: { id: userIds }, attributes: ['id', 'lastActivityAt'], raw: true }),
    RefreshToken.findAll({
      where: { userId: userIds, revokedAt: { [Op.is]: null }, usedAt: { [Op.is]: null }, expiresAt: { [Op.gt]: new Date(now) } },
      attributes: ['userId'],
      group: ['userId'],
      raw: true,
    }),
  ]);
  const signedIn = new Set(live.map((r) => r.userId));
  for (const u of users) {
    const last = u.lastActivityAt ? new Date(u.lastActivityAt) : null;
    const recent = last !== null && now - last.getTime() <= idleMinutes * 60_000;
    const status: SessionStatusValue = signedIn.has(u.id) ? (recent ? 'ACTIVE' : 'IDLE') : 'INACTIVE';
    out.set(u.id, { status, lastActivityAt: last });
  }
  return out;
}
type SessionStatusValue = (typeof SessionStatus)[number];
