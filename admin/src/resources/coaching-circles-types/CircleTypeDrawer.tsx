import { useMemo, useState } from 'react';
import { ResourceDrawer } from '../../common/DrawerParts';
import { DrawerCreateForm, DrawerEditForm } from '../../common/DrawerForms';
import { capitalized } from './circleTypeRecord';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  Button,
  NumberInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  maxValue,
  minValue,
  required,
  useCanAccess,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useEnumChoices } from '../../common/enums';
import { InfoRow } from '../../common/InfoSection';
import { LastChanged } from '../../common/LastChanged';
import { useServerRefusal } from '../../common/useServerRefusal';
import { apiPath } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { CIRCLE_TYPES, MAX_DURATION, NEW_CIRCLE_TYPE, toCircleTypePayload, type CircleTypePayload, type CircleTypeRecord } from './circleTypeRecord';

export const t = (key: string) => `resources.${CIRCLE_TYPES}.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** The form body shared by the add and edit drawers. */
export function CircleTypeInputs() {
  const units = useEnumChoices('FrequencyUnit');
  const whole = [required(), minValue(1)];
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="name" label={f('name')} validate={required()} fullWidth />
      <TextInput source="description" label={f('description')} multiline minRows={2} fullWidth />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <NumberInput source="sessions" label={f('sessions')} validate={whole} min={1} step={1} helperText={t('hints.sessions')} fullWidth />
        <NumberInput source="maxStudents" label={f('maxStudents')} validate={whole} min={1} step={1} fullWidth />
        <NumberInput source="frequency" label={f('frequency')} validate={whole} min={1} step={1} fullWidth />
        <SelectInput source="frequencyUnit" label={f('frequencyUnit')} choices={units} validate={required()} fullWidth data-testid="circle-type-unit" />
        <NumberInput
          source="duration"
          label={f('duration')}
          validate={[...whole, maxValue(MAX_DURATION)]}
          min={1}
          max={MAX_DURATION}
          step={5}
          helperText={t('hints.duration')}
          fullWidth
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        <TranslatedText k={t('hints.copied')} />
      </Typography>
    </Box>
  );
}

function TranslatedText({ k }: { k: string }) {
  const translate = useTranslate();
  return <>{translate(k)}</>;
}

const transform = (data: unknown) => toCircleTypePayload(data as Partial<CircleTypePayload>);

export function CircleTypeEdit({ record }: { record: CircleTypeRecord }) {
  const values = useMemo(() => ({ id: record.id, ...toCircleTypePayload(record), description: record.description ?? '' }), [record]);
  return (
    <DrawerEditForm<CircleTypeRecord> resource={CIRCLE_TYPES} record={record} values={values} transform={transform} done={t('notifications.saved')}>
      <CircleTypeInputs />
    </DrawerEditForm>
  );
}

/** POST /coaching_circle_types; on success the drawer moves to the new type. */
export function CircleTypeCreate() {
  return (
    <DrawerCreateForm<CircleTypeRecord> resource={CIRCLE_TYPES} defaultValues={NEW_CIRCLE_TYPE} transform={transform} done={t('notifications.created')}>
      <CircleTypeInputs />
    </DrawerCreateForm>
  );
}

/** Archive (DELETE, coaching_circles:delete) or restore (PATCH …/undeleted, coaching_circles:update). */
export function CircleTypeArchiveButton({ record }: { record: CircleTypeRecord }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const archive = !record.deleted;
  const { canAccess = false } = useCanAccess({ resource: CIRCLE_TYPES, action: archive ? 'delete' : 'edit' });
  const [pending, setPending] = useState(false);
  if (!canAccess) return null;
  const path = `/${apiPath(CIRCLE_TYPES)}/${encodeURIComponent(String(record.id))}`;
  return (
    <Button
      label={t(archive ? 'actions.archive' : 'actions.restore')}
      variant="outlined"
      size="small"
      disabled={pending}
      data-testid={archive ? 'archive-circle-type' : 'restore-circle-type'}
      onClick={async () => {
        setPending(true);
        try {
          await dataProvider.request(archive ? { method: 'DELETE', path } : { method: 'PATCH', path: `${path}/undeleted` });
          notify(t(archive ? 'notifications.archived' : 'notifications.restored'), { type: 'success' });
          refresh();
        } catch (error) {
          refused(error);
        } finally {
          setPending(false);
        }
      }}
    >
      {archive ? <ArchiveIcon /> : <UnarchiveIcon />}
    </Button>
  );
}

/** The type for staff who may read but not change it. */
function CircleTypeView({ record }: { record: CircleTypeRecord }) {
  const translate = useTranslate();
  return (
    <Box data-testid="circle-type-view">
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {translate(t('messages.read_only'))}
      </Alert>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        <InfoRow label={f('name')}>{record.name}</InfoRow>
        {record.description ? <InfoRow label={f('description')}>{record.description}</InfoRow> : null}
        <InfoRow label={f('sessions')}>{record.sessions}</InfoRow>
        <InfoRow label={f('schedule')}>
          {capitalized(
            translate(t('schedule'), {
              every: translate(`app.every.${record.frequencyUnit}`, { smart_count: record.frequency }),
              duration: record.duration,
            }),
          )}
        </InfoRow>
        <InfoRow label={f('maxStudents')}>{record.maxStudents}</InfoRow>
      </Box>
    </Box>
  );
}

export function CircleTypeDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const { data: record, isPending } = useGetOne<CircleTypeRecord>(CIRCLE_TYPES, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: CIRCLE_TYPES, action: 'edit' });
  if (isPending || checking || !record) return <LinearProgress />;
  return (
    <ResourceContextProvider value={CIRCLE_TYPES}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <Box sx={{ flex: 1 }} />
        <CircleTypeArchiveButton record={record} />
      </Stack>
      {record.deleted ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="circle-type-archived">
          {translate(t('messages.archived'))}
        </Alert>
      ) : null}
      {canEdit ? <CircleTypeEdit record={record} /> : <CircleTypeView record={record} />}
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

/** The drawer over the list on /coaching-circles-types/:id (`create` included), with 'Copy direct link'. */
export function CircleTypeDrawer() {
  return (
    <ResourceDrawer<CircleTypeRecord>
      resource={CIRCLE_TYPES}
      newTitle={t('messages.new_title')}
      readOnly={t('messages.read_only')}
      label={(record) => record.name}
      create={<CircleTypeCreate />}
      detail={(id) => <CircleTypeDetail key={id} id={id} />}
    />
  );
}
