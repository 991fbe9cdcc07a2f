/**
 * Client-side checks mirroring the server's rules (platform spec §5, models/validation.ts), with the
 * spec's messages from models/messages.ts. They only spare a round trip: the server stays the
 * authority and its field errors are always shown. Messages stay in English here and are translated
 * where they are shown (translateMessage), exactly like the server's.
 */
import { Messages } from '../../../models/messages';
import { parseDate } from './dates';
import { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN } from '../../../models/patterns';

/** The server's own patterns (models/patterns.ts). */
export { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN };

export type Check = (value: string) => string | undefined;

export const required: Check = (v) => (v.trim() === '' ? Messages.REQUIRED : undefined);

export const email: Check = (v) => required(v) ?? (EMAIL_PATTERN.test(v.trim()) ? undefined : Messages.EMAIL_FORMAT);

/** A person's name: required and at least one word of two letters. */
export const personName: Check = (v) => required(v) ?? (/\p{L}{2}/u.test(v) ? undefined : Messages.ONE_WORD);

/** Only for a password being chosen; a sign-in password is merely required. */
export const strongPassword: Check = (v) => {
  if (v === '') return Messages.REQUIRED;
  if (/\s/.test(v)) return Messages.NO_BLANKS;
  return STRONG_PASSWORD_PATTERN.test(v) ? undefined : Messages.STRONG_PASSWORD;
};

export const confirmation =
  (original: string): Check =>
  (v) =>
    v === original ? undefined : Messages.CONFIRMATION_MISMATCH;

/** An optional MM-DD-YYYY date. */
export const optionalDate: Check = (v) => (v.trim() === '' || parseDate(v) ? undefined : Messages.INVALID_DATE);

/** Runs each field's checks; answers only the fields that fail (first message per field). */
export function validate<K extends string>(values: Record<K, string>, rules: Partial<Record<K, Check[]>>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    for (const check of rules[key] ?? []) {
      const message = check(values[key] ?? '');
      if (message) {
        errors[key] = message;
        break;
      }
    }
  }
  return errors;
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);
