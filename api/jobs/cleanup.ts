import { Op } from 'sequelize';
import { AutoChargeAttempt, JobRun, PasswordToken, RefreshToken, SignInFailure, VerificationCode } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { removeOldExports } from '../exports/export-job';
import { numberParam, type JobContext } from './registry';

/**
 * CLEANUP (issue 16 §1): what has expired goes. Password links (reset, invitation), refresh tokens and
 * sign-in codes expired more than params.graceDays ago (a used or revoked refresh token stays until it
 * expires: reuse detection reads it); sign-in failure counters untouched for longer than a day and not
 * locking anyone; the day's charge keys of auto-pay older than 30 days; finished job runs older than
 * params.runsKeepDays (never a RUNNING one); exports older than params.exportsKeepDays (30) with their
 * files (issue 20); what writes cut off by a dead process left in storage a day ago or more. Answers how
 * many rows (and abandoned writes) were deleted.
 */
export async function cleanup(ctx: JobContext): Promise<{ count: number }> {
  const now = Date.now();
  const grace = new Date(now - numberParam(ctx.params, 'graceDays', 1) * 86_400_000);
  const runsBefore = new Date(now - numberParam(ctx.params, 'runsKeepDays', 30) * 86_400_000);
  const dayAgo = new Date(now - 86_400_000);
  const monthAgo = new Date(Date.parse(`${schoolToday(new Date(now))}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const counts = [
    await PasswordToken.destroy({ where: { expiresAt: { [Op.lt]: grace } } }),
    await RefreshToken.destroy({ where: { expiresAt: { [Op.lt]: grace } } }),
    await VerificationCode.destroy({ where: { expiresAt: { [Op.lt]: grace } } }),
    await SignInFailure.destroy({ where: { updatedAt: { [Op.lt]: dayAgo }, [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: new Date(now) } }] } }),
    await AutoChargeAttempt.destroy({ where: { chargeDate: { [Op.lt]: monthAgo } } }),
    await JobRun.destroy({ where: { outcome: { [Op.ne]: 'RUNNING' }, startedAt: { [Op.lt]: runsBefore } } }),
    await removeOldExports(ctx.deps, numberParam(ctx.params, 'exportsKeepDays', 30), new Date(now)),
    (await ctx.deps.storage.removeAbandoned?.(dayAgo)) ?? 0,
  ];
  return { count: counts.reduce((a, b) => a + b, 0) };
}
