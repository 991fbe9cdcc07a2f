/**
 * The answers of /api/disputes (back-office spec §9): a card dispute the gateway reported on an
 * accepted payment, PENDING until staff verify it WON or LOST (domain/state/disputes.ts). The
 * console's DisputeRecord is `z.infer` of `disputeAnswer`.
 */
import { z } from 'zod';
import { DisputeStatus, PaymentChannel, PaymentStatus, PaymentType } from '../../models/enums';
import { dollars, id, isoDate, page, personRef, timestamp, updatedBy } from './common';

/** The disputed payment as the dispute carries it. */
export const disputedPaymentAnswer = z
  .object({
    id,
    applicationId: id.nullable(),
    type: z.enum(PaymentType),
    channel: z.enum(PaymentChannel),
    amount: dollars,
    refundedAmount: dollars,
    status: z.enum(PaymentStatus),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    paymentDate: isoDate,
    gatewayChargeId: z.string().nullable(),
  })
  .strict();

/** GET /disputes/{id}, PATCH …/verify. */
export const disputeAnswer = z
  .object({
    id,
    paymentId: id,
    studentId: id,
    studentPaymentPlanId: id,
    amount: dollars,
    reason: z.string().nullable(),
    status: z.enum(DisputeStatus),
    gateway: z.string().nullable(),
    gatewayDisputeId: z.string().nullable(),
    comment: z.string().nullable(),
    verifiedAt: timestamp.nullable(),
    student: personRef.nullable(),
    payment: disputedPaymentAnswer.nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type DisputeAnswer = z.infer<typeof disputeAnswer>;

/** POST /disputes/find_by_criteria. */
export const disputePage = page(disputeAnswer);
