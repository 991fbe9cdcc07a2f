/**
 * The answers of /api/withdrawals (platform spec §7; back-office spec §3 "Withdrawal"; issue 18): a
 * withdrawal of one kind with the engine's figures, its preview (the same engine call the approval
 * makes) and the summary. The console's WithdrawalRecord is `z.infer` of `withdrawalAnswer`.
 */
import { z } from 'zod';
import { RequestStatus, WithdrawalKind } from '../../models/enums';
import { dollars, id, isoDate, page, personRef, timestamp, updatedBy } from './common';

const settings = z.object({ cancellationDays: z.number().int(), roundUpToPercent: z.number().int(), fullResponsibilityAtPercent: z.number().int() }).strict();

/** GET /withdrawals/{id}, POST /withdrawals/{kind}, PATCH …/status, PATCH …/auto_pay. */
export const withdrawalAnswer = z
  .object({
    id,
    kind: z.enum(WithdrawalKind),
    studentId: id,
    applicationId: id,
    programId: id.nullable(),
    cohortId: id.nullable(),
    /** The classes left by it. */
    cohortIds: z.array(id),
    partial: z.boolean(),
    requestedBy: z.enum(['STAFF', 'STUDENT']),
    status: z.enum(RequestStatus),
    reason: z.string().nullable(),
    comments: z.string().nullable(),
    /** The last date of attendance: the effective date of the figures. */
    withdrawalDate: isoDate,
    tuitionResponsibility: dollars,
    reductionAmount: dollars,
    amountToBeRefund: dollars,
    amountRefunded: dollars,
    taxToBeRefund: dollars,
    taxRefunded: dollars,
    reissuedAmount: dollars,
    installmentAmount: dollars.nullable(),
    autoPay: z.boolean(),
    refundId: id.nullable(),
    reissuedPlanId: id.nullable(),
    decidedAt: timestamp.nullable(),
    student: personRef.nullable(),
    program: z.object({ id, name: z.string() }).strict().nullable(),
    cohort: z.object({ id, label: z.string() }).strict().nullable(),
    updatedBy,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswer>;

/** GET /withdrawals, POST /withdrawals/find_by_criteria. */
export const withdrawalPage = page(withdrawalAnswer);

/** POST /withdrawals/{kind}/preview: what approving would move, nothing saved. */
export const withdrawalPreviewAnswer = z
  .object({
    kind: z.enum(WithdrawalKind),
    applicationId: id,
    withdrawalDate: isoDate,
    cohortIds: z.array(id),
    partial: z.boolean(),
    applicationStatus: z.enum(['WITHDRAWN', 'PARTIAL_WITHDRAWN']),
    settings,
    planId: id.nullable(),
    paid: dollars,
    charges: dollars,
    /** Within the cancellation window, or before the classes start: the registration fee only. */
    cancellation: z.boolean(),
    tuitionResponsibility: dollars,
    reductionAmount: dollars,
    amountToBeRefund: dollars,
    taxToBeRefund: dollars,
    reissuedAmount: dollars,
    installmentAmount: dollars.nullable(),
    courses: z.array(
      z
        .object({
          cohortId: id,
          programId: id,
          label: z.string().nullable(),
          startDate: isoDate.nullable(),
          endDate: isoDate.nullable(),
          withdrawn: z.boolean(),
          percent: z.number().nullable(),
          tuitionResponsibility: dollars.nullable(),
        })
        .strict(),
    ),
    /** The reissued WITHDRAWAL plan's schedule (empty when nothing stays owed). */
    schedule: z.array(z.object({ number: z.number().int(), dueDate: isoDate, amount: dollars, balance: dollars }).strict()),
  })
  .strict();
export type WithdrawalPreviewAnswer = z.infer<typeof withdrawalPreviewAnswer>;

/** POST /withdrawals/summary. */
export const withdrawalSummaryAnswer = z
  .object({
    total: z.number().int().min(0),
    statuses: z.array(z.object({ status: z.string(), count: z.number().int() }).strict()),
    tuitionResponsibility: dollars,
    reductionAmount: dollars,
    amountToBeRefund: dollars,
    amountRefunded: dollars,
    taxToBeRefund: dollars,
    taxRefunded: dollars,
  })
  .strict();

export type WithdrawalSummaryAnswer = z.infer<typeof withdrawalSummaryAnswer>;

/** GET /withdrawals/settings. */
export const withdrawalSettingsAnswer = z.array(settings.extend({ kind: z.enum(WithdrawalKind), updatedBy }).strict());
export const withdrawalSettingAnswer = settings.extend({ kind: z.enum(WithdrawalKind), updatedBy }).strict();
export type WithdrawalSettingAnswer = z.infer<typeof withdrawalSettingAnswer>;
