import type { JobType, Of } from '../../models/enums';

/**
 * The job catalogue (domain rules "Scheduled jobs"): each job type with its default schedule (cron
 * expressions in America/New_York, node-cron syntax; or every N seconds) and params. Migration 0012
 * creates one schedule per entry; staff edit, pause, run or add schedules through /api/job_schedules.
 * Pure data: the migration imports it. A later issue's job types add their entries here and a
 * migration of theirs inserts them.
 */
export interface CatalogueEntry {
  type: Of<typeof JobType>;
  jobName: string;
  jobGroup: string;
  description: string;
  cronExpression: string | null;
  repeatInterval: number | null;
  params: Record<string, unknown>;
}

export const JOB_CATALOGUE: readonly CatalogueEntry[] = [
  {
    type: 'FINANCIAL_STATUS_RECOMPUTE',
    jobName: 'Financial status recompute',
    jobGroup: 'BILLING',
    cronExpression: '0 1 * * *',
    repeatInterval: null,
    params: {},
    description: "Nightly: every active plan's past-due amount, days overdue and financial status, and each application's standing.",
  },
  {
    type: 'AUTO_PAY',
    jobName: 'Auto-pay',
    jobGroup: 'BILLING',
    cronExpression: '0 6 * * *',
    repeatInterval: null,
    params: { pauseMsBetweenCharges: 0 },
    description: "Daily: charges the due entries of auto-pay plans from the plan's card or the default (once per entry and day).",
  },
  {
    type: 'FAILED_PAYMENT_RETRY',
    jobName: 'Failed payment retries',
    jobGroup: 'BILLING',
    cronExpression: '0 7 * * *',
    repeatInterval: null,
    params: { pauseMsBetweenCharges: 0 },
    description: 'Daily: charges again the failed auto-pay entries whose retry date has come (3 days after the first failure, then 7).',
  },
  {
    type: 'INSTALLMENT_REMINDER',
    jobName: 'Installment reminders',
    jobGroup: 'NOTICES',
    cronExpression: '0 9 * * *',
    repeatInterval: null,
    params: { daysBefore: [7, 1], catchUpDays: 2 },
    description: 'Daily: emails students whose installment is due in 7 days and in 1 day (once per entry and reminder).',
  },
  {
    type: 'PAST_DUE_NOTICE',
    jobName: 'Past-due notices',
    jobGroup: 'NOTICES',
    cronExpression: '0 10 * * *',
    repeatInterval: null,
    params: { daysAfter: [1, 15, 30], catchUpDays: 2 },
    description: 'Daily: emails students whose installment is 1, 15 and 30 days past due (once per entry and notice).',
  },
  {
    type: 'COHORT_STATUS',
    jobName: 'Cohort status',
    jobGroup: 'CATALOGUE',
    cronExpression: '15 0 * * *',
    repeatInterval: null,
    params: {},
    description: 'Nightly: cohorts whose start date has come become active, those whose end date has passed completed.',
  },
  {
    type: 'CRM_DELIVERY_RETRY',
    jobName: 'CRM delivery retry',
    jobGroup: 'INTEGRATIONS',
    cronExpression: '*/15 * * * *',
    repeatInterval: null,
    params: { stuckMinutes: 15, backoffMinutes: 15, maxAttempts: 8, pendingMinutes: 5 },
    description: 'Every 15 minutes: CRM notifications that failed are sent again with backoff; those left sending by a crash are recovered.',
  },
  {
    type: 'CLEANUP',
    jobName: 'Expired tokens and codes cleanup',
    jobGroup: 'MAINTENANCE',
    cronExpression: '30 2 * * *',
    repeatInterval: null,
    params: { graceDays: 1, runsKeepDays: 30 },
    description: 'Nightly: deletes expired password links, refresh tokens, verification codes, old sign-in failures and old job runs.',
  },
  {
    type: 'DOMAIN_EVENT_DISPATCH',
    jobName: 'Event delivery',
    jobGroup: 'EVENTS',
    cronExpression: null,
    repeatInterval: 10,
    params: {},
    description: 'Every 10 seconds: delivers the domain events written since the last run to their handlers.',
  },
  {
    type: 'COMMUNICATION_DISPATCH',
    jobName: 'Communication dispatch',
    jobGroup: 'COMMUNICATIONS',
    cronExpression: '* * * * *',
    repeatInterval: null,
    params: { batch: 200, concurrency: 4 },
    description: 'Every minute: starts the scheduled communications that are due and sends the messages waiting (email and portal inbox), retrying failures with backoff.',
  },
  {
    type: 'CIRCLE_SESSION_REMINDERS',
    jobName: 'Coaching circle session reminders',
    jobGroup: 'NOTICES',
    cronExpression: '0 * * * *',
    repeatInterval: null,
    params: { hoursAhead: 24 },
    description: 'Hourly: emails each student signed up for a coaching circle session starting in the next 24 hours, and the coach of each group, once per session and recipient.',
  },
  {
    type: 'LEARNING_SESSION_AUTO_PUBLISH',
    jobName: 'Learning-session auto-publish',
    jobGroup: 'CATALOGUE',
    cronExpression: '*/5 * * * *',
    repeatInterval: null,
    params: { batch: 200 },
    description:
      'Every 5 minutes: publishes the unpublished learning sessions whose auto-publish date has passed and that have a coach, a scope and a web conference URL (the others stay, named in the run).',
  },
  {
    type: 'FILE_EXPORT',
    jobName: 'File exports',
    jobGroup: 'EXPORTS',
    cronExpression: null,
    repeatInterval: 10,
    params: { maxAttempts: 3, batch: 1000 },
    description:
      'Every 10 seconds (and at once when an export is asked for): writes the waiting exports to storage, streaming the rows in pages; an export whose process died runs again, FAILED after 3 attempts.',
  },
  {
    type: 'LMS_TOKEN_REFRESH',
    jobName: 'LMS token refresh',
    jobGroup: 'INTEGRATIONS',
    cronExpression: '*/5 * * * *',
    repeatInterval: null,
    params: {},
    description:
      'Every 5 minutes: renews the access tokens of the learning-system connections that expire within 15 minutes (LMS_TOKEN_REFRESH_AHEAD_SECONDS); a connection whose renewal is refused is marked ERROR.',
  },
  {
    type: 'GRADUATION_STATUS',
    jobName: 'Graduation status',
    jobGroup: 'ACADEMICS',
    cronExpression: '45 0 * * *',
    repeatInterval: null,
    params: { batch: 1000 },
    description:
      "Nightly: counts coaching-circle and learning-session attendance toward each active enrollment's requirements, then sets every graduation status by the rules (pending, incomplete, ready, failed financially or academically); graduated enrollments keep theirs.",
  },
  {
    type: 'ANALYTICS_REFRESH',
    jobName: 'Analytics summaries refresh',
    jobGroup: 'ANALYTICS',
    cronExpression: '*/5 * * * *',
    repeatInterval: null,
    params: {},
    description:
      "Every 5 minutes: brings the dashboard's summary tables up to date with what changed since the last refresh (each chart also does it before it reads), and drops the summary rows left at zero.",
  },
];

/** The default params of a type (a schedule created without params gets them). */
export function defaultParams(type: string): Record<string, unknown> {
  return { ...(JOB_CATALOGUE.find((e) => e.type === type)?.params ?? {}) };
}
