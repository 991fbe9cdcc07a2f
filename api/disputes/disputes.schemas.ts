import { z } from 'zod';
import { DisputeStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/** Sorting on indexed columns only; disputed payments list newest first (back-office spec §9 paging). */
export const disputeSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  amount: 'amount',
  AMOUNT: 'amount',
  createdAt: 'createdAt',
  CREATED_AT: 'createdAt',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const disputeListQuery = pagingQuery({ sortable: disputeSortable, defaultDescending: true, keyword: false });

/** POST /disputes/find_by_criteria (back-office spec §3 "Disputed payment filter": email, status). */
export const disputeCriteria: CriteriaSpec = {
  email: { kind: 'prefix', column: 'email' },
  statuses: { kind: 'in', column: 'status', values: DisputeStatus },
  students: { kind: 'ids', column: 'studentId' },
};
export const disputeCriteriaSchema = criteriaSchema(disputeCriteria);
export type DisputeCriteria = z.output<typeof disputeCriteriaSchema>;

export const disputeIdParams = z.object({ id: id() });

/** PATCH /disputes/{id}/verify: how the dispute ended (WON keeps the payment; LOST reverses it). */
export const disputeVerifyBody = z
  .object({
    status: z.enum(['WON', 'LOST'], { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    comment: optionalText(2000),
  })
  .strict();
export type DisputeVerifyInput = z.output<typeof disputeVerifyBody>;
