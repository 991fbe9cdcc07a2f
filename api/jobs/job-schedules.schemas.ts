import { z } from 'zod';
import { JobType } from '../../models/enums';
import { Messages } from '../../models/messages';
import { id, optionalText, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';
import { isValidCron } from './cron';

/** GET /job_schedules: sortBy jobName|jobGroup|type|status|nextRunAt|updatedAt; without size, every schedule. */
export const scheduleSortable = {
  id: 'id',
  jobName: 'jobName',
  jobGroup: 'jobGroup',
  type: 'type',
  status: 'status',
  nextRunAt: 'nextRunAt',
  updatedAt: 'updatedAt',
  JOB_NAME: 'jobName',
  JOB_GROUP: 'jobGroup',
  TYPE: 'type',
  STATUS: 'status',
  NEXT_RUN_AT: 'nextRunAt',
  UPDATED_AT: 'updatedAt',
};
export const scheduleListQuery = pagingQuery(
  { sortable: scheduleSortable, defaultSort: 'jobName', keyword: false },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(1000)
      .transform((n) => Math.min(n, 1000)),
  },
);
export type ScheduleListQuery = z.output<typeof scheduleListQuery>;

export const runListQuery = pagingQuery({ sortable: { id: 'id' }, defaultSort: 'id', defaultDescending: true, keyword: false }).omit({ sortBy: true, descending: true });
export type RunListQuery = z.output<typeof runListQuery>;

export const scheduleIdParams = z.object({ id: id() }).strict();

const requiredType = z.enum(JobType, { error: (issue) => (issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE) });

/**
 * POST and PUT body. A cron job needs a valid node-cron expression (5 or 6 fields, read in
 * America/New_York): 'Invalid cron expression' otherwise; an interval job needs repeatInterval
 * seconds (1 s to 31 days). The other timing field is stored as null.
 */
export const scheduleBody = z
  .object({
    jobName: requiredText(100),
    jobGroup: optionalText(100),
    description: optionalText(500),
    type: requiredType,
    cronJob: z.boolean({ error: (issue) => (issue.input === undefined ? Messages.REQUIRED : Messages.INVALID_VALUE) }),
    cronExpression: z.string().trim().max(100, Messages.INVALID_CRON_EXPRESSION).nullish(),
    repeatInterval: z
      .number({ error: Messages.INVALID_VALUE })
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .max(31 * 86_400, Messages.INVALID_VALUE)
      .nullish(),
    params: z.record(z.string(), z.unknown()).nullish(),
    // The console sends the record back: its read-only fields are accepted and ignored.
    id: z.unknown().optional(),
    status: z.unknown().optional(),
    nextRunAt: z.unknown().optional(),
    lastRun: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    updatedByName: z.unknown().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.cronJob === true && !isValidCron(b.cronExpression)) ctx.addIssue({ code: 'custom', path: ['cronExpression'], message: Messages.INVALID_CRON_EXPRESSION });
    if (b.cronJob === false && (b.repeatInterval === null || b.repeatInterval === undefined))
      ctx.addIssue({ code: 'custom', path: ['repeatInterval'], message: Messages.REQUIRED });
  });
export type ScheduleInput = z.output<typeof scheduleBody>;
