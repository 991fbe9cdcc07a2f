import { useMemo } from 'react';
import { Box } from '@mui/material';
import { DataTable, FilterLiveSearch, List, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { moneyCell, personName } from '../../common/billingShared';
import { formatDateTime } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import { SummaryBar } from '../../common/SummaryBar';
import { TRANSFERS, transferApi, type TransferRecord, type TransferSummary } from '../../common/transferRecord';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { TransferDrawer, TransferStatusChip } from './TransferDrawer';
import { TransferFilterAside, useTransferDescriptors } from './transferFilters';

const f = (key: string) => `resources.transfers.fields.${key}`;

function TransferListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.transfers.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="transfers" />
    </TopToolbar>
  );
}

function TransferListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => transferApi(dataProvider), [dataProvider]);
  const descriptors = useTransferDescriptors();
  return (
    <>
      <SummaryBar<TransferSummary> queryKey={TRANSFERS} load={api.summary} enumName="TransferStatus" prefix="resources.transfers" money={['transferFee', 'tuitionRollover']} />
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<TransferRecord> empty={<NoResults />} rowClick={(id) => `/${TRANSFERS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName(record.student) || `#${record.studentId}`} />
          <DataTable.Col source="originProduct" label={f('originProduct')} disableSort render={(record) => record.originProduct?.name ?? `#${record.originProductId}`} />
          <DataTable.Col
            source="destinationProduct"
            label={f('destinationProduct')}
            disableSort
            render={(record) => [record.destinationProduct?.name ?? `#${record.destinationProductId}`, record.destinationCohort?.label].filter(Boolean).join(' · ')}
          />
          <DataTable.Col source="requestedBy" label={f('requestedBy')} disableSort render={(record) => translate(`resources.transfers.requested_by.${record.requestedBy}`)} />
          <DataTable.Col source="transferFee" label={f('transferFee')} align="right" render={(record) => moneyCell(record.transferFee)} />
          <DataTable.Col source="tuitionRollover" label={f('tuitionRollover')} align="right" disableSort render={(record) => moneyCell(record.tuitionRollover)} />
          <DataTable.Col source="status" label={f('status')} render={(record) => <TransferStatusChip status={record.status} testId={`transfer-status-${record.id}`} />} />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDateTime(record.updatedAt, locale)} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /transfers/:id? — transfers (back-office spec §2, §3 "Transfer"): keyword search or the criteria
 * (statuses, students, origin and destination products, fee, updated by and when) as chips and saved
 * filters (kind `transfers`), the summary figures of the criteria above the rows; newest first, 10 a
 * page; a row opens the transfer's drawer. Transfers are made from the application drawer.
 */
export function TransferList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={TRANSFERS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={<TransferListActions />}
        aside={<TransferFilterAside />}
        empty={false}
        title={translate('resources.transfers.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <TransferListBody />
      </List>
      <TransferDrawer />
    </Box>
  );
}

export default TransferList;
