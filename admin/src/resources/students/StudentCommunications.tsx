import { BooleanInput, EditBase, SelectInput, SimpleForm, type Identifier } from 'react-admin';
import { useEnumChoices } from '../../common/enums';
import { SaveOnlyToolbar } from './StudentEdit';
import { FormSection, toStudentPayload } from './StudentInputs';
import type { LearnerResource } from './studentRecord';

/**
 * The communications tab: whether the student accepts email and SMS messages, and the language
 * messages are written in. Saved like the profile (PUT with the whole record), pessimistically.
 */
export function StudentCommunications({ resource, id }: { resource: LearnerResource; id: Identifier }) {
  const languages = useEnumChoices('Language');
  const field = (source: string) => `resources.${resource}.fields.${source}`;
  return (
    <EditBase resource={resource} id={id} mutationMode="pessimistic" redirect={false} transform={toStudentPayload}>
      <SimpleForm noValidate toolbar={<SaveOnlyToolbar />} sx={{ p: 0 }}>
        <FormSection title={`resources.${resource}.sections.communication_preferences`}>
          <BooleanInput source="communicationPreferences.email" label={field('communicationPreferences.email')} />
          <BooleanInput source="communicationPreferences.sms" label={field('communicationPreferences.sms')} />
          <SelectInput source="languageIso2LetterCode" label={field('languageIso2LetterCode')} choices={languages} />
        </FormSection>
      </SimpleForm>
    </EditBase>
  );
}
