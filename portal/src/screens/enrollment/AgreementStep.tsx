/**
 * Step 5, read and sign the agreement: POST /applications/{id}/envelopes gives the current envelope
 * (or a new one rendered from the chosen class and plan), GET /envelopes/{envId} its text; signing
 * marks the flow's ENROLLMENT_AGREEMENT step complete. A course whose flow does not require the
 * agreement goes straight on.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useT } from './i18n';
import type { Envelope } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { AgreementDocument } from '../agreements/AgreementDocument';
import { StepActions } from './parts';
import { isRequired } from './steps';
import type { StepProps } from './types';
import { useEnrollmentApi } from './useLoad';
import { hasSignedPdf } from '../../../../domain/state/envelopes';

export function AgreementStep({ application, reloadApplication, goTo }: StepProps) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const required = isRequired(application.steps, 'ENROLLMENT_AGREEMENT');
  const [envelope, setEnvelope] = useState<Envelope | null>(null);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [loading, setLoading] = useState(required);
  const [justSigned, setJustSigned] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const current = await calls.currentEnvelope(application.id);
      setEnvelope(await calls.getEnvelope(current.id));
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setLoading(false);
    }
  }, [calls, application.id]);

  useEffect(() => {
    if (required) void load();
  }, [required, load]);

  if (loading) return <PageLoading />;
  const signed = envelope ? hasSignedPdf(envelope) : false;
  return (
    <Box>
      {required ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('enroll.agreement.intro')}
        </Typography>
      ) : (
        <FormMessage severity="info" testId="agreement-not-required">
          {t('enroll.agreement.notRequired')}
        </FormMessage>
      )}
      {!envelope && <ErrorAlert error={failure} testId="agreement-error" />}
      {justSigned && (
        <FormMessage severity="success" testId="agreement-thanks">
          {t('agreements.thanks')}
        </FormMessage>
      )}
      {envelope && (
        <AgreementDocument
          envelope={envelope}
          onSigned={(next) => {
            setEnvelope(next);
            setJustSigned(true);
            void reloadApplication();
          }}
          onReplaced={() => void load()}
        />
      )}
      <StepActions onBack={() => goTo('payment-plan')} onNext={() => goTo('payment-method')} nextDisabled={required && !signed} />
    </Box>
  );
}
