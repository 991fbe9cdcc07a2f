import { useState } from 'react';
import { Box, Button as MuiButton, Chip, FormControlLabel, Link, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Confirm, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { TextButton } from '../../common/TextButton';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { formatMoney } from '../../common/money';
import { useServerRefusal } from '../../common/useServerRefusal';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { usePlanApi } from '../../common/planApi';
import { FinancialStatusChip, PlanStatusChip } from '../../common/PlanChips';
import { cardLabel, followsDates, isPlanConcludable, type PlanBreakdown, type PlanRecord, type PlanResource } from '../../common/planRecord';

const t = (key: string) => `resources.payment-information.${key}`;

/** Runs one plan action: the call, a success notice, a refresh; a refusal is notified in the console's language. */
function usePlanAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [pending, setPending] = useState(false);
  async function run(call: () => Promise<unknown>, success: string, args?: object) {
    setPending(true);
    try {
      await call();
      notify(success, { type: 'success', messageArgs: args });
      refresh();
      return true;
    } catch (error) {
      refused(error);
      return false;
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}

const BREAKDOWN: Array<keyof PlanBreakdown> = [
  'netTuition',
  'tuitionRollover',
  'withdrawalReduction',
  'transferReduction',
  'totalInterest',
  'totalTaxesPaid',
  'principalPaid',
  'totalPaid',
  'withdrawalRefund',
  'voucherRefund',
  'additionalRefund',
  'totalRefunded',
  'totalRemaining',
];

/**
 * The staff actions on a plan (payment_plans:update): block payments, bankruptcy and auto-pay
 * switches, the financial status set by hand (only where the dates do not decide it: a plan in
 * bankruptcy or closed; an active plan's follows its days overdue), the card the plan charges (one of
 * the student's saved cards), and 'Mark as concluded' (asked first; ACTIVE plans only). Each is one
 * PATCH; the server's refusals are shown.
 */
function PlanActions({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const { run, pending } = usePlanAction();
  const financialStatuses = useEnumChoices('FinancialStatus');
  const [financialStatus, setFinancialStatus] = useState<string>(record.financialStatus ?? 'GOOD');
  const currentCard = record.terms?.paymentMethod?.id ?? record.paymentMethodId ?? null;
  const [cardId, setCardId] = useState<string>(currentCard ? String(currentCard) : '');
  const [concluding, setConcluding] = useState(false);
  const { data: cards = [] } = useQuery({ queryKey: ['payment-information', 'cards', record.studentId], queryFn: () => api.cards(record.studentId) });

  const toggle = (name: 'block' | 'bankruptcy' | 'auto_pay', checked: boolean, testId: string, onChange: (value: boolean) => void) => (
    <FormControlLabel
      control={<Switch checked={checked} disabled={pending} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />}
      label={translate(t(`actions.${name}`))}
    />
  );

  return (
    <Box sx={{ mb: 2 }} data-testid="plan-actions">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('sections.actions'))}
      </Typography>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} sx={{ mb: 1 }}>
        {toggle('block', Boolean(record.paymentAccountBlocked), 'toggle-blocked', (v) =>
          run(() => api.setBlocked(record.id, v), t(v ? 'notifications.blocked' : 'notifications.unblocked')),
        )}
        {toggle('bankruptcy', Boolean(record.bankruptcy), 'toggle-bankruptcy', (v) =>
          run(() => api.setBankruptcy(record.id, v), t(v ? 'notifications.bankruptcy_on' : 'notifications.bankruptcy_off')),
        )}
        {toggle('auto_pay', Boolean(record.autoPay), 'toggle-auto-pay', (v) =>
          run(() => api.setAutoPay(record.id, v), t(v ? 'notifications.auto_pay_on' : 'notifications.auto_pay_off')),
        )}
      </Stack>
      {followsDates(record) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="financial-status-follows">
          {translate(t('actions.financial_status_follows'))}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <TextField
            select
            size="small"
            label={translate(t('actions.financial_status'))}
            value={financialStatus}
            onChange={(e) => setFinancialStatus(e.target.value)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'financial-status-select' } }}
          >
            {financialStatuses.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <MuiButton
            variant="outlined"
            size="small"
            disabled={pending || financialStatus === record.financialStatus}
            onClick={() => run(() => api.setFinancialStatus(record.id, financialStatus), t('notifications.financial_status'))}
            data-testid="save-financial-status"
          >
            {translate(t('actions.set_financial_status'))}
          </MuiButton>
        </Stack>
      )}
      {cards.length ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <TextField
            select
            size="small"
            label={translate(t('actions.card'))}
            value={cardId}
            onChange={(e) => setCardId(e.target.value)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'card-select' } }}
          >
            {cards.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {cardLabel(c)}
                {c.expMonth && c.expYear ? ` (${String(c.expMonth).padStart(2, '0')}/${c.expYear})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <MuiButton
            variant="outlined"
            size="small"
            disabled={pending || !cardId || cardId === String(currentCard ?? '')}
            onClick={() => run(() => api.setPaymentMethod(record.id, cardId), t('notifications.card'))}
            data-testid="change-card"
          >
            {translate(t('actions.change_card'))}
          </MuiButton>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="no-cards">
          {translate(t('actions.no_cards'))}
        </Typography>
      )}
      {isPlanConcludable(record) ? (
        <TextButton
          label={t('actions.conclude')}
          variant="outlined"
          color="warning"
          size="small"
          disabled={pending}
          onClick={() => setConcluding(true)}
          data-testid="conclude-plan"
        />
      ) : null}
      <Confirm
        isOpen={concluding}
        loading={pending}
        title={t('actions.conclude_title')}
        titleTranslateOptions={{ plan: record.name }}
        content={t('actions.conclude_content')}
        contentTranslateOptions={{ balance: formatMoney(record.balance) }}
        onClose={() => setConcluding(false)}
        onConfirm={() => {
          setConcluding(false);
          void run(() => api.markAsConcluded(record.id), t('notifications.concluded'));
        }}
      />
    </Box>
  );
}

/**
 * The overview tab: the plan's flags, student, application and program; its terms (platform spec §3
 * "Payment plan terms"); where it stands (due now, past due, pay-off, maximum pre-pay, the next
 * payment); the breakdown; and the staff actions for those who may update plans.
 */
export function PlanOverview({ resource, record }: { resource: PlanResource; record: PlanRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const terms = record.terms;
  const next = record.nextPaymentSchedule;
  const enumText = (name: string, value: string | null | undefined) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  return (
    <Box data-testid="plan-overview">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <PlanStatusChip status={record.status} testId="plan-status" />
        <FinancialStatusChip status={record.financialStatus} testId="plan-financial-status" />
        {record.paymentAccountBlocked ? <Chip size="small" color="error" label={translate(t('flags.blocked'))} data-testid="flag-blocked" /> : null}
        {record.bankruptcy ? <Chip size="small" color="error" label={translate(t('flags.bankruptcy'))} data-testid="flag-bankruptcy" /> : null}
        {record.migrated ? <Chip size="small" variant="outlined" label={translate(t('flags.migrated'))} data-testid="flag-migrated" /> : null}
      </Stack>
      <InfoSection title={t('sections.plan')}>
        <InfoRow label={t('plan.student')}>
          <Link component={RouterLink} to={`/students/${record.studentId}`} data-testid="plan-student-link">
            {record.student?.fullName || record.student?.email || `#${record.studentId}`}
          </Link>
        </InfoRow>
        <InfoRow label={t('plan.application')}>
          <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="plan-application-link">
            #{record.applicationId}
          </Link>
        </InfoRow>
        <InfoRow label={t('plan.program')}>{record.programName}</InfoRow>
        <InfoRow label={t('plan.paymentPlanType')}>{enumText('PaymentPlanType', record.paymentPlanType)}</InfoRow>
        <InfoRow label={t('plan.paymentScheduleType')}>{enumText('PaymentScheduleType', record.paymentScheduleType)}</InfoRow>
        {record.concludedAt ? <InfoRow label={t('plan.concludedAt')}>{formatDateTime(record.concludedAt, locale)}</InfoRow> : null}
        {record.lastFailureMessage ? (
          <InfoRow label={t('plan.lastFailure')} testId="plan-last-failure">
            {`${formatDateTime(record.lastFailureAt, locale)} · ${translate(record.lastFailureMessage, { _: record.lastFailureMessage })}`}
          </InfoRow>
        ) : null}
      </InfoSection>
      {terms ? (
        <InfoSection title={t('sections.terms')}>
          <InfoRow label={t('terms.description')}>{terms.description}</InfoRow>
          <InfoRow label={t('terms.depositAmount')}>{formatMoney(terms.depositAmount)}</InfoRow>
          <InfoRow label={t('terms.installmentsCount')}>{terms.installmentsCount}</InfoRow>
          <InfoRow label={t('terms.installmentAmount')} testId="terms-installment">
            {formatMoney(terms.installmentAmount)}
          </InfoRow>
          <InfoRow label={t('terms.interestRate')}>{terms.interestRate === null || terms.interestRate === undefined ? null : `${terms.interestRate}%`}</InfoRow>
          <InfoRow label={t('terms.totalOwed')} testId="terms-total-owed">
            {formatMoney(terms.totalOwed)}
          </InfoRow>
          <InfoRow label={t('terms.taxAmount')}>{formatMoney(terms.taxAmount)}</InfoRow>
          <InfoRow label={t('terms.amountPaid')} testId="terms-amount-paid">
            {formatMoney(terms.amountPaid)}
          </InfoRow>
          <InfoRow label={t('terms.amountDue')} testId="terms-amount-due">
            {formatMoney(terms.amountDue)}
          </InfoRow>
          <InfoRow label={t('terms.paymentDueDate')}>{formatDate(terms.paymentDueDate)}</InfoRow>
          <InfoRow label={t('terms.captureMethod')}>{translate(t(`terms.capture.${terms.captureMethod}`), { _: terms.captureMethod })}</InfoRow>
          <InfoRow label={t('terms.status')}>{enumText('StudentPaymentPlanStatus', terms.status)}</InfoRow>
          <InfoRow label={t('terms.paymentMethod')} testId="terms-card">
            {cardLabel(terms.paymentMethod)}
          </InfoRow>
        </InfoSection>
      ) : null}
      <InfoSection title={t('sections.position')}>
        <InfoRow label={t('position.amountDueNow')} testId="position-due-now">
          {formatMoney(record.amountDueNow)}
        </InfoRow>
        <InfoRow label={t('position.totalPastDueAmount')} testId="position-past-due">
          {formatMoney(record.totalPastDueAmount)}
        </InfoRow>
        <InfoRow label={t('position.daysOverdue')}>{record.daysOverdue ?? 0}</InfoRow>
        <InfoRow label={t('position.maxPrePayAmount')} testId="position-max-prepay">
          {formatMoney(record.maxPrePayAmount)}
        </InfoRow>
        <InfoRow label={t('position.payoffAmount')} testId="position-payoff">
          {formatMoney(record.payoffAmount)}
        </InfoRow>
        <InfoRow label={t('position.nextPayment')} testId="position-next">
          {next ? translate(t('position.next_payment_text'), { number: next.number, date: formatDate(next.dueDate), amount: formatMoney(next.amountDue) }) : null}
        </InfoRow>
      </InfoSection>
      {record.breakdown ? (
        <InfoSection title={t('sections.breakdown')}>
          {BREAKDOWN.map((key) => (
            <InfoRow key={key} label={t(`breakdown.${key}`)} testId={`breakdown-${key}`}>
              {formatMoney(record.breakdown![key])}
            </InfoRow>
          ))}
        </InfoSection>
      ) : null}
      {canEdit ? <PlanActions key={`${record.updatedAt ?? ''}-${record.financialStatus}-${record.paymentMethodId}`} record={record} /> : null}
    </Box>
  );
}
