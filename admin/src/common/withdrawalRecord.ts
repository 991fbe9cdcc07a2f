import type { Identifier, RaRecord } from 'react-admin';
import type { Of, RequestStatus, WithdrawalKind } from '../../../models/enums';
import type { WithdrawalAnswer, WithdrawalPreviewAnswer, WithdrawalSettingAnswer, WithdrawalSummaryAnswer } from '../../../domain/contract/withdrawals';
import { withdrawalMachine } from '../../../domain/state/withdrawals';
import type { AppDataProvider } from '../providers/dataProvider';
import { moneyProblem } from './billingShared';

/**
 * Withdrawals (the console resource `withdrawals` over /api/withdrawals; issue 18): a student leaving
 * all or some classes of an application, of one of six kinds, with the engine's figures (tuition
 * responsibility, reduction, refund, tax, the reissued plan). REQUESTED → APPROVED | REJECTED |
 * CANCELLED; APPROVED → COMPLETED (by itself once its refund went back). Shared by the withdrawals
 * resource and the application drawer's 'Withdraw' dialog.
 */

export const WITHDRAWALS = 'withdrawals';

export type WithdrawalStatusValue = Of<typeof RequestStatus>;
export type WithdrawalKindValue = Of<typeof WithdrawalKind>;
export type WithdrawalRecord = Omit<WithdrawalAnswer, 'id'> & RaRecord;
export type WithdrawalPreview = WithdrawalPreviewAnswer;
export type WithdrawalSummary = WithdrawalSummaryAnswer;
export type WithdrawalSetting = WithdrawalSettingAnswer;

export const withdrawalStatusColor: Record<WithdrawalStatusValue, 'warning' | 'info' | 'success' | 'error' | 'default'> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  COMPLETED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** The moves of a withdrawal's status, in the order the drawer offers them. */
export const nextWithdrawalStatuses = (status: WithdrawalStatusValue): WithdrawalStatusValue[] => withdrawalMachine.next(status);

/** The kind a withdrawal of an application starts with: HCTP's for the HCTP flow, else specialty (staff may change it). */
export const defaultWithdrawalKind = (flowType: string | null | undefined): WithdrawalKindValue => (flowType === 'HCTP' ? 'hctp' : 'specialty');

/** What the 'Withdraw' dialog holds. */
export interface NewWithdrawal {
  kind?: WithdrawalKindValue | null;
  cohortIds?: Identifier[] | null;
  withdrawalDate?: string | null;
  reason?: string | null;
  comments?: string | null;
  installmentAmount?: number | string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * POST /withdrawals/{kind} and its preview: `{ applicationId, cohortIds?, withdrawalDate?, reason?,
 * comments?, installmentAmount? }` — blanks left out (the API then takes every active class, today,
 * and the plan's current installment).
 */
export function toWithdrawalPayload(applicationId: Identifier, values: NewWithdrawal): Record<string, unknown> {
  const cohortIds = (values.cohortIds ?? []).map(Number);
  return {
    applicationId: Number(applicationId),
    ...(cohortIds.length ? { cohortIds } : {}),
    ...(blank(values.withdrawalDate) ? {} : { withdrawalDate: values.withdrawalDate }),
    ...(text(values.reason) ? { reason: text(values.reason) } : {}),
    ...(text(values.comments) ? { comments: text(values.comments) } : {}),
    ...(blank(values.installmentAmount) ? {} : { installmentAmount: Number(values.installmentAmount) }),
  };
}

/** The dialog's own checks: a kind, at least one class, an installment that is money when typed. */
export function validateNewWithdrawal(values: NewWithdrawal): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.kind) errors.kind = 'ra.validation.required';
  if (!values.cohortIds?.length) errors.cohortIds = 'ra.validation.required';
  const installment = blank(values.installmentAmount) ? undefined : moneyProblem(values.installmentAmount);
  if (installment) errors.installmentAmount = installment;
  return errors;
}

const at = (suffix: string) => `/withdrawals${suffix}`;
const seg = (v: Identifier) => encodeURIComponent(String(v));

/** The withdrawal calls beyond CRUD, on the provider's http client. */
export function withdrawalApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /withdrawals/{kind}/preview: what approving would move, nothing saved. */
    preview: (kind: WithdrawalKindValue, body: Record<string, unknown>) => dataProvider.request<WithdrawalPreview>({ method: 'POST', path: at(`/${seg(kind)}/preview`), body }),
    /** POST /withdrawals/{kind}: a REQUESTED withdrawal; answers it. */
    create: (kind: WithdrawalKindValue, body: Record<string, unknown>) => dataProvider.request<WithdrawalRecord>({ method: 'POST', path: at(`/${seg(kind)}`), body }),
    /** PATCH /withdrawals/{kind}/{id}/status?status=; answers the withdrawal. */
    changeStatus: (record: Pick<WithdrawalRecord, 'id' | 'kind'>, status: WithdrawalStatusValue) =>
      dataProvider.request<WithdrawalRecord>({ method: 'PATCH', path: at(`/${seg(record.kind)}/${seg(record.id)}/status`), query: { status } }),
    /** PATCH /withdrawals/{id}/auto_pay { autoPay }: the reissued plan's auto-pay; answers the withdrawal. */
    setAutoPay: (id: Identifier, autoPay: boolean) => dataProvider.request<WithdrawalRecord>({ method: 'PATCH', path: at(`/${seg(id)}/auto_pay`), body: { autoPay } }),
    /** POST /withdrawals/summary with the list's criteria: counts per status and the money sums. */
    summary: (criteria: Record<string, unknown>) => dataProvider.request<WithdrawalSummary>({ method: 'POST', path: at('/summary'), body: criteria }),
    /** GET /withdrawals/settings: each kind's settings of the tuition responsibility. */
    settings: () => dataProvider.request<WithdrawalSetting[]>({ path: at('/settings') }),
    /** PUT /withdrawals/settings/{kind}: a kind's settings; answers them. */
    updateSettings: (kind: WithdrawalKindValue, body: Record<string, unknown>) =>
      dataProvider.request<WithdrawalSetting>({ method: 'PUT', path: at(`/settings/${seg(kind)}`), body }),
  };
}
