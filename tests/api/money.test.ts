// @database none: no database is touched here, so the MariaDB pass skips this file (tests/support/with-mariadb.ts).
import {
  centsText,
  dollarsText,
  formatCents,
  formatDollars,
  hasWholeCents,
  MAX_AMOUNT,
  MAX_AMOUNT_CENTS,
  parseDollars,
  roundDollars,
  toAmount,
  toCents,
  toCentsOrNull,
  toDollars,
  toDollarsOrNull,
} from '../../domain/money';
import { formatMoney as ledgerFormat, toCents as ledgerToCents, toDollars as ledgerToDollars } from '../../api/billing/ledger';

/**
 * domain/money.ts: the one cents ↔ dollars conversion of the API and both UIs (issue 16 §3). Pure
 * functions: no database, so the MariaDB pass runs them unchanged.
 */

describe('toCents', () => {
  it('turns dollars into whole cents', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(19.9)).toBe(1990);
    expect(toCents(999_999_999.99)).toBe(99_999_999_999);
    expect(toCents(MAX_AMOUNT)).toBe(MAX_AMOUNT_CENTS);
  });

  it('rounds half a cent away from zero, whatever the binary float stores', () => {
    // 1.005 × 100 is 100.49999999999999 in binary floats; 0.285 × 100 is 28.499999999999996.
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.285)).toBe(29);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(1.015)).toBe(102);
    expect(toCents(0.005)).toBe(1);
    expect(toCents(0.0049)).toBe(0);
    expect(toCents(1.0049999)).toBe(100);
  });

  it('keeps the sign of negative amounts and rounds them symmetrically', () => {
    expect(toCents(-5)).toBe(-500);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.285)).toBe(-29);
    expect(toCents(-0.004)).toBe(0);
    expect(Object.is(toCents(-0.004), -0)).toBe(false);
  });

  it('reads DECIMAL columns as they arrive (text on SQLite, numbers on MariaDB)', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('-75.01')).toBe(-7501);
    expect(toCents(' 12.30 ')).toBe(1230);
    expect(toCents('99999999999.99')).toBe(9_999_999_999_999);
  });

  it('treats missing and non-numeric input as zero (toCentsOrNull: as null)', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(toCents(v as never)).toBe(0);
    for (const v of [null, undefined, '', 'abc']) expect(toCentsOrNull(v as never)).toBeNull();
    expect(toCentsOrNull('0.00')).toBe(0);
    expect(toCentsOrNull(-2.5)).toBe(-250);
  });
});

describe('toDollars and roundDollars', () => {
  it('turns whole cents into dollars with at most two decimals, never -0', () => {
    expect(toDollars(123450)).toBe(1234.5);
    expect(toDollars(1)).toBe(0.01);
    expect(toDollars(-501)).toBe(-5.01);
    expect(Object.is(toDollars(-0), 0)).toBe(true);
    expect(toDollars(100.5)).toBe(1.01); // fractions of a cent are rounded first
    expect(toDollarsOrNull(null)).toBeNull();
    expect(toDollarsOrNull(undefined)).toBeNull();
    expect(toDollarsOrNull(250)).toBe(2.5);
  });

  it('round-trips every amount of two decimals', () => {
    for (let c = -10_000; c <= 10_000; c += 7) expect(toCents(toDollars(c))).toBe(c);
    for (const c of [99_999_999_999, 123_456_789_01]) expect(toCents(toDollars(c))).toBe(c);
  });

  it('rounds dollars to cents, half away from zero', () => {
    expect(roundDollars(1.005)).toBe(1.01);
    expect(roundDollars(-1.005)).toBe(-1.01);
    expect(roundDollars(-0.001)).toBe(0);
    expect(roundDollars('2.675')).toBe(2.68);
    expect(roundDollars(0.1 + 0.2)).toBe(0.3);
  });
});

describe('hasWholeCents, toAmount and parseDollars', () => {
  it('tells amounts of at most two decimals', () => {
    expect(hasWholeCents(12.34)).toBe(true);
    expect(hasWholeCents(0.1 + 0.2)).toBe(true);
    expect(hasWholeCents(-5.5)).toBe(true);
    expect(hasWholeCents(12.345)).toBe(false);
    expect(hasWholeCents(Number.NaN)).toBe(false);
  });

  it('reads numbers and numeric text, else null', () => {
    expect(toAmount('12.5')).toBe(12.5);
    expect(toAmount(0)).toBe(0);
    expect(toAmount('')).toBeNull();
    expect(toAmount('x')).toBeNull();
    expect(toAmount(undefined)).toBeNull();
  });

  it('parses what a person types into cents', () => {
    expect(parseDollars('1,234.5')).toBe(123450);
    expect(parseDollars('$1234.50')).toBe(123450);
    expect(parseDollars('.5')).toBe(50);
    expect(parseDollars(' 20 ')).toBe(2000);
    expect(parseDollars('1.005')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(parseDollars('')).toBeNull();
  });
});

describe('formatting', () => {
  it('writes cents as $1,234.50 and negatives as -$5.00', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(-123_456_789)).toBe('-$1,234,567.89');
  });

  it('writes dollars rounded to cents, whole dollars on request, empty for no amount', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars('19.9')).toBe('$19.90');
    expect(formatDollars(-1234.567)).toBe('-$1,234.57');
    expect(formatDollars(-0.001)).toBe('$0.00');
    expect(formatDollars(1.005)).toBe('$1.01');
    expect(formatDollars(1234.5, { wholeDollars: true })).toBe('$1,235');
    expect(formatDollars(-0.4, { wholeDollars: true })).toBe('$0');
    expect(formatDollars(null)).toBe('');
    expect(formatDollars('abc')).toBe('');
  });

  it('writes plain two-decimal text for CSV cells and inputs', () => {
    expect(centsText(123450)).toBe('1234.50');
    expect(centsText(-5)).toBe('-0.05');
    expect(centsText(0)).toBe('0.00');
    expect(dollarsText('12.3')).toBe('12.30');
    expect(dollarsText(2.675)).toBe('2.68');
    expect(dollarsText(null)).toBe('');
  });

  it('is what the ledger re-exports (one conversion, not a copy)', () => {
    expect(ledgerToCents).toBe(toCents);
    expect(ledgerToDollars).toBe(toDollars);
    expect(ledgerFormat).toBe(formatCents);
  });
});
