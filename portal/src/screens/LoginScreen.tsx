/**
 * Sign-in at / and /login (platform spec §2 "Public"). After sign-in: the path a protected route
 * remembered (router state `from`, the full path with its search), else /home.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FormMessage } from '../components/FormMessage';
import { useSession } from '../components/PortalContext';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { SignInForm } from '../components/SignInForm';
import { useI18n } from '../i18n';
import { HOME_PATH, safeInternalPath, type LoginState } from '../lib/paths';

export default function LoginScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const state = (location.state ?? {}) as LoginState;
  const target = safeInternalPath(state.from) ?? HOME_PATH;

  // Someone already signed in who opens the sign-in page goes on to where they were heading.
  if (session && !state.notice) return <Navigate to={target} replace />;

  return (
    <PublicShell title={t('login.title')} subtitle={t('login.subtitle')}>
      {state.notice === 'passwordReset' && <FormMessage severity="success">{t('login.passwordReset')}</FormMessage>}
      <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <RouterLink to="/forgot-password">{t('login.forgot')}</RouterLink>
        <Typography variant="body2">
          {t('login.newHere')} <RouterLink to="/get-started">{t('login.getStarted')}</RouterLink>
        </Typography>
      </Stack>
    </PublicShell>
  );
}
