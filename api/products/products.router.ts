import type { Deps } from '../common/context';
import { route } from '../common/route';
import * as plans from './product-plans.service';
import {
  adjustmentBody, adjustmentListQuery, adjustmentParams, byFlowTypeParams, byFlowTypeQuery, productBody, productCriteriaQuery, productCriteriaSchema, productIdParams,
  productListQuery, productPlanBody, productPlanListQuery, productPlanParams, publishQuery,
} from './products.schemas';
import * as products from './products.service';

/**
 * /api/products (back-office spec §7 "Products"): products with their items (cohortIds), archive and
 * undelete, publish, the enrolling check, their payment plans and the plans' adjustments. Writes:
 * POST needs `products:create`, PUT `:update`, DELETE (archive) and undelete `:delete`, publish `:publish`.
 */
export function productRoutes(_deps: Deps) {
  return [
    route({ method: 'get', path: '/', summary: 'List products (deleted=true lists the archived ones; size up to 2000)', access: 'products:read', query: productListQuery, handle: ({ query }) => products.listProducts(query) }),
    route({
      method: 'post', path: '/find_by_criteria', summary: 'Search products by criteria (deleted, published, enrolling, flowTypes)', access: 'products:read', query: productCriteriaQuery, body: productCriteriaSchema,
      handle: ({ query, body }) => products.findProductsByCriteria(query, body),
    }),
    route({
      method: 'get', path: '/by_flow_type/:flowType', summary: 'Products of a flow type (size 100; published only for anyone but staff; cohortStatus)', access: 'authenticated', params: byFlowTypeParams, query: byFlowTypeQuery,
      handle: ({ params, query, auth }) => products.listByFlowType(params.flowType, query, auth),
    }),
    route({ method: 'post', path: '/', summary: 'Create a product (unpublished) with its items (cohortIds)', access: 'products:create', body: productBody, status: 201, handle: ({ body, actor }) => products.createProduct(body, actor) }),
    route({ method: 'get', path: '/:id', summary: 'Get a product', access: 'products:read', params: productIdParams, handle: ({ params }) => products.getProduct(params.id) }),
    route({ method: 'put', path: '/:id', summary: 'Update a product (cohortIds, when sent, replaces the items)', access: 'products:update', params: productIdParams, body: productBody, handle: ({ params, body, actor }) => products.updateProduct(params.id, body, actor) }),
    route({ method: 'delete', path: '/:id', summary: 'Archive a product (soft delete; unpublishes it)', access: 'products:delete', params: productIdParams, handle: ({ params, actor }) => products.archiveProduct(params.id, actor) }),
    route({ method: 'patch', path: '/:id/undeleted', summary: 'Bring an archived product back (unpublished)', access: 'products:delete', params: productIdParams, handle: ({ params, actor }) => products.undeleteProduct(params.id, actor) }),
    route({
      method: 'post', path: '/:id/publish', summary: 'Publish a product (needs a payment plan and a product item); ?publish=false unpublishes', access: 'products:publish', params: productIdParams, query: publishQuery,
      handle: ({ params, query, actor }) => products.publishProduct(params.id, query.publish, actor),
    }),
    route({ method: 'get', path: '/:id/check_enrolling_status', summary: 'Whether the product is enrolling today', access: 'products:read', params: productIdParams, handle: ({ params }) => products.checkEnrollingStatus(params.id) }),

    route({ method: 'get', path: '/:id/product_payment_plans', summary: "List a product's payment plans (size 100)", access: 'products:read', params: productIdParams, query: productPlanListQuery, handle: ({ params, query }) => plans.listProductPlans(params.id, query) }),
    route({ method: 'post', path: '/:id/product_payment_plans', summary: 'Add a payment plan (a business-category plan template) to a product', access: 'products:create', params: productIdParams, body: productPlanBody, status: 201, handle: ({ params, body, actor }) => plans.createProductPlan(params.id, body, actor) }),
    route({ method: 'get', path: '/:id/product_payment_plans/:planId', summary: 'Get a product payment plan', access: 'products:read', params: productPlanParams, handle: ({ params }) => plans.getProductPlan(params.id, params.planId) }),
    route({ method: 'put', path: '/:id/product_payment_plans/:planId', summary: 'Update a product payment plan', access: 'products:update', params: productPlanParams, body: productPlanBody, handle: ({ params, body, actor }) => plans.updateProductPlan(params.id, params.planId, body, actor) }),
    route({ method: 'delete', path: '/:id/product_payment_plans/:planId', summary: 'Delete a product payment plan and its adjustments', access: 'products:delete', params: productPlanParams, handle: ({ params, actor }) => plans.deleteProductPlan(params.id, params.planId, actor) }),

    route({ method: 'get', path: '/:id/product_payment_plans/:planId/adjustments', summary: "List a product payment plan's adjustments (size 100)", access: 'products:read', params: productPlanParams, query: adjustmentListQuery, handle: ({ params, query }) => plans.listAdjustments(params.id, params.planId, query) }),
    route({ method: 'post', path: '/:id/product_payment_plans/:planId/adjustments', summary: 'Add an adjustment (CHARGE or CREDIT) to a product payment plan', access: 'products:create', params: productPlanParams, body: adjustmentBody, status: 201, handle: ({ params, body, actor }) => plans.createAdjustment(params.id, params.planId, body, actor) }),
    route({ method: 'get', path: '/:id/product_payment_plans/:planId/adjustments/:adjId', summary: 'Get a payment plan adjustment', access: 'products:read', params: adjustmentParams, handle: ({ params }) => plans.getAdjustment(params.id, params.planId, params.adjId) }),
    route({ method: 'put', path: '/:id/product_payment_plans/:planId/adjustments/:adjId', summary: 'Update a payment plan adjustment', access: 'products:update', params: adjustmentParams, body: adjustmentBody, handle: ({ params, body, actor }) => plans.updateAdjustment(params.id, params.planId, params.adjId, body, actor) }),
    route({ method: 'delete', path: '/:id/product_payment_plans/:planId/adjustments/:adjId', summary: 'Delete a payment plan adjustment', access: 'products:delete', params: adjustmentParams, handle: ({ params, actor }) => plans.deleteAdjustment(params.id, params.planId, params.adjId, actor) }),
  ];
}
