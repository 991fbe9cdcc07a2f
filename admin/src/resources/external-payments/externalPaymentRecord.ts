import type { Identifier, RaRecord } from 'react-admin';
import type { ExternalPaymentStatus, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';
import type { ExternalPaymentAnswer } from '../../../../domain/contract/external-payments';
import { isExternalPaymentAmountEditable, nextExternalPaymentStatuses } from '../../../../domain/state/external-payments';

/**
 * External payments (the console resource `external-payments` over /api/external_payments): checks,
 * wire transfers and other payments received outside the gateway, recorded PENDING from a schedule
 * entry and decided by staff. ACCEPTED applies the payment to the plan; the amount may be corrected
 * while PENDING only.
 */

export const EXTERNAL_PAYMENTS = 'external-payments';

export type ExternalPaymentStatusValue = Of<typeof ExternalPaymentStatus>;

/** An external payment as the API answers it (dollars): the answer schema's type (domain/contract/external-payments.ts). */
export type ExternalPaymentRecord = Omit<ExternalPaymentAnswer, 'id'> & RaRecord;

/** PENDING → ACCEPTED | REJECTED; decided ones stay as they are (domain/state/external-payments.ts). */
export { nextExternalPaymentStatuses };

export const externalPaymentStatusColor: Record<ExternalPaymentStatusValue, 'default' | 'success' | 'error' | 'warning'> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'error',
};

/** The amount is corrected while the payment is PENDING (the API answers 'Already processed' otherwise). */
export { isExternalPaymentAmountEditable as isAmountEditable };

const at = (id: Identifier, suffix: string) => `/${apiPath(EXTERNAL_PAYMENTS)}/${encodeURIComponent(String(id))}${suffix}`;

/** The calls beyond CRUD, on the provider's http client. */
export function externalPaymentApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** PATCH /external_payments/{id}/status?status=ACCEPTED|REJECTED; answers the external payment. */
    changeStatus: (id: Identifier, status: ExternalPaymentStatusValue) =>
      dataProvider.request<ExternalPaymentRecord>({ method: 'PATCH', path: at(id, '/status'), query: { status } }),
    /** PUT /external_payments/{id}/payment-amount { paymentAmount } (PENDING only); answers the external payment. */
    setPaymentAmount: (id: Identifier, paymentAmount: number) =>
      dataProvider.request<ExternalPaymentRecord>({ method: 'PUT', path: at(id, '/payment-amount'), body: { paymentAmount } }),
  };
}
