import { useMemo, useState } from 'react';
import { ResourceDrawer } from '../../common/DrawerParts';
import { DrawerCreateForm, DrawerEditForm } from '../../common/DrawerForms';
import { Alert, Autocomplete, Box, Divider, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Button,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  minValue,
  required,
  useCanAccess,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_ZONE, localParts, parseZone } from '../../../../domain/rules/coaching-circles';
import { DateInput, formatDate, instantOrDay, schoolDay } from '../../common/dates';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { LastChanged } from '../../common/LastChanged';
import { TimeInput, formatTime } from '../../common/TimeInput';
import { useServerRefusal } from '../../common/useServerRefusal';
import type { HttpError } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useCoachChoices, useCohortChoices, useTypeChoices } from './circleFilters';
import { CIRCLES, NEW_CIRCLE, circleApi, circleFormOf, toCirclePayload, type CircleDetailRecord, type CircleForm, type CircleGroup } from './circleRecord';
import { PublishedChip, startText } from './circleParts';

const t = (key: string) => `resources.${CIRCLES}.${key}`;
const f = (key: string) => t(`fields.${key}`);
const SCHOOL_ZONE = parseZone(DEFAULT_ZONE)!;

/** IANA zones the browser knows (the school's first), for the time zone picker. */
function zoneChoices(): Array<{ id: string; name: string }> {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'];
  return [DEFAULT_ZONE, ...zones.filter((z) => z !== DEFAULT_ZONE)].map((z) => ({ id: z, name: z }));
}

/** The form body of the add and edit drawers (an unpublished circle). */
export function CircleInputs({ currentTypeId }: { currentTypeId?: number }) {
  const translate = useTranslate();
  const types = useTypeChoices({ withArchived: currentTypeId !== undefined });
  const cohorts = useCohortChoices();
  const zones = useMemo(zoneChoices, []);
  const fromCohort = useWatch({ name: 'openCloseDatesFromCohortConfig' });
  const typeChoices = types.filter((type) => !type.deleted || type.id === currentTypeId);
  return (
    <Box sx={{ width: '100%' }}>
      <SelectInput source="typeId" label={f('type')} choices={typeChoices} validate={required()} fullWidth data-testid="circle-type" />
      <AutocompleteInput source="cohortId" label={f('cohort')} choices={cohorts} validate={required()} fullWidth />
      <TextInput source="name" label={f('name')} helperText={t('hints.name')} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>
        <DateInput source="startDate" label={f('startDate')} validate={required()} fullWidth />
        <TimeInput source="startTime" label={f('startTime')} validate={required()} />
        <AutocompleteInput source="timeZone" label={f('timeZone')} choices={zones} validate={required()} fullWidth />
        <NumberInput source="maxStudents" label={f('maxStudents')} validate={minValue(1)} min={1} step={1} helperText={t('hints.maxStudents')} fullWidth />
      </Box>
      <BooleanInput source="openCloseDatesFromCohortConfig" label={f('openCloseDatesFromCohortConfig')} helperText={false} />
      {fromCohort ? null : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <DateInput source="openDate" label={f('openDate')} fullWidth />
          <DateInput source="closeDate" label={f('closeDate')} fullWidth />
        </Box>
      )}
      <BooleanInput source="skipSessionsFromCohortConfig" label={f('skipSessionsFromCohortConfig')} helperText={false} />
      <AutocompleteArrayInput source="scopeCohortIds" label={f('scopeCohortIds')} choices={cohorts} helperText={t('hints.scope')} fullWidth />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate(t('hints.type'))}
      </Typography>
    </Box>
  );
}

/** POST /coaching_circles; on success the drawer moves to the new circle. */
function CircleCreate() {
  return (
    <DrawerCreateForm<CircleDetailRecord> resource={CIRCLES} defaultValues={NEW_CIRCLE} transform={(data) => toCirclePayload(data as CircleForm)} done={t('notifications.created')}>
      <CircleInputs />
    </DrawerCreateForm>
  );
}

/** PUT /coaching_circles/{id} (an unpublished circle). */
function CircleEdit({ record }: { record: CircleDetailRecord }) {
  const values = useMemo(() => circleFormOf(record), [record]);
  return (
    <DrawerEditForm<CircleDetailRecord>
      resource={CIRCLES}
      record={record}
      values={values}
      transform={(data) => toCirclePayload(data as CircleForm, record)}
      done={t('notifications.saved')}
    >
      <CircleInputs currentTypeId={record.typeId} />
    </DrawerEditForm>
  );
}

