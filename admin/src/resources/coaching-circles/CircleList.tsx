import { Suspense, lazy } from 'react';
import { Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { CreateButton, DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useStore, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { FilterChips } from '../../common/FilterChips';
import { NoResults } from '../../common/NoResults';
import { ExportButton } from '../../common/downloads/ExportButton';
import { SavedFilters } from '../../common/SavedFilters';
import { CircleDrawer } from './CircleDrawer';
import { CircleFilterAside, useCircleDescriptors } from './circleFilters';
import { PublishedChip, startText } from './circleParts';
import { CIRCLE_FILTER_KIND, CIRCLES, type CircleRecord } from './circleRecord';

const t = (key: string) => `resources.${CIRCLES}.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** The calendar (react-big-calendar and its CSS) comes with its own chunk, when its tab is first opened. */
const CircleCalendar = lazy(() => import('./CircleCalendar'));

export type CircleTab = 'coaching-circles' | 'calendar';
export const CIRCLE_TAB_KEY = 'coaching-circles.tab';

function CircleListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate = false } = useCanAccess({ resource: CIRCLES, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 240 }} />
      <SavedFilters kind={CIRCLE_FILTER_KIND} />
      {canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${CIRCLES}/create`, search }} /> : null}
      <ExportButton kind="coaching_circle_simplified_csv" permission="coaching_circles:read" />
    </TopToolbar>
  );
}

function CircleRows() {
  const translate = useTranslate();
  const { search } = useLocation();
  const descriptors = useCircleDescriptors();
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CircleRecord> empty={<NoResults />} rowClick={(id) => `/${CIRCLES}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="name" label={f('name')} render={(r) => r.name ?? r.type?.name ?? ''} />
          <DataTable.Col source="type" label={f('type')} disableSort render={(r) => r.type?.name ?? ''} />
          <DataTable.Col source="cohort" label={f('cohort')} disableSort render={(r) => r.cohort?.label ?? ''} />
          <DataTable.Col source="startDate" label={f('start')} render={(r) => <Box sx={{ whiteSpace: 'nowrap' }}>{startText(r as CircleRecord)}</Box>} />
          <DataTable.Col source="timeOfDay" label={f('timeOfDay')} disableSort render={(r) => translate(`enums.TimeOfDay.${r.local.timeOfDay}`, { _: r.local.timeOfDay })} />
          <DataTable.Col
            source="coaches"
            label={f('coaches')}
            disableSort
            render={(r) => (r as CircleRecord).coaches.map((c) => c.coach?.fullName ?? `#${c.coachId}`).join(', ')}
          />
          <DataTable.Col source="published" label={f('published')} disableSort render={(r) => <PublishedChip published={r.published} id={r.id} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /coaching-circles/:id? — coaching circles (back-office spec §7; issue 19) in two tabs: the list
 * (default, 'coaching-circles': keyword, filters as chips, saved filters of kind `coaching_circle`,
 * newest first, 10 a page) and a calendar of the sessions. A row or an event opens the circle's drawer
 * on /coaching-circles/{id}; /coaching-circles/create adds one (coaching_circles:create).
 */
export function CircleList() {
  const translate = useTranslate();
  const [tab, setTab] = useStore<CircleTab>(CIRCLE_TAB_KEY, 'coaching-circles');
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, value: CircleTab) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="coaching-circles" label={translate(t('tabs.list'))} data-testid="tab-coaching-circles" />
        <Tab value="calendar" label={translate(t('tabs.calendar'))} data-testid="tab-calendar" />
      </Tabs>
      {tab === 'calendar' ? (
        <Suspense fallback={<LinearProgress />}>
          <CircleCalendar />
        </Suspense>
      ) : (
        <List
          resource={CIRCLES}
          sort={{ field: 'id', order: 'DESC' }}
          perPage={10}
          actions={<CircleListActions />}
          aside={<CircleFilterAside />}
          empty={false}
          exporter={false}
          title={translate(t('name'), { smart_count: 2 })}
          sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
        >
          <CircleRows />
        </List>
      )}
      <CircleDrawer />
    </Box>
  );
}

export default CircleList;
