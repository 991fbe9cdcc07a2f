import { useMemo, useState } from 'react';
import { Box, Chip, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, FilterLiveSearch, List, ListContextProvider, TopToolbar, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { SavedFilters } from '../../common/SavedFilters';
import { ApplicationCreateDialog } from './ApplicationCreate';
import { ApplicationDrawer, StudentDrawerOverList } from './ApplicationDrawer';
import { ApplicationFilterAside, useApplicationFilterChoices } from './applicationFilters';
import { ApplicationStatusChip } from '../../common/ApplicationStatusChip';
import {
  ENROLLMENTS,
  cohortLabels,
  defaultApplicationFilter,
  isMigratedVariant,
  migratedFilter,
  studentName,
  withKeyword,
  type ApplicationRecord,
} from '../../common/applicationRecord';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.enrollments.fields.${key}`;

/**
 * The keyword box. Only the keyword is taken from it (its form also carries the other filter values,
 * possibly stale), and a keyword typed on the list as it opens searches every status (withKeyword).
 */
function ApplicationSearch() {
  const list = useListContext();
  const { filterValues, setFilters } = list;
  const context = useMemo(
    () => ({
      ...list,
      setFilters: (filters: Record<string, unknown>, ...rest: unknown[]) => setFilters(withKeyword(filterValues, filters.q), ...(rest as [])),
    }),
    [list, filterValues, setFilters],
  );
  return (
    <ListContextProvider value={context}>
      <FilterLiveSearch source="q" label="resources.enrollments.filters.search" placeholder="" sx={{ minWidth: 260 }} />
    </ListContextProvider>
  );
}

function EnrollmentListActions() {
  const { canAccess: canCreate } = useCanAccess({ resource: ENROLLMENTS, action: 'create' });
  const [creating, setCreating] = useState(false);
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <ApplicationSearch />
      <SavedFilters kind="applications" />
      {canCreate ? (
        <Button label="resources.enrollments.actions.create" onClick={() => setCreating(true)} data-testid="create-application">
          <AddIcon />
        </Button>
      ) : null}
      <ApplicationCreateDialog open={creating} onClose={() => setCreating(false)} />
    </TopToolbar>
  );
}

/**
 * The two variants of the list (back-office spec §4): every application (opening on the enrolled
 * ones), or the migrated ones only. The variant is the `migrated: true` criterion, so it is in the
 * URL, reads as a chip and can be saved like any other filter.
 */
function VariantTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const migrated = isMigratedVariant(filterValues);
  return (
    <Tabs
      value={migrated ? 'migrated' : 'all'}
      onChange={(_, value: 'all' | 'migrated') => setFilters(value === 'migrated' ? { ...migratedFilter } : { ...defaultApplicationFilter }, {})}
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="all" label={translate('resources.enrollments.variants.all')} data-testid="variant-all" />
      <Tab value="migrated" label={translate('resources.enrollments.variants.migrated')} data-testid="variant-migrated" />
    </Tabs>
  );
}

function StudentCell({ record }: { record: ApplicationRecord }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">{studentName(record.student)}</Typography>
      {record.student?.email ? (
        <Typography variant="caption" color="text.secondary">
          {record.student.email}
        </Typography>
      ) : null}
    </Box>
  );
}

function YesNo({ value, testId }: { value: boolean; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={translate(value ? 'app.yes' : 'app.no')} data-testid={testId} />;
}

function EnrollmentListBody() {
  const translate = useTranslate();
  const { search } = useLocation();
  const { descriptors } = useApplicationFilterChoices();
  const nowrap = (text: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
  return (
    <>
      <VariantTabs />
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<ApplicationRecord> empty={<NoResults />} rowClick={(id) => `/${ENROLLMENTS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => <StudentCell record={record as ApplicationRecord} />} />
          <DataTable.Col source="product.name" label={f('product')} disableSort />
          <DataTable.Col source="cohort" label={f('cohort')} disableSort render={(record) => cohortLabels(record as ApplicationRecord)} />
          <DataTable.Col
            source="status"
            label={f('status')}
            render={(record) => <ApplicationStatusChip status={(record as ApplicationRecord).status} testId={`status-${record.id}`} />}
          />
          <DataTable.Col source="appliedAt" label={f('appliedAt')} render={(record) => nowrap(formatDate(record.appliedAt))} />
          <DataTable.Col
            source="financialStatus"
            label={f('financialStatus')}
            render={(record) => (record.financialStatus ? translate(`enums.FinancialStatus.${record.financialStatus}`, { _: String(record.financialStatus) }) : '')}
          />
          <DataTable.Col source="autoPay" label={f('autoPay')} disableSort render={(record) => <YesNo value={Boolean(record.autoPay)} testId={`auto-pay-${record.id}`} />} />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => nowrap(formatDate(record.updatedAt))} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /enrollments: applications and enrollments (back-office spec §2). Keyword search loads the plain
 * list; the criteria of the applications filter (§3), in the aside, chips and saved filters
 * (kind `applications`), search by criteria. It opens on the enrolled ones (a removable 'Status:
 * Enrolled' chip, which gives way to a keyword typed then), newest first, 10 a page; the Migrated
 * tab loads the migrated applications only.
 * A row opens the application drawer at /enrollments/{id}; the student drawer opens over the same
 * list (one of the two at a time).
 */
export function EnrollmentList() {
  return (
    <>
      <List
        resource={ENROLLMENTS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        filterDefaultValues={defaultApplicationFilter}
        actions={<EnrollmentListActions />}
        aside={<ApplicationFilterAside />}
        empty={false}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <EnrollmentListBody />
      </List>
      <ApplicationDrawer />
      <StudentDrawerOverList />
    </>
  );
}

export default EnrollmentList;
