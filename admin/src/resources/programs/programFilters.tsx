import { useMemo } from 'react';
import { BooleanInput, NullableBooleanInput, SelectArrayInput, useGetList, useTranslate } from 'react-admin';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';

/**
 * The criteria of the programs list (api/programs/programs.schemas.ts `programCriteria`): how each
 * reads as a chip ('Accelerated: Yes', 'Archived: Yes', 'Business category: HCTP'), and its input.
 */
const f = (key: string) => `resources.programs.filters.${key}`;

/** Business-category choices `{ id, name }` (the 11 fixed categories, labelled in the console's language). */
export function useCategoryChoices(): Array<{ id: number; name: string }> {
  const translate = useTranslate();
  const { data } = useGetList<{ id: number; name: string }>(
    'business-categories',
    { pagination: { page: 1, perPage: 20 }, sort: { field: 'NAME', order: 'ASC' }, filter: {} },
    { staleTime: 5 * 60_000 },
  );
  return useMemo(() => (data ?? []).map((c) => ({ id: c.id, name: translate(`enums.BusinessCategoryName.${c.name}`, { _: c.name }) })), [data, translate]);
}

export function programFilterDescriptors(categoryLabels: Record<string, string> = {}): FilterDescriptors {
  return {
    deleted: { label: f('deleted'), kind: 'boolean' },
    accelerated: { label: f('accelerated'), kind: 'boolean' },
    businessCategory: { label: f('businessCategory'), kind: 'lookup', labels: categoryLabels },
    languages: { label: f('languages'), kind: 'enum', enumName: 'Language' },
    showOhioVideo: { label: f('showOhioVideo'), kind: 'boolean' },
  };
}

/** The descriptors with the categories named (chips read 'Business category: HCTP', not an id). */
export function useProgramFilterDescriptors(): FilterDescriptors {
  const categories = useCategoryChoices();
  return useMemo(() => programFilterDescriptors(Object.fromEntries(categories.map((c) => [String(c.id), c.name]))), [categories]);
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

/** The filter panel of the programs list. 'Show archived' lists the archived programs (off: no criterion). */
export function ProgramFilterAside() {
  const categories = useCategoryChoices();
  const languages = useEnumChoices('Language');
  return (
    <FilterAside title={f('title')}>
      <BooleanInput source="deleted" label={f('show_archived')} parse={(v: unknown) => (v ? true : undefined)} {...inputProps} />
      <NullableBooleanInput source="accelerated" label={f('accelerated')} {...inputProps} />
      <SelectArrayInput source="businessCategory" label={f('businessCategory')} choices={categories} {...inputProps} />
      <SelectArrayInput source="languages" label={f('languages')} choices={languages} {...inputProps} />
      <NullableBooleanInput source="showOhioVideo" label={f('showOhioVideo')} {...inputProps} />
    </FilterAside>
  );
}
