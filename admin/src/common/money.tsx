import { InputAdornment, Typography } from '@mui/material';
import { NumberInput, useFieldValue, type FieldProps, type NumberInputProps } from 'react-admin';
import { dollarsText, formatDollars, roundDollars, toAmount } from '../../../domain/money';

/**
 * Money in the console (back-office spec §9): a `$` and two decimals, `-$5.00` for negatives, the
 * same in every language. Amounts arrive from the API as JSON numbers with two decimals.
 */
export { toAmount };

/** Rounds dollars to whole cents (half away from zero), so 1.005 → 1.01 and -0.001 → 0 (domain/money.ts). */
export const roundCents = (amount: number): number => roundDollars(amount);

/**
 * `1234.5` → `$1,234.50`, `-5` → `-$5.00`; `wholeDollars` for the spec's one whole-dollar variant
 * (`$1,235`). Empty input gives '' (domain/money.ts).
 */
export const formatMoney = (amount: unknown, options: { wholeDollars?: boolean } = {}): string => formatDollars(amount, options);

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
const formatInput = (value: unknown): string => dollarsText(value);

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
