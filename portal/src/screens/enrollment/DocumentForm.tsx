/**
 * The enrollment flow's DOCUMENT_UPLOAD step (issue 20), shown after the personal info (and the
 * questionnaire) when the program's flow requires it: the student uploads a file (POST /files, their
 * own document), the application names it (PUT /applications/{id} { documentName }) and the step is
 * marked complete (POST /applications/{id}/progress { step: DOCUMENT_UPLOAD }). The server decides
 * the type by content; a file over the limit is refused here before it is sent.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { filesApi, FileTooLargeError } from '../../../../domain/http/files';
import { MAX_UPLOAD_MB, UPLOAD_ACCEPT } from '../../../../domain/rules/files';
import { format, Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StoredFileLink } from '../../components/StoredFileLink';
import { useApi } from '../../components/PortalContext';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { useT } from './i18n';
import { Block, StepActions } from './parts';
import type { StepProps } from './types';
import { useEnrollmentApi } from './useLoad';

export function DocumentForm({ application, goTo, reloadApplication, onBack }: StepProps & { onBack(): void }) {
  const api = useApi();
  const calls = useEnrollmentApi();
  const files = useMemo(() => filesApi(api.http.request), [api.http]);
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const document = application.document;

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setSaved(false);
    setBusy(true);
    try {
      const uploaded = await files.upload(file, { purpose: 'DOCUMENT' });
      await calls.updateApplication(application.id, { documentName: uploaded.fileName });
      await calls.progress(application.id, 'DOCUMENT_UPLOAD');
      await reloadApplication();
      setSaved(true);
    } catch (error) {
      if (error instanceof FileTooLargeError) setFailure(failureOf(format(Messages.FILE_TOO_LARGE, MAX_UPLOAD_MB)));
      else {
        const view = describeError(error, ['object']);
        setFailure(view.fields.object ? failureOf(view.fields.object) : view);
      }
    } finally {
      setBusy(false);
    }
  }

  function next() {
    if (!document) {
      setFailure(failureOf(Messages.DOCUMENT_REQUIRED));
      return;
    }
    goTo('payment-plan');
  }

  return (
    <Block title={t('enroll.document.title')} id="document-heading">
      <Typography variant="body2" color="text.secondary">
        {t('enroll.document.intro', { mb: MAX_UPLOAD_MB })}
      </Typography>
      <ErrorAlert error={failure} testId="document-error" />
      <Box sx={{ my: 2 }} data-testid="document-current">
        {document ? (
          <Typography variant="body2">
            {t('enroll.document.current')}
            <StoredFileLink fileName={document.fileName} name={document.originalName} failedText={t('enroll.document.openFailed')} testId="document-open" />
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('enroll.document.none')}
          </Typography>
        )}
        {saved && (
          <Typography variant="body2" color="success.main" role="status" sx={{ mt: 1 }}>
            {t('enroll.document.saved')}
          </Typography>
        )}
      </Box>
      <input ref={input} type="file" hidden accept={UPLOAD_ACCEPT} onChange={picked} data-testid="document-input" />
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy} data-testid="document-upload">
        {busy ? t('enroll.document.uploading') : t(document ? 'enroll.document.replace' : 'enroll.document.choose')}
      </Button>
      <StepActions onBack={onBack} onNext={next} busy={busy} />
    </Block>
  );
}
