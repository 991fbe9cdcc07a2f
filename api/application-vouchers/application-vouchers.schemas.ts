import { z } from 'zod';
import { RequestStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText } from '../../models/validation';
import { moneyCents } from '../../domain/contract/fields';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';

/** Sorting on indexed columns only; refunds list newest first by default (back-office spec §7 paging). */
export const applicationVoucherSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  totalToBeRefunded: 'totalToBeRefunded',
  TOTAL_TO_BE_REFUNDED: 'totalToBeRefunded',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const applicationVoucherPaging = { sortable: applicationVoucherSortable, defaultDescending: true };
export const applicationVoucherListQuery = pagingQuery(applicationVoucherPaging);
export type ApplicationVoucherListQuery = PagingQuery;

/** find_by_criteria keys; `studentIds` goes through the applications (read by the service). */
export const applicationVoucherCriteria: CriteriaSpec = {
  applicationId: { kind: 'eq', column: 'applicationId', type: 'number' },
  voucherIds: { kind: 'ids', column: 'voucherId' },
  studentIds: { kind: 'ids', column: 'studentId' },
  statuses: { kind: 'in', column: 'status', values: RequestStatus },
  totalToBeRefunded: { kind: 'range', column: 'totalToBeRefunded' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const applicationVoucherCriteriaSchema = criteriaSchema(applicationVoucherCriteria);
export type ApplicationVoucherCriteria = z.output<typeof applicationVoucherCriteriaSchema>;

export const applicationVoucherIdParams = z.object({ id: id() });
export const applicationVoucherStatusQuery = z
  .object({ status: z.enum(RequestStatus, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) })
  .strict();

/** Money above zero (cents), or left out. */
const positiveCents = () =>
  moneyCents().superRefine((c, ctx) => {
    if (c !== null && c !== undefined && c <= 0) ctx.addIssue({ code: 'custom', message: Messages.INVALID_VALUE });
  });

/**
 * POST body: the application and the voucher; `amountToBeRefunded` left out is the voucher's discount
 * on the application's principal; `taxToBeRefunded` defaults to 0. Dollars in, cents out.
 */
export const applicationVoucherCreateBody = z
  .object({
    applicationId: id(),
    voucherId: id(),
    comments: optionalText(2000),
    amountToBeRefunded: positiveCents(),
    taxToBeRefunded: moneyCents(),
  })
  .strict();
export type ApplicationVoucherCreateInput = z.output<typeof applicationVoucherCreateBody>;

/** PUT body (REQUESTED only): what is sent changes, what is left out stays; the application cannot change. */
export const applicationVoucherUpdateBody = z
  .object({
    applicationId: id().optional(),
    voucherId: id().optional(),
    comments: optionalText(2000),
    amountToBeRefunded: positiveCents(),
    taxToBeRefunded: moneyCents(),
  })
  .strict();
export type ApplicationVoucherUpdateInput = z.output<typeof applicationVoucherUpdateBody>;
