import { z } from 'zod';
import { FailedPaymentSource, FailedPaymentStatus } from '../../models/enums';
import { booleanish, id } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/** Sorting on indexed columns only; newest first by default. */
export const failedPaymentSortable = {
  id: 'id',
  ID: 'id',
  failedAt: 'failedAt',
  FAILED_AT: 'failedAt',
  date: 'failedAt',
  DATE: 'failedAt',
  amountToBePaid: 'amountToBePaid',
  AMOUNT_TO_BE_PAID: 'amountToBePaid',
  nextRetryDate: 'nextRetryDate',
  NEXT_RETRY_DATE: 'nextRetryDate',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const failedPaymentListQuery = pagingQuery({ sortable: failedPaymentSortable, defaultDescending: true, keyword: false });

/**
 * POST /failed_payments/find_by_criteria (back-office spec §3 "Failed payment filters"). The keys the
 * generic layer handles on failed_payments' own columns; `name`, `email`, `mobilePhone` (the student),
 * `autoPay`, `pastDue`, `daysOverdue` (the plan) and `withPaymentMethod` (the student has a card) are
 * the service's.
 */
export const failedPaymentCriteria: CriteriaSpec = {
  sources: { kind: 'in', column: 'source', values: FailedPaymentSource },
  statuses: { kind: 'in', column: 'status', values: FailedPaymentStatus },
  date: { kind: 'dateRange', column: 'failedAt', dateTime: true },
  amountToBePaid: { kind: 'range', column: 'amountToBePaid' },
  students: { kind: 'ids', column: 'studentId' },
};
export const failedPaymentCriteriaSchema = criteriaSchema(failedPaymentCriteria).extend({
  name: z.string().trim().max(200).nullish(),
  email: z.string().trim().max(200).nullish(),
  mobilePhone: z.string().trim().max(40).nullish(),
  autoPay: booleanish().nullish(),
  pastDue: booleanish().nullish(),
  daysOverdue: z.object({ min: z.coerce.number().int().nullish(), max: z.coerce.number().int().nullish() }).strict().nullish(),
  withPaymentMethod: booleanish().nullish(),
});
type Range = { min?: number | null; max?: number | null } | null;
export type FailedPaymentCriteria = {
  sources?: string[] | null;
  statuses?: string[] | null;
  date?: { from?: string | null; to?: string | null } | null;
  amountToBePaid?: Range;
  students?: number[] | null;
  name?: string | null;
  email?: string | null;
  mobilePhone?: string | null;
  autoPay?: boolean | null;
  pastDue?: boolean | null;
  daysOverdue?: Range;
  withPaymentMethod?: boolean | null;
};

export const failedPaymentIdParams = z.object({ id: id() });
