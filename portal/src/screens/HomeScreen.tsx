/** /home: a welcome with the student's first name and account email, and the way to their settings. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../components/PortalContext';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useI18n } from '../i18n';
import { useStudent } from '../layout/StudentContext';

export default function HomeScreen() {
  const { t } = useI18n();
  const session = useSession();
  const { student } = useStudent();
  const firstName = student?.personalInfo.firstName ?? session?.firstName ?? '';
  const email = student?.user.email ?? session?.email ?? '';
  useDocumentTitle(t('nav.home'));

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom data-testid="welcome">
        {firstName ? t('home.welcome', { name: firstName }) : t('home.welcomeNoName')}
      </Typography>
      {email && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('home.accountEmail')} <Box component="strong" data-testid="account-email">{email}</Box>
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <HomeCard icon={<PersonOutline color="primary" />} title={t('home.profile.title')} body={t('home.profile.body')} action={t('home.profile.action')} to="/settings/profile" />
        <HomeCard
          icon={<NotificationsOutlined color="primary" />} title={t('home.preferences.title')} body={t('home.preferences.body')} action={t('home.preferences.action')}
          to="/settings/communication-preferences"
        />
      </Box>
    </Box>
  );
}

function HomeCard({ icon, title, body, action, to }: { icon: ReactNode; title: string; body: string; action: string; to: string }) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {icon}
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {body}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={to}>
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}
