import { z } from 'zod';
import { TransferStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { MAX_TRANSFER_FEE_CENTS } from '../../domain/rules/transfers';
import { id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';
import { dollarsCentsOrZero } from '../refunds/refunds.schemas';

/** Sorting on indexed columns only; newest first by default. */
export const transferSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  transferFee: 'transferFee',
  TRANSFER_FEE: 'transferFee',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const transferPaging = { sortable: transferSortable, defaultDescending: true };
export const transferListQuery = pagingQuery(transferPaging);

/** POST /transfers/find_by_criteria and /summary keys (back-office spec §3 "Transfer" filters). */
export const transferCriteria: CriteriaSpec = {
  statuses: { kind: 'in', column: 'status', values: TransferStatus },
  students: { kind: 'ids', column: 'studentId' },
  originProduct: { kind: 'ids', column: 'originProductId' },
  destinationProduct: { kind: 'ids', column: 'destinationProductId' },
  transferFee: { kind: 'range', column: 'transferFee' },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const transferCriteriaSchema = criteriaSchema(transferCriteria);
export type TransferCriteria = z.output<typeof transferCriteriaSchema>;

export const transferIdParams = z.object({ id: id() });

/**
 * POST /transfers and /transfers/preview: the application, the target product (its first class and
 * plan unless chosen), the fee (dollars, 0–300; the first transfer is free whatever is asked), why.
 */
export const transferBody = z
  .object({
    applicationId: id(),
    destinationProductId: id(),
    destinationCohortId: id().optional(),
    productPaymentPlanId: id().optional(),
    transferFee: dollarsCentsOrZero().optional(),
    reason: optionalText(255),
    comments: optionalText(2000),
  })
  .strict();
export type TransferInput = z.output<typeof transferBody>;

/** PATCH /transfers/{id}: the fee staff set on a PENDING transfer (dollars, 0–300; the first transfer stays free). */
export const transferFeeBody = z.object({ transferFee: dollarsCentsOrZero().refine((cents) => cents <= MAX_TRANSFER_FEE_CENTS, Messages.INVALID_VALUE) }).strict();

/** PATCH /transfers/{id}/status?status=ACCEPTED|REJECTED. */
export const transferStatusQuery = z
  .object({ status: z.enum(['ACCEPTED', 'REJECTED'], { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) })
  .strict();

/** GET /transfers/destinations?applicationId=. */
export const transferDestinationsQuery = z.object({ applicationId: id() }).strict();
