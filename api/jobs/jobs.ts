import { recomputeFinancialStatus } from '../billing/financial-status';
import { recomputeCohortStatuses } from '../catalogue/cohort-status';
import { AUTO_PAY_CONCURRENCY, retryDeclinedDeposits, runAutoPay } from '../payments/payments.service';
import { dispatchEvents } from '../common/events';
import { dispatchIntents } from '../communications/dispatcher';
import { cleanup } from './cleanup';
import { materialiseDueCommunications } from '../communications/communications.service';
import { retryCrmDeliveries } from './crm-retry';
import { installmentReminders, pastDueNotices } from './notices';
import { numberParam, registerJob, type JobContext } from './registry';
import { circleSessionReminders } from '../circle-sign-ups/circle-notices';
import { autoPublishDue } from '../learning-sessions/learning-sessions.service';
import { joinWords, PUBLISH_REQUIREMENT_WORDS } from '../../domain/rules/learning-sessions';
import { runFileExports } from '../exports/export-job';
import { refreshExpiringTokens } from '../lms/connections.service';
import { recomputeGraduationStatuses } from '../academics/graduation-status';
import { refreshAttendanceProgress } from '../academics/progress';
import { refreshAnalytics } from '../analytics/refresh';

/**
 * The work of each job type of the catalogue, wired to the areas that do it. Registered once per
 * process (the runner calls `registerCatalogueJobs` before its first run).
 */

const autoPay = (only: 'DUE' | 'RETRIES') => async (ctx: JobContext) => {
  const result = await runAutoPay(ctx.today, undefined, {
    only,
    pauseMs: numberParam(ctx.params, 'pauseMsBetweenCharges', 0),
    concurrency: numberParam(ctx.params, 'concurrency', AUTO_PAY_CONCURRENCY),
    signal: ctx.signal,
    onProgress: (n) => ctx.progress(n),
  });
  return { count: result.charged + result.failed };
};

/**
 * Delivers the due domain events (api/common/events.ts) in batches (params: batch, default 500;
 * concurrency, default 4) until none is left or the run must stop; count: deliveries run.
 */
async function deliverEvents(ctx: JobContext): Promise<{ count: number }> {
  const limit = numberParam(ctx.params, 'batch', 500);
  const concurrency = numberParam(ctx.params, 'concurrency', 4);
  let count = 0;
  while (!ctx.signal.aborted) {
    const result = await dispatchEvents({ owner: `job-run-${ctx.runId}`, limit, concurrency });
    count += result.claimed;
    ctx.progress(count);
    if (result.claimed < limit) break;
  }
  return { count };
}

/**
 * COMMUNICATION_DISPATCH (every minute): first the scheduled communications that are due become
 * intents, then the due intents are sent in batches (params: batch, default 200; concurrency, default
 * 4) until none is left, the mail server is away (the rest wait for their backoff) or the run must
 * stop; count: intents claimed.
 */
async function dispatchCommunications(ctx: JobContext): Promise<{ count: number }> {
  // Scheduled communications that are due (and NOW ones whose intents were not made yet) get their intents first.
  await materialiseDueCommunications(ctx.deps, new Date());
  const limit = numberParam(ctx.params, 'batch', 200);
  const concurrency = numberParam(ctx.params, 'concurrency', 4);
  let count = 0;
  while (!ctx.signal.aborted) {
    const result = await dispatchIntents(ctx.deps, { owner: `job-run-${ctx.runId}`, limit, concurrency, signal: ctx.signal });
    count += result.claimed;
    ctx.progress(count);
    if (result.claimed < limit || result.serverUnavailable) break;
  }
  return { count };
}

let registered = false;
export function registerCatalogueJobs(): void {
  if (registered) return;
  registered = true;
  registerJob('FINANCIAL_STATUS_RECOMPUTE', async (ctx) => ({ count: (await recomputeFinancialStatus(ctx.today)).plans }));
  registerJob('AUTO_PAY', autoPay('DUE'));
  registerJob('FAILED_PAYMENT_RETRY', async (ctx) => {
    // Auto-pay entries that failed, then the deposits declined at enrollment: both on the retry calendar.
    const { count } = await autoPay('RETRIES')(ctx);
    const deposits = await retryDeclinedDeposits(ctx.today, undefined, { signal: ctx.signal, onProgress: (n) => ctx.progress(count + n) });
    return { count: count + deposits.charged + deposits.failed };
  });
  registerJob('INSTALLMENT_REMINDER', installmentReminders);
  registerJob('PAST_DUE_NOTICE', pastDueNotices);
  registerJob('COHORT_STATUS', async (ctx) => {
    const { activated, completed } = await recomputeCohortStatuses(ctx.today);
    return { count: activated + completed };
  });
  registerJob('CRM_DELIVERY_RETRY', retryCrmDeliveries);
  registerJob('CLEANUP', cleanup);
  registerJob('DOMAIN_EVENT_DISPATCH', deliverEvents);
  registerJob('COMMUNICATION_DISPATCH', dispatchCommunications);
  registerJob('LEARNING_SESSION_AUTO_PUBLISH', autoPublishLearningSessions);
  registerJob('CIRCLE_SESSION_REMINDERS', circleSessionReminders);
  registerJob('FILE_EXPORT', exportFiles);
  registerJob('LMS_TOKEN_REFRESH', refreshLmsTokens);
  registerJob('GRADUATION_STATUS', graduationStatuses);
  registerJob('ANALYTICS_REFRESH', refreshAnalyticsSummaries);
}

