/** /check-your-email: the step after a reset request (platform spec §2 "Public"). */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { PublicShell } from '../components/PublicShell';
import { RouterLink } from '../components/RouterLink';
import { useI18n } from '../i18n';

export default function CheckEmailScreen() {
  const { t } = useI18n();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <PublicShell title={t('checkEmail.title')}>
      <Typography data-testid="check-email-body">{email ? t('checkEmail.body', { email }) : t('checkEmail.bodyNoEmail')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('checkEmail.spam')}
      </Typography>
      <Stack spacing={1} sx={{ mt: 3 }}>
        <RouterLink to="/login">{t('common.backToSignIn')}</RouterLink>
        <RouterLink to="/forgot-password">{t('checkEmail.again')}</RouterLink>
      </Stack>
    </PublicShell>
  );
}
