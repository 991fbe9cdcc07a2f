/**
 * The machine of a check, wire or other payment staff record (back-office spec §9): PENDING →
 * ACCEPTED (applied to the plan) | REJECTED; a decided one stays as it is. Its amount is corrected
 * only while PENDING. api/external-payments enforces it; the console offers it.
 */
import type { ExternalPaymentStatus, Of } from '../../models/enums';
import { defineMachine } from './machine';

export type ExternalPaymentStatusValue = Of<typeof ExternalPaymentStatus>;

export const externalPaymentMachine = defineMachine<ExternalPaymentStatusValue>({
  PENDING: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: [],
  REJECTED: [],
});

/** What the status call (PATCH /external_payments/{id}/status) offers from `status`. */
export const nextExternalPaymentStatuses = (status: ExternalPaymentStatusValue): ExternalPaymentStatusValue[] => externalPaymentMachine.next(status);

/** The amount is corrected while the payment is PENDING (the API answers ALREADY_PROCESSED otherwise). */
export const isExternalPaymentAmountEditable = (payment: { status: string }) => payment.status === 'PENDING';
