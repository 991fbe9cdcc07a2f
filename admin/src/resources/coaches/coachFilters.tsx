import { NullableBooleanInput, SelectArrayInput, TextArrayInput, TextInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside } from '../../common/ListFilters';
import { filterInputProps } from '../../common/billingShared';

/** The criteria of the coaches list (api/coaches/coaches.schemas.ts `coachCriteria`): how each reads as a chip. */
const label = (key: string) => `resources.coaches.filters.${key}`;

export const coachFilterDescriptors: FilterDescriptors = {
  name: { label: label('name'), kind: 'text' },
  email: { label: label('email'), kind: 'text' },
  active: { label: label('active'), kind: 'boolean' },
  languages: { label: label('languages'), kind: 'enum', enumName: 'Language' },
  specializations: { label: label('specializations'), kind: 'text', format: (value) => (Array.isArray(value) ? value.join(', ') : String(value)) },
  updatedAt: { label: label('updatedAt'), kind: 'dateRange' },
};

/** The filter panel of the coaches list. */
export function CoachFilterAside() {
  const languages = useEnumChoices('Language');
  return (
    <FilterAside title={label('title')}>
      <TextInput source="name" label={label('name')} resettable {...filterInputProps} />
      <TextInput source="email" label={label('email')} resettable {...filterInputProps} />
      <NullableBooleanInput source="active" label={label('active')} {...filterInputProps} />
      <SelectArrayInput source="languages" label={label('languages')} choices={languages} {...filterInputProps} />
      <TextArrayInput source="specializations" label={label('specializations')} {...filterInputProps} />
      <DateInput source="updatedAt.from" label={label('updatedAtFrom')} {...filterInputProps} />
      <DateInput source="updatedAt.to" label={label('updatedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}
