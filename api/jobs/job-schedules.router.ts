import type { Deps } from '../common/context';
import { route } from '../common/route';
import { runListQuery, scheduleBody, scheduleIdParams, scheduleListQuery } from './job-schedules.schemas';
import * as jobs from './job-schedules.service';
import { jobRunPage, jobScheduleAnswer, jobSchedulePage } from '../../domain/contract/job-schedules';

/**
 * /api/job_schedules (the job-schedules contract): every staff role reads (`job_schedules:read`);
 * editing, pausing, resuming and deleting need `job_schedules:update`, running once `job_schedules:run`
 * (SUPER_ADMIN's among the seeded roles).
 */
export function jobScheduleRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: jobSchedulePage,
      summary: 'List job schedules with their next run and last run (without size: all)',
      access: 'job_schedules:read',
      query: scheduleListQuery,
      handle: ({ query }) => jobs.listSchedules(query),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a job schedule (cron in America/New_York, or every repeatInterval seconds)',
      access: 'job_schedules:update',
      body: scheduleBody,
      status: 201,
      handle: ({ body, actor }) => jobs.createSchedule(deps, body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      answer: jobScheduleAnswer,
      summary: 'Get a job schedule',
      access: 'job_schedules:read',
      params: scheduleIdParams,
      handle: ({ params }) => jobs.getSchedule(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a job schedule',
      access: 'job_schedules:update',
      params: scheduleIdParams,
      body: scheduleBody,
      handle: ({ params, body, actor }) => jobs.updateSchedule(deps, params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a job schedule and its run history (409 while it runs)',
      access: 'job_schedules:update',
      params: scheduleIdParams,
      handle: ({ params }) => jobs.deleteSchedule(deps, params.id),
    }),
    route({
      method: 'post',
      path: '/:id/run',
      summary: 'Run the job once now, in the background (202 with the RUNNING run; 409 while a run holds its lease)',
      access: 'job_schedules:run',
      params: scheduleIdParams,
      status: 202,
      handle: ({ params }) => jobs.runNow(deps, params.id),
    }),
    route({
      method: 'post',
      path: '/:id/pause',
      summary: 'Pause the schedule (409 when already paused)',
      access: 'job_schedules:update',
      params: scheduleIdParams,
      handle: ({ params, actor }) => jobs.pauseSchedule(deps, params.id, actor),
    }),
    route({
      method: 'post',
      path: '/:id/resume',
      summary: 'Resume a paused schedule (409 when not paused)',
      access: 'job_schedules:update',
      params: scheduleIdParams,
      handle: ({ params, actor }) => jobs.resumeSchedule(deps, params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/runs',
      answer: jobRunPage,
      summary: "The schedule's run history, newest first",
      access: 'job_schedules:read',
      params: scheduleIdParams,
      query: runListQuery,
      handle: ({ params, query }) => jobs.listRuns(params.id, query),
    }),
  ];
}
