import { Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import type { ApplicationRecord, StudentPaymentPlan } from '../../common/applicationRecord';
import { LoadError } from '../../common/LoadError';
// Shared with other resources: admin/src/common.
export { LoadError };

const p = (key: string) => `resources.enrollments.plan.${key}`;

function Schedule({ plan }: { plan: StudentPaymentPlan }) {
  const translate = useTranslate();
  if (!plan.schedules?.length) return null;
  return (
    <Box sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" data-testid={`schedule-${plan.id}`}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(p('number'))}</TableCell>
            <TableCell>{translate(p('kind'))}</TableCell>
            <TableCell>{translate(p('dueDate'))}</TableCell>
            <TableCell align="right">{translate(p('principal'))}</TableCell>
            <TableCell align="right">{translate(p('interest'))}</TableCell>
            <TableCell align="right">{translate(p('amount'))}</TableCell>
            <TableCell align="right">{translate(p('balance'))}</TableCell>
            <TableCell align="right">{translate(p('paidAmount'))}</TableCell>
            <TableCell>{translate(p('status'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.schedules.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{entry.number}</TableCell>
              <TableCell>{translate(p(`kinds.${entry.kind}`), { _: entry.kind })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.dueDate)}</TableCell>
              <TableCell align="right">{formatMoney(entry.principal)}</TableCell>
              <TableCell align="right">{formatMoney(entry.interest)}</TableCell>
              <TableCell align="right">{formatMoney(entry.amount)}</TableCell>
              <TableCell align="right">{formatMoney(entry.balance)}</TableCell>
              <TableCell align="right">{formatMoney(entry.paidAmount)}</TableCell>
              <TableCell>{translate(p(`schedule_statuses.${entry.status}`), { _: entry.status })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PlanTerms({ plan }: { plan: StudentPaymentPlan }) {
  const translate = useTranslate();
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  return (
    <Box data-testid={`student-plan-${plan.id}`}>
      <InfoSection title={plan.name}>
        {plan.description ? <InfoRow label={p('description')}>{plan.description}</InfoRow> : null}
        <InfoRow label={p('paymentPlanType')}>{enumText('PaymentPlanType', plan.paymentPlanType)}</InfoRow>
        <InfoRow label={p('paymentScheduleType')}>{enumText('PaymentScheduleType', plan.paymentScheduleType)}</InfoRow>
        <InfoRow label={p('tuitionPrice')}>{formatMoney(plan.tuitionPrice)}</InfoRow>
        <InfoRow label={p('additionalFees')}>{formatMoney(plan.additionalFees)}</InfoRow>
        <InfoRow label={p('voucherDiscount')}>{formatMoney(plan.voucherDiscount)}</InfoRow>
        <InfoRow label={p('depositAmount')}>{formatMoney(plan.depositAmount)}</InfoRow>
        <InfoRow label={p('installments')}>
          {plan.installmentsCount
            ? translate('resources.enrollments.messages.installments', { smart_count: plan.installmentsCount, amount: formatMoney(plan.installmentAmount) })
            : null}
        </InfoRow>
        <InfoRow label={p('interestRate')}>{plan.interestRate === null || plan.interestRate === undefined ? null : `${plan.interestRate}%`}</InfoRow>
        <InfoRow label={p('totalInterest')}>{formatMoney(plan.totalInterest)}</InfoRow>
        <InfoRow label={p('totalOwed')} testId={`plan-total-${plan.id}`}>
          {formatMoney(plan.totalOwed)}
        </InfoRow>
        <InfoRow label={p('totalPaid')}>{formatMoney(plan.totalPaid)}</InfoRow>
        <InfoRow label={p('balance')}>{formatMoney(plan.balance)}</InfoRow>
        <InfoRow label={p('status')}>{plan.status ? translate(p(`plan_statuses.${plan.status}`), { _: plan.status }) : null}</InfoRow>
        <InfoRow label={p('financialStatus')}>{enumText('FinancialStatus', plan.financialStatus)}</InfoRow>
        {plan.daysOverdue ? <InfoRow label={p('daysOverdue')}>{plan.daysOverdue}</InfoRow> : null}
        <InfoRow label={p('autoPay')}>{translate(plan.autoPay ? 'app.yes' : 'app.no')}</InfoRow>
        <InfoRow label={p('payments')}>{plan.firstPaymentDate ? `${formatDate(plan.firstPaymentDate)} – ${formatDate(plan.lastPaymentDate) || '…'}` : null}</InfoRow>
      </InfoSection>
      <Schedule plan={plan} />
    </Box>
  );
}

/**
 * The payment plan tab: the student payment plans issued for the application (GET
 * /applications/{id}/payment_plans), each with its terms and schedule. Before ENROLLED there is none:
 * the tab names the product plan chosen instead.
 */
export function ApplicationPaymentPlans({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: ['enrollments', 'paymentPlans', String(record.id), record.updatedAt],
    queryFn: () => dataProvider.applicationPaymentPlans(record.id),
  });
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-payment-plan">
        {record.productPaymentPlan?.name
          ? translate('resources.enrollments.messages.no_student_plan_chosen', { name: record.productPaymentPlan.name })
          : translate('resources.enrollments.messages.no_student_plan')}
      </Typography>
    );
  }
  return (
    <Box data-testid="application-payment-plans">
      {data.map((plan) => (
        <PlanTerms key={plan.id} plan={plan} />
      ))}
    </Box>
  );
}
