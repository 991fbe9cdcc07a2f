import { Box, Chip } from '@mui/material';
import { BooleanField, CreateButton, DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { FilterChips } from '../../common/FilterChips';
import { NoResults } from '../../common/NoResults';
import { ExportButton } from '../../common/downloads/ExportButton';
import { SavedFilters } from '../../common/SavedFilters';
import { CoachDrawer } from './CoachDrawer';
import { CoachFilterAside, coachFilterDescriptors } from './coachFilters';
import { COACHES, type CoachRecord } from './coachRecord';

const f = (key: string) => `resources.coaches.fields.${key}`;

function CoachListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate = false } = useCanAccess({ resource: COACHES, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.coaches.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="coaches" />
      {canCreate ? <CreateButton label="resources.coaches.actions.create" to={{ pathname: `/${COACHES}/create`, search }} /> : null}
      <ExportButton kind="coaches_csv" permission="coaches:read" />
    </TopToolbar>
  );
}

function LanguagesCell({ languages }: { languages: CoachRecord['languages'] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {languages.map((code) => (
        <Chip key={code} size="small" label={translate(`enums.Language.${code}`, { _: code })} />
      ))}
    </Box>
  );
}

/**
 * /coaches/:id? — coaches (back-office spec §2, §7 "Coaches"): keyword search on name or email, the
 * criteria (name, email, active, languages, specializations, updated) as chips and saved filters
 * (kind `coaches`); id ascending, 10 a page; a row opens the coach's drawer (profile, circles, comments).
 */
export function CoachList() {
  const { search } = useLocation();
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={COACHES}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        actions={<CoachListActions />}
        aside={<CoachFilterAside />}
        empty={false}
        exporter={false}
        title={translate('resources.coaches.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <FilterChips descriptors={coachFilterDescriptors} />
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<CoachRecord> empty={<NoResults />} rowClick={(id) => `/${COACHES}/${id}${search}`} bulkActionButtons={false}>
            <DataTable.Col source="id" label={f('id')} />
            <DataTable.Col source="lastName" label={f('name')} render={(record) => record.name} />
            <DataTable.Col source="email" label={f('email')} render={(record) => record.student.user.email} />
            <DataTable.Col source="languages" label={f('languages')} disableSort render={(record) => <LanguagesCell languages={record.languages} />} />
            <DataTable.Col source="specializations" label={f('specializations')} disableSort render={(record) => record.specializations.join(', ')} />
            <DataTable.Col source="active" label={f('active')} disableSort field={BooleanField} />
          </DataTable>
        </Box>
      </List>
      <CoachDrawer />
    </Box>
  );
}

export default CoachList;
