import { Chip, Link, Stack } from '@mui/material';
import { useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { MoneyRecordDetail, RefundAmountsSection, RefundRequestSection } from '../../common/MoneyRecordDetail';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { VOUCHER_REFUNDS, isEditable, nextRefundStatuses, refundStudentName, requestStatusColor, type RequestStatusValue, type VoucherRefundRecord } from './voucherRefundRecord';

const PREFIX = 'resources.voucher-refunds';
const t = (key: string) => `${PREFIX}.${key}`;

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
  const { canAccess: canEdit = false } = useCanAccess({ resource: VOUCHER_REFUNDS, action: 'edit' });
  return (
    <MoneyRecordDetail<VoucherRefundRecord> resource={VOUCHER_REFUNDS} id={id} prefix={PREFIX} testId="voucher-refund-detail" errorTestId="refund-load-error">
      {(record) => (
        <>
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
          <RefundAmountsSection record={record} prefix={PREFIX} />
          <RefundRequestSection record={record} resource={VOUCHER_REFUNDS} prefix={PREFIX} editable={canEdit && isEditable(record)} />
        </>
      )}
    </MoneyRecordDetail>
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
