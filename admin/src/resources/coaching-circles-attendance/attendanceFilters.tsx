import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectArrayInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { byId, filterInputProps } from '../../common/billingShared';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import type { FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { readList } from '../../providers/dataProvider';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useCoachChoices, useCohortChoices } from '../../common/circleChoices';
import { completeRange } from './attendanceRecord';
import { formatDate } from '../../common/dates';

/** The criteria of the attendance list (api/coaching-circles/coaching-circles.schemas.ts `attendanceCriteriaSchema`). */
const label = (key: string) => `resources.coaching-circles-attendance.filters.${key}`;

type Labels = Record<string, string>;

/** The circles, newest first, named with their cohort (GET /coaching_circles?fields=id,name,cohort). */
export function useCircleChoices(): Array<{ id: number; name: string }> {
  const dataProvider = useAppDataProvider();
  const { data = [] } = useQuery({
    queryKey: ['coaching-circles', 'pick'],
    queryFn: async () =>
      readList<{ id: number; name: string | null; cohort?: { label: string } | null }>(
        await dataProvider.request({ path: '/coaching_circles', query: { fields: 'id,name,cohort', size: 1000, page: 0, sortBy: 'id', descending: true } }),
      ).data,
    staleTime: 60_000,
  });
  return useMemo(() => data.map((c) => ({ id: Number(c.id), name: [c.name ?? `#${c.id}`, c.cohort?.label].filter(Boolean).join(' · ') })), [data]);
}

export function attendanceFilterDescriptors(labels: { circles?: Labels; cohorts?: Labels; coaches?: Labels } = {}): FilterDescriptors {
  return {
    coachingCircleIds: { label: label('coachingCircleIds'), kind: 'lookup', labels: labels.circles ?? {} },
    cohortIds: { label: label('cohortIds'), kind: 'lookup', labels: labels.cohorts ?? {} },
    coachIds: { label: label('coachIds'), kind: 'lookup', labels: labels.coaches ?? {} },
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'AttendanceStatus' },
    // Only a range with both ends filters (and reads as a chip): the API needs both.
    sessionDate: {
      label: label('sessionDate'),
      kind: 'dateRange',
      format: (value, translate) => (completeRange(value) ? translate('app.filters.range', { from: formatDate(value.from), to: formatDate(value.to) }) : ''),
    },
  };
}

export function useAttendanceDescriptors(): FilterDescriptors {
  const circles = useCircleChoices();
  const cohorts = useCohortChoices();
  const coaches = useCoachChoices();
  return useMemo(() => attendanceFilterDescriptors({ circles: byId(circles), cohorts: byId(cohorts), coaches: byId(coaches) }), [circles, cohorts, coaches]);
}

export function AttendanceFilterAside() {
  const circles = useCircleChoices();
  const cohorts = useCohortChoices();
  const coaches = useCoachChoices();
  const statuses = useEnumChoices('AttendanceStatus');
  return (
    <FilterAside title={label('title')}>
      <AutocompleteArrayInput source="coachingCircleIds" label={label('coachingCircleIds')} choices={circles} {...filterInputProps} />
      <AutocompleteArrayInput source="cohortIds" label={label('cohortIds')} choices={cohorts} {...filterInputProps} />
      <AutocompleteArrayInput source="coachIds" label={label('coachIds')} choices={coaches} {...filterInputProps} />
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
      <DateInput source="sessionDate.from" label={label('sessionDateFrom')} {...filterInputProps} />
      <DateInput source="sessionDate.to" label={label('sessionDateTo')} {...filterInputProps} helperText={label('sessionDateHint')} />
    </FilterAside>
  );
}
