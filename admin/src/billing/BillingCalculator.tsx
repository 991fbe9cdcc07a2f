import { useMemo, useState } from 'react';
import { Box, Card, CardContent, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import { Form, NumberInput, SaveButton, SelectInput, Title, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { schoolToday } from '../../../models/catalogue';
import { DateInput, formatDate } from '../common/dates';
import { useEnumChoices } from '../common/enums';
import { MoneyInput, formatMoney } from '../common/money';
import { fieldErrorsOf, useServerRefusal } from '../common/useServerRefusal';
import { InfoRow, InfoSection } from '../common/InfoSection';
import { usePlanApi, type GeneratedSchedule } from '../common/planApi';

const c = (key: string) => `billing.calculator.${key}`;

export interface CalculatorValues {
  paymentPlanType?: string | null;
  paymentScheduleType?: string | null;
  tuitionPrice?: number | null;
  registrationFee?: number | null;
  booksAndMaterialsFee?: number | null;
  depositAmount?: number | null;
  annualPercentageRate?: number | null;
  totalTerm?: number | null;
  installmentAmount?: number | null;
  principalAmount?: number | null;
  firstDueDate?: string | null;
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The inputs → POST /payment_plans/generate (api/payment-plans/payment-plans.schemas.ts, terms
 * without a product plan). Empty inputs are left out; a plan paid in full sends only the tuition,
 * the fees and the first due date (the server makes it one entry); an interest-bearing plan adds
 * its schedule type, deposit, APR and term, the installment amount for a fixed installment and the
 * principal part for a fixed principal.
 */
export function toGeneratePayload(values: CalculatorValues): Record<string, unknown> {
  const body: Record<string, unknown> = { paymentPlanType: values.paymentPlanType || 'PAY_IN_FULL' };
  const put = (key: keyof CalculatorValues, number = false) => {
    if (given(values[key])) body[key] = number ? Number(values[key]) : values[key];
  };
  put('tuitionPrice', true);
  put('registrationFee', true);
  put('booksAndMaterialsFee', true);
  if (body.paymentPlanType === 'INTEREST_BEARING') {
    put('paymentScheduleType');
    put('depositAmount', true);
    put('annualPercentageRate', true);
    put('totalTerm', true);
    if (values.paymentScheduleType === 'FIXED_INSTALLMENT_AMOUNT') put('installmentAmount', true);
    if (values.paymentScheduleType === 'FIXED_PRINCIPAL_AMOUNT') put('principalAmount', true);
  }
  put('firstDueDate');
  return body;
}

/** The inputs the form shows for the chosen plan and schedule types (field errors elsewhere are notified). */
export function visibleFields(values: CalculatorValues): Array<keyof CalculatorValues> {
  const out: Array<keyof CalculatorValues> = ['paymentPlanType', 'tuitionPrice', 'registrationFee', 'booksAndMaterialsFee', 'firstDueDate'];
  if (values.paymentPlanType === 'INTEREST_BEARING') {
    out.push('paymentScheduleType', 'depositAmount', 'annualPercentageRate', 'totalTerm');
    if (values.paymentScheduleType === 'FIXED_INSTALLMENT_AMOUNT') out.push('installmentAmount');
    if (values.paymentScheduleType === 'FIXED_PRINCIPAL_AMOUNT') out.push('principalAmount');
  }
  return out;
}

function TermInputs() {
  const planTypes = useEnumChoices('PaymentPlanType');
  const scheduleTypes = useEnumChoices('PaymentScheduleType');
  const planType = useWatch({ name: 'paymentPlanType' });
  const scheduleType = useWatch({ name: 'paymentScheduleType' });
  const interest = planType === 'INTEREST_BEARING';
  const cell = { xs: 12, sm: 6, md: 4 };
  return (
    <Grid container columnSpacing={2}>
      <Grid size={cell}>
        <SelectInput source="paymentPlanType" label={c('paymentPlanType')} choices={planTypes} fullWidth />
      </Grid>
      {interest ? (
        <Grid size={cell}>
          <SelectInput source="paymentScheduleType" label={c('paymentScheduleType')} choices={scheduleTypes} fullWidth />
        </Grid>
      ) : null}
      <Grid size={cell}>
        <DateInput source="firstDueDate" label={c('firstDueDate')} fullWidth />
      </Grid>
      <Grid size={cell}>
        <MoneyInput source="tuitionPrice" label={c('tuitionPrice')} min={0} fullWidth />
      </Grid>
      <Grid size={cell}>
        <MoneyInput source="registrationFee" label={c('registrationFee')} min={0} fullWidth />
      </Grid>
      <Grid size={cell}>
        <MoneyInput source="booksAndMaterialsFee" label={c('booksAndMaterialsFee')} min={0} fullWidth />
      </Grid>
      {interest ? (
        <>
          <Grid size={cell}>
            <MoneyInput source="depositAmount" label={c('depositAmount')} min={0} fullWidth />
          </Grid>
          <Grid size={cell}>
            <NumberInput source="annualPercentageRate" label={c('annualPercentageRate')} min={0} max={100} step={0.01} fullWidth />
          </Grid>
          <Grid size={cell}>
            <NumberInput source="totalTerm" label={c('totalTerm')} min={1} max={600} step={1} fullWidth />
          </Grid>
          {scheduleType === 'FIXED_INSTALLMENT_AMOUNT' ? (
            <Grid size={cell}>
              <MoneyInput source="installmentAmount" label={c('installmentAmount')} min={0} fullWidth />
            </Grid>
          ) : null}
          {scheduleType === 'FIXED_PRINCIPAL_AMOUNT' ? (
            <Grid size={cell}>
              <MoneyInput source="principalAmount" label={c('principalAmount')} min={0} fullWidth />
            </Grid>
          ) : null}
        </>
      ) : null}
    </Grid>
  );
}

function Preview({ schedule }: { schedule: GeneratedSchedule }) {
  const translate = useTranslate();
  const h = (key: string, align?: 'right') => (
    <TableCell align={align} sx={{ whiteSpace: 'nowrap' }}>
      {translate(c(key))}
    </TableCell>
  );
  return (
    <Card variant="outlined" data-testid="calculator-preview">
      <CardContent>
        <InfoSection title={c('totals')}>
          <InfoRow label={c('principal')} testId="preview-principal">
            {formatMoney(schedule.principal)}
          </InfoRow>
          <InfoRow label={c('deposit')} testId="preview-deposit">
            {formatMoney(schedule.deposit)}
          </InfoRow>
          <InfoRow label={c('financed')} testId="preview-financed">
            {formatMoney(schedule.financed)}
          </InfoRow>
          <InfoRow label={c('interest')} testId="preview-interest">
            {formatMoney(schedule.interest)}
          </InfoRow>
          <InfoRow label={c('total')} testId="preview-total">
            {formatMoney(schedule.total)}
          </InfoRow>
        </InfoSection>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {translate(c('schedule'))} · {translate(c('installments'), { smart_count: schedule.entries.length })}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="preview-schedule">
            <TableHead>
              <TableRow>
                {h('number')}
                {h('kind')}
                {h('dueDate')}
                {h('principal', 'right')}
                {h('interest', 'right')}
                {h('amount', 'right')}
                {h('balance', 'right')}
              </TableRow>
            </TableHead>
            <TableBody>
              {schedule.entries.map((e) => (
                <TableRow key={e.number}>
                  <TableCell>{e.number}</TableCell>
                  <TableCell>{translate(c(`kinds.${e.kind}`), { _: e.kind })}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.dueDate)}</TableCell>
                  <TableCell align="right">{formatMoney(e.principal)}</TableCell>
                  <TableCell align="right">{formatMoney(e.interest)}</TableCell>
                  <TableCell align="right">{formatMoney(e.amount)}</TableCell>
                  <TableCell align="right">{formatMoney(e.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /billing-calculator (payment_plans:read): a plan's terms → POST /payment_plans/generate → the
 * totals (principal, deposit, financed, interest, total) and the schedule. Nothing is saved. The
 * server's 400 field errors show under their inputs; any other refusal is notified.
 */
export function BillingCalculator() {
  const translate = useTranslate();
  const api = usePlanApi();
  const notify = useNotify();
  const refused = useServerRefusal();
  const [schedule, setSchedule] = useState<GeneratedSchedule | null>(null);
  const defaults = useMemo(
    () => ({ paymentPlanType: 'INTEREST_BEARING', paymentScheduleType: 'FIXED_TERMS', totalTerm: 12, annualPercentageRate: 0, firstDueDate: schoolToday() }),
    [],
  );

  async function calculate(values: CalculatorValues) {
    try {
      setSchedule(await api.generate(toGeneratePayload(values)));
      return undefined;
    } catch (error) {
      setSchedule(null);
      const fields = fieldErrorsOf(error);
      if (!fields) {
        refused(error);
        return undefined;
      }
      const shown = new Set<string>(visibleFields(values));
      const hidden = Object.entries(fields).find(([key]) => !shown.has(key));
      if (hidden) notify(hidden[1], { type: 'error' });
      return fields;
    }
  }

  return (
    <Box sx={{ mt: 2 }} data-testid="billing-calculator">
      <Title title={translate(c('title'))} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(c('title'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(c('intro'))}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Form record={defaults as unknown as RaRecord} onSubmit={calculate as never} noValidate>
            <TermInputs />
            <Stack direction="row">
              <SaveButton label={c('calculate')} icon={<CalculateIcon />} alwaysEnable data-testid="calculate" />
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {schedule ? <Preview schedule={schedule} /> : null}
    </Box>
  );
}

export default BillingCalculator;
