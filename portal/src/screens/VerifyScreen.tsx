/**
 * /verify?to=: where a 401 the client could not cure lands (platform spec §2 "Protection"). The
 * session-expired message and a sign-in form; after sign-in, back to `to`.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Messages } from '../../../models/messages';
import { FormMessage } from '../components/FormMessage';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { SignInForm } from '../components/SignInForm';
import { useI18n } from '../i18n';
import { HOME_PATH, isVerifyPath, safeInternalPath } from '../lib/paths';

export default function VerifyScreen() {
  const { t, tm } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = safeInternalPath(params.get('to'));
  const target = to && !isVerifyPath(to) ? to : HOME_PATH;

  return (
    <PublicShell title={t('verify.title')}>
      <FormMessage severity="warning" testId="session-expired">
        {tm(Messages.SESSION_EXPIRED)}
      </FormMessage>
      <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
      <RouterLink to="/forgot-password" sx={{ display: 'inline-block', mt: 3 }}>
        {t('login.forgot')}
      </RouterLink>
    </PublicShell>
  );
}
