import { useTranslate } from 'react-admin';
import { AuthCard } from './AuthCard';
import { SignInForm } from './SignInForm';

/** /login: react-admin returns the user to the full path they asked for after signing in. */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <AuthCard title={translate('app.auth.sign_in')}>
      <SignInForm />
    </AuthCard>
  );
}
