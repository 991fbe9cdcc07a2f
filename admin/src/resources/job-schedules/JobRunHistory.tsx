import { useState } from 'react';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { denseCells } from '../../common/tableLayout';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { JobRunOutcomeChip, t } from './JobScheduleParts';
import { JOB_SCHEDULES, formatDuration, jobScheduleApi } from './jobScheduleRecord';

const r = (key: string) => t(`runs.${key}`);
const PAGE_SIZE = 10;
/** While a run is in progress the history asks again this often, so its end shows without a reload. */
const RUNNING_POLL_MS = 5000;

/** The query key of a schedule's run history (Run once invalidates it). */
export const runsQueryKey = (id: Identifier) => [JOB_SCHEDULES, 'runs', String(id)] as const;

/**
 * A schedule's runs, newest first, 10 a page (GET /job_schedules/{id}/runs?page&size): when it
 * started and ended, how long it took, what started it, its outcome, rows processed and the error.
 */
export function JobRunHistory({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useQuery({
    queryKey: [...runsQueryKey(id), page, PAGE_SIZE],
    queryFn: () => jobScheduleApi(dataProvider).runs(id, page, PAGE_SIZE),
    refetchInterval: (query) => (query.state.data?.data.some((run) => run.outcome === 'RUNNING') ? RUNNING_POLL_MS : false),
  });
  if (isPending) return <LinearProgress />;
  if (error || !data) {
    return (
      <Alert severity="error" data-testid="job-runs-error">
        {translate(r('load_failed'))}
      </Alert>
    );
  }
  if (data.total === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="job-runs-empty" sx={{ py: 2 }}>
        {translate(r('empty'))}
      </Typography>
    );
  }
  return (
    <Box data-testid="job-runs">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={denseCells}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(r('startedAt'))}</TableCell>
              <TableCell>{translate(r('endedAt'))}</TableCell>
              <TableCell>{translate(r('duration'))}</TableCell>
              <TableCell>{translate(r('trigger'))}</TableCell>
              <TableCell>{translate(r('outcome'))}</TableCell>
              <TableCell align="right">{translate(r('count'))}</TableCell>
              <TableCell>{translate(r('error'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((run) => (
              <TableRow key={run.id} data-testid={`job-run-${run.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.startedAt, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.endedAt, locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(run.startedAt, run.endedAt)}</TableCell>
                <TableCell>{translate(`enums.JobRunTrigger.${run.trigger}`, { _: run.trigger })}</TableCell>
                <TableCell>
                  <JobRunOutcomeChip outcome={run.outcome} />
                </TableCell>
                <TableCell align="right">{run.count.toLocaleString(locale === 'es' ? 'es-US' : 'en-US')}</TableCell>
                {/* The error as the job raised it: data, not the console's words. */}
                <TableCell translate="no" sx={{ minWidth: 160, maxWidth: 320, wordBreak: 'break-word', color: 'error.main' }}>
                  {run.error ?? ''}
                  {/* What the run had to say besides its count (e.g. the learning sessions auto-publish left), as the job wrote it. */}
                  {run.note ? (
                    <Typography variant="caption" component="div" color="text.secondary" data-testid={`job-run-note-${run.id}`}>
                      {run.note}
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {data.total > PAGE_SIZE ? (
        <TablePagination component="div" count={data.total} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} onPageChange={(_, next) => setPage(next)} />
      ) : null}
    </Box>
  );
}
