import { useMemo, useState, type MouseEvent } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import { Button, DataTable, ListBase, SelectInput, TextInput, useCanAccess, useGetOne, useListContext, useTranslate, type Identifier } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { EnumField } from '../../common/enums';
import { formatMoney, MoneyField } from '../../common/money';
import { DrawerFrame } from '../../common/RecordDrawer';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { requiredValue } from '../../common/validation';
import { FormSection } from '../../common/FormSection';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { LastChanged } from '../../common/LastChanged';
import { LoadState, NestedPage, ProductPartDeleteButton } from './NestedPage';
import {
  PRODUCTS,
  adjustmentsPath,
  maxChars,
  planName,
  productPlansResource,
  toProductPlanPayload,
  type PlanTemplate,
  type Product,
  type ProductPaymentPlan,
} from './productRecord';
import { NestedRecordEditor } from '../../common/NestedRecordEditor';

const t = (key: string) => `resources.products.${key}`;
const PAGE = 100; // the API's default page of a product's plans

type Translate = (key: string, options?: object) => string;

/** A template as a choice: 'Two-year plan · Interest bearing · $6,000.00'. */
export function templateLabel(template: Pick<PlanTemplate, 'description' | 'paymentPlanType' | 'tuitionPrice'>, translate: Translate): string {
  const type = translate(`enums.PaymentPlanType.${template.paymentPlanType}`, { _: template.paymentPlanType });
  return [template.description, type, formatMoney(template.tuitionPrice)].filter(Boolean).join(' · ');
}

/** The plan templates of every business category (GET /business_categories/payment_plans), loaded once. */
function useTemplates() {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: ['products', 'paymentPlanTemplates'], queryFn: () => dataProvider.paymentPlanTemplates() as Promise<PlanTemplate[]>, staleTime: 60_000 });
}

/** What the chosen template is: type, schedule, tuition, deposit, number of payments. */
function TemplateSummary({ template }: { template: PlanTemplate | undefined }) {
  const translate = useTranslate();
  if (!template) return null;
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="template-summary">
      <InfoSection title={t('sections.terms')}>
        <InfoRow label={t('plan_fields.paymentPlanType')}>{enumText('PaymentPlanType', template.paymentPlanType)}</InfoRow>
        <InfoRow label={t('plan_fields.paymentScheduleType')}>{enumText('PaymentScheduleType', template.paymentScheduleType)}</InfoRow>
        <InfoRow label={t('plan_fields.tuitionPrice')}>{formatMoney(template.tuitionPrice)}</InfoRow>
        <InfoRow label={t('plan_fields.depositAmount')}>{formatMoney(template.depositAmount)}</InfoRow>
        <InfoRow label={t('plan_fields.totalTerm')}>{template.totalTerm ?? ''}</InfoRow>
      </InfoSection>
    </Box>
  );
}

