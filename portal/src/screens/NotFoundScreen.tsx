/** Any path the portal does not know (platform spec §2 "Public"). */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useSession } from '../components/PortalContext';
import { PublicShell } from '../components/PublicShell';
import { useI18n } from '../i18n';
import { HOME_PATH } from '../lib/paths';

export default function NotFoundScreen() {
  const { t } = useI18n();
  const session = useSession();
  return (
    <PublicShell title={t('notFound.title')}>
      <Typography sx={{ mb: 3 }}>{t('notFound.body')}</Typography>
      <Button component={Link} to={session ? HOME_PATH : '/login'} variant="contained">
        {session ? t('notFound.home') : t('common.backToSignIn')}
      </Button>
    </PublicShell>
  );
}
