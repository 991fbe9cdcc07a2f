/**
 * The machine of a card dispute (back-office spec §9; platform spec §4 "Dispute verification applies
 * only to pending disputes"): the gateway opens it PENDING; staff verify it WON (the payment stays)
 * or LOST (the payment is charged back). A verified dispute stays as it is. api/disputes enforces it
 * (409 DISPUTE_NOT_PENDING); the console offers the verdicts only on a pending one.
 */
import type { DisputeStatus, Of } from '../../models/enums';
import { defineMachine } from './machine';

export type DisputeStatusValue = Of<typeof DisputeStatus>;
/** What verifying decides. */
export type DisputeVerdict = Exclude<DisputeStatusValue, 'PENDING'>;

export const disputeMachine = defineMachine<DisputeStatusValue>({
  PENDING: ['WON', 'LOST'],
  WON: [],
  LOST: [],
});

/** The verdicts PATCH /disputes/{id}/verify takes, in the order the console offers them. */
export const DISPUTE_VERDICTS: readonly DisputeVerdict[] = ['WON', 'LOST'];

/** Whether the dispute can still be verified (it is PENDING). */
export const isDisputeVerifiable = (dispute: { status: string }): boolean => DISPUTE_VERDICTS.some((v) => disputeMachine.can(dispute.status, v));
