import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Button,
  CreateBase,
  DeleteButton,
  EditBase,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useCanAccess,
  useGetOne,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { CreateGate, DrawerRecordTitle } from '../../common/DrawerParts';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { InfoRow } from '../../common/InfoSection';
import { RecordDrawer } from '../../common/RecordDrawer';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { StatusChip, VendorChip, t } from './LmsParts';
import { LMS, VENDOR_FIELDS, lmsApi, toLmsPayload, type LmsEnrollment, type LmsPayload, type LmsRecord, type LmsSyncRun, type LmsVendorValue } from './lmsRecord';

const f = (key: string) => t(`fields.${key}`);

/** The chosen vendor's properties; secrets as password inputs that keep the stored value when left masked. */
function VendorInputs() {
  const vendor = useWatch({ name: 'vendor' }) as LmsVendorValue | undefined;
  if (!vendor) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }} data-testid="lms-properties">
      {VENDOR_FIELDS[vendor].map(({ key, required: isRequired, secret }) => (
        <TextInput
          key={`${vendor}-${key}`}
          source={`properties.${key}`}
          label={t(`properties.${key}`)}
          type={secret ? 'password' : 'text'}
          validate={isRequired && !secret ? required() : undefined}
          helperText={secret ? t('hints.secret') : key === 'redirectUri' && vendor === 'D2L' ? t('hints.redirect_uri') : false}
          autoComplete="off"
          fullWidth
        />
      ))}
    </Box>
  );
}

function LmsInputs({ editing }: { editing: boolean }) {
  const vendors = useEnumChoices('LmsVendor');
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput source="name" label={f('name')} validate={required()} fullWidth />
        <SelectInput source="vendor" label={f('vendor')} choices={vendors} validate={required()} disabled={editing} fullWidth data-testid="lms-vendor" />
      </Box>
      <VendorInputs />
    </Box>
  );
}

function EditToolbar() {
  const { canAccess: canDelete = false } = useCanAccess({ resource: LMS, action: 'delete' });
  return (
    <Toolbar sx={{ px: 0, justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete ? <DeleteButton mutationMode="pessimistic" redirect={`/${LMS}`} /> : null}
    </Toolbar>
  );
}

const createToolbar = (
  <Box sx={{ mt: 1 }}>
    <SaveButton />
  </Box>
);

const formValues = (record: LmsRecord) => ({ id: record.id, vendor: record.vendor, name: record.name, properties: { ...record.properties } });

function LmsEdit({ record }: { record: LmsRecord }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  const values = useMemo(() => formValues(record), [record]);
  return (
    <EditBase<LmsRecord>
      resource={LMS}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      // The vendor never changes (its select is disabled, so the form leaves it out): the record's.
      transform={(data) => toLmsPayload({ ...(data as unknown as LmsPayload), vendor: record.vendor }) as unknown as LmsRecord}
      mutationOptions={{
        onSuccess: (saved: LmsRecord) =>
          notify(t(saved.status === 'CONNECTED' ? 'notifications.saved_connected' : 'notifications.saved'), { type: saved.status === 'CONNECTED' ? 'success' : 'warning' }),
        onError,
      }}
    >
      <SimpleForm record={values} noValidate sx={{ p: 0 }} toolbar={<EditToolbar />}>
        <LmsInputs editing />
      </SimpleForm>
    </EditBase>
  );
}

function LmsCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal();
  return (
    <CreateBase<LmsRecord>
      resource={LMS}
      redirect={false}
      transform={(data) => toLmsPayload(data as unknown as LmsPayload) as unknown as LmsRecord}
      mutationOptions={{
        onSuccess: (created: LmsRecord) => {
          notify(t('notifications.created'), { type: 'success' });
          navigate(`/${LMS}/${created.id}${search}`);
        },
        onError,
      }}
    >
      <SimpleForm defaultValues={{ vendor: 'D2L', name: '', properties: {} }} noValidate sx={{ p: 0 }} toolbar={createToolbar}>
        <LmsInputs editing={false} />
      </SimpleForm>
    </CreateBase>
  );
}

