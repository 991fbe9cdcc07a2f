import { Box, Card, CardActionArea, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { LoadError } from '../../common/LoadError';
import { usePlanApi } from '../../common/planApi';
import { FinancialStatusChip, PlanStatusChip } from '../../common/PlanChips';
import { PAYMENT_INFORMATION, type PlanRecord } from '../../common/planRecord';
import { InfoRow, InfoSection } from './StudentOverview';
import type { LearnerResource, StudentRecord } from './studentRecord';

const p = (key: string) => `resources.payment-information.${key}`;

/** One plan as a compact card opening its detail on /payment-information/{planId}. */
function PlanCard({ plan, openLabel }: { plan: PlanRecord; openLabel: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={`student-plan-card-${plan.id}`}>
      <CardActionArea component={Link} to={`/${PAYMENT_INFORMATION}/${plan.id}`} aria-label={`${translate(openLabel)}: ${plan.name}`}>
        <CardContent sx={{ py: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 0.5 }}>
            <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }}>
              {plan.name}
              {plan.programName ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${plan.programName}`}
                </Typography>
              ) : null}
            </Typography>
            <PlanStatusChip status={plan.status} />
            <FinancialStatusChip status={plan.financialStatus} />
          </Stack>
          <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap>
            <Typography variant="body2" data-testid={`student-plan-balance-${plan.id}`}>
              {translate(p('fields.balance'))}: {formatMoney(plan.balance)}
            </Typography>
            {plan.nextPaymentSchedule ? (
              <Typography variant="body2" data-testid={`student-plan-next-${plan.id}`}>
                {translate(p('fields.nextDueDate'))}: {formatDate(plan.nextPaymentSchedule.dueDate)} · {formatMoney(plan.nextPaymentSchedule.amountDue)}
              </Typography>
            ) : null}
            {plan.daysOverdue ? (
              <Typography variant="body2" color="error">
                {translate(p('fields.daysOverdue'))}: {plan.daysOverdue}
              </Typography>
            ) : null}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The student's plans (GET /students/{id}/payment_plans), newest first. */
function StudentPlans({ resource, studentId }: { resource: LearnerResource; studentId: number | string }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const { data, error, isPending } = useQuery({ queryKey: ['students', 'paymentPlans', String(studentId)], queryFn: () => api.studentPlans(studentId) });
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="student-no-plans">
        {translate(`resources.${resource}.messages.no_payment_plans`)}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} data-testid="student-plans">
      {data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} openLabel={`resources.${resource}.messages.open_plan`} />
      ))}
    </Stack>
  );
}

/**
 * The payment information tab: the auto-pay flag (edited on the profile tab) and, for staff who
 * may read payment plans, the student's plans as compact cards (status, financial status, balance,
 * next payment), each opening the plan's detail.
 */
export function StudentPayment({ resource, record }: { resource: LearnerResource; record: StudentRecord }) {
  const translate = useTranslate();
  const t = (key: string) => `resources.${resource}.${key}`;
  const { canAccess: canReadPlans = false } = useCanAccess({ resource: PAYMENT_INFORMATION, action: 'list' });
  return (
    <Box data-testid="student-payment">
      <InfoSection title={t('sections.auto_pay')}>
        <InfoRow label={t('fields.autoPay')} testId="payment-auto-pay">
          {translate(record.autoPay ? 'app.yes' : 'app.no')}
        </InfoRow>
      </InfoSection>
      {canReadPlans ? (
        <>
          <Typography variant="subtitle2" color="text.secondary" gutterBottom>
            {translate(t('sections.payment_plans'))}
          </Typography>
          <StudentPlans resource={resource} studentId={record.id} />
        </>
      ) : null}
    </Box>
  );
}
