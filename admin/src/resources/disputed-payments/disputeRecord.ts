import type { Identifier, RaRecord } from 'react-admin';
import { DISPUTE_VERDICTS, isDisputeVerifiable, type DisputeStatusValue, type DisputeVerdict } from '../../../../domain/state/disputes';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';
import type { DisputeAnswer } from '../../../../domain/contract/disputes';

/**
 * Disputed payments (the console resource `disputed-payments` over /api/disputes): card disputes the
 * gateway reported on accepted payments. PENDING until staff verify them WON or LOST; a lost one
 * reverses the payment (its installments reopen).
 */

export const DISPUTED_PAYMENTS = 'disputed-payments';

export type { DisputeStatusValue, DisputeVerdict };

/** A dispute as the API answers it: the answer schema's type (domain/contract/disputes.ts). */
export type DisputeRecord = Omit<DisputeAnswer, 'id'> & RaRecord;

export const disputeStatusColor: Record<DisputeStatusValue, 'warning' | 'success' | 'error'> = { PENDING: 'warning', WON: 'success', LOST: 'error' };

/** Only a pending dispute is verified (the API answers 'Only pending disputes can be verified'): domain/state/disputes.ts. */
export { isDisputeVerifiable as isVerifiable, DISPUTE_VERDICTS };

/** 'Payment #12 · visa •••• 0259'. */
export function disputedPaymentText(record: Pick<DisputeRecord, 'paymentId' | 'payment'>): string {
  const card = record.payment?.cardLast4 ? `${record.payment.cardBrand ? `${record.payment.cardBrand} ` : ''}•••• ${record.payment.cardLast4}` : '';
  return [`#${record.paymentId}`, card].filter(Boolean).join(' · ');
}

/** PATCH /disputes/{id}/verify: the verdict and an optional comment (left out when blank). */
export function toVerifyPayload(status: DisputeVerdict, comment: string | null | undefined) {
  const text = typeof comment === 'string' ? comment.trim() : '';
  return text ? { status, comment: text } : { status };
}

const at = (id: Identifier, suffix: string) => `/${apiPath(DISPUTED_PAYMENTS)}/${encodeURIComponent(String(id))}${suffix}`;

export function disputeApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** PATCH /disputes/{id}/verify { status: WON|LOST, comment? } (PENDING only); answers the dispute. */
    verify: (id: Identifier, status: DisputeVerdict, comment?: string | null) =>
      dataProvider.request<DisputeRecord>({ method: 'PATCH', path: at(id, '/verify'), body: toVerifyPayload(status, comment) }),
  };
}
