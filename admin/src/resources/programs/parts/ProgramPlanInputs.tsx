import { useEffect, useMemo } from 'react';
import { Box, InputAdornment, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  ArrayInput,
  BooleanInput,
  Button,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useSimpleFormIterator,
  useTranslate,
  type Identifier,
  type NumberInputProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEnumChoices } from '../../../common/enums';
import { formatMoney, MoneyInput } from '../../../common/money';
import { requiredValue } from '../../../common/validation';
import {
  amortizeTermRule,
  maxChars,
  moneyAmount,
  percentRate,
  requiredPositive,
  scheduleShows,
  termMonths,
  totalTermRule,
  type AccountingLine,
} from '../../../common/businessCategoryRecord';
import { FormSection } from '../../../common/FormSection';
import { pt } from './PartsCommon';
import { categoryLinesResource, linesTotal, PARTS_PAGE, type PlanLine, type ProgramPlanRecord } from './partsRecord';

const f = (key: string) => pt(`plans.fields.${key}`);

/** A rate in percent: a number input with a '%' after it. */
function PercentInput({ slotProps, ...props }: NumberInputProps) {
  return (
    <NumberInput
      step={0.0001}
      helperText={pt('plans.helpers.rate')}
      {...props}
      slotProps={{ ...slotProps, input: { endAdornment: <InputAdornment position="end">%</InputAdornment>, ...(slotProps?.input as object) } }}
    />
  );
}

/** The accounting lines of the program's business category (GET /business_categories/{id}/accounting_lines). */
function useCategoryLines(categoryId: Identifier | null | undefined) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<AccountingLine>(
    categoryLinesResource(categoryId ?? 0),
    { pagination: { page: 1, perPage: PARTS_PAGE }, sort: { field: 'description', order: 'ASC' } },
    { enabled: Boolean(categoryId) },
  );
  const choices = useMemo(
    () =>
      (data ?? []).map((line) => ({
        id: line.id,
        name: `${line.description} · ${translate(`enums.AdjustmentType.${line.type}`, { _: line.type })} · ${translate(`enums.AdjustmentCategory.${line.category}`, { _: line.category })}`,
      })),
    [data, translate],
  );
  return { lines: data ?? [], choices, isPending };
}

/** 'Add line' under the plan's lines. */
function AddLineButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={pt('plans.actions.add_line')} onClick={() => add()} data-testid="add-plan-line">
      <AddIcon />
    </Button>
  );
}

/** 'Lines total: $5,500.00' (charges minus credits), read from the lines being edited. */
function LinesTotal({ lines }: { lines: AccountingLine[] }) {
  const translate = useTranslate();
  const rows = (useWatch({ name: 'accountingLines' }) as PlanLine[] | undefined) ?? [];
  const typed = rows.map((row) => ({ amount: row?.amount ?? null, type: lines.find((l) => l.id === row?.accountingLineId)?.type ?? row?.type ?? null }));
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="lines-total">
      {translate(f('linesTotal'))}: <strong>{formatMoney(linesTotal(typed))}</strong>
    </Typography>
  );
}

/**
 * The program payment plan form body, shared by add and edit: name, default flag, descriptions, the
 * terms (as a business-category plan: PAY_IN_FULL shows FIXED_TERMS over 1 term, disabled; the
 * installment or principal amount only for the schedule that uses it) and the accounting lines of the
 * program's business category with their amounts.
 */
