/**
 * The machine of a report to the CRM (issue 5; issue 16 §1 CRM_DELIVERY_RETRY): written PENDING with
 * the status change, claimed SENDING by one delivery (a compare-and-set), then ACCEPTED or FAILED. A
 * FAILED one (and a PENDING one the post-commit delivery never sent) is claimed again by a retry (staff's
 * call or the job); a SENDING one stuck past its time is set back to FAILED by the job. ACCEPTED is
 * final. api/integrations/crm.ts claims from the machine's retryable statuses; the console offers Retry
 * on them.
 */
import { defineMachine } from './machine';

export const CrmNotificationStatus = ['PENDING', 'SENDING', 'ACCEPTED', 'FAILED'] as const;
export type CrmNotificationStatusValue = (typeof CrmNotificationStatus)[number];

export const crmNotificationMachine = defineMachine<CrmNotificationStatusValue>({
  PENDING: ['SENDING'],
  SENDING: ['ACCEPTED', 'FAILED'],
  FAILED: ['SENDING'],
  ACCEPTED: [],
});

/** The statuses a delivery may claim (→ SENDING): what a retry sends again. */
export const CRM_RETRYABLE_STATUSES = CrmNotificationStatus.filter((s) => crmNotificationMachine.can(s, 'SENDING'));

/** Whether staff may send the notification again (it has not gone through and nobody is sending it). */
export const isCrmNotificationRetryable = (notification: { status: string }): boolean => crmNotificationMachine.can(notification.status, 'SENDING');

/**
 * The spec's Sync status (back-office spec §"Enumerations": PENDING, IN_PROGRESS, ACCEPTED, FAILED) a
 * notification's status reads as: SENDING is the spec's IN_PROGRESS (the console labels it so).
 */
export const crmSyncStatus = (status: string): string => (status === 'SENDING' ? 'IN_PROGRESS' : status);
