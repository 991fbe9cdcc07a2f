import type { Deps } from '../common/context';
import { route } from '../common/route';
import { failedPaymentCriteriaSchema, failedPaymentIdParams, failedPaymentListQuery } from './failed-payments.schemas';
import * as failed from './failed-payments.service';
import { failedPaymentAnswer, failedPaymentPage } from '../../domain/contract/failed-payments';

/**
 * /api/failed_payments: charges that did not go through. Reads need `payments:read`; retrying one
 * now needs `payments:create`.
 */
export function failedPaymentRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: failedPaymentPage,
      summary: 'Search failed payments (name, email, mobilePhone, autoPay, pastDue, daysOverdue, sources, statuses (default FAILED), date, amountToBePaid, withPaymentMethod)',
      access: 'payments:read',
      query: failedPaymentListQuery,
      body: failedPaymentCriteriaSchema,
      handle: ({ query, body }) => failed.findFailedPaymentsByCriteria(query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: failedPaymentAnswer,
      summary: 'A failed payment with its student, plan and schedule entry',
      access: 'payments:read',
      params: failedPaymentIdParams,
      handle: ({ params }) => failed.getFailedPayment(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/retry',
      summary: 'Charge a failed payment again now: the new payment (409 PAYMENT_FAILURE when declined again, STATUS_INVALID when not FAILED; the payment rules apply)',
      access: 'payments:create',
      params: failedPaymentIdParams,
      status: 201,
      handle: ({ params, actor }) => failed.retryFailed(params.id, actor),
    }),
  ];
}
