import { z } from 'zod';
import { booleanish, id } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/** Schedule entries sort on indexed columns only; by due date by default (the oldest first). */
export const scheduleSortable = { id: 'id', ID: 'id', dueDate: 'dueDate', DUE_DATE: 'dueDate', amount: 'amount', AMOUNT: 'amount' };
export const scheduleListQuery = pagingQuery({ sortable: scheduleSortable, defaultSort: 'dueDate', keyword: false });

/** POST /payment_schedules/find_by_criteria keys; `students` (student ids) go through the plans. */
export const scheduleCriteria: CriteriaSpec = {
  students: { kind: 'ids', column: 'studentId' },
  statuses: { kind: 'in', column: 'status' },
  dueDate: { kind: 'dateRange', column: 'dueDate' },
  amount: { kind: 'range', column: 'amount' },
  planIds: { kind: 'ids', column: 'studentPaymentPlanId' },
  paymentMethodIds: { kind: 'ids', column: 'paymentMethodId' },
};
export const scheduleCriteriaSchema = criteriaSchema(scheduleCriteria);
export type ScheduleCriteria = z.output<typeof scheduleCriteriaSchema>;

export const scheduleIdParams = z.object({ id: id() });

/** GET /payment_schedules/{id}/export: add the student's full name and address columns when true. */
export const scheduleExportQuery = z.object({ fullName: booleanish().default(false), address: booleanish().default(false) }).strict();
export type ScheduleExportQuery = z.output<typeof scheduleExportQuery>;
