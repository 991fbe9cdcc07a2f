import type { RaRecord } from 'react-admin';
export { toRefundPayload } from '../../common/RefundAmountsEdit';
import type { Of, RequestStatus } from '../../../../models/enums';
import { Messages } from '../../../../models/messages';
import type { ApplicationVoucherAnswer, VoucherAnswer } from '../../../../domain/contract/vouchers';
import { isVoucherRefundEditable, nextVoucherRefundStatuses } from '../../../../domain/state/vouchers';

/**
 * Application vouchers (voucher refunds, the console resource `voucher-refunds` over
 * /api/application_vouchers) and voucher definitions (/api/vouchers): records, the status moves,
 * and the payloads the API's strict bodies accept.
 */

export const VOUCHER_REFUNDS = 'voucher-refunds';
export const VOUCHERS = 'vouchers';

export type RequestStatusValue = Of<typeof RequestStatus>;

/** An application voucher as the API answers it (back-office spec §3, Application voucher): domain/contract/vouchers.ts. */
export type VoucherRefundRecord = Omit<ApplicationVoucherAnswer, 'id'> & RaRecord;

/** A voucher definition as the API answers it: domain/contract/vouchers.ts. */
export type VoucherRecord = Omit<VoucherAnswer, 'id'> & RaRecord;

// ---------------------------------------------------------------- status moves

/** REQUESTED → APPROVED | REJECTED | CANCELLED; APPROVED → COMPLETED (sets the refunded amounts): domain/state/vouchers.ts. */
export { nextVoucherRefundStatuses as nextRefundStatuses };

export const requestStatusColor: Record<RequestStatusValue, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  COMPLETED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** A refund is edited only while it is requested (the API answers 'Invalid status' otherwise). */
export { isVoucherRefundEditable as isEditable };

export function refundStudentName(record: Pick<VoucherRefundRecord, 'application'>): string {
  const s = record.application?.student;
  if (!s) return '';
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email || `#${s.id}`;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

// ---------------------------------------------------------------- voucher definitions

/** What the voucher form holds: the emails as typed (one per line or separated by commas). */
export interface VoucherFormValues extends Partial<Omit<VoucherRecord, 'emailIds'>> {
  emailText?: string | null;
}

/** Emails typed one per line or separated by commas or spaces, trimmed, lower-cased, without repeats. */
export function parseEmails(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function toVoucherFormValues(record: VoucherRecord | null): VoucherFormValues {
  if (!record) return { discountKind: 'PERCENT_OFF', scope: 'ALL', active: true, emailText: '' };
  const { emailIds, ...rest } = record;
  return { ...rest, emailText: (emailIds ?? []).join('\n') };
}

/** POST /vouchers and PUT /vouchers/{id}: exactly the voucher's fields; the code upper-cased. */
export function toVoucherPayload(values: VoucherFormValues) {
  const scope = values.scope ?? 'ALL';
  const useLimit = values.useLimit === null || values.useLimit === undefined || (values.useLimit as unknown) === '' ? null : Number(values.useLimit);
  return {
    code: typeof values.code === 'string' ? values.code.trim().toUpperCase() : values.code,
    description: text(values.description),
    discountKind: values.discountKind,
    discountValue: values.discountValue === null || values.discountValue === undefined ? values.discountValue : Number(values.discountValue),
    scope,
    emailIds: scope === 'EMAIL_IDS' ? parseEmails(values.emailText) : [],
    validFrom: values.validFrom || null,
    validTo: values.validTo || null,
    useLimit,
    active: values.active ?? true,
  };
}

/** The form's own checks (the server checks the same): value per kind, emails for EMAIL_IDS, dates in order. */
export function validateVoucher(values: VoucherFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.code || !String(values.code).trim()) errors.code = 'ra.validation.required';
  if (!values.discountKind) errors.discountKind = 'ra.validation.required';
  const value = values.discountValue === null || values.discountValue === undefined || (values.discountValue as unknown) === '' ? null : Number(values.discountValue);
  if (value === null || !Number.isFinite(value)) errors.discountValue = 'ra.validation.required';
  else if (value <= 0 || (values.discountKind === 'PERCENT_OFF' && value > 100)) errors.discountValue = 'resources.voucher-refunds.voucher.value_range';
  if (values.scope === 'EMAIL_IDS' && parseEmails(values.emailText).length === 0) errors.emailText = 'resources.voucher-refunds.voucher.emails_required';
  if (values.validFrom && values.validTo && values.validFrom > values.validTo) errors.validTo = 'resources.voucher-refunds.voucher.dates_order';
  if (
    values.useLimit !== null &&
    values.useLimit !== undefined &&
    (values.useLimit as unknown) !== '' &&
    !(Number.isInteger(Number(values.useLimit)) && Number(values.useLimit) >= 1)
  ) {
    errors.useLimit = Messages.INVALID_VALUE;
  }
  return errors;
}
