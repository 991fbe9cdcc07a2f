import { z } from 'zod';
import { RefundMoneyStatus, RefundSource, RefundType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec, type PagingQuery } from '../common/list';
import { hasWholeCents, MAX_AMOUNT, toCents } from '../../domain/money';

/** The largest amount a request body takes (DECIMAL(12,2) leaves room; the contract's bound). */
export const MAX_DOLLARS = MAX_AMOUNT;

const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/**
 * Dollars in a request body (a number, or numeric text): above zero, at most two decimals, at most
 * 999,999,999.99; answered as integer cents. Missing → 'This field is required'.
 */
export const dollarsCents = () =>
  z
    .preprocess(
      numeric,
      z
        .number({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) })
        .positive(Messages.INVALID_VALUE)
        .max(MAX_DOLLARS, Messages.INVALID_VALUE)
        .refine(hasWholeCents, Messages.INVALID_VALUE),
    )
    .transform((v) => toCents(v));

/** Like `dollarsCents` but zero is allowed (a tax amount). */
export const dollarsCentsOrZero = () =>
  z
    .preprocess(
      numeric,
      z
        .number({ error: (i) => (i.input === undefined || i.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) })
        .min(0, Messages.INVALID_VALUE)
        .max(MAX_DOLLARS, Messages.INVALID_VALUE)
        .refine(hasWholeCents, Messages.INVALID_VALUE),
    )
    .transform((v) => toCents(v));

/** Sorting on indexed columns only; the refund queue lists newest first (back-office spec §9 paging). */
export const refundSortable = {
  id: 'id',
  ID: 'id',
  status: 'status',
  STATUS: 'status',
  amountToBeRefunded: 'amountToBeRefunded',
  AMOUNT_TO_BE_REFUNDED: 'amountToBeRefunded',
  amountRefunded: 'amountRefunded',
  AMOUNT_REFUNDED: 'amountRefunded',
  totalToBeRefunded: 'totalToBeRefunded',
  TOTAL_TO_BE_REFUNDED: 'totalToBeRefunded',
  updatedAt: 'updatedAt',
  UPDATED_AT: 'updatedAt',
};
export const refundPaging = { sortable: refundSortable, defaultDescending: true };
/** The student of /students/{id}/refunds. */
export const studentRefundParams = z.object({ id: id() });

/** GET /refund_queues: paging, keyword (student name or email, ids) and `applicationId`. */
export const refundListQuery = pagingQuery(refundPaging, { applicationId: id().optional() });
export type RefundListQuery = PagingQuery & { applicationId?: number };
/** GET /students/{id}/refunds: paging and `applicationId`; one student's refunds are not searched (no keyword). */
export const studentRefundQuery = pagingQuery({ ...refundPaging, keyword: false }, { applicationId: id().optional() });
/** find_by_criteria paging (the criteria are in the body). */
export const refundCriteriaQuery = pagingQuery(refundPaging);

/** POST /refund_queues/find_by_criteria keys (back-office spec §3 "Refund"). */
export const refundCriteria: CriteriaSpec = {
  applicationId: { kind: 'eq', column: 'applicationId', type: 'number' },
  students: { kind: 'ids', column: 'studentId' },
  sources: { kind: 'in', column: 'source', values: RefundSource },
  statuses: { kind: 'in', column: 'status', values: ['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED'] },
  refundStatuses: { kind: 'in', column: 'refundStatus', values: RefundMoneyStatus },
  amountToBeRefunded: { kind: 'range', column: 'amountToBeRefunded' },
  amountRefunded: { kind: 'range', column: 'amountRefunded' },
  taxToBeRefunded: { kind: 'range', column: 'taxToBeRefunded' },
  taxRefunded: { kind: 'range', column: 'taxRefunded' },
  updatedBy: { kind: 'ids', column: 'updatedById' },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
};
export const refundCriteriaSchema = criteriaSchema(refundCriteria);
export type RefundCriteria = z.output<typeof refundCriteriaSchema>;

export const refundIdParams = z.object({ id: id() });

/** PATCH /refund_queues/{id}/status?status=: the decisions staff take on a REQUESTED item. */
export const refundStatusQuery = z
  .object({
    status: z.enum(['APPROVED', 'REJECTED', 'CANCELLED'], { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
  })
  .strict();

/**
 * POST /refund_queues: a CUSTOM refund of an application. `source` may be sent but only CUSTOM is
 * created here (the others come from withdrawals and vouchers: 409 INVALID_SOURCE).
 */
export const refundCreateBody = z
  .object({
    applicationId: id(),
    source: z.enum(RefundSource, { error: Messages.INVALID_VALUE }).optional(),
    amountToBeRefunded: dollarsCents(),
    taxToBeRefunded: dollarsCentsOrZero().optional(),
    comments: optionalText(2000),
  })
  .strict();
export type RefundCreateInput = z.output<typeof refundCreateBody>;

/** PUT /refund_queues/{id} (REQUESTED only): what is sent changes, what is left out stays. */
export const refundUpdateBody = z
  .object({
    amountToBeRefunded: dollarsCents().optional(),
    taxToBeRefunded: dollarsCentsOrZero().optional(),
    comments: optionalText(2000),
  })
  .strict();
export type RefundUpdateInput = z.output<typeof refundUpdateBody>;

/** POST /refund_queues/{id}/external: money given back outside the gateway (check, wire); the amount defaults to what is left. */
export const refundExternalBody = z
  .object({
    amount: dollarsCents().optional(),
    referenceNumber: optionalText(100),
    comment: optionalText(2000),
  })
  .strict();
export type RefundExternalInput = z.output<typeof refundExternalBody>;

/**
 * POST /refund_queues/{id}/submit: EXTERNAL or ONLINE give back what is left (or the amount sent for
 * that part); MIXED needs both amounts, their sum at most what is left.
 */
export const refundSubmitBody = z
  .object({
    refundType: z.enum(RefundType, { error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    externalAmount: dollarsCents().optional(),
    onlineAmount: dollarsCents().optional(),
    referenceNumber: optionalText(100),
    comment: optionalText(2000),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.refundType === 'MIXED') {
      if (v.externalAmount === undefined) ctx.addIssue({ code: 'custom', path: ['externalAmount'], message: Messages.REQUIRED });
      if (v.onlineAmount === undefined) ctx.addIssue({ code: 'custom', path: ['onlineAmount'], message: Messages.REQUIRED });
    }
    if (v.refundType === 'EXTERNAL' && v.onlineAmount !== undefined) ctx.addIssue({ code: 'custom', path: ['onlineAmount'], message: Messages.INVALID_VALUE });
    if (v.refundType === 'ONLINE' && v.externalAmount !== undefined) ctx.addIssue({ code: 'custom', path: ['externalAmount'], message: Messages.INVALID_VALUE });
  });
export type RefundSubmitInput = z.output<typeof refundSubmitBody>;
