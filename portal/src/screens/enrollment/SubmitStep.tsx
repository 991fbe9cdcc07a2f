/**
 * Step 7, submit application: a review of the choices (course, classes, plan, promo discount, card,
 * agreement) and what the server still misses (POST .../progress answers `missing`), then PATCH
 * /applications/{id}/status?status=APPLIED. A refusal ('Personal info incomplete', 'No course
 * selected'...) is shown with a link to the step to fix.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { RouterLink } from '../../components/RouterLink';
import { useT } from './i18n';
import type { Progress } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { cardLabel, date, money } from './format';
import { StepActions } from './parts';
import { congratulationsPath, isRequired, STEP_LABELS, stepOf, stepPath, stepToFix, type StepKey } from './steps';
import type { StepProps } from './types';
import { useEnrollmentApi } from './useLoad';

export function SubmitStep({ application, goTo }: StepProps) {
  const calls = useEnrollmentApi();
  const { t, tm, locale } = useT();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    calls.progress(application.id).then(
      (answer) => live && setProgress(answer),
      () => undefined, // The review stands without it; the submit call has the last word.
    );
    return () => {
      live = false;
    };
  }, [calls, application.id]);

  async function submit() {
    setFailure(null);
    setBusy(true);
    try {
      await calls.changeStatus(application.id, 'APPLIED');
      navigate(congratulationsPath(application.id), { replace: true });
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }

  const fixLink = (step: StepKey | null) => step && <RouterLink to={stepPath(application.id, step)}>{t('enroll.submit.fix', { step: t(STEP_LABELS[step]) })}</RouterLink>;
  const failedStep = failure ? (stepToFix(failure.code) ?? stepToFix(failure.message)) : null;
  const agreement = stepOf(application.steps, 'ENROLLMENT_AGREEMENT');
  const steps = application.steps;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('enroll.submit.intro')}
      </Typography>
      {failure && (
        <Box>
          <ErrorAlert error={failure} testId="submit-error" />
          {failedStep && (
            <Box data-testid="submit-fix" sx={{ mb: 2 }}>
              {fixLink(failedStep)}
            </Box>
          )}
        </Box>
      )}
      {progress && !progress.canSubmit && progress.missing.length > 0 && (
        <FormMessage severity="warning" testId="submit-missing">
          {t('enroll.submit.missing')}
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {progress.missing.map((message) => (
              <li key={message}>
                {tm(message)} {fixLink(stepToFix(message))}
              </li>
            ))}
          </ul>
        </FormMessage>
      )}
      <Box
        component="dl"
        data-testid="review"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1, my: 2, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
      >
        <Row id="course" label={t('enroll.review.course')} step="course" applicationId={application.id}>
          {application.product?.name}
        </Row>
        <Row id="classes" label={t('enroll.review.classes')} step="class" applicationId={application.id}>
          {application.applicationCohorts?.length
            ? application.applicationCohorts.map((c) => (
                <Box key={c.id} component="span" sx={{ display: 'block' }}>
                  {`${c.programName}: ${c.cohortLabel}`}
                  {c.startDate ? ` (${[date(c.startDate), date(c.endDate)].filter(Boolean).join(' – ')})` : ''}
                </Box>
              ))
            : t('enroll.review.none')}
        </Row>
        {(isRequired(steps, 'COMPLETE_PERSONAL_INFO') || isRequired(steps, 'QUESTIONNAIRE')) && (
          <Row id="personal-info" label={t('enroll.review.personalInfo')} step="personal-info" applicationId={application.id}>
            {[stepOf(steps, 'COMPLETE_PERSONAL_INFO'), stepOf(steps, 'QUESTIONNAIRE')].filter((s) => s?.required).every((s) => s?.completed)
              ? t('enroll.review.complete')
              : t('enroll.review.incomplete')}
          </Row>
        )}
        <Row id="plan" label={t('enroll.review.plan')} step="payment-plan" applicationId={application.id}>
          {application.productPaymentPlan?.name ?? t('enroll.review.none')}
        </Row>
        <Row id="promo" label={t('enroll.review.promo')} step="payment-plan" applicationId={application.id}>
          {application.voucher ? t('enroll.review.discount', { code: application.voucher.code, amount: money(application.voucherDiscount ?? 0, locale) }) : t('enroll.review.none')}
        </Row>
        <Row id="agreement" label={t('enroll.review.agreement')} step="agreement" applicationId={application.id}>
          {!agreement?.required ? t('enroll.review.notRequired') : agreement.completed ? t('enroll.review.signed') : t('enroll.review.notSigned')}
        </Row>
        <Row id="card" label={t('enroll.review.card')} step="payment-method" applicationId={application.id}>
          {application.paymentMethod ? cardLabel(application.paymentMethod) : t('enroll.review.none')}
        </Row>
      </Box>
      <FormMessage severity="info" testId="not-charged">
        {t('enroll.payment.notCharged')}
      </FormMessage>
      <StepActions onBack={() => goTo('payment-method')} onNext={submit} busy={busy} nextLabel={t('enroll.submit.action')} />
    </Box>
  );
}

function Row({ id, label, step, applicationId, children }: { id: string; label: string; step: StepKey; applicationId: number; children: ReactNode }) {
  const { t } = useT();
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Box component="span" data-testid={`review-${id}`}>
          {children}
        </Box>
        <RouterLink to={stepPath(applicationId, step)} aria-label={t('enroll.review.change', { item: label })}>
          {t('enroll.review.edit')}
        </RouterLink>
      </Box>
    </>
  );
}
