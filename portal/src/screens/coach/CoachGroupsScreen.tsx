/**
 * /coach/groups — "My groups" (issue 19): each group the coach leads (circle, class, sign-ups against
 * seats, published or not, the join link or a note that it is missing), opening its sessions and settings.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLinkBase } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { Section } from '../payments/parts';
import { useCoach } from './CoachContext';
import { useT } from './i18n';
import { circleTitle } from './schedule';

export default function CoachGroupsScreen() {
  const { t } = useT();
  useDocumentTitle(t('coach.groups.title'));
  const { groups, loading, error } = useCoach();
  if (loading) return <PageLoading />;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('coach.groups.title')}
      </Typography>
      <ErrorAlert error={error} testId="coach-error" />
      {groups.length === 0 && !error && <Typography>{t('coach.groups.none')}</Typography>}
      {groups.map((g) => (
        <Section key={g.id} title={circleTitle(g)} id={`coach-group-${g.id}`}>
          <Box data-testid={`coach-group-${g.id}`} sx={{ display: 'grid', gap: 0.5 }}>
            {g.circle.cohortLabel && <Typography>{t('coach.group.cohort', { label: g.circle.cohortLabel })}</Typography>}
            <Typography>{t('coach.group.seats', { count: g.signUpsCount, max: g.maxStudents })}</Typography>
            <Box>
              <Chip size="small" color={g.circle.published ? 'success' : 'default'} label={g.circle.published ? t('coach.group.published') : t('coach.group.unpublished')} />
            </Box>
            {g.webConferenceUrl ? (
              <Link href={g.webConferenceUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                {g.webConferenceUrl}
              </Link>
            ) : (
              <Typography color="warning.main">{t('coach.group.noUrl')}</Typography>
            )}
            <Box sx={{ mt: 1 }}>
              <Button component={RouterLinkBase} to={`/coach/groups/${g.id}`} variant="contained" size="small">
                {t('coach.group.manage')}
              </Button>
            </Box>
          </Box>
        </Section>
      ))}
    </Box>
  );
}
