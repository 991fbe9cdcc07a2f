import { FormControl, FormHelperText, FormLabel, MenuItem, Stack, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';

/**
 * The spec's time picker (platform spec §2, §5, §9): 12-hour clock with AM/PM and minutes in steps
 * of 5; the value stored and sent is 24-hour `HH:mm`.
 */

export type Period = 'AM' | 'PM';
export interface TwelveHourTime {
  /** 1–12 */
  hour: number;
  /** 0–59 (the picker offers multiples of 5, but keeps a stored odd minute) */
  minute: number;
  period: Period;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const MINUTE_STEP = 5;
export const HOURS = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
export const MINUTES = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => i * MINUTE_STEP);

/** `13:05` → `{ hour: 1, minute: 5, period: 'PM' }`; `00:00` is 12 AM, `12:00` is 12 PM; invalid → null. */
export function toTwelveHour(value: unknown): TwelveHourTime | null {
  if (typeof value !== 'string') return null;
  const m = TIME_PATTERN.exec(value.length === 8 ? value.slice(0, 5) : value);
  if (!m) return null;
  const h = Number(m[1]);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: Number(m[2]), period: h < 12 ? 'AM' : 'PM' };
}

/** `(1, 5, 'PM')` → `13:05`; `(12, 0, 'AM')` → `00:00`. Out-of-range parts throw: they are programming errors. */
export function fromTwelveHour(hour: number, minute: number, period: Period): string {
  if (!Number.isInteger(hour) || hour < 1 || hour > 12) throw new RangeError(`hour must be 1–12, got ${hour}`);
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) throw new RangeError(`minute must be 0–59, got ${minute}`);
  const h = (hour % 12) + (period === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `13:05` → `1:05 PM` (for fields and chips). */
export function formatTime(value: unknown): string {
  const t = toTwelveHour(value);
  return t ? `${t.hour}:${String(t.minute).padStart(2, '0')} ${t.period}` : '';
}

/** Validator: empty passes, `HH:mm` passes, anything else 'Please type a valid time'. */
export const validateTime: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || TIME_PATTERN.test(String(value)) ? undefined : 'app.validation.time';

export type TimeInputProps = InputProps & { label?: string | false; helperText?: string | false };

/**
 * A react-admin input: three selects (hour, minute, AM/PM). Choosing any part of an empty time fills
 * the others with 12 / 00 / AM... so the value is always complete; the empty hour clears it.
 */
export function TimeInput({ label, helperText, validate, ...props }: TimeInputProps) {
  const translate = useTranslate();
  const validators = [validateTime, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const { field, fieldState, id, isRequired } = useInput({ ...props, validate: validators });
  const current = toTwelveHour(field.value);
  const minutes = current && !MINUTES.includes(current.minute) ? [...MINUTES, current.minute].sort((a, b) => a - b) : MINUTES;
  const disabled = props.disabled || props.readOnly;

  const change = (part: Partial<TwelveHourTime> & { clear?: boolean }) => {
    if (part.clear) {
      field.onChange(null);
      return;
    }
    const next = { hour: 12, minute: 0, period: 'AM' as Period, ...(current ?? {}), ...part };
    field.onChange(fromTwelveHour(next.hour, next.minute, next.period));
  };

  return (
    <FormControl component="fieldset" error={fieldState.invalid} margin="dense" className="ra-input" data-testid={`time-input-${props.source}`}>
      {label !== false ? (
        <FormLabel component="legend" sx={{ fontSize: '0.8rem', mb: 0.5 }}>
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        </FormLabel>
      ) : null}
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          id={`${id}-hour`}
          label={translate('app.time.hour')}
          value={current ? current.hour : ''}
          disabled={disabled}
          onChange={(e) => (e.target.value === '' ? change({ clear: true }) : change({ hour: Number(e.target.value) }))}
          onBlur={field.onBlur}
          sx={{ minWidth: 80 }}
        >
          <MenuItem value="">
            <em>–</em>
          </MenuItem>
          {HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id={`${id}-minute`}
          label={translate('app.time.minute')}
          value={current ? current.minute : ''}
          disabled={disabled}
          onChange={(e) => change({ minute: Number(e.target.value) })}
          onBlur={field.onBlur}
          sx={{ minWidth: 80 }}
        >
          {minutes.map((m) => (
            <MenuItem key={m} value={m}>
              {String(m).padStart(2, '0')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id={`${id}-period`}
          label={translate('app.time.am') + '/' + translate('app.time.pm')}
          value={current ? current.period : ''}
          disabled={disabled}
          onChange={(e) => change({ period: e.target.value as Period })}
          onBlur={field.onBlur}
          sx={{ minWidth: 90 }}
        >
          <MenuItem value="AM">{translate('app.time.am')}</MenuItem>
          <MenuItem value="PM">{translate('app.time.pm')}</MenuItem>
        </TextField>
      </Stack>
      {helperText !== false || fieldState.invalid ? (
        <FormHelperText>
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
