/**
 * Money, once for the API and both UIs (issue 16 §3). Browser-safe: no Node APIs, no Sequelize.
 *
 * Services count in integer cents; the database stores DECIMAL(12,2) (read back as numbers or, on
 * MariaDB, as text) and answers carry dollars as JSON numbers with two decimals. Every conversion
 * between the two goes through here:
 * - `toCents` — dollars (number or DECIMAL text) → whole cents, half a cent rounded away from zero
 *   (1.005 → 101, -1.005 → -101). The product is cut to 15 significant digits first: binary floats
 *   store 1.005 × 100 as 100.49999999999999.
 * - `toDollars` — whole cents → dollars (a number with at most two decimals, never -0).
 * - `roundDollars` — dollars rounded to whole cents (dollars → dollars).
 * - `hasWholeCents` — whether a dollar amount has at most two decimals.
 * - `formatCents` / `formatDollars` — `$1,234.50`, `-$5.00` (no locale data: the same in both
 *   languages and on every machine); `centsText` / `dollarsText` — `1234.50` (CSV cells, inputs).
 * - `parseDollars` — what a person typed (`$1,234.5`) → cents, or null.
 */

export type DollarsInput = number | string | null | undefined;

/** The largest amount a request may carry, in dollars (DECIMAL(12,2) with room to spare). */
export const MAX_AMOUNT = 999_999_999.99;
/** The same in cents. */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

const numberOf = (v: DollarsInput): number => {
  if (v === null || v === undefined || v === '') return Number.NaN;
  return typeof v === 'number' ? v : Number(v);
};

/** Dollars (number or DECIMAL text) → whole cents; null, undefined, '' and non-numbers give 0. */
export function toCents(v: DollarsInput): number {
  const n = numberOf(v);
  if (!Number.isFinite(n) || n === 0) return 0;
  const cents = Math.round(Number((Math.abs(n) * 100).toPrecision(15)));
  return cents === 0 ? 0 : n < 0 ? -cents : cents;
}

/** Like `toCents`, but null, undefined, '' and non-numbers give null. */
export function toCentsOrNull(v: DollarsInput): number | null {
  const n = numberOf(v);
  return Number.isFinite(n) ? toCents(n) : null;
}

/** Whole cents → dollars (a number with at most two decimals; fractions of a cent are rounded first). */
export function toDollars(cents: number): number {
  const whole = Math.round(cents);
  return whole === 0 ? 0 : whole / 100;
}

/** Like `toDollars`, but null and undefined stay null. */
export function toDollarsOrNull(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : toDollars(cents);
}

/**
 * Dollars rounded to whole cents, half away from zero (1.005 → 1.01, -0.001 → 0); missing → 0. How
 * an answer writes a DECIMAL(12,2) column (a number on MariaDB, text on SQLite).
 */
export function roundDollars(amount: DollarsInput): number {
  return toDollars(toCents(amount));
}

/** Like `roundDollars`, but null and undefined stay null (an optional amount). */
export function roundDollarsOrNull(amount: DollarsInput): number | null {
  return amount === null || amount === undefined ? null : roundDollars(amount);
}

/** Whether a dollar amount has at most two decimals (12.34 yes, 12.345 no). */
export function hasWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** A number (or numeric text) as a dollar amount; null, undefined, '' and non-numbers give null. */
export function toAmount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Whole cents as `$1,234.50` / `-$5.00`: USD, the same in English and Spanish (platform spec §9),
 * and written without locale data, so a text (an agreement whose hash is kept, an email) never
 * changes with the machine's ICU.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars (number or numeric text) as `$1,234.50`, rounded to cents; `wholeDollars` for the spec's
 * one whole-dollar variant (`$1,235`). Empty or non-numeric input gives ''.
 */
export function formatDollars(amount: unknown, options: { wholeDollars?: boolean } = {}): string {
  const n = toAmount(amount);
  if (n === null) return '';
  if (options.wholeDollars) {
    const whole = Math.round(n);
    return `${whole < 0 ? '-' : ''}$${grouped(Math.abs(whole))}`;
  }
  return formatCents(toCents(n));
}

/** Whole cents as plain text with two decimals (`1234.50`, `-5.00`): CSV cells and inputs. */
export function centsText(cents: number): string {
  return toDollars(cents).toFixed(2);
}

/** Dollars as plain text with two decimals (`1234.50`); empty or non-numeric input gives ''. */
export function dollarsText(amount: unknown): string {
  const n = toAmount(amount);
  return n === null ? '' : centsText(toCents(n));
}

/** A typed amount in cents: `1,234.5`, `$1234.50`, `.5` → cents; null when it is not a dollar amount with at most 2 decimals. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  return toCents(cleaned);
}
