import { useMemo, useState } from 'react';
import { Alert, Button, Chip, LinearProgress, Link, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useGetOne, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EnumChip, personName } from '../../common/billingShared';
import { formatDate, formatDateTime } from '../../common/dates';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { MoneyRecordDetail } from '../../common/MoneyRecordDetail';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { ScheduleTable, TransferPreviewFigures } from '../../common/TransferMoney';
import { TRANSFERS, staffTransferMoves, transferApi, transferFeeProblem, transferStatusColor, type TransferRecord, type TransferStatusValue } from '../../common/transferRecord';
import { useServerRefusal } from '../../common/useServerRefusal';
import { previewRefusalText } from '../../common/useLivePreview';
import type { StudentPaymentPlan } from '../../common/applicationRecord';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const PREFIX = 'resources.transfers';
const t = (key: string) => `${PREFIX}.${key}`;

export function TransferStatusChip({ status, testId }: { status: TransferStatusValue; testId?: string }) {
  return <EnumChip enumName="TransferStatus" value={status} colors={transferStatusColor} testId={testId} />;
}

/**
 * The moves staff may make (transfers:status): Accept and Reject on a student's request; only Reject
 * on a staff offer, which waits for the student — the drawer says so, and where the student is in
 * the portal's two steps. Each asks first, then PATCH /transfers/{id}/status?status=…; the server's
 * refusal ('Not permitted', 'Pending transfers must be resolved first'...) is notified.
 */
function TransferStatusActions({ record }: { record: TransferRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => transferApi(dataProvider), [dataProvider]);
  const { moves, waitsForStudent } = staffTransferMoves(record);
  return (
    <>
      {waitsForStudent ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="transfer-waits-for-student">
          {record.termsAcceptedAt
            ? translate(t('actions.waits_for_student_terms'), { date: formatDateTime(record.termsAcceptedAt, locale) })
            : translate(t('actions.waits_for_student'))}
        </Alert>
      ) : null}
      <StatusMoveButtons<TransferStatusValue>
        resource={TRANSFERS}
        moves={moves}
        move={(to) => api.changeStatus(record.id, to)}
        label={(to) => t(`actions.${to}`)}
        forward={(to) => to === 'ACCEPTED'}
        confirm={(to) => ({
          title: t('actions.confirm_title'),
          titleArgs: { id: record.id, status: translate(`enums.TransferStatus.${to}`) },
          content: t(to === 'ACCEPTED' ? 'actions.accept_content' : 'actions.reject_content'),
          contentArgs: { rollover: formatMoney(record.tuitionRollover), fee: formatMoney(record.transferFee) },
        })}
        success={(to) => ({ message: t(`notifications.${to}`) })}
        testId="transfer-status-actions"
        buttonTestId={(to) => `transfer-to-${to}`}
      />
    </>
  );
}

/**
 * The fee of a student's PENDING request (staff with transfers:status set it before accepting: PATCH
 * /transfers/{id} {transferFee}). The first transfer is free whatever is asked, so the field is off and
 * says so; otherwise 0–300 dollars, checked here as the server does. Once saved the record is
 * refreshed, and with it the preview below (its query follows the record's updatedAt).
 */
