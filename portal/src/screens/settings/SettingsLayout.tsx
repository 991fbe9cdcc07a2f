/** /settings: the student's settings, one tab per screen (profile, communication preferences, agreements). */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useI18n } from '../../i18n';

const TABS = [
  { to: '/settings/profile', label: 'settings.tab.profile' },
  { to: '/settings/communication-preferences', label: 'settings.tab.communication' },
  { to: '/settings/agreements', label: 'settings.tab.agreements' },
] as const;

export default function SettingsLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.startsWith(tab.to))?.to ?? false;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.settings')}
      </Typography>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={t('nav.settings')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((tab) => (
          <Tab key={tab.to} value={tab.to} label={t(tab.label)} component={Link} to={tab.to} />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
