import { Box, Typography } from '@mui/material';
import { EditBase, SaveButton, SimpleForm, useLocaleState, useNotify, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { ProductInputs } from './ProductInputs';
import { PRODUCTS, toProductPayload, type Product, type UpdatedBy } from './productRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

/** 'Last changed 03-02-2026, 10:15 AM by Ana Díaz' under a form. */
export function LastChanged({ record }: { record: { updatedAt?: string; updatedBy?: UpdatedBy | null } }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.updatedAt) return null;
  const date = formatDateTime(record.updatedAt, locale);
  const name = record.updatedBy?.name;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="last-changed">
      {name ? translate('resources.products.messages.updated', { date, name }) : translate('resources.products.messages.updated_no_name', { date })}
    </Typography>
  );
}

/**
 * The product form of the drawer: PUT /products/{id} with exactly the product's fields and its
 * cohorts, saved pessimistically; a 400's field errors land under their inputs, a 409 (archived,
 * enrolling window, a published product left without cohorts) is notified with the server's message.
 */
export function ProductEdit({ id }: { id: Identifier }) {
  const notify = useNotify();
  const onError = useServerRefusal();
  return (
    <EditBase<Product>
      resource={PRODUCTS}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toProductPayload(data) as unknown as Product}
      mutationOptions={{ onSuccess: () => notify('resources.products.notifications.saved', { type: 'success' }), onError }}
    >
      <SimpleForm
        noValidate
        sx={{ p: 0 }}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <ProductInputs />
      </SimpleForm>
    </EditBase>
  );
}
