import { useContext, useMemo, type ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { DataProviderContext, DataTable, FilterLiveSearch, List, TopToolbar, useLocaleState, useTranslate, type DataProvider } from 'react-admin';
import { DEFAULT_ZONE, localParts, parseZone } from '../../../../domain/rules/coaching-circles';
import { formatDate, formatDateTime } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { NoResults } from '../../common/NoResults';
import { denseCells } from '../../common/tableLayout';
import { formatTime } from '../../common/TimeInput';
import { apiPath, pagingToQuery, readList, splitFilter, type AppDataProvider } from '../../providers/dataProvider';
import { AttendanceFilterAside, useAttendanceDescriptors } from './attendanceFilters';
import { ExportButton } from '../../common/downloads/ExportButton';
import { ATTENDANCE, attendanceCriteria, type AttendanceRecord } from './attendanceRecord';

const t = (key: string) => `resources.${ATTENDANCE}.${key}`;
const f = (key: string) => t(`fields.${key}`);
const SCHOOL_ZONE = parseZone(DEFAULT_ZONE)!;

/**
 * The list has only POST …/find_by_criteria: every page posts its criteria (an empty body included),
 * the keyword searching the student, and a session date range only once it has both ends.
 */
export function attendanceProvider(dataProvider: AppDataProvider): AppDataProvider {
  const getList: DataProvider['getList'] = async (resource, params) => {
    if (resource !== ATTENDANCE) return dataProvider.getList(resource, params);
    const { keyword } = splitFilter(params.filter);
    const { q: _q, savedFilterId: _id, savedFilterName: _name, ...raw } = (params.filter ?? {}) as Record<string, unknown>;
    const body = await dataProvider.request({
      method: 'POST',
      path: `/${apiPath(resource)}/find_by_criteria`,
      query: { ...pagingToQuery(params), keyword },
      body: attendanceCriteria(raw),
    });
    return readList(body) as never;
  };
  return { ...dataProvider, getList };
}

function AttendanceData({ children }: { children: ReactNode }) {
  const dataProvider = useContext(DataProviderContext) as AppDataProvider | null;
  const wrapped = useMemo(() => (dataProvider ? attendanceProvider(dataProvider) : null), [dataProvider]);
  if (!wrapped) return <>{children}</>;
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}

const STATUS_COLOR = { ATTENDED: 'success', ABSENT: 'error', PENDING: 'default' } as const;

function StatusChip({ record }: { record: AttendanceRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[record.status] ?? 'default'}
      label={translate(`enums.AttendanceStatus.${record.status}`, { _: record.status })}
      data-testid={`attendance-status-${record.id}`}
    />
  );
}

function sessionText(record: AttendanceRecord): string {
  if (!record.session) return '';
  const start = localParts(record.session.startDateTime, SCHOOL_ZONE);
  return `#${record.session.sessionNumber} · ${formatDate(start.date)} ${formatTime(start.time)}`;
}

function AttendanceRows() {
  const [locale] = useLocaleState();
  const descriptors = useAttendanceDescriptors();
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto', ...denseCells }}>
        <DataTable<AttendanceRecord> empty={<NoResults />} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="student"
            label={f('student')}
            disableSort
            render={(r) => (
              <Box sx={{ minWidth: 140, maxWidth: 180 }}>
                <Typography variant="body2">{r.student?.fullName ?? ''}</Typography>
                {r.student?.email ? (
                  <Typography variant="caption" color="text.secondary" noWrap component="div" title={r.student.email}>
                    {r.student.email}
                  </Typography>
                ) : null}
              </Box>
            )}
          />
          <DataTable.Col source="coachingCircleName" label={f('circle')} disableSort render={(r) => r.coachingCircleName ?? (r.coachingCircleId ? `#${r.coachingCircleId}` : '')} />
          <DataTable.Col source="session" label={f('session')} disableSort render={(r) => <Box sx={{ minWidth: 110 }}>{sessionText(r as AttendanceRecord)}</Box>} />
          <DataTable.Col source="coach" label={f('coach')} disableSort render={(r) => r.coach?.fullName ?? ''} />
          <DataTable.Col source="status" label={f('status')} render={(r) => <StatusChip record={r as AttendanceRecord} />} />
          <DataTable.Col source="participation" label={f('participation')} disableSort />
          <DataTable.Col source="notes" label={f('notes')} disableSort render={(r) => <Box sx={{ minWidth: 90, maxWidth: 220, overflowWrap: 'anywhere' }}>{r.notes ?? ''}</Box>} />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(r) => <Box sx={{ minWidth: 90 }}>{formatDateTime(r.updatedAt, locale)}</Box>} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /coaching-circles-attendance — every attendance record of the circles' sessions (issue 19): filters
 * (circle, cohort, coach, status, session date range with both ends) as chips, the keyword on the
 * student; newest first, 10 a page, status in words.
 */
export function AttendanceList() {
  const translate = useTranslate();
  return (
    <AttendanceData>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <List
          resource={ATTENDANCE}
          sort={{ field: 'id', order: 'DESC' }}
          perPage={10}
          actions={
            <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 260 }} />
              <ExportButton kind="coaching_circle_attendance_csv" permission="coaching_circles:read" criteriaOf={attendanceCriteria} />
            </TopToolbar>
          }
          aside={<AttendanceFilterAside />}
          empty={false}
          exporter={false}
          title={translate(t('name'), { smart_count: 2 })}
          sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
        >
          <AttendanceRows />
        </List>
      </Box>
    </AttendanceData>
  );
}

export default AttendanceList;
