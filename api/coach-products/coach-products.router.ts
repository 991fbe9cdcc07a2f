import type { Ctx, Deps } from '../common/context';
import { route } from '../common/route';
import { gatewayFor } from '../integrations/gateway';
import { idempotencyOf } from '../payments/idempotency';
import {
  coachProductBody,
  coachProductListQuery,
  coachPurchaseCriteria,
  coachPurchaseListQuery,
  idParams,
  signUpBody,
  signUpCriteria,
  signUpListQuery,
} from './coach-products.schemas';
import * as coachProducts from './coach-products.service';
import { coachProductAnswer, coachProductPage, coachPurchaseAnswer, coachPurchasePage, signUpAnswer, signUpPage } from '../../domain/contract/coach-products';

/** A coach's token reaches these routes for its own rows (the services scope them); students never. */
const coachSelf = (ctx: Ctx) => ctx.auth?.kind === 'COACH';

/** /api/coach_products (issue 21): a coach's own products; staff read with coaches:read, write with coaches:update. */
export function coachProductRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: coachProductPage,
      summary: "Coaches' products (a coach: their own; staff: all, or coachId; active)",
      access: 'coaches:read',
      self: coachSelf,
      query: coachProductListQuery,
      handle: ({ query, auth }) => coachProducts.listCoachProducts(query, auth),
    }),
    route({
      method: 'post',
      path: '/',
      answer: coachProductAnswer,
      summary: "A coach's product (a coach makes their own; staff name the coach)",
      access: 'coaches:update',
      self: coachSelf,
      body: coachProductBody,
      status: 201,
      handle: ({ body, auth, actor }) => coachProducts.createCoachProduct(body, auth, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: coachProductAnswer,
      summary: "A coach's product",
      access: 'coaches:read',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth }) => coachProducts.getCoachProduct(params.id, auth),
    }),
    route({
      method: 'put',
      path: '/:id',
      answer: coachProductAnswer,
      summary: "Change a coach's product (sign-ups made keep it as it was)",
      access: 'coaches:update',
      self: coachSelf,
      params: idParams,
      body: coachProductBody,
      handle: ({ params, body, auth, actor }) => coachProducts.updateCoachProduct(params.id, body, auth, actor),
    }),
  ];
}

/** /api/coach_product_sign_up (issue 21; the console's /cmp-sessions). */
export function coachProductSignUpRoutes(deps: Deps) {
  const gateway = gatewayFor(deps.config);
  return [
    route({
      method: 'get',
      path: '/',
      answer: signUpPage,
      summary: "Sign-ups for coaches' products (newest first; keyword on the customer's name or email, the product, ids)",
      access: 'coaches:read',
      self: coachSelf,
      query: signUpListQuery,
      handle: ({ query, auth }) => coachProducts.listSignUps(query, {}, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: signUpPage,
      summary: 'Search sign-ups (coach, customer, status, coachProductType)',
      access: 'coaches:read',
      self: coachSelf,
      query: signUpListQuery,
      body: signUpCriteria,
      handle: ({ query, body, auth }) => coachProducts.listSignUps(query, body, auth),
    }),
    route({
      method: 'post',
      path: '/',
      answer: signUpAnswer,
      summary:
        "Sign a customer up for one of the coach's products, charging its price at once on the customer's card (header Idempotency-Key; 409 COACH_PRODUCT_INACTIVE, PAYMENT_METHOD_REQUIRED, PAYMENT_FAILURE)",
      access: 'coaches:update',
      self: coachSelf,
      body: signUpBody,
      status: 201,
      handle: (ctx) => coachProducts.signUp(gateway, ctx.body, idempotencyOf(ctx), ctx.auth, ctx.actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: signUpAnswer,
      summary: 'A sign-up',
      access: 'coaches:read',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth }) => coachProducts.getSignUp(params.id, auth),
    }),
    route({
      method: 'post',
      path: '/:id/sessions',
      answer: signUpAnswer,
      summary: 'One more session held (the last one completes the sign-up; 409 COACH_PRODUCT_SIGN_UP_NOT_ACTIVE, COACH_PRODUCT_NO_SESSIONS_LEFT)',
      access: 'coaches:update',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth, actor }) => coachProducts.recordSession(params.id, auth, actor),
    }),
  ];
}

/** /api/coach_product_purchases (issue 21; the console's /cmp-transactions). */
export function coachProductPurchaseRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: coachPurchasePage,
      summary: "Purchases of coaches' products (newest first; keyword on the customer's name or email, the product, ids)",
      access: 'coaches:read',
      self: coachSelf,
      query: coachPurchaseListQuery,
      handle: ({ query, auth }) => coachProducts.listCoachPurchases(query, {}, auth),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: coachPurchasePage,
      summary: 'Search purchases of coaches’ products (coach, customer, status, coachProductType)',
      access: 'coaches:read',
      self: coachSelf,
      query: coachPurchaseListQuery,
      body: coachPurchaseCriteria,
      handle: ({ query, body, auth }) => coachProducts.listCoachPurchases(query, body, auth),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: coachPurchaseAnswer,
      summary: "A purchase of a coach's product",
      access: 'coaches:read',
      self: coachSelf,
      params: idParams,
      handle: ({ params, auth }) => coachProducts.getCoachPurchase(params.id, auth),
    }),
  ];
}
