import type { Identifier, RaRecord } from 'react-admin';
import type { FailedPaymentStatus, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';
import type { FailedPaymentAnswer } from '../../../../domain/contract/failed-payments';
import { isFailedPaymentRetryable } from '../../../../domain/state/failed-payments';

/**
 * Failed payments (the console resource `failed-payments` over /api/failed_payments): charges that
 * did not go through (auto-pay, the enrollment deposit, online payments, retries). FAILED until a
 * later payment settles them (RESOLVED); staff may retry one.
 */

export const FAILED_PAYMENTS = 'failed-payments';

export type FailedPaymentStatusValue = Of<typeof FailedPaymentStatus>;

/** What the list starts filtered by (the API's own default too). */
export const DEFAULT_FAILED_FILTER = { statuses: ['FAILED'] as FailedPaymentStatusValue[] };

/** A failed payment as the API answers it: the answer schema's type (domain/contract/failed-payments.ts). */
export type FailedPaymentRecord = Omit<FailedPaymentAnswer, 'id'> & RaRecord;

export const failedPaymentStatusColor: Record<FailedPaymentStatusValue, 'error' | 'success'> = { FAILED: 'error', RESOLVED: 'success' };

/** Only a payment still FAILED is retried (domain/state/failed-payments.ts). */
export { isFailedPaymentRetryable as isRetryable };

/** The plan's days overdue (the answer carries the plan's standing under `plan`). */
export const daysOverdueOf = (record: Pick<FailedPaymentRecord, 'plan'>): number | null => record.plan?.daysOverdue ?? null;

/** What a retry came to. */
export type RetryOutcome = { ok: true; amount: number | null } | { ok: false; message: string };

/**
 * Reads the retry's answer, whatever it carries: the new Payment (ACCEPTED or INVALID with its
 * failure message), `{ payment }`, or the failed payment itself (RESOLVED or still FAILED).
 */
export function retryOutcome(answer: unknown, fallbackAmount: number | null): RetryOutcome {
  const body = (answer ?? {}) as Record<string, unknown>;
  const payment = (body.payment && typeof body.payment === 'object' ? body.payment : body) as Record<string, unknown>;
  const amount = typeof payment.amount === 'number' ? payment.amount : typeof payment.amountToBePaid === 'number' ? payment.amountToBePaid : fallbackAmount;
  const status = typeof payment.status === 'string' ? payment.status : null;
  if (status === 'INVALID' || status === 'FAILED') {
    return { ok: false, message: typeof payment.failureMessage === 'string' && payment.failureMessage ? payment.failureMessage : 'resources.failed-payments.retry.failed' };
  }
  return { ok: true, amount };
}

const at = (id: Identifier, suffix: string) => `/${apiPath(FAILED_PAYMENTS)}/${encodeURIComponent(String(id))}${suffix}`;

export function failedPaymentApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /failed_payments/{id}/retry: charges the amount again; a decline answers 409 'Payment failure …'. */
    retry: (id: Identifier) => dataProvider.request<unknown>({ method: 'POST', path: at(id, '/retry') }),
  };
}
