import type { Transaction } from 'sequelize';
import { Cohort, Payment, Product, Refund, Student, StudentPaymentPlan, Transfer, Withdrawal } from '../../models';
import { schoolToday } from '../../models/catalogue';
import { toDisplayDate } from '../../models/dates';
import { Messages, MessagesEs } from '../../models/messages';
import { formatCents, toCents } from '../../domain/money';
import type { Deps } from '../common/context';
import { on, type EventHandler } from '../common/events';
import { paymentReference, refundReference } from '../payments/student-view';
import { sendTemplate } from './send';
import { INSTITUTE_PARAMS, instituteParams, ProductEmail } from '../communication-templates/product-emails';

/**
 * The product emails billing's events send (issue 17), each through `sendTemplate` in the student's
 * language, inside the delivery's transaction (the intent exists exactly when the delivery is DONE)
 * and once per event and recipient (dedupe key: `<TEMPLATE>:<record>:<id>:<student>` — a delivery run
 * twice, or the event raised twice for one record, sends one email):
 *
 * - PaymentAccepted → PAYMENT_RECEIPT
 * - PaymentFailed → PAYMENT_FAILED
 * - RefundCompleted → REFUND_ISSUED
 * - TransferDecided → TRANSFER_OFFERED (a staff offer) or TRANSFER_ACCEPTED; WithdrawalDecided → WITHDRAWAL_DECIDED (migration 0022)
 *
 * The params each template may use, besides the recipient's (firstName, lastName, fullName, email):
 * RECEIPT_PARAMS, FAILED_PARAMS, REFUND_PARAMS below (the templates slice seeds the templates with
 * them as availableParams). Amounts are written `$1,234.50`, dates MM-DD-YYYY in the school's day.
 */

export const PAYMENT_RECEIPT_KEY = 'PAYMENT_RECEIPT';
export const PAYMENT_FAILED_KEY = 'PAYMENT_FAILED';
export const REFUND_ISSUED_KEY = 'REFUND_ISSUED';
export const TRANSFER_OFFERED_KEY = ProductEmail.TRANSFER_OFFERED;
export const TRANSFER_ACCEPTED_KEY = ProductEmail.TRANSFER_ACCEPTED;
export const WITHDRAWAL_DECIDED_KEY = ProductEmail.WITHDRAWAL_DECIDED;
/** The withdrawal email's decision, in the recipient's language. */
const DECISIONS = {
  EN: { APPROVED: 'approved', REJECTED: 'rejected', CANCELLED: 'cancelled' },
  ES: { APPROVED: 'aprobado', REJECTED: 'rechazado', CANCELLED: 'cancelado' },
} as const;

// The seeded templates' params (migration 0015), with the institute's (providerName, portalUrl, supportPhone).
export const RECEIPT_PARAMS = ['amount', 'date', 'reference', 'planName', 'paymentMethod', ...INSTITUTE_PARAMS] as const;
export const FAILED_PARAMS = ['amount', 'date', 'reference', 'planName', 'paymentMethod', 'reason', ...INSTITUTE_PARAMS] as const;
export const REFUND_PARAMS = ['amount', 'date', 'reference', 'planName', ...INSTITUTE_PARAMS] as const;

type PaymentWithParts = Payment & { student: Student; plan: StudentPaymentPlan | null };

const STUDENT_ATTRIBUTES = ['id', 'email', 'firstName', 'lastName', 'languageIso2LetterCode'];
const language = (s: Student): 'EN' | 'ES' => (s.languageIso2LetterCode?.toUpperCase() === 'ES' ? 'ES' : 'EN');

async function paymentOf(id: number, transaction: Transaction | undefined) {
  return (await Payment.findByPk(id, {
    include: [
      { model: Student, as: 'student', attributes: STUDENT_ATTRIBUTES, required: true },
      { model: StudentPaymentPlan, as: 'plan', attributes: ['id', 'name'], required: false },
    ],
    transaction,
  })) as PaymentWithParts | null;
}

function paymentParams(deps: Deps, p: PaymentWithParts) {
  const brand = p.cardBrand ? p.cardBrand.charAt(0).toUpperCase() + p.cardBrand.slice(1) : null;
  return {
    amount: formatCents(toCents(p.amount)),
    date: toDisplayDate(p.paymentDate),
    reference: paymentReference(p.id),
    planName: p.plan?.name ?? '',
    paymentMethod: p.cardLast4 ? `${brand ?? 'Card'} •••• ${p.cardLast4}` : (brand ?? '—'),
    ...instituteParams(deps.config),
  };
}

/** Our sentence of a decline code in the student's language (never the gateway's text). */
function declineReason(code: string, lang: 'EN' | 'ES'): string {
  const key = `DECLINE_${code}` as keyof typeof Messages;
  const known = key in Messages ? key : ('DECLINE_CARD_DECLINED' as const);
  return lang === 'ES' ? MessagesEs[known] : Messages[known];
}

