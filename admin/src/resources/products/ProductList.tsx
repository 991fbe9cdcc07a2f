import type { MouseEvent } from 'react';
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, CreateButton, DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { EnumField } from '../../common/enums';
import { FilterChips } from '../../common/FilterChips';
import { MoneyField } from '../../common/money';
import { SavedFilters } from '../../common/SavedFilters';
import { ProductDrawer } from './ProductDrawer';
import { ProductFilterAside, productFilterDescriptors } from './productFilters';
import { PRODUCTS, plansPath, type Product } from './productRecord';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.products.fields.${key}`;

function ProductListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: PRODUCTS, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.products.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="products" />
      {canCreate ? <CreateButton label="resources.products.actions.create" to={{ pathname: `/${PRODUCTS}/create`, search }} /> : null}
    </TopToolbar>
  );
}

/** The name, with 'Archived' beside it when it is. */
function NameCell({ record }: { record: Product }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography variant="body2">{record.name}</Typography>
      {record.deleted ? <Chip size="small" color="warning" variant="outlined" label={translate('resources.products.status.archived')} /> : null}
    </Stack>
  );
}

function YesNo({ value, testId }: { value: boolean; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={translate(value ? 'app.yes' : 'app.no')} data-testid={testId} />;
}

/** How many cohorts the product sells, their labels in the tooltip. */
function CohortsCell({ record }: { record: Product }) {
  if (!record.cohorts?.length) return <>—</>;
  return (
    <Tooltip title={record.cohorts.map((c) => c.label).join('; ')}>
      <Chip size="small" variant="outlined" label={record.cohorts.length} data-testid={`cohorts-${record.id}`} />
    </Tooltip>
  );
}

/** The row's way to the spec's /products/:productId/payment-plans. */
function PaymentPlansLink({ record }: { record: Product }) {
  const { search } = useLocation();
  return (
    <Button
      component={RouterLink}
      to={`${plansPath(record.id)}${search}`}
      label={String(record.paymentPlanCount ?? 0)}
      size="small"
      onClick={(event: MouseEvent) => event.stopPropagation()}
      data-testid={`product-plans-${record.id}`}
    >
      <PaymentsIcon />
    </Button>
  );
}

/**
 * The products list (/products): keyword, the criteria in an aside (published, enrolling, flow
 * types, show archived), chips, saved filters; id ascending, 10 a page. A row opens the product's
 * drawer at /products/{id} over the list; the plans button goes to its payment plans.
 */
export function ProductList() {
  const { search } = useLocation();
  return (
    <>
      <List
        resource={PRODUCTS}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        actions={<ProductListActions />}
        aside={<ProductFilterAside />}
        empty={false}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <FilterChips descriptors={productFilterDescriptors} />
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<Product> empty={<NoResults />} rowClick={(id) => `/${PRODUCTS}/${id}${search}`} bulkActionButtons={false}>
            <DataTable.Col source="id" label={f('id')} />
            <DataTable.Col source="name" label={f('name')} render={(record) => <NameCell record={record as Product} />} />
            <DataTable.Col source="flowType" label={f('flowType')} disableSort>
              <EnumField enumName="ProductFlowType" source="flowType" />
            </DataTable.Col>
            <DataTable.Col source="cost" label={f('cost')} align="right">
              <MoneyField source="cost" />
            </DataTable.Col>
            <DataTable.Col
              source="enrollingStartDate"
              label={f('enrollingWindow')}
              render={(record) => (
                <Box component="span">
                  {record.enrollingStartDate || record.enrollingEndDate ? `${formatDate(record.enrollingStartDate) || '…'} – ${formatDate(record.enrollingEndDate) || '…'}` : '—'}
                </Box>
              )}
            />
            <DataTable.Col source="enrolling" label={f('enrolling')} disableSort render={(record) => <YesNo value={record.enrolling} testId={`enrolling-${record.id}`} />} />
            <DataTable.Col source="published" label={f('published')} disableSort render={(record) => <YesNo value={record.published} testId={`published-${record.id}`} />} />
            <DataTable.Col source="cohorts" label={f('cohorts')} disableSort render={(record) => <CohortsCell record={record as Product} />} />
            <DataTable.Col source="paymentPlanCount" label={f('paymentPlanCount')} disableSort render={(record) => <PaymentPlansLink record={record as Product} />} />
          </DataTable>
        </Box>
      </List>
      <ProductDrawer />
    </>
  );
}

export default ProductList;
