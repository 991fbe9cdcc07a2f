import { Box } from '@mui/material';
import { DataTable, FilterLiveSearch, List, TopToolbar, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { moneyCell, personName } from '../../common/billingShared';
import { ExternalPaymentDrawer, ExternalPaymentStatusChip } from './ExternalPaymentDrawer';
import { ExternalPaymentFilterAside, useExternalPaymentDescriptors } from './externalPaymentFilters';
import { EXTERNAL_PAYMENTS, type ExternalPaymentRecord } from './externalPaymentRecord';
import { NoResults } from '../../common/NoResults';
import { useActorName } from '../../common/actorName';

const f = (key: string) => `resources.external-payments.fields.${key}`;

function ExternalPaymentListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.external-payments.filters.search" placeholder="" sx={{ minWidth: 260 }} />
    </TopToolbar>
  );
}

function ExternalPaymentListBody() {
  const translate = useTranslate();
  const actorName = useActorName();
  const { search } = useLocation();
  const descriptors = useExternalPaymentDescriptors();
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<ExternalPaymentRecord> empty={<NoResults />} rowClick={(id) => `/${EXTERNAL_PAYMENTS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName((record as ExternalPaymentRecord).student) || `#${record.studentId}`} />
          <DataTable.Col
            source="method"
            label={f('method')}
            disableSort
            render={(record) => translate(`enums.ManualPaymentMethod.${record.method}`, { _: String(record.method) })}
          />
          <DataTable.Col source="paymentAmount" label={f('paymentAmount')} align="right" render={(record) => moneyCell(record.paymentAmount)} />
          <DataTable.Col source="paymentDate" label={f('paymentDate')} render={(record) => formatDate(record.paymentDate)} />
          <DataTable.Col source="referenceNumber" label={f('referenceNumber')} disableSort />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <ExternalPaymentStatusChip status={(record as ExternalPaymentRecord).status} testId={`external-payment-status-${record.id}`} />}
          />
          <DataTable.Col source="updatedBy" label={f('updatedBy')} disableSort render={(record) => actorName((record as ExternalPaymentRecord).updatedBy)} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /external-payments/:id? — payments received outside the gateway (back-office spec §2): keyword
 * search (plain list) or the criteria (students, statuses, amount, payment date, updated by and when)
 * by find_by_criteria, as chips; newest first, 10 a page; a row opens the payment's drawer.
 */
export function ExternalPaymentList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={EXTERNAL_PAYMENTS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={<ExternalPaymentListActions />}
        aside={<ExternalPaymentFilterAside />}
        empty={false}
        title={translate('resources.external-payments.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <ExternalPaymentListBody />
      </List>
      <ExternalPaymentDrawer />
    </Box>
  );
}

export default ExternalPaymentList;
