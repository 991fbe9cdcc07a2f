/**
 * A native select (light, accessible, easy to drive in browser tests) with the TextInput look: label,
 * outlined box, the error (one of the spec's messages, translated) or a hint under it.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useI18n } from '../i18n';
import type { TextInputProps } from './TextInput';

export interface Option {
  value: string;
  label: string;
}

export type SelectInputProps = Pick<TextInputProps, 'name' | 'label' | 'value' | 'onValueChange' | 'error' | 'hint' | 'disabled' | 'autoComplete'> & {
  options: Option[];
  /** The first, empty choice ("no value"); left out when undefined. */
  emptyLabel?: string;
};

export function SelectInput({ name, label, value, onValueChange, error, hint, disabled, autoComplete, options, emptyLabel }: SelectInputProps) {
  const { tm } = useI18n();
  const id = `${useId()}-${name}`;
  const helperId = `${id}-helper`;
  const helper = error ? tm(error) : hint;
  // A stored value the list does not offer is kept, so saving does not silently drop it.
  const missing = value && !options.some((o) => o.value === value) ? [{ value, label: value }] : [];
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value, name)}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ 'data-testid': `field-${name}`, autoComplete, 'aria-describedby': helper ? helperId : undefined, 'aria-invalid': Boolean(error) } as object}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {[...missing, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
