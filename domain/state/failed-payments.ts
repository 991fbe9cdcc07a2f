/**
 * The machine of a failed payment (back-office spec §3 "Failed payment filters"; domain rules: auto-pay
 * failures are retried after 3 and 7 days): FAILED until a later payment settles its entry (RESOLVED,
 * by a retry that goes through or any payment of the entry). A resolved one stays. api/payments
 * enforces it (a retry of one not FAILED is 409 STATUS_INVALID); the console offers Retry only on a
 * FAILED one.
 */
import type { FailedPaymentStatus, Of } from '../../models/enums';
import { defineMachine } from './machine';

export type FailedPaymentStatusValue = Of<typeof FailedPaymentStatus>;

export const failedPaymentMachine = defineMachine<FailedPaymentStatusValue>({
  FAILED: ['RESOLVED'],
  RESOLVED: [],
});

/** Only a payment still FAILED is retried (a retry either resolves it or leaves it FAILED with one more attempt). */
export const isFailedPaymentRetryable = (failed: { status: string }): boolean => failedPaymentMachine.can(failed.status, 'RESOLVED');
