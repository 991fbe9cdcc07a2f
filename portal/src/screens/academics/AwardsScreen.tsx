/**
 * /awards — "Awards" (issue 21): the student's certificates and badges (issued ones to download as a
 * PDF, or to view on Accredible) and the awards their current classes lead to with how far they are,
 * filtered all, certificates or badges.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useApi, useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { academicsApi, awardsOf, type AwardFilter, type Certificate } from '../../lib/academics-api';
import { saveBlob } from '../agreements/download';
import { useLoad } from '../enrollment/useLoad';
import { schoolDate, Section } from '../payments/parts';
import { useT } from './i18n';

const FILTERS: AwardFilter[] = ['ALL', 'CERTIFICATE', 'BADGE'];

export default function AwardsScreen() {
  const { t, locale } = useT();
  useDocumentTitle(t('awards.title'));
  const api = useApi();
  const calls = useMemo(() => academicsApi(api.http), [api]);
  const studentId = useSession()?.studentId;
  const loaded = useLoad(async () => (studentId ? calls.awards(studentId) : { awards: [], available: [] }), [calls, studentId]);
  const [filter, setFilter] = useState<AwardFilter>('ALL');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (loaded.loading) return <PageLoading />;
  const { mine, available } = awardsOf(loaded.data ?? { awards: [], available: [] }, filter);

  const download = async (certificate: Certificate) => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await calls.certificate(certificate.id), `certificate-${certificate.id}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const typeLabels = (types: string[]) => types.map((type) => enumLabel('AwardType', type, locale)).join(' · ');

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('awards.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('awards.intro')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_, value: AwardFilter | null) => value && setFilter(value)}
        aria-label={t('awards.filter')}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f} value={f} data-testid={`awards-filter-${f}`}>
            {t(`awards.filter.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ErrorAlert error={loaded.error} testId="awards-error" />
      <FormMessage severity="error" testId="awards-download-error">
        {failed ? t('progress.downloadFailed') : null}
      </FormMessage>

      <Section title={t('awards.mine.title')} id="awards-mine">
        {mine.length === 0 && <Typography data-testid="awards-mine-none">{t('awards.mine.none')}</Typography>}
        {mine.map((c) => (
          <Box key={c.id} data-testid={`award-${c.id}`} sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            {c.badgeUrl && <Box component="img" src={c.badgeUrl} alt={t('awards.badge', { name: c.name })} sx={{ width: 64, height: 64, objectFit: 'contain' }} />}
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {c.name}
              </Typography>
              <Typography variant="body2">{[c.programName, c.cohortLabel].filter(Boolean).join(' · ')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {typeLabels(c.types)}
              </Typography>
              {c.status === 'ISSUED' && c.issuedAt && <Typography variant="body2">{t('awards.issuedOn', { date: schoolDate(c.issuedAt) })}</Typography>}
              {c.status === 'PENDING' && <Typography variant="body2">{t('awards.pending')}</Typography>}
              {c.status === 'FAILED' && <Typography variant="body2">{t('awards.failed')}</Typography>}
              {c.status === 'ISSUED' && c.hasFile && (
                <Button variant="outlined" size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => void download(c)} data-testid={`award-${c.id}-download`}>
                  {t('awards.download')}
                </Button>
              )}
              {c.status === 'ISSUED' && !c.hasFile && c.url && (
                <Link href={c.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1 }} data-testid={`award-${c.id}-view`}>
                  {t('awards.view')}
                </Link>
              )}
            </Box>
          </Box>
        ))}
      </Section>

      <Section title={t('awards.available.title')} id="awards-available">
        {available.length === 0 && <Typography data-testid="awards-available-none">{t('awards.available.none')}</Typography>}
        {available.map((a) => (
          <Box key={`${a.enrollmentId}-${a.type}`} data-testid={`available-${a.enrollmentId}-${a.type}`} sx={{ mb: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {`${enumLabel('AwardType', a.type, locale)}: ${a.programName ?? ''}`}
            </Typography>
            <Typography variant="body2">{a.cohortLabel ?? ''}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('awards.available.progress', { done: a.requirementsDone, total: a.requirementsTotal, status: enumLabel('GraduationStatus', a.graduationStatus, locale) })}
            </Typography>
          </Box>
        ))}
      </Section>
    </Box>
  );
}