/** A published circle: everything read-only but its sign-up window (PATCH …/open_close_date). */
function CircleReadOnly({ record, canEdit }: { record: CircleDetailRecord; canEdit: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerRefusal();
  const yesNo = (v: boolean) => translate(v ? 'app.yes' : 'app.no');
  const windowValues = useMemo(() => ({ openDate: schoolDay(record.openDate), closeDate: schoolDay(record.closeDate) }), [record]);
  return (
    <Box data-testid="circle-read-only">
      {record.published ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate(t('messages.published_lock'))}
        </Alert>
      ) : null}
      <InfoSection title={t('sections.details')}>
        <InfoRow label={f('type')}>{record.type?.name}</InfoRow>
        <InfoRow label={f('cohort')}>{record.cohort?.label}</InfoRow>
        <InfoRow label={f('name')}>{record.name}</InfoRow>
        <InfoRow label={f('start')}>{startText(record)}</InfoRow>
        <InfoRow label={f('timeZone')}>{record.timeZone}</InfoRow>
        <InfoRow label={f('schedule')}>
          {translate(t('schedule'), {
            sessions: record.sessions,
            every: translate(`app.every.${record.frequencyUnit}`, { smart_count: record.frequency }),
            duration: record.duration,
          })}
        </InfoRow>
        <InfoRow label={f('maxStudents')}>{record.maxStudents}</InfoRow>
        <InfoRow label={f('skipSessionsFromCohortConfig')}>{yesNo(record.skipSessionsFromCohortConfig)}</InfoRow>
        <InfoRow label={f('openCloseDatesFromCohortConfig')}>{yesNo(record.openCloseDatesFromCohortConfig)}</InfoRow>
        <InfoRow label={f('signUps')}>{record.signUpsCount}</InfoRow>
      </InfoSection>
      {canEdit ? (
        <SimpleForm
          record={windowValues}
          noValidate
          sx={{ p: 0 }}
          toolbar={
            <Box sx={{ mt: 1 }}>
              <SaveButton label={t('actions.save_window')} />
            </Box>
          }
          onSubmit={async (data: Record<string, unknown>) => {
            try {
              await circleApi(dataProvider).openClose(record.id, {
                openDate: instantOrDay(data.openDate, record.openDate),
                closeDate: instantOrDay(data.closeDate, record.closeDate),
              });
              notify(t('notifications.window_saved'), { type: 'success' });
              refresh();
            } catch (error) {
              onError(error);
              return (error as HttpError)?.body?.errors;
            }
          }}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }} data-testid="circle-window">
            <DateInput source="openDate" label={f('openDate')} fullWidth />
            <DateInput source="closeDate" label={f('closeDate')} fullWidth />
          </Box>
        </SimpleForm>
      ) : (
        <InfoSection title={t('sections.window')}>
          <InfoRow label={f('openDate')}>{formatDate(schoolDay(record.openDate))}</InfoRow>
          <InfoRow label={f('closeDate')}>{formatDate(schoolDay(record.closeDate))}</InfoRow>
        </InfoSection>
      )}
    </Box>
  );
}

/** What the circle lacks to be published, each in words (the GET answer's `missingForPublish`, or a refusal's `details.missing`). */
function MissingList({ missing, testId }: { missing: readonly string[]; testId: string }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid={testId}>
      {missing.map((m) => (
        <li key={m}>{translate(`enums.CirclePublishRequirement.${m}`, { _: m })}</li>
      ))}
    </Box>
  );
}

