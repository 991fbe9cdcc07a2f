/**
 * /enroll/:applicationId/congratulations (platform spec §2 "Enrollment congratulations"): the
 * application's state, the §9 messages (admissions reply within 48 hours; confirmation in 1-2
 * business days; the card is not charged until the application is accepted) and the pending signing
 * requests (GET /students/{id}/envelopes?status=SENT), each with a link to sign it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { RouterLink } from '../../components/RouterLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from './i18n';
import { dateTime } from './format';
import { firstIncompleteStep, stepPath } from './steps';
import { useEnrollmentApi, useLoad } from './useLoad';

export default function CongratulationsScreen() {
  const id = Number(useParams().applicationId);
  const calls = useEnrollmentApi();
  const { t, locale } = useT();
  const studentId = useSession()?.studentId;
  useDocumentTitle(t('enroll.congrats.title'));
  const application = useLoad(() => calls.getApplication(id), [calls, id]);
  const pending = useLoad(
    () => (studentId ? calls.studentEnvelopes(studentId, { status: 'SENT', size: 10 }).then((page) => page.content) : Promise.resolve([])),
    [calls, studentId],
  );

  if (application.loading) return <PageLoading />;
  const app = application.data;
  const submitted = app && app.status !== 'CREATED';
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {submitted || !app ? t('enroll.congrats.title') : t('enroll.title')}
      </Typography>
      <ErrorAlert error={application.error} testId="application-error" />
      {app && !submitted && (
        <FormMessage severity="info" testId="not-submitted">
          {t('enroll.congrats.notSubmitted')} <RouterLink to={stepPath(app.id, firstIncompleteStep(app))}>{t('home.enroll.continue')}</RouterLink>
        </FormMessage>
      )}
      {app && submitted && (
        <>
          <Typography sx={{ mb: 1 }} data-testid="congrats-body">
            {t('enroll.congrats.body', { product: app.product?.name ?? '' })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="application-status">
            {t('enroll.congrats.status', { status: enumLabel('ApplicationStatus', app.status, locale) })}
            {app.appliedAt ? ` · ${t('enroll.congrats.appliedOn', { date: dateTime(app.appliedAt, locale) })}` : ''}
          </Typography>
          <Box component="ul" data-testid="next-messages" sx={{ pl: 3, mb: 3 }}>
            <li>{t('enroll.congrats.admissions')}</li>
            <li>{t('enroll.congrats.confirmation')}</li>
            <li>{t('enroll.payment.notCharged')}</li>
          </Box>
        </>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="pending-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography component="h2" variant="h6" id="pending-heading" gutterBottom>
          {t('enroll.congrats.pending')}
        </Typography>
        {pending.loading ? (
          <PageLoading />
        ) : pending.error ? (
          <ErrorAlert error={pending.error} testId="pending-error" />
        ) : pending.data?.length ? (
          <List aria-labelledby="pending-heading" data-testid="pending-list">
            {pending.data.map((envelope) => (
              <ListItem
                key={envelope.id}
                divider
                secondaryAction={
                  <Button
                    component={Link}
                    to={`/agreements/${envelope.id}`}
                    variant="contained"
                    size="small"
                    aria-label={t('enroll.congrats.signNamed', { title: envelope.title })}
                  >
                    {t('enroll.congrats.sign')}
                  </Button>
                }
              >
                <ListItemText primary={envelope.title} secondary={t('enroll.congrats.sentOn', { date: dateTime(envelope.createdAt, locale) })} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="pending-none">
            {t('enroll.congrats.noPending')}
          </Typography>
        )}
      </Paper>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button component={Link} to="/home">
          {t('enroll.congrats.home')}
        </Button>
        <Button component={Link} to="/agreements">
          {t('nav.agreements')}
        </Button>
      </Box>
    </Box>
  );
}
