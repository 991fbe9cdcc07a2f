import { Administrator, Student } from '../../models';
import type { Deps } from '../common/context';
import { recipientParams } from '../communications/compose';

/**
 * The product's own emails (issue 17): each is a system communication template seeded by migration
 * 0015 (0022: transfers and withdrawals) in English and Spanish, sent by its key through `sendTemplate` (api/communications/send.ts).
 * This is the catalogue the senders share — the keys, and the params every product email is given on
 * top of its own (`instituteParams`) and the recipient's (`recipientParams`, or `recipientByEmail`
 * when only an address is known).
 */
export const ProductEmail = {
  PASSWORD_RESET: 'PASSWORD_RESET',
  VERIFICATION_CODE: 'VERIFICATION_CODE',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  ADMIN_INVITATION: 'ADMIN_INVITATION',
  APPLICATION_SUBMITTED: 'APPLICATION_SUBMITTED',
  APPLICATION_APPROVED: 'APPLICATION_APPROVED',
  APPLICATION_WAITING_TO_SIGN: 'APPLICATION_WAITING_TO_SIGN',
  APPLICATION_ENROLLED: 'APPLICATION_ENROLLED',
  APPLICATION_REJECTED: 'APPLICATION_REJECTED',
  APPLICATION_CANCELLED: 'APPLICATION_CANCELLED',
  INSTALLMENT_REMINDER: 'INSTALLMENT_REMINDER',
  PAST_DUE_NOTICE: 'PAST_DUE_NOTICE',
  INSTALLMENT_DUE: 'INSTALLMENT_DUE',
  PAYMENT_RECEIPT: 'PAYMENT_RECEIPT',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  REFUND_ISSUED: 'REFUND_ISSUED',
  // Issue 18 (migration 0022).
  TRANSFER_OFFERED: 'TRANSFER_OFFERED',
  TRANSFER_ACCEPTED: 'TRANSFER_ACCEPTED',
  WITHDRAWAL_DECIDED: 'WITHDRAWAL_DECIDED',
  // Issue 19 (migration 0027).
  CIRCLE_SESSION_REMINDER: 'CIRCLE_SESSION_REMINDER',
  CIRCLE_COACH_REMINDER: 'CIRCLE_COACH_REMINDER',
  CIRCLE_ABSENCE_ALERT: 'CIRCLE_ABSENCE_ALERT',
  // Issue 19 (migration 0024).
  COACH_INVITATION: 'COACH_INVITATION',
} as const;
export type ProductEmailKey = keyof typeof ProductEmail;
export const PRODUCT_EMAIL_KEYS = Object.keys(ProductEmail) as ProductEmailKey[];

/** The params every product email may use: the institute's name, the portal's address and the support phone. */
export const INSTITUTE_PARAMS = ['providerName', 'portalUrl', 'supportPhone'] as const;

export function instituteParams(config: Deps['config']): Record<(typeof INSTITUTE_PARAMS)[number], string> {
  return { providerName: config.PROVIDER_NAME, portalUrl: config.PUBLIC_URL, supportPhone: config.PROVIDER_PHONE };
}

/** EN or ES from a stored language code (English when unknown). */
export const languageOf = (code: string | null | undefined): 'EN' | 'ES' => (code?.toUpperCase() === 'ES' ? 'ES' : 'EN');

/**
 * The recipient params of whoever owns an address — a student (with their language) or an
 * administrator (English) — or empty names for an address that is nobody's yet (a sign-up).
 */
export async function recipientByEmail(address: string): Promise<{ params: ReturnType<typeof recipientParams>; language: 'EN' | 'ES' | null; studentId: number | null }> {
  const email = address.trim().toLowerCase();
  const student = await Student.findOne({ where: { email }, attributes: ['id', 'firstName', 'lastName', 'email', 'languageIso2LetterCode'] });
  if (student) return { params: recipientParams(student), language: languageOf(student.languageIso2LetterCode), studentId: student.id };
  const admin = await Administrator.findOne({ where: { email }, attributes: ['id', 'firstName', 'lastName', 'email'] });
  if (admin) return { params: recipientParams(admin), language: null, studentId: null };
  return { params: recipientParams({ firstName: '', lastName: '', email }), language: null, studentId: null };
}