export function communicationEventHandlers(deps: Deps): EventHandler[] {
  return [
    on({
      name: 'communications.paymentReceipt',
      type: 'PaymentAccepted',
      async handle(e, { transaction }) {
        const p = await paymentOf(e.paymentId, transaction);
        if (!p || p.status !== 'ACCEPTED' || !p.student.email) return; // reversed or cancelled since: no receipt
        await sendTemplate(deps, {
          key: PAYMENT_RECEIPT_KEY,
          to: p.student.email,
          language: language(p.student),
          studentId: p.student.id,
          params: paymentParams(deps, p),
          dedupeKey: `${PAYMENT_RECEIPT_KEY}:payment:${p.id}:${p.student.id}`,
          actor: e.actor,
          about: { entityType: 'PAYMENT', entityId: p.id },
          transaction,
        });
      },
    }),
    on({
      name: 'communications.paymentFailed',
      type: 'PaymentFailed',
      async handle(e, { transaction }) {
        const p = await paymentOf(e.paymentId, transaction);
        if (!p || !p.student.email) return;
        await sendTemplate(deps, {
          key: PAYMENT_FAILED_KEY,
          to: p.student.email,
          language: language(p.student),
          studentId: p.student.id,
          params: { ...paymentParams(deps, p), reason: declineReason(e.declineCode, language(p.student)) },
          dedupeKey: `${PAYMENT_FAILED_KEY}:payment:${p.id}:${p.student.id}`,
          actor: e.actor,
          about: { entityType: 'PAYMENT', entityId: p.id },
          transaction,
        });
      },
    }),
    on({
      name: 'communications.transferDecided',
      type: 'TransferDecided',
      async handle(e, { transaction }) {
        // Offered (staff-made, PENDING) and accepted are emailed; a rejection is shown in the portal.
        if (e.status === 'REJECTED') return;
        const transfer = await Transfer.findByPk(e.transferId, { transaction });
        const student = await Student.findByPk(e.studentId, { attributes: STUDENT_ATTRIBUTES, transaction });
        if (!transfer || !student?.email) return;
        const product = await Product.findByPk(transfer.destinationProductId, { attributes: ['name'], transaction });
        const cohort = await Cohort.findByPk(transfer.destinationCohortId, { attributes: ['label'], transaction });
        const key = e.status === 'PENDING' ? TRANSFER_OFFERED_KEY : TRANSFER_ACCEPTED_KEY;
        await sendTemplate(deps, {
          key,
          to: student.email,
          language: language(student),
          studentId: student.id,
          params: {
            product: product?.name ?? '',
            cohort: cohort?.label ?? '',
            transferFee: formatCents(toCents(transfer.transferFee)),
            rollover: formatCents(toCents(transfer.tuitionRollover)),
            newPrincipal: formatCents(toCents(transfer.newPrincipal)),
            ...instituteParams(deps.config),
          },
          dedupeKey: `${key}:transfer:${transfer.id}:${student.id}`,
          actor: e.actor,
          about: { entityType: 'TRANSFER', entityId: transfer.id },
          transaction,
        });
      },
    }),
    on({
      name: 'communications.withdrawalDecided',
      type: 'WithdrawalDecided',
      async handle(e, { transaction }) {
        const w = await Withdrawal.findByPk(e.withdrawalId, { transaction });
        const student = await Student.findByPk(e.studentId, { attributes: STUDENT_ATTRIBUTES, transaction });
        if (!w || !student?.email) return;
        const lang = language(student);
        await sendTemplate(deps, {
          key: WITHDRAWAL_DECIDED_KEY,
          to: student.email,
          language: lang,
          studentId: student.id,
          params: {
            decision: DECISIONS[lang][e.status],
            withdrawalDate: toDisplayDate(w.withdrawalDate),
            responsibility: formatCents(toCents(w.tuitionResponsibility)),
            refund: formatCents(toCents(w.amountToBeRefund) + toCents(w.taxToBeRefund)),
            reissued: formatCents(toCents(w.reissuedAmount)),
            ...instituteParams(deps.config),
          },
          dedupeKey: `${WITHDRAWAL_DECIDED_KEY}:withdrawal:${w.id}:${e.status}:${student.id}`,
          actor: e.actor,
          about: { entityType: 'WITHDRAWAL', entityId: w.id },
          transaction,
        });
      },
    }),
    on({
      name: 'communications.refundIssued',
      type: 'RefundCompleted',
      async handle(e, { transaction }) {
        const refund = (await Refund.findByPk(e.refundId, {
          include: [
            { model: Student, as: 'student', attributes: STUDENT_ATTRIBUTES, required: true },
            { model: StudentPaymentPlan, as: 'plan', attributes: ['id', 'name'], required: false },
          ],
          transaction,
        })) as (Refund & { student: Student; plan: StudentPaymentPlan | null }) | null;
        if (!refund || refund.status !== 'COMPLETED' || !refund.student.email) return;
        await sendTemplate(deps, {
          key: REFUND_ISSUED_KEY,
          to: refund.student.email,
          language: language(refund.student),
          studentId: refund.student.id,
          params: {
            amount: formatCents(toCents(refund.totalRefunded)),
            date: toDisplayDate(schoolToday(refund.submittedAt ?? new Date())),
            reference: refundReference(refund.id),
            planName: refund.plan?.name ?? '',
            ...instituteParams(deps.config),
          },
          dedupeKey: `${REFUND_ISSUED_KEY}:refund:${refund.id}:${refund.student.id}`,
          actor: e.actor,
          about: { entityType: 'REFUND', entityId: refund.id },
          transaction,
        });
      },
    }),
  ];
}
