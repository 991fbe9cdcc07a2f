import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { gatewayFor } from '../integrations/gateway';
import { idempotencyOf } from './idempotency';
import { authorizeNetHistory, authorizeNetHistoryQuery, cardHistoryParams, cardHistoryRetryParams, retryCardPayment, stripeHistory, stripeHistoryQuery } from './card-history';
import { gatewayEventPage } from '../../domain/contract/billing';

/**
 * /api/students/{id}/authorize_net_history and /stripe_history (back-office spec §9 "Student
 * card-provider history"): staff need `payments:read` (the retry `payments:create`); a student
 * reaches their own.
 */
export function cardHistoryRoutes(deps: Deps) {
  const gateway = gatewayFor(deps.config);
  return [
    route({
      method: 'get',
      path: '/:id/authorize_net_history',
      answer: gatewayEventPage,
      summary: "The student's migrated Authorize.Net records (newest first, paged)",
      access: 'payments:read',
      self: ownStudent,
      params: cardHistoryParams,
      query: authorizeNetHistoryQuery,
      handle: ({ params, query, auth }) => authorizeNetHistory(params.id, query, auth),
    }),
    route({
      method: 'get',
      path: '/:id/stripe_history',
      answer: gatewayEventPage,
      summary: "The student's card gateway events: charges, refunds, disputes (newest first, size 50)",
      access: 'payments:read',
      self: ownStudent,
      params: cardHistoryParams,
      query: stripeHistoryQuery,
      handle: ({ params, query, auth }) => stripeHistory(params.id, query, auth),
    }),
    route({
      method: 'post',
      path: '/:id/stripe_history/:paymentId',
      summary:
        'Try a failed (INVALID) card payment again: a new payment of the same type and amount (Idempotency-Key header; 409 STATUS_INVALID, PAYMENT_FAILURE and the payment rules)',
      access: 'payments:create',
      self: ownStudent,
      params: cardHistoryRetryParams,
      status: 201,
      handle: (ctx) => retryCardPayment(gateway, ctx.params.id, ctx.params.paymentId, idempotencyOf(ctx), ctx.actor, ctx.auth),
    }),
  ];
}
