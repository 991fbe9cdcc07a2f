import { useMemo, useState } from 'react';
import { Alert, Box, Chip, FormControlLabel, LinearProgress, Link, Stack, Switch, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useGetOne, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StudentPaymentPlan } from '../../common/applicationRecord';
import { EnumChip, personName } from '../../common/billingShared';
import { formatDate, formatDateTime } from '../../common/dates';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { MoneyRecordDetail } from '../../common/MoneyRecordDetail';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { ScheduleTable } from '../../common/TransferMoney';
import { previewRefusalText } from '../../common/useLivePreview';
import { useServerRefusal } from '../../common/useServerRefusal';
import { WithdrawalPreviewFigures } from '../../common/WithdrawalMoney';
import {
  WITHDRAWALS,
  nextWithdrawalStatuses,
  withdrawalApi,
  withdrawalStatusColor,
  type WithdrawalPreview,
  type WithdrawalRecord,
  type WithdrawalStatusValue,
} from '../../common/withdrawalRecord';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const PREFIX = 'resources.withdrawals';
const t = (key: string) => `${PREFIX}.${key}`;

export function WithdrawalStatusChip({ status, testId }: { status: WithdrawalStatusValue; testId?: string }) {
  return <EnumChip enumName="RequestStatus" value={status} colors={withdrawalStatusColor} testId={testId} />;
}

/** While REQUESTED, what approving would move now (POST /withdrawals/{kind}/preview with the request's classes, date and installment). */
function useRequestedPreview(record: WithdrawalRecord) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: [WITHDRAWALS, record.id, 'preview', record.updatedAt],
    queryFn: () =>
      withdrawalApi(dataProvider).preview(record.kind, {
        applicationId: record.applicationId,
        cohortIds: record.cohortIds,
        withdrawalDate: record.withdrawalDate,
        ...(record.installmentAmount !== null ? { installmentAmount: record.installmentAmount } : {}),
      }),
    enabled: record.status === 'REQUESTED',
  });
}

/**
 * The legal moves (withdrawals:status; domain/state/withdrawals.ts): Approve, Reject or Cancel a
 * request; Mark completed an approved one whose refund staff do not wait for. Each asks first —
 * Approve saying what it will move, from the preview when there is one — then PATCH
 * /withdrawals/{kind}/{id}/status?status=…; a refusal is notified with the server's message.
 */
function WithdrawalStatusActions({ record, preview }: { record: WithdrawalRecord; preview: WithdrawalPreview | undefined }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => withdrawalApi(dataProvider), [dataProvider]);
  const figures = preview ?? record;
  const applicationStatus = preview?.applicationStatus ?? (record.partial ? 'PARTIAL_WITHDRAWN' : 'WITHDRAWN');
  const content = (to: WithdrawalStatusValue) => (to === 'APPROVED' ? 'actions.approve_content' : to === 'COMPLETED' ? 'actions.complete_content' : 'actions.close_content');
  return (
    <StatusMoveButtons<WithdrawalStatusValue>
      resource={WITHDRAWALS}
      moves={nextWithdrawalStatuses(record.status)}
      move={(to) => api.changeStatus(record, to)}
      label={(to) => t(`actions.${to}`)}
      forward={(to) => to === 'APPROVED' || to === 'COMPLETED'}
      confirm={(to) => ({
        title: t('actions.confirm_title'),
        titleArgs: { id: record.id, status: translate(t(`actions.status.${to}`)) },
        content: t(content(to)),
        contentArgs: {
          applicationStatus: translate(`enums.ApplicationStatus.${applicationStatus}`),
          responsibility: formatMoney(figures.tuitionResponsibility),
          refund: formatMoney(figures.amountToBeRefund),
          reissued: formatMoney(figures.reissuedAmount),
        },
      })}
      success={(to) => ({ message: t(`notifications.${to}`) })}
      testId="withdrawal-status-actions"
      buttonTestId={(to) => `withdrawal-to-${to}`}
    />
  );
}