function TransferFeeEditor({ record }: { record: TransferRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: TRANSFERS, action: 'status' });
  const [value, setValue] = useState(String(record.transferFee));
  const [saving, setSaving] = useState(false);
  if (!canAccess || record.status !== 'PENDING' || record.requestedBy !== 'STUDENT') return null;
  const first = record.transferNumber === 1;
  const problem = value.trim() === '' ? 'resources.transfers.validation.fee_range' : transferFeeProblem(value);
  const unchanged = !problem && Math.round(Number(value) * 100) === Math.round(record.transferFee * 100);
  async function save() {
    setSaving(true);
    try {
      await transferApi(dataProvider).setFee(record.id, Number(value));
      notify(t('fee_editor.saved'), { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mb: 2 }} data-testid="transfer-fee-editor">
      <TextField
        size="small"
        type="number"
        label={translate(t('fee_editor.label'))}
        value={first ? '0' : value}
        onChange={(event) => setValue(event.target.value)}
        disabled={first || saving}
        error={!first && Boolean(problem)}
        helperText={translate(first ? t('fee_editor.first_free') : (problem ?? t('fee_editor.hint')))}
        slotProps={{ htmlInput: { min: 0, max: 300, step: '0.01', 'data-testid': 'transfer-fee-input' } }}
      />
      {first ? null : (
        <Button variant="outlined" size="small" sx={{ mt: 0.5 }} onClick={() => void save()} disabled={Boolean(problem) || unchanged || saving} data-testid="transfer-fee-save">
          {translate(t('fee_editor.save'))}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The money: while PENDING, what accepting would move now (GET /transfers/{id}/preview: paid, fee,
 * rollover, excess, new principal, old plan balance, the new plan's schedule); once ACCEPTED, the
 * schedule of the plan the acceptance issued (GET /applications/{new}/payment_plans).
 */
function TransferMoneyNow({ record }: { record: TransferRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const pending = record.status === 'PENDING';
  const preview = useQuery({
    queryKey: [TRANSFERS, record.id, 'preview', record.updatedAt],
    queryFn: () => transferApi(dataProvider).previewOf(record.id),
    enabled: pending,
  });
  const newPlans = useQuery({
    queryKey: ['enrollments', record.newApplicationId, 'payment_plans'],
    queryFn: () => dataProvider.request<StudentPaymentPlan[]>({ path: `/applications/${record.newApplicationId}/payment_plans` }),
    enabled: record.status === 'ACCEPTED' && Boolean(record.newApplicationId),
  });
  if (pending) {
    if (preview.isPending) return <LinearProgress />;
    if (preview.error)
      return (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="transfer-preview-refused">
          {`${translate(t('money.preview_failed'))} ${previewRefusalText(preview.error, translate)}`}
        </Alert>
      );
    return preview.data ? <TransferPreviewFigures preview={preview.data} /> : null;
  }
  const plan = newPlans.data?.[0];
  if (!plan) return null;
  return (
    <ScheduleTable
      rows={plan.schedules.map((e) => ({ number: e.number, kind: e.kind, dueDate: e.dueDate, principal: e.principal, interest: e.interest, amount: e.amount, balance: e.balance }))}
      testId="transfer-new-plan-schedule"
      title={t('money.accepted_plan')}
    />
  );
}

/** One transfer: its status and moves, the application it moves, where to, the money recorded and what it moves now. */
export function TransferDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <MoneyRecordDetail<TransferRecord> resource={TRANSFERS} id={id} prefix={PREFIX} testId="transfer-detail" errorTestId="transfer-load-error">
      {(record) => (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <TransferStatusChip status={record.status} testId="transfer-status" />
            <Chip size="small" variant="outlined" label={translate(t(`requested_by.${record.requestedBy}`))} data-testid="transfer-requested-by" />
          </Stack>
          <TransferStatusActions record={record} />
          <InfoSection title={t('sections.transfer')}>
            <InfoRow label={t('fields.student')}>{personName(record.student) || `#${record.studentId}`}</InfoRow>
            <InfoRow label={t('fields.application')}>
              <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="transfer-application-link">
                #{record.applicationId}
              </Link>
            </InfoRow>
            <InfoRow label={t('fields.originProduct')}>{record.originProduct?.name ?? `#${record.originProductId}`}</InfoRow>
            <InfoRow label={t('fields.destinationProduct')}>{record.destinationProduct?.name ?? `#${record.destinationProductId}`}</InfoRow>
            <InfoRow label={t('fields.destinationCohort')}>
              {record.destinationCohort
                ? [record.destinationCohort.label, [formatDate(record.destinationCohort.startDate), formatDate(record.destinationCohort.endDate)].filter(Boolean).join(' – ')]
                    .filter(Boolean)
                    .join(' · ')
                : `#${record.destinationCohortId}`}
            </InfoRow>
            <InfoRow label={t('fields.transferNumber')}>
              {translate(t(record.transferNumber === 1 ? 'money.first_transfer' : 'money.nth_transfer'), { number: record.transferNumber })}
            </InfoRow>
            {record.newApplicationId ? (
              <InfoRow label={t('fields.newApplication')}>
                <Link component={RouterLink} to={`/enrollments/${record.newApplicationId}`} data-testid="transfer-new-application-link">
                  #{record.newApplicationId}
                </Link>
              </InfoRow>
            ) : null}
            {record.refundId ? (
              <InfoRow label={t('fields.refund')}>
                <Link component={RouterLink} to={`/refunds/${record.refundId}`} data-testid="transfer-refund-link">
                  #{record.refundId}
                </Link>
              </InfoRow>
            ) : null}
            {record.termsAcceptedAt ? <InfoRow label={t('fields.termsAcceptedAt')}>{formatDateTime(record.termsAcceptedAt, locale)}</InfoRow> : null}
            {record.decidedAt ? <InfoRow label={t('fields.decidedAt')}>{formatDateTime(record.decidedAt, locale)}</InfoRow> : null}
          </InfoSection>
          <InfoSection title={t('sections.money')}>
            <InfoRow label={t('fields.transferFee')} testId="transfer-fee">
              {formatMoney(record.transferFee)}
            </InfoRow>
            <InfoRow label={t('fields.tuitionRollover')} testId="transfer-rollover">
              {formatMoney(record.tuitionRollover)}
            </InfoRow>
            <InfoRow label={t('fields.excessRefund')}>{formatMoney(record.excessRefund)}</InfoRow>
            <InfoRow label={t('fields.newPrincipal')}>{formatMoney(record.newPrincipal)}</InfoRow>
          </InfoSection>
          <TransferFeeEditor key={`${record.id}-${record.transferFee}`} record={record} />
          <TransferMoneyNow record={record} />
          <InfoSection title={t('sections.request')}>
            <InfoRow label={t('fields.reason')}>{record.reason}</InfoRow>
            <InfoRow label={t('fields.comments')}>{record.comments}</InfoRow>
          </InfoSection>
        </>
      )}
    </MoneyRecordDetail>
  );
}

function TransferTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<TransferRecord>(TRANSFERS, { id });
  return <span data-testid="drawer-title">{translate(t('titles.transfer'), { id, name: data ? personName(data.student) : '' })}</span>;
}

/** The drawer over the list on /transfers/:id, with 'Copy direct link'. */
export function TransferDrawer() {
  return (
    <RecordDrawer basePath={`/${TRANSFERS}`} title={(id) => <TransferTitle id={id} />}>
      {(id) => <TransferDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
