/**
 * The transfer and withdrawal calls of the portal (issue 18: the student's own transfers and
 * withdrawals, where a transfer may go, the previews, the requests, and the two steps of a staff
 * offer), typed, over the portal's one HTTP client (`api.http`). Functions over that client rather than
 * members of `PortalApi`, so they ship with the lazily loaded screens. Money is in dollars as the API
 * answers it.
 */
import type { HttpClient } from '../../../domain/http/client';
import type { TransferAnswer, TransferDestinationsAnswer, TransferPreviewAnswer } from '../../../domain/contract/transfers';
import type { WithdrawalAnswer, WithdrawalPreviewAnswer } from '../../../domain/contract/withdrawals';
import type { WithdrawalKind } from '../../../domain/rules/withdrawals';
import type { Page } from './enrollment-api';

export type Transfer = TransferAnswer;
export type TransferPreview = TransferPreviewAnswer;
export type TransferDestinations = TransferDestinationsAnswer;
export type Withdrawal = WithdrawalAnswer;
export type WithdrawalPreview = WithdrawalPreviewAnswer;

/** POST /transfers and its preview, as a student asks (no fee: staff set it). */
export interface TransferRequestBody {
  applicationId: number;
  destinationProductId: number;
  destinationCohortId?: number;
  productPaymentPlanId?: number;
  reason?: string;
}

/** POST /withdrawals/{kind} and its preview, as a student asks (the installment of a reissued plan is staff's). */
export interface WithdrawalRequestBody {
  applicationId: number;
  cohortIds?: number[];
  withdrawalDate?: string;
  reason?: string;
}

const contentOf = <T>(answer: Page<T> | T[] | null): T[] => (Array.isArray(answer) ? answer : (answer?.content ?? []));

/** How many of the student's own requests the screens read (newest first). */
export const REQUESTS_SIZE = 50;

export function transfersApi(http: HttpClient) {
  return {
    transfers: () => http.request<Page<Transfer>>({ path: '/transfers', query: { size: REQUESTS_SIZE, page: 0 } }).then(contentOf),
    transfer: (id: number) => http.request<Transfer>({ path: `/transfers/${id}` }),
    /** What accepting a pending transfer would move today, with the new plan's schedule. */
    pendingPreview: (id: number) => http.request<TransferPreview>({ path: `/transfers/${id}/preview` }),
    destinations: (applicationId: number) => http.request<TransferDestinations>({ path: '/transfers/destinations', query: { applicationId } }),
    previewTransfer: (body: TransferRequestBody) => http.request<TransferPreview>({ method: 'POST', path: '/transfers/preview', body }),
    requestTransfer: (body: TransferRequestBody) => http.request<Transfer>({ method: 'POST', path: '/transfers', body }),
    /** Step 1 of a staff offer. */
    acceptTerms: (id: number) => http.request<Transfer>({ method: 'PATCH', path: `/transfers/${id}/accept_terms` }),
    /** Step 2 of a staff offer: confirm (ACCEPTED) or decline (REJECTED). */
    decide: (id: number, status: 'ACCEPTED' | 'REJECTED') => http.request<Transfer>({ method: 'PATCH', path: `/transfers/${id}/status`, query: { status } }),

    withdrawals: () => http.request<Page<Withdrawal>>({ path: '/withdrawals', query: { size: REQUESTS_SIZE, page: 0 } }).then(contentOf),
    previewWithdrawal: (kind: WithdrawalKind, body: WithdrawalRequestBody) => http.request<WithdrawalPreview>({ method: 'POST', path: `/withdrawals/${kind}/preview`, body }),
    requestWithdrawal: (kind: WithdrawalKind, body: WithdrawalRequestBody) => http.request<Withdrawal>({ method: 'POST', path: `/withdrawals/${kind}`, body }),
    /** The student takes back a withdrawal request of their own while it waits (REQUESTED → CANCELLED). */
    cancelWithdrawal: (kind: WithdrawalKind, id: number) =>
      http.request<Withdrawal>({ method: 'PATCH', path: `/withdrawals/${kind}/${id}/status`, query: { status: 'CANCELLED' } }),
  };
}

export type TransfersApi = ReturnType<typeof transfersApi>;

/** A staff offer the student still has to accept or decline. */
export const isOpenOffer = (t: Transfer) => t.status === 'PENDING' && t.requestedBy === 'STAFF';

/** A request the student sent that still waits for staff: they may cancel it (a transfer is then REJECTED, a withdrawal CANCELLED). */
export const isOwnPendingTransfer = (t: Transfer) => t.status === 'PENDING' && t.requestedBy === 'STUDENT';
export const isOwnPendingWithdrawal = (w: Withdrawal) => w.status === 'REQUESTED' && w.requestedBy === 'STUDENT';
