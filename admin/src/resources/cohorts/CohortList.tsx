import { useState, type MouseEvent } from 'react';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  Button,
  CreateButton,
  DataTable,
  FilterLiveSearch,
  List,
  TopToolbar,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { SavedFilters } from '../../common/SavedFilters';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { CohortDrawer } from './CohortDrawer';
import { CohortFilterAside, DefaultStatusesChip, useCohortFilterChoices } from './cohortFilters';
import { COHORTS, defaultCohortFilter, modulesPath, type CohortRecord } from './cohortRecord';
import { CohortStatusChip, YesNo } from './CohortStatusChips';
import { useServerRefusal } from '../../common/useServerRefusal';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.cohorts.fields.${key}`;

function CohortListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: COHORTS, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.cohorts.filters.search" placeholder="" sx={{ minWidth: 200 }} />
      <SavedFilters kind="cohorts" />
      {canCreate ? <CreateButton label="resources.cohorts.actions.create" to={{ pathname: `/${COHORTS}/create`, search }} /> : null}
    </TopToolbar>
  );
}

/** The label, with 'Archived' beside it when it is. */
function LabelCell({ record }: { record: CohortRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 200 }}>
      <Typography variant="body2">{record.label}</Typography>
      {record.deleted ? <Chip size="small" color="warning" variant="outlined" label={translate('resources.cohorts.status.archived')} /> : null}
    </Stack>
  );
}

/** The row's way to the spec's /cohorts/:cohortId/modules. */
function ModulesLink({ record }: { record: CohortRecord }) {
  const translate = useTranslate();
  const { search } = useLocation();
  const label = translate('resources.cohorts.actions.modules');
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to={`${modulesPath(record.id)}${search}`}
        size="small"
        color="primary"
        aria-label={label}
        onClick={(event: MouseEvent) => event.stopPropagation()}
        data-testid={`cohort-modules-${record.id}`}
      >
        <ViewModuleIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Bulk Publish / Unpublish of the selected cohorts: one POST /cohorts/publish, all or none. */
function BulkPublishButtons() {
  const { selectedIds } = useListContext();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(COHORTS);
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  async function publish(published: boolean) {
    setPending(true);
    try {
      await dataProvider.publishCohorts(selectedIds, published);
      notify(`resources.cohorts.notifications.${published ? 'bulk_published' : 'bulk_unpublished'}`, { type: 'success', messageArgs: { smart_count: selectedIds.length } });
      unselectAll();
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <Button label="resources.cohorts.actions.publish" onClick={() => publish(true)} disabled={pending} data-testid="bulk-publish">
        <PublishIcon />
      </Button>
      <Button label="resources.cohorts.actions.unpublish" onClick={() => publish(false)} disabled={pending} data-testid="bulk-unpublish">
        <UnpublishedIcon />
      </Button>
    </>
  );
}

function CohortListBody() {
  const { search } = useLocation();
  const { descriptors } = useCohortFilterChoices();
  const { canAccess: canPublish } = useCanAccess({ resource: COHORTS, action: 'publish' });
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <DefaultStatusesChip />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CohortRecord> empty={<NoResults />} rowClick={(id) => `/${COHORTS}/${id}${search}`} bulkActionButtons={canPublish ? <BulkPublishButtons /> : false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="label" label={f('label')} render={(record) => <LabelCell record={record as CohortRecord} />} />
          <DataTable.Col source="status" label={f('status')} render={(record) => <CohortStatusChip status={(record as CohortRecord).status} />} />
          <DataTable.Col
            source="startDate"
            label="resources.cohorts.filters.startDate"
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(record.startDate)}
              </Box>
            )}
          />
          <DataTable.Col
            source="endDate"
            label="resources.cohorts.filters.endDate"
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(record.endDate)}
              </Box>
            )}
          />
          <DataTable.Col source="published" label={f('published')} disableSort render={(record) => <YesNo value={record.published} testId={`published-${record.id}`} />} />
          <DataTable.Col source="modules" label={f('modules')} disableSort render={(record) => <ModulesLink record={record as CohortRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * The cohorts list (/cohorts): keyword on the label, the criteria in an aside (statuses — CREATED
 * and ACTIVE by default, shown as a chip —, program, business category, published, coaching
 * circles, access, start dates, show archived), chips, saved filters; id ascending, 10 a page. A
 * row opens the cohort's drawer at /cohorts/{id} over the list; selected rows can be published.
 */
export function CohortList() {
  return (
    <>
      <List
        resource={COHORTS}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        filterDefaultValues={defaultCohortFilter}
        actions={<CohortListActions />}
        aside={<CohortFilterAside />}
        empty={false}
        sx={{ flex: 1, minWidth: 0 }}
      >
        <CohortListBody />
      </List>
      <CohortDrawer />
    </>
  );
}

export default CohortList;
