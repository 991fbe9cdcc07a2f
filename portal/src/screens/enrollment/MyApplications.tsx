/**
 * /enroll once the student has submitted an application: each submitted application that still
 * holds its course (course, classes, payment plan, status in words, when it was submitted) and what
 * happens next by its status — admissions' review (APPLIED, WAITING_TO_AGREE), the agreement to sign
 * (WAITING_TO_SIGN: the current envelope, made if needed, opens in My agreements), the confirmation
 * (SIGNED), the payments (ENROLLED) — and the way to enroll in another course (/enroll/courses).
 */
import Box from '@mui/material/Box';
import { StoredFileLink } from '../../components/StoredFileLink';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { Application } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { PAYMENT_INFORMATION_PATH } from '../payments/nav';
import { requestPath } from '../transfers/paths';
import { useT as useTransfersT } from '../transfers/i18n';
import { classText, dateTime } from './format';
import { useT, type Key } from './i18n';
import { useEnrollmentApi } from './useLoad';

export const CHOOSE_COURSE_PATH = '/enroll/courses';

export function MyApplications({ applications }: { applications: Application[] }) {
  const { t } = useT();
  useDocumentTitle(t('enroll.title'));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('enroll.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('enroll.mine.intro')}
      </Typography>
      {applications.map((application) => (
        <SubmittedApplication key={application.id} application={application} />
      ))}
      <Button component={Link} to={CHOOSE_COURSE_PATH}>
        {t('home.enroll.another')}
      </Button>
    </Box>
  );
}

/** What the student does or waits for next, by status; null once nothing is expected of the enrollment. */
function nextStepOf(status: Application['status']): { text: Key; action?: 'sign' | 'payments' } | null {
  switch (status) {
    case 'APPLIED':
    case 'WAITING_TO_AGREE':
      return { text: 'enroll.mine.next.approval' };
    case 'WAITING_TO_SIGN':
      return { text: 'enroll.mine.next.sign', action: 'sign' };
    case 'SIGNED':
      return { text: 'enroll.mine.next.confirmation' };
    case 'ENROLLED':
      return { text: 'enroll.mine.next.enrolled', action: 'payments' };
    default:
      return null;
  }
}

function SubmittedApplication({ application }: { application: Application }) {
  const { t, locale } = useT();
  const headingId = `application-${application.id}-heading`;
  const next = nextStepOf(application.status);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid={`application-${application.id}`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography component="h2" variant="h5" id={headingId} gutterBottom>
        {application.product?.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          my: 2,
          '& dt': { fontWeight: 600, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0 },
        }}
      >
        <Detail label={t('enroll.mine.classes')}>
          {application.applicationCohorts?.length
            ? application.applicationCohorts.map((c) => (
                <Box key={c.id} component="span" sx={{ display: 'block' }}>
                  {classText(c)}
                </Box>
              ))
            : t('enroll.review.none')}
        </Detail>
        <Detail label={t('enroll.mine.plan')}>{application.productPaymentPlan?.name ?? t('enroll.review.none')}</Detail>
        <Detail label={t('enroll.mine.status')}>{enumLabel('ApplicationStatus', application.status, locale)}</Detail>
        {application.appliedAt && <Detail label={t('enroll.mine.submitted')}>{dateTime(application.appliedAt, locale)}</Detail>}
        {application.document && (
          <Detail label={t('enroll.mine.document')}>
            <StoredFileLink
              fileName={application.document.fileName}
              name={application.document.originalName}
              failedText={t('enroll.document.openFailed')}
              testId={`application-${application.id}-document`}
            />
          </Detail>
        )}
      </Box>
      {next && (
        <Box component="section" aria-labelledby={`${headingId}-next`} data-testid={`application-${application.id}-next`} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
          <Typography component="h3" variant="subtitle1" id={`${headingId}-next`} sx={{ fontWeight: 600 }}>
            {t('enroll.mine.next')}
          </Typography>
          <Typography variant="body2" sx={{ mb: next.action ? 2 : 0 }}>
            {t(next.text)}
          </Typography>
          {next.action === 'sign' && <SignAgreementButton applicationId={application.id} />}
          {next.action === 'payments' && (
            <Button variant="contained" component={Link} to={PAYMENT_INFORMATION_PATH}>
              {t('enroll.mine.next.paymentsAction')}
            </Button>
          )}
        </Box>
      )}
      {(application.status === 'ENROLLED' || application.status === 'PARTIAL_WITHDRAWN') && <MoveLink applicationId={application.id} />}
    </Paper>
  );
}

/** "Transfer or withdraw": the request form with this course chosen. */
function MoveLink({ applicationId }: { applicationId: number }) {
  const { t } = useTransfersT();
  return (
    <Button component={Link} to={requestPath(applicationId)} sx={{ mt: 1 }} data-testid={`application-${applicationId}-move`}>
      {t('moves.link')}
    </Button>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}

/** Opens the application's current agreement (the server makes a new one when the terms changed). */
function SignAgreementButton({ applicationId }: { applicationId: number }) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  async function open() {
    setBusy(true);
    setFailure(null);
    try {
      const envelope = await calls.currentEnvelope(applicationId);
      navigate(`/agreements/${envelope.id}`);
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }
  return (
    <>
      <ErrorAlert error={failure} testId={`application-${applicationId}-sign-error`} />
      <Button variant="contained" onClick={open} disabled={busy} aria-busy={busy || undefined}>
        {t('enroll.mine.next.signAction')}
      </Button>
    </>
  );
}
