import { Messages } from '../../../models/messages';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { HttpError } from '../providers/http';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { AuthCard } from './AuthCard';

/** /forgot-password: asks for a reset link, then shows the check-your-email step. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldError(null);
    try {
      await dataProvider.request({ method: 'POST', path: '/auth/admin/forgot_password', auth: false, body: { email } });
      setSent(true);
    } catch (e) {
      if (e instanceof HttpError && e.body.errors?.email) setFieldError(e.body.errors.email);
      else setError(e instanceof Error ? e.message : Messages.GENERIC);
    }
  }

  if (sent) {
    return (
      <AuthCard title={translate('app.auth.check_email')}>
        <Typography sx={{ mb: 2 }}>{translate('app.auth.check_email_hint', { email })}</Typography>
        <Button component={Link} to="/login">
          {translate('app.auth.back_to_login')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={translate('app.auth.forgot_title')}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Typography variant="body2">{translate('app.auth.forgot_hint')}</Typography>
          {error ? (
            <Alert severity="error" role="alert">
              {translate(error, { _: error })}
            </Alert>
          ) : null}
          <TextField
            label={translate('app.auth.email')}
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ? translate(fieldError, { _: fieldError }) : undefined}
            autoFocus
            fullWidth
          />
          <Button type="submit" variant="contained">
            {translate('app.auth.send_link')}
          </Button>
          <Button component={Link} to="/login" size="small">
            {translate('app.auth.back_to_login')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
