import type { Identifier } from 'react-admin';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';
import { REFUNDS, toSubmitPayload, type RefundRecord, type RefundStatusValue, type SubmitRefund } from './refundRecord';

const at = (id: Identifier, suffix: string) => `/${apiPath(REFUNDS)}/${encodeURIComponent(String(id))}${suffix}`;

/** The refund queue's calls beyond CRUD, on the provider's http client. */
export function refundApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** PATCH /refund_queues/{id}/status?status=APPROVED|REJECTED|CANCELLED (from REQUESTED only); answers the refund. */
    changeStatus: (id: Identifier, status: RefundStatusValue) => dataProvider.request<RefundRecord>({ method: 'PATCH', path: at(id, '/status'), query: { status } }),
    /** POST /refund_queues/{id}/submit: pays an approved refund back (see `toSubmitPayload`); answers the refund. */
    submit: (id: Identifier, values: SubmitRefund) => dataProvider.request<RefundRecord>({ method: 'POST', path: at(id, '/submit'), body: toSubmitPayload(values) }),
  };
}
