import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { gatewayFor } from '../integrations/gateway';
import { idempotencyOf } from './idempotency';
import { externalPaymentBody, onlinePaymentBody, paymentBody, paymentListQuery, planPaymentParams, scheduleParams, studentParams, taxAmountBody } from './payments.schemas';
import * as payments from './payments.service';
import { paymentPage } from '../../domain/contract/billing';

/**
 * /api/students/{id}/... payments (billing contract, issue 6): a student pays their own plans by card
 * (`self`); staff need payments:create to pay or record an external payment, payments:update to set
 * an entry's tax or cancel a payment in progress, payments:read to list. A plan or entry that is not
 * the student's is 404.
 */
export function paymentRoutes(deps: Deps) {
  const gateway = gatewayFor(deps.config);
  payments.usePaymentGateway(gateway);
  return [
    route({
      method: 'post',
      path: '/:id/payment_plans/:planId/payments',
      summary:
        'Pay a plan by card: INSTALLMENT (the oldest unpaid entry), PRE_PAY or PAY_OFF (header Idempotency-Key: the same request again answers the first result, another request 409 IDEMPOTENCY_KEY_REUSED; 409 refusals in the contract order, PAYMENT_FAILURE on a decline)',
      access: 'payments:create',
      self: ownStudent,
      params: planPaymentParams,
      body: paymentBody,
      status: 201,
      handle: (ctx) => payments.makePayment(gateway, ctx.params.id, ctx.params.planId, ctx.body, idempotencyOf(ctx), ctx.actor, ctx.auth),
    }),
    route({
      method: 'post',
      path: '/:id/payment_schedule/:scheduleId/online_payment',
      summary: "Pay one schedule entry by card (amount defaults to the entry's due; header Idempotency-Key)",
      access: 'payments:create',
      self: ownStudent,
      params: scheduleParams,
      body: onlinePaymentBody,
      status: 201,
      handle: (ctx) => payments.payScheduleOnline(gateway, ctx.params.id, ctx.params.scheduleId, ctx.body, idempotencyOf(ctx), ctx.actor, ctx.auth),
    }),
    route({
      method: 'post',
      path: '/:id/payment_schedule/:scheduleId/external_payment',
      summary: 'Record a check, wire transfer or other payment on an entry (PENDING until accepted)',
      access: 'payments:create',
      params: scheduleParams,
      body: externalPaymentBody,
      status: 201,
      handle: ({ params, body, actor }) => payments.recordExternalPayment(params.id, params.scheduleId, body, actor),
    }),
    route({
      method: 'post',
      path: '/:id/payment_schedule/:scheduleId/tax_amount',
      summary: "Set an entry's tax amount (409 ALREADY_PROCESSED once paid)",
      access: 'payments:update',
      params: scheduleParams,
      body: taxAmountBody,
      handle: ({ params, body, actor }) => payments.setScheduleTax(params.id, params.scheduleId, body.taxAmount, actor),
    }),
    route({
      method: 'post',
      path: '/:id/payment_schedule/:scheduleId/cancel_online_payment',
      summary: "Cancel the plan's card payment in progress (INVALID 'Cancelled by staff'; 409 STATUS_INVALID when none)",
      access: 'payments:update',
      params: scheduleParams,
      handle: ({ params, actor }) => payments.cancelOnlinePayment(params.id, params.scheduleId, actor),
    }),
    route({
      method: 'get',
      path: '/:id/payments',
      answer: paymentPage,
      summary: "A student's payments, newest first (applicationId, size, page)",
      access: 'payments:read',
      self: ownStudent,
      params: studentParams,
      query: paymentListQuery,
      handle: ({ params, query, auth }) => payments.listStudentPayments(params.id, query, auth),
    }),
  ];
}
