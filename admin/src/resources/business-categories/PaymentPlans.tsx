import { useEffect, useState } from 'react';
import { Box, InputAdornment, LinearProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Confirm,
  DataTable,
  ListBase,
  NumberInput,
  Pagination,
  SelectInput,
  TextInput,
  useCanAccess,
  useDelete,
  useListContext,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type Identifier,
  type NumberInputProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { EnumField, useEnumChoices } from '../../common/enums';
import { formatMoney, MoneyField, MoneyInput } from '../../common/money';
import { DrawerFrame } from '../../common/RecordDrawer';
import { requiredValue } from '../../common/validation';
import { FormSection } from '../../common/FormSection';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import {
  amortizeTermRule,
  CATEGORIES,
  maxChars,
  moneyAmount,
  NEW_PLAN,
  percentRate,
  plansResource,
  requiredPositive,
  scheduleShows,
  termMonths,
  toPlanPayload,
  totalTermRule,
  type BusinessCategory,
  type CategoryPaymentPlan,
} from '../../common/businessCategoryRecord';
import { TabHeader } from './AccountingLines';
import { NestedRecordEditor } from '../../common/NestedRecordEditor';
import { useServerRefusal } from '../../common/useServerRefusal';
import { LastChanged } from '../../common/LastChanged';

const t = (key: string) => `resources.business-categories.${key}`;
const PAGE = 100; // spec §7/§9: a category's plans are read 100 at a time, page 0

/** A rate in percent: a number input with a '%' after it. */
function PercentInput({ slotProps, ...props }: NumberInputProps) {
  return (
    <NumberInput
      step={0.0001}
      helperText={false}
      {...props}
      slotProps={{ ...slotProps, input: { endAdornment: <InputAdornment position="end">%</InputAdornment>, ...(slotProps?.input as object) } }}
    />
  );
}

/**
 * The plan form body. Choosing PAY_IN_FULL sets the schedule type to FIXED_TERMS and the total term to
 * 1 and shows both disabled (spec §4; the payload and the server force the same). The installment
 * amount shows only for a FIXED_INSTALLMENT_AMOUNT schedule, the principal amount only for
 * FIXED_PRINCIPAL_AMOUNT; both are then required and above zero, as the server requires.
 */
export function PlanInputs() {
  const planTypes = useEnumChoices('PaymentPlanType');
  const scheduleTypes = useEnumChoices('PaymentScheduleType');
  const { getValues, setValue } = useFormContext();
  const paymentPlanType = useWatch({ name: 'paymentPlanType' }) as CategoryPaymentPlan['paymentPlanType'] | undefined;
  const paymentScheduleType = useWatch({ name: 'paymentScheduleType' }) as CategoryPaymentPlan['paymentScheduleType'] | undefined;
  const payInFull = paymentPlanType !== 'INTEREST_BEARING';
  const plan = { paymentPlanType, paymentScheduleType };

  useEffect(() => {
    if (!payInFull) return;
    // Only when they differ, so opening a pay-in-full plan leaves the form untouched (not dirty).
    if (getValues('paymentScheduleType') !== 'FIXED_TERMS') setValue('paymentScheduleType', 'FIXED_TERMS', { shouldDirty: true });
    if (Number(getValues('totalTerm')) !== 1) setValue('totalTerm', 1, { shouldDirty: true });
  }, [payInFull, getValues, setValue]);

  return (
    <>
      <FormSection title={t('sections.plan')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="description" label={t('plan_fields.description')} validate={[requiredValue, maxChars(255)]} fullWidth />
        </Box>
        <SelectInput
          source="paymentPlanType"
          label={t('plan_fields.paymentPlanType')}
          choices={planTypes}
          validate={requiredValue}
          helperText={payInFull ? t('helpers.pay_in_full') : false}
          data-testid="plan-type"
        />
        <TextInput source="salesforcePaymentPlanId" label={t('plan_fields.salesforcePaymentPlanId')} validate={maxChars(40)} helperText={false} />
      </FormSection>
      <FormSection title={t('sections.schedule')}>
        <SelectInput
          source="paymentScheduleType"
          label={t('plan_fields.paymentScheduleType')}
          choices={scheduleTypes}
          validate={payInFull ? undefined : requiredValue}
          disabled={payInFull}
          helperText={false}
        />
        <NumberInput
          source="totalTerm"
          label={t('plan_fields.totalTerm')}
          step={1}
          min={0}
          validate={payInFull ? termMonths : [requiredValue, termMonths, totalTermRule]}
          disabled={payInFull}
          helperText={t('helpers.totalTerm')}
        />
        <NumberInput
          source="amortizeTerm"
          label={t('plan_fields.amortizeTerm')}
          step={1}
          min={0}
          validate={[termMonths, amortizeTermRule]}
          helperText={t('helpers.amortizeTerm')}
        />
        {scheduleShows('installmentAmount', plan) ? (
          <MoneyInput
            source="installmentAmount"
            label={t('plan_fields.installmentAmount')}
            validate={[requiredPositive, moneyAmount]}
            helperText={t('helpers.installmentAmount')}
          />
        ) : null}
        {scheduleShows('principalAmount', plan) ? (
          <MoneyInput source="principalAmount" label={t('plan_fields.principalAmount')} validate={[requiredPositive, moneyAmount]} helperText={t('helpers.principalAmount')} />
        ) : null}
      </FormSection>
      <FormSection title={t('sections.amounts')}>
        <MoneyInput source="tuitionPrice" label={t('plan_fields.tuitionPrice')} validate={moneyAmount} helperText={false} />
        <MoneyInput source="depositAmount" label={t('plan_fields.depositAmount')} validate={moneyAmount} helperText={false} />
      </FormSection>
      <FormSection title={t('sections.interest')}>
        <PercentInput source="interestRate" label={t('plan_fields.interestRate')} validate={percentRate} />
        <PercentInput source="annualPercentageRate" label={t('plan_fields.annualPercentageRate')} validate={percentRate} />
      </FormSection>
    </>
  );
}

/** Delete with a confirmation (business_categories:delete); a refusal is the server's message. */
function PlanDeleteButton({ onDone }: { onDone: () => void }) {
  const record = useRecordContext<CategoryPaymentPlan>();
  const resource = useResourceContext();
  const notify = useNotify();
  const onError = useServerRefusal();
  const { canAccess } = useCanAccess({ resource: CATEGORIES, action: 'delete' });
  const [deleteOne, { isPending }] = useDelete<CategoryPaymentPlan>();
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(t('notifications.plan_deleted'), { type: 'success' });
          onDone();
        },
        onError: (error) => {
          setOpen(false);
          onError(error);
        },
      },
    );
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} data-testid="delete-plan">
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t('actions.delete_plan_title')}
        content={t('actions.delete_plan_content')}
        translateOptions={{ name: record.description }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * Add (POST) or edit (PUT) one of the category's payment plans, pessimistically, with delete (confirm)
 * for those who may delete. The payload is exactly the plan's fields (strict body); refusals arrive as
 * the server's message, field errors under their inputs.
 */
export function PlanEditor({ categoryId, planId, onDone }: { categoryId: Identifier; planId: Identifier | 'create'; onDone: () => void }) {
  // The nested resource is not one react-admin knows: access is checked on the category, and the API enforces it.
  return (
    <NestedRecordEditor<CategoryPaymentPlan>
      resource={plansResource(categoryId)}
      id={planId}
      transform={(data) => toPlanPayload(data) as unknown as CategoryPaymentPlan}
      defaultValues={NEW_PLAN}
      inputs={<PlanInputs />}
      createdMessage={t('notifications.plan_created')}
      savedMessage={t('notifications.plan_saved')}
      onDone={onDone}
      deleteButton={() => <PlanDeleteButton onDone={onDone} />}
      footer={(record) => <LastChanged record={record} />}
    />
  );
}

const terms = (value: number | null | undefined, translate: (k: string, o?: object) => string) =>
  value === null || value === undefined ? '' : translate(t('messages.terms'), { smart_count: value });

/** A plan for staff who may read but not change plans. */
export function PlanView({ plan }: { plan: CategoryPaymentPlan }) {
  const translate = useTranslate();
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  const percent = (v: number | null) => (v === null || v === undefined ? '' : `${v}%`);
  return (
    <Box data-testid="plan-view">
      <InfoSection title={t('sections.plan')}>
        <InfoRow label={t('plan_fields.description')}>{plan.description}</InfoRow>
        <InfoRow label={t('plan_fields.paymentPlanType')}>{enumText('PaymentPlanType', plan.paymentPlanType)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.schedule')}>
        <InfoRow label={t('plan_fields.paymentScheduleType')}>{enumText('PaymentScheduleType', plan.paymentScheduleType)}</InfoRow>
        <InfoRow label={t('plan_fields.totalTerm')}>{terms(plan.totalTerm, translate)}</InfoRow>
        {scheduleShows('installmentAmount', plan) ? <InfoRow label={t('plan_fields.installmentAmount')}>{formatMoney(plan.installmentAmount)}</InfoRow> : null}
        {scheduleShows('principalAmount', plan) ? <InfoRow label={t('plan_fields.principalAmount')}>{formatMoney(plan.principalAmount)}</InfoRow> : null}
        <InfoRow label={t('plan_fields.amortizeTerm')}>{terms(plan.amortizeTerm, translate)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.amounts')}>
        <InfoRow label={t('plan_fields.tuitionPrice')}>{formatMoney(plan.tuitionPrice)}</InfoRow>
        <InfoRow label={t('plan_fields.depositAmount')}>{formatMoney(plan.depositAmount)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.interest')}>
        <InfoRow label={t('plan_fields.interestRate')}>{percent(plan.interestRate)}</InfoRow>
        <InfoRow label={t('plan_fields.annualPercentageRate')}>{percent(plan.annualPercentageRate)}</InfoRow>
      </InfoSection>
      <InfoSection title={t('sections.salesforce')}>
        <InfoRow label={t('plan_fields.salesforcePaymentPlanId')}>{plan.salesforcePaymentPlanId}</InfoRow>
      </InfoSection>
      <LastChanged record={plan} />
    </Box>
  );
}

/** The plan type with its schedule type under it. */
function PlanTypeCell() {
  return (
    <Box>
      <Typography variant="body2" component="div">
        <EnumField enumName="PaymentPlanType" source="paymentPlanType" />
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        <EnumField enumName="PaymentScheduleType" source="paymentScheduleType" variant="caption" />
      </Typography>
    </Box>
  );
}

function PlansTable({ onOpen }: { onOpen: (plan: CategoryPaymentPlan) => void }) {
  const translate = useTranslate();
  const { isPending, total } = useListContext();
  if (isPending) return <LinearProgress />;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CategoryPaymentPlan>
          rowClick={(_id, _resource, record) => {
            onOpen(record as CategoryPaymentPlan);
            return false;
          }}
          bulkActionButtons={false}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="plans-empty">
              {translate(t('messages.no_plans'))}
            </Typography>
          }
        >
          <DataTable.Col source="description" label={t('plan_fields.description')} />
          <DataTable.Col source="paymentPlanType" label={t('plan_fields.paymentPlanType')}>
            <PlanTypeCell />
          </DataTable.Col>
          <DataTable.Col source="tuitionPrice" label={t('plan_fields.tuitionPrice')} disableSort align="right">
            <MoneyField source="tuitionPrice" />
          </DataTable.Col>
          <DataTable.Col source="depositAmount" label={t('plan_fields.depositAmount')} disableSort align="right">
            <MoneyField source="depositAmount" />
          </DataTable.Col>
          <DataTable.Col source="totalTerm" label={t('plan_fields.totalTerm')} disableSort align="right" render={(record) => terms(record.totalTerm, translate)} />
        </DataTable>
      </Box>
      {(total ?? 0) > PAGE ? <Pagination rowsPerPageOptions={[PAGE]} /> : null}
    </>
  );
}

/**
 * The payment plans tab (/business-categories/:id/payment-plans): GET .../payment_plans page 0 size 100
 * by id; 'Add payment plan' with business_categories:create; a row opens the plan drawer — the form
 * with :update (and delete with :delete), the plan's details otherwise.
 */
export function PaymentPlans({ category }: { category: BusinessCategory }) {
  const translate = useTranslate();
  const create = useCanAccess({ resource: CATEGORIES, action: 'create' });
  const edit = useCanAccess({ resource: CATEGORIES, action: 'edit' });
  const [open, setOpen] = useState<CategoryPaymentPlan | 'create' | null>(null);
  const close = () => setOpen(null);
  const title = open === 'create' ? translate(t('titles.new_plan')) : open ? open.description || translate(t('titles.edit_plan')) : null;
  return (
    <Box data-testid="payment-plans">
      <ListBase<CategoryPaymentPlan> resource={plansResource(category.id)} perPage={PAGE} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation disableAuthentication>
        <TabHeader
          count="messages.plans_count"
          action={
            create.canAccess ? (
              <Button label={t('actions.add_plan')} variant="outlined" onClick={() => setOpen('create')} data-testid="add-plan">
                <AddIcon />
              </Button>
            ) : null
          }
        />
        <PlansTable onOpen={setOpen} />
      </ListBase>
      <DrawerFrame open={open !== null} onClose={close} title={title}>
        {open === 'create' ? <PlanEditor categoryId={category.id} planId="create" onDone={close} /> : null}
        {open && open !== 'create' ? edit.canAccess ? <PlanEditor categoryId={category.id} planId={open.id} onDone={close} /> : <PlanView plan={open} /> : null}
      </DrawerFrame>
    </Box>
  );
}
