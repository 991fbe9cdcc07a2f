/**
 * A labelled text field whose error is one of the spec's messages (from a client check or the
 * server's `errors`), shown translated under the field. `name` is the server's field path.
 *
 * Built from FormControl + InputLabel + OutlinedInput rather than TextField: TextField always brings
 * Select, Menu, Popover and Modal along, which the sign-in page (the first chunk) does not need.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { Messages } from '../../../models/messages';
import { useI18n } from '../i18n';

export interface TextInputProps {
  name: string;
  label: string;
  value: string;
  onValueChange(value: string, name: string): void;
  /** The English message; translated here. */
  error?: string;
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  disabled?: boolean;
}

export function TextInput(props: TextInputProps) {
  const { name, label, value, onValueChange, error, hint, type, autoComplete, autoFocus, placeholder, inputMode, disabled } = props;
  const { tm } = useI18n();
  const id = `${useId()}-${name}`;
  const helperId = `${id}-helper`;
  const helper = error ? tm(error) : hint;
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={id} shrink={placeholder ? true : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        notched={placeholder ? true : undefined}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        onChange={(event) => onValueChange(event.target.value, name)}
        inputProps={{ 'data-testid': `field-${name}`, inputMode, 'aria-describedby': helper ? helperId : undefined, 'aria-invalid': Boolean(error) }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

/**
 * A new password and its confirmation (get started, reset, profile): the strong-password rule under
 * the first, `new-password` so password managers offer to generate one.
 */
export function NewPasswordInputs({
  values,
  errors,
  onValueChange,
  labels,
  autoFocus,
}: {
  values: { password: string; passwordConfirmation: string };
  errors: { password?: string; passwordConfirmation?: string };
  onValueChange(value: string, name: string): void;
  labels: { password: string; passwordConfirmation: string };
  autoFocus?: boolean;
}) {
  const { tm } = useI18n();
  return (
    <>
      <TextInput
        name="password"
        type="password"
        label={labels.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={values.password}
        onValueChange={onValueChange}
        error={errors.password}
        hint={tm(Messages.STRONG_PASSWORD)}
      />
      <TextInput
        name="passwordConfirmation"
        type="password"
        label={labels.passwordConfirmation}
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onValueChange={onValueChange}
        error={errors.passwordConfirmation}
      />
    </>
  );
}
