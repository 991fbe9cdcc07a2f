import { Op } from 'sequelize';
import { CrmNotification } from '../../models';
import { deliverOne } from '../integrations/crm';
import { numberParam, type JobContext } from './registry';

/**
 * CRM_DELIVERY_RETRY (issue 16 §1): the CRM notifications delivery left behind are sent again.
 * - Rows left SENDING longer than params.stuckMinutes (a process died between the claim and the
 *   answer) are recovered: back to FAILED with the reason, by a compare-and-set on their status and
 *   update time, so a delivery still going on is not touched.
 * - FAILED rows are sent again with exponential backoff: after backoffMinutes × 2^(attempts − 1) since
 *   their last change, at most maxAttempts attempts in all (then they wait for staff).
 * - PENDING rows older than pendingMinutes (the delivery after their commit never happened) are sent.
 * Each send is claimed by api/integrations/crm.ts deliverOne (compare-and-set): two runs never send one twice.
 */
export const STUCK_MESSAGE = 'Delivery interrupted (the process sending it stopped); sent again';

export async function retryCrmDeliveries(ctx: JobContext): Promise<{ count: number }> {
  const now = Date.now();
  const stuckMinutes = numberParam(ctx.params, 'stuckMinutes', 15);
  const backoff = numberParam(ctx.params, 'backoffMinutes', 15);
  const maxAttempts = numberParam(ctx.params, 'maxAttempts', 8);
  const pendingMinutes = numberParam(ctx.params, 'pendingMinutes', 5);

  let count = 0;
  const stuckBefore = new Date(now - stuckMinutes * 60_000);
  const stuck = await CrmNotification.findAll({ where: { status: 'SENDING', updatedAt: { [Op.lt]: stuckBefore } }, attributes: ['id'], limit: 1000 });
  for (const row of stuck) {
    if (ctx.signal.aborted) return { count };
    // Recovered and sent again at once (its failure is not the CRM's: no backoff).
    const [recovered] = await CrmNotification.update(
      { status: 'FAILED', lastError: STUCK_MESSAGE },
      { where: { id: row.id, status: 'SENDING', updatedAt: { [Op.lt]: stuckBefore } } },
    );
    if (recovered === 1 && (await deliverOne(ctx.deps, row.id, ['FAILED']))) {
      count += 1;
      ctx.progress(count);
    }
  }

  const candidates = await CrmNotification.findAll({
    where: {
      [Op.or]: [
        { status: 'FAILED', attempts: { [Op.lt]: maxAttempts } },
        { status: 'PENDING', createdAt: { [Op.lt]: new Date(now - pendingMinutes * 60_000) } },
      ],
    },
    attributes: ['id', 'status', 'attempts', 'updatedAt'],
    order: [['id', 'ASC']],
    limit: 1000,
    raw: true,
  });
  for (const row of candidates) {
    if (ctx.signal.aborted) break;
    if (row.status === 'FAILED') {
      const wait = backoff * 2 ** Math.max(0, row.attempts - 1) * 60_000;
      if (new Date(row.updatedAt).getTime() + wait > now) continue;
    }
    if (await deliverOne(ctx.deps, row.id, [row.status])) {
      count += 1;
      ctx.progress(count);
    }
  }
  return { count };
}
