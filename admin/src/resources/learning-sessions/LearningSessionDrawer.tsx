import { useMemo, useState } from 'react';
import { ResourceDrawer } from '../../common/DrawerParts';
import { DrawerCreateForm, DrawerEditForm } from '../../common/DrawerForms';
import { LastChanged } from '../../common/LastChanged';
import { Alert, Box, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Button,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  required,
  useCanAccess,
  useGetOne,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { DateInput, formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { saveFile } from '../../common/saveFile';
import { TimeInput } from '../../common/TimeInput';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { PublishedChip } from './SessionParts';
import {
  LEARNING_SESSIONS,
  NEW_SESSION,
  learningSessionApi,
  t,
  toForm,
  toPayload,
  validateDuration,
  type LearningSessionForm,
  type LearningSessionRecord,
  type SignUpRecord,
} from './learningSessionRecord';

const f = (key: string) => t(`fields.${key}`);
const cohortText = (cohort: { label?: string; id?: number } | undefined) => cohort?.label ?? String(cohort?.id ?? '');
type CoachChoice = {
  id?: number;
  name?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  personalInfo?: { firstName?: string; lastName?: string };
};
const coachText = (c: CoachChoice | undefined) =>
  c?.name ?? c?.fullName ?? ([c?.personalInfo?.firstName ?? c?.firstName, c?.personalInfo?.lastName ?? c?.lastName].filter(Boolean).join(' ') || c?.email || String(c?.id ?? ''));

/** The form body shared by the add and edit drawers: defaults 10 students and 90 minutes; at most 240 minutes, checked here first. */
export function LearningSessionInputs() {
  const types = useEnumChoices('LearningSessionType');
  const languages = useEnumChoices('Language');
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="title" label={f('title')} validate={required()} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="type" label={f('type')} choices={types} validate={required()} fullWidth data-testid="session-type" />
        <SelectInput source="language" label={f('language')} choices={languages} validate={required()} fullWidth />
        <DateInput source="startDay" label={f('startDay')} validate={required()} fullWidth />
        <TimeInput source="startTime" label={f('startTime')} validate={required()} />
        <NumberInput source="duration" label={f('duration')} validate={[required(), validateDuration]} min={1} max={240} step={5} fullWidth helperText={t('hints.duration')} />
        <NumberInput source="maxStudents" label={f('maxStudents')} validate={required()} min={1} step={1} fullWidth />
      </Box>
      <ReferenceInput source="coachId" reference="coaches" perPage={50}>
        <AutocompleteInput label={f('coachId')} optionText={coachText} fullWidth data-testid="session-coach" />
      </ReferenceInput>
      <ReferenceArrayInput source="cohortIds" reference="cohorts" sort={{ field: 'label', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput label={f('cohortIds')} optionText={cohortText} fullWidth helperText={t('hints.cohorts')} data-testid="session-cohorts" />
      </ReferenceArrayInput>
      <TextInput source="webConferenceUrl" label={f('webConferenceUrl')} type="url" fullWidth />
      <TextInput source="description" label={f('description')} multiline minRows={3} fullWidth />
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(t('hints.auto_publish'))}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <DateInput source="autoPublishDay" label={f('autoPublishDay')} fullWidth />
        <TimeInput source="autoPublishTime" label={f('autoPublishTime')} />
      </Box>
    </Box>
  );
}

const transform = (data: unknown) => toPayload(data as Partial<LearningSessionForm>);

function SessionEdit({ record }: { record: LearningSessionRecord }) {
  const values = useMemo(() => toForm(record), [record]);
  return (
    <DrawerEditForm<LearningSessionRecord> resource={LEARNING_SESSIONS} record={record} values={values} transform={transform} done={t('notifications.saved')}>
      <LearningSessionInputs />
    </DrawerEditForm>
  );
}

/** POST /learning_sessions; on success the drawer moves to the new (unpublished) session. */
export function SessionCreate() {
  return (
    <DrawerCreateForm<LearningSessionRecord> resource={LEARNING_SESSIONS} defaultValues={NEW_SESSION} transform={transform} done={t('notifications.created')}>
      <LearningSessionInputs />
    </DrawerCreateForm>
  );
}

/** The publish refusal in the console's language, from the answer's `details.missing`. */
function usePublishRefusal() {
  const translate = useTranslate();
  return (error: unknown): string | undefined => {
    const missing = (error as { body?: { details?: { missing?: string[] } } })?.body?.details?.missing;
    if (!missing?.length) return undefined;
    return translate(t('messages.publish_missing'), { missing: missing.map((m) => translate(t(`requirements.${m}`))).join(', ') });
  };
}

/** Publish / unpublish, clone and the students' CSV. */
function SessionActions({ record }: { record: LearningSessionRecord }) {
  const dataProvider = useAppDataProvider();
  const api = learningSessionApi(dataProvider);
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { search } = useLocation();
  const messageOf = usePublishRefusal();
  const refused = useServerRefusal({ keepFieldErrors: false, messageOf });
  const { canAccess: canPublish = false } = useCanAccess({ resource: LEARNING_SESSIONS, action: 'publish' });
  const { canAccess: canCreate = false } = useCanAccess({ resource: LEARNING_SESSIONS, action: 'create' });
  const [pending, setPending] = useState(false);
  const act = (work: () => Promise<void>) => async () => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {canPublish ? (
        <Button
          label={t(record.published ? 'actions.unpublish' : 'actions.publish')}
          variant="outlined"
          size="small"
          disabled={pending}
          data-testid={record.published ? 'unpublish-session' : 'publish-session'}
          onClick={act(async () => {
            if (record.published) await api.unpublish(record.id);
            else await api.publish(record.id);
            notify(t(record.published ? 'notifications.unpublished' : 'notifications.published'), { type: 'success' });
            refresh();
          })}
        >
          {record.published ? <UnpublishedIcon /> : <PublishIcon />}
        </Button>
      ) : null}
      {canCreate ? (
        <Button
          label={t('actions.clone')}
          variant="outlined"
          size="small"
          disabled={pending}
          data-testid="clone-session"
          onClick={act(async () => {
            const copy = await api.clone(record.id);
            notify(t('notifications.cloned'), { type: 'success' });
            navigate(`/${LEARNING_SESSIONS}/${copy.id}${search}`);
          })}
        >
          <ContentCopyIcon />
        </Button>
      ) : null}
      <Button
        label={t('actions.students_csv')}
        variant="outlined"
        size="small"
        disabled={pending}
        data-testid="students-csv"
        onClick={act(async () => saveFile(await api.studentsCsv(record.id), `learning-session-${record.id}-students.csv`))}
      >
        <DownloadIcon />
      </Button>
    </>
  );
}

/** One sign-up's attendance: ATTENDED or ABSENT, participation, notes; saved on its own. */
function AttendanceRow({ signUp, canTake }: { signUp: SignUpRecord; canTake: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [status, setStatus] = useState<'ATTENDED' | 'ABSENT' | ''>(signUp.participationStatus === 'PENDING' ? '' : signUp.participationStatus);
  const [participation, setParticipation] = useState(signUp.participation ?? '');
  const [notes, setNotes] = useState(signUp.notes ?? '');
  const [saving, setSaving] = useState(false);
  const name = signUp.student?.fullName ?? `#${signUp.studentId}`;
  return (
    <TableRow data-testid={`sign-up-${signUp.id}`}>
      <TableCell>
        {name}
        <Typography variant="caption" component="div" color="text.secondary">
          {signUp.student?.email}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        {canTake ? (
          <TextField
            select
            size="small"
            fullWidth
            value={status}
            label={translate(f('participationStatus'))}
            onChange={(e) => setStatus(e.target.value as 'ATTENDED' | 'ABSENT')}
            slotProps={{ htmlInput: { 'data-testid': `attendance-status-${signUp.id}` } }}
          >
            <MenuItem value="ATTENDED">{translate('enums.AttendanceStatus.ATTENDED')}</MenuItem>
            <MenuItem value="ABSENT">{translate('enums.AttendanceStatus.ABSENT')}</MenuItem>
          </TextField>
        ) : (
          translate(`enums.AttendanceStatus.${signUp.participationStatus}`)
        )}
      </TableCell>
      <TableCell>
        {canTake ? (
          <TextField size="small" fullWidth value={participation} label={translate(f('participation'))} onChange={(e) => setParticipation(e.target.value)} />
        ) : (
          (signUp.participation ?? '')
        )}
      </TableCell>
      <TableCell>
        {canTake ? <TextField size="small" fullWidth value={notes} label={translate(f('notes'))} onChange={(e) => setNotes(e.target.value)} /> : (signUp.notes ?? '')}
      </TableCell>
      {canTake ? (
        <TableCell>
          <Button
            label={t('actions.save_attendance')}
            size="small"
            disabled={saving || !status}
            data-testid={`save-attendance-${signUp.id}`}
            onClick={async () => {
              setSaving(true);
              try {
                await learningSessionApi(dataProvider).attendance(signUp.id, {
                  participationStatus: status as 'ATTENDED' | 'ABSENT',
                  participation: participation.trim() || null,
                  notes: notes.trim() || null,
                });
                notify(t('notifications.attendance_saved'), { type: 'success' });
                await queryClient.invalidateQueries({ queryKey: ['learning-session-sign-ups', signUp.learningSessionId] });
              } catch (error) {
                refused(error);
              } finally {
                setSaving(false);
              }
            }}
          >
            <SaveIcon />
          </Button>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** The session's sign-ups with their attendance. */
function SignUps({ record }: { record: LearningSessionRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { canAccess: canTake = false } = useCanAccess({ resource: LEARNING_SESSIONS, action: 'edit' });
  const { data, isPending } = useQuery({ queryKey: ['learning-session-sign-ups', record.id], queryFn: () => learningSessionApi(dataProvider).signUps(record.id) });
  if (isPending) return <LinearProgress />;
  const rows = data?.content ?? [];
  return (
    <Box data-testid="session-sign-ups" sx={{ mt: 3 }}>
      <Typography variant="h6" gutterBottom>
        {translate(t('messages.sign_ups'), { count: rows.length, max: record.maxStudents })}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="sign-ups-empty">
          {translate(t('messages.no_sign_ups'))}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(f('student'))}</TableCell>
                <TableCell>{translate(f('participationStatus'))}</TableCell>
                <TableCell>{translate(f('participation'))}</TableCell>
                <TableCell>{translate(f('notes'))}</TableCell>
                {canTake ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <AttendanceRow key={s.id} signUp={s} canTake={canTake} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

export function SessionDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: record, isPending } = useGetOne<LearningSessionRecord>(LEARNING_SESSIONS, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: LEARNING_SESSIONS, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={LEARNING_SESSIONS}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }} data-testid="session-state">
        <PublishedChip published={record.published} testId="session-published" />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(record.startDateTime, locale)} · {translate(t('messages.seats'), { count: record.signUpsCount, max: record.maxStudents })}
        </Typography>
        {!record.published && record.autoPublishDate ? (
          <Typography variant="body2" color="text.secondary" data-testid="session-auto-publish">
            {translate(t('messages.auto_publish_on'), { date: formatDateTime(record.autoPublishDate, locale) })}
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <SessionActions record={record} />
      </Stack>
      {canEdit ? (
        <SessionEdit record={record} />
      ) : (
        <Alert severity="info" variant="outlined">
          {translate(t('messages.read_only'))}
        </Alert>
      )}
      <SignUps record={record} />
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

/** The drawer over the list on /learning-sessions/:id (`create` included), with 'Copy direct link'. */
export function LearningSessionDrawer() {
  return (
    <ResourceDrawer<LearningSessionRecord>
      resource={LEARNING_SESSIONS}
      newTitle={t('messages.new_title')}
      readOnly={t('messages.read_only')}
      label={(record) => record.title}
      create={<SessionCreate />}
      detail={(id) => <SessionDetail key={id} id={id} />}
    />
  );
}
