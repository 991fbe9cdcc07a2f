import { useEffect } from 'react';
import { Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEnumChoices } from '../../../common/enums';
import { MoneyInput } from '../../../common/money';
import { requiredValue } from '../../../common/validation';
import { maxChars, moneyAmount } from '../../../common/businessCategoryRecord';
import { FormSection } from '../../../common/FormSection';
import { pt } from './PartsCommon';
import { priceWhenFixed } from './partsRecord';

const f = (key: string) => pt(`extra_products.fields.${key}`);

/**
 * The extra product form body, shared by add and edit. Choosing FREE sets the price to 0 and shows it
 * disabled (the payload and the server do the same); a FIXED product needs its price. `published`
 * is not here: it changes with the Publish button.
 */
export function ExtraProductInputs() {
  const types = useEnumChoices('ExtraProductType');
  const priceTypes = useEnumChoices('ExtraProductPriceType');
  const { getValues, setValue } = useFormContext();
  const priceType = useWatch({ name: 'priceType' }) as string | undefined;
  const free = priceType === 'FREE';
  useEffect(() => {
    if (free && getValues('price') !== 0) setValue('price', 0, { shouldDirty: true });
  }, [free, getValues, setValue]);
  return (
    <>
      <FormSection title={pt('extra_products.titles.edit')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="name" label={f('name')} validate={[requiredValue, maxChars(200)]} fullWidth />
        </Box>
        <SelectInput source="type" label={f('type')} choices={types} validate={requiredValue} helperText={false} />
        <SelectInput source="priceType" label={f('priceType')} choices={priceTypes} validate={requiredValue} helperText={false} />
        <MoneyInput source="price" label={f('price')} validate={[priceWhenFixed, moneyAmount]} disabled={free} helperText={free ? pt('extra_products.helpers.free') : false} />
        <Box />
        <BooleanInput source="calculateTaxes" label={f('calculateTaxes')} helperText={false} />
        <BooleanInput source="multipleItemPurchase" label={f('multipleItemPurchase')} helperText={false} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="description" label={f('description')} validate={maxChars(5000)} fullWidth multiline minRows={3} helperText={false} />
        </Box>
      </FormSection>
    </>
  );
}
