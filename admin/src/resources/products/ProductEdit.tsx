import { Box } from '@mui/material';
import { EditBase, SaveButton, SimpleForm, useNotify, type Identifier } from 'react-admin';
import { ProductInputs } from './ProductInputs';
import { PRODUCTS, toProductPayload, type Product } from './productRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

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
