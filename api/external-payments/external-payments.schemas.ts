import { z } from 'zod';
import { ExternalPaymentStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';
import { dollarsCents } from '../refunds/refunds.schemas';

/** Sorting on indexed columns only; newest first by default. */
export const externalPaymentSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  paymentAmount: 'paymentAmount',
  PAYMENT_AMOUNT: 'paymentAmount',
  paymentDate: 'paymentDate',
  PAYMENT_DATE: 'paymentDate',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const externalPaymentPaging = { sortable: externalPaymentSortable, defaultDescending: true };
/** GET /external_payments and the criteria search's paging: keyword on student name or email, ids, reference number. */
export const externalPaymentListQuery = pagingQuery(externalPaymentPaging);

/** POST /external_payments/find_by_criteria keys (back-office spec §3 "External payment"). */
export const externalPaymentCriteria: CriteriaSpec = {
  students: { kind: 'ids', column: 'studentId' },
  statuses: { kind: 'in', column: 'status', values: ExternalPaymentStatus },
  paymentAmount: { kind: 'range', column: 'paymentAmount' },
  paymentDate: { kind: 'dateRange', column: 'paymentDate' },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const externalPaymentCriteriaSchema = criteriaSchema(externalPaymentCriteria);
export type ExternalPaymentCriteria = z.output<typeof externalPaymentCriteriaSchema>;

export const externalPaymentIdParams = z.object({ id: id() });

/** PATCH /external_payments/{id}/status?status=ACCEPTED|REJECTED. */
export const externalPaymentStatusQuery = z
  .object({ status: z.enum(['ACCEPTED', 'REJECTED'], { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) })
  .strict();

/** PUT /external_payments/{id}/payment-amount: the amount received (dollars in, cents out). */
export const externalPaymentAmountBody = z.object({ paymentAmount: dollarsCents() }).strict();
