import { AutocompleteInput, BooleanInput, CheckboxGroupInput, SelectInput, TextArrayInput, TextInput, email, required } from 'react-admin';
import { FileInput } from '../../common/FileInput';
import { FormSection } from '../../common/FormSection';
import { useEnumChoices } from '../../common/enums';
import { useLookupChoices } from '../../common/ListFilters';
import { MoneyInput } from '../../common/money';

const f = (source: string) => `resources.coaches.fields.${source}`;
const s = (key: string) => `resources.coaches.sections.${key}`;

/**
 * The coach's form (back-office spec §3 "Coach"): the sign-in email and the person (the embedded
 * student record, `student.*`), the coaching fields (languages EN/ES shown by name, specializations,
 * rate of pay…) and the links. `create` adds the invitation switch.
 */
export function CoachInputs({ mode }: { mode: 'create' | 'edit' }) {
  const languages = useEnumChoices('Language');
  const countries = useLookupChoices('COUNTRY');
  return (
    <>
      <FormSection title={s('account')}>
        <TextInput source="student.user.email" type="email" label={f('student.user.email')} validate={[required(), email()]} />
        {mode === 'create' ? <BooleanInput source="generatePassword" label={f('generatePassword')} helperText="resources.coaches.helpers.generatePassword" /> : null}
        <BooleanInput source="student.active" label={f('student.active')} />
      </FormSection>
      <FormSection title={s('person')}>
        <TextInput source="student.personalInfo.firstName" label={f('student.personalInfo.firstName')} validate={required()} />
        <TextInput source="student.personalInfo.lastName" label={f('student.personalInfo.lastName')} validate={required()} />
        <TextInput source="student.contactInfo.mobilePhone" label={f('student.contactInfo.mobilePhone')} type="tel" />
        <TextInput source="student.contactInfo.workPhone" label={f('student.contactInfo.workPhone')} type="tel" />
        <TextInput source="student.address.street1" label={f('student.address.street1')} />
        <TextInput source="student.address.city" label={f('student.address.city')} />
        <TextInput source="student.address.stateCode" label={f('student.address.stateCode')} />
        <TextInput source="student.address.zip" label={f('student.address.zip')} />
        <AutocompleteInput source="student.address.countryCode" label={f('student.address.countryCode')} choices={countries} />
        <SelectInput source="student.languageIso2LetterCode" label={f('student.languageIso2LetterCode')} choices={languages} />
        <FileInput source="photo" label={f('photo')} purpose="IMAGE" />
      </FormSection>
      <FormSection title={s('coaching')}>
        <CheckboxGroupInput source="languages" label={f('languages')} choices={languages} validate={required()} />
        <TextArrayInput source="specializations" label={f('specializations')} helperText="resources.coaches.helpers.specializations" />
        <MoneyInput source="rateOfPay" label={f('rateOfPay')} />
        <TextInput source="intro" label={f('intro')} multiline minRows={3} />
        <TextInput source="hctpGraduatingClass" label={f('hctpGraduatingClass')} />
        <TextInput source="source" label={f('source')} />
        <BooleanInput source="showPhone" label={f('showPhone')} />
        <BooleanInput source="testCall" label={f('testCall')} />
      </FormSection>
      <FormSection title={s('links')}>
        <TextInput source="coachWebConferenceUrl" label={f('coachWebConferenceUrl')} type="url" />
        <TextInput source="video" label={f('video')} type="url" />
        <TextInput source="facebookGroupUrl" label={f('facebookGroupUrl')} type="url" />
        <TextInput source="socialNetworks.linkedIn" label={f('socialNetworks.linkedIn')} type="url" />
        <TextInput source="socialNetworks.facebook" label={f('socialNetworks.facebook')} type="url" />
        <TextInput source="socialNetworks.instagram" label={f('socialNetworks.instagram')} type="url" />
        <TextInput source="socialNetworks.youtube" label={f('socialNetworks.youtube')} type="url" />
      </FormSection>
    </>
  );
}

/** A new coach's starting values: English, active, and the invitation emailed. */
export const newCoachDefaults = {
  languages: ['EN'],
  specializations: [],
  showPhone: false,
  testCall: false,
  generatePassword: true,
  student: { active: true, languageIso2LetterCode: 'EN' },
};
