/** Email and password → POST /auth/signin/customer; the session is stored by the API client. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../i18n';
import { describeError, type ErrorView } from '../lib/errors';
import type { PortalSession } from '../lib/session';
import { useForm } from '../lib/useForm';
import { email as emailRule, hasErrors, required, validate } from '../lib/validation';
import { ErrorAlert } from './ErrorAlert';
import { useApi } from './PortalContext';
import { TextInput } from './TextInput';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ onSignedIn, initialEmail = '' }: { onSignedIn(session: PortalSession): void; initialEmail?: string }) {
  const api = useApi();
  const { t } = useI18n();
  const { values, setValue, errors, setErrors } = useForm({ email: initialEmail, password: '' });
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate(values, { email: [emailRule], password: [required] });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const session = await api.signIn(values.email.trim(), values.password);
      onSignedIn(session);
    } catch (error) {
      const view = describeError(error, FIELDS);
      setErrors(view.fields);
      setFailure(view);
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('login.title')}>
      <ErrorAlert error={failure} testId="sign-in-error" />
      <TextInput
        name="email"
        type="email"
        label={t('field.email')}
        autoComplete="username"
        value={values.email}
        onValueChange={setValue}
        error={errors.email}
        autoFocus={!initialEmail}
      />
      <TextInput
        name="password"
        type="password"
        label={t('field.password')}
        autoComplete="current-password"
        value={values.password}
        onValueChange={setValue}
        error={errors.password}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {t('login.submit')}
      </Button>
    </Box>
  );
}
