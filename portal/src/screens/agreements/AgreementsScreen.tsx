/**
 * /agreements and /settings/agreements — My agreements (platform spec §2; Settings → agreements):
 * the student's envelopes, ten a page (GET /students/{id}/envelopes?size=10&page, spec §9), with
 * title, status and signing time, a link to read (and sign) each, and its PDF.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../enrollment/i18n';
import type { Envelope, Page } from '../../lib/enrollment-api';
import { dateTime } from '../enrollment/format';
import { useEnrollmentApi, useLoad } from '../enrollment/useLoad';
import { DownloadPdfButton, EnvelopeStatusChip } from './AgreementDocument';
import { isEnvelopeSignable } from '../../../../domain/state/envelopes';

const PAGE_SIZE = 10;

export default function AgreementsScreen() {
  const { t } = useT();
  useDocumentTitle(t('nav.agreements'));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('nav.agreements')}
      </Typography>
      <AgreementsList />
    </Box>
  );
}

/** The settings tab: the same list under the Settings heading. */
export function AgreementsTab() {
  const { t } = useT();
  useDocumentTitle(t('nav.agreements'));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="agreements-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" id="agreements-heading" gutterBottom>
        {t('nav.agreements')}
      </Typography>
      <AgreementsList />
    </Paper>
  );
}

function AgreementsList() {
  const calls = useEnrollmentApi();
  const { t, locale } = useT();
  const studentId = useSession()?.studentId;
  const [page, setPage] = useState(0);
  const list = useLoad<Page<Envelope>>(
    () => (studentId ? calls.studentEnvelopes(studentId, { page, size: PAGE_SIZE }) : Promise.resolve({ content: [], pagination: { total: 0, page: 0, size: PAGE_SIZE } })),
    [calls, studentId, page],
  );

  if (list.loading && !list.data) return <PageLoading />;
  if (list.error) return <ErrorAlert error={list.error} testId="agreements-error" />;
  const envelopes = list.data?.content ?? [];
  const total = list.data?.pagination.total ?? envelopes.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The page on screen is the one answered (the next one may still be on its way).
  const shown = list.data?.pagination.page ?? page;
  if (!envelopes.length && page === 0) {
    return (
      <Typography color="text.secondary" data-testid="agreements-none">
        {t('agreements.none')}
      </Typography>
    );
  }
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={t('nav.agreements')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('agreements.column.title')}</TableCell>
              <TableCell>{t('agreements.column.status')}</TableCell>
              <TableCell>{t('agreements.column.signedAt')}</TableCell>
              <TableCell align="right">{t('agreements.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {envelopes.map((envelope) => (
              <TableRow key={envelope.id} data-testid={`agreement-row-${envelope.id}`}>
                <TableCell lang="en">{envelope.title}</TableCell>
                <TableCell>
                  <EnvelopeStatusChip status={envelope.status} />
                </TableCell>
                <TableCell>{dateTime(envelope.signedAt, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    component={Link}
                    to={`/agreements/${envelope.id}`}
                    size="small"
                    aria-label={t(isEnvelopeSignable(envelope) ? 'agreements.signNamed' : 'agreements.viewNamed', { title: envelope.title })}
                  >
                    {isEnvelopeSignable(envelope) ? t('agreements.readAndSign') : t('agreements.view')}
                  </Button>
                  <DownloadPdfButton envelope={envelope} variant="text" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Box component="nav" aria-label={t('agreements.pages')} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
          <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0 || list.loading}>
            {t('agreements.previous')}
          </Button>
          <Typography variant="body2" data-testid="agreements-page">
            {t('agreements.page', { page: shown + 1, pages })}
          </Typography>
          <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pages || list.loading}>
            {t('agreements.nextPage')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
