import { Box, Chip, Stack } from '@mui/material';
import { BooleanField, CreateButton, DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { durationTypeLabel } from '../../../../models/labels';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { MoneyField } from '../../common/money';
import { SavedFilters } from '../../common/SavedFilters';
import { ProgramDrawer } from './ProgramDrawer';
import { ProgramFilterAside, useProgramFilterDescriptors } from './programFilters';
import { PROGRAMS, type ProgramRecord } from './programRecord';
import { NoResults } from '../../common/NoResults';

const t = (key: string) => `resources.programs.${key}`;

function ProgramListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: PROGRAMS, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 280 }} />
      <SavedFilters kind="programs" />
      {canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${PROGRAMS}/create`, search }} /> : null}
    </TopToolbar>
  );
}

function ProgramName({ record }: { record: ProgramRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span>{record.name}</span>
      {record.isBundle ? <Chip size="small" variant="outlined" label={translate(t('fields.isBundle'))} /> : null}
      {record.deleted ? <Chip size="small" color="warning" label={translate(t('messages.archived_chip'))} data-testid={`archived-${record.id}`} /> : null}
    </Stack>
  );
}

/**
 * /programs: keyword search, the criteria in an aside with chips and saved filters, id ascending,
 * 10 a page (spec §9). Archived programs show only with 'Show archived'. A row opens the program's
 * drawer at /programs/{id} over the list (filters kept).
 */
export function ProgramList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  const descriptors = useProgramFilterDescriptors();
  const label = (key: string) => t(`fields.${key}`);
  return (
    <>
      <List<ProgramRecord>
        resource={PROGRAMS}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        actions={<ProgramListActions />}
        aside={<ProgramFilterAside />}
        empty={false}
        sx={{ flex: 1, minWidth: 0 }}
      >
        <FilterChips descriptors={descriptors} />
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<ProgramRecord> empty={<NoResults />} rowClick={(id) => `/${PROGRAMS}/${id}${search}`} bulkActionButtons={false}>
            <DataTable.Col source="id" label={label('id')} />
            <DataTable.Col source="name" label={label('name')} render={(record) => <ProgramName record={record as ProgramRecord} />} />
            <DataTable.Col
              source="businessCategory"
              label={label('businessCategoryId')}
              disableSort
              render={(record) => (record.businessCategory ? translate(`enums.BusinessCategoryName.${record.businessCategory.name}`, { _: record.businessCategory.name }) : '')}
            />
            <DataTable.Col
              source="durationType"
              label={label('durationType')}
              disableSort
              render={(record) => durationTypeLabel(record.durationType, record.accelerated, locale === 'es' ? 'es' : 'en')}
            />
            <DataTable.Col source="cost" label={label('cost')} render={() => <MoneyField source="cost" />} />
            <DataTable.Col
              source="languages"
              label={label('languages')}
              disableSort
              render={(record) => ((record as ProgramRecord).languages ?? []).map((l) => translate(`enums.Language.${l}`, { _: l })).join(', ')}
            />
            <DataTable.Col source="showOhioVideo" label={label('showOhioVideo')} disableSort field={BooleanField} />
            <DataTable.Col source="updatedAt" label={label('updatedAt')} render={(record) => formatDate(record.updatedAt)} />
          </DataTable>
        </Box>
      </List>
      <ProgramDrawer />
    </>
  );
}

export default ProgramList;
