/**
 * The refund queue's machine (back-office spec §9; domain rules "Withdrawals and refunds"): REQUESTED
 * → APPROVED | REJECTED | CANCELLED by the status call; an APPROVED refund becomes COMPLETED when it is
 * submitted and everything to refund has been paid back. Amounts and comments change only while it is
 * REQUESTED; only an APPROVED refund is submitted. api/refunds enforces it; the console offers it.
 */
import type { Of, RequestStatus } from '../../models/enums';
import { defineMachine } from './machine';

export type RefundStatusValue = Of<typeof RequestStatus>;

export const refundMachine = defineMachine<RefundStatusValue>({
  REQUESTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['COMPLETED'],
  REJECTED: [],
  COMPLETED: [],
  CANCELLED: [],
});

/** The moves the status call (PATCH /refund_queues/{id}/status) takes: COMPLETED comes from submitting, never from it. */
export type RefundStatusMove = 'APPROVED' | 'REJECTED' | 'CANCELLED';
export const REFUND_STATUS_MOVES: readonly RefundStatusMove[] = ['APPROVED', 'REJECTED', 'CANCELLED'];

/** What the status call offers from `status` (the machine's moves but COMPLETED). */
export const nextRefundStatuses = (status: RefundStatusValue): RefundStatusValue[] =>
  refundMachine.next(status).filter((s) => (REFUND_STATUS_MOVES as readonly string[]).includes(s));

/** Amounts and comments are edited while the refund is requested (the API answers STATUS_INVALID later). */
export const isRefundEditable = (refund: { status: string }) => refund.status === 'REQUESTED';
/** Only an approved refund is submitted (the API answers STATUS_INVALID otherwise). */
export const isRefundSubmittable = (refund: { status: string }) => refund.status === 'APPROVED';
