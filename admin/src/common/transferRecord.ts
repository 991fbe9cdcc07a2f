import type { Identifier, RaRecord } from 'react-admin';
import type { Of, TransferStatus } from '../../../models/enums';
import type { TransferAnswer, TransferPreviewAnswer, TransferSummaryAnswer } from '../../../domain/contract/transfers';
import { transferMachine } from '../../../domain/state/withdrawals';
import { moneyProblem } from './billingShared';
import type { AppDataProvider } from '../providers/dataProvider';

/**
 * Transfers (the console resource `transfers` over /api/transfers; issue 18): a student moved to
 * another class of the same business category, with the money the engine moves (fee, tuition
 * rollover, excess refund, new principal). PENDING → ACCEPTED | REJECTED. Staff accept a student's
 * request; a staff offer waits for the student (the portal's two steps); either side may reject.
 * Shared by the transfers resource and the application drawer's 'Transfer' dialog.
 */

export const TRANSFERS = 'transfers';

export type TransferStatusValue = Of<typeof TransferStatus>;
export type TransferRecord = Omit<TransferAnswer, 'id'> & RaRecord;
export type TransferPreview = TransferPreviewAnswer;
export type TransferSummary = TransferSummaryAnswer;

export const transferStatusColor: Record<TransferStatusValue, 'warning' | 'success' | 'error'> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'error',
};

/**
 * The moves staff may make on a transfer, and why Accept is not one of them: a staff offer is
 * accepted by the student (`waitsForStudent`), so staff may only reject it; a student's request staff
 * accept or reject; a decided transfer moves no more (domain/state/withdrawals.ts `transferMachine`).
 */
export function staffTransferMoves(record: Pick<TransferRecord, 'status' | 'requestedBy'>): { moves: TransferStatusValue[]; waitsForStudent: boolean } {
  const legal = transferMachine.next(record.status);
  const waitsForStudent = record.status === 'PENDING' && record.requestedBy === 'STAFF';
  return { moves: waitsForStudent ? legal.filter((s) => s !== 'ACCEPTED') : [...legal], waitsForStudent };
}

/** What the 'Transfer' dialog holds. */
export interface NewTransfer {
  destinationProductId?: Identifier | null;
  destinationCohortId?: Identifier | null;
  productPaymentPlanId?: Identifier | null;
  transferFee?: number | string | null;
  reason?: string | null;
  comments?: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * POST /transfers and /transfers/preview: `{ applicationId, destinationProductId, destinationCohortId?,
 * productPaymentPlanId?, transferFee?, reason?, comments? }` — blanks left out (the API's strict body
 * takes nothing else; without a class or plan it takes the product's first).
 */
export function toTransferPayload(applicationId: Identifier, values: NewTransfer): Record<string, unknown> {
  return {
    applicationId: Number(applicationId),
    destinationProductId: Number(values.destinationProductId),
    ...(blank(values.destinationCohortId) ? {} : { destinationCohortId: Number(values.destinationCohortId) }),
    ...(blank(values.productPaymentPlanId) ? {} : { productPaymentPlanId: Number(values.productPaymentPlanId) }),
    ...(blank(values.transferFee) ? {} : { transferFee: Number(values.transferFee) }),
    ...(text(values.reason) ? { reason: text(values.reason) } : {}),
    ...(text(values.comments) ? { comments: text(values.comments) } : {}),
  };
}

/** The most a later transfer may cost (platform spec constants: 'Future transfers may cost up to $300'). */
export const MAX_TRANSFER_FEE = 300;

/** The fee staff may ask: 0–300 dollars in whole cents (the first transfer is free whatever is asked). */
export function transferFeeProblem(value: unknown): string | undefined {
  if (blank(value)) return undefined;
  return moneyProblem(value, { allowZero: true }) ?? (Number(value) > MAX_TRANSFER_FEE ? 'resources.transfers.validation.fee_range' : undefined);
}

const at = (id: Identifier, suffix = '') => `/transfers/${encodeURIComponent(String(id))}${suffix}`;

/** The transfer calls beyond CRUD, on the provider's http client. */
export function transferApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /transfers/preview: what the transfer would move, nothing saved (the same 409s as creating it). */
    preview: (body: Record<string, unknown>) => dataProvider.request<TransferPreview>({ method: 'POST', path: '/transfers/preview', body }),
    /** POST /transfers: a PENDING staff offer; answers the transfer. */
    create: (body: Record<string, unknown>) => dataProvider.request<TransferRecord>({ method: 'POST', path: '/transfers', body }),
    /** GET /transfers/{id}/preview: what accepting the PENDING transfer would move now. */
    previewOf: (id: Identifier) => dataProvider.request<TransferPreview>({ path: at(id, '/preview') }),
    /** PATCH /transfers/{id} {transferFee}: the fee staff set on a PENDING transfer (dollars); answers the transfer. */
    setFee: (id: Identifier, transferFee: number) => dataProvider.request<TransferRecord>({ method: 'PATCH', path: at(id), body: { transferFee } }),
    /** PATCH /transfers/{id}/status?status=ACCEPTED|REJECTED; answers the transfer. */
    changeStatus: (id: Identifier, status: TransferStatusValue) => dataProvider.request<TransferRecord>({ method: 'PATCH', path: at(id, '/status'), query: { status } }),
    /** POST /transfers/summary with the list's criteria: counts per status, fees and rollovers. */
    summary: (criteria: Record<string, unknown>) => dataProvider.request<TransferSummary>({ method: 'POST', path: '/transfers/summary', body: criteria }),
  };
}
