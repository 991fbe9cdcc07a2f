import { useMemo, useState, type MouseEvent } from 'react';
import {
  Alert,
  Box,
  Breadcrumbs,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Button,
  Confirm,
  DataTable,
  Form,
  ListBase,
  Pagination,
  SaveButton,
  Title,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { TextButton } from '../../common/TextButton';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { DateInput, formatDateTime, schoolDay } from '../../common/dates';
import { DrawerFrame } from '../../common/RecordDrawer';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { COHORTS, cohortModulesResource, moduleDateUpdates, notBefore, toModuleFormValues, toModulePayload, type CohortModuleRecord, type CohortRecord } from './cohortRecord';
import { LastChanged } from '../../common/LastChanged';
import { ModuleInputs, useModuleGroups } from './ModuleInputs';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';

const m = (key: string) => `resources.cohorts.modules.${key}`;
const f = (key: string) => m(`fields.${key}`);

/** A date-time cell in the user's language ('—' when empty). */
function When({ value }: { value: string | null }) {
  const [locale] = useLocaleState();
  return <>{value ? formatDateTime(value, locale) : '—'}</>;
}

/** The module group of a row, changed on the spot (PATCH .../module_group; the empty choice clears it). */
function ModuleGroupSelect({ cohortId, module, disabled }: { cohortId: CohortRecord['id']; module: CohortModuleRecord; disabled: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { data: groups = [] } = useModuleGroups();
  if (disabled) return <>{module.moduleGroup?.name ?? '—'}</>;
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={module.moduleGroupId ?? ''}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onChange={async (event) => {
        const value = event.target.value === '' ? null : Number(event.target.value);
        try {
          await dataProvider.setCohortModuleGroup(cohortId, module.id, value);
          notify(m('notifications.group_set'), { type: 'success' });
          refresh();
        } catch (error) {
          refused(error);
        }
      }}
      slotProps={{ htmlInput: { 'data-testid': `module-group-${module.id}`, 'aria-label': translate(f('moduleGroup')) } }}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">
        <em>{translate(m('no_group'))}</em>
      </MenuItem>
      {groups.map((g) => (
        <MenuItem key={g.id} value={g.id as number}>
          {g.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The open and close dates of one module, each saved by its own PATCH (only what changed). */
function ModuleDatesDialog({ cohortId, module, onClose }: { cohortId: CohortRecord['id']; module: CohortModuleRecord | null; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal();
  const values = useMemo(() => (module ? { id: module.id, openDate: schoolDay(module.openDate), closeDate: schoolDay(module.closeDate) } : {}), [module]);
  async function save(data: { openDate?: string | null; closeDate?: string | null }) {
    if (!module) return undefined;
    try {
      for (const { field, value } of moduleDateUpdates(module, data)) await dataProvider.setCohortModuleDate(cohortId, module.id, field, value);
      notify(m('notifications.dates_saved'), { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }
  return (
    <Dialog open={module !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(m('dates_title'), { title: module?.title ?? '' })}</DialogTitle>
      <DialogContent>
        {module ? (
          <Form record={values} onSubmit={save as never} noValidate>
            <DateInput source="openDate" label={f('openDate')} fullWidth />
            <DateInput source="closeDate" label={f('closeDate')} validate={notBefore('openDate')} fullWidth />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <TextButton label="ra.action.cancel" onClick={onClose} />
              <SaveButton data-testid="save-module-dates" />
            </Stack>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The edit drawer of one module: PUT .../cohort_modules/{moduleId} with every module field, from the
 * row's record (the API has no GET of one module). Field errors land under their inputs; any other
 * refusal is notified.
 */
function ModuleEditor({ cohortId, module, onDone }: { cohortId: CohortRecord['id']; module: CohortModuleRecord; onDone: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refused = useServerRefusal();
  const formValues = useMemo(() => toModuleFormValues(module), [module]);
  async function save(values: Partial<CohortModuleRecord>) {
    try {
      await dataProvider.update(cohortModulesResource(cohortId), { id: module.id, data: toModulePayload(values, module), previousData: module });
      notify(m('notifications.saved'), { type: 'success' });
      onDone();
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }
  return (
    <>
      <Form record={formValues} onSubmit={save as never} noValidate>
        <ModuleInputs />
        <Toolbar disableGutters>
          <SaveButton data-testid="save-module" />
        </Toolbar>
      </Form>
      <LastChanged record={module} />
    </>
  );
}

/** Sync from the program: copies the program's modules the cohort does not have yet. */
function SyncButton({ cohortId }: { cohortId: CohortRecord['id'] }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { total = 0 } = useListContext();
  const [pending, setPending] = useState(false);
  async function sync() {
    setPending(true);
    try {
      const after = await dataProvider.syncCohortModules(cohortId);
      const added = Math.max(0, after.total - total);
      notify(m(added ? 'notifications.synced' : 'notifications.synced_none'), { type: added ? 'success' : 'info', messageArgs: { smart_count: added } });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button label={m('actions.sync')} variant="contained" onClick={sync} disabled={pending} data-testid="sync-modules">
      <SyncIcon />
    </Button>
  );
}

function ModuleRows({ cohort, canEdit, canDelete }: { cohort: CohortRecord; canEdit: boolean; canDelete: boolean }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [editing, setEditing] = useState<CohortModuleRecord | null>(null);
  const [dating, setDating] = useState<CohortModuleRecord | null>(null);
  const [deleting, setDeleting] = useState<CohortModuleRecord | null>(null);
  const { data, isPending } = useListContext<CohortModuleRecord>();
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(m('intro'))}
        </Typography>
        {canEdit ? <SyncButton cohortId={cohort.id} /> : null}
      </Stack>
      {!isPending && data?.length === 0 ? (
        <Alert severity="info" variant="outlined" data-testid="no-modules">
          {translate(m(canEdit ? 'empty_sync' : 'empty'))}
        </Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<CohortModuleRecord> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="displayOrder" label={f('displayOrder')} />
            <DataTable.Col
              source="title"
              label={f('title')}
              render={(record) => (
                <Stack direction="row" spacing={0.5} alignItems="center">
                  {record.locked ? <LockIcon fontSize="inherit" color="action" aria-label={translate(f('locked'))} /> : null}
                  <span>{record.title}</span>
                </Stack>
              )}
            />
            <DataTable.Col source="group" label={f('group')} disableSort render={(record) => record.group ?? '—'} />
            <DataTable.Col
              source="moduleGroupId"
              label={f('moduleGroup')}
              disableSort
              render={(record) => <ModuleGroupSelect cohortId={cohort.id} module={record as CohortModuleRecord} disabled={!canEdit} />}
            />
            <DataTable.Col source="openDate" label={f('openDate')} render={(record) => <When value={record.openDate} />} />
            <DataTable.Col source="closeDate" label={f('closeDate')} render={(record) => <When value={record.closeDate} />} />
            {canEdit || canDelete ? (
              <DataTable.Col
                source="id"
                label=""
                disableSort
                render={(record) => (
                  <Box sx={{ whiteSpace: 'nowrap' }} onClick={stop}>
                    {canEdit ? (
                      <>
                        <Tooltip title={translate(m('actions.dates'))}>
                          <IconButton
                            size="small"
                            aria-label={translate(m('actions.dates'))}
                            onClick={() => setDating(record as CohortModuleRecord)}
                            data-testid={`module-dates-${record.id}`}
                          >
                            <EventIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('ra.action.edit')}>
                          <IconButton
                            size="small"
                            aria-label={translate('ra.action.edit')}
                            onClick={() => setEditing(record as CohortModuleRecord)}
                            data-testid={`edit-module-${record.id}`}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    ) : null}
                    {canDelete ? (
                      <Tooltip title={translate('ra.action.delete')}>
                        <IconButton
                          size="small"
                          aria-label={translate('ra.action.delete')}
                          onClick={() => setDeleting(record as CohortModuleRecord)}
                          data-testid={`delete-module-${record.id}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Box>
                )}
              />
            ) : null}
          </DataTable>
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </Box>
      )}
      <DrawerFrame open={editing !== null} onClose={() => setEditing(null)} title={editing?.title}>
        {editing ? (
          <ModuleEditor
            cohortId={cohort.id}
            module={editing}
            onDone={() => {
              setEditing(null);
              refresh();
            }}
          />
        ) : null}
      </DrawerFrame>
      <ModuleDatesDialog cohortId={cohort.id} module={dating} onClose={() => setDating(null)} />
      <Confirm
        isOpen={deleting !== null}
        title={m('delete_title')}
        content={m('delete_content')}
        titleTranslateOptions={{ title: deleting?.title ?? '' }}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const module = deleting;
          setDeleting(null);
          if (!module) return;
          try {
            await dataProvider.deleteCohortModule(cohort.id, module.id);
            notify(m('notifications.deleted'), { type: 'success' });
            refresh();
          } catch (error) {
            refused(error);
          }
        }}
      />
    </>
  );
}

/**
 * /cohorts/:cohortId/modules (back-office spec §2): the cohort's modules, 10 a page by display order
 * (spec §9), with 'Sync from program', an edit drawer, the open/close dates dialog, the module group
 * chosen on the row, and delete. An archived cohort's modules are read-only.
 */
export function CohortModules() {
  const translate = useTranslate();
  const { cohortId = '' } = useParams();
  const { search } = useLocation();
  const { data: cohort, isPending, error } = useGetOne<CohortRecord>(COHORTS, { id: cohortId });
  const update = useCanAccess({ resource: COHORTS, action: 'edit' });
  const remove = useCanAccess({ resource: COHORTS, action: 'delete' });
  const title = translate(m('title'));
  return (
    <Box sx={{ mt: 2, width: '100%' }} data-testid="cohort-modules-page">
      <Title title={cohort ? `${cohort.label} · ${title}` : title} />
      <Breadcrumbs sx={{ mb: 1 }} aria-label="breadcrumb">
        <Link component={RouterLink} to={`/${COHORTS}${search}`} underline="hover" color="inherit">
          {translate('resources.cohorts.name', { smart_count: 2 })}
        </Link>
        {cohort ? (
          <Link component={RouterLink} to={`/${COHORTS}/${cohort.id}${search}`} underline="hover" color="inherit" data-testid="crumb-cohort">
            {cohort.label}
          </Link>
        ) : null}
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" sx={{ mb: 1 }} data-testid="page-title">
            {cohort ? `${title} — ${cohort.label}` : title}
          </Typography>
          {isPending ? <LinearProgress /> : null}
          {error || (!isPending && !cohort) ? (
            <Alert severity="error" data-testid="cohort-load-error">
              {translate('resources.cohorts.messages.not_found')}
            </Alert>
          ) : null}
          {cohort ? (
            <>
              {cohort.deleted ? (
                <Alert severity="warning" variant="outlined" sx={{ mb: 2 }}>
                  {translate('resources.cohorts.messages.archived')}
                </Alert>
              ) : null}
              <ListBase resource={cohortModulesResource(cohort.id)} perPage={10} sort={{ field: 'displayOrder', order: 'ASC' }} disableSyncWithLocation>
                <ModuleRows cohort={cohort} canEdit={Boolean(update.canAccess) && !cohort.deleted} canDelete={Boolean(remove.canAccess) && !cohort.deleted} />
              </ListBase>
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}

export default CohortModules;
