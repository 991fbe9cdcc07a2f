import { Typography } from '@mui/material';
import { schoolToday } from '../../../models/catalogue';
import { parseDate, toDisplayDate } from '../../../models/dates';
import { TextInput, useFieldValue, useLocaleState, type FieldProps, type TextInputProps, type Validator } from 'react-admin';

/**
 * Dates in the console (platform spec §5, §9): typed and shown as MM-DD-YYYY, stored and sent as
 * YYYY-MM-DD; date-times (ISO 8601, UTC) are shown in the user's language with the time.
 * Date-only values are handled as text, never through `Date`, so no time zone can shift the day.
 */

export const DATE_PLACEHOLDER = 'MM-DD-YYYY';
/** The spec's date picker range. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 3000;

/** True for a real calendar date written YYYY-MM-DD (the storage form). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDate(value) === value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `2026-03-09` → `03-09-2026`. A date-time (ISO text or `Date`) gives its local calendar day. Empty
 * gives ''; anything unreadable is returned as it is (so a half-typed date stays visible).
 */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return toDisplayDate(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  }
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`;
}

/**
 * What the user typed → the stored value: `03-09-2026` (or `03/09/2026`, or an ISO `2026-03-09`)
 * → `2026-03-09`; blank → null; anything else is kept as typed, so validation can report it
 * (`validateDate`) instead of the value silently disappearing.
 */
export function parseDateInput(text: unknown): string | null {
  if (text === null || text === undefined) return null;
  const value = String(text).trim();
  if (value === '') return null;
  return parseDate(value) ?? String(text);
}

/**
 * Typing mask: digits are grouped as MM-DD-YYYY while typed (`0309` → `03-09`). Text that is not
 * made of digits and separators, or that starts like an ISO date, is left alone.
 */
export function maskDateInput(text: string): string {
  if (!/^[\d\-/]*$/.test(text) || /^\d{4}-/.test(text)) return text;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  let out = digits.slice(0, 2);
  if (digits.length > 2) out += `-${digits.slice(2, 4)}`;
  if (digits.length > 4) out += `-${digits.slice(4, 8)}`;
  return out;
}

/** Validator for date inputs: empty passes, a stored YYYY-MM-DD passes, anything else 'Please type a valid date'. */
export const validateDate: Validator = (value: unknown) => (value === null || value === undefined || value === '' || isIsoDate(value) ? undefined : 'app.validation.date');

/** The console's language → the locale its date-times are written in. */
export function intlLocale(locale: string | undefined): string {
  return locale === 'es' ? 'es-US' : 'en-US';
}

/** A date-time in the user's language with the time, in the browser's time zone: `03/09/2026, 2:05 PM`. */
export function formatDateTime(value: unknown, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  // The day reads MM-DD-YYYY in every language (the spec's format); the time follows the language.
  return `${formatDate(date)}, ${new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit' }).format(date)}`;
}

/** True for a value that carries a time (ISO date-time text or a Date), false for a plain YYYY-MM-DD. */
export const hasTime = (value: unknown): boolean => value instanceof Date || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value));

export interface DateFieldProps extends FieldProps {
  /** Show date-times with their time (default); false shows only the MM-DD-YYYY day. */
  showTime?: boolean;
}

/** A react-admin field: dates as MM-DD-YYYY, date-times in the user's language with the time. */
export function DateField({ source, showTime = true, emptyText, className }: DateFieldProps) {
  const value = useFieldValue({ source });
  const [locale] = useLocaleState();
  const text = showTime && hasTime(value) ? formatDateTime(value, locale) : formatDate(value);
  return (
    <Typography component="span" variant="body2" className={className}>
      {text || emptyText || ''}
    </Typography>
  );
}

const formatForInput = (value: unknown) => formatDate(value);
const parseFromInput = (text: string) => parseDateInput(maskDateInput(text ?? ''));

/**
 * A date typed as MM-DD-YYYY (masked as typed, placeholder shown), stored as YYYY-MM-DD. A text
 * input rather than a calendar: staff type birth dates far faster than they pick them.
 */
export function DateInput({ validate, slotProps, ...props }: TextInputProps) {
  const validators = [validateDate, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  return (
    <TextInput
      format={formatForInput}
      parse={parseFromInput}
      placeholder={DATE_PLACEHOLDER}
      validate={validators}
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', maxLength: 10, ...(slotProps?.htmlInput as object) },
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
      }}
    />
  );
}

// ---------------------------------------------------------------- date-times kept as school days

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * The school's calendar day (America/New_York) of a stored date-time, as the date inputs hold it
 * (YYYY-MM-DD); a plain date stays as it is; empty gives null.
 */
export function schoolDay(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && ISO_DAY.test(value)) return value;
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : schoolToday(date);
  }
  return String(value);
}

/**
 * What a date input sends for a date-time field: null when emptied; the stored instant itself when
 * the day was not changed (so a time set elsewhere survives a save); otherwise the day typed, which
 * the API reads as the start or end of that day in the school's zone.
 */
export function instantOrDay(formValue: unknown, stored: string | null | undefined): string | null {
  const day = schoolDay(formValue);
  if (day === null) return null;
  if (stored && ISO_INSTANT.test(stored) && schoolDay(stored) === day) return stored;
  return day;
}