/**
 * ANALYTICS_REFRESH (every 5 minutes): the analytics summaries brought up to date (each chart also does
 * it before it reads), and their rows left at zero removed; count: summary rows written.
 */
async function refreshAnalyticsSummaries(ctx: JobContext): Promise<{ count: number; note: string | null }> {
  const r = await refreshAnalytics(ctx.deps.sequelize, { prune: true });
  return { count: r.rows, note: `${r.build ? 'built; ' : ''}${r.applications} application(s), ${r.plans} plan(s), ${r.students} student(s) changed in ${r.ms} ms` };
}

/**
 * FILE_EXPORT (every 10 seconds, and woken when an export is recorded): runs the waiting exports one
 * after the other (params: maxAttempts, default 3; batch, default 1,000 rows a page; pauseMsBetweenPages,
 * default 0, paces a big export); count: rows written.
 */
async function exportFiles(ctx: JobContext): Promise<{ count: number; note: string | null }> {
  const result = await runFileExports(ctx.deps, {
    owner: `job-run-${ctx.runId}`,
    signal: ctx.signal,
    maxAttempts: numberParam(ctx.params, 'maxAttempts', 3),
    batch: numberParam(ctx.params, 'batch', 1000),
    pauseMs: numberParam(ctx.params, 'pauseMsBetweenPages', 0),
    onProgress: (n) => ctx.progress(n),
  });
  return { count: result.count, note: result.exports ? `${result.exports} export(s)` : null };
}

/**
 * LEARNING_SESSION_AUTO_PUBLISH (every 5 minutes): publishes the due sessions that have a coach, a
 * scope and a URL (params: batch, default 200); the run's note names the others and what they lack.
 */
async function autoPublishLearningSessions(ctx: JobContext): Promise<{ count: number; note: string | null }> {
  const { published, skipped } = await autoPublishDue(new Date(), numberParam(ctx.params, 'batch', 200), ctx.signal);
  const note = skipped.length ? `Left unpublished: ${skipped.map((s) => `#${s.id} (needs ${joinWords(s.missing.map((m) => PUBLISH_REQUIREMENT_WORDS[m]))})`).join('; ')}` : null;
  return { count: published, note };
}

/**
 * LMS_TOKEN_REFRESH (every 5 minutes): renews the OAuth 2 tokens (D2L, Docebo) that expire within
 * LMS_TOKEN_REFRESH_AHEAD_SECONDS (params: aheadSeconds overrides it); count: connections renewed or refused.
 */
async function refreshLmsTokens(ctx: JobContext): Promise<{ count: number; note: string | null }> {
  const ahead = numberParam(ctx.params, 'aheadSeconds', ctx.deps.config.LMS_TOKEN_REFRESH_AHEAD_SECONDS);
  const { renewed, failed } = await refreshExpiringTokens(ctx.deps, ahead, new Date(), ctx.signal);
  return { count: renewed + failed, note: failed ? `${failed} connection(s) refused the renewal` : null };
}

/**
 * GRADUATION_STATUS (nightly): attendance counted toward every active enrollment's requirements, then
 * every graduation status recomputed set-wise (params: batch, default 1,000 enrollments a step); count:
 * enrollments examined, the note: statuses changed and progress rows written.
 */
async function graduationStatuses(ctx: JobContext): Promise<{ count: number; note: string | null }> {
  const attendance = await refreshAttendanceProgress({}, { signal: ctx.signal });
  const result = await recomputeGraduationStatuses(ctx.today, {}, { signal: ctx.signal, batch: numberParam(ctx.params, 'batch', 1000), progress: (n) => ctx.progress(n) });
  return { count: result.examined, note: `${result.changed} status(es) changed; ${attendance.created + attendance.updated} attendance row(s) written` };
}
