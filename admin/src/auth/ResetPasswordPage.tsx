import { Messages } from '../../../models/messages';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { HttpError } from '../providers/http';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { AuthCard } from './AuthCard';

/** /reset-account-password?token=: the link of a reset email or of an administrator's invitation. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useAppDataProvider();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setPasswordConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    try {
      await dataProvider.request({ method: 'POST', path: '/auth/admin/reset_password', auth: false, body: { token, password, passwordConfirmation } });
      notify('app.auth.password_saved', { type: 'success' });
      navigate('/login');
    } catch (e) {
      if (e instanceof HttpError && e.body.errors && !e.body.errors.token) setFieldErrors(e.body.errors);
      else setError(e instanceof Error ? e.message : Messages.GENERIC);
    }
  }

  const helper = (field: string) => (fieldErrors[field] ? translate(fieldErrors[field], { _: fieldErrors[field] }) : undefined);
  return (
    <AuthCard title={translate('app.auth.reset_title')}>
      {!token ? (
        <Stack spacing={2}>
          <Alert severity="error">{translate('app.auth.missing_token')}</Alert>
          <Button component={Link} to="/forgot-password">
            {translate('app.auth.request_new_link')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            {error ? (
              <Alert
                severity="error"
                role="alert"
                action={
                  <Button component={Link} to="/forgot-password" size="small">
                    {translate('app.auth.request_new_link')}
                  </Button>
                }
              >
                {translate(error, { _: error })}
              </Alert>
            ) : null}
            <TextField
              label={translate('app.auth.new_password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(fieldErrors.password)}
              helperText={helper('password')}
              fullWidth
            />
            <TextField
              label={translate('app.auth.password_confirmation')}
              name="passwordConfirmation"
              type="password"
              autoComplete="new-password"
              value={passwordConfirmation}
              onChange={(e) => setPasswordConfirmation(e.target.value)}
              error={Boolean(fieldErrors.passwordConfirmation)}
              helperText={helper('passwordConfirmation')}
              fullWidth
            />
            <Button type="submit" variant="contained">
              {translate('app.auth.save_password')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
