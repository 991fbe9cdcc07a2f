import type { Identifier, RaRecord } from 'react-admin';
import type { ExternalPaymentStatus, ManualPaymentMethod, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';
import type { PersonRef, UpdatedBy } from '../../common/billingShared';

/**
 * External payments (the console resource `external-payments` over /api/external_payments): checks,
 * wire transfers and other payments received outside the gateway, recorded PENDING from a schedule
 * entry and decided by staff. ACCEPTED applies the payment to the plan; the amount may be corrected
 * while PENDING only.
 */

export const EXTERNAL_PAYMENTS = 'external-payments';

export type ExternalPaymentStatusValue = Of<typeof ExternalPaymentStatus>;

/** An external payment as the API answers it (dollars). */
export interface ExternalPaymentRecord extends RaRecord {
  studentId: number;
  applicationId: number;
  studentPaymentPlanId: number;
  paymentScheduleId: number | null;
  method: Of<typeof ManualPaymentMethod>;
  paymentAmount: number;
  paymentDate: string;
  referenceNumber: string | null;
  comment: string | null;
  status: ExternalPaymentStatusValue;
  /** The Payment created when it was accepted. */
  paymentId: number | null;
  student?: PersonRef | null;
  plan?: { id: number; name: string | null; status: string; balance: number } | null;
  schedule?: { id: number; number: number; dueDate: string; status: string } | null;
  updatedBy: UpdatedBy | null;
  createdAt: string;
  updatedAt: string;
}

/** PENDING → ACCEPTED | REJECTED; decided ones stay as they are. */
export const nextExternalPaymentStatuses = (status: ExternalPaymentStatusValue): ExternalPaymentStatusValue[] => (status === 'PENDING' ? ['ACCEPTED', 'REJECTED'] : []);

export const externalPaymentStatusColor: Record<ExternalPaymentStatusValue, 'default' | 'success' | 'error' | 'warning'> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'error',
};

/** The amount is corrected while the payment is PENDING (the API answers 'Already processed' otherwise). */
export const isAmountEditable = (record: Pick<ExternalPaymentRecord, 'status'>) => record.status === 'PENDING';

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
