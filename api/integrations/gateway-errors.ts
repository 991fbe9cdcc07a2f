import { Messages } from '../../models/messages';

/** Why a card was declined, as the gateways' decline codes say it (anything else is CARD_DECLINED). */
export type DeclineCode = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS' | 'EXPIRED_CARD' | 'INCORRECT_CVC' | 'PROCESSING_ERROR';

/** A gateway's decline code (Stripe's `decline_code` or `code`) as ours. */
export function declineCodeOf(code: string | null | undefined): DeclineCode {
  switch (code) {
    case 'insufficient_funds':
      return 'INSUFFICIENT_FUNDS';
    case 'expired_card':
      return 'EXPIRED_CARD';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'INCORRECT_CVC';
    case 'processing_error':
    case 'try_again_later':
      return 'PROCESSING_ERROR';
    default:
      return 'CARD_DECLINED';
  }
}

/**
 * The decline code of a stored decline reason (a replayed payment keeps only the gateway's text):
 * the sandbox's and Stripe's standard card messages.
 */
export function declineCodeOfReason(reason: string | null | undefined): DeclineCode {
  const text = (reason ?? '').toLowerCase();
  if (text.includes('insufficient funds')) return 'INSUFFICIENT_FUNDS';
  if (text.includes('expired')) return 'EXPIRED_CARD';
  if (text.includes('security code') || text.includes('cvc')) return 'INCORRECT_CVC';
  if (text.includes('processing') || text.includes('try again')) return 'PROCESSING_ERROR';
  return 'CARD_DECLINED';
}

/** Our sentence of a decline, the {0} of 'Payment failure {0}' (models/messages.ts: both languages). */
export const declineSentence = (code: DeclineCode): string => Messages[`DECLINE_${code}`];

/**
 * A gateway refusal: `declined` (answered 409 PAYMENT_FAILURE with our sentence of `declineCode`;
 * `reason`, the gateway's own text, is kept on the payment for staff) or `invalid` (400: on the
 * card's fields when `errors` names them, else on the token).
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'declined' | 'invalid',
    readonly reason: string,
    readonly errors?: Record<string, string>,
    readonly declineCode: DeclineCode = 'CARD_DECLINED',
  ) {
    super(reason);
  }
}
