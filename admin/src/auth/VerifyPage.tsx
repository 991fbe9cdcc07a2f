import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { SignInForm } from './SignInForm';

/** Where a path inside the console is safe to return to (no other site, no protocol-relative URL). */
export function safeReturnPath(to: string | null): string {
  if (!to || !to.startsWith('/') || to.startsWith('//')) return '/';
  return to;
}

/** /verify?to=: a call answered 401 and the session could not be renewed; sign in and go back. */
export function VerifyPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const to = safeReturnPath(params.get('to'));
  return (
    <AuthCard title={translate('app.auth.verify_title')}>
      <Stack spacing={2}>
        <Alert severity="warning">{translate('app.auth.session_expired')}</Alert>
        <SignInForm redirectTo={to} />
      </Stack>
    </AuthCard>
  );
}
