/** How the enrollment and agreement screens write money, dates and times (platform spec §5, §9). */
import { toDisplayDate } from '../../../../models/dates';
import { formatDollars } from '../../../../domain/money';

const intlLocale = (locale: 'en' | 'es') => (locale === 'es' ? 'es-US' : 'en-US');

/** Dollars as `$1,234.50` (USD, the same in both languages: domain/money.ts). */
export function money(value: number | null | undefined, _locale?: 'en' | 'es'): string {
  return formatDollars(value);
}

/** A rate as `9.9 %` / `9,9 %`. */
export function percent(value: number | null | undefined, locale: 'en' | 'es'): string {
  return `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 3 }).format(Number(value ?? 0))} %`;
}

/** YYYY-MM-DD → MM-DD-YYYY (the spec's format in both languages). */
export const date = (stored: string | null | undefined) => toDisplayDate(stored);

/**
 * A chosen class as a student reads it: its label, after its program's name unless the label starts
 * with it, and its dates unless the label already shows them (labels are the custom name, else the
 * program's name with the dates).
 */
export function classText(c: { programName: string; cohortLabel: string; startDate: string | null; endDate: string | null }): string {
  const label = c.cohortLabel.startsWith(c.programName) ? c.cohortLabel : `${c.programName}: ${c.cohortLabel}`;
  const start = date(c.startDate);
  if (!start || label.includes(start)) return label;
  return `${label} (${[start, date(c.endDate)].filter(Boolean).join(' – ')})`;
}

/** A date-time in the school's time zone (America/New_York): `03-09-2026, 2:05 PM ET`. */
export function dateTime(value: string | null | undefined, locale: 'en' | 'es'): string {
  if (!value) return '';
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(when);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const time = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(when);
  return `${part('month')}-${part('day')}-${part('year')}, ${time} ET`;
}

/** `Visa •••• 4242`. */
export function cardLabel(card: { brand: string | null; last4: string | null }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : '';
  return `${brand} •••• ${card.last4 ?? ''}`.trim();
}

/** `12/30`; '' when the gateway gave no expiry (the column is nullable). */
export const expiry = (card: { expMonth: number | null; expYear: number | null }) =>
  card.expMonth === null || card.expYear === null ? '' : `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
