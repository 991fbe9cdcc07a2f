import { AutocompleteArrayInput, NullableBooleanInput, SelectArrayInput, TextInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import type { FilterDescriptors } from '../../common/FilterChips';
import { useEnumChoices } from '../../common/enums';
import { FilterAside, useLookupChoices } from '../../common/ListFilters';
import type { LearnerResource } from './studentRecord';

/**
 * The criteria of the students and customers lists (api/students/students.schemas.ts
 * `studentCriteria`, plus `isStudent` for customers): how each one reads as a chip, and its input.
 */
export function studentFilterDescriptors(resource: LearnerResource): FilterDescriptors {
  const label = (key: string) => `resources.${resource}.filters.${key}`;
  return {
    name: { label: label('name'), kind: 'text' },
    email: { label: label('email'), kind: 'text' },
    mobilePhone: { label: label('mobilePhone'), kind: 'text' },
    active: { label: label('active'), kind: 'boolean' },
    ...(resource === 'customers' ? { isStudent: { label: label('isStudent'), kind: 'boolean' as const } } : {}),
    autoPay: { label: label('autoPay'), kind: 'boolean' },
    militaryMember: { label: label('militaryMember'), kind: 'boolean' },
    genders: { label: label('genders'), kind: 'enum', enumName: 'Gender' },
    languages: { label: label('languages'), kind: 'enum', enumName: 'Language' },
    sources: { label: label('sources'), kind: 'enum', enumName: 'ApplicationSource' },
    educationLevels: { label: label('educationLevels'), kind: 'enum', enumName: 'EducationLevel' },
    countryCodes: { label: label('countryCodes'), kind: 'lookup', lookupType: 'COUNTRY' },
    stateCodes: { label: label('stateCodes'), kind: 'lookup', lookupType: 'US_STATE' },
    city: { label: label('city'), kind: 'text' },
    zip: { label: label('zip'), kind: 'text' },
    dateOfBirth: { label: label('dateOfBirth'), kind: 'dateRange' },
    createdAt: { label: label('createdAt'), kind: 'dateRange' },
    ids: { label: label('ids'), kind: 'text' },
    archived: { label: label('archived'), kind: 'boolean' },
  };
}

const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };

/** The filter panel of the students (and customers) list. */
export function StudentFilterAside({ resource }: { resource: LearnerResource }) {
  const label = (key: string) => `resources.${resource}.filters.${key}`;
  const genders = useEnumChoices('Gender');
  const languages = useEnumChoices('Language');
  const sources = useEnumChoices('ApplicationSource');
  const educationLevels = useEnumChoices('EducationLevel');
  const countries = useLookupChoices('COUNTRY');
  const states = useLookupChoices('US_STATE');
  return (
    <FilterAside title={label('title')}>
      <TextInput source="name" label={label('name')} resettable {...inputProps} />
      <TextInput source="email" label={label('email')} resettable {...inputProps} />
      <TextInput source="mobilePhone" label={label('mobilePhone')} resettable {...inputProps} />
      <NullableBooleanInput source="active" label={label('active')} {...inputProps} />
      {resource === 'customers' ? <NullableBooleanInput source="isStudent" label={label('isStudent')} {...inputProps} /> : null}
      <NullableBooleanInput source="autoPay" label={label('autoPay')} {...inputProps} />
      <NullableBooleanInput source="militaryMember" label={label('militaryMember')} {...inputProps} />
      <SelectArrayInput source="genders" label={label('genders')} choices={genders} {...inputProps} />
      <SelectArrayInput source="languages" label={label('languages')} choices={languages} {...inputProps} />
      <SelectArrayInput source="sources" label={label('sources')} choices={sources} {...inputProps} />
      <SelectArrayInput source="educationLevels" label={label('educationLevels')} choices={educationLevels} {...inputProps} />
      <AutocompleteArrayInput source="countryCodes" label={label('countryCodes')} choices={countries} {...inputProps} />
      <AutocompleteArrayInput source="stateCodes" label={label('stateCodes')} choices={states} {...inputProps} />
      <TextInput source="city" label={label('city')} resettable {...inputProps} />
      <TextInput source="zip" label={label('zip')} resettable {...inputProps} />
      <DateInput source="dateOfBirth.from" label={label('dateOfBirthFrom')} {...inputProps} />
      <DateInput source="dateOfBirth.to" label={label('dateOfBirthTo')} {...inputProps} />
      <DateInput source="createdAt.from" label={label('createdAtFrom')} {...inputProps} />
      <DateInput source="createdAt.to" label={label('createdAtTo')} {...inputProps} />
    </FilterAside>
  );
}
