import type { RaRecord } from 'react-admin';
export { toRefundPayload } from '../../common/RefundAmountsEdit';
import type { Of, RefundMoneyStatus, RefundType, RequestStatus } from '../../../../models/enums';
import type { PersonRef } from '../../common/billingShared';
import type { RefundAnswer, RefundTransactionAnswer } from '../../../../domain/contract/refunds';
import { toCents, toDollars } from '../../../../domain/money';
import { isRefundEditable, isRefundSubmittable, nextRefundStatuses } from '../../../../domain/state/refunds';

/**
 * The refund queue (the console resource `refunds` over /api/refund_queues): refunds owed to students
 * from withdrawals, vouchers and custom requests. REQUESTED → APPROVED | REJECTED | CANCELLED;
 * an APPROVED refund is submitted (paid back) as EXTERNAL, ONLINE or MIXED, which completes it.
 */

export const REFUNDS = 'refunds';

export type RefundStatusValue = Of<typeof RequestStatus>;
export type RefundMoneyStatusValue = Of<typeof RefundMoneyStatus>;
export type RefundTypeValue = Of<typeof RefundType>;

/** One movement of a refund (external or through the gateway against one original payment): domain/contract/refunds.ts. */
export type RefundTransactionRecord = RefundTransactionAnswer;

/** A refund queue item as the API answers it (dollars): the answer schema's type (domain/contract/refunds.ts). */
export type RefundRecord = Omit<RefundAnswer, 'id'> & RaRecord;

/** REQUESTED → APPROVED | REJECTED | CANCELLED; an APPROVED refund completes by being submitted (domain/state/refunds.ts). */
export { nextRefundStatuses };

export const refundStatusColor: Record<RefundStatusValue, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  COMPLETED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

export const refundMoneyStatusColor: Record<RefundMoneyStatusValue, 'default' | 'success' | 'error'> = {
  PENDING: 'default',
  REFUNDED: 'success',
  FAILED: 'error',
};

/** Amounts and comments are edited while the refund is requested; only an approved refund is submitted (domain/state/refunds.ts). */
export { isRefundEditable as isEditable, isRefundSubmittable as isSubmittable };

/** The student of a refund (the answer names it on the refund itself). */
export const refundStudent = (record: Pick<RefundRecord, 'student'>): PersonRef | null => record.student ?? null;

const amount = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** What the 'New refund' dialog holds. */
export interface NewRefund {
  applicationId?: number | string | null;
  amountToBeRefunded?: number | null;
  taxToBeRefunded?: number | null;
  comments?: string | null;
}

/** POST /refund_queues: a CUSTOM refund of an application; an empty tax is left out (the API takes 0). */
export function toCreateRefundPayload(values: NewRefund) {
  return {
    applicationId: Number(values.applicationId),
    amountToBeRefunded: amount(values.amountToBeRefunded),
    ...(blank(values.taxToBeRefunded) ? {} : { taxToBeRefunded: amount(values.taxToBeRefunded) }),
    ...(text(values.comments) ? { comments: text(values.comments) } : {}),
  };
}

/** What the 'Submit refund' dialog holds. */
export interface SubmitRefund {
  refundType: RefundTypeValue;
  referenceNumber?: string | null;
  comment?: string | null;
  externalAmount?: number | null;
  onlineAmount?: number | null;
}

/**
 * POST /refund_queues/{id}/submit, the body of each way of paying an approved refund back:
 * - EXTERNAL (paid outside the gateway): { refundType, referenceNumber?, comment? } — all that is left;
 * - ONLINE (the gateway refunds the plan's card payments, newest first): { refundType, comment? };
 * - MIXED: { refundType, externalAmount, onlineAmount, referenceNumber?, comment? } (the reference is the external part's).
 * Blank texts are left out (the API's strict body takes nothing else).
 */
export function toSubmitPayload(values: SubmitRefund): Record<string, unknown> {
  const notes = {
    ...(values.refundType !== 'ONLINE' && text(values.referenceNumber) ? { referenceNumber: text(values.referenceNumber) } : {}),
    ...(text(values.comment) ? { comment: text(values.comment) } : {}),
  };
  if (values.refundType === 'MIXED') return { refundType: 'MIXED', externalAmount: amount(values.externalAmount), onlineAmount: amount(values.onlineAmount), ...notes };
  return { refundType: values.refundType, ...notes };
}

/** What is left to pay back (total to be refunded − total refunded), never below 0. */
export const remainingToRefund = (record: Pick<RefundRecord, 'totalToBeRefunded' | 'totalRefunded'>) =>
  toDollars(Math.max(0, toCents(amount(record.totalToBeRefunded)) - toCents(amount(record.totalRefunded))));
