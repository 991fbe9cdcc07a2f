import { Box, Chip, Typography } from '@mui/material';
import { capitalized } from './circleTypeRecord';
import { BooleanInput, CreateButton, DataTable, List, SearchInput, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { NoResults } from '../../common/NoResults';
import { CircleTypeDrawer, t } from './CircleTypeDrawer';
import { CIRCLE_TYPES, type CircleTypeRecord } from './circleTypeRecord';

const f = (key: string) => t(`fields.${key}`);

function CircleTypeListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: CIRCLE_TYPES, action: 'create' });
  return <TopToolbar>{canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${CIRCLE_TYPES}/create`, search }} /> : null}</TopToolbar>;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="deleted" source="deleted" label={t('filters.archived')} alwaysOn data-testid="filter-archived" />];

/** "Every 1 Weeks, 90 min", the unit by its label. */
export function useScheduleText() {
  const translate = useTranslate();
  return (r: Pick<CircleTypeRecord, 'frequency' | 'frequencyUnit' | 'duration'>) =>
    capitalized(translate(t('schedule'), { every: translate(`app.every.${r.frequencyUnit}`, { smart_count: r.frequency }), duration: r.duration }));
}

function CircleTypeListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  const schedule = useScheduleText();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CircleTypeRecord> empty={<NoResults />} rowClick={(id) => `/${CIRCLE_TYPES}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col
            source="name"
            label={f('name')}
            render={(record) => (
              <>
                {record.name}
                {record.deleted ? <Chip size="small" sx={{ ml: 1 }} label={translate(t('status.archived'))} data-testid={`circle-type-archived-${record.id}`} /> : null}
              </>
            )}
          />
          <DataTable.Col source="sessions" label={f('sessions')} />
          <DataTable.Col source="frequency" label={f('schedule')} disableSort render={(record) => schedule(record as CircleTypeRecord)} />
          <DataTable.Col source="maxStudents" label={f('maxStudents')} disableSort />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDateTime(record.updatedAt, locale)} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /coaching-circles-types — the types (GET /coaching_circle_types?keyword&deleted), by name, 10 a page;
 * the Archived switch lists the archived ones. A row opens its drawer at /coaching-circles-types/{id};
 * /coaching-circles-types/create adds one (coaching_circles:create).
 */
export function CircleTypeList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={CIRCLE_TYPES}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={10}
        filters={filters}
        filterDefaultValues={{ deleted: false }}
        actions={<CircleTypeListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <CircleTypeListBody />
      </List>
      <CircleTypeDrawer />
    </Box>
  );
}

export default CircleTypeList;
