import { Box, Grid, Typography } from '@mui/material';
import { Title, useCanAccess, useGetIdentity, useTranslate } from 'react-admin';
import { AnalyticsSection } from './AnalyticsSection';
import { AdministratorsOnlineCard } from './AdministratorsOnlineCard';
import { CustomersCard } from './CustomersCard';
import { InactiveStudentsCard } from './InactiveStudentsCard';
import { NewStudentsCard } from './NewStudentsCard';
import { ProspectsCard } from './ProspectsCard';
import { RecentlyViewed } from './RecentlyViewed';
import { StudentsCard } from './StudentsCard';

const CARDS = [
  ['students', StudentsCard],
  ['new-students', NewStudentsCard],
  ['inactive-students', InactiveStudentsCard],
  ['customers', CustomersCard],
  ['prospects', ProspectsCard],
  ['admins-online', AdministratorsOnlineCard],
] as const;

/**
 * /dashboard (and the console's home): live counts read from the API's list totals, each opening the
 * matching filtered list; the analytics charts with their filters (AnalyticsSection, analytics:read; the
 * charts library comes with this lazily loaded screen only); and the user's recently viewed records.
 * Cards the user may not read are left out.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess: analytics = false } = useCanAccess({ resource: 'analytics', action: 'list' });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {identity?.fullName ? translate('dashboard.welcome', { name: identity.fullName }) : translate('dashboard.title')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {CARDS.map(([key, Card]) => (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }} sx={{ '&:empty': { display: 'none' } }}>
            <Card />
          </Grid>
        ))}
      </Grid>
      {analytics ? <AnalyticsSection /> : null}
      <RecentlyViewed />
    </Box>
  );
}

export default Dashboard;
