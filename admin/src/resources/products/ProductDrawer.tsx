import { Alert, Box, Chip, LinearProgress, Stack } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { ProductActions } from './ProductActions';
import { ProductCreate } from './ProductCreate';
import { LastChanged } from '../../common/LastChanged';
import { ProductEdit } from './ProductEdit';
import { PRODUCTS, type Product } from './productRecord';

const f = (key: string) => `resources.products.fields.${key}`;
const st = (key: string) => `resources.products.status.${key}`;

/** Published / not published, enrolling / not, archived: what the product is now, at a glance. */
export function ProductStatusChips({ record }: { record: Pick<Product, 'published' | 'enrolling' | 'deleted'> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="product-status">
      {record.deleted ? <Chip size="small" color="warning" label={translate(st('archived'))} /> : null}
      <Chip
        size="small"
        variant={record.published ? 'filled' : 'outlined'}
        color={record.published ? 'success' : 'default'}
        label={translate(st(record.published ? 'published' : 'unpublished'))}
      />
      <Chip
        size="small"
        variant={record.enrolling ? 'filled' : 'outlined'}
        color={record.enrolling ? 'info' : 'default'}
        label={translate(st(record.enrolling ? 'enrolling' : 'not_enrolling'))}
      />
    </Stack>
  );
}

/** The product for staff who may read but not change it (and for an archived product). */
export function ProductView({ record }: { record: Product }) {
  const translate = useTranslate();
  return (
    <Box data-testid="product-view">
      <InfoSection title="resources.products.sections.product">
        <InfoRow label={f('name')}>{record.name}</InfoRow>
        <InfoRow label={f('flowType')}>{translate(`enums.ProductFlowType.${record.flowType}`, { _: record.flowType })}</InfoRow>
        <InfoRow label={f('cost')}>{formatMoney(record.cost)}</InfoRow>
        <InfoRow label={f('description')}>{record.description}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.products.sections.enrollment">
        <InfoRow label={f('enrollingStartDate')}>{formatDate(record.enrollingStartDate)}</InfoRow>
        <InfoRow label={f('enrollingEndDate')}>{formatDate(record.enrollingEndDate)}</InfoRow>
        <InfoRow label={f('enrollmentAgreementUrl')}>{record.enrollmentAgreementUrl}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.products.sections.cohorts">
        <InfoRow label={f('cohorts')} testId="product-cohort-labels">
          {record.cohorts.length ? record.cohorts.map((c) => c.label).join('; ') : translate('resources.products.messages.no_cohorts')}
        </InfoRow>
        <InfoRow label={f('paymentPlanCount')}>{translate('resources.products.messages.plans_count', { smart_count: record.paymentPlanCount })}</InfoRow>
      </InfoSection>
      <InfoSection title="resources.products.sections.salesforce">
        <InfoRow label={f('salesforceProductType')}>{record.salesforceProductType}</InfoRow>
        <InfoRow label={f('salesforceProductId')}>{record.salesforceProductId}</InfoRow>
      </InfoSection>
    </Box>
  );
}

/**
 * One product in the drawer: its state, its actions, and the form (products:update; an archived
 * product is read-only until undeleted) or the read-only view.
 */
export function ProductDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const { data: record, error, isPending } = useGetOne<Product>(PRODUCTS, { id });
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: PRODUCTS, action: 'edit' });
  if (isPending || checking) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="product-load-error">
        {translate('resources.products.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={PRODUCTS}>
      <ProductStatusChips record={record} />
      <ProductActions record={record} />
      {record.deleted ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="product-archived">
          {translate('resources.products.messages.archived')}
        </Alert>
      ) : null}
      {canEdit && !record.deleted ? (
        <ProductEdit id={id} />
      ) : (
        <>
          {!canEdit ? (
            <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
              {translate('resources.products.messages.read_only')}
            </Alert>
          ) : null}
          <ProductView record={record} />
        </>
      )}
      <LastChanged record={record} />
    </ResourceContextProvider>
  );
}

function ProductDrawerTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const isCreate = id === 'create';
  const { data } = useGetOne<Product>(PRODUCTS, { id }, { enabled: !isCreate });
  if (isCreate) return <>{translate('resources.products.titles.new_product')}</>;
  return <span data-testid="drawer-title">{data?.name ?? ''}</span>;
}

/** The drawer over the list on /products/:id (`create` included), with 'Copy direct link'. */
export function ProductDrawer() {
  return (
    <RecordDrawer basePath={`/${PRODUCTS}`} title={(id) => <ProductDrawerTitle id={id} />}>
      {(id) =>
        id === 'create' ? (
          <ResourceContextProvider value={PRODUCTS}>
            <ProductCreate />
          </ResourceContextProvider>
        ) : (
          <ProductDetail key={id} id={id} />
        )
      }
    </RecordDrawer>
  );
}
