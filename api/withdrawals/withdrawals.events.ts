import { on, type EventHandler } from '../common/events';
import { completeOnRefund } from './withdrawals.service';

/**
 * A withdrawal's side of the refund queue: when its refund went back (RefundCompleted), the withdrawal
 * takes the amounts refunded and becomes COMPLETED. Idempotent (a second delivery writes the same).
 */
export function withdrawalEventHandlers(): EventHandler[] {
  return [
    on({
      name: 'withdrawals.completeOnRefund',
      type: 'RefundCompleted',
      async handle(e, { transaction }) {
        await completeOnRefund(e.refundId, transaction);
      },
    }),
  ];
}
