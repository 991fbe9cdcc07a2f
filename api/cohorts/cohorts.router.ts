import type { Deps } from '../common/context';
import { route } from '../common/route';
import {
  closeDateBody, coachingCircleDatesBody, cohortBody, cohortCriteriaSchema, cohortIdParams, cohortListQuery, cohortSearchQuery, flagBody, moduleBody, moduleGroupBody,
  moduleListQuery, moduleParams, openDateBody, publishBody, skippedBody, skippedListQuery, skippedParams,
} from './cohorts.schemas';
import * as cohorts from './cohorts.service';
import * as parts from './cohort-parts.service';

/**
 * /api/cohorts (back-office spec §7 "Cohorts"): list and criteria search, CRUD with archive and
 * undelete, publish, the coaching-circle toggles and dates, cancellation, LMS sync, the cohort's
 * modules and its skipped coaching-circle sessions. Parts: POST needs `cohorts:create`, PUT and
 * PATCH `:update`, DELETE `:delete`.
 */
export function cohortRoutes(_deps: Deps) {
  return [
    route({ method: 'get', path: '/', summary: 'List cohorts (statuses CREATED and ACTIVE by default)', access: 'cohorts:read', query: cohortListQuery, handle: ({ query }) => cohorts.listCohorts(query) }),
    route({
      method: 'post', path: '/find_by_criteria', summary: 'Search cohorts by criteria', access: 'cohorts:read', query: cohortSearchQuery, body: cohortCriteriaSchema,
      handle: ({ query, body }) => cohorts.findCohortsByCriteria(query, body),
    }),
    route({ method: 'post', path: '/publish', summary: 'Publish or unpublish cohorts (all or none)', access: 'cohorts:publish', body: publishBody, handle: ({ body, actor }) => cohorts.publishCohorts(body.cohortIds, body.published, actor) }),
    route({ method: 'post', path: '/', summary: 'Create a cohort', access: 'cohorts:create', body: cohortBody, status: 201, handle: ({ body, actor }) => cohorts.createCohort(body, actor) }),
    route({ method: 'get', path: '/:id', summary: 'Get a cohort', access: 'cohorts:read', params: cohortIdParams, handle: ({ params }) => cohorts.getCohortDto(params.id) }),
    route({ method: 'put', path: '/:id', summary: 'Update a cohort (status recomputed from the dates)', access: 'cohorts:update', params: cohortIdParams, body: cohortBody, handle: ({ params, body, actor }) => cohorts.updateCohort(params.id, body, actor) }),
    route({ method: 'delete', path: '/:id', summary: 'Archive a cohort', access: 'cohorts:delete', params: cohortIdParams, handle: ({ params, actor }) => cohorts.archiveCohort(params.id, actor) }),
    route({ method: 'patch', path: '/:id/undeleted', summary: 'Bring an archived cohort back', access: 'cohorts:delete', params: cohortIdParams, handle: ({ params, actor }) => cohorts.undeleteCohort(params.id, actor) }),
    route({
      method: 'patch', path: '/:id/useCoachingCircle', summary: 'Turn coaching circles on or off for a cohort', access: 'cohorts:update', params: cohortIdParams, body: flagBody,
      handle: ({ params, body, actor }) => cohorts.setCohortFlag(params.id, 'useCoachingCircle', body.value, actor),
    }),
    route({
      method: 'patch', path: '/:id/accessDisabled', summary: "Disable or restore a cohort's course access", access: 'cohorts:update', params: cohortIdParams, body: flagBody,
      handle: ({ params, body, actor }) => cohorts.setCohortFlag(params.id, 'accessDisabled', body.value, actor),
    }),
    route({
      method: 'patch', path: '/:id/cancelled', summary: 'Cancel a cohort, or give it back the status of its dates', access: 'cohorts:update', params: cohortIdParams, body: flagBody,
      handle: ({ params, body, actor }) => cohorts.setCohortCancelled(params.id, body.value, actor),
    }),
    route({
      method: 'patch', path: '/:id/coaching_circle_open_close_dates', summary: 'Set the coaching-circle and session sign-up windows', access: 'cohorts:update', params: cohortIdParams,
      body: coachingCircleDatesBody, handle: ({ params, body, actor }) => cohorts.setCoachingCircleDates(params.id, body, actor),
    }),
    route({ method: 'post', path: '/:id/sync_from_d2l', summary: 'Sync a cohort from the learning system (D2L)', access: 'cohorts:update', params: cohortIdParams, handle: ({ params }) => cohorts.syncCohortFromLms(params.id) }),

    route({
      method: 'post', path: '/:id/modules/sync', summary: "Copy the program's modules the cohort does not have yet", access: 'cohorts:update', params: cohortIdParams, query: moduleListQuery,
      handle: ({ params, query, actor }) => parts.syncModules(params.id, query, actor),
    }),
    route({ method: 'get', path: '/:id/cohort_modules', summary: "List a cohort's modules", access: 'cohorts:read', params: cohortIdParams, query: moduleListQuery, handle: ({ params, query }) => parts.listModules(params.id, query) }),
    route({
      method: 'put', path: '/:id/cohort_modules/:moduleId', summary: 'Update a cohort module', access: 'cohorts:update', params: moduleParams, body: moduleBody,
      handle: ({ params, body, actor }) => parts.updateModule(params.id, params.moduleId, body, actor),
    }),
    route({
      method: 'patch', path: '/:id/cohort_modules/:moduleId/open_date', summary: "Set a cohort module's open date", access: 'cohorts:update', params: moduleParams, body: openDateBody,
      handle: ({ params, body, actor }) => parts.setModuleDate(params.id, params.moduleId, 'openDate', body.openDate, actor),
    }),
    route({
      method: 'patch', path: '/:id/cohort_modules/:moduleId/close_date', summary: "Set a cohort module's close date", access: 'cohorts:update', params: moduleParams, body: closeDateBody,
      handle: ({ params, body, actor }) => parts.setModuleDate(params.id, params.moduleId, 'closeDate', body.closeDate, actor),
    }),
    route({
      method: 'patch', path: '/:id/cohort_modules/:moduleId/module_group', summary: 'File a cohort module under a module group (null clears)', access: 'cohorts:update', params: moduleParams,
      body: moduleGroupBody, handle: ({ params, body, actor }) => parts.setModuleGroup(params.id, params.moduleId, body.moduleGroupId, actor),
    }),
    route({ method: 'delete', path: '/:id/modules/:moduleId', summary: 'Remove a module from a cohort', access: 'cohorts:delete', params: moduleParams, handle: ({ params, actor }) => parts.deleteModule(params.id, params.moduleId, actor) }),

    route({
      method: 'get', path: '/:id/skip_coaching_circle_sessions', summary: "List a cohort's skipped coaching-circle sessions", access: 'cohorts:read', params: cohortIdParams, query: skippedListQuery,
      handle: ({ params, query }) => parts.listSkipped(params.id, query),
    }),
    route({
      method: 'post', path: '/:id/skip_coaching_circle_sessions', summary: 'Skip a coaching-circle session date', access: 'cohorts:create', params: cohortIdParams, body: skippedBody, status: 201,
      handle: ({ params, body, actor }) => parts.createSkipped(params.id, body, actor),
    }),
    route({
      method: 'put', path: '/:id/skip_coaching_circle_sessions/:sessionId', summary: 'Update a skipped coaching-circle session', access: 'cohorts:update', params: skippedParams, body: skippedBody,
      handle: ({ params, body, actor }) => parts.updateSkipped(params.id, params.sessionId, body, actor),
    }),
    route({
      method: 'delete', path: '/:id/skip_coaching_circle_sessions/:sessionId', summary: 'Remove a skipped coaching-circle session', access: 'cohorts:delete', params: skippedParams,
      handle: ({ params, actor }) => parts.deleteSkipped(params.id, params.sessionId, actor),
    }),
  ];
}
