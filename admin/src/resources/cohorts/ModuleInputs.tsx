import { Box } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { DateInput } from '../../common/dates';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { requiredValue } from '../../common/validation';
import { FormSection } from '../../common/FormSection';
import { maxChars, notBefore, wholeFrom } from './cohortRecord';

const f = (key: string) => `resources.cohorts.modules.fields.${key}`;
const s = (key: string) => `resources.cohorts.modules.sections.${key}`;
const full = { gridColumn: '1 / -1' };

/** Every module group by name (GET /module_groups), shared with the program screens' cache. */
export function useModuleGroups() {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: ['module_groups'], queryFn: () => dataProvider.moduleGroups(), staleTime: 60_000 });
}

/**
 * The cohort-module form (back-office spec §3 "Module"): PUT .../cohort_modules/{moduleId} replaces
 * these fields. Dates are chosen as days (the API reads them in the school's zone; an unchanged day
 * keeps its time); a close before the open, or an end before the start, is refused.
 */
export function ModuleInputs() {
  const { data: groups = [] } = useModuleGroups();
  return (
    <>
      <FormSection title={s('module')}>
        <Box sx={full}>
          <TextInput source="title" label={f('title')} validate={[requiredValue, maxChars(255)]} fullWidth />
        </Box>
        <TextInput source="group" label={f('group')} validate={maxChars(100)} helperText={false} />
        <SelectInput source="moduleGroupId" label={f('moduleGroup')} choices={groups} optionText="name" emptyText="resources.cohorts.modules.no_group" helperText={false} />
        <NumberInput source="displayOrder" label={f('displayOrder')} min={0} step={1} validate={wholeFrom(0)} helperText={false} />
        <NumberInput source="duration" label={f('duration')} min={0} step={1} validate={wholeFrom(0)} helperText={false} />
      </FormSection>
      <FormSection title={s('dates')}>
        <DateInput source="openDate" label={f('openDate')} />
        <DateInput source="closeDate" label={f('closeDate')} validate={notBefore('openDate')} />
        <DateInput source="startDateTime" label={f('startDateTime')} />
        <DateInput source="endDateTime" label={f('endDateTime')} validate={notBefore('startDateTime')} />
      </FormSection>
      <FormSection title={s('lms')}>
        <TextInput source="d2lModuleId" label={f('d2lModuleId')} validate={maxChars(40)} helperText={false} />
        <NumberInput source="communicationTemplateId" label={f('communicationTemplateId')} validate={wholeFrom(1)} helperText={false} />
        <Box sx={full}>
          <TextInput source="image" label={f('image')} validate={maxChars(500)} helperText={false} fullWidth />
        </Box>
        <BooleanInput source="locked" label={f('locked')} helperText={false} />
        <BooleanInput source="consumeTrackingEnabled" label={f('consumeTrackingEnabled')} helperText={false} />
      </FormSection>
    </>
  );
}
