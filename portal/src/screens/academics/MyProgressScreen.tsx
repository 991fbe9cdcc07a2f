/**
 * /my-progress — "My progress" (issue 21): each of the student's classes with its graduation status in
 * words, the requirements met of total and the average score, each requirement (done of total, score
 * against the minimum, met or not yet), and the unofficial transcript as a PDF.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { academicsApi, type EnrollmentProgress } from '../../lib/academics-api';
import { saveBlob } from '../agreements/download';
import { useLoad } from '../enrollment/useLoad';
import { DataTable, schoolDate, Section } from '../payments/parts';
import { useT } from './i18n';

/** A score as a percentage with up to two decimals; blank when none was recorded. */
export const scoreText = (score: number | null | undefined) => (score === null || score === undefined ? '' : `${Math.round(score * 100) / 100}%`);

export const graduationColor = (status: string): 'default' | 'info' | 'success' | 'warning' | 'error' =>
  status === 'GRADUATED' || status === 'LATE_GRADUATION'
    ? 'success'
    : status === 'READY_GRADUATION'
      ? 'info'
      : status === 'INCOMPLETE'
        ? 'warning'
        : status.startsWith('FAILED')
          ? 'error'
          : 'default';

function EnrollmentCard({ enrollment, onTranscript, busy }: { enrollment: EnrollmentProgress; onTranscript: () => void; busy: boolean }) {
  const { t, locale } = useT();
  const name = enrollment.programName ?? enrollment.cohortLabel ?? `#${enrollment.enrollmentId}`;
  const percent = enrollment.requirementsTotal > 0 ? Math.round((enrollment.requirementsDone / enrollment.requirementsTotal) * 100) : 0;
  return (
    <Section title={t('progress.class', { program: name, cohort: enrollment.cohortLabel ?? '' })} id={`progress-${enrollment.enrollmentId}`}>
      <Box data-testid={`progress-${enrollment.enrollmentId}`}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Chip
            size="small"
            color={graduationColor(enrollment.graduationStatus)}
            label={t('progress.status', { status: enumLabel('GraduationStatus', enrollment.graduationStatus, locale) })}
            data-testid={`progress-${enrollment.enrollmentId}-status`}
          />
          {enrollment.graduatedAt && <Typography variant="body2">{t('progress.graduatedOn', { date: schoolDate(enrollment.graduatedAt) })}</Typography>}
        </Box>
        {/* A class without requirements says so below: no '0 of 0' and no bar drawn full. */}
        {enrollment.requirementsTotal > 0 && (
          <>
            <Typography data-testid={`progress-${enrollment.enrollmentId}-summary`}>
              {t('progress.summary', { done: enrollment.requirementsDone, total: enrollment.requirementsTotal })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              sx={{ my: 1, height: 8, borderRadius: 4 }}
              aria-label={t('progress.summary', { done: enrollment.requirementsDone, total: enrollment.requirementsTotal })}
            />
          </>
        )}
        {enrollment.score !== null && <Typography variant="body2">{t('progress.score', { score: scoreText(enrollment.score) })}</Typography>}
        {enrollment.requirements.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('progress.noRequirements')}
          </Typography>
        ) : (
          <DataTable
            label={t('progress.requirements', { name })}
            testId={`progress-${enrollment.enrollmentId}-requirements`}
            rows={enrollment.requirements}
            columns={[
              { key: 'name', label: t('progress.col.requirement'), render: (r) => r.name },
              { key: 'type', label: t('progress.col.type'), render: (r) => enumLabel('GraduationRequirementType', r.type, locale) },
              { key: 'done', label: t('progress.col.done'), align: 'right', render: (r) => `${r.done} / ${r.total}` },
              {
                key: 'score',
                label: t('progress.col.score'),
                align: 'right',
                render: (r) => [scoreText(r.score), r.minScore !== null ? `(${t('progress.minScore', { score: scoreText(r.minScore) })})` : ''].filter(Boolean).join(' '),
              },
              { key: 'met', label: t('progress.col.met'), render: (r) => t(r.met ? 'progress.yes' : 'progress.no') },
            ]}
          />
        )}
        <Button variant="outlined" sx={{ mt: 2 }} disabled={busy} onClick={onTranscript} data-testid={`progress-${enrollment.enrollmentId}-transcript`}>
          {t('progress.transcript')}
        </Button>
      </Box>
    </Section>
  );
}

export default function MyProgressScreen() {
  const { t } = useT();
  useDocumentTitle(t('progress.title'));
  const api = useApi();
  const calls = useMemo(() => academicsApi(api.http), [api]);
  const studentId = useSession()?.studentId;
  const loaded = useLoad(async () => (studentId ? calls.progress(studentId) : []), [calls, studentId]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (loaded.loading) return <PageLoading />;
  const enrollments = loaded.data ?? [];

  const transcript = async (enrollment: EnrollmentProgress) => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await calls.transcript(enrollment.enrollmentId), `unofficial-transcript-${enrollment.enrollmentId}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('progress.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('progress.intro')}</Typography>
      <ErrorAlert error={loaded.error} testId="progress-error" />
      <FormMessage severity="error" testId="progress-download-error">
        {failed ? t('progress.downloadFailed') : null}
      </FormMessage>
      {!loaded.error && enrollments.length === 0 && <Typography data-testid="progress-none">{t('progress.none')}</Typography>}
      {enrollments.map((e) => (
        <EnrollmentCard key={e.enrollmentId} enrollment={e} busy={busy} onTranscript={() => void transcript(e)} />
      ))}
    </Box>
  );
}