/** Test connection (lms:update): POST /lms_connection/{id}/test; the answer's status and reason are shown. */
function TestButton({ record }: { record: LmsRecord }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: LMS, action: 'edit' });
  const [pending, setPending] = useState(false);
  if (!canAccess) return null;
  return (
    <Button
      label={t('actions.test')}
      variant="outlined"
      size="small"
      disabled={pending}
      data-testid="lms-test"
      onClick={async () => {
        setPending(true);
        try {
          const after = await lmsApi(dataProvider).test(record.id);
          notify(t(after.status === 'CONNECTED' ? 'notifications.test_ok' : 'notifications.test_failed'), { type: after.status === 'CONNECTED' ? 'success' : 'warning' });
          refresh();
        } catch (error) {
          refused(error);
        } finally {
          setPending(false);
        }
      }}
    >
      <NetworkCheckIcon />
    </Button>
  );
}

function CountChips({ run }: { run: Pick<LmsSyncRun, 'created' | 'updated' | 'unchanged' | 'failed'> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      <Chip size="small" color={run.created ? 'success' : 'default'} label={`${translate(t('runs.created'))}: ${run.created}`} />
      <Chip size="small" color={run.updated ? 'info' : 'default'} label={`${translate(t('runs.updated'))}: ${run.updated}`} />
      <Chip size="small" label={`${translate(t('runs.unchanged'))}: ${run.unchanged}`} />
      <Chip size="small" color={run.failed ? 'error' : 'default'} label={`${translate(t('runs.failed'))}: ${run.failed}`} />
    </Stack>
  );
}

