/**
 * One agreement envelope: its text in a scrollable box and, while it waits for the signature
 * (SENT), the typed full name and the "I have read and agree" box → POST /envelopes/{id}/sign. A
 * signed one shows who signed and when; every one can be downloaded as PDF (GET /envelopes/{id}/pdf
 * with the bearer → blob → download).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { TextInput } from '../../components/TextInput';
import { useT, type Key } from '../enrollment/i18n';
import type { Envelope, EnvelopeStatus } from '../../lib/enrollment-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { dateTime } from '../enrollment/format';
import { useEnrollmentApi } from '../enrollment/useLoad';
import { saveBlob } from './download';
import { hasSignedPdf, isEnvelopeSignable, isEnvelopeVoided } from '../../../../domain/state/envelopes';

export const ENVELOPE_STATUS: Record<EnvelopeStatus, Key> = {
  SENT: 'agreements.status.SENT',
  SIGNED: 'agreements.status.SIGNED',
  VOIDED: 'agreements.status.VOIDED',
};

export function EnvelopeStatusChip({ status }: { status: EnvelopeStatus }) {
  const { t } = useT();
  const color = status === 'SIGNED' ? 'success' : status === 'SENT' ? 'warning' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={t(ENVELOPE_STATUS[status])} />;
}

/** The Download PDF button of one envelope. */
export function DownloadPdfButton({ envelope, variant = 'outlined' }: { envelope: Pick<Envelope, 'id' | 'title'>; variant?: 'outlined' | 'text' }) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      saveBlob(await calls.envelopePdf(envelope.id), `agreement-${envelope.id}.pdf`);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant={variant} size="small" onClick={download} disabled={busy} aria-label={t('agreements.downloadNamed', { title: envelope.title })}>
        {t('agreements.download')}
      </Button>
      {failure && (
        <Box component="span" sx={{ display: 'block' }}>
          <ErrorAlert error={failure} testId={`download-error-${envelope.id}`} />
        </Box>
      )}
    </>
  );
}

export function AgreementDocument({
  envelope,
  onSigned,
  onReplaced,
}: {
  envelope: Envelope;
  onSigned(envelope: Envelope): void;
  /** The server voided it (terms changed) or it was signed elsewhere: fetch the current one. */
  onReplaced?(): void;
}) {
  const { t, locale } = useT();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {/* The agreement is in English whatever the student's language (docs/decisions.md): marked so. */}
        <Typography component="h3" variant="h6" sx={{ flexGrow: 1 }} data-testid="agreement-title" lang="en">
          {envelope.title}
        </Typography>
        <EnvelopeStatusChip status={envelope.status} />
        <DownloadPdfButton envelope={envelope} />
      </Box>
      <Box
        role="document"
        tabIndex={0}
        aria-label={t('agreements.text')}
        data-testid="agreement-content"
        lang="en"
        sx={{
          maxHeight: 360,
          overflowY: 'auto',
          whiteSpace: 'pre-wrap',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 2,
          bgcolor: 'background.default',
          typography: 'body2',
        }}
      >
        {envelope.content ?? ''}
      </Box>
      {hasSignedPdf(envelope) && (
        <FormMessage severity="success" testId="agreement-signed">
          {t('agreements.signedBy', { name: envelope.signedName ?? '', when: dateTime(envelope.signedAt, locale) })}
        </FormMessage>
      )}
      {isEnvelopeVoided(envelope) && (
        <FormMessage severity="warning" testId="agreement-voided">
          {t('agreements.voided')}
        </FormMessage>
      )}
      {isEnvelopeSignable(envelope) && <SignForm envelope={envelope} onSigned={onSigned} onReplaced={onReplaced} />}
    </Box>
  );
}

function SignForm({ envelope, onSigned, onReplaced }: { envelope: Envelope; onSigned(envelope: Envelope): void; onReplaced?(): void }) {
  const calls = useEnrollmentApi();
  const { t, tm } = useT();
  const [signedName, setSignedName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ signedName?: string; agreed?: string }>({});
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function sign(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = { signedName: signedName.trim() ? undefined : Messages.REQUIRED, agreed: agreed ? undefined : t('agreements.mustAgree') };
    setErrors(found);
    if (found.signedName || found.agreed) return;
    setBusy(true);
    try {
      const signed = await calls.signEnvelope(envelope.id, signedName.trim());
      onSigned({ ...envelope, ...signed, content: signed.content ?? envelope.content });
    } catch (error) {
      const view = describeError(error, ['signedName']);
      setErrors({ signedName: view.fields.signedName });
      setFailure(view);
      setBusy(false);
      if (view.code === 'ENVELOPE_VOIDED' || view.code === 'ENVELOPE_ALREADY_SIGNED') onReplaced?.();
    }
  }

  return (
    <Box component="form" noValidate onSubmit={sign} aria-label={t('agreements.signTitle')} sx={{ mt: 2, maxWidth: 520 }}>
      <ErrorAlert error={failure} testId="sign-error" />
      <TextInput
        name="signedName"
        label={t('agreements.signedName')}
        autoComplete="name"
        value={signedName}
        error={errors.signedName}
        hint={t('agreements.signedNameHint')}
        onValueChange={(value) => {
          setSignedName(value);
          setErrors((e) => ({ ...e, signedName: undefined }));
        }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={agreed}
            name="agreed"
            onChange={(event) => {
              setAgreed(event.target.checked);
              setErrors((e) => ({ ...e, agreed: undefined }));
            }}
            slotProps={{ input: { 'aria-describedby': errors.agreed ? 'agree-error' : undefined, 'aria-invalid': Boolean(errors.agreed) } as object }}
          />
        }
        label={t('agreements.agree')}
      />
      {errors.agreed && (
        <FormHelperText error id="agree-error">
          {tm(errors.agreed)}
        </FormHelperText>
      )}
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('agreements.sign')}
        </Button>
      </Box>
    </Box>
  );
}
