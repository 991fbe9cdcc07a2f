import type { Deps } from '../common/context';
import { route } from '../common/route';
import * as requirements from './graduation-requirements.service';
import * as extras from './extra-products.service';
import * as modules from './program-modules.service';
import {
  cohortModuleParams, extraProductBody, extraProductListQuery, extraProductParams, lmsCategoryListQuery, moduleBody, moduleGroupAssignBody, moduleListQuery,
  moduleParams, programIdParams, programPlanBody, programPlanListQuery, programPlanParams, publishQuery, requirementBody, requirementListQuery, requirementParams,
} from './program-parts.schemas';
import * as plans from './program-plans.service';

/**
 * The parts of a program under /api/programs/{id}/...: graduation requirements, LMS grade
 * categories, payment plans, extra products, modules, and the module group of a cohort module.
 * Mounted beside the program routes at the same prefix; every path has a segment after /:id.
 * Reads need `programs:read`, POST `:create`, PUT/PATCH `:update`, DELETE `:delete`. Changes to
 * an archived program's parts are 409 PROGRAM_ARCHIVED.
 */
export function programPartRoutes(_deps: Deps) {
  return [
    route({ method: 'get', path: '/:id/graduation_requirements', summary: "List a program's graduation requirements (by display order)", access: 'programs:read', params: programIdParams, query: requirementListQuery, handle: ({ params, query }) => requirements.listRequirements(params.id, query) }),
    route({ method: 'post', path: '/:id/graduation_requirements', summary: 'Add a graduation requirement (409 DISPLAY_ORDER_EXISTS)', access: 'programs:create', params: programIdParams, body: requirementBody, status: 201, handle: ({ params, body, actor }) => requirements.createRequirement(params.id, body, actor) }),
    route({ method: 'get', path: '/:id/graduation_requirements/:requirementId', summary: 'Get a graduation requirement', access: 'programs:read', params: requirementParams, handle: async ({ params }) => requirements.requirementDto(await requirements.getRequirement(params.id, params.requirementId)) }),
    route({ method: 'put', path: '/:id/graduation_requirements/:requirementId', summary: 'Update a graduation requirement (409 DISPLAY_ORDER_EXISTS)', access: 'programs:update', params: requirementParams, body: requirementBody, handle: ({ params, body, actor }) => requirements.updateRequirement(params.id, params.requirementId, body, actor) }),
    route({ method: 'delete', path: '/:id/graduation_requirements/:requirementId', summary: 'Delete a graduation requirement', access: 'programs:delete', params: requirementParams, handle: ({ params, actor }) => requirements.deleteRequirement(params.id, params.requirementId, actor) }),

    route({ method: 'get', path: '/:id/quiz_categories', summary: "List the quiz categories of a program's LMS course", access: 'programs:read', params: programIdParams, query: lmsCategoryListQuery, handle: ({ params, query }) => requirements.listLmsCategories(params.id, 'QUIZ', query) }),
    route({ method: 'get', path: '/:id/assignment_categories', summary: "List the assignment categories of a program's LMS course", access: 'programs:read', params: programIdParams, query: lmsCategoryListQuery, handle: ({ params, query }) => requirements.listLmsCategories(params.id, 'ASSIGNMENT', query) }),

    route({ method: 'get', path: '/:id/payment_plans', summary: "List a program's payment plans with their accounting lines", access: 'programs:read', params: programIdParams, query: programPlanListQuery, handle: ({ params, query }) => plans.listProgramPlans(params.id, query) }),
    route({ method: 'post', path: '/:id/payment_plans', summary: 'Add a payment plan (PAY_IN_FULL is saved as FIXED_TERMS, totalTerm 1; one default per program)', access: 'programs:create', params: programIdParams, body: programPlanBody, status: 201, handle: ({ params, body, actor }) => plans.createProgramPlan(params.id, body, actor) }),
    route({ method: 'get', path: '/:id/payment_plans/:planId', summary: 'Get a program payment plan', access: 'programs:read', params: programPlanParams, handle: async ({ params }) => plans.programPlanDto(await plans.getProgramPlan(params.id, params.planId)) }),
    route({ method: 'put', path: '/:id/payment_plans/:planId', summary: 'Update a program payment plan and its accounting lines', access: 'programs:update', params: programPlanParams, body: programPlanBody, handle: ({ params, body, actor }) => plans.updateProgramPlan(params.id, params.planId, body, actor) }),
    route({ method: 'delete', path: '/:id/payment_plans/:planId', summary: 'Delete a program payment plan (hard delete)', access: 'programs:delete', params: programPlanParams, handle: ({ params, actor }) => plans.deleteProgramPlan(params.id, params.planId, actor) }),

    route({ method: 'get', path: '/:id/extra_products', summary: "List a program's extra products (archived ones with deleted=true)", access: 'programs:read', params: programIdParams, query: extraProductListQuery, handle: ({ params, query }) => extras.listExtraProducts(params.id, query) }),
    route({ method: 'post', path: '/:id/extra_products', summary: 'Add an extra product (FREE is saved with price 0)', access: 'programs:create', params: programIdParams, body: extraProductBody, status: 201, handle: ({ params, body, actor }) => extras.createExtraProduct(params.id, body, actor) }),
    route({ method: 'get', path: '/:id/extra_products/:extraProductId', summary: 'Get an extra product', access: 'programs:read', params: extraProductParams, handle: async ({ params }) => extras.extraProductDto(await extras.getExtraProduct(params.id, params.extraProductId)) }),
    route({ method: 'put', path: '/:id/extra_products/:extraProductId', summary: 'Update an extra product (409 EXTRA_PRODUCT_ARCHIVED)', access: 'programs:update', params: extraProductParams, body: extraProductBody, handle: ({ params, body, actor }) => extras.updateExtraProduct(params.id, params.extraProductId, body, actor) }),
    route({ method: 'delete', path: '/:id/extra_products/:extraProductId', summary: 'Archive an extra product (soft delete)', access: 'programs:delete', params: extraProductParams, handle: ({ params, actor }) => extras.deleteExtraProduct(params.id, params.extraProductId, actor) }),
    route({ method: 'patch', path: '/:id/extra_products/:extraProductId/publish', summary: 'Publish (publish=true) or unpublish an extra product', access: 'programs:update', params: extraProductParams, query: publishQuery, handle: ({ params, query, actor }) => extras.publishExtraProduct(params.id, params.extraProductId, query.publish, actor) }),

    route({ method: 'get', path: '/:id/program_modules', summary: "List a program's modules (20 a page, by display order)", access: 'programs:read', params: programIdParams, query: moduleListQuery, handle: ({ params, query }) => modules.listModules(params.id, query) }),
    route({ method: 'post', path: '/:id/program_modules', summary: 'Add a module to a program', access: 'programs:create', params: programIdParams, body: moduleBody, status: 201, handle: ({ params, body, actor }) => modules.createModule(params.id, body, actor) }),
    route({ method: 'get', path: '/:id/program_modules/:moduleId', summary: 'Get a program module', access: 'programs:read', params: moduleParams, handle: async ({ params }) => modules.moduleDto(await modules.getModule(params.id, params.moduleId)) }),
    route({ method: 'put', path: '/:id/program_modules/:moduleId', summary: 'Update a program module', access: 'programs:update', params: moduleParams, body: moduleBody, handle: ({ params, body, actor }) => modules.updateModule(params.id, params.moduleId, body, actor) }),
    route({ method: 'delete', path: '/:id/program_modules/:moduleId', summary: 'Delete a program module (cohort copies stay, detached)', access: 'programs:delete', params: moduleParams, handle: ({ params, actor }) => modules.deleteModule(params.id, params.moduleId, actor) }),
    route({ method: 'patch', path: '/:id/cohort_modules/:moduleId/module_group', summary: "Set (or clear with null) the module group of a cohort module of the program's cohorts", access: 'programs:update', params: cohortModuleParams, body: moduleGroupAssignBody, handle: ({ params, body, actor }) => modules.setCohortModuleGroup(params.id, params.moduleId, body.moduleGroupId, actor) }),
  ];
}
