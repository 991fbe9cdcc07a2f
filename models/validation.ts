/**
 * Field rules of platform spec §5 as zod builders, shared by the API (input validation), the console
 * and the portal (form validation). Every message comes from `messages.ts`.
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { parseDate } from './dates';
import { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN } from './patterns';

export { EMAIL_PATTERN, STRONG_PASSWORD_PATTERN };
import { Messages, format } from './messages';

// A missing required value reads 'This field is required' everywhere; other type errors 'Invalid value'.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') return issue.input === undefined || issue.input === null ? Messages.REQUIRED : Messages.INVALID_VALUE;
    if (issue.code === 'invalid_value') return Messages.INVALID_VALUE;
    return undefined;
  },
});

/** Settings the messages need (filled by the API from its configuration). */
export const validationSettings = { providerName: 'Health Coach Institute', minimumAge: 18 };

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Required text: trimmed, non-empty, within length bounds. Numbers are accepted and kept as text. */
export function requiredText(max = 255, min = 1) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : trimmed(v)),
    z.string().min(1, Messages.REQUIRED).min(min, format(Messages.MIN_LENGTH, min)).max(max, format(Messages.MAX_LENGTH, max)),
  );
}

/** Optional text: empty or blank becomes null. */
export function optionalText(max = 255) {
  return z.preprocess((v) => blankToNull(typeof v === 'number' ? String(v) : trimmed(v)), z.string().max(max, format(Messages.MAX_LENGTH, max)).nullish());
}

/** A name: required, and containing at least one word of two letters. */
export function personName(max = 100) {
  return requiredText(max).refine((v) => /\p{L}{2}/u.test(v), Messages.ONE_WORD);
}

/** Email: trimmed, lower-cased (emails compare case-insensitively on every database). */
export function email() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.string().min(1, Messages.REQUIRED).max(254, format(Messages.MAX_LENGTH, 254)).regex(EMAIL_PATTERN, Messages.EMAIL_FORMAT),
  );
}

/** Strong password: ≥ 8 characters with a digit, a lower- and an upper-case letter, no blanks. */
export function strongPassword() {
  return z
    .string()
    .min(1, Messages.REQUIRED)
    .refine((v) => !/\s/.test(v), Messages.NO_BLANKS)
    .refine((v) => STRONG_PASSWORD_PATTERN.test(v), Messages.STRONG_PASSWORD)
    .refine((v) => Buffer.byteLength(v, 'utf8') <= 72, format(Messages.MAX_LENGTH, 72));
}

/** Adds "confirmation must match" to an object schema holding `field` and `${field}Confirmation`. */
export function confirmationMatches<T extends Record<string, unknown>>(field: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const confirmationField = `${field}Confirmation`;
    if (value[field] !== value[confirmationField]) {
      ctx.addIssue({ code: 'custom', path: [confirmationField], message: Messages.CONFIRMATION_MISMATCH });
    }
  };
}

export function url() {
  return z.preprocess(trimmed, z.string().min(1, Messages.REQUIRED).url(Messages.INVALID_URL));
}

export { parseDate } from './dates';

/** A date given as MM-DD-YYYY or YYYY-MM-DD, answered as YYYY-MM-DD. */
export function date() {
  return z.preprocess(trimmed, z.string().min(1, Messages.REQUIRED)).transform((v, ctx) => {
    const parsed = parseDate(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: Messages.INVALID_DATE });
      return z.NEVER;
    }
    return parsed;
  });
}

export function optionalDate() {
  return z.preprocess(blankToNull, date().nullish());
}

/** Age in whole years on `today` for a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Birth date: a valid date at least 18 years ago. */
export function birthDate() {
  return optionalDate().superRefine((v, ctx) => {
    if (v && ageOn(v) < validationSettings.minimumAge) {
      ctx.addIssue({ code: 'custom', message: format(Messages.UNDER_AGE, validationSettings.providerName) });
    }
  });
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export function time() {
  return z.string().regex(TIME_PATTERN, Messages.INVALID_TIME);
}

/** Normalises a phone number to E.164, or null when it is not a valid international number. */
export function normalisePhone(input: string, mobile: boolean): { value: string | null; error?: string } {
  const phone = parsePhoneNumberFromString(input, input.trim().startsWith('+') ? undefined : 'US');
  if (!phone || !phone.isValid()) return { value: null, error: mobile ? Messages.INVALID_MOBILE : Messages.INVALID_PHONE };
  if (mobile) {
    const type = phone.getType();
    if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return { value: null, error: Messages.INVALID_MOBILE };
  }
  return { value: phone.number };
}

/** An optional phone number; `mobile` also requires the MOBILE or FIXED_LINE_OR_MOBILE kind. */
export function phone(kind: 'any' | 'mobile' = 'any') {
  return z.preprocess(blankToNull, z.string().max(40).nullish()).transform((v, ctx) => {
    if (v === null || v === undefined) return v;
    const result = normalisePhone(v, kind === 'mobile');
    if (result.error) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.value;
  });
}

const ADDRESS_REQUIRED: Array<[string, string]> = [
  ['countryCode', 'country'],
  ['city', 'city'],
  ['street1', 'street'],
];

/**
 * An address; with more than one field filled it must contain countryCode, city and street1.
 * `formattedAddress` is what the API answers beside the parts (a record sent back as read): accepted
 * and dropped, since it is made from them.
 */
export function address() {
  return z
    .object({
      formattedAddress: z
        .unknown()
        .optional()
        .transform(() => undefined),
      street1: optionalText(200),
      street2: optionalText(200),
      city: optionalText(100),
      stateCode: optionalText(10),
      zip: optionalText(20),
      countryCode: z.preprocess(
        (v) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v),
        z
          .string()
          .regex(/^[A-Z]{2}$/, Messages.INVALID_VALUE)
          .nullish(),
      ),
    })
    .strict()
    .superRefine((a, ctx) => {
      const filled = Object.values(a).filter((v) => v !== null && v !== undefined).length; // formattedAddress is always undefined here
      if (filled <= 1) return;
      for (const [field, word] of ADDRESS_REQUIRED) {
        if (!a[field as keyof typeof a]) ctx.addIssue({ code: 'custom', path: [field], message: format(Messages.ADDRESS_MUST_CONTAIN, word) });
      }
    });
}

/** A positive integer id in a path or body. */
export const id = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number()
      .int(Messages.INVALID_VALUE)
      .positive(Messages.INVALID_VALUE)
      .max(2 ** 31 - 1, Messages.INVALID_VALUE),
  );

/** true/false as JSON booleans or as query-string text. */
export const booleanish = () => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
