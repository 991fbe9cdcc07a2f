import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { gatewayFor } from '../integrations/gateway';
import {
  refundCreateBody,
  refundCriteriaQuery,
  studentRefundParams,
  refundCriteriaSchema,
  refundExternalBody,
  refundIdParams,
  refundListQuery,
  refundStatusQuery,
  studentRefundQuery,
  refundSubmitBody,
  refundUpdateBody,
} from './refunds.schemas';
import * as refunds from './refunds.service';
import { refundAnswer, refundPage } from '../../domain/contract/refunds';
import { applicationAnswer } from '../../domain/contract/applications';

/**
 * /api/refund_queues (back-office spec §9 "Refunds"): the refund queue. Reads need `refunds:read`,
 * POST `refunds:create`, PUT `refunds:update`, the decision `refunds:approve`; giving money back
 * (external, online, submit) needs `payments:refund`.
 */
export function refundRoutes(deps: Deps) {
  const gateway = gatewayFor(deps.config);
  return [
    route({
      method: 'get',
      path: '/',
      answer: refundPage,
      summary: 'The refund queue (newest first; keyword on student name, email or ids; applicationId)',
      access: 'refunds:read',
      query: refundListQuery,
      handle: ({ query }) => refunds.listRefunds(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: refundPage,
      summary: 'Search the refund queue (students, sources, statuses, refundStatuses, amount and tax ranges, updatedBy, updatedAt)',
      access: 'refunds:read',
      query: refundCriteriaQuery,
      body: refundCriteriaSchema,
      handle: ({ query, body }) => refunds.findRefundsByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Queue a CUSTOM refund (409 INVALID_SOURCE, PENDING_REFUNDS, REFUND_AMOUNT_EXCEEDED)',
      access: 'refunds:create',
      body: refundCreateBody,
      status: 201,
      handle: ({ body, actor }) => refunds.createRefund(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: refundAnswer,
      summary: 'A refund with its transactions',
      access: 'refunds:read',
      params: refundIdParams,
      handle: ({ params }) => refunds.getRefund(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Change the amounts or comments of a REQUESTED refund (409 STATUS_INVALID, REFUND_AMOUNT_EXCEEDED)',
      access: 'refunds:update',
      params: refundIdParams,
      body: refundUpdateBody,
      handle: ({ params, body, actor }) => refunds.updateRefund(params.id, body, actor),
    }),
    route({
      method: 'get',
      path: '/:id/application',
      answer: applicationAnswer,
      summary: "The refund's application",
      access: 'refunds:read',
      params: refundIdParams,
      handle: ({ params }) => refunds.getRefundApplication(params.id),
    }),
    route({
      method: 'patch',
      path: '/:id/status',
      summary: 'REQUESTED → APPROVED | REJECTED | CANCELLED (409 STATUS_INVALID)',
      access: 'refunds:approve',
      params: refundIdParams,
      query: refundStatusQuery,
      handle: ({ params, query, actor }) => refunds.changeRefundStatus(params.id, query.status, actor),
    }),
    route({
      method: 'post',
      path: '/:id/external',
      summary: 'Record money given back outside the gateway (default: all that is left)',
      access: 'payments:refund',
      params: refundIdParams,
      body: refundExternalBody,
      handle: ({ params, body, actor }) => refunds.refundExternally(params.id, body, gateway, actor),
    }),
    route({
      method: 'post',
      path: '/:id/online',
      summary: "Give all that is left back through the gateway, against the plan's card payments newest first",
      access: 'payments:refund',
      params: refundIdParams,
      handle: ({ params, actor }) => refunds.refundOnline(params.id, gateway, actor),
    }),
    route({
      method: 'post',
      path: '/:id/submit',
      summary: 'Submit an APPROVED refund as EXTERNAL, ONLINE or MIXED (409 STATUS_INVALID, REFUND_AMOUNT_EXCEEDED, PAYMENT_FAILURE)',
      access: 'payments:refund',
      params: refundIdParams,
      body: refundSubmitBody,
      handle: ({ params, body, actor }) => refunds.submitRefund(params.id, body, gateway, actor),
    }),
  ];
}

/** /api/students/{id}/refunds: a student's own refunds (the portal's refunds tab); staff need `refunds:read`. */
export function studentRefundRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/refunds',
      answer: refundPage,
      summary: "A student's refunds (newest first; applicationId)",
      access: 'refunds:read',
      self: ownStudent,
      params: studentRefundParams,
      query: studentRefundQuery,
      handle: ({ params, query, auth }) => refunds.listStudentRefunds(params.id, query, auth),
    }),
  ];
}
