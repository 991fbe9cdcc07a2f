import { Messages } from '../../../models/messages';
import { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN } from '../../../models/patterns';

/**
 * Form checks of platform spec §5 for the administrator and password forms. They answer the spec's
 * English message, which the i18n provider treats as a key (Spanish comes from the message catalogue),
 * exactly as it does with the same texts arriving from the server. The patterns are the server's
 * own (models/patterns.ts).
 */

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Trimmed non-empty (a non-empty array for multi-selects). `isRequired` makes react-admin mark the label with '*'. */
export const requiredValue = Object.assign((value: unknown) => (isBlank(value) ? Messages.REQUIRED : undefined), { isRequired: true });

/** At least one word of two letters (names). */
export const oneWord = (value: unknown) => (isBlank(value) || /\p{L}{2}/u.test(String(value)) ? undefined : Messages.ONE_WORD);

export const emailFormat = (value: unknown) => (isBlank(value) || EMAIL_PATTERN.test(String(value).trim()) ? undefined : Messages.EMAIL_FORMAT);

/** Strong password, no blanks; empty passes (combine with requiredValue where one is required). */
export const strongPassword = (value: unknown) => {
  if (isBlank(value)) return undefined;
  const text = String(value);
  if (/\s/.test(text)) return Messages.NO_BLANKS;
  return STRONG_PASSWORD_PATTERN.test(text) ? undefined : Messages.STRONG_PASSWORD;
};

/** The confirmation of `field` must equal it. */
export const matchesField = (field: string) => (value: unknown, values: Record<string, unknown>) =>
  (value ?? '') === (values?.[field] ?? '') ? undefined : Messages.CONFIRMATION_MISMATCH;
