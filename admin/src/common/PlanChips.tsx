import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { financialStatusColor, planStatusColor, type FinancialStatusValue, type PlanStatusValue } from './planRecord';

/** The plan's financial status as a coloured chip (GOOD green, PAST_DUE amber, collections red). */
export function FinancialStatusChip({ status, testId }: { status: FinancialStatusValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={financialStatusColor[status] ?? 'default'} label={translate(`enums.FinancialStatus.${status}`, { _: status })} data-testid={testId} />;
}

/** The plan's status as an outlined chip. */
export function PlanStatusChip({ status, testId }: { status: PlanStatusValue | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={planStatusColor[status] ?? 'default'}
      label={translate(`enums.StudentPaymentPlanStatus.${status}`, { _: status })}
      data-testid={testId}
    />
  );
}
