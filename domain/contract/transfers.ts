/**
 * The answers of /api/transfers (platform spec §7; back-office spec §3 "Transfer"; issue 18): a
 * transfer with the engine's money, its preview (the same engine call the acceptance makes) and the
 * summary. The console's TransferRecord is `z.infer` of `transferAnswer`.
 */
import { z } from 'zod';
import { BusinessCategoryName, TransferStatus } from '../../models/enums';
import { dollars, id, isoDate, page, personRef, timestamp, updatedBy } from './common';

const productRef = z.object({ id, name: z.string() }).strict().nullable();

/** GET /transfers/{id}, POST /transfers, PATCH …/status, PATCH …/accept_terms. */
export const transferAnswer = z
  .object({
    id,
    studentId: id,
    applicationId: id,
    /** The original enrollment's application (the limit of 2 counts per it). */
    rootApplicationId: id,
    originProductId: id,
    originCohortId: id.nullable(),
    destinationProductId: id,
    destinationCohortId: id,
    destinationProductPaymentPlanId: id,
    /** The new ENROLLED application, once accepted. */
    newApplicationId: id.nullable(),
    transferNumber: z.number().int().min(1),
    requestedBy: z.enum(['STAFF', 'STUDENT']),
    status: z.enum(TransferStatus),
    transferFee: dollars,
    tuitionRollover: dollars,
    excessRefund: dollars,
    newPrincipal: dollars,
    reason: z.string().nullable(),
    comments: z.string().nullable(),
    termsAcceptedAt: timestamp.nullable(),
    decidedAt: timestamp.nullable(),
    refundId: id.nullable(),
    student: personRef.nullable(),
    originProduct: productRef,
    destinationProduct: productRef,
    destinationCohort: z.object({ id, label: z.string(), startDate: isoDate.nullable(), endDate: isoDate.nullable() }).strict().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type TransferAnswer = z.infer<typeof transferAnswer>;

/** GET /transfers, POST /transfers/find_by_criteria. */
export const transferPage = page(transferAnswer);

/** POST /transfers/preview: the money a transfer would move and the new plan's schedule, nothing saved. */
export const transferPreviewAnswer = z
  .object({
    applicationId: id,
    destinationProductId: id,
    destinationCohortId: id,
    productPaymentPlanId: id,
    transferNumber: z.number().int().min(1),
    paid: dollars,
    transferFee: dollars,
    tuitionRollover: dollars,
    excessRefund: dollars,
    newPrincipal: dollars,
    oldPlanBalance: dollars,
    schedule: z.array(
      z
        .object({ number: z.number().int(), kind: z.enum(['DEPOSIT', 'INSTALLMENT']), dueDate: isoDate, principal: dollars, interest: dollars, amount: dollars, balance: dollars })
        .strict(),
    ),
    totalInterest: dollars,
    totalOwed: dollars,
  })
  .strict();
export type TransferPreviewAnswer = z.infer<typeof transferPreviewAnswer>;

/** POST /transfers/summary. */
export const transferSummaryAnswer = z
  .object({
    total: z.number().int().min(0),
    statuses: z.array(z.object({ status: z.string(), count: z.number().int() }).strict()),
    transferFee: dollars,
    tuitionRollover: dollars,
  })
  .strict();
export type TransferSummaryAnswer = z.infer<typeof transferSummaryAnswer>;

/**
 * GET /transfers/destinations?applicationId=: where the application may be transferred — published
 * products selling a class of its business category that has not ended and is not one of its own
 * classes (nor one the student is already enrolled in), each with those classes and its plans. The
 * application's business category comes with it (the portal picks the withdrawal kind from it).
 */
export const transferDestinationsAnswer = z
  .object({
    applicationId: id,
    businessCategory: z.enum(BusinessCategoryName).nullable(),
    products: z.array(
      z
        .object({
          id,
          name: z.string(),
          cohorts: z.array(z.object({ id, label: z.string(), startDate: isoDate.nullable(), endDate: isoDate.nullable() }).strict()),
          paymentPlans: z.array(z.object({ id, name: z.string() }).strict()),
        })
        .strict(),
    ),
  })
  .strict();
export type TransferDestinationsAnswer = z.infer<typeof transferDestinationsAnswer>;