/** The last runs through the connection: kind, target, dry run, counts, outcome, who and when. */
function SyncRuns({ record }: { record: LmsRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const [runs, setRuns] = useState<LmsSyncRun[] | null>(null);
  const load = useCallback(async () => setRuns((await lmsApi(dataProvider).syncRuns(record.id)).content), [dataProvider, record.id]);
  useEffect(() => {
    load().catch(() => setRuns([]));
  }, [load]);
  if (!runs) return <LinearProgress />;
  if (!runs.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(t('runs.none'))}
      </Typography>
    );
  return (
    <Table size="small" data-testid="lms-sync-runs">
      <TableHead>
        <TableRow>
          <TableCell>{translate(t('runs.kind'))}</TableCell>
          <TableCell>{translate(t('runs.counts'))}</TableCell>
          <TableCell>{translate(t('runs.outcome'))}</TableCell>
          <TableCell>{translate(t('runs.when'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id} data-testid={`lms-run-${run.id}`}>
            <TableCell>
              {translate(`enums.LmsSyncKind.${run.kind}`, { _: run.kind })}
              {run.programId ? ` · ${translate(t('runs.program'), { id: run.programId })}` : ''}
              {run.cohortId ? ` · ${translate(t('runs.cohort'), { id: run.cohortId })}` : ''}
              {run.dryRun ? <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate(t('runs.dry_run'))} /> : null}
            </TableCell>
            <TableCell>
              <CountChips run={run} />
            </TableCell>
            <TableCell>
              {translate(`enums.LmsSyncStatus.${run.status}`, { _: run.status })}
              {run.error ? (
                <Typography variant="caption" color="error" component="div">
                  {run.error}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              {formatDateTime(run.startedAt, locale)}
              <Typography variant="caption" color="text.secondary" component="div">
                {run.requestedBy}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The students' enrollments in this LMS that did not go through, with Retry (lms:update). */
function FailedEnrollments({ record }: { record: LmsRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canRetry = false } = useCanAccess({ resource: LMS, action: 'edit' });
  const [rows, setRows] = useState<LmsEnrollment[] | null>(null);
  const load = useCallback(async () => setRows((await lmsApi(dataProvider).enrollments(record.id, 'FAILED')).content), [dataProvider, record.id]);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);
  if (!rows) return <LinearProgress />;
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(t('enrollments.none_failed'))}
      </Typography>
    );
  return (
    <Table size="small" data-testid="lms-failed-enrollments">
      <TableHead>
        <TableRow>
          <TableCell>{translate(t('enrollments.student'))}</TableCell>
          <TableCell>{translate(t('enrollments.action'))}</TableCell>
          <TableCell>{translate(t('enrollments.error'))}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              {row.studentName ?? `#${row.studentId}`}
              <Typography variant="caption" color="text.secondary" component="div">
                {row.cohortLabel ?? `#${row.cohortId}`}
              </Typography>
            </TableCell>
            <TableCell>{translate(`enums.LmsEnrollmentAction.${row.action}`, { _: row.action })}</TableCell>
            <TableCell>
              {row.lastError}
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(t('enrollments.attempts'), { smart_count: row.attempts })}
                {row.lastAttemptAt ? ` · ${formatDateTime(row.lastAttemptAt, locale)}` : ''}
              </Typography>
            </TableCell>
            <TableCell>
              {canRetry ? (
                <Button
                  label={t('actions.retry')}
                  size="small"
                  data-testid={`lms-retry-${row.id}`}
                  onClick={async () => {
                    try {
                      const after = await lmsApi(dataProvider).retry(record.id, row.id);
                      notify(t(after.status === 'DONE' ? 'notifications.retried' : 'notifications.retry_failed'), { type: after.status === 'DONE' ? 'success' : 'warning' });
                      await load();
                    } catch (error) {
                      refused(error);
                    }
                  }}
                >
                  <ReplayIcon />
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function LmsDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: record, isPending } = useGetOne<LmsRecord>(LMS, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: LMS, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={LMS}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }} data-testid="lms-state">
        <VendorChip vendor={record.vendor} />
        <StatusChip status={record.status} testId="lms-status" />
        <Box sx={{ flex: 1 }} />
        {record.vendor === 'D2L' && record.authorizeUrl && canEdit ? (
          <Button label={t('actions.authorize')} variant="outlined" size="small" href={record.authorizeUrl} data-testid="lms-authorize">
            <LinkIcon />
          </Button>
        ) : null}
        <TestButton record={record} />
      </Stack>
      {record.status === 'AUTHORIZATION_REQUIRED' ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="lms-authorize-hint">
          {translate(t('hints.authorize'))}
        </Alert>
      ) : null}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}>
        {record.statusMessage ? <InfoRow label={f('statusMessage')}>{record.statusMessage}</InfoRow> : null}
        <InfoRow label={f('checkedAt')}>{record.checkedAt ? formatDateTime(record.checkedAt, locale) : translate(t('messages.never'))}</InfoRow>
        {record.expiresAt ? <InfoRow label={f('expiresAt')}>{formatDateTime(record.expiresAt, locale)}</InfoRow> : null}
      </Box>
      {canEdit ? (
        <LmsEdit record={record} />
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }} data-testid="lms-view">
          {Object.entries(record.properties).map(([key, value]) => (
            <InfoRow key={key} label={t(`properties.${key}`)}>
              {value ?? ''}
            </InfoRow>
          ))}
        </Box>
      )}
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {translate(t('runs.title'))}
      </Typography>
      <SyncRuns record={record} />
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {translate(t('enrollments.title'))}
      </Typography>
      <FailedEnrollments record={record} />
    </ResourceContextProvider>
  );
}

function LmsAdd() {
  return (
    <CreateGate resource={LMS} readOnly={t('messages.read_only')}>
      <LmsCreate />
    </CreateGate>
  );
}

function LmsTitle({ id }: { id: string }) {
  return <DrawerRecordTitle<LmsRecord> resource={LMS} id={id} newTitle={t('messages.new_title')} label={(record) => record.name} />;
}

/** The drawer over the list on /lms/:id (`create` included). */
export function LmsDrawer() {
  return (
    <RecordDrawer basePath={`/${LMS}`} title={(id) => <LmsTitle id={id} />}>
      {(id) => (id === 'create' ? <LmsAdd /> : <LmsDetail key={id} id={id} />)}
    </RecordDrawer>
  );
}
