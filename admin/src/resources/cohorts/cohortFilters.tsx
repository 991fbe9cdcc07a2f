import { useMemo } from 'react';
import { Chip, FormControlLabel, Switch } from '@mui/material';
import { AutocompleteArrayInput, NullableBooleanInput, SelectArrayInput, useGetList, useListContext, useTranslate } from 'react-admin';
import { CohortStatus } from '../../../../models/enums';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { DEFAULT_STATUSES, showsDefaultStatuses, withArchived } from './cohortRecord';

/**
 * The criteria of the cohorts list (api/cohorts/cohorts.schemas.ts `cohortCriteria`): how each reads
 * as a chip — 'Status: Created, Active', 'Published: Yes', 'Program: HCTP', 'Archived: Yes' — and
 * its input. Programs and business categories are named from the lists the aside loads.
 */
const label = (key: string) => `resources.cohorts.filters.${key}`;

export function cohortFilterDescriptors(programs: Record<string, string> = {}, categories: Record<string, string> = {}): FilterDescriptors {
  return {
    statuses: { label: label('statuses'), kind: 'enum', enumName: 'CohortStatus' },
    programIds: { label: label('programIds'), kind: 'lookup', labels: programs },
    businessCategoryIds: { label: label('businessCategoryIds'), kind: 'lookup', labels: categories },
    published: { label: label('published'), kind: 'boolean' },
    useCoachingCircle: { label: label('useCoachingCircle'), kind: 'boolean' },
    accessDisabled: { label: label('accessDisabled'), kind: 'boolean' },
    startDate: { label: label('startDate'), kind: 'dateRange' },
    endDate: { label: label('endDate'), kind: 'dateRange' },
    deleted: { label: label('deleted'), kind: 'boolean' },
  };
}

/** Programs (live ones, by name) and the 11 business categories, as choices and as chip labels. */
export function useCohortFilterChoices() {
  const translate = useTranslate();
  const { data: programs = [] } = useGetList('programs', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000 });
  const { data: categories = [] } = useGetList('business-categories', { pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: Infinity });
  return useMemo(() => {
    const programChoices = programs.map((p) => ({ id: p.id, name: String(p.name) }));
    const categoryChoices = categories.map((c) => ({ id: c.id, name: translate(`enums.BusinessCategoryName.${c.name}`, { _: String(c.name) }) }));
    const byId = (choices: Array<{ id: unknown; name: string }>) => Object.fromEntries(choices.map((c) => [String(c.id), c.name]));
    return { programChoices, categoryChoices, descriptors: cohortFilterDescriptors(byId(programChoices), byId(categoryChoices)) };
  }, [programs, categories, translate]);
}

/**
 * Shown while no status is chosen: the list then holds the default statuses (the API's rule), so
 * the chip says so instead of the list filtering invisibly. It cannot be removed.
 */
export function DefaultStatusesChip() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  if (!showsDefaultStatuses(filterValues)) return null;
  const statuses = DEFAULT_STATUSES.map((s) => translate(`enums.CohortStatus.${s}`)).join(', ');
  return <Chip size="small" variant="outlined" sx={{ mx: 2, mt: 1 }} label={translate(label('default_statuses'), { statuses })} data-testid="default-statuses-chip" />;
}

/** "Show archived": a switch, because `deleted: false` is the default. */
function ShowArchivedSwitch() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const on = filterValues?.deleted === true || filterValues?.deleted === 'true';
  return (
    <FormControlLabel
      sx={{ mt: 1 }}
      control={<Switch size="small" checked={on} onChange={(_, checked) => setFilters(withArchived(filterValues ?? {}, checked), displayedFilters)} data-testid="show-archived" />}
      label={translate(label('show_archived'))}
    />
  );
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };
/** Archived cohorts are reached with "Show archived", so ARCHIVED is no status choice. */
const LIVE_STATUSES = CohortStatus.filter((s) => s !== 'ARCHIVED');

/** The filter panel of the cohorts list. */
export function CohortFilterAside() {
  const translate = useTranslate();
  const { programChoices, categoryChoices } = useCohortFilterChoices();
  const statuses = useMemo(() => LIVE_STATUSES.map((id) => ({ id, name: translate(`enums.CohortStatus.${id}`) })), [translate]);
  return (
    <FilterAside title={label('title')}>
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...inputProps} />
      <AutocompleteArrayInput source="programIds" label={label('programIds')} choices={programChoices} {...inputProps} />
      <SelectArrayInput source="businessCategoryIds" label={label('businessCategoryIds')} choices={categoryChoices} {...inputProps} />
      <NullableBooleanInput source="published" label={label('published')} {...inputProps} />
      <NullableBooleanInput source="useCoachingCircle" label={label('useCoachingCircle')} {...inputProps} />
      <NullableBooleanInput source="accessDisabled" label={label('accessDisabled')} {...inputProps} />
      <DateInput source="startDate.from" label={label('startDateFrom')} {...inputProps} />
      <DateInput source="startDate.to" label={label('startDateTo')} {...inputProps} />
      <ShowArchivedSwitch />
    </FilterAside>
  );
}
