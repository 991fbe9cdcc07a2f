/**
 * The answers of /api/external_payments (back-office spec §3, §9): a check, wire or other payment
 * staff recorded on a schedule entry, PENDING until decided (domain/state/external-payments.ts).
 * The console's ExternalPaymentRecord is `z.infer` of `externalPaymentAnswer`.
 */
import { z } from 'zod';
import { ExternalPaymentStatus, ManualPaymentMethod, StudentPaymentPlanStatus } from '../../models/enums';
import { dollars, id, isoDate, page, personRef, timestamp, updatedBy } from './common';

/** GET /external_payments/{id}, PATCH …/status, PUT …/payment-amount. */
export const externalPaymentAnswer = z
  .object({
    id,
    studentId: id,
    applicationId: id,
    studentPaymentPlanId: id,
    paymentScheduleId: id.nullable(),
    method: z.enum(ManualPaymentMethod),
    paymentAmount: dollars,
    paymentDate: isoDate,
    referenceNumber: z.string().nullable(),
    comment: z.string().nullable(),
    status: z.enum(ExternalPaymentStatus),
    /** The Payment created when it was accepted. */
    paymentId: id.nullable(),
    student: personRef.nullable(),
    plan: z
      .object({ id, name: z.string().nullable(), status: z.enum(StudentPaymentPlanStatus), balance: dollars })
      .strict()
      .nullable(),
    schedule: z.object({ id, number: z.number().int(), dueDate: isoDate, status: z.string() }).strict().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type ExternalPaymentAnswer = z.infer<typeof externalPaymentAnswer>;

/** GET /external_payments, POST /external_payments/find_by_criteria. */
export const externalPaymentPage = page(externalPaymentAnswer);
