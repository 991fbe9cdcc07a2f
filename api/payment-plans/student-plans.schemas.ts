import { z } from 'zod';
import { FinancialStatus, PaymentPlanSource, PaymentPlanType, StudentPaymentPlanStatus } from '../../models/enums';
import { Messages } from '../../models/messages';
import { booleanish, id, optionalText, requiredText } from '../../models/validation';
import { moneyCents } from '../../domain/contract/fields';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

/**
 * Sorting on indexed columns (migrations 0006/0007), except days overdue and financial status: the
 * plan's standing today (billing/standing.ts). Plans list oldest first by default.
 */
export const studentPlanSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  financialStatus: 'financialStatus',
  FINANCIAL_STATUS: 'financialStatus',
  daysOverdue: 'daysOverdue',
  DAYS_OVERDUE: 'daysOverdue',
  balance: 'balance',
  BALANCE: 'balance',
  totalPaid: 'totalPaid',
  TOTAL_PAID: 'totalPaid',
  pastDueAmount: 'pastDueAmount',
  PAST_DUE_AMOUNT: 'pastDueAmount',
  nextDueDate: 'nextDueDate',
  NEXT_DUE_DATE: 'nextDueDate',
  firstPaymentDate: 'firstPaymentDate',
  FIRST_PAYMENT_DATE: 'firstPaymentDate',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const studentPlanPaging = { sortable: studentPlanSortable };
export const studentPlanListQuery = pagingQuery(studentPlanPaging);

/**
 * find_by_criteria keys of /payment_plans (and of financial_status, financial_status_csv). `students`
 * are student ids; ranges are dollars; `nextDueDate` and `updatedAt` are date ranges.
 */
export const studentPlanCriteria: CriteriaSpec = {
  students: { kind: 'ids', column: 'studentId' },
  applicationIds: { kind: 'ids', column: 'applicationId' },
  statuses: { kind: 'in', column: 'status', values: StudentPaymentPlanStatus },
  /** The standing today (billing/standing.ts): read by the service as a subquery, not the stored column. */
  financialStatuses: { kind: 'in', column: '_financialStatus', values: FinancialStatus },
  paymentPlanTypes: { kind: 'in', column: 'paymentPlanType', values: PaymentPlanType },
  autoPay: { kind: 'eq', column: 'autoPay', type: 'boolean' },
  migrated: { kind: 'eq', column: 'migrated', type: 'boolean' },
  paymentAccountBlocked: { kind: 'eq', column: 'paymentAccountBlocked', type: 'boolean' },
  bankruptcy: { kind: 'eq', column: 'bankruptcy', type: 'boolean' },
  balance: { kind: 'range', column: 'balance' },
  totalPaid: { kind: 'range', column: 'totalPaid' },
  daysOverdue: { kind: 'range', column: '_daysOverdue' },
  nextDueDate: { kind: 'dateRange', column: 'nextDueDate' },
  sources: { kind: 'in', column: 'source', values: PaymentPlanSource },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const studentPlanCriteriaSchema = criteriaSchema(studentPlanCriteria);
export type StudentPlanCriteria = z.output<typeof studentPlanCriteriaSchema>;

/** POST /payment_plans/find_by_keyword. */
export const findByKeywordBody = z.object({ keyword: z.string().trim().max(100).nullish() }).strict();

export const planIdParams = z.object({ id: id() });
export const planMethodParams = z.object({ id: id(), methodId: id() });
export const studentIdParams = z.object({ id: id() });

/** An installment above zero (cents), or left out. */
const positiveCents = () =>
  moneyCents().superRefine((c, ctx) => {
    if (c !== null && c !== undefined && c <= 0) ctx.addIssue({ code: 'custom', message: Messages.INVALID_VALUE });
  });

/**
 * PUT /payment_plans/{id}: what staff may edit. The money term (installmentAmount) only while nothing
 * has been paid (the service refuses it after); the name, description and auto-pay at any time.
 */
export const studentPlanUpdateBody = z
  .object({
    name: requiredText(255).optional(),
    description: optionalText(2000),
    autoPay: z.boolean().optional(),
    installmentAmount: positiveCents(),
  })
  .strict();
export type StudentPlanUpdate = z.output<typeof studentPlanUpdateBody>;

const requiredFlag = () => z.boolean({ error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) });
export const blockedBody = z.object({ paymentAccountBlocked: requiredFlag() }).strict();
export const bankruptcyBody = z.object({ bankruptcy: requiredFlag() }).strict();
export const autoPayBody = z.object({ autoPay: requiredFlag() }).strict();
export const financialStatusBody = z
  .object({ financialStatus: z.enum(FinancialStatus, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }) })
  .strict();

/** GET /payment_plans/export: which plans (all by default). */
export const planExportQuery = z
  .object({
    status: z.enum(StudentPaymentPlanStatus).optional(),
    financialStatus: z.enum(FinancialStatus).optional(),
    migrated: booleanish().optional(),
  })
  .strict();
export type PlanExportQuery = z.output<typeof planExportQuery>;
