import { z } from 'zod';
import { RequestStatus, WithdrawalKind } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';
import { dollarsCents } from '../refunds/refunds.schemas';

/** Sorting on indexed columns only; newest first by default (back-office spec §9 paging). */
export const withdrawalSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  tuitionResponsibility: 'tuitionResponsibility',
  TUITION_RESPONSIBILITY: 'tuitionResponsibility',
  reductionAmount: 'reductionAmount',
  REDUCTION_AMOUNT: 'reductionAmount',
  amountToBeRefund: 'amountToBeRefund',
  AMOUNT_TO_BE_REFUND: 'amountToBeRefund',
  amountRefunded: 'amountRefunded',
  AMOUNT_REFUNDED: 'amountRefunded',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const withdrawalPaging = { sortable: withdrawalSortable, defaultDescending: true };
export const withdrawalListQuery = pagingQuery(withdrawalPaging);

/** POST /withdrawals/find_by_criteria and /summary keys (back-office spec §3 "Withdrawal" filters). */
export const withdrawalCriteria: CriteriaSpec = {
  students: { kind: 'ids', column: 'studentId' },
  program: { kind: 'ids', column: 'programId' },
  cohort: { kind: 'ids', column: 'cohortId' },
  statuses: { kind: 'in', column: 'status', values: RequestStatus },
  kinds: { kind: 'in', column: 'kind', values: WithdrawalKind },
  reason: { kind: 'prefix', column: 'reason' },
  tuitionResponsibility: { kind: 'range', column: 'tuitionResponsibility' },
  reductionAmount: { kind: 'range', column: 'reductionAmount' },
  amountToBeRefund: { kind: 'range', column: 'amountToBeRefund' },
  amountRefunded: { kind: 'range', column: 'amountRefunded' },
  taxToBeRefund: { kind: 'range', column: 'taxToBeRefund' },
  taxRefunded: { kind: 'range', column: 'taxRefunded' },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const withdrawalCriteriaSchema = criteriaSchema(withdrawalCriteria);
export type WithdrawalCriteria = z.output<typeof withdrawalCriteriaSchema>;

const kind = z.enum(WithdrawalKind, { error: () => Messages.INVALID_VALUE });
export const withdrawalIdParams = z.object({ id: id() });
export const withdrawalKindParams = z.object({ kind });
export const withdrawalKindIdParams = z.object({ kind, id: id() });

const isoDay = z
  .string({ error: () => Messages.INVALID_DATE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, Messages.INVALID_DATE)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), Messages.INVALID_DATE);

/**
 * POST /withdrawals/{kind} and its preview: the application, the classes left (default: all its
 * active ones), the last date of attendance (default today), why, and — when something stays owed —
 * the reissued plan's installment (dollars in, cents out).
 */
export const withdrawalBody = z
  .object({
    applicationId: id(),
    cohortIds: z.array(id()).min(1, Messages.REQUIRED).max(50).optional(),
    withdrawalDate: isoDay.optional(),
    reason: optionalText(255),
    comments: optionalText(2000),
    installmentAmount: dollarsCents().nullish(),
  })
  .strict();
export type WithdrawalInput = z.output<typeof withdrawalBody>;

/** PATCH /withdrawals/{kind}/{id}/status?status=. */
export const withdrawalStatusQuery = z
  .object({ status: z.enum(['APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'], { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) })
  .strict();

/** PATCH /withdrawals/{id}/auto_pay: the reissued plan's auto-pay. */
export const withdrawalAutoPayBody = z.object({ autoPay: booleanish() }).strict();
