import { useState, type ReactElement } from 'react';
import { Alert, Box, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, ResourceContextProvider, useCanAccess, useGetOne, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { RecordDrawer } from '../../common/RecordDrawer';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { JobRunHistory, runsQueryKey } from './JobRunHistory';
import { JobScheduleCreate, JobScheduleEdit, refusalKey } from './JobScheduleForm';
import { InfoRow } from '../../common/InfoSection';
import { DetailRows, JobGroupLabel, JobRunOutcomeChip, JobStatusChip, t, useScheduleWords } from './JobScheduleParts';
import { JOB_SCHEDULES, jobScheduleApi, paramText, type JobScheduleRecord } from './jobScheduleRecord';
import { LastChanged } from '../../common/LastChanged';

const f = (key: string) => t(`fields.${key}`);
const a = (key: string) => t(`actions.${key}`);
const n = (key: string) => t(`notifications.${key}`);

function ActionButton({ label, icon, onClick, disabled, testId }: { label: string; icon: ReactElement; onClick: () => void; disabled?: boolean; testId: string }) {
  return (
    <Button label={label} variant="outlined" size="small" onClick={onClick} disabled={disabled} data-testid={testId}>
      {icon}
    </Button>
  );
}

/**
 * The schedule's actions, each its own call: Run once (job_schedules:run; 202 → 'Run started' and
 * the history asks again), Pause or Resume and Delete after a confirmation (job_schedules:update).
 * A refusal ('Job already running') is notified in the console's language. Roles without the
 * permissions see none of them.
 */
export function JobScheduleActions({ record }: { record: JobScheduleRecord }) {
  const dataProvider = useAppDataProvider();
  const api = jobScheduleApi(dataProvider);
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const refused = useServerRefusal({ keepFieldErrors: false, messageOf: refusalKey });
  const { canAccess: canRun = false } = useCanAccess({ resource: JOB_SCHEDULES, action: 'run' });
  const { canAccess: canWrite = false } = useCanAccess({ resource: JOB_SCHEDULES, action: 'edit' });
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!canRun && !canWrite) return null;

  async function act(call: () => Promise<unknown>, success: string, after?: () => void) {
    setPending(true);
    try {
      await call();
      notify(success, { type: 'success' });
      if (after) return after();
      await queryClient.invalidateQueries({ queryKey: runsQueryKey(record.id) });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="job-schedule-actions">
      {canRun ? (
        <ActionButton label={a('run')} icon={<PlayCircleIcon />} disabled={pending} testId="run-job" onClick={() => void act(() => api.run(record.id), n('run_started'))} />
      ) : null}
      {canWrite ? (
        <>
          {record.status === 'PAUSED' ? (
            <ActionButton label={a('resume')} icon={<PlayArrowIcon />} disabled={pending} testId="resume-job" onClick={() => void act(() => api.resume(record.id), n('resumed'))} />
          ) : (
            <ActionButton label={a('pause')} icon={<PauseIcon />} disabled={pending} testId="pause-job" onClick={() => void act(() => api.pause(record.id), n('paused'))} />
          )}
          <ActionButton label={a('delete')} icon={<DeleteIcon />} disabled={pending} testId="delete-job" onClick={() => setConfirming(true)} />
          <Confirm
            isOpen={confirming}
            title={a('delete_title')}
            titleTranslateOptions={{ name: record.jobName }}
            content={a('delete_content')}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void act(
                () => dataProvider.delete(JOB_SCHEDULES, { id: record.id, previousData: record }),
                n('deleted'),
                () => {
                  navigate({ pathname: `/${JOB_SCHEDULES}`, search });
                  refresh();
                },
              );
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The schedule for staff who may read but not change it. */
export function JobScheduleView({ record }: { record: JobScheduleRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const words = useScheduleWords();
  const params = Object.entries(record.params ?? {});
  return (
    <Box data-testid="job-schedule-view">
      <DetailRows>
        <InfoRow label={f('jobName')}>
          <span translate="no">{record.jobName}</span>
        </InfoRow>
        <InfoRow label={f('jobGroup')}>
          <JobGroupLabel group={record.jobGroup} />
        </InfoRow>
        <InfoRow label={f('type')} testId="job-view-type">
          {translate(`enums.JobType.${record.type}`, { _: record.type })}
        </InfoRow>
        <InfoRow label={f('description')}>
          <span translate="no">{record.description}</span>
        </InfoRow>
        <InfoRow label={f('schedule')} testId="job-view-schedule">
          {words(record)}
          {record.cronJob && record.cronExpression ? (
            <Box component="code" translate="no" sx={{ ml: 1, color: 'text.secondary' }}>
              {record.cronExpression}
            </Box>
          ) : null}
        </InfoRow>
        <InfoRow label={f('nextRunAt')}>{formatDateTime(record.nextRunAt, locale)}</InfoRow>
        <InfoRow label={f('params')} testId="job-view-params">
          {params.length
            ? params.map(([key, value]) => (
                <Box key={key} component="span" translate="no" sx={{ display: 'block', fontFamily: 'monospace' }}>
                  {key}: {paramText(value)}
                </Box>
              ))
            : null}
        </InfoRow>
      </DetailRows>
    </Box>
  );
}

/** The state line: status, next run, last run's outcome. */
function JobScheduleState({ record }: { record: JobScheduleRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }} data-testid="job-schedule-state">
      <JobStatusChip status={record.status} testId="job-status" />
      {record.nextRunAt ? (
        <Typography variant="body2" color="text.secondary">
          {translate(f('nextRunAt'))}: {formatDateTime(record.nextRunAt, locale)}
        </Typography>
      ) : null}
      {record.lastRun ? (
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Typography variant="body2" color="text.secondary">
            {translate(f('lastRun'))}:
          </Typography>
          <JobRunOutcomeChip outcome={record.lastRun.outcome} testId="job-last-outcome" />
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * One schedule in the drawer: its state, its actions, and two tabs — the schedule (the form for
 * job_schedules:update, read-only otherwise) and its run history.
 */
export function JobScheduleDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'schedule' | 'runs'>('schedule');
  const { data: record, isPending } = useGetOne<JobScheduleRecord>(JOB_SCHEDULES, { id });
  const { canAccess: canWrite = false, isPending: checking } = useCanAccess({ resource: JOB_SCHEDULES, action: 'edit' });
  // A record that cannot be loaded is the drawer frame's to explain (RecordDrawer).
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={JOB_SCHEDULES}>
      <JobScheduleState record={record} />
      <JobScheduleActions record={record} />
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="schedule" label={translate(t('tabs.schedule'))} data-testid="tab-schedule" />
        <Tab value="runs" label={translate(t('tabs.runs'))} data-testid="tab-runs" />
      </Tabs>
      {tab === 'schedule' ? (
        canWrite ? (
          <JobScheduleEdit key={record.updatedAt} record={record} />
        ) : (
          <>
            <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="job-read-only">
              {translate(t('messages.read_only'))}
            </Alert>
            <JobScheduleView record={record} />
          </>
        )
      ) : (
        <JobRunHistory id={record.id} />
      )}
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

/** The add form, for staff who may change schedules (the server refuses the others anyway). */
function JobScheduleAdd() {
  const translate = useTranslate();
  const { canAccess: canWrite = false, isPending } = useCanAccess({ resource: JOB_SCHEDULES, action: 'edit' });
  if (isPending) return <LinearProgress />;
  if (!canWrite) {
    return (
      <Alert severity="info" variant="outlined" data-testid="job-read-only">
        {translate(t('messages.read_only'))}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={JOB_SCHEDULES}>
      <JobScheduleCreate />
    </ResourceContextProvider>
  );
}

function JobScheduleTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<JobScheduleRecord>(JOB_SCHEDULES, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate(t('messages.new_title'))}</>;
  return <span data-testid="drawer-title">{data?.jobName ?? `#${id}`}</span>;
}

/** The drawer over the list on /job-schedules/:id (`create` included), with 'Copy direct link'. */
export function JobScheduleDrawer() {
  return (
    <RecordDrawer basePath={`/${JOB_SCHEDULES}`} title={(id) => <JobScheduleTitle id={id} />}>
      {(id) => (id === 'create' ? <JobScheduleAdd /> : <JobScheduleDetail key={id} id={id} />)}
    </RecordDrawer>
  );
}