/** The product plan form body: the template (required) and the product's own texts. */
export function ProductPlanInputs() {
  const translate = useTranslate();
  const { data: templates, isPending } = useTemplates();
  const chosen = useWatch({ name: 'paymentPlanId' }) as number | string | undefined;
  const choices = useMemo(() => (templates ?? []).map((p) => ({ id: p.id, name: templateLabel(p, translate) })), [templates, translate]);
  const template = templates?.find((p) => String(p.id) === String(chosen));
  return (
    <>
      <FormSection title={t('sections.template')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SelectInput
            source="paymentPlanId"
            label={t('plan_fields.paymentPlanId')}
            choices={choices}
            isPending={isPending}
            validate={requiredValue}
            helperText={t('helpers.templateHint')}
            fullWidth
            data-testid="plan-template"
          />
        </Box>
        <TemplateSummary template={template} />
      </FormSection>
      <FormSection title={t('sections.texts')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="shortDescription" label={t('plan_fields.shortDescription')} validate={maxChars(255)} fullWidth />
          <TextInput source="longDescription" label={t('plan_fields.longDescription')} validate={maxChars(10_000)} multiline minRows={2} fullWidth />
        </Box>
        <TextInput source="salesforcePaymentPlanId" label={t('plan_fields.salesforcePaymentPlanId')} validate={maxChars(40)} helperText={false} />
      </FormSection>
    </>
  );
}

/**
 * Add (POST) or edit (PUT) one of the product's payment plans, pessimistically, with delete (confirm)
 * for those who may delete; the payload is exactly the plan's fields. A refusal (the last plan of a
 * published product, an archived product) is notified with the server's message.
 */
export function ProductPlanEditor({ productId, planId, onDone }: { productId: Identifier; planId: Identifier | 'create'; onDone: () => void }) {
  // The nested resource is not one react-admin knows: access is checked on products, and the API enforces it.
  return (
    <NestedRecordEditor<ProductPaymentPlan>
      resource={productPlansResource(productId)}
      id={planId}
      transform={(data) => toProductPlanPayload(data) as unknown as ProductPaymentPlan}
      inputs={<ProductPlanInputs />}
      createdMessage={t('notifications.plan_created')}
      savedMessage={t('notifications.plan_saved')}
      onDone={onDone}
      deleteButton={(record) => (
        <ProductPartDeleteButton
          title={t('actions.delete_plan_title')}
          content={t('actions.delete_plan_content')}
          name={planName(record)}
          successMessage={t('notifications.plan_deleted')}
          onDone={onDone}
          testId="delete-plan"
        />
      )}
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

/** A plan, read only (staff without products:update, or an archived product). */
export function ProductPlanView({ plan }: { plan: ProductPaymentPlan }) {
  const translate = useTranslate();
  return (
    <Box data-testid="plan-view">
      <InfoSection title={t('sections.template')}>
        <InfoRow label={t('plan_fields.template')}>{plan.paymentPlan ? templateLabel(plan.paymentPlan, translate) : ''}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.texts')}>
        <InfoRow label={t('plan_fields.shortDescription')}>{plan.shortDescription}</InfoRow>
        <InfoRow label={t('plan_fields.longDescription')}>{plan.longDescription}</InfoRow>
        <InfoRow label={t('plan_fields.salesforcePaymentPlanId')}>{plan.salesforcePaymentPlanId}</InfoRow>
      </InfoSection>
      <LastChanged record={plan} />
    </Box>
  );
}

/** The row's way to the spec's .../payment-plans/:paymentPlanId/adjustments. */
function AdjustmentsLink({ record }: { record: ProductPaymentPlan }) {
  const { search } = useLocation();
  return (
    <Button
      component={RouterLink}
      to={`${adjustmentsPath(record.productId, record.id)}${search}`}
      label={String(record.adjustments?.length ?? 0)}
      size="small"
      onClick={(event: MouseEvent) => event.stopPropagation()}
      data-testid={`plan-adjustments-${record.id}`}
    >
      <TuneIcon />
    </Button>
  );
}

function PlansTable({ onOpen }: { onOpen: (plan: ProductPaymentPlan) => void }) {
  const translate = useTranslate();
  const { isPending } = useListContext();
  if (isPending) return <LinearProgress />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable<ProductPaymentPlan>
        rowClick={(_id, _resource, record) => {
          onOpen(record as ProductPaymentPlan);
          return false;
        }}
        bulkActionButtons={false}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="plans-empty">
            {translate(t('messages.no_plans'))}
          </Typography>
        }
      >
        <DataTable.Col source="shortDescription" label={t('plan_fields.shortDescription')} render={(record) => planName(record as ProductPaymentPlan)} />
        <DataTable.Col source="paymentPlan.description" label={t('plan_fields.template')} disableSort />
        <DataTable.Col source="paymentPlan.paymentPlanType" label={t('plan_fields.paymentPlanType')} disableSort>
          <EnumField enumName="PaymentPlanType" source="paymentPlan.paymentPlanType" />
        </DataTable.Col>
        <DataTable.Col source="paymentPlan.tuitionPrice" label={t('plan_fields.tuitionPrice')} disableSort align="right">
          <MoneyField source="paymentPlan.tuitionPrice" />
        </DataTable.Col>
        <DataTable.Col source="salesforcePaymentPlanId" label={t('plan_fields.salesforcePaymentPlanId')} disableSort />
        <DataTable.Col source="adjustments" label={t('plan_fields.adjustments')} disableSort render={(record) => <AdjustmentsLink record={record as ProductPaymentPlan} />} />
      </DataTable>
    </Box>
  );
}

/**
 * /products/:productId/payment-plans: the product's plans (GET .../product_payment_plans, 100 by id),
 * 'Add payment plan' with products:create, a row opens the plan's drawer — the form with
 * products:update (delete with products:delete), its details otherwise or when the product is archived.
 */
export function ProductPaymentPlans() {
  const translate = useTranslate();
  const { productId = '' } = useParams();
  const { search } = useLocation();
  const { data: product, isPending, error } = useGetOne<Product>(PRODUCTS, { id: productId });
  const create = useCanAccess({ resource: PRODUCTS, action: 'create' });
  const edit = useCanAccess({ resource: PRODUCTS, action: 'edit' });
  const [open, setOpen] = useState<ProductPaymentPlan | 'create' | null>(null);
  if (!product) return <LoadState isPending={isPending} error={error} notFound={t('messages.not_found')} />;
  const writable = !product.deleted;
  const close = () => setOpen(null);
  const title = open === 'create' ? translate(t('titles.new_plan')) : open ? planName(open) || translate(t('titles.edit_plan')) : null;
  return (
    <NestedPage
      crumbs={[
        { label: translate(t('actions.back_to_products')), to: `/${PRODUCTS}${search}` },
        { label: product.name, to: `/${PRODUCTS}/${product.id}${search}` },
        { label: translate(t('actions.payment_plans')) },
      ]}
      title={translate(t('titles.plans'), { name: product.name })}
      action={
        create.canAccess && writable ? (
          <Button label={t('actions.add_plan')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-plan">
            <AddIcon />
          </Button>
        ) : null
      }
    >
      {product.deleted ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="product-archived">
          {translate(t('messages.archived'))}
        </Alert>
      ) : null}
      <ListBase<ProductPaymentPlan> resource={productPlansResource(product.id)} perPage={PAGE} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation disableAuthentication>
        <PlansTable onOpen={setOpen} />
      </ListBase>
      <DrawerFrame open={open !== null} onClose={close} title={title}>
        {open === 'create' ? <ProductPlanEditor productId={product.id} planId="create" onDone={close} /> : null}
        {open && open !== 'create' ? (
          edit.canAccess && writable ? (
            <ProductPlanEditor productId={product.id} planId={open.id} onDone={close} />
          ) : (
            <ProductPlanView plan={open} />
          )
        ) : null}
      </DrawerFrame>
    </NestedPage>
  );
}

export default ProductPaymentPlans;