/** Publish (coaching_circles:publish) with its preconditions shown before the click; unpublish. A refusal is shown with what is missing. */
function CirclePublish({ record }: { record: CircleDetailRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess = false } = useCanAccess({ resource: CIRCLES, action: 'publish' });
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; missing: string[] } | null>(null);
  const publish = !record.published;
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <PublishedChip published={record.published} />
        <Box sx={{ flex: 1 }} />
        {canAccess ? (
          <Button
            label={t(publish ? 'actions.publish' : 'actions.unpublish')}
            variant={publish ? 'contained' : 'outlined'}
            size="small"
            disabled={pending}
            data-testid={publish ? 'publish-circle' : 'unpublish-circle'}
            onClick={async () => {
              setPending(true);
              setRefusal(null);
              try {
                await circleApi(dataProvider).publish(record.id, publish);
                notify(t(publish ? 'notifications.published' : 'notifications.unpublished'), { type: 'success' });
                refresh();
              } catch (error) {
                const body = (error as HttpError)?.body;
                const missing = (body?.details as { missing?: string[] } | undefined)?.missing ?? [];
                const message = body?.message ?? (error as Error)?.message ?? 'ra.notification.http_error';
                setRefusal({ message, missing });
              } finally {
                setPending(false);
              }
            }}
          >
            {publish ? <PublishIcon /> : <UnpublishedIcon />}
          </Button>
        ) : null}
      </Stack>
      {publish && record.missingForPublish.length ? (
        <Alert severity="warning" variant="outlined" sx={{ mt: 1 }} data-testid="circle-missing">
          {translate(t('messages.missing'))}
          <MissingList missing={record.missingForPublish} testId="circle-missing-list" />
        </Alert>
      ) : null}
      {refusal ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="publish-refusal" onClose={() => setRefusal(null)}>
          {translate(refusal.message, { _: refusal.message })}
          {refusal.missing.length ? <MissingList missing={refusal.missing} testId="publish-refusal-missing" /> : null}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The generated sessions, in the school's zone; Generate / Regenerate for an unpublished circle. */
function CircleSessions({ record, canEdit }: { record: CircleDetailRecord; canEdit: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  const regenerate = record.circleSessions.length > 0;
  return (
    <Box sx={{ mb: 2 }} data-testid="circle-sessions">
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(t('sections.sessions'), { count: record.circleSessions.length })}
        </Typography>
        {canEdit && !record.published ? (
          <Button
            label={t(regenerate ? 'actions.regenerate' : 'actions.generate')}
            variant="outlined"
            size="small"
            disabled={pending}
            data-testid="generate-sessions"
            onClick={async () => {
              setPending(true);
              try {
                await circleApi(dataProvider).generate(record.id);
                notify(t('notifications.generated'), { type: 'success' });
                refresh();
              } catch (error) {
                refused(error);
              } finally {
                setPending(false);
              }
            }}
          >
            <EventRepeatIcon />
          </Button>
        ) : null}
      </Stack>
      {record.circleSessions.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(f('sessionNumber'))}</TableCell>
              <TableCell>{translate(f('sessionDate'))}</TableCell>
              <TableCell>{translate(f('sessionTime'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.circleSessions.map((s) => {
              const start = localParts(s.startDateTime, SCHOOL_ZONE);
              const end = localParts(s.endDateTime, SCHOOL_ZONE);
              return (
                <TableRow key={s.id} data-testid={`circle-session-${s.sessionNumber}`}>
                  <TableCell>{s.sessionNumber}</TableCell>
                  <TableCell>{formatDate(start.date)}</TableCell>
                  <TableCell>{`${formatTime(start.time)} – ${formatTime(end.time)}`}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(t('messages.no_sessions'))}
        </Typography>
      )}
    </Box>
  );
}

/** One coach's group: URL and max students (PUT …/coaches/{id}), removal (DELETE: 'Cannot delete coach' while it has sign-ups). */
function CoachGroupRow({ record, group, editable }: { record: CircleDetailRecord; group: CircleGroup; editable: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [url, setUrl] = useState(group.webConferenceUrl ?? '');
  const [max, setMax] = useState(String(group.maxStudents));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const api = circleApi(dataProvider);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setPending(true);
    setErrors({});
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      const fieldErrors = (error as HttpError)?.body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else refused(error);
    } finally {
      setPending(false);
    }
  };
  const name = group.coach?.fullName ?? `#${group.coachId}`;
  return (
    <TableRow data-testid={`circle-coach-${group.id}`}>
      <TableCell>
        <Typography variant="body2">{name}</Typography>
        {group.coach?.email ? (
          <Typography variant="caption" color="text.secondary">
            {group.coach.email}
          </Typography>
        ) : null}
      </TableCell>
      {editable ? (
        <>
          <TableCell>
            <TextField
              size="small"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              label={translate(f('webConferenceUrl'))}
              error={Boolean(errors.webConferenceUrl)}
              helperText={errors.webConferenceUrl ? translate(errors.webConferenceUrl, { _: errors.webConferenceUrl }) : undefined}
              fullWidth
            />
          </TableCell>
          <TableCell sx={{ width: 110 }}>
            <TextField
              size="small"
              type="number"
              value={max}
              onChange={(e) => setMax(e.target.value)}
              label={translate(f('maxStudents'))}
              error={Boolean(errors.maxStudents)}
              helperText={errors.maxStudents ? translate(errors.maxStudents, { _: errors.maxStudents }) : undefined}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Button
              label={t('actions.save_coach')}
              size="small"
              disabled={pending}
              data-testid={`save-coach-${group.id}`}
              onClick={() => run(() => api.updateCoach(record.id, group.id, { webConferenceUrl: url.trim() || null, maxStudents: Number(max) }), t('notifications.coach_saved'))}
            >
              <SaveIcon />
            </Button>
            <Button
              label={t('actions.remove_coach')}
              size="small"
              color="error"
              disabled={pending}
              data-testid={`remove-coach-${group.id}`}
              onClick={() => run(() => api.removeCoach(record.id, group.id), t('notifications.coach_removed'))}
            >
              <DeleteIcon />
            </Button>
          </TableCell>
        </>
      ) : (
        <>
          <TableCell sx={{ wordBreak: 'break-all' }}>{group.webConferenceUrl ?? '—'}</TableCell>
          <TableCell>{group.maxStudents}</TableCell>
          <TableCell />
        </>
      )}
    </TableRow>
  );
}

/** Adds a coach's group (POST …/coaches): the coach from GET /coaches?fields=id,name; URL (default the coach's) and max students (default the circle's). */
function AddCoach({ record }: { record: CircleDetailRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const coaches = useCoachChoices();
  const taken = new Set(record.coaches.map((c) => c.coachId));
  const options = coaches.filter((c) => !taken.has(Number(c.id)));
  const [coach, setCoach] = useState<{ id: number | string; name: string } | null>(null);
  const [url, setUrl] = useState('');
  const [max, setMax] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} sx={{ mt: 1 }} data-testid="add-coach">
      <Autocomplete
        options={options}
        value={coach}
        onChange={(_, value) => setCoach(value)}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        sx={{ minWidth: 220, flex: 1 }}
        renderInput={(params) => <TextField {...params} size="small" label={translate(f('coach'))} error={Boolean(errors.coachId)} helperText={errors.coachId} />}
      />
      <TextField
        size="small"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        label={translate(f('webConferenceUrl'))}
        placeholder={translate(t('hints.coach_url'))}
        error={Boolean(errors.webConferenceUrl)}
        helperText={errors.webConferenceUrl ? translate(errors.webConferenceUrl, { _: errors.webConferenceUrl }) : undefined}
        sx={{ flex: 1 }}
      />
      <TextField
        size="small"
        type="number"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        label={translate(f('maxStudents'))}
        placeholder={String(record.maxStudents)}
        error={Boolean(errors.maxStudents)}
        helperText={errors.maxStudents ? translate(errors.maxStudents, { _: errors.maxStudents }) : undefined}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <Button
        label={t('actions.add_coach')}
        variant="outlined"
        disabled={pending || !coach}
        data-testid="add-coach-button"
        onClick={async () => {
          if (!coach) return;
          setPending(true);
          setErrors({});
          try {
            await circleApi(dataProvider).addCoach(record.id, {
              coachId: Number(coach.id),
              ...(url.trim() ? { webConferenceUrl: url.trim() } : {}),
              ...(max.trim() ? { maxStudents: Number(max) } : {}),
            });
            notify(t('notifications.coach_added'), { type: 'success' });
            setCoach(null);
            setUrl('');
            setMax('');
            refresh();
          } catch (error) {
            const fieldErrors = (error as HttpError)?.body?.errors;
            if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
            else refused(error);
          } finally {
            setPending(false);
          }
        }}
      >
        <AddIcon />
      </Button>
    </Stack>
  );
}

function CircleCoaches({ record, canEdit }: { record: CircleDetailRecord; canEdit: boolean }) {
  const translate = useTranslate();
  const editable = canEdit && !record.published;
  return (
    <Box sx={{ mb: 2 }} data-testid="circle-coaches">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('sections.coaches'), { count: record.coaches.length })}
      </Typography>
      {record.coaches.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(f('coach'))}</TableCell>
              <TableCell>{translate(f('webConferenceUrl'))}</TableCell>
              <TableCell>{translate(f('maxStudents'))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {record.coaches.map((group) => (
              <CoachGroupRow key={`${group.id}-${group.webConferenceUrl}-${group.maxStudents}`} record={record} group={group} editable={editable} />
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(t('messages.no_coaches'))}
        </Typography>
      )}
      {editable ? <AddCoach record={record} /> : null}
    </Box>
  );
}

/** A circle: publish state and preconditions, its details (form while unpublished), sessions, coaches. */
export function CircleDetail({ id }: { id: string }) {
  const { data: record, isPending } = useGetOne<CircleDetailRecord>(CIRCLES, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: CIRCLES, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={CIRCLES}>
      <CirclePublish record={record} />
      {canEdit && !record.published ? <CircleEdit record={record} /> : <CircleReadOnly record={record} canEdit={canEdit} />}
      <Divider sx={{ my: 2 }} />
      <CircleSessions record={record} canEdit={canEdit} />
      <Divider sx={{ my: 2 }} />
      <CircleCoaches record={record} canEdit={canEdit} />
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

/** The drawer over the list and the calendar on /coaching-circles/:id (`create` included). */
export function CircleDrawer() {
  return (
    <ResourceDrawer<CircleDetailRecord>
      resource={CIRCLES}
      newTitle={t('messages.new_title')}
      readOnly={t('messages.read_only')}
      label={(record) => `${record.name ?? record.type?.name ?? ''} · ${record.cohort?.label ?? ''}`}
      create={<CircleCreate />}
      detail={(id) => <CircleDetail key={id} id={id} />}
    />
  );
}
