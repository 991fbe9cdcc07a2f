/**
 * /agreements/:envelopeId: one agreement (GET /envelopes/{id}) to read, sign (while SENT) and
 * download. A replaced (VOIDED) one leads to its application's current agreement (POST
 * /applications/{id}/envelopes answers it, or renders a new one).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { describeError, type ErrorView } from '../../lib/errors';
import { useT } from '../enrollment/i18n';
import { useEnrollmentApi, useLoad } from '../enrollment/useLoad';
import { AgreementDocument } from './AgreementDocument';
import { isEnvelopeVoided } from '../../../../domain/state/envelopes';

export default function AgreementScreen() {
  const id = Number(useParams().envelopeId);
  const calls = useEnrollmentApi();
  const { t } = useT();
  const envelope = useLoad(() => calls.getEnvelope(id), [calls, id]);
  const [signed, setSigned] = useState(false);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function openCurrent(applicationId: number) {
    setBusy(true);
    setFailure(null);
    try {
      const current = await calls.currentEnvelope(applicationId);
      navigate(`/agreements/${current.id}`);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }
  useDocumentTitle(envelope.data?.title ?? t('nav.agreements'));

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <RouterLink to="/agreements">{t('agreements.back')}</RouterLink>
      </Typography>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('agreements.title')}
      </Typography>
      {envelope.loading ? (
        <PageLoading />
      ) : envelope.data ? (
        <>
          {signed && (
            <FormMessage severity="success" testId="agreement-thanks">
              {t('agreements.thanks')}
            </FormMessage>
          )}
          <AgreementDocument
            envelope={envelope.data}
            onSigned={(next) => {
              envelope.setData(next);
              setSigned(true);
            }}
            onReplaced={() => void envelope.reload()}
          />
          {isEnvelopeVoided(envelope.data) && (
            <Box sx={{ mt: 1 }}>
              <ErrorAlert error={failure} testId="current-error" />
              <Button variant="contained" onClick={() => void openCurrent(envelope.data!.applicationId)} disabled={busy}>
                {t('agreements.openCurrent')}
              </Button>
            </Box>
          )}
        </>
      ) : (
        <ErrorAlert error={envelope.error} testId="agreement-error" />
      )}
    </Box>
  );
}
