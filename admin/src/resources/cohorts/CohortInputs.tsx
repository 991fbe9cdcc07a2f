import { Box } from '@mui/material';
import { AutocompleteInput, NumberInput, ReferenceInput, TextInput } from 'react-admin';
import { Messages } from '../../../../models/messages';
import { DateInput } from '../../common/dates';
import { requiredValue } from '../../common/validation';
import { FileInput } from '../../common/FileInput';
import { FormSection } from '../../common/FormSection';
import { joinIds, maxChars, notBefore, wholeFrom } from './cohortRecord';

const f = (key: string) => `resources.cohorts.fields.${key}`;
const s = (key: string) => `resources.cohorts.sections.${key}`;
const h = (key: string) => `resources.cohorts.helpers.${key}`;

const full = { gridColumn: '1 / -1' };
/** LMS id lists are typed as text ('12, 13'); the payload splits them. */
const idsInput = { format: joinIds, parse: (v: string) => v };

/**
 * The cohort form body shared by the create and edit drawers (back-office spec §3 "Cohort"). Each
 * input's `source` is the API's field, also the key of the server's field errors. The status,
 * publishing, the coaching-circle switches and windows are not here: each has its own call.
 * Date-times (course access) are chosen as days, read by the API in the school's time zone.
 */
export function CohortInputs() {
  return (
    <>
      <FormSection title={s('cohort')}>
        <Box sx={full}>
          <ReferenceInput source="programId" reference="programs" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
            <AutocompleteInput label={f('program')} optionText="name" validate={requiredValue} fullWidth data-testid="cohort-program" />
          </ReferenceInput>
        </Box>
        <Box sx={full}>
          <TextInput source="customName" label={f('customName')} helperText={h('customName')} validate={maxChars(200)} fullWidth />
        </Box>
      </FormSection>
      <FormSection title={s('dates')}>
        <DateInput source="startDate" label={f('startDate')} validate={requiredValue} />
        <DateInput source="endDate" label={f('endDate')} validate={notBefore('startDate')} />
        <DateInput source="extendedGraduationDate" label={f('extendedGraduationDate')} validate={notBefore('endDate', Messages.EXTENDED_GRADUATION_BEFORE_END)} />
        <Box />
        <DateInput source="courseAccessStartDateTime" label={f('courseAccessStartDateTime')} />
        <DateInput source="courseAccessEndDateTime" label={f('courseAccessEndDateTime')} validate={notBefore('courseAccessStartDateTime')} />
      </FormSection>
      <FormSection title={s('class')}>
        <NumberInput source="maxStudents" label={f('maxStudents')} min={1} step={1} validate={wholeFrom(1)} helperText={false} />
        <FileInput source="image" label={f('image')} purpose="IMAGE" />
        <Box sx={full}>
          <TextInput source="description" label={f('description')} validate={maxChars(10_000)} multiline minRows={2} fullWidth />
        </Box>
      </FormSection>
      <FormSection title={s('lms')}>
        <ReferenceInput source="lmsConnectionId" reference="lms" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
          <AutocompleteInput label={f('lmsConnectionId')} optionText="name" helperText={h('lmsConnectionId')} fullWidth data-testid="cohort-lms-connection" />
        </ReferenceInput>
        <TextInput source="d2lSectionId" label={f('d2lSectionId')} validate={maxChars(40)} helperText={false} />
        <TextInput source="salesforceProductId" label={f('salesforceProductId')} validate={maxChars(40)} helperText={false} />
        <Box sx={full}>
          <TextInput source="iinLmsCoursePath" label={f('iinLmsCoursePath')} validate={maxChars(500)} helperText={false} fullWidth />
        </Box>
        <TextInput source="doceboConfig.learningPlanIds" label={f('learningPlanIds')} helperText={h('lmsIds')} {...idsInput} />
        <TextInput source="doceboConfig.courseIds" label={f('courseIds')} helperText={h('lmsIds')} {...idsInput} />
      </FormSection>
    </>
  );
}
