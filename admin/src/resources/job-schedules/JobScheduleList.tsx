import { Box, Stack, Typography } from '@mui/material';
import { CreateButton, DataTable, List, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { NoResults } from '../../common/NoResults';
import { JobScheduleDrawer } from './JobScheduleDrawer';
import { JobGroupLabel, JobRunOutcomeChip, JobStatusChip, t, useScheduleWords } from './JobScheduleParts';
import { JOB_SCHEDULES, type JobScheduleRecord } from './jobScheduleRecord';

const f = (key: string) => t(`fields.${key}`);

function JobScheduleListActions() {
  const { search } = useLocation();
  const { canAccess: canWrite } = useCanAccess({ resource: JOB_SCHEDULES, action: 'edit' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {canWrite ? <CreateButton label={t('actions.create')} to={{ pathname: `/${JOB_SCHEDULES}/create`, search }} /> : null}
    </TopToolbar>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function JobScheduleListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  const words = useScheduleWords();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="job-schedules-intro">
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<JobScheduleRecord> empty={<NoResults />} rowClick={(id) => `/${JOB_SCHEDULES}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col
            source="jobName"
            label={f('jobName')}
            render={(record) => (
              // The name staff give a schedule (the catalogue's in English until renamed): their data, not the console's words.
              <Box component="span" translate="no" sx={{ fontWeight: 500 }}>
                {record.jobName}
              </Box>
            )}
          />
          <DataTable.Col source="jobGroup" label={f('jobGroup')} render={(record) => <JobGroupLabel group={record.jobGroup} />} />
          <DataTable.Col source="type" label={f('type')} render={(record) => translate(`enums.JobType.${record.type}`, { _: String(record.type) })} />
          <DataTable.Col source="status" label={f('status')} render={(record) => <JobStatusChip status={record.status} testId={`job-status-${record.id}`} />} />
          <DataTable.Col
            source="schedule"
            label={f('schedule')}
            disableSort
            render={(record) => (
              <Box component="span" sx={{ minWidth: 140, display: 'inline-block' }} data-testid={`job-schedule-${record.id}`}>
                {words(record as JobScheduleRecord)}
              </Box>
            )}
          />
          <DataTable.Col
            source="nextRunAt"
            label={f('nextRunAt')}
            render={(record) => (
              <Box component="span" sx={nowrap}>
                {record.nextRunAt ? formatDateTime(record.nextRunAt, locale) : record.status === 'PAUSED' ? translate(t('schedule.paused')) : ''}
              </Box>
            )}
          />
          <DataTable.Col
            source="lastRun"
            label={f('lastRun')}
            disableSort
            render={(record) =>
              record.lastRun ? (
                <Stack direction="row" spacing={1} alignItems="center" sx={nowrap}>
                  <JobRunOutcomeChip outcome={record.lastRun.outcome} testId={`job-last-outcome-${record.id}`} />
                  <Typography component="span" variant="caption" color="text.secondary">
                    {formatDateTime(record.lastRun.startedAt, locale)}
                  </Typography>
                </Stack>
              ) : (
                ''
              )
            }
          />
          <DataTable.Col
            source="lastRun.count"
            label={f('lastCount')}
            align="right"
            disableSort
            render={(record) => (record.lastRun ? record.lastRun.count.toLocaleString(locale === 'es' ? 'es-US' : 'en-US') : '')}
          />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /job-schedules — the background jobs (issue 16 §1): name, group, job, status, the schedule in
 * words, the next run and the last run's outcome and count; sorted by name, 25 a page (GET
 * /job_schedules?sortBy&descending&size&page). A row opens its drawer at /job-schedules/{id};
 * /job-schedules/create adds one (job_schedules:update).
 */
export function JobScheduleList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={JOB_SCHEDULES}
        sort={{ field: 'jobName', order: 'ASC' }}
        perPage={25}
        actions={<JobScheduleListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <JobScheduleListBody />
      </List>
      <JobScheduleDrawer />
    </Box>
  );
}

export default JobScheduleList;
