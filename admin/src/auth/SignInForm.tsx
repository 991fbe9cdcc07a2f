import { Messages } from '../../../models/messages';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { HttpError } from '../providers/http';

/**
 * Email and password, answered by the server: its message is shown as sent (translated where the
 * catalogue knows it). A student or coach (403 WRONG_SIGN_IN: the console is for staff) also gets the
 * link to the student portal. `redirectTo` overrides react-admin's return to the intended path.
 */
export function SignInForm({ redirectTo, initialEmail = '' }: { redirectTo?: string; initialEmail?: string }) {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [portalAccount, setPortalAccount] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setPortalAccount(false);
    setFieldErrors({});
    try {
      await login({ email, password }, redirectTo);
    } catch (e) {
      if (e instanceof HttpError && e.body.errors) setFieldErrors(e.body.errors);
      setPortalAccount(e instanceof HttpError && e.body.code === 'WRONG_SIGN_IN');
      setError(e instanceof Error ? e.message : Messages.GENERIC);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {error ? (
          <Alert severity="error" role="alert">
            {translate(error, { _: error })}
            {portalAccount ? (
              <>
                {' '}
                {/* The portal is outside the console's router (basename /admin): a plain link. */}
                <MuiLink href="/" color="inherit" underline="always">
                  {translate('app.auth.go_to_portal')}
                </MuiLink>
              </>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label={translate('app.auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email ? translate(fieldErrors.email, { _: fieldErrors.email }) : undefined}
          autoFocus
          fullWidth
        />
        <TextField
          label={translate('app.auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password ? translate(fieldErrors.password, { _: fieldErrors.password }) : undefined}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('app.auth.sign_in')}
        </Button>
        <Button component={Link} to="/forgot-password" size="small">
          {translate('app.auth.forgot_password')}
        </Button>
      </Stack>
    </form>
  );
}
