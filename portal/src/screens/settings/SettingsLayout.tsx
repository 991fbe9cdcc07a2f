/**
 * /settings: the student's settings in one row of tabs, each entry once — profile, communication
 * preferences, agreements, then the payment information sections (overview, payment method, plan
 * terms, account history, CRM, gateway, refunds, purchases, card-provider history). The payment tabs
 * keep the plan chosen on the payment screen (`?planId=`).
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { PAYMENT_SECTIONS, paymentNavLabel, paymentSectionPath } from '../payments/nav';

const TABS = [
  { to: '/settings/profile', label: 'settings.tab.profile' },
  { to: '/settings/communication-preferences', label: 'settings.tab.communication' },
  { to: '/settings/agreements', label: 'settings.tab.agreements' },
] as const;

export default function SettingsLayout() {
  const { t, language } = useI18n();
  const { pathname, search } = useLocation();
  const planId = new URLSearchParams(search).get('planId');
  const tabs = [
    ...TABS.map((tab) => ({ path: tab.to, to: tab.to, label: t(tab.label) })),
    ...PAYMENT_SECTIONS.map((section) => ({
      path: paymentSectionPath(section.slug),
      to: paymentSectionPath(section.slug, planId),
      label: paymentNavLabel(language, section.label),
    })),
  ];
  const current = tabs.find((tab) => tab.path === pathname.replace(/\/$/, ''))?.path ?? false;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.settings')}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('nav.settings')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.label} component={Link} to={tab.to} />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
