/**
 * The machine of an agreement envelope (platform spec "enrollment agreement"; domain rules: the
 * agreement is signed inside the product): prepared SENT; the student signs it (SIGNED); a new text
 * (terms changed, recreated) voids it, signed or not (VOIDED). A voided envelope stays voided.
 * api/envelopes enforces it (signing: 409 ENVELOPE_ALREADY_SIGNED from SIGNED, ENVELOPE_VOIDED from
 * VOIDED); the portal offers the signature only on a SENT one, the PDF on a SIGNED one.
 */
import { defineMachine } from './machine';

export const EnvelopeStatus = ['SENT', 'SIGNED', 'VOIDED'] as const;
export type EnvelopeStatusValue = (typeof EnvelopeStatus)[number];

export const envelopeMachine = defineMachine<EnvelopeStatusValue>({
  SENT: ['SIGNED', 'VOIDED'],
  SIGNED: ['VOIDED'],
  VOIDED: [],
});

/** The student may sign it (it is SENT). */
export const isEnvelopeSignable = (envelope: { status: string }): boolean => envelopeMachine.can(envelope.status, 'SIGNED');
/** Its signed PDF exists (it is SIGNED and not voided since). */
export const hasSignedPdf = (envelope: { status: string }): boolean => envelope.status === 'SIGNED';
/** Why signing is refused from `status` (the API's 409 code), or null when it may be signed. */
export function signRefusal(status: string): 'ENVELOPE_ALREADY_SIGNED' | 'ENVELOPE_VOIDED' | null {
  if (envelopeMachine.can(status, 'SIGNED')) return null;
  return status === 'SIGNED' ? 'ENVELOPE_ALREADY_SIGNED' : 'ENVELOPE_VOIDED';
}
/** It is still in force (a new text would void it): SENT or SIGNED. */
export const isEnvelopeVoidable = (envelope: { status: string }): boolean => envelopeMachine.can(envelope.status, 'VOIDED');
/** It was replaced by a newer text (VOIDED, final). */
export const isEnvelopeVoided = (envelope: { status: string }): boolean => envelope.status === 'VOIDED';
