import { useMemo } from 'react';
import { AutocompleteArrayInput, NullableBooleanInput, SelectArrayInput, useGetList } from 'react-admin';
import { byId, filterInputProps } from '../../common/billingShared';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import type { FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { useCoachChoices, useCohortChoices } from '../../common/circleChoices';

export { useCoachChoices, useCohortChoices };

/**
 * The criteria of the coaching circles list (api/coaching-circles/coaching-circles.schemas.ts
 * `circleCriteriaSchema`): cohorts, types, published, coaches, the start date range, the time of day.
 */
const label = (key: string) => `resources.coaching-circles.filters.${key}`;

type Choice = { id: number | string; name: string };
type Labels = Record<string, string>;

const many = { pagination: { page: 1, perPage: 1000 } };
const stale = { staleTime: 60_000 };

/** The circle types by name (the archived ones too when asked: an old circle's type). */
export function useTypeChoices(options: { withArchived?: boolean } = {}): Array<Choice & { deleted?: boolean }> {
  const { data = [] } = useGetList('coaching-circles-types', { ...many, sort: { field: 'name', order: 'ASC' }, filter: { deleted: false } }, stale);
  const { data: archived = [] } = useGetList(
    'coaching-circles-types',
    { ...many, sort: { field: 'name', order: 'ASC' }, filter: { deleted: true } },
    { ...stale, enabled: Boolean(options.withArchived) },
  );
  return useMemo(
    () => [...data, ...(options.withArchived ? archived : [])].map((t) => ({ id: t.id as number, name: String(t.name), deleted: Boolean(t.deleted) })),
    [data, archived, options.withArchived],
  );
}

export function circleFilterDescriptors(labels: { cohorts?: Labels; types?: Labels; coaches?: Labels } = {}): FilterDescriptors {
  return {
    cohortIds: { label: label('cohortIds'), kind: 'lookup', labels: labels.cohorts ?? {} },
    typeIds: { label: label('typeIds'), kind: 'lookup', labels: labels.types ?? {} },
    published: { label: label('published'), kind: 'boolean' },
    coachIds: { label: label('coachIds'), kind: 'lookup', labels: labels.coaches ?? {} },
    startDate: { label: label('startDate'), kind: 'dateRange' },
    timeOfDay: { label: label('timeOfDay'), kind: 'enum', enumName: 'TimeOfDay' },
  };
}

/** The chips' descriptors with the chosen cohorts, types and coaches named. */
export function useCircleDescriptors(): FilterDescriptors {
  const cohorts = useCohortChoices();
  const types = useTypeChoices();
  const coaches = useCoachChoices();
  return useMemo(() => circleFilterDescriptors({ cohorts: byId(cohorts), types: byId(types), coaches: byId(coaches) }), [cohorts, types, coaches]);
}

export function CircleFilterAside() {
  const cohorts = useCohortChoices();
  const types = useTypeChoices();
  const coaches = useCoachChoices();
  const times = useEnumChoices('TimeOfDay');
  return (
    <FilterAside title={label('title')}>
      <AutocompleteArrayInput source="cohortIds" label={label('cohortIds')} choices={cohorts} {...filterInputProps} />
      <AutocompleteArrayInput source="typeIds" label={label('typeIds')} choices={types} {...filterInputProps} />
      <NullableBooleanInput source="published" label={label('published')} {...filterInputProps} />
      <AutocompleteArrayInput source="coachIds" label={label('coachIds')} choices={coaches} {...filterInputProps} />
      <DateInput source="startDate.from" label={label('startDateFrom')} {...filterInputProps} />
      <DateInput source="startDate.to" label={label('startDateTo')} {...filterInputProps} />
      <SelectArrayInput source="timeOfDay" label={label('timeOfDay')} choices={times} {...filterInputProps} />
    </FilterAside>
  );
}
