import { Box } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ProductInputs } from './ProductInputs';
import { PRODUCTS, toProductPayload, type Product } from './productRecord';
import { useServerRefusal } from '../../common/useServerRefusal';

/**
 * The add drawer of /products/create: POST /products with exactly the product's fields and its
 * cohorts. The product starts unpublished; on success the drawer moves to it, the list's filters kept.
 */
export function ProductCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onError = useServerRefusal();
  return (
    <CreateBase<Product>
      resource={PRODUCTS}
      redirect={false}
      transform={(data) => toProductPayload(data) as unknown as Product}
      mutationOptions={{
        onSuccess: (created: Product) => {
          notify('resources.products.notifications.created', { type: 'success' });
          navigate(`/${PRODUCTS}/${created.id}${search}`);
        },
        onError,
      }}
    >
      <SimpleForm
        noValidate
        sx={{ p: 0 }}
        defaultValues={{ flowType: 'HCTP', cohortIds: [] }}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <ProductInputs />
      </SimpleForm>
    </CreateBase>
  );
}

export default ProductCreate;
