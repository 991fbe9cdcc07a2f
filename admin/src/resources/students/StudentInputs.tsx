import { useMemo } from 'react';
import { AutocompleteInput, BooleanInput, SelectInput, TextInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { useLookupChoices } from '../../common/ListFilters';
import type { LearnerResource, StudentRecord } from './studentRecord';
import { FormSection } from '../../common/FormSection';
// Shared with other resources: admin/src/common.
export { FormSection };

/** Every IANA time zone the browser knows, plus the stored one if it is not among them. */
function useTimeZoneChoices(current: string | null | undefined) {
  return useMemo(() => {
    let zones: string[];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];
    }
    if (current && !zones.includes(current)) zones = [current, ...zones];
    return zones.map((zone) => ({ id: zone, name: zone.replace(/_/g, ' ') }));
  }, [current]);
}

/** State: the US states list for US (or not yet chosen) addresses, free text elsewhere. */
function StateInput({ resource }: { resource: LearnerResource }) {
  const country = useWatch({ name: 'address.countryCode' }) as string | null | undefined;
  const states = useLookupChoices('US_STATE');
  const label = `resources.${resource}.fields.address.stateCode`;
  if (!country || country === 'US') {
    return <AutocompleteInput source="address.stateCode" label={label} choices={states} />;
  }
  return <TextInput source="address.stateCode" label={label} />;
}

export interface StudentInputsProps {
  resource: LearnerResource;
  mode: 'create' | 'edit';
}

export function StudentInputs({ resource, mode }: StudentInputsProps) {
  const field = (source: string) => `resources.${resource}.fields.${source}`;
  const section = (key: string) => `resources.${resource}.sections.${key}`;
  const genders = useEnumChoices('Gender');
  const educationLevels = useEnumChoices('EducationLevel');
  const languages = useEnumChoices('Language');
  const sources = useEnumChoices('ApplicationSource');
  const countries = useLookupChoices('COUNTRY');
  const timeZone = useWatch({ name: 'timeZone' }) as StudentRecord['timeZone'] | undefined;
  const timeZones = useTimeZoneChoices(timeZone);

  return (
    <>
      <FormSection title={section('personal')}>
        <TextInput source="personalInfo.firstName" label={field('personalInfo.firstName')} validate={required()} />
        <TextInput source="personalInfo.middleName" label={field('personalInfo.middleName')} />
        <TextInput source="personalInfo.lastName" label={field('personalInfo.lastName')} validate={required()} />
        <TextInput source="personalInfo.title" label={field('personalInfo.title')} />
        <TextInput source="personalInfo.suffix" label={field('personalInfo.suffix')} />
        <SelectInput source="personalInfo.gender" label={field('personalInfo.gender')} choices={genders} emptyText="" />
        <DateInput source="personalInfo.dateOfBirth" label={field('personalInfo.dateOfBirth')} />
        <SelectInput source="personalInfo.educationLevel" label={field('personalInfo.educationLevel')} choices={educationLevels} emptyText="" />
        <TextInput source="personalInfo.occupation" label={field('personalInfo.occupation')} />
        <BooleanInput source="personalInfo.militaryMember" label={field('personalInfo.militaryMember')} />
      </FormSection>

      <FormSection title={section('contact')}>
        <TextInput source="contactInfo.mobilePhone" label={field('contactInfo.mobilePhone')} type="tel" />
        <TextInput source="contactInfo.homePhone" label={field('contactInfo.homePhone')} type="tel" />
        <TextInput source="contactInfo.workPhone" label={field('contactInfo.workPhone')} type="tel" />
      </FormSection>

      <FormSection title={section('address')}>
        <TextInput source="address.street1" label={field('address.street1')} />
        <TextInput source="address.street2" label={field('address.street2')} />
        <TextInput source="address.city" label={field('address.city')} />
        <StateInput resource={resource} />
        <TextInput source="address.zip" label={field('address.zip')} />
        <AutocompleteInput source="address.countryCode" label={field('address.countryCode')} choices={countries} />
      </FormSection>

      <FormSection title={section('preferences')}>
        <SelectInput source="languageIso2LetterCode" label={field('languageIso2LetterCode')} choices={languages} />
        <AutocompleteInput source="timeZone" label={field('timeZone')} choices={timeZones} />
        <SelectInput source="source" label={field('source')} choices={sources} emptyText="" />
      </FormSection>

      <FormSection title={section('account')}>
        <BooleanInput source="autoPay" label={field('autoPay')} />
        {mode === 'edit' ? <BooleanInput source="isStudent" label={field('isStudent')} /> : null}
        <BooleanInput source="active" label={field('active')} />
      </FormSection>
    </>
  );
}

/**
 * Form values → the API body. The forms hold the record as read (the API accepts its read-only
 * fields back); only values the API would refuse are adjusted: an unset language is left out
 * (the API keeps the stored one) and flags that were never set are not sent as null.
 */
export function toStudentPayload<T extends Record<string, unknown>>(data: T): T {
  const out: Record<string, unknown> = { ...data };
  if (out.languageIso2LetterCode === null || out.languageIso2LetterCode === '') delete out.languageIso2LetterCode;
  for (const flag of ['active', 'isStudent', 'autoPay']) {
    if (out[flag] === null || out[flag] === undefined) delete out[flag];
  }
  return out as T;
}
