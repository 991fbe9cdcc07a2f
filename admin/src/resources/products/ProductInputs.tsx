import { Box } from '@mui/material';
import { AutocompleteArrayInput, ReferenceArrayInput, SelectInput, TextInput } from 'react-admin';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { MoneyInput } from '../../common/money';
import { requiredValue } from '../../common/validation';
import { FormSection } from '../../common/FormSection';
import { costAmount, enrollingEndRule, httpUrl, maxChars } from './productRecord';

const f = (key: string) => `resources.products.fields.${key}`;
const s = (key: string) => `resources.products.sections.${key}`;
const h = (key: string) => `resources.products.helpers.${key}`;

/** A cohort choice reads by its label ('HCTP 01-15-2027 - 12-15-2027'). */
const cohortText = (cohort: { label?: string; id?: number } | undefined) => cohort?.label ?? String(cohort?.id ?? '');

/**
 * The product form body shared by the create and edit drawers (back-office spec §3 "Product"). Each
 * input's `source` is the API's field, also the key of the server's field errors, so a 400 shows its
 * message under the input. The cohorts (product items) are chosen among the cohorts the API lists
 * (GET /cohorts?keyword=, CREATED and ACTIVE by default); the window's start may not come after its end.
 */
export function ProductInputs() {
  const flowTypes = useEnumChoices('ProductFlowType');
  return (
    <>
      <FormSection title={s('product')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="name" label={f('name')} validate={[requiredValue, maxChars(200)]} fullWidth />
        </Box>
        <SelectInput source="flowType" label={f('flowType')} choices={flowTypes} validate={requiredValue} data-testid="product-flow-type" />
        <MoneyInput source="cost" label={f('cost')} validate={costAmount} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="description" label={f('description')} validate={maxChars(10_000)} multiline minRows={2} fullWidth />
        </Box>
      </FormSection>
      <FormSection title={s('enrollment')}>
        <DateInput source="enrollingStartDate" label={f('enrollingStartDate')} helperText={h('enrollingWindow')} />
        <DateInput source="enrollingEndDate" label={f('enrollingEndDate')} validate={enrollingEndRule} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="enrollmentAgreementUrl" label={f('enrollmentAgreementUrl')} validate={[httpUrl, maxChars(500)]} fullWidth />
        </Box>
      </FormSection>
      <FormSection title={s('cohorts')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ReferenceArrayInput source="cohortIds" reference="cohorts" sort={{ field: 'label', order: 'ASC' }} perPage={50}>
            <AutocompleteArrayInput label={f('cohortIds')} optionText={cohortText} helperText={h('cohortIds')} fullWidth data-testid="product-cohorts" />
          </ReferenceArrayInput>
        </Box>
      </FormSection>
      <FormSection title={s('salesforce')}>
        <TextInput source="salesforceProductType" label={f('salesforceProductType')} validate={maxChars(40)} helperText={false} />
        <TextInput source="salesforceProductId" label={f('salesforceProductId')} validate={maxChars(40)} helperText={false} />
      </FormSection>
    </>
  );
}
