/**
 * The patterns of platform spec §5, pure (no imports) so the API's zod schemas and the console's and
 * portal's form checks use the very same expressions without bundling zod or the phone metadata.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** ≥ 8 characters with a digit, a lower-case and an upper-case letter. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
