import { Op } from 'sequelize';
import { SignInFailure, User } from '../../models';
import { Messages } from '../../models/messages';
import type { Deps } from '../common/context';
import { AppError } from '../common/errors';
import { sha256 } from '../common/tokens';

/**
 * The sign-in lockout (docs/decisions.md, issue 15 "Security and HTTP"): LOCKOUT_MAX_FAILURES failed sign-ins within
 * LOCKOUT_WINDOW_MINUTES lock for LOCKOUT_MINUTES. An account's failures are counted on its `users` row;
 * an email without an account at the door (unknown, the other door's account, an account without a
 * password yet) is counted in `sign_in_failures` under a hash of door and email, by the same rule, so
 * the answers (401 then 429 ACCOUNT_LOCKED) do not tell whether the account exists.
 */

export const accountLocked = () => new AppError(429, 'ACCOUNT_LOCKED', Messages.ACCOUNT_DISABLED);

const isLocked = (lockedUntil: Date | string | null | undefined, now = Date.now()) => Boolean(lockedUntil) && new Date(lockedUntil!).getTime() > now;

/** Whether an account is locked (from its `users` row as read). */
export const accountIsLocked = (user: Pick<User, 'lockedUntil'>) => isLocked(user.lockedUntil);

/** The counter after one more failure at `now`: a new window when the last one is over; a lock at the limit, which starts a fresh window. */
function afterFailure(deps: Deps, count: number, firstAt: Date | string | null, now: number): { count: number; firstAt: Date | null; lockedUntil?: Date } {
  const { LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MINUTES, LOCKOUT_MINUTES } = deps.config;
  const inWindow = firstAt !== null && now - new Date(firstAt).getTime() <= LOCKOUT_WINDOW_MINUTES * 60_000;
  const next = inWindow ? count + 1 : 1;
  if (next >= LOCKOUT_MAX_FAILURES) return { count: 0, firstAt: null, lockedUntil: new Date(now + LOCKOUT_MINUTES * 60_000) };
  return { count: next, firstAt: inWindow ? new Date(firstAt) : new Date(now) };
}

/**
 * Counts one failed sign-in of an account. The row is locked (MariaDB) or the write transaction is
 * exclusive (SQLite, IMMEDIATE), so concurrent failures are all counted.
 */
export async function recordAccountFailure(deps: Deps, userId: number): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    const user = await User.findByPk(userId, { attributes: ['id', 'failedLoginCount', 'firstFailedLoginAt'], transaction, lock: transaction.LOCK.UPDATE });
    if (!user) return;
    const next = afterFailure(deps, user.failedLoginCount, user.firstFailedLoginAt, Date.now());
    await User.update(
      { failedLoginCount: next.count, firstFailedLoginAt: next.firstAt, ...(next.lockedUntil ? { lockedUntil: next.lockedUntil } : {}) },
      { where: { id: userId }, transaction, silent: true },
    );
    if (next.lockedUntil) deps.log.warn({ userId }, 'account locked after repeated failed sign-ins');
  });
}

/** The key an email without an account at a door is counted under (the email as validated: trimmed, lower case). */
export const unknownKey = (door: string, email: string) => sha256(`${door}:${email}`);

/** Whether an email without an account at this door is locked (one read by the unique key). */
export async function unknownIsLocked(key: string): Promise<boolean> {
  const row = await SignInFailure.findOne({ where: { keyHash: key }, attributes: ['lockedUntil'], raw: true });
  return isLocked(row?.lockedUntil);
}

/**
 * Counts one failed sign-in of an email without an account at the door, as `recordAccountFailure`
 * counts an account's. The row is made first on its own (an INSERT that ignores the existing one: two
 * first failures at once make one row), then counted under its lock.
 */
export async function recordUnknownFailure(deps: Deps, key: string): Promise<void> {
  await SignInFailure.bulkCreate([{ keyHash: key, failedCount: 0, firstFailedAt: null, lockedUntil: null }], { ignoreDuplicates: true });
  await deps.sequelize.transaction(async (transaction) => {
    const row = await SignInFailure.findOne({ where: { keyHash: key }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) return;
    const next = afterFailure(deps, row.failedCount, row.firstFailedAt, Date.now());
    await SignInFailure.update(
      { failedCount: next.count, firstFailedAt: next.firstAt, ...(next.lockedUntil ? { lockedUntil: next.lockedUntil } : {}) },
      { where: { id: row.id }, transaction },
    );
  });
  sweepStale(deps);
}

let lastSweep = 0;
/**
 * Forgets, at most once a minute per process, the rows whose last failure is older than both the
 * window and the lock: they can neither lock nor count any more, and guessed emails must not pile up.
 */
function sweepStale(deps: Deps, now = Date.now()): void {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  const cutoff = new Date(now - Math.max(deps.config.LOCKOUT_WINDOW_MINUTES, deps.config.LOCKOUT_MINUTES) * 60_000);
  SignInFailure.destroy({ where: { updatedAt: { [Op.lt]: cutoff } } }).catch((err) => deps.log.warn({ err }, 'stale sign-in failures not swept'));
}
