import type { Identifier, RaRecord } from 'react-admin';
import type { PurchaseAnswer } from '../../../../domain/contract/purchases';
import { toCents } from '../../../../domain/money';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/** Purchases of extra products (the console resource `extra-product-purchases` over /api/purchases, issue 21). */
export const EXTRA_PRODUCT_PURCHASES = 'extra-product-purchases';

export type PurchaseRecord = Omit<PurchaseAnswer, 'id'> & RaRecord;

/** Whether staff may ask a refund: PAID, charged, with something left to give back and no refund of it open (the API decides the last). */
export const isRefundable = (p: Pick<PurchaseAnswer, 'status' | 'total' | 'refundedAmount'>): boolean => p.status === 'PAID' && toCents(p.total) - toCents(p.refundedAmount) > 0;

/** What is left to give back, in dollars. */
export const refundableOf = (p: Pick<PurchaseAnswer, 'total' | 'refundedAmount'>): number => (toCents(p.total) - toCents(p.refundedAmount)) / 100;

export function purchaseApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /purchases/{id}/refund: a REQUESTED refund queue item; answers the purchase. */
    requestRefund: (id: Identifier) =>
      dataProvider.request<PurchaseRecord>({ method: 'POST', path: `/${apiPath(EXTRA_PRODUCT_PURCHASES)}/${encodeURIComponent(String(id))}/refund`, body: {} }),
  };
}
