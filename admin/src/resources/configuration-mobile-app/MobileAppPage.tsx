import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput,
  BooleanInput,
  Button,
  Confirm,
  CreateBase,
  DataTable,
  EditBase,
  ListBase,
  Pagination,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  required,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { DateInput, formatDate } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { DrawerFrame } from '../../common/RecordDrawer';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import {
  APP_VERSIONS,
  MOBILE_APP,
  mobileApi,
  toAppVersionPayload,
  toConfigurationForm,
  toConfigurationPayload,
  type AppVersionPayload,
  type AppVersionRecord,
  type ConfigurationForm,
} from './mobileRecord';
import { LastChanged } from '../../common/LastChanged';

const t = (key: string) => `resources.configuration-mobile-app.${key}`;
const s = (key: string) => t(`settings.${key}`);
const v = (key: string) => t(`versions.${key}`);

export const configurationQueryKey = ['configuration_mobile_app'];

/** The settings: GET, then POST the whole form (mobile_app:update); read-only for the others. */
function MobileSettings() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = mobileApi(dataProvider);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refused = useServerRefusal();
  const { canAccess: canWrite = false } = useCanAccess({ resource: MOBILE_APP, action: 'update' });
  const { data, isPending, error } = useQuery({ queryKey: configurationQueryKey, queryFn: () => api.get() });
  const values = useMemo(() => (data ? toConfigurationForm(data) : undefined), [data]);
  if (isPending) return <LinearProgress />;
  if (error || !data || !values) return <Alert severity="error">{translate(s('load_failed'))}</Alert>;

  async function save(form: Partial<ConfigurationForm>) {
    try {
      const saved = await api.save(toConfigurationPayload(form));
      queryClient.setQueryData(configurationQueryKey, saved);
      notify(s('saved'), { type: 'success' });
      return undefined;
    } catch (err) {
      refused(err);
      // Field errors go under their inputs (react-admin sets what onSubmit answers).
      return fieldErrorsOf(err) ?? undefined;
    }
  }

  return (
    <Card variant="outlined" data-testid="mobile-settings">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(s('title'))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(s('intro'))}
        </Typography>
        {canWrite ? null : (
          <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="mobile-read-only">
            {translate(s('read_only'))}
          </Alert>
        )}
        <SimpleForm
          record={values}
          onSubmit={(form: Record<string, unknown>) => save(form as Partial<ConfigurationForm>)}
          noValidate
          sx={{ p: 0 }}
          toolbar={canWrite ? <SaveButton sx={{ mt: 1 }} /> : false}
          disabled={!canWrite}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
            <TextInput source="minimumVersions.IOS" label={s('minimum_ios')} helperText={s('minimum_hint')} disabled={!canWrite} fullWidth />
            <TextInput source="minimumVersions.ANDROID" label={s('minimum_android')} helperText={s('minimum_hint')} disabled={!canWrite} fullWidth />
          </Box>
          <BooleanInput source="forceUpdate" label={s('forceUpdate')} disabled={!canWrite} />
          <TextInput source="maintenanceMessage" label={s('maintenanceMessage')} helperText={s('maintenance_hint')} multiline minRows={2} disabled={!canWrite} fullWidth />
          <Typography variant="subtitle2" color="text.secondary">
            {translate(s('featureFlags'))}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {translate(s('flags_hint'))}
          </Typography>
          <ArrayInput source="featureFlags" label={false}>
            <SimpleFormIterator inline disableReordering disableAdd={!canWrite} disableRemove={!canWrite} data-testid="feature-flags">
              <TextInput
                source="name"
                label={s('flag_name')}
                validate={required()}
                helperText={false}
                disabled={!canWrite}
                sx={{ minWidth: 180, '& input': { fontFamily: 'monospace' } }}
              />
              <BooleanInput source="enabled" label={s('flag_enabled')} helperText={false} disabled={!canWrite} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleForm>
        <LastChanged record={data} testId="mobile-last-changed" />
      </CardContent>
    </Card>
  );
}

function AppVersionInputs() {
  const platforms = useEnumChoices('MobilePlatform');
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput source="platform" label={v('platform')} choices={platforms} validate={required()} fullWidth />
        <TextInput source="version" label={v('version')} helperText={v('version_hint')} validate={required()} fullWidth />
      </Box>
      <DateInput source="releaseDate" label={v('releaseDate')} validate={required()} fullWidth />
      <TextInput source="notes" label={v('notes')} multiline minRows={3} fullWidth />
      <BooleanInput source="mandatory" label={v('mandatory')} />
    </Box>
  );
}

const toolbar = (
  <Box sx={{ mt: 1 }}>
    <SaveButton />
  </Box>
);