export function ProgramPlanInputs({ categoryId, categoryName }: { categoryId: Identifier | null | undefined; categoryName: string }) {
  const translate = useTranslate();
  const planTypes = useEnumChoices('PaymentPlanType');
  const scheduleTypes = useEnumChoices('PaymentScheduleType');
  const { getValues, setValue } = useFormContext();
  const paymentPlanType = useWatch({ name: 'paymentPlanType' }) as ProgramPlanRecord['paymentPlanType'] | undefined;
  const paymentScheduleType = useWatch({ name: 'paymentScheduleType' }) as ProgramPlanRecord['paymentScheduleType'] | undefined;
  const payInFull = paymentPlanType !== 'INTEREST_BEARING';
  const plan = { paymentPlanType, paymentScheduleType };
  const { lines, choices } = useCategoryLines(categoryId);

  useEffect(() => {
    if (!payInFull) return;
    // Only when they differ, so opening a pay-in-full plan leaves the form untouched (not dirty).
    if (getValues('paymentScheduleType') !== 'FIXED_TERMS') setValue('paymentScheduleType', 'FIXED_TERMS', { shouldDirty: true });
    if (Number(getValues('totalTerm')) !== 1) setValue('totalTerm', 1, { shouldDirty: true });
  }, [payInFull, getValues, setValue]);

  return (
    <>
      <FormSection title={pt('plans.sections.plan')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="name" label={f('name')} validate={[requiredValue, maxChars(200)]} fullWidth />
        </Box>
        <SelectInput
          source="paymentPlanType"
          label={f('paymentPlanType')}
          choices={planTypes}
          validate={requiredValue}
          helperText={payInFull ? pt('plans.helpers.pay_in_full') : false}
        />
        <BooleanInput source="isDefault" label={f('isDefault')} helperText={pt('plans.helpers.isDefault')} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="shortDescription" label={f('shortDescription')} validate={maxChars(255)} fullWidth helperText={false} />
          <TextInput source="longDescription" label={f('longDescription')} validate={maxChars(5000)} fullWidth multiline minRows={2} helperText={false} />
        </Box>
      </FormSection>
      <FormSection title={pt('plans.sections.schedule')}>
        <SelectInput
          source="paymentScheduleType"
          label={f('paymentScheduleType')}
          choices={scheduleTypes}
          validate={payInFull ? undefined : requiredValue}
          disabled={payInFull}
          helperText={false}
        />
        <NumberInput source="totalTerm" label={f('totalTerm')} step={1} min={0} validate={[termMonths, totalTermRule]} disabled={payInFull} helperText={false} />
        {scheduleShows('installmentAmount', plan) ? (
          <MoneyInput source="installmentAmount" label={f('installmentAmount')} validate={[requiredPositive, moneyAmount]} helperText={false} />
        ) : null}
        {scheduleShows('principalAmount', plan) ? (
          <MoneyInput source="principalAmount" label={f('principalAmount')} validate={[requiredPositive, moneyAmount]} helperText={false} />
        ) : null}
        <NumberInput source="amortizeTerm" label={f('amortizeTerm')} step={1} min={0} validate={[termMonths, amortizeTermRule]} helperText={false} />
      </FormSection>
      <FormSection title={pt('plans.sections.amounts')}>
        <MoneyInput source="tuitionPrice" label={f('tuitionPrice')} validate={moneyAmount} helperText={false} />
        <MoneyInput source="depositAmount" label={f('depositAmount')} validate={moneyAmount} helperText={false} />
        <PercentInput source="interestRate" label={f('interestRate')} validate={percentRate} />
        <PercentInput source="annualPercentageRate" label={f('annualPercentageRate')} validate={percentRate} />
      </FormSection>
      <Box sx={{ width: '100%', mb: 1 }} data-testid="plan-lines">
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(pt('plans.sections.lines'))}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {choices.length ? translate(pt('plans.helpers.lines'), { category: categoryName }) : translate(pt('plans.helpers.no_lines'))}
        </Typography>
        <ArrayInput source="accountingLines" label={false} helperText={false}>
          <SimpleFormIterator
            inline
            disableReordering
            disableClear
            addButton={<AddLineButton />}
            sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 'none' }, '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          >
            <SelectInput source="accountingLineId" label={f('accountingLineId')} choices={choices} validate={requiredValue} sx={{ minWidth: 300 }} helperText={false} />
            <MoneyInput source="amount" label={f('amount')} validate={[requiredValue, moneyAmount]} helperText={false} sx={{ width: 160 }} />
          </SimpleFormIterator>
        </ArrayInput>
        <LinesTotal lines={lines} />
      </Box>
      <FormSection title={pt('plans.sections.salesforce')}>
        <TextInput source="salesforcePaymentPlanId" label={f('salesforcePaymentPlanId')} validate={maxChars(40)} helperText={false} />
      </FormSection>
    </>
  );
}
