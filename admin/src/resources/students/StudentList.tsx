import { useMemo } from 'react';
import { BooleanField, CreateButton, DataTable, FilterLiveSearch, List, TopToolbar } from 'react-admin';
import { Box } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { SavedFilters } from '../../common/SavedFilters';
import { StudentDrawer } from './StudentDrawer';
import { StudentFilterAside, studentFilterDescriptors } from './studentFilters';
import { cityState, fullName, type LearnerResource, type StudentRecord } from './studentRecord';
import { NoResults } from '../../common/NoResults';
import { ExportButton } from '../../common/downloads/ExportButton';

/**
 * The students list (and, with `resource="customers"`, the customers list): keyword search, the
 * criteria in an aside, chips for what is applied, saved filters; id ascending, 10 a page. Filters,
 * page and sort live in the URL; a row opens the record's drawer at /students/{id}, over the list.
 */
export interface StudentListProps {
  resource?: LearnerResource;
}

/** Which list features each resource has (customers have no saved-filter kind and no create call). */
const features: Record<LearnerResource, { savedFilterKind?: string; canCreate: boolean }> = {
  students: { savedFilterKind: 'students', canCreate: true },
  customers: { canCreate: false },
};

function StudentListActions({ resource }: { resource: LearnerResource }) {
  const { search } = useLocation();
  const { savedFilterKind, canCreate } = features[resource];
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={`resources.${resource}.filters.search`} placeholder="" sx={{ minWidth: 280 }} />
      {savedFilterKind ? <SavedFilters kind={savedFilterKind} /> : null}
      {canCreate ? <CreateButton label={`resources.${resource}.actions.create`} to={{ pathname: `/${resource}/create`, search }} /> : null}
      {resource === 'customers' ? <ExportButton kind="customers_csv" permission="customers:export" /> : <ExportButton kind="students_csv" permission="students:export" />}
    </TopToolbar>
  );
}

export function StudentList({ resource = 'students' }: StudentListProps) {
  const { search } = useLocation();
  const descriptors = useMemo(() => studentFilterDescriptors(resource), [resource]);
  const label = (key: string) => `resources.${resource}.fields.${key}`;
  return (
    <>
      <List
        resource={resource}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        actions={<StudentListActions resource={resource} />}
        aside={<StudentFilterAside resource={resource} />}
        empty={false}
        exporter={false}
        sx={{ flex: 1, minWidth: 0 }}
      >
        <FilterChips descriptors={descriptors} />
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<StudentRecord> empty={<NoResults />} rowClick={(id) => `/${resource}/${id}${search}`} bulkActionButtons={false}>
            <DataTable.Col source="id" label={label('id')} />
            <DataTable.Col source="lastName" label={label('fullName')} render={(record) => fullName(record)} />
            <DataTable.Col source="email" label={label('email')} render={(record) => record.user?.email ?? ''} />
            <DataTable.Col source="contactInfo.mobilePhone" label={label('contactInfo.mobilePhone')} disableSort />
            <DataTable.Col source="address.city" label={label('cityState')} disableSort render={(record) => cityState(record)} />
            <DataTable.Col source="active" label={label('active')} disableSort field={BooleanField} />
            {resource === 'customers' ? <DataTable.Col source="isStudent" label={label('isStudent')} disableSort field={BooleanField} /> : null}
            <DataTable.Col source="createdAt" label={label('createdAt')} render={(record) => formatDate(record.createdAt)} />
          </DataTable>
        </Box>
      </List>
      <StudentDrawer resource={resource} />
    </>
  );
}

export default StudentList;
