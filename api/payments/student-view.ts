import { Messages } from '../../models/messages';
import type { LedgerDto } from '../billing/account-history';
import type { Principal } from '../common/context';
import type { GatewayEventDto } from './card-history';
import type { PaymentDto } from './payments.service';

/**
 * What a student reads of their billing records (issue 15): the institute's own references and our
 * own sentences, which the portal shows in the student's language (models/messages.ts); never a
 * gateway's object ids (ch_…, re_…, dp_…) or its texts ('No such charge: …', a decline reason, a
 * dispute reason). Staff read the same records whole: the gateway's ids and texts are what they act on.
 */

/** Whether the caller reads the student's view (anyone but staff: the student, through the `self` rule). */
export const readsStudentView = (auth: Principal | null | undefined): boolean => auth?.kind !== 'ADMIN';

/** The institute's reference of a payment and of a refund, as students quote it to the school. */
export const paymentReference = (paymentId: number) => `P-${paymentId}`;
export const refundReference = (refundId: number) => `R-${refundId}`;

const OWN_MESSAGES = new Set<string>(Object.values(Messages));

/** A payment's failure as a student reads it: one of our messages as it is, anything a gateway said as our sentence. */
function failureSentence(message: string | null, kind: 'CHARGE' | 'REFUND' | 'DISPUTE'): string | null {
  if (!message) return null;
  if (OWN_MESSAGES.has(message)) return message;
  if (message === 'Chargeback' || kind === 'DISPUTE') return Messages.CARD_PAYMENT_DISPUTED;
  return kind === 'REFUND' ? Messages.CARD_REFUND_FAILED : Messages.CARD_CHARGE_FAILED;
}

/** An account-history line: the reference of its refund or payment (none for the plan's own lines). */
export function studentLedgerLine<T extends Pick<LedgerDto, 'referenceNumber' | 'paymentId' | 'refundId'>>(line: T): T {
  const referenceNumber = line.refundId ? refundReference(line.refundId) : line.paymentId ? paymentReference(line.paymentId) : null;
  return { ...line, referenceNumber };
}

/**
 * A card-provider event: the reference of its refund (a refund's event) or its payment; for what did
 * not go through, our sentence of its kind (a failed charge, a failed refund, a dispute).
 */
export function studentGatewayEvent(event: GatewayEventDto & { refundId?: number | null }): GatewayEventDto {
  const { refundId, ...rest } = event;
  const kind = event.kind === 'REFUND' || event.kind === 'DISPUTE' ? event.kind : 'CHARGE';
  const reference = refundId ? refundReference(refundId) : event.paymentId ? paymentReference(event.paymentId) : null;
  const settled = event.status === 'SUCCEEDED' || event.status === 'PENDING';
  const message = kind === 'DISPUTE' ? Messages.CARD_PAYMENT_DISPUTED : settled ? null : kind === 'REFUND' ? Messages.CARD_REFUND_FAILED : Messages.CARD_CHARGE_FAILED;
  return {
    ...rest,
    reference,
    message,
    payment: event.payment ? { ...event.payment, failureMessage: failureSentence(event.payment.failureMessage, 'CHARGE') } : null,
  };
}

/** A payment: its failure as our sentence, and the institute's reference. */
export function studentPayment(payment: PaymentDto): PaymentDto {
  return { ...payment, failureMessage: failureSentence(payment.failureMessage, 'CHARGE'), referenceNumber: paymentReference(payment.id) };
}
