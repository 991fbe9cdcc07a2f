import { on, type EventHandler } from '../common/events';
import { CLOSED_APPLICATION_STATUSES } from '../../models/application-status';
import { refreshTimesUsed } from './vouchers.service';

/**
 * A closed application (CANCELLED, REJECTED, ARCHIVED) no longer holds its voucher: the voucher's use
 * count is recounted. Idempotent: a recount, whatever ran before.
 */
export function voucherEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'vouchers.recountOnClosedApplication',
      type: 'ApplicationStatusChanged',
      async handle(e, { transaction }) {
        if (!e.voucherId || !(CLOSED_APPLICATION_STATUSES as readonly string[]).includes(e.to)) return;
        await refreshTimesUsed([e.voucherId], transaction);
      },
    }),
  ];
}
