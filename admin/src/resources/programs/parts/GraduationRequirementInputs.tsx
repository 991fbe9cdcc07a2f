import { useMemo } from 'react';
import { Box } from '@mui/material';
import { NumberInput, SelectInput, TextInput, useGetList, useTranslate, type Identifier } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useEnumChoices } from '../../../common/enums';
import { requiredValue } from '../../../common/validation';
import { maxChars } from '../../../common/businessCategoryRecord';
import { FormSection } from '../../../common/FormSection';
import { pt } from './PartsCommon';
import { lmsCategoriesResource, notAboveTotal, percentScore, PARTS_PAGE, wholeNumber, type LmsCategory } from './partsRecord';

const f = (key: string) => pt(`requirements.fields.${key}`);
const h = (key: string) => pt(`requirements.helpers.${key}`);

/** The program's LMS categories of one kind as `{ id, name }` choices (filled by the LMS sync; often none yet). */
function useCategoryChoices(programId: Identifier, kind: 'QUIZ' | 'ASSIGNMENT') {
  const { data } = useGetList<LmsCategory>(lmsCategoriesResource(programId, kind), { pagination: { page: 1, perPage: PARTS_PAGE }, sort: { field: 'name', order: 'ASC' } });
  return useMemo(() => (data ?? []).map((c) => ({ id: c.id, name: c.name })), [data]);
}

/** Quiz ids: the stored list shows one per line; what is typed stays text until the payload cleans it. */
const showQuizIds = (value: unknown) => (Array.isArray(value) ? value.join('\n') : ((value as string | undefined) ?? ''));

/**
 * The graduation requirement form body, shared by add and edit. A QUIZ requirement offers the
 * program's quiz categories and quiz ids; an ASSIGNMENT one its assignment categories.
 */
export function GraduationRequirementInputs({ programId }: { programId: Identifier }) {
  const translate = useTranslate();
  const types = useEnumChoices('GraduationRequirementType');
  const type = useWatch({ name: 'type' }) as string | undefined;
  const quizCategories = useCategoryChoices(programId, 'QUIZ');
  const assignmentCategories = useCategoryChoices(programId, 'ASSIGNMENT');
  const noCategories = translate(h('no_categories'));
  return (
    <>
      <FormSection title={pt('requirements.sections.requirement')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="name" label={f('name')} validate={[requiredValue, maxChars(200)]} fullWidth />
        </Box>
        <SelectInput source="type" label={f('type')} choices={types} validate={requiredValue} helperText={false} data-testid="requirement-type" />
        <NumberInput source="displayOrder" label={f('displayOrder')} step={1} min={0} validate={[requiredValue, wholeNumber]} helperText={h('displayOrder')} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="requirement" label={f('requirement')} validate={maxChars(255)} fullWidth helperText={false} />
        </Box>
      </FormSection>
      <FormSection title={pt('requirements.sections.counts')}>
        <NumberInput source="total" label={f('total')} step={1} min={0} validate={wholeNumber} helperText={false} />
        <NumberInput source="minScore" label={f('minScore')} step={0.01} min={0} max={100} validate={percentScore} helperText={h('minScore')} />
        <NumberInput source="minRequiredToComplete" label={f('minRequiredToComplete')} step={1} min={0} validate={[wholeNumber, notAboveTotal]} helperText={false} />
        <NumberInput source="minRequiredToPass" label={f('minRequiredToPass')} step={1} min={0} validate={[wholeNumber, notAboveTotal]} helperText={false} />
      </FormSection>
      {type === 'QUIZ' || type === 'ASSIGNMENT' ? (
        <FormSection title={pt('requirements.sections.lms')}>
          {type === 'QUIZ' ? (
            <>
              <SelectInput source="quizCategoryId" label={f('quizCategoryId')} choices={quizCategories} emptyText="—" helperText={quizCategories.length ? false : noCategories} />
              <TextInput source="quizIds" label={f('quizIds')} multiline minRows={2} format={showQuizIds} parse={(v: string) => v} helperText={h('quizIds')} />
            </>
          ) : (
            <SelectInput
              source="assignmentCategoryId"
              label={f('assignmentCategoryId')}
              choices={assignmentCategories}
              emptyText="—"
              helperText={assignmentCategories.length ? false : noCategories}
            />
          )}
        </FormSection>
      ) : null}
    </>
  );
}
