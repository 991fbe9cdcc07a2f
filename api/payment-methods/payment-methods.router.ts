import type { Deps } from '../common/context';
import { ownStudent, route } from '../common/route';
import { gatewayFrom } from '../integrations/gateway';
import { paymentMethodBody, paymentMethodListQuery, paymentMethodParams, paymentMethodUpdateBody, sandboxTokenBody, studentIdParams } from './payment-methods.schemas';
import * as methods from './payment-methods.service';
import { gatewayConfigAnswer, paymentMethodPage } from '../../domain/contract/billing';

/**
 * /api/students/{id}/payment_methods (back-office spec §7 "Student payment methods"): a student adds
 * and manages their own cards; staff need `payment_methods:create` / `:read` / `:update` / `:delete`.
 * A deleted card, or another student's, is 404 on the per-card calls.
 */
export function paymentMethodRoutes(deps: Deps) {
  const gateway = gatewayFrom(deps.config);
  return [
    route({
      method: 'get',
      path: '/:id/payment_methods',
      answer: paymentMethodPage,
      summary: "A student's cards (default first; size 100)",
      access: 'payment_methods:read',
      self: ownStudent,
      params: studentIdParams,
      query: paymentMethodListQuery,
      handle: ({ params, query }) => methods.listPaymentMethods(params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/payment_methods',
      summary: 'Add a card from a gateway token (the first becomes the default; 409 DUPLICATE_CARD, PAYMENT_FAILURE)',
      access: 'payment_methods:create',
      self: ownStudent,
      params: studentIdParams,
      body: paymentMethodBody,
      status: 201,
      handle: ({ params, body, actor }) => methods.addPaymentMethod(gateway, params.id, body.stripeTokenId, actor),
    }),
    route({
      method: 'put',
      path: '/:id/payment_methods/:methodId/default',
      summary: 'Make a card the default (the others stop being it)',
      access: 'payment_methods:update',
      self: ownStudent,
      params: paymentMethodParams,
      handle: ({ params, actor }) => methods.setDefaultPaymentMethod(params.id, params.methodId, actor),
    }),
    route({
      method: 'put',
      path: '/:id/payment_methods/:methodId',
      summary: "A renewed card's expiry { expMonth, expYear } (400 for a past one)",
      access: 'payment_methods:update',
      self: ownStudent,
      params: paymentMethodParams,
      body: paymentMethodUpdateBody,
      handle: ({ params, body, actor }) => methods.updatePaymentMethod(params.id, params.methodId, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id/payment_methods/:methodId',
      summary: 'Delete a card (soft; the newest remaining card becomes the default; 409 METHOD_ASSIGNED_TO_PENDING_SCHEDULE, DEFAULT_METHOD_BALANCE_DUE)',
      access: 'payment_methods:delete',
      self: ownStudent,
      params: paymentMethodParams,
      status: 204,
      handle: ({ params, actor }) => methods.deletePaymentMethod(params.id, params.methodId, actor),
    }),
  ];
}

/** /api/payment_gateway: the gateway the browser uses, and the sandbox's card tokens. Any signed-in user. */
export function paymentGatewayRoutes(deps: Deps) {
  const gateway = gatewayFrom(deps.config);
  return [
    route({
      method: 'get',
      path: '/config',
      answer: gatewayConfigAnswer,
      summary: 'The payment gateway in use and its publishable key',
      access: 'authenticated',
      handle: () => methods.gatewayConfig(gateway),
    }),
    route({
      method: 'post',
      path: '/sandbox/tokens',
      summary: 'Sandbox gateway only: a card token from test card details (Luhn, expiry, CVC; 4000000000000002 declines)',
      access: 'authenticated',
      body: sandboxTokenBody,
      status: 201,
      handle: ({ body }) => methods.createSandboxToken(gateway, body),
    }),
  ];
}
