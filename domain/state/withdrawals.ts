/**
 * The machines of transfers and withdrawals (domain rules "Transfers", "Withdrawals and refunds";
 * back-office spec §3 statuses). A transfer is PENDING until accepted (by the student for a staff
 * offer, by staff for a student's request) or rejected. A withdrawal is REQUESTED until staff approve,
 * reject or cancel it; an APPROVED one is COMPLETED once its refund went back (at once when there is
 * nothing to refund). api/transfers and api/withdrawals enforce them; the UIs offer only their moves.
 */
import type { Of, RequestStatus, TransferStatus } from '../../models/enums';
import { defineMachine } from './machine';

export type TransferStatusValue = Of<typeof TransferStatus>;
export type WithdrawalStatusValue = Of<typeof RequestStatus>;

export const transferMachine = defineMachine<TransferStatusValue>({
  PENDING: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: [],
  REJECTED: [],
});

export const withdrawalMachine = defineMachine<WithdrawalStatusValue>({
  REQUESTED: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['COMPLETED'],
  REJECTED: [],
  COMPLETED: [],
  CANCELLED: [],
});

/** The statuses in which a withdrawal blocks a new one of its application ('A pending withdrawal exists'). */
export const PENDING_WITHDRAWAL_STATUSES: readonly WithdrawalStatusValue[] = ['REQUESTED'];
/** The statuses in which a withdrawal holds its classes ('An active withdrawal already exists'). */
export const ACTIVE_WITHDRAWAL_STATUSES: readonly WithdrawalStatusValue[] = ['APPROVED', 'COMPLETED'];
