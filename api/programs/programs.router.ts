import type { Deps } from '../common/context';
import { route } from '../common/route';
import { bundleBody, flowRequirementsBody, programBody, programCriteriaQuery, programCriteriaSchema, programIdParams, programListQuery } from './programs.schemas';
import * as programs from './programs.service';
import * as lmsSync from '../lms/sync.service';
import { syncQuery } from '../lms/lms.schemas';
import { lmsSyncRunAnswer } from '../../domain/contract/lms';
import { bundleProgramsAnswer, flowRequirementsAnswer, programAnswer, programPage } from '../../domain/contract/programs';

/**
 * /api/programs: the program record, its bundle, its enrollment-flow requirements, archive and
 * undelete, and the learning-system calls. The program's parts (graduation requirements, payment
 * plans, extra products, modules) are mounted from program-parts.router.ts on the same prefix.
 */
export function programRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: programPage,
      summary: 'List programs (archived hidden unless deleted=true; size up to 2000)',
      access: 'programs:read',
      query: programListQuery,
      handle: ({ query }) => programs.listPrograms(query),
    }),
    route({
      method: 'post',
      path: '/find_by_criteria',
      answer: programPage,
      summary: 'Search programs by criteria',
      access: 'programs:read',
      query: programCriteriaQuery,
      body: programCriteriaSchema,
      handle: ({ query, body }) => programs.findProgramsByCriteria(query, body),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a program',
      access: 'programs:create',
      body: programBody,
      status: 201,
      handle: ({ body, actor }) => programs.createProgram(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: programAnswer,
      summary: 'Get a program',
      access: 'programs:read',
      params: programIdParams,
      handle: ({ params }) => programs.getProgramDto(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a program (the whole record)',
      access: 'programs:update',
      params: programIdParams,
      body: programBody,
      handle: ({ params, body, actor }) => programs.updateProgram(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Archive a program (refused while it has current cohorts)',
      access: 'programs:delete',
      params: programIdParams,
      handle: ({ params, actor }) => programs.archiveProgram(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/undeleted',
      summary: 'Bring an archived program back',
      access: 'programs:delete',
      params: programIdParams,
      handle: ({ params, actor }) => programs.undeleteProgram(params.id, actor),
    }),

    route({
      method: 'get',
      path: '/:id/programs',
      answer: bundleProgramsAnswer,
      summary: 'The programs a bundle includes',
      access: 'programs:read',
      params: programIdParams,
      handle: ({ params }) => programs.listBundlePrograms(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/programs',
      answer: bundleProgramsAnswer,
      summary: 'Replace the programs a bundle includes',
      access: 'programs:update',
      params: programIdParams,
      body: bundleBody,
      handle: ({ params, body, actor }) => programs.setBundlePrograms(params.id, body.programIds, actor),
    }),

    route({
      method: 'get',
      path: '/:id/enrollment_flow_requirements',
      answer: flowRequirementsAnswer,
      summary: 'The six enrollment-flow steps and whether each is required',
      access: 'programs:read',
      params: programIdParams,
      handle: ({ params }) => programs.listFlowRequirements(params.id),
    }),
    route({
      method: 'put',
      path: '/:id/enrollment_flow_requirements',
      answer: flowRequirementsAnswer,
      summary: 'Replace the enrollment-flow requirements',
      access: 'programs:update',
      params: programIdParams,
      body: flowRequirementsBody,
      handle: ({ params, body, actor }) => programs.setFlowRequirements(params.id, body, actor),
    }),

    route({
      method: 'post',
      path: '/:id/sync_from_d2l',
      summary:
        "Sync the program's modules and quiz and assignment categories from its LMS course (org unit): idempotent by external id; dryRun=true answers what would change; 409 when it has no connection, no org unit, or a sync runs",
      access: 'programs:update',
      params: programIdParams,
      query: syncQuery,
      answer: lmsSyncRunAnswer,
      handle: ({ params, query, actor }) => lmsSync.syncProgramFromLms(deps, params.id, query.dryRun, actor),
    }),
    route({
      method: 'get',
      path: '/:id/sync_academic_status',
      summary: "The program's latest academic-status sync run (null when none ran)",
      access: 'programs:read',
      params: programIdParams,
      answer: lmsSyncRunAnswer.nullable(),
      handle: ({ params }) => lmsSync.latestAcademicStatus(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/sync_academic_status',
      summary: "Sync the grades of the program's enrolled students from its LMS course (dryRun=true: what would change)",
      access: 'programs:update',
      params: programIdParams,
      query: syncQuery,
      answer: lmsSyncRunAnswer,
      handle: ({ params, query, actor }) => lmsSync.syncAcademicStatus(deps, params.id, query.dryRun, actor),
    }),
    route({
      method: 'post',
      path: '/:id/sync_topic_videos_from_d2l',
      summary: "Sync the video topics of the program's LMS modules (dryRun=true: what would change)",
      access: 'programs:update',
      params: programIdParams,
      query: syncQuery,
      answer: lmsSyncRunAnswer,
      handle: ({ params, query, actor }) => lmsSync.syncTopicVideos(deps, params.id, query.dryRun, actor),
    }),
  ];
}
