import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  TopToolbar,
  useCanAccess,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { LearningSessionDrawer } from './LearningSessionDrawer';
import { PublishedChip } from './SessionParts';
import { LEARNING_SESSIONS, t, type LearningSessionRecord } from './learningSessionRecord';

const f = (key: string) => t(`fields.${key}`);
const cohortText = (cohort: { label?: string; id?: number } | undefined) => cohort?.label ?? String(cohort?.id ?? '');

function ListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: LEARNING_SESSIONS, action: 'create' });
  return <TopToolbar>{canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${LEARNING_SESSIONS}/create`, search }} /> : null}</TopToolbar>;
}

function useFilters() {
  const times = useEnumChoices('TimeOfDay');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="cohortId" source="cohortId" reference="cohorts" sort={{ field: 'label', order: 'ASC' }} perPage={50} alwaysOn>
      <AutocompleteInput label={t('filters.cohortId')} optionText={cohortText} data-testid="filter-cohort" sx={{ minWidth: 260 }} />
    </ReferenceInput>,
    <NullableBooleanInput key="published" source="published" label={t('filters.published')} alwaysOn data-testid="filter-published" />,
    <SelectArrayInput key="timeOfDay" source="timeOfDay" label={t('filters.timeOfDay')} choices={times} data-testid="filter-time-of-day" sx={{ minWidth: 200 }} />,
  ];
}

function ListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<LearningSessionRecord> empty={<NoResults />} rowClick={(id) => `/${LEARNING_SESSIONS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="title" label={f('title')} />
          <DataTable.Col source="type" label={f('type')} render={(r) => translate(`enums.LearningSessionType.${r.type}`, { _: r.type })} />
          <DataTable.Col source="startDateTime" label={f('startDateTime')} render={(r) => formatDateTime(r.startDateTime, locale)} />
          <DataTable.Col source="duration" label={f('duration')} disableSort />
          <DataTable.Col source="coach" label={f('coachId')} disableSort render={(r) => r.coach?.fullName ?? '—'} />
          <DataTable.Col
            source="learningSessionScopes"
            label={f('cohortIds')}
            disableSort
            render={(r) => r.learningSessionScopes.map((s: { cohortId: number; cohortLabel: string | null }) => s.cohortLabel ?? `#${s.cohortId}`).join(', ')}
          />
          <DataTable.Col source="signUpsCount" label={f('seats')} disableSort render={(r) => `${r.signUpsCount} / ${r.maxStudents}`} />
          <DataTable.Col source="published" label={f('published')} disableSort render={(r) => <PublishedChip published={r.published} testId={`session-published-${r.id}`} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /learning-sessions — learning sessions newest first (GET /learning_sessions; with a cohort, published
 * or times of day, POST /learning_sessions/find_by_criteria, times in America/New_York), 20 a page.
 * A row opens its drawer at /learning-sessions/{id}; /learning-sessions/create adds one.
 */
export function LearningSessionList() {
  const translate = useTranslate();
  const filters = useFilters();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={LEARNING_SESSIONS}
        sort={{ field: 'startDateTime', order: 'DESC' }}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[10, 20, 50]} />}
        filters={filters}
        actions={<ListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <ListBody />
      </List>
      <LearningSessionDrawer />
    </Box>
  );
}

export default LearningSessionList;
