/**
 * The machine of a voucher applied after payments (back-office spec §3, §7; domain rules
 * "Vouchers"): its refund request is REQUESTED, then APPROVED, REJECTED or CANCELLED; an APPROVED one
 * is COMPLETED when the refund is made. Edited only while REQUESTED. api/application-vouchers
 * enforces it; the console's voucher refunds offer it.
 */
import type { Of, RequestStatus } from '../../models/enums';
import { defineMachine } from './machine';

export type VoucherRefundStatusValue = Of<typeof RequestStatus>;

export const voucherRefundMachine = defineMachine<VoucherRefundStatusValue>({
  REQUESTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['COMPLETED'],
  REJECTED: [],
  COMPLETED: [],
  CANCELLED: [],
});

/** The moves the status call allows (the machine's table, as the API has exported it since issue 15). */
export const APPLICATION_VOUCHER_TRANSITIONS = voucherRefundMachine.transitions;

/** What the status call offers from `status`. */
export const nextVoucherRefundStatuses = (status: VoucherRefundStatusValue): VoucherRefundStatusValue[] => voucherRefundMachine.next(status);

/** A voucher refund is edited only while it is requested (the API answers INVALID_STATUS otherwise). */
export const isVoucherRefundEditable = (refund: { status: string }) => refund.status === 'REQUESTED';
