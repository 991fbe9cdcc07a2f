/**
 * Payment information → overview: financial status (good, past due, collections) and days overdue,
 * the auto-pay switch (PATCH /payment_plans/{id}/auto_pay, platform spec §4 "Auto-pay toggles on a
 * payment plan"), next payment, amount due now, past due, balance, and "Make a payment".
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { enumLabel } from '../../../../models/labels';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import type { PlanDetail } from '../../lib/billing-api';
import { describeError, type ErrorView } from '../../lib/errors';
import { date, money } from '../enrollment/format';
import { useT } from './i18n';
import { Section, Terms, useBillingApi } from './parts';
import { toCents } from '../../../../domain/money';
import { paymentsEnabled } from '../../../../domain/rules/payments';
import { isActivePlan } from '../../../../domain/state/plans';

const STATUS_COLOR = { GOOD: 'success', PAST_DUE: 'warning', COLLECTIONS: 'error', COLLECTIONS_2: 'error' } as const;

/** Whether the student can pay this plan online (the server refuses with PAYMENT_DISABLED / NO_BALANCE otherwise). */
export const canPayOnline = (plan: PlanDetail) => paymentsEnabled(plan) && toCents(plan.payoffAmount) > 0;
export const makePaymentPath = (planId: number) => `/payments/make?planId=${planId}`;

export function OverviewTab({ plan, onPlan }: { plan: PlanDetail; onPlan(plan: PlanDetail): void }) {
  const { t, locale } = useT();
  const next = plan.nextPaymentSchedule;
  const payable = canPayOnline(plan);
  const disabled = isActivePlan(plan) && (plan.paymentAccountBlocked || plan.bankruptcy);
  return (
    <>
      <Section
        title={plan.name}
        id="overview-heading"
        actions={
          payable ? (
            <Button variant="contained" component={Link} to={makePaymentPath(plan.id)}>
              {t('pay.overview.makePayment')}
            </Button>
          ) : undefined
        }
      >
        {disabled && (
          <FormMessage severity="warning" testId="payments-disabled">
            {t('pay.overview.disabled')}
          </FormMessage>
        )}
        {plan.status === 'COMPLETED' && (
          <FormMessage severity="success" testId="paid-off">
            {t('pay.overview.paidOff')}
          </FormMessage>
        )}
        <Terms
          testId="overview-terms"
          items={[
            {
              key: 'financialStatus',
              label: t('pay.overview.financialStatus'),
              value: (
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[plan.financialStatus as keyof typeof STATUS_COLOR] ?? 'default'}
                  label={enumLabel('FinancialStatus', plan.financialStatus, locale)}
                  data-testid="financial-status"
                />
              ),
            },
            { key: 'daysOverdue', label: t('pay.overview.daysOverdue'), value: String(plan.daysOverdue ?? 0) },
            { key: 'planStatus', label: t('pay.overview.planStatus'), value: enumLabel('StudentPaymentPlanStatus', plan.status, locale) },
            {
              key: 'nextPayment',
              label: t('pay.overview.nextPayment'),
              value: next ? t('pay.overview.nextPaymentValue', { amount: money(next.amountDue, locale), date: date(next.dueDate) }) : t('pay.overview.noNextPayment'),
            },
            { key: 'amountDueNow', label: t('pay.overview.amountDueNow'), value: money(plan.amountDueNow, locale) },
            { key: 'pastDue', label: t('pay.overview.pastDue'), value: money(plan.totalPastDueAmount, locale) },
            { key: 'balance', label: t('pay.overview.balance'), value: money(plan.balance, locale) },
          ]}
        />
      </Section>
      <AutoPaySwitch plan={plan} onPlan={onPlan} />
    </>
  );
}

function AutoPaySwitch({ plan, onPlan }: { plan: PlanDetail; onPlan(plan: PlanDetail): void }) {
  const calls = useBillingApi();
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [saved, setSaved] = useState<boolean | null>(null);

  async function toggle(autoPay: boolean) {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      const answer = await calls.setAutoPay(plan.id, autoPay);
      // The answer is the plan; anything it leaves out keeps the value read before.
      onPlan({ ...plan, ...(answer && typeof answer === 'object' ? answer : {}), autoPay: answer?.autoPay ?? autoPay });
      setSaved(answer?.autoPay ?? autoPay);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('pay.overview.autoPay')} id="auto-pay-heading">
      <ErrorAlert error={failure} testId="auto-pay-error" />
      <Box>
        <FormControlLabel
          control={
            <Switch
              name="autoPay"
              checked={plan.autoPay}
              disabled={busy || plan.status !== 'ACTIVE'}
              onChange={(event) => toggle(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'auto-pay-help' } }}
            />
          }
          label={t('pay.overview.autoPay')}
        />
        <FormHelperText id="auto-pay-help" sx={{ ml: 6, mt: -0.5 }}>
          {plan.autoPay ? t('pay.overview.autoPayOn') : t('pay.overview.autoPayOff')}
        </FormHelperText>
      </Box>
      {saved !== null && (
        <FormMessage severity="success" testId="auto-pay-saved">
          {saved ? t('pay.overview.autoPaySavedOn') : t('pay.overview.autoPaySavedOff')}
        </FormMessage>
      )}
    </Section>
  );
}
