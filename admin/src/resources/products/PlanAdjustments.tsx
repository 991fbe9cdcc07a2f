import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, ListBase, SelectInput, TextInput, useCanAccess, useGetOne, useListContext, useTranslate, type Identifier } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { EnumField, useEnumChoices } from '../../common/enums';
import { formatMoney, MoneyInput } from '../../common/money';
import { DrawerFrame } from '../../common/RecordDrawer';
import { requiredValue } from '../../common/validation';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { LastChanged } from '../../common/LastChanged';
import { LoadState, NestedPage, ProductPartDeleteButton } from './NestedPage';
import {
  PRODUCTS,
  adjustmentAmount,
  adjustmentsResource,
  maxChars,
  planName,
  plansPath,
  productPlansResource,
  toAdjustmentPayload,
  type PlanAdjustment,
  type Product,
  type ProductPaymentPlan,
} from './productRecord';
import { NestedRecordEditor } from '../../common/NestedRecordEditor';

const t = (key: string) => `resources.products.${key}`;
const PAGE = 100; // the API's default page of a plan's adjustments

/** A credit reads as money taken off ('-$250.00'), a charge as money added ('$35.50'). */
export function signedAmount(adjustment: Pick<PlanAdjustment, 'type' | 'amount'>): string {
  return formatMoney(adjustment.type === 'CREDIT' ? -Math.abs(adjustment.amount) : adjustment.amount);
}

/** The adjustment form body: description, type (charge or credit), category and an amount above zero. */
export function AdjustmentInputs() {
  const types = useEnumChoices('AdjustmentType');
  const categories = useEnumChoices('AdjustmentCategory');
  return (
    <>
      <TextInput source="description" label={t('adjustment_fields.description')} validate={[requiredValue, maxChars(255)]} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <SelectInput source="type" label={t('adjustment_fields.type')} choices={types} validate={requiredValue} fullWidth data-testid="adjustment-type" />
        <SelectInput source="category" label={t('adjustment_fields.category')} choices={categories} validate={requiredValue} fullWidth data-testid="adjustment-category" />
      </Stack>
      <MoneyInput source="amount" label={t('adjustment_fields.amount')} validate={adjustmentAmount} helperText={t('helpers.amount')} />
    </>
  );
}

/** Add (POST) or edit (PUT) one adjustment of the plan, pessimistically; delete (confirm) with products:delete. */
export function AdjustmentEditor({
  productId,
  planId,
  adjustmentId,
  onDone,
}: {
  productId: Identifier;
  planId: Identifier;
  adjustmentId: Identifier | 'create';
  onDone: () => void;
}) {
  return (
    <NestedRecordEditor<PlanAdjustment>
      resource={adjustmentsResource(productId, planId)}
      id={adjustmentId}
      transform={(data) => toAdjustmentPayload(data) as unknown as PlanAdjustment}
      inputs={<AdjustmentInputs />}
      createdMessage={t('notifications.adjustment_created')}
      savedMessage={t('notifications.adjustment_saved')}
      onDone={onDone}
      deleteButton={(record) => (
        <ProductPartDeleteButton
          title={t('actions.delete_adjustment_title')}
          content={t('actions.delete_adjustment_content')}
          name={record.description}
          successMessage={t('notifications.adjustment_deleted')}
          onDone={onDone}
          testId="delete-adjustment"
        />
      )}
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

function AdjustmentView({ adjustment }: { adjustment: PlanAdjustment }) {
  const translate = useTranslate();
  return (
    <Box data-testid="adjustment-view">
      <InfoSection title={t('titles.edit_adjustment')}>
        <InfoRow label={t('adjustment_fields.description')}>{adjustment.description}</InfoRow>
        <InfoRow label={t('adjustment_fields.type')}>{translate(`enums.AdjustmentType.${adjustment.type}`, { _: adjustment.type })}</InfoRow>
        <InfoRow label={t('adjustment_fields.category')}>{translate(`enums.AdjustmentCategory.${adjustment.category}`, { _: adjustment.category })}</InfoRow>
        <InfoRow label={t('adjustment_fields.amount')}>{signedAmount(adjustment)}</InfoRow>
      </InfoSection>
      <LastChanged record={adjustment} />
    </Box>
  );
}

function AdjustmentsTable({ onOpen }: { onOpen: (adjustment: PlanAdjustment) => void }) {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <LinearProgress />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<PlanAdjustment>
        rowClick={(_id, _resource, record) => {
          onOpen(record as PlanAdjustment);
          return false;
        }}
        bulkActionButtons={false}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="adjustments-empty">
            {translate(t('messages.no_adjustments'))}
          </Typography>
        }
      >
        <DataTable.Col source="description" label={t('adjustment_fields.description')} />
        <DataTable.Col source="type" label={t('adjustment_fields.type')}>
          <EnumField enumName="AdjustmentType" source="type" />
        </DataTable.Col>
        <DataTable.Col source="category" label={t('adjustment_fields.category')}>
          <EnumField enumName="AdjustmentCategory" source="category" />
        </DataTable.Col>
        <DataTable.Col
          source="amount"
          label={t('adjustment_fields.amount')}
          align="right"
          render={(record) => <span data-testid={`amount-${record.id}`}>{signedAmount(record as PlanAdjustment)}</span>}
        />
        <DataTable.Col source="updatedAt" label={t('adjustment_fields.updatedAt')} disableSort render={(record) => formatDate(record.updatedAt)} />
      </DataTable>
    </Box>
  );
}

