/**
 * The spec's user-facing messages (platform spec §5 and §8), word for word, defined once for the
 * API, the console and the portal. `{0}`-style placeholders are filled by `format`.
 */
export const Messages = {
  GENERIC: 'An error found, please try again.',
  REQUIRED: 'This field is required',
  EMAIL_FORMAT: 'Please type your email in the format [name@example.com]',
  STRONG_PASSWORD: 'Minimum 8 characters, at least one number, one lower case and one upper case.',
  NO_BLANKS: 'Blank spaces are not allowed',
  CONFIRMATION_MISMATCH: 'This field confirmation does not match',
  INVALID_DATE: 'Please type a valid date',
  INVALID_TIME: 'Please type a valid time',
  UNDER_AGE: 'Below 18 age, call to {0} (Phone enrollment)',
  INVALID_PHONE: 'Invalid phone number',
  INVALID_MOBILE: 'Invalid mobile phone',
  ADDRESS_MUST_CONTAIN: 'The address must contain a {0}',
  INVALID_URL: 'Please type a valid URL',
  MIN_LENGTH: 'Minimum {0} characters',
  MAX_LENGTH: 'Maximum {0} characters',
  ONE_WORD: 'At least one word of two letters',
  INVALID_VALUE: 'Invalid value',
  UNKNOWN_FIELD: 'Unknown field',
  LOGIN_FAILED: 'Invalid username, password or verification code',
  VERIFICATION_CODE_INCORRECT: 'Verification code is incorrect',
  ACCOUNT_DISABLED: "Your account is temporary disabled, please contact the provider's support team.",
  USERNAME_TAKEN: 'Username taken',
  EMAIL_NOT_FOUND: 'We cannot find provided email',
  RESET_FORM_EXPIRED: 'This form has expired, please send a new forgot password request',
  SESSION_EXPIRED: 'Your session expired, please login again',
  INVALID_CURRENT_PASSWORD: 'Invalid current password',
  PASSWORD_MISMATCH: 'Password mismatch',
  NOT_PERMITTED: 'Not permitted',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'You do not have permission to do this',
  ALREADY_ENROLLED: 'Already enrolled',
  SAME_STUDENT: 'A student cannot be merged into itself',
  ROLE_IN_USE: 'The role is assigned to administrators',
  ROLE_PROTECTED: 'This role cannot be changed',
  ROLE_NAME_TAKEN: 'A role with this name already exists',
  LAST_SUPER_ADMIN: 'The last super administrator cannot be removed',
  FILTER_NAME_TAKEN: 'A saved filter with this name already exists',
  TOO_MANY_ATTEMPTS: 'Too many attempts, please try again later',
} as const;

/** Fills `{0}`, `{1}`... placeholders in order. */
export function format(message: string, ...args: Array<string | number>): string {
  return message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}