/** Delete after a confirmation (409 'This version is the minimum supported version…' notified). */
function DeleteVersion({ onDeleted }: { onDeleted: () => void }) {
  const record = useRecordContext<AppVersionRecord>();
  const dataProvider = useAppDataProvider();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Button label={v('delete')} variant="outlined" color="error" size="small" onClick={() => setConfirming(true)} data-testid="delete-app-version">
          <DeleteIcon />
        </Button>
      </Box>
      <Confirm
        isOpen={confirming}
        title={v('delete_title')}
        titleTranslateOptions={{ version: record.version }}
        content={v('delete_content')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await dataProvider.delete(APP_VERSIONS, { id: record.id, previousData: record });
            onDeleted();
          } catch (err) {
            refused(err);
          }
        }}
      />
    </>
  );
}

/** The version's drawer: the form (mobile_app:update) and Delete after a confirmation; POST/PUT/DELETE /app_versions. */
function AppVersionEditor({ id, onDone }: { id: Identifier | 'create'; onDone: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerRefusal();
  const transform = (data: unknown) => toAppVersionPayload(data as Partial<AppVersionPayload>) as unknown as AppVersionRecord;
  const done = (message: string) => {
    notify(message, { type: 'success' });
    refresh();
    onDone();
  };
  if (id === 'create') {
    return (
      <CreateBase<AppVersionRecord> resource={APP_VERSIONS} redirect={false} transform={transform} mutationOptions={{ onSuccess: () => done(v('created')), onError }}>
        <SimpleForm defaultValues={{ platform: 'IOS', mandatory: false }} noValidate sx={{ p: 0 }} toolbar={toolbar}>
          <AppVersionInputs />
        </SimpleForm>
      </CreateBase>
    );
  }
  return (
    <EditBase<AppVersionRecord>
      resource={APP_VERSIONS}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={transform}
      mutationOptions={{ onSuccess: () => done(v('saved')), onError }}
    >
      <SimpleForm noValidate sx={{ p: 0 }} toolbar={toolbar}>
        <AppVersionInputs />
      </SimpleForm>
      <DeleteVersion onDeleted={() => done(v('deleted'))} />
    </EditBase>
  );
}

function VersionsTable({ onOpen }: { onOpen: (id: Identifier) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<AppVersionRecord> empty={<NoResults />} rowClick={(id) => (onOpen(id), false)} bulkActionButtons={false}>
        <DataTable.Col source="platform" label={v('platform')} render={(r) => translate(`enums.MobilePlatform.${r.platform}`, { _: r.platform })} />
        <DataTable.Col source="version" label={v('version')} render={(r) => <span translate="no">{r.version}</span>} />
        <DataTable.Col source="releaseDate" label={v('releaseDate')} render={(r) => formatDate(r.releaseDate)} />
        <DataTable.Col source="mandatory" label={v('mandatory')} render={(r) => translate(v(r.mandatory ? 'yes' : 'no'))} />
        <DataTable.Col source="notes" label={v('notes')} disableSort />
      </DataTable>
    </Box>
  );
}

/** The app versions: newest release first, 10 a page (GET /app_versions); a row opens its drawer. */
function AppVersions() {
  const translate = useTranslate();
  const { canAccess: canWrite = false } = useCanAccess({ resource: MOBILE_APP, action: 'update' });
  const [open, setOpen] = useState<Identifier | 'create' | null>(null);
  return (
    <Card variant="outlined" data-testid="app-versions">
      <CardContent>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate(v('title'))}
          </Typography>
          {canWrite ? (
            <Button label={v('add')} variant="outlined" size="small" onClick={() => setOpen('create')} data-testid="add-app-version">
              <AddIcon />
            </Button>
          ) : null}
        </Stack>
        <ListBase resource={APP_VERSIONS} sort={{ field: 'releaseDate', order: 'DESC' }} perPage={10} disableSyncWithLocation>
          <VersionsTable onOpen={(id) => (canWrite ? setOpen(id) : undefined)} />
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </CardContent>
      <DrawerFrame open={open !== null} onClose={() => setOpen(null)} title={translate(open === 'create' ? v('new_title') : v('title'))}>
        {open !== null ? <AppVersionEditor key={String(open)} id={open} onDone={() => setOpen(null)} /> : null}
      </DrawerFrame>
    </Card>
  );
}

/** /configuration-mobile-app: the settings above, the app versions below (back-office spec §2). */
export function MobileAppPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, minWidth: 0 }}>
      <Title title={translate(t('name'), { smart_count: 1 })} />
      <MobileSettings />
      <AppVersions />
    </Stack>
  );
}

export default MobileAppPage;
