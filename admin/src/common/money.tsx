import { InputAdornment, Typography } from '@mui/material';
import { NumberInput, useFieldValue, type FieldProps, type NumberInputProps } from 'react-admin';

/**
 * Money in the console (back-office spec §9): a `$` and two decimals, `-$5.00` for negatives, the
 * same in every language. Amounts arrive from the API as JSON numbers with two decimals.
 */
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeDollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** A number (or numeric text) as an amount; null, undefined, '' and non-numbers give ''. */
export function toAmount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Rounds to whole cents (half away from zero), so 1.005 → 1.01 and -0.001 → 0. The product is cut
 * to 15 significant digits first: binary floats store 1.005 × 100 as 100.49999999999999.
 */
export function roundCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15))) * Math.sign(amount);
  return cents === 0 ? 0 : cents / 100;
}

/**
 * `1234.5` → `$1,234.50`, `-5` → `-$5.00`; `wholeDollars` for the spec's one whole-dollar variant
 * (`$1,235`). Empty input gives ''.
 */
export function formatMoney(amount: unknown, options: { wholeDollars?: boolean } = {}): string {
  const n = toAmount(amount);
  if (n === null) return '';
  if (options.wholeDollars) {
    const whole = Math.round(n);
    return wholeDollarFormat.format(whole === 0 ? 0 : whole);
  }
  return moneyFormat.format(roundCents(n));
}

export interface MoneyFieldProps extends FieldProps {
  wholeDollars?: boolean;
}

/** A react-admin field showing the record's amount at `source` as money. */
export function MoneyField({ source, wholeDollars, emptyText, className }: MoneyFieldProps) {
  const value = useFieldValue({ source });
  const text = formatMoney(value, { wholeDollars });
  return (
    <Typography component="span" variant="body2" className={className} data-testid={`money-${source}`}>
      {text || emptyText || ''}
    </Typography>
  );
}

/** Form value → the text shown in the input ('' for empty; two decimals once not focused). */
const formatInput = (value: unknown): string => {
  const n = toAmount(value);
  return n === null ? '' : n.toFixed(2);
};

/** Typed number → stored amount, rounded to cents; empty → null. */
const parseInput = (value: unknown): number | null => {
  const n = toAmount(value);
  return n === null ? null : roundCents(n);
};

/** A number input for money: `$` adornment, steps of a cent, stores a number rounded to two decimals. */
export function MoneyInput({ slotProps, ...props }: NumberInputProps) {
  return (
    <NumberInput
      step={0.01}
      format={formatInput}
      parse={parseInput}
      {...props}
      slotProps={{ ...slotProps, input: { startAdornment: <InputAdornment position="start">$</InputAdornment>, ...(slotProps?.input as object) } }}
    />
  );
}
