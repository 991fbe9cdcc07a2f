import { useMemo } from 'react';
import { Box, Link, Stack } from '@mui/material';
import { Form, SaveButton, useCanAccess, useGetOne, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordView } from '../../common/useRecordView';
import { formatDate } from '../../common/dates';
import { MoneyInput, formatMoney } from '../../common/money';
import { RecordDrawer } from '../../common/RecordDrawer';
import { StatusMoveButtons } from '../../common/StatusMoveButtons';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { MoneyRecordDetail } from '../../common/MoneyRecordDetail';
import { EnumChip, moneyProblem, personName } from '../../common/billingShared';
import {
  EXTERNAL_PAYMENTS,
  externalPaymentApi,
  externalPaymentStatusColor,
  isAmountEditable,
  nextExternalPaymentStatuses,
  type ExternalPaymentRecord,
  type ExternalPaymentStatusValue,
} from './externalPaymentRecord';

const PREFIX = 'resources.external-payments';
const t = (key: string) => `${PREFIX}.${key}`;

export function ExternalPaymentStatusChip({ status, testId }: { status: ExternalPaymentStatusValue; testId?: string }) {
  return <EnumChip enumName="ExternalPaymentStatus" value={status} colors={externalPaymentStatusColor} testId={testId} />;
}

/**
 * Accept or Reject a pending external payment (payments:update), each asked first, then
 * PATCH /external_payments/{id}/status?status=…; refusals ('Amount exceeded', 'Status invalid') are
 * notified in the console's language.
 */
function ExternalPaymentStatusActions({ record }: { record: ExternalPaymentRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => externalPaymentApi(dataProvider), [dataProvider]);
  return (
    <StatusMoveButtons<ExternalPaymentStatusValue>
      resource={EXTERNAL_PAYMENTS}
      moves={nextExternalPaymentStatuses(record.status)}
      move={(to) => api.changeStatus(record.id, to)}
      label={(to) => t(`actions.${to}`)}
      forward={(to) => to === 'ACCEPTED'}
      confirm={(to) => ({
        title: t('actions.confirm_title'),
        content: t(to === 'ACCEPTED' ? 'actions.accept_content' : 'actions.reject_content'),
        titleArgs: { id: record.id, status: translate(`enums.ExternalPaymentStatus.${to}`) },
        contentArgs: { amount: formatMoney(record.paymentAmount) },
      })}
      success={(to) => ({ message: t(`notifications.${to}`) })}
      testId="external-payment-status-actions"
      buttonTestId={(to) => `external-payment-to-${to}`}
    />
  );
}

const validateAmount = (values: Record<string, unknown>) => {
  const problem = moneyProblem(values.paymentAmount);
  return problem ? { paymentAmount: problem } : {};
};

/** The amount of a pending payment: PUT /external_payments/{id}/payment-amount { paymentAmount }. */
function ExternalPaymentAmountForm({ record }: { record: ExternalPaymentRecord }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal();
  const values = useMemo(() => ({ id: record.id, paymentAmount: record.paymentAmount }), [record.id, record.paymentAmount]);

  async function save(data: { paymentAmount: number }) {
    try {
      await externalPaymentApi(dataProvider).setPaymentAmount(record.id, Number(data.paymentAmount));
      notify(t('notifications.amount_saved'), { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) return fields;
      refused(error);
      return undefined;
    }
  }

  return (
    <Form record={values as RaRecord} onSubmit={save as never} validate={validateAmount} noValidate>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <MoneyInput source="paymentAmount" label={t('fields.paymentAmount')} min={0} />
        <Box sx={{ pt: 1 }}>
          <SaveButton label={t('actions.save_amount')} data-testid="save-payment-amount" />
        </Box>
      </Stack>
    </Form>
  );
}

/** One external payment: student, plan, method, amount, date and reference; decidable while pending. */
export function ExternalPaymentDetail({ id }: { id: string }) {
  const translate = useTranslate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: EXTERNAL_PAYMENTS, action: 'edit' });
  return (
    <MoneyRecordDetail<ExternalPaymentRecord> resource={EXTERNAL_PAYMENTS} id={id} prefix={PREFIX} testId="external-payment-detail" errorTestId="external-payment-load-error">
      {(record) => (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <ExternalPaymentStatusChip status={record.status} testId="external-payment-status" />
          </Stack>
          <ExternalPaymentStatusActions record={record} />
          <InfoSection title={t('sections.student')}>
            <InfoRow label={t('fields.student')}>
              <Link component={RouterLink} to={`/students/${record.studentId}`} data-testid="external-payment-student-link">
                {personName(record.student) || `#${record.studentId}`}
              </Link>
            </InfoRow>
            <InfoRow label={t('fields.application')}>
              <Link component={RouterLink} to={`/enrollments/${record.applicationId}`} data-testid="external-payment-application-link">
                #{record.applicationId}
              </Link>
            </InfoRow>
            <InfoRow label={t('fields.plan')}>{[`#${record.studentPaymentPlanId}`, record.plan?.name].filter(Boolean).join(' · ')}</InfoRow>
            {record.plan ? <InfoRow label={t('fields.balance')}>{formatMoney(record.plan.balance)}</InfoRow> : null}
            <InfoRow label={t('fields.schedule')} testId="external-payment-schedule">
              {record.schedule
                ? translate(t('messages.installment'), { number: record.schedule.number, date: formatDate(record.schedule.dueDate) })
                : record.paymentScheduleId
                  ? `#${record.paymentScheduleId}`
                  : null}
            </InfoRow>
          </InfoSection>
          <InfoSection title={t('sections.payment')}>
            <InfoRow label={t('fields.method')}>{translate(`enums.ManualPaymentMethod.${record.method}`, { _: record.method })}</InfoRow>
            <InfoRow label={t('fields.paymentAmount')} testId="external-payment-amount">
              {formatMoney(record.paymentAmount)}
            </InfoRow>
            <InfoRow label={t('fields.paymentDate')}>{formatDate(record.paymentDate)}</InfoRow>
            <InfoRow label={t('fields.referenceNumber')}>{record.referenceNumber}</InfoRow>
            <InfoRow label={t('fields.comment')}>{record.comment}</InfoRow>
            <InfoRow label={t('fields.payment')}>{record.paymentId ? `#${record.paymentId}` : null}</InfoRow>
          </InfoSection>
          {canEdit && isAmountEditable(record) ? (
            <InfoSection title={t('sections.amount')}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <ExternalPaymentAmountForm key={record.updatedAt} record={record} />
              </Box>
            </InfoSection>
          ) : null}
        </>
      )}
    </MoneyRecordDetail>
  );
}

function ExternalPaymentTitle({ id }: { id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<ExternalPaymentRecord>(EXTERNAL_PAYMENTS, { id });
  const title = translate(t('titles.payment'), { id, name: personName(data?.student) });
  useRecordView('EXTERNAL_PAYMENT', id, data ? title : undefined);
  return <span data-testid="drawer-title">{title}</span>;
}

/** The drawer over the list on /external-payments/:id, with 'Copy direct link'. */
export function ExternalPaymentDrawer() {
  return (
    <RecordDrawer basePath={`/${EXTERNAL_PAYMENTS}`} title={(id) => <ExternalPaymentTitle id={id} />}>
      {(id) => <ExternalPaymentDetail key={id} id={id} />}
    </RecordDrawer>
  );
}
