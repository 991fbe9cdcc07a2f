/**
 * The answers of /api/refund_queues (back-office spec §9; domain rules "Withdrawals and refunds"): a
 * refund owed to a student, REQUESTED → APPROVED → submitted (domain/state/refunds.ts), with its
 * movements. The console's RefundRecord is `z.infer` of `refundAnswer`.
 */
import { z } from 'zod';
import { ApplicationStatus, RefundMoneyStatus, RefundSource, RefundType, RequestStatus } from '../../models/enums';
import { dollars, id, page, personRef, refundAmounts, timestamp, updatedBy } from './common';

/** One movement of a refund: the external part, or a gateway refund against one original card payment. */
export const refundTransactionAnswer = z
  .object({
    id,
    refundId: id,
    paymentId: id.nullable(),
    kind: z.enum(['EXTERNAL', 'ONLINE']),
    amount: dollars,
    tax: dollars,
    total: dollars,
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    gateway: z.string().nullable(),
    gatewayRefundId: z.string().nullable(),
    referenceNumber: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: timestamp,
  })
  .strict();
export type RefundTransactionAnswer = z.infer<typeof refundTransactionAnswer>;

/** GET /refund_queues/{id} (with its movements), PUT, PATCH …/status, POST …/submit. */
export const refundAnswer = z
  .object({
    id,
    applicationId: id,
    studentId: id,
    studentPaymentPlanId: id.nullable(),
    source: z.enum(RefundSource),
    sourceId: id.nullable(),
    status: z.enum(RequestStatus),
    refundStatus: z.enum(RefundMoneyStatus),
    refundType: z.enum(RefundType).nullable(),
    ...refundAmounts,
    referenceNumber: z.string().nullable(),
    comments: z.string().nullable(),
    approvedAt: timestamp.nullable(),
    submittedAt: timestamp.nullable(),
    student: personRef.nullable(),
    application: z
      .object({ id, status: z.enum(ApplicationStatus), product: z.object({ id, name: z.string() }).strict().nullable() })
      .strict()
      .nullable(),
    /** Present on the single-refund answers, absent from the list's rows. */
    transactions: z.array(refundTransactionAnswer).optional(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type RefundAnswer = z.infer<typeof refundAnswer>;

/** GET /refund_queues, POST /refund_queues/find_by_criteria. */
export const refundPage = page(refundAnswer);
