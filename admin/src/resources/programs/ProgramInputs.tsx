import { Box } from '@mui/material';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectArrayInput, SelectInput, TextInput, minValue, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Messages } from '../../../../models/messages';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { MoneyInput } from '../../common/money';
import { requiredValue } from '../../common/validation';
import { FileInput } from '../../common/FileInput';
import { FormSection } from '../../common/FormSection';
import { useCategoryChoices } from './programFilters';
import { durationChoices } from './programRecord';

const t = (key: string) => `resources.programs.${key}`;
const field = (key: string) => t(`fields.${key}`);

/** A whole number ≥ 0 (days, hours, weeks), as the API requires. */
const wholeNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0) ? undefined : Messages.INVALID_VALUE;
const nonNegative = minValue(0, Messages.INVALID_VALUE);
const full = { gridColumn: '1 / -1' };

/**
 * The program form body shared by the add and edit drawers. Each input's `source` is the API's field
 * path (`enrollmentAgreement.url`), which is also the key of the server's field errors, so a 400 shows
 * its message under the input it concerns. The duration select reads 'Accelerated (6 Months)' or
 * '12 Months' as the accelerated switch says; a continuous-learning program is never accelerated.
 */
export function ProgramInputs() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const categories = useCategoryChoices();
  const languageChoices = useEnumChoices('Language');
  const durationType = useWatch({ name: 'durationType' }) as string | undefined;
  const accelerated = useWatch({ name: 'accelerated' }) as boolean | undefined;
  const fixed = (durationType ?? 'FIXED_DURATION') === 'FIXED_DURATION';

  return (
    <>
      <FormSection title={t('sections.program')}>
        <TextInput source="name" label={field('name')} validate={requiredValue} />
        <SelectInput source="businessCategoryId" label={field('businessCategoryId')} choices={categories} validate={requiredValue} emptyText="" />
        <Box sx={full}>
          <TextInput source="description" label={field('description')} multiline minRows={2} fullWidth />
        </Box>
        <Box sx={full}>
          <TextInput source="preRequisites" label={field('preRequisites')} multiline fullWidth />
        </Box>
        <FileInput source="image" label={field('image')} purpose="IMAGE" />
        <TextInput source="welcomeEmailTemplate" label={field('welcomeEmailTemplate')} />
      </FormSection>
      <FormSection title={t('sections.duration')}>
        <SelectInput
          source="durationType"
          label={field('durationType')}
          choices={durationChoices(fixed && accelerated === true, locale === 'es' ? 'es' : 'en')}
          validate={requiredValue}
          emptyText=""
        />
        <BooleanInput source="accelerated" label={field('accelerated')} disabled={!fixed} helperText={fixed ? false : translate(t('helpers.accelerated'))} />
        <NumberInput source="courseAccessDuration" label={field('courseAccessDuration')} validate={wholeNumber} step={1} />
        <NumberInput source="graduationLimitDays" label={field('graduationLimitDays')} validate={wholeNumber} step={1} />
        <NumberInput source="clockHours" label={field('clockHours')} validate={wholeNumber} step={1} />
        <NumberInput source="weeks" label={field('weeks')} validate={wholeNumber} step={1} />
      </FormSection>
      <FormSection title={t('sections.tuition')}>
        <MoneyInput source="cost" label={field('cost')} validate={nonNegative} />
        <MoneyInput source="registrationFee" label={field('registrationFee')} validate={nonNegative} />
        <MoneyInput source="booksAndMaterialsFee" label={field('booksAndMaterialsFee')} validate={nonNegative} />
      </FormSection>
      <FormSection title={t('sections.languages')}>
        <SelectInput source="language" label={field('language')} choices={languageChoices} validate={requiredValue} emptyText="" />
        <SelectArrayInput source="languages" label={field('languages')} choices={languageChoices} helperText={t('helpers.languages')} />
      </FormSection>
      <FormSection title={t('sections.agreement')}>
        <Box sx={full}>
          <TextInput source="enrollmentAgreement.url" label={field('enrollmentAgreement.url')} fullWidth />
        </Box>
        <DateInput source="enrollmentAgreement.publicationDate" label={field('enrollmentAgreement.publicationDate')} />
        <DateInput source="enrollmentAgreement.lastRevisionDate" label={field('enrollmentAgreement.lastRevisionDate')} />
      </FormSection>
      <FormSection title={t('sections.options')}>
        <BooleanInput source="isBundle" label={field('isBundle')} helperText={t('helpers.isBundle')} />
        <BooleanInput source="showOhioVideo" label={field('showOhioVideo')} />
        <BooleanInput source="reservedSeat" label={field('reservedSeat')} />
      </FormSection>
      <FormSection title={t('sections.integrations')}>
        <TextInput source="salesforceProductId" label={field('salesforceProductId')} />
        <TextInput source="salesforceProductType" label={field('salesforceProductType')} />
        <TextInput source="d2lOrgUnitId" label={field('d2lOrgUnitId')} />
        <TextInput source="accredibleGroupId" label={field('accredibleGroupId')} />
        <ReferenceInput source="lmsConnectionId" reference="lms" sort={{ field: 'name', order: 'ASC' }} perPage={50}>
          <AutocompleteInput label={field('lmsConnection')} optionText="name" helperText={t('helpers.lmsConnection')} fullWidth data-testid="program-lms-connection" />
        </ReferenceInput>
      </FormSection>
    </>
  );
}
