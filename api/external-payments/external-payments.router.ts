import type { Deps } from '../common/context';
import { route } from '../common/route';
import {
  externalPaymentAmountBody,
  externalPaymentCriteriaSchema,
  externalPaymentIdParams,
  externalPaymentListQuery,
  externalPaymentStatusQuery,
} from './external-payments.schemas';
import * as external from './external-payments.service';
import { externalPaymentAnswer, externalPaymentPage } from '../../domain/contract/external-payments';

/**
 * /api/external_payments (back-office spec §9): checks, wires and other payments staff recorded.
 * Reads need `payments:read`; accepting, rejecting and changing the amount `payments:update`.
 * (Recording one is POST /students/{id}/payment_schedule/{scheduleId}/external_payment.)
 */
export function externalPaymentRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: externalPaymentPage,
      summary: 'External payments (newest first; keyword on student name, email or ids)',
      access: 'payments:read',
      query: externalPaymentListQuery,
      handle: ({ query }) => external.listExternalPayments(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: externalPaymentPage,
      summary: 'Search external payments (students, statuses, paymentAmount, paymentDate, updatedBy, updatedAt)',
      access: 'payments:read',
      query: externalPaymentListQuery,
      body: externalPaymentCriteriaSchema,
      handle: ({ query, body }) => external.findExternalPaymentsByCriteria(query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: externalPaymentAnswer,
      summary: 'An external payment',
      access: 'payments:read',
      params: externalPaymentIdParams,
      handle: ({ params }) => external.getExternalPayment(params.id),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      summary:
        'PENDING → ACCEPTED (applied to the plan as an EXTERNAL payment) | REJECTED (409 STATUS_INVALID, PAYMENT_IN_PROGRESS, PAYMENT_DISABLED, NO_BALANCE, AMOUNT_EXCEEDED)',
      access: 'payments:update',
      params: externalPaymentIdParams,
      query: externalPaymentStatusQuery,
      handle: ({ params, query, actor }) => external.changeExternalPaymentStatus(params.id, query.status, actor),
    }),
    route({
      method: 'put',
      path: '/:id/payment-amount',
      summary: "A PENDING external payment's amount (409 ALREADY_PROCESSED)",
      access: 'payments:update',
      params: externalPaymentIdParams,
      body: externalPaymentAmountBody,
      handle: ({ params, body, actor }) => external.updateExternalPaymentAmount(params.id, body.paymentAmount, actor),
    }),
  ];
}
