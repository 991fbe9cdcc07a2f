/**
 * The answers of /api/failed_payments (back-office spec §3 "Failed payment filters"): a charge the
 * school made that did not go through, FAILED until a later payment settles it (RESOLVED,
 * domain/state/failed-payments.ts), with its student, plan (and its standing) and schedule entry.
 * The console's FailedPaymentRecord is `z.infer` of `failedPaymentAnswer`.
 */
import { z } from 'zod';
import { FailedPaymentSource, FailedPaymentStatus, FinancialStatus, StudentPaymentPlanStatus } from '../../models/enums';
import { dollars, id, isoDate, page, personRef, timestamp, updatedBy } from './common';

/** GET /failed_payments/{id}. */
export const failedPaymentAnswer = z
  .object({
    id,
    studentId: id,
    applicationId: id,
    studentPaymentPlanId: id,
    paymentScheduleId: id.nullable(),
    paymentId: id.nullable(),
    source: z.enum(FailedPaymentSource),
    status: z.enum(FailedPaymentStatus),
    amountToBePaid: dollars,
    failureMessage: z.string().nullable(),
    attempts: z.number().int().min(0),
    failedAt: timestamp,
    nextRetryDate: isoDate.nullable(),
    resolvedAt: timestamp.nullable(),
    student: personRef.extend({ mobilePhone: z.string().nullable() }).strict().nullable(),
    plan: z
      .object({
        id,
        name: z.string().nullable(),
        status: z.enum(StudentPaymentPlanStatus),
        autoPay: z.boolean(),
        daysOverdue: z.number().int().min(0),
        pastDueAmount: dollars,
        balance: dollars,
        financialStatus: z.enum(FinancialStatus),
        paymentMethodId: id.nullable(),
        nextDueDate: isoDate.nullable(),
      })
      .strict()
      .nullable(),
    schedule: z.object({ id, number: z.number().int(), dueDate: isoDate, status: z.string() }).strict().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type FailedPaymentAnswer = z.infer<typeof failedPaymentAnswer>;

/** POST /failed_payments/find_by_criteria. */
export const failedPaymentPage = page(failedPaymentAnswer);
