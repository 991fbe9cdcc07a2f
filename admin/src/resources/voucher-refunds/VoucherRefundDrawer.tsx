import { Alert, Box, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { RefundAmountsEdit } from '../../common/RefundAmountsEdit';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { VOUCHER_REFUNDS, isEditable, nextRefundStatuses, refundStudentName, requestStatusColor, type RequestStatusValue, type VoucherRefundRecord } from './voucherRefundRecord';

const t = (key: string) => `resources.voucher-refunds.${key}`;

/** The refund's status as a chip. */
export function RequestStatusChip({ status, testId }: { status: RequestStatusValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={requestStatusColor[status] ?? 'default'} label={translate(`enums.RequestStatus.${status}`, { _: status })} data-testid={testId} />;
}

/**
 * Approve, Reject or Cancel a requested refund, Complete an approved one (vouchers:status), each
 * asked first, then PATCH /application_vouchers/{id}/status?status=…; refusals are notified.
 */
function VoucherRefundStatusActions({ record }: { record: VoucherRefundRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  return (
    <StatusMoveButtons<RequestStatusValue>
      resource={VOUCHER_REFUNDS}
      moves={nextRefundStatuses(record.status)}
      move={(to) => dataProvider.changeVoucherRefundStatus(record.id, to)}
      label={(to) => t(`actions.${to}`)}
      forward={(to) => to === 'APPROVED' || to === 'COMPLETED'}
      confirm={(to) => ({
        title: t('actions.confirm_title'),
        content: t(to === 'COMPLETED' ? 'actions.complete_content' : 'actions.confirm_content'),
        titleArgs: { id: record.id, status: translate(`enums.RequestStatus.${to}`) },
        contentArgs: { amount: formatMoney(record.totalToBeRefunded) },
      })}
      success={(to) => ({ message: t(`notifications.${to}`) })}
      testId="refund-status-actions"
      buttonTestId={(to) => `refund-to-${to}`}
    />
  );
}

/** One voucher refund: its application, voucher and amounts; editable and decidable while requested. */
export function VoucherRefundDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: record, error, isPending } = useGetOne<VoucherRefundRecord>(VOUCHER_REFUNDS, { id });
  const { canAccess: canEdit = false } = useCanAccess({ resource: VOUCHER_REFUNDS, action: 'edit' });
  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="refund-load-error">
        {translate(t('messages.not_found'))}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  return (
    <ResourceContextProvider value={VOUCHER_REFUNDS}>
      <Box data-testid="voucher-refund-detail">
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <RequestStatusChip status={record.status} testId="refund-status" />
        </Stack>
        <VoucherRefundStatusActions record={record} />
        <InfoSection title={t('sections.application')}>
          <InfoRow label={t('fields.application')}>
            <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="refund-application-link">
              #{record.applicationId}
            </Link>
          </InfoRow>
          <InfoRow label={t('fields.student')}>{refundStudentName(record)}</InfoRow>
          <InfoRow label={t('fields.product')}>{record.application?.product?.name}</InfoRow>
          <InfoRow label={t('fields.voucher')}>{record.voucher?.code}</InfoRow>
        </InfoSection>
        <InfoSection title={t('sections.amounts')}>
          <InfoRow label={t('fields.amountToBeRefunded')}>{formatMoney(record.amountToBeRefunded)}</InfoRow>
          <InfoRow label={t('fields.taxToBeRefunded')}>{formatMoney(record.taxToBeRefunded)}</InfoRow>
          <InfoRow label={t('fields.totalToBeRefunded')} testId="refund-total">
            {formatMoney(record.totalToBeRefunded)}
          </InfoRow>
          <InfoRow label={t('fields.amountRefunded')}>{formatMoney(record.amountRefunded)}</InfoRow>
          <InfoRow label={t('fields.taxRefunded')}>{formatMoney(record.taxRefunded)}</InfoRow>
          <InfoRow label={t('fields.totalRefunded')} testId="refund-total-refunded">
            {formatMoney(record.totalRefunded)}
          </InfoRow>
        </InfoSection>
        {canEdit && isEditable(record) ? (
          <RefundAmountsEdit key={record.updatedAt} resource={VOUCHER_REFUNDS} id={record.id} prefix="resources.voucher-refunds" />
        ) : (
          <InfoSection title={t('sections.request')}>
            <InfoRow label={t('fields.comments')}>{record.comments}</InfoRow>
          </InfoSection>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {record.updatedBy?.name
            ? translate(t('messages.updated'), { date: formatDateTime(record.updatedAt, locale), name: record.updatedBy.name })
            : translate(t('messages.updated_no_name'), { date: formatDateTime(record.updatedAt, locale) })}
        </Typography>
      </Box>
    </ResourceContextProvider>
  );
}

function VoucherRefundTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<VoucherRefundRecord>(VOUCHER_REFUNDS, { id });
  return <span data-testid="drawer-title">{translate(t('titles.refund'), { id, code: data?.voucher?.code ?? '' })}</span>;
}

/** The drawer over the list on /voucher-refunds/:id, with 'Copy direct link'. */
export function VoucherRefundDrawer() {
  return (
    <RecordDrawer basePath={`/${VOUCHER_REFUNDS}`} title={(id) => <VoucherRefundTitle id={id} />}>
      {(id) => <VoucherRefundDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