/** The reissued plan's auto-pay (PATCH /withdrawals/{id}/auto_pay), for staff who may decide withdrawals, when something stays owed. */
function WithdrawalAutoPay({ record }: { record: WithdrawalRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: WITHDRAWALS, action: 'status' });
  const [busy, setBusy] = useState(false);
  if (record.reissuedAmount <= 0 && !record.reissuedPlanId) return null;
  async function toggle(autoPay: boolean) {
    setBusy(true);
    try {
      await withdrawalApi(dataProvider).setAutoPay(record.id, autoPay);
      notify(t(autoPay ? 'actions.auto_pay_on' : 'actions.auto_pay_off'), { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormControlLabel
      sx={{ mb: 2 }}
      control={
        <Switch
          checked={record.autoPay}
          disabled={!canAccess || busy}
          onChange={(_, checked) => void toggle(checked)}
          slotProps={{ input: { 'aria-label': translate(t('fields.autoPay')) } }}
        />
      }
      label={translate(t('fields.autoPay'))}
      data-testid="withdrawal-auto-pay"
    />
  );
}

/** Once decided: the reissued plan (its schedule, from GET /applications/{id}/payment_plans) when one was issued. */
function ReissuedPlan({ record }: { record: WithdrawalRecord }) {
  const dataProvider = useAppDataProvider();
  const { data } = useQuery({
    queryKey: ['enrollments', record.applicationId, 'payment_plans'],
    queryFn: () => dataProvider.request<StudentPaymentPlan[]>({ path: `/applications/${record.applicationId}/payment_plans` }),
    enabled: Boolean(record.reissuedPlanId),
  });
  const plan = data?.find((p) => p.id === record.reissuedPlanId);
  if (!plan) return null;
  return (
    <ScheduleTable
      rows={plan.schedules.map((e) => ({ number: e.number, dueDate: e.dueDate, amount: e.amount, balance: e.balance }))}
      testId="withdrawal-reissued-schedule"
      title={t('money.reissued_schedule')}
    />
  );
}

function WithdrawalBody({ record }: { record: WithdrawalRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const preview = useRequestedPreview(record);
  const requested = record.status === 'REQUESTED';
  const classes = preview.data?.courses.filter((c) => c.withdrawn).map((c) => c.label ?? `#${c.cohortId}`);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <WithdrawalStatusChip status={record.status} testId="withdrawal-status" />
        <Chip size="small" variant="outlined" label={translate(`enums.WithdrawalKind.${record.kind}`)} data-testid="withdrawal-kind" />
        <Chip size="small" variant="outlined" label={translate(t(`partial.${record.partial ? 'yes' : 'no'}`))} />
      </Stack>
      <WithdrawalStatusActions record={record} preview={preview.data} />
      <WithdrawalAutoPay record={record} />
      <InfoSection title={t('sections.withdrawal')}>
        <InfoRow label={t('fields.student')}>{personName(record.student) || `#${record.studentId}`}</InfoRow>
        <InfoRow label={t('fields.application')}>
          <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="withdrawal-application-link">
            #{record.applicationId}
          </Link>
        </InfoRow>
        <InfoRow label={t('fields.program')}>{record.program?.name ?? null}</InfoRow>
        <InfoRow label={t('fields.classes')} testId="withdrawal-classes">
          {classes?.length ? classes.join('; ') : (record.cohort?.label ?? record.cohortIds.map((id) => `#${id}`).join(', '))}
        </InfoRow>
        <InfoRow label={t('fields.requestedBy')}>{translate(t(`requested_by.${record.requestedBy}`))}</InfoRow>
        <InfoRow label={t('fields.withdrawalDate')}>{formatDate(record.withdrawalDate)}</InfoRow>
        {record.refundId ? (
          <InfoRow label={t('fields.refund')}>
            <Link component={RouterLink} to={`/refunds/${record.refundId}`} data-testid="withdrawal-refund-link">
              #{record.refundId}
            </Link>
          </InfoRow>
        ) : null}
        {record.reissuedPlanId ? (
          <InfoRow label={t('fields.reissuedPlan')}>
            <Link component={RouterLink} to={`/payment-information/${record.reissuedPlanId}`} data-testid="withdrawal-plan-link">
              #{record.reissuedPlanId}
            </Link>
          </InfoRow>
        ) : null}
        {record.decidedAt ? <InfoRow label={t('fields.decidedAt')}>{formatDateTime(record.decidedAt, locale)}</InfoRow> : null}
      </InfoSection>
      <InfoSection title={t('sections.money')}>
        <InfoRow label={t('fields.tuitionResponsibility')} testId="withdrawal-responsibility">
          {formatMoney(record.tuitionResponsibility)}
        </InfoRow>
        <InfoRow label={t('fields.reductionAmount')}>{formatMoney(record.reductionAmount)}</InfoRow>
        <InfoRow label={t('fields.amountToBeRefund')} testId="withdrawal-refund">
          {formatMoney(record.amountToBeRefund)}
        </InfoRow>
        <InfoRow label={t('fields.amountRefunded')}>{formatMoney(record.amountRefunded)}</InfoRow>
        <InfoRow label={t('fields.taxToBeRefund')}>{formatMoney(record.taxToBeRefund)}</InfoRow>
        <InfoRow label={t('fields.taxRefunded')}>{formatMoney(record.taxRefunded)}</InfoRow>
        <InfoRow label={t('fields.reissuedAmount')}>{formatMoney(record.reissuedAmount)}</InfoRow>
        {record.installmentAmount !== null ? <InfoRow label={t('fields.installmentAmount')}>{formatMoney(record.installmentAmount)}</InfoRow> : null}
      </InfoSection>
      {requested && preview.isPending ? <LinearProgress /> : null}
      {requested && preview.error ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="withdrawal-preview-refused">
          {`${translate(t('money.preview_failed'))} ${previewRefusalText(preview.error, translate)}`}
        </Alert>
      ) : null}
      {preview.data ? <WithdrawalPreviewFigures preview={preview.data} /> : null}
      {!requested ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(t('money.preview_decided'))}
          </Typography>
        </Box>
      ) : null}
      {!requested ? <ReissuedPlan record={record} /> : null}
      <InfoSection title={t('sections.request')}>
        <InfoRow label={t('fields.reason')}>{record.reason}</InfoRow>
        <InfoRow label={t('fields.comments')}>{record.comments}</InfoRow>
      </InfoSection>
    </>
  );
}

/** One withdrawal: status and moves, the reissued plan's auto-pay, the application, the money recorded and what it moves now. */
export function WithdrawalDetail({ id }: { id: string }) {
  return (
    <MoneyRecordDetail<WithdrawalRecord> resource={WITHDRAWALS} id={id} prefix={PREFIX} testId="withdrawal-detail" errorTestId="withdrawal-load-error">
      {(record) => <WithdrawalBody record={record} />}
    </MoneyRecordDetail>
  );
}

function WithdrawalTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<WithdrawalRecord>(WITHDRAWALS, { id });
  return <span data-testid="drawer-title">{translate(t('titles.withdrawal'), { id, name: data ? personName(data.student) : '' })}</span>;
}

/** The drawer over the list on /withdrawals/:id, with 'Copy direct link'. */
export function WithdrawalDrawer() {
  return (
    <RecordDrawer basePath={`/${WITHDRAWALS}`} title={(id) => <WithdrawalTitle id={id} />}>
      {(id) => <WithdrawalDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
