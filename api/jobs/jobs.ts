import { recomputeFinancialStatus } from '../billing/financial-status';
import { recomputeCohortStatuses } from '../catalogue/cohort-status';
import { runAutoPay } from '../payments/payments.service';
import { cleanup } from './cleanup';
import { retryCrmDeliveries } from './crm-retry';
import { installmentReminders, pastDueNotices } from './notices';
import { numberParam, registerJob, type JobContext } from './registry';

/**
 * The work of each job type of the catalogue, wired to the areas that do it. Registered once per
 * process (the runner calls `registerCatalogueJobs` before its first run).
 */

const autoPay = (only: 'DUE' | 'RETRIES') => async (ctx: JobContext) => {
  const result = await runAutoPay(ctx.today, undefined, {
    only, pauseMs: numberParam(ctx.params, 'pauseMsBetweenCharges', 0), signal: ctx.signal, onProgress: (n) => ctx.progress(n),
  });
  return { count: result.charged + result.failed };
};

let registered = false;
export function registerCatalogueJobs(): void {
  if (registered) return;
  registered = true;
  registerJob('FINANCIAL_STATUS_RECOMPUTE', async (ctx) => ({ count: (await recomputeFinancialStatus(ctx.today)).plans }));
  registerJob('AUTO_PAY', autoPay('DUE'));
  registerJob('FAILED_PAYMENT_RETRY', autoPay('RETRIES'));
  registerJob('INSTALLMENT_REMINDER', installmentReminders);
  registerJob('PAST_DUE_NOTICE', pastDueNotices);
  registerJob('COHORT_STATUS', async (ctx) => {
    const { activated, completed } = await recomputeCohortStatuses(ctx.today);
    return { count: activated + completed };
  });
  registerJob('CRM_DELIVERY_RETRY', retryCrmDeliveries);
  registerJob('CLEANUP', cleanup);
  // The events slice's dispatcher (api/common/events.ts `dispatchEvents`) is not on this branch: the
  // merger replaces this body with `async (ctx) => ({ count: await dispatchEvents(ctx.deps, ...) })`.
  registerJob('DOMAIN_EVENT_DISPATCH', async () => ({ count: 0 }));
}
