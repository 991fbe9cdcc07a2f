/**
 * /home: a welcome with the student's first name and account email, the enrollment card (enroll,
 * continue the application being filled in, or the application's state), My agreements, the payment summary (when there is a plan), and the way
 * to their settings.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../components/PortalContext';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useI18n } from '../i18n';
import { useStudent } from '../layout/StudentContext';
import { useEnrollmentCards } from './enrollment/useEnrollmentCard';
import { usePaymentCard } from './payments/usePaymentCard';
import { usePendingTransferCard } from './transfers/usePendingTransferCard';

export default function HomeScreen() {
  const { t } = useI18n();
  const session = useSession();
  const { student } = useStudent();
  const firstName = student?.personalInfo.firstName ?? session?.firstName ?? '';
  const email = student?.user.email ?? session?.email ?? '';
  const { enrollment, agreements } = useEnrollmentCards();
  const payments = usePaymentCard();
  const offer = usePendingTransferCard();
  useDocumentTitle(t('nav.home'));

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom data-testid="welcome">
        {firstName ? t('home.welcome', { name: firstName }) : t('home.welcomeNoName')}
      </Typography>
      {email && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('home.accountEmail')}{' '}
          <Box component="strong" data-testid="account-email">
            {email}
          </Box>
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {offer && <HomeCard icon={<SwapHorizOutlined color="primary" />} {...offer} testId="home-transfer-offer" />}
        {enrollment && (
          <HomeCard
            icon={<SchoolOutlined color="primary" />}
            title={enrollment.title}
            body={enrollment.body}
            action={enrollment.action}
            to={enrollment.to}
            secondary={enrollment.secondary}
            testId={`home-${enrollment.kind}`}
          />
        )}
        {payments && <HomeCard icon={<PaymentsOutlined color="primary" />} {...payments} testId="home-payments" />}
        <HomeCard icon={<DescriptionOutlined color="primary" />} {...agreements} />
        <HomeCard icon={<PersonOutline color="primary" />} title={t('home.profile.title')} body={t('home.profile.body')} action={t('home.profile.action')} to="/settings/profile" />
        <HomeCard
          icon={<NotificationsOutlined color="primary" />}
          title={t('home.preferences.title')}
          body={t('home.preferences.body')}
          action={t('home.preferences.action')}
          to="/settings/communication-preferences"
        />
      </Box>
    </Box>
  );
}

function HomeCard({
  icon,
  title,
  body,
  action,
  to,
  secondary,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: string;
  to: string;
  secondary?: { label: string; to: string };
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid={testId}>
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
        {secondary && (
          <Button component={Link} to={secondary.to}>
            {secondary.label}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
