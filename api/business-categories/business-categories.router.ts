import type { Deps } from '../common/context';
import { route } from '../common/route';
import { allPlansQuery, categoryBody, categoryIdParams, categoryListQuery, planBody, planListQuery, planParams } from './business-categories.schemas';
import * as bc from './business-categories.service';
import { businessCategoryAnswer, businessCategoryPage, categoryPlanAnswer, categoryPlanPage } from '../../domain/contract/business-categories';

/**
 * /api/business_categories: the 11 fixed categories (no create or delete), their accounting lines
 * and their payment plans. Lines and plans: POST needs `create`, PUT `update`, DELETE `delete`.
 */
export function businessCategoryRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: businessCategoryPage,
      summary: 'List business categories',
      access: 'business_categories:read',
      query: categoryListQuery,
      handle: ({ query }) => bc.listCategories(query),
    }),
    // Before /:id so "payment_plans" is not read as an id.
    route({
      method: 'get',
      path: '/payment_plans',
      answer: categoryPlanPage,
      summary: 'List the payment plans of every business category',
      access: 'business_categories:read',
      query: allPlansQuery,
      handle: ({ query }) => bc.listAllPlans(query),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: businessCategoryAnswer,
      summary: 'Get a business category',
      access: 'business_categories:read',
      params: categoryIdParams,
      handle: async ({ params }) => bc.categoryDto(await bc.getCategory(params.id)),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a business category (description, D2L user type)',
      access: 'business_categories:update',
      params: categoryIdParams,
      body: categoryBody,
      handle: ({ params, body, actor }) => bc.updateCategory(params.id, body, actor),
    }),

    ...bc.accountingLines.routes(),

    route({
      method: 'get',
      path: '/:id/payment_plans',
      answer: categoryPlanPage,
      summary: "List a business category's payment plans",
      access: 'business_categories:read',
      params: categoryIdParams,
      query: planListQuery,
      handle: ({ params, query }) => bc.listPlans(params.id, query),
    }),
    route({
      method: 'post',
      path: '/:id/payment_plans',
      summary: 'Add a payment plan (PAY_IN_FULL is saved as FIXED_TERMS, totalTerm 1)',
      access: 'business_categories:create',
      params: categoryIdParams,
      body: planBody,
      status: 201,
      handle: ({ params, body, actor }) => bc.createPlan(params.id, body, actor),
    }),
    route({
      method: 'get',
      path: '/:id/payment_plans/:planId',
      answer: categoryPlanAnswer,
      summary: 'Get a payment plan',
      access: 'business_categories:read',
      params: planParams,
      handle: async ({ params }) => bc.planDto(await bc.getPlan(params.id, params.planId)),
    }),
    route({
      method: 'put',
      path: '/:id/payment_plans/:planId',
      summary: 'Update a payment plan (PAY_IN_FULL is saved as FIXED_TERMS, totalTerm 1)',
      access: 'business_categories:update',
      params: planParams,
      body: planBody,
      handle: ({ params, body, actor }) => bc.updatePlan(params.id, params.planId, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id/payment_plans/:planId',
      summary: 'Delete a payment plan',
      access: 'business_categories:delete',
      params: planParams,
      handle: ({ params, actor }) => bc.deletePlan(params.id, params.planId, actor),
    }),
  ];
}
