import { Box } from '@mui/material';
import { DataTable, List, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { stickyActions } from '../../common/tableLayout';
import { EnumChip, moneyCell, personName } from '../../common/billingShared';
import { CriteriaOnlyData } from '../../common/criteriaOnlyData';
import { FailedPaymentFilterAside, failedPaymentFilterDescriptors } from './failedPaymentFilters';
import { DEFAULT_FAILED_FILTER, FAILED_PAYMENTS, daysOverdueOf, failedPaymentStatusColor, type FailedPaymentRecord } from './failedPaymentRecord';
import { FailedPaymentRetry } from './FailedPaymentRetry';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.failed-payments.fields.${key}`;

function FailedPaymentListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <FilterChips descriptors={failedPaymentFilterDescriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<FailedPaymentRecord> empty={<NoResults />} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName((record as FailedPaymentRecord).student) || `#${record.studentId}`} />
          <DataTable.Col source="student.email" label={f('email')} disableSort />
          <DataTable.Col source="student.mobilePhone" label={f('mobilePhone')} disableSort />
          <DataTable.Col
            source="source"
            label={f('source')}
            disableSort
            render={(record) => translate(`enums.FailedPaymentSource.${record.source}`, { _: String(record.source) })}
          />
          <DataTable.Col source="amountToBePaid" label={f('amountToBePaid')} align="right" render={(record) => moneyCell(record.amountToBePaid)} />
          <DataTable.Col
            source="failureMessage"
            label={f('failureMessage')}
            disableSort
            render={(record) => (record.failureMessage ? translate(String(record.failureMessage), { _: String(record.failureMessage) }) : '')}
          />
          <DataTable.Col source="daysOverdue" label={f('daysOverdue')} align="right" disableSort render={(record) => daysOverdueOf(record as FailedPaymentRecord) ?? ''} />
          <DataTable.Col source="attempts" label={f('attempts')} align="right" disableSort />
          <DataTable.Col source="failedAt" label={f('failedAt')} render={(record) => formatDateTime(record.failedAt, locale)} />
          <DataTable.Col source="nextRetryDate" label={f('nextRetryDate')} render={(record) => formatDate(record.nextRetryDate)} />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <EnumChip enumName="FailedPaymentStatus" value={record.status} colors={failedPaymentStatusColor} testId={`failed-payment-status-${record.id}`} />}
          />
          <DataTable.Col source="actions" label={f('actions')} disableSort sx={stickyActions} render={(record) => <FailedPaymentRetry record={record as FailedPaymentRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /failed-payments — charges that did not go through (back-office spec §2): criteria only (POST
 * /failed_payments/find_by_criteria), starting with the 'Status: Failed' chip; newest first, 10 a
 * page; a failed row can be retried.
 */
export function FailedPaymentList() {
  const translate = useTranslate();
  return (
    <CriteriaOnlyData resources={[FAILED_PAYMENTS]}>
      <List
        resource={FAILED_PAYMENTS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        filterDefaultValues={DEFAULT_FAILED_FILTER}
        actions={false}
        aside={<FailedPaymentFilterAside />}
        empty={false}
        title={translate('resources.failed-payments.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <FailedPaymentListBody />
      </List>
    </CriteriaOnlyData>
  );
}

export default FailedPaymentList;
