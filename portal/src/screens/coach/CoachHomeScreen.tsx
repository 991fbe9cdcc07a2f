/**
 * /coach — the coach's home (issue 19): a welcome, their time zone, the next sessions of their groups
 * (each opens the session: roster and join link), the started sessions whose attendance is still to
 * take, and the way to their calendar and groups.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { useT } from './i18n';
import { allSessions, circleTitle, formatWhen, pendingOf, sessionPath, type ScheduledSession } from './schedule';

const NEXT = 5;

export default function CoachHomeScreen() {
  const { t, locale } = useT();
  const session = useSession();
  const { coach, zone, groups, sessions, loading, error } = useCoach();
  useDocumentTitle(t('nav.coachHome'));
  if (loading) return <PageLoading />;

  const now = Date.now();
  const all = allSessions(groups, sessions);
  const next = all.filter((x) => new Date(x.session.endDateTime).getTime() > now).slice(0, NEXT);
  const toTake = all.filter((x) => x.session.started && pendingOf(x.session) > 0);
  const name = coach?.firstName ?? session?.firstName ?? '';

  const item = (x: ScheduledSession, secondary: string, testId: string) => (
    <ListItemButton key={`${x.group.id}-${x.session.id}`} component={Link} to={sessionPath(x.group.id, x.session.id)} data-testid={testId} divider>
      <ListItemText primary={t('coach.event', { circle: circleTitle(x.group), number: x.session.sessionNumber })} secondary={secondary} />
    </ListItemButton>
  );

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('coach.home.title', { name })}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('coach.home.intro')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="coach-zone">
        {t('coach.zone', { zone })}
      </Typography>
      <ErrorAlert error={error} testId="coach-error" />

      <Section
        title={t('coach.next.title')}
        id="coach-next"
        actions={
          <Button component={Link} to="/coach/calendar" variant="outlined" size="small">
            {t('coach.openCalendar')}
          </Button>
        }
      >
        {next.length === 0 ? (
          <Typography>{t('coach.next.none')}</Typography>
        ) : (
          <List disablePadding>{next.map((x) => item(x, formatWhen(x.session.startDateTime, zone, locale), `coach-next-${x.session.id}`))}</List>
        )}
      </Section>

      <Section
        title={t('coach.toTake.title')}
        id="coach-to-take"
        actions={
          <Button component={Link} to="/coach/groups" variant="outlined" size="small">
            {t('coach.openGroups')}
          </Button>
        }
      >
        {toTake.length === 0 ? (
          <Typography>{t('coach.toTake.none')}</Typography>
        ) : (
          <List disablePadding>
            {toTake.map((x) =>
              item(x, `${formatWhen(x.session.startDateTime, zone, locale)} · ${t('coach.toTake.item', { count: pendingOf(x.session) })}`, `coach-to-take-${x.session.id}`),
            )}
          </List>
        )}
      </Section>
    </Box>
  );
}
