import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { FileLink, UploadButton } from '../../common/FileInput';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ENROLLMENTS, type ApplicationRecord } from '../../common/applicationRecord';

const t = (key: string) => `resources.enrollments.document.${key}`;

/**
 * The application's document (the enrollment flow's DOCUMENT_UPLOAD step; issue 20): the student's
 * upload, opened from here; staff who may update applications upload one for the student (POST
 * /files with the student's id, then PUT /applications/{id} { documentName }). A name recorded
 * before uploads shows as text.
 */
export function ApplicationDocument({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ENROLLMENTS, action: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const doc = record.document;
  return (
    <Stack spacing={0.5} alignItems="flex-start" data-testid="application-document">
      {doc ? (
        <FileLink fileName={doc.fileName} name={doc.originalName} testId="application-document-open" />
      ) : record.documentName ? (
        <Typography variant="body2">{[record.documentName, record.documentType].filter(Boolean).join(' · ')}</Typography>
      ) : null}
      {canEdit ? (
        <UploadButton
          studentId={record.student?.id ?? null}
          label={translate(t(doc || record.documentName ? 'replace' : 'upload'))}
          testId="application-document-upload"
          onError={setError}
          onUploaded={async (file) => {
            setError(null);
            try {
              await dataProvider.request({ method: 'PUT', path: `/applications/${encodeURIComponent(String(record.id))}`, body: { documentName: file.fileName } });
              notify(t('saved'), { type: 'success' });
              refresh();
            } catch (e) {
              refused(e);
            }
          }}
        />
      ) : null}
      {error ? (
        <Typography variant="caption" color="error" data-testid="application-document-error">
          {error}
        </Typography>
      ) : null}
    </Stack>
  );
}