/**
 * /products/:productId/payment-plans/:paymentPlanId/adjustments: the plan's adjustments (100 by id),
 * 'Add adjustment' with products:create, a row opens its drawer — the form with products:update
 * (delete with products:delete), its details otherwise or when the product is archived.
 */
export function PlanAdjustments() {
  const translate = useTranslate();
  const { productId = '', paymentPlanId = '' } = useParams();
  const { search } = useLocation();
  const product = useGetOne<Product>(PRODUCTS, { id: productId });
  // The plan through its nested resource: GET /products/{id}/product_payment_plans/{planId} (404 for another product's plan).
  const plan = useGetOne<ProductPaymentPlan>(productPlansResource(productId), { id: paymentPlanId });
  const create = useCanAccess({ resource: PRODUCTS, action: 'create' });
  const edit = useCanAccess({ resource: PRODUCTS, action: 'edit' });
  const [open, setOpen] = useState<PlanAdjustment | 'create' | null>(null);
  if (!product.data) return <LoadState isPending={product.isPending} error={product.error} notFound={t('messages.not_found')} />;
  if (!plan.data) return <LoadState isPending={plan.isPending} error={plan.error} notFound={t('messages.plan_not_found')} />;
  const writable = !product.data.deleted;
  const name = planName(plan.data);
  const close = () => setOpen(null);
  const title = open === 'create' ? translate(t('titles.new_adjustment')) : open ? open.description || translate(t('titles.edit_adjustment')) : null;
  return (
    <NestedPage
      crumbs={[
        { label: translate(t('actions.back_to_products')), to: `/${PRODUCTS}${search}` },
        { label: product.data.name, to: `/${PRODUCTS}/${product.data.id}${search}` },
        { label: translate(t('actions.back_to_plans')), to: `${plansPath(product.data.id)}${search}` },
        { label: name },
      ]}
      title={translate(t('titles.adjustments'), { name })}
      action={
        create.canAccess && writable ? (
          <Button label={t('actions.add_adjustment')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-adjustment">
            <AddIcon />
          </Button>
        ) : null
      }
    >
      {product.data.deleted ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="product-archived">
          {translate(t('messages.archived'))}
        </Alert>
      ) : null}
      <ListBase<PlanAdjustment>
        resource={adjustmentsResource(product.data.id, plan.data.id)}
        perPage={PAGE}
        sort={{ field: 'id', order: 'ASC' }}
        disableSyncWithLocation
        disableAuthentication
      >
        <AdjustmentsTable onOpen={setOpen} />
      </ListBase>
      <DrawerFrame open={open !== null} onClose={close} title={title}>
        {open === 'create' ? <AdjustmentEditor productId={product.data.id} planId={plan.data.id} adjustmentId="create" onDone={close} /> : null}
        {open && open !== 'create' ? (
          edit.canAccess && writable ? (
            <AdjustmentEditor productId={product.data.id} planId={plan.data.id} adjustmentId={open.id} onDone={close} />
          ) : (
            <AdjustmentView adjustment={open} />
          )
        ) : null}
      </DrawerFrame>
    </NestedPage>
  );
}

export default PlanAdjustments;
