import { z } from 'zod';
import type { Deps } from '../common/context';
import { route } from '../common/route';
import { Messages } from '../../models/messages';
import {
  withdrawalAnswer,
  withdrawalPage,
  withdrawalPreviewAnswer,
  withdrawalSettingAnswer,
  withdrawalSettingsAnswer,
  withdrawalSummaryAnswer,
} from '../../domain/contract/withdrawals';
import {
  withdrawalAutoPayBody,
  withdrawalBody,
  withdrawalCriteriaSchema,
  withdrawalIdParams,
  withdrawalKindIdParams,
  withdrawalKindParams,
  withdrawalListQuery,
  withdrawalStatusQuery,
} from './withdrawals.schemas';
import * as withdrawals from './withdrawals.service';

const percent = (max: number) =>
  z.coerce
    .number({ error: (i) => (i.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) })
    .int(Messages.INVALID_VALUE)
    .min(0, Messages.INVALID_VALUE)
    .max(max, Messages.INVALID_VALUE);
const settingsBody = z
  .object({ cancellationDays: percent(365), roundUpToPercent: percent(100).min(1, Messages.INVALID_VALUE), fullResponsibilityAtPercent: percent(100) })
  .strict();

/**
 * /api/withdrawals (platform spec §7 "Withdrawals"; issue 18). Staff need `withdrawals:read`,
 * `withdrawals:create`, `withdrawals:status`; a student lists, reads, previews and requests their own
 * (the request waits for staff) and may cancel it while REQUESTED.
 */
export function withdrawalRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: withdrawalPage,
      summary: 'Withdrawals (newest first; keyword on student name, email or ids; a student: their own)',
      access: 'withdrawals:read',
      self: () => true,
      query: withdrawalListQuery,
      handle: ({ query, auth }) => withdrawals.listWithdrawals(query, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: withdrawalPage,
      summary: 'Search withdrawals (students, program, cohort, statuses, kinds, reason, the money ranges, updatedBy, updatedAt)',
      access: 'withdrawals:read',
      query: withdrawalListQuery,
      body: withdrawalCriteriaSchema,
      handle: ({ query, body }) => withdrawals.findWithdrawalsByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/summary',
      answer: withdrawalSummaryAnswer,
      summary: 'How many withdrawals the criteria match per status, and their money',
      access: 'withdrawals:read',
      body: withdrawalCriteriaSchema,
      handle: ({ body }) => withdrawals.withdrawalsSummary(body),
    }),
    route({
      method: 'get',
      path: '/settings',
      answer: withdrawalSettingsAnswer,
      summary: "Each withdrawal kind's settings (cancellation days, rounding step, full responsibility from)",
      access: 'withdrawals:read',
      handle: () => withdrawals.listSettings(),
    }),
    route({
      method: 'put',
      path: '/settings/:kind',
      answer: withdrawalSettingAnswer,
      summary: "A withdrawal kind's settings",
      access: 'withdrawals:status',
      params: withdrawalKindParams,
      body: settingsBody,
      handle: ({ params, body, actor }) => withdrawals.updateSettings(params.kind, body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: withdrawalAnswer,
      summary: 'A withdrawal',
      access: 'withdrawals:read',
      self: () => true,
      params: withdrawalIdParams,
      handle: ({ params, auth }) => withdrawals.getWithdrawal(params.id, auth),
    }),
    route({
      method: 'patch',
      path: '/:id/auto_pay',
      answer: withdrawalAnswer,
      summary: "Auto-pay of the withdrawal's reissued plan",
      access: 'withdrawals:status',
      params: withdrawalIdParams,
      body: withdrawalAutoPayBody,
      handle: ({ params, body, actor }) => withdrawals.setWithdrawalAutoPay(params.id, body.autoPay, actor),
    }),
    route({
      method: 'post',
      path: '/:kind/preview',
      answer: withdrawalPreviewAnswer,
      summary:
        'What a withdrawal would move (responsibility, reduction, refund, the reissued plan), nothing saved (400 INVALID_INSTALLMENT_AMOUNT; 409 INVALID_STATUS, ACTIVE_WITHDRAWAL_EXISTS)',
      access: 'withdrawals:create',
      self: () => true,
      params: withdrawalKindParams,
      body: withdrawalBody,
      handle: ({ params, body, auth }) => withdrawals.previewWithdrawal(params.kind, body, auth),
    }),
    route({
      method: 'post',
      path: '/:kind',
      status: 201,
      answer: withdrawalAnswer,
      summary: 'Request a withdrawal (REQUESTED; 409 PENDING_WITHDRAWAL, INVALID_STATUS, ACTIVE_WITHDRAWAL_EXISTS)',
      access: 'withdrawals:create',
      self: () => true,
      params: withdrawalKindParams,
      body: withdrawalBody,
      handle: ({ params, body, actor, auth }) => withdrawals.createWithdrawal(params.kind, body, actor, auth),
    }),
    route({
      method: 'patch',
      path: '/:kind/:id/status',
      answer: withdrawalAnswer,
      summary:
        'REQUESTED → APPROVED (application WITHDRAWN or PARTIAL_WITHDRAWN, refund queued or plan reissued) | REJECTED | CANCELLED; APPROVED → COMPLETED (409 SAME_STATUS, INVALID_STATUS); a student cancels their own request (409 NOT_PERMITTED otherwise)',
      access: 'withdrawals:status',
      // A student cancels a request of their own (the service refuses any other move: 409 NOT_PERMITTED).
      self: () => true,
      params: withdrawalKindIdParams,
      query: withdrawalStatusQuery,
      handle: ({ params, query, actor, auth }) => withdrawals.changeWithdrawalStatus(params.kind, params.id, query.status, actor, auth),
    }),
  ];
}
