/**
 * The answers of /api/job_schedules (issue 16 §1): a background job on a cron expression or every N
 * seconds, with its run history. The console's JobScheduleRecord and JobRunRecord are `z.infer` of
 * these.
 */
import { z } from 'zod';
import { JobRunOutcome, JobRunTrigger, JobStatus, JobType } from '../../models/enums';
import { id, page, timestamp } from './common';

/** One run: GET /job_schedules/{id}/runs, a schedule's `lastRun`, the answer of POST …/run. */
export const jobRunAnswer = z
  .object({
    id,
    jobScheduleId: id,
    trigger: z.enum(JobRunTrigger),
    /** The API process that ran it. */
    owner: z.string(),
    startedAt: timestamp,
    endedAt: timestamp.nullable(),
    outcome: z.enum(JobRunOutcome),
    /** Rows processed. */
    count: z.number().int().min(0),
    error: z.string().nullable(),
    /** What the run has to say besides its count (e.g. the learning sessions auto-publish left, and why). */
    note: z.string().nullable(),
  })
  .strict();
export type JobRunAnswer = z.infer<typeof jobRunAnswer>;

/** GET /job_schedules/{id}, POST, PUT, PATCH …/pause|resume. */
export const jobScheduleAnswer = z
  .object({
    id,
    jobName: z.string(),
    jobGroup: z.string().nullable(),
    description: z.string().nullable(),
    type: z.enum(JobType),
    status: z.enum(JobStatus),
    /** true: runs on `cronExpression`; false: every `repeatInterval` seconds. */
    cronJob: z.boolean(),
    cronExpression: z.string().nullable(),
    repeatInterval: z.number().int().positive().nullable(),
    params: z.record(z.string(), z.unknown()),
    /** null while paused. */
    nextRunAt: timestamp.nullable(),
    lastRun: jobRunAnswer.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    updatedByName: z.string().nullable(),
  })
  .strict();
export type JobScheduleAnswer = z.infer<typeof jobScheduleAnswer>;

/** GET /job_schedules. */
export const jobSchedulePage = page(jobScheduleAnswer);
/** GET /job_schedules/{id}/runs. */
export const jobRunPage = page(jobRunAnswer);
