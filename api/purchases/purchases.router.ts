import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { gatewayFor } from '../integrations/gateway';
import { idempotencyOf } from '../payments/idempotency';
import { studentParams } from '../payments/payments.schemas';
import { idParams, purchaseBody, purchaseCriteriaSchema, purchaseListQuery, purchaseRefundBody, quoteBody } from './purchases.schemas';
import * as purchases from './purchases.service';
import { taxRatesOf } from './tax-rates';
import { extraProductOfferList, purchaseAnswer, purchasePage, purchaseQuoteAnswer } from '../../domain/contract/purchases';

/** The `self` rule of /enrollments/{id}/…: the enrollment's own student. */
const ownEnrollment = (ctx: { params: { id: number }; auth?: Parameters<typeof purchases.ownsEnrollment>[1] }) => purchases.ownsEnrollment(ctx.params.id, ctx.auth);

/**
 * /api/enrollments/{id}/purchases… (issue 21): a student buys extra products for their own enrollment
 * (`self`; another's is 403); staff need payments:read to see and quote, payments:create to buy on a
 * student's behalf (the shopping cart).
 */
export function enrollmentPurchaseRoutes(deps: Deps) {
  const gateway = gatewayFor(deps.config);
  const rates = taxRatesOf(deps.config.PURCHASE_TAX_RATES);
  return [
    route({
      method: 'get',
      path: '/:id/extra_products',
      answer: extraProductOfferList,
      summary: "The published extra products of the enrollment's program (what can be bought)",
      access: 'payments:read',
      self: ownEnrollment,
      params: idParams,
      handle: ({ params }) => purchases.listOffers(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/purchases',
      answer: purchasePage,
      summary: "The enrollment's purchases (newest first)",
      access: 'payments:read',
      self: ownEnrollment,
      params: idParams,
      query: purchaseListQuery,
      handle: ({ params, query, auth }) => purchases.listEnrollmentPurchases(params.id, query, auth),
    }),
    route({
      method: 'post',
      path: '/:id/purchases/quote',
      answer: purchaseQuoteAnswer,
      summary: 'What a purchase of the product and quantity costs: price × quantity, the tax of the student’s state, the total (the figure a purchase charges)',
      access: 'payments:read',
      self: ownEnrollment,
      params: idParams,
      body: quoteBody,
      handle: ({ params, body }) => purchases.quote(params.id, body, rates),
    }),
    route({
      method: 'post',
      path: '/:id/purchases',
      answer: purchaseAnswer,
      summary:
        'Buy an extra product, charged at once (saved card, new token or the default card; header Idempotency-Key: the same request answers the first result, another 409 IDEMPOTENCY_KEY_REUSED; 409 PAYMENT_FAILURE on a decline, PAYMENT_METHOD_REQUIRED, PURCHASE_ENROLLMENT_CANCELLED)',
      access: 'payments:create',
      self: ownEnrollment,
      params: idParams,
      body: purchaseBody,
      status: 201,
      handle: (ctx) => purchases.purchase(gateway, ctx.params.id, ctx.body, rates, idempotencyOf(ctx), ctx.actor, ctx.auth),
    }),
  ];
}

/** /api/purchases (issue 21): every purchase, for staff (payments:read; the refund request payments:refund). */
export function purchaseRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: purchasePage,
      summary: 'Purchases of extra products (newest first; keyword on student name or email, product name, ids)',
      access: 'payments:read',
      query: purchaseListQuery,
      handle: ({ query }) => purchases.listPurchases(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: purchasePage,
      summary: 'Search purchases (students, statuses, types, programs, extraProducts, purchasedAt; keyword in the query)',
      access: 'payments:read',
      query: purchaseListQuery,
      body: purchaseCriteriaSchema,
      handle: ({ query, body }) => purchases.findPurchasesByCriteria(query, body),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: purchaseAnswer,
      summary: 'A purchase',
      access: 'payments:read',
      params: idParams,
      handle: ({ params }) => purchases.getPurchase(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/refund',
      answer: purchaseAnswer,
      summary: 'Ask the refund queue to give a paid purchase back (409 PURCHASE_NOT_REFUNDABLE, PENDING_REFUNDS)',
      access: 'payments:refund',
      params: idParams,
      body: purchaseRefundBody,
      handle: ({ params, body, actor }) => purchases.requestRefund(params.id, body.comments, actor),
    }),
  ];
}

/** /api/students/{id}/purchases: the student's own purchases (the portal's Purchases tab), staff with payments:read. */
export function studentPurchaseRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/purchases',
      answer: purchasePage,
      summary: "A student's purchases of extra products (newest first)",
      access: 'payments:read',
      self: ownStudent,
      params: studentParams,
      query: purchaseListQuery,
      handle: ({ params, query, auth }) => purchases.listStudentPurchases(params.id, query, auth),
    }),
  ];
}
