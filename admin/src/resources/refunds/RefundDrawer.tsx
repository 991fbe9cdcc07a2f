import { useMemo, useState } from 'react';
import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Button, useCanAccess, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordView } from '../../common/useRecordView';
import { formatDateTime } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { MoneyRecordDetail, RefundAmountsSection, RefundRequestSection } from '../../common/MoneyRecordDetail';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { EnumChip, personName } from '../../common/billingShared';
import { refundApi } from './refundApi';
import {
  REFUNDS,
  isEditable,
  isSubmittable,
  nextRefundStatuses,
  refundMoneyStatusColor,
  refundStatusColor,
  refundStudent,
  type RefundMoneyStatusValue,
  type RefundRecord,
  type RefundStatusValue,
} from './refundRecord';
import { RefundSubmitDialog } from './RefundSubmitDialog';

const PREFIX = 'resources.refunds';
const t = (key: string) => `${PREFIX}.${key}`;

export function RefundStatusChip({ status, testId }: { status: RefundStatusValue; testId?: string }) {
  return <EnumChip enumName="RequestStatus" value={status} colors={refundStatusColor} testId={testId} />;
}

export function RefundMoneyStatusChip({ status, testId }: { status: RefundMoneyStatusValue; testId?: string }) {
  return <EnumChip enumName="RefundMoneyStatus" value={status} colors={refundMoneyStatusColor} testId={testId} />;
}

/**
 * Approve, Reject or Cancel a requested refund (refunds:approve), each asked first, then
 * PATCH /refund_queues/{id}/status?status=…; refusals ('Status invalid') are notified.
 */
function RefundStatusActions({ record }: { record: RefundRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => refundApi(dataProvider), [dataProvider]);
  return (
    <StatusMoveButtons<RefundStatusValue>
      resource={REFUNDS}
      moves={nextRefundStatuses(record.status)}
      move={(to) => api.changeStatus(record.id, to)}
      label={(to) => t(`actions.${to}`)}
      forward={(to) => to === 'APPROVED'}
      confirm={(to) => ({
        title: t('actions.confirm_title'),
        content: t(to === 'APPROVED' ? 'actions.approve_content' : 'actions.close_content'),
        titleArgs: { id: record.id, status: translate(`enums.RequestStatus.${to}`) },
        contentArgs: { amount: formatMoney(record.totalToBeRefunded) },
      })}
      success={(to) => ({ message: t(`notifications.${to}`) })}
      testId="refund-status-actions"
      buttonTestId={(to) => `refund-to-${to}`}
    />
  );
}

/** 'Submit refund' on an approved refund, for staff who may decide refunds. */
function RefundSubmitAction({ record }: { record: RefundRecord }) {
  const [open, setOpen] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: REFUNDS, action: 'submit' });
  if (!canAccess || !isSubmittable(record)) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Button label={t('actions.submit')} variant="contained" size="small" onClick={() => setOpen(true)} data-testid="refund-submit">
        <SendIcon />
      </Button>
      <RefundSubmitDialog record={record} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

/** The refund's movements: external pay-backs and gateway refunds, with a failure's message. */
function RefundTransactions({ record }: { record: RefundRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.transactions?.length) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="refund-transactions">
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(t('sections.transactions'))}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('transactions.date'))}</TableCell>
            <TableCell>{translate(t('transactions.kind'))}</TableCell>
            <TableCell align="right">{translate(t('transactions.amount'))}</TableCell>
            <TableCell align="right">{translate(t('transactions.tax'))}</TableCell>
            <TableCell>{translate(t('transactions.reference'))}</TableCell>
            <TableCell>{translate(t('transactions.status'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.transactions.map((tx) => (
            <TableRow key={tx.id}>
              <TableCell>{formatDateTime(tx.createdAt, locale)}</TableCell>
              <TableCell>{translate(`enums.RefundType.${tx.kind}`, { _: tx.kind })}</TableCell>
              <TableCell align="right">{formatMoney(tx.amount)}</TableCell>
              <TableCell align="right">{formatMoney(tx.tax)}</TableCell>
              <TableCell>{tx.referenceNumber ?? (tx.paymentId ? `#${tx.paymentId}` : '')}</TableCell>
              <TableCell>
                {tx.failureMessage ? translate(tx.failureMessage, { _: tx.failureMessage }) : translate(t(`transactions.statuses.${tx.status}`), { _: tx.status })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One refund: its application and source, the amounts, decisions while requested, submission once approved. */
export function RefundDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: REFUNDS, action: 'edit' });
  return (
    <MoneyRecordDetail<RefundRecord> resource={REFUNDS} id={id} prefix={PREFIX} testId="refund-detail" errorTestId="refund-load-error">
      {(record) => (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <RefundStatusChip status={record.status} testId="refund-status" />
            <RefundMoneyStatusChip status={record.refundStatus} testId="refund-money-status" />
          </Stack>
          <RefundStatusActions record={record} />
          <RefundSubmitAction record={record} />
          <InfoSection title={t('sections.application')}>
            <InfoRow label={t('fields.application')}>
              <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="refund-application-link">
                #{record.applicationId}
              </Link>
            </InfoRow>
            <InfoRow label={t('fields.student')}>{personName(refundStudent(record)) || `#${record.studentId}`}</InfoRow>
            <InfoRow label={t('fields.program')}>{record.application?.product?.name ?? null}</InfoRow>
            <InfoRow label={t('fields.source')}>
              {`${translate(`enums.RefundSource.${record.source}`, { _: record.source })}${record.sourceId ? ` #${record.sourceId}` : ''}`}
            </InfoRow>
            <InfoRow label={t('fields.refundType')}>{record.refundType ? translate(`enums.RefundType.${record.refundType}`, { _: record.refundType }) : null}</InfoRow>
            <InfoRow label={t('fields.referenceNumber')}>{record.referenceNumber}</InfoRow>
          </InfoSection>
          <RefundAmountsSection record={record} prefix={PREFIX} />
          <RefundTransactions record={record} />
          <RefundRequestSection record={record} resource={REFUNDS} prefix={PREFIX} editable={canEdit && isEditable(record)} />
        </>
      )}
    </MoneyRecordDetail>
  );
}

function RefundTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<RefundRecord>(REFUNDS, { id });
  const title = translate(t('titles.refund'), { id, name: data ? personName(refundStudent(data)) : '' });
  useRecordView('REFUND', id, data ? title : undefined);
  return <span data-testid="drawer-title">{title}</span>;
}

/** The drawer over the list on /refunds/:id, with 'Copy direct link'. */
export function RefundDrawer() {
  return (
    <RecordDrawer basePath={`/${REFUNDS}`} title={(id) => <RefundTitle id={id} />}>
      {(id) => <RefundDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
