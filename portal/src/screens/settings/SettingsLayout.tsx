/** /settings: the student's settings, one tab per screen (profile, communication preferences, agreements, payment information and its sections). */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { PAYMENT_SETTINGS_TABS, paymentNavLabel } from '../payments/nav';

const TABS = [
  { to: '/settings/profile', label: 'settings.tab.profile' },
  { to: '/settings/communication-preferences', label: 'settings.tab.communication' },
  { to: '/settings/agreements', label: 'settings.tab.agreements' },
] as const;

export default function SettingsLayout() {
  const { t, language } = useI18n();
  const { pathname } = useLocation();
  const tabs = [...TABS.map((tab) => ({ to: tab.to, label: t(tab.label) })), ...PAYMENT_SETTINGS_TABS.map((tab) => ({ to: tab.to, label: paymentNavLabel(language, tab.label) }))];
  // The longest matching path wins (payment information and its sections share a prefix).
  const current = tabs.filter((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`)).sort((a, b) => b.to.length - a.to.length)[0]?.to ?? false;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.settings')}
      </Typography>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={t('nav.settings')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => (
          <Tab key={tab.to} value={tab.to} label={tab.label} component={Link} to={tab.to} />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
