import { useMemo } from 'react';
import { Box } from '@mui/material';
import { DataTable, FilterLiveSearch, List, TopToolbar, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { moneyCell, personName } from '../../common/billingShared';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import { SummaryBar } from '../../common/SummaryBar';
import { WITHDRAWALS, withdrawalApi, type WithdrawalRecord, type WithdrawalSummary } from '../../common/withdrawalRecord';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { WithdrawalDrawer, WithdrawalStatusChip } from './WithdrawalDrawer';
import { WithdrawalFilterAside, useWithdrawalDescriptors } from './withdrawalFilters';
import { WithdrawalSettingsButton } from './WithdrawalSettingsDialog';

const f = (key: string) => `resources.withdrawals.fields.${key}`;

function WithdrawalListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.withdrawals.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      <SavedFilters kind="withdrawals" />
      <WithdrawalSettingsButton />
    </TopToolbar>
  );
}

function WithdrawalListBody() {
  const translate = useTranslate();
  const { search } = useLocation();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => withdrawalApi(dataProvider), [dataProvider]);
  const descriptors = useWithdrawalDescriptors();
  return (
    <>
      <SummaryBar<WithdrawalSummary>
        queryKey={WITHDRAWALS}
        load={api.summary}
        enumName="RequestStatus"
        prefix="resources.withdrawals"
        money={['tuitionResponsibility', 'reductionAmount', 'amountToBeRefund', 'amountRefunded', 'taxToBeRefund', 'taxRefunded']}
      />
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<WithdrawalRecord> empty={<NoResults />} rowClick={(id) => `/${WITHDRAWALS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName(record.student) || `#${record.studentId}`} />
          <DataTable.Col source="kind" label={f('kind')} disableSort render={(record) => translate(`enums.WithdrawalKind.${record.kind}`)} />
          <DataTable.Col source="program" label={f('program')} disableSort render={(record) => record.program?.name ?? ''} />
          <DataTable.Col source="cohort" label={f('cohort')} disableSort render={(record) => record.cohort?.label ?? ''} />
          <DataTable.Col source="withdrawalDate" label={f('withdrawalDate')} disableSort render={(record) => formatDate(record.withdrawalDate)} />
          <DataTable.Col source="tuitionResponsibility" label={f('tuitionResponsibility')} align="right" render={(record) => moneyCell(record.tuitionResponsibility)} />
          <DataTable.Col source="amountToBeRefund" label={f('amountToBeRefund')} align="right" render={(record) => moneyCell(record.amountToBeRefund)} />
          <DataTable.Col source="amountRefunded" label={f('amountRefunded')} align="right" render={(record) => moneyCell(record.amountRefunded)} />
          <DataTable.Col source="status" label={f('status')} render={(record) => <WithdrawalStatusChip status={record.status} testId={`withdrawal-status-${record.id}`} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /withdrawals/:id? — withdrawals (back-office spec §2, §3 "Withdrawal"): keyword search or the
 * criteria (students, program, class, statuses, kinds, reason, the six amounts, updated by and when)
 * as chips and saved filters (kind `withdrawals`), the summary figures of the criteria above the
 * rows; newest first, 10 a page; a row opens the withdrawal's drawer. Withdrawals are requested from
 * the application drawer.
 */
export function WithdrawalList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={WITHDRAWALS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={<WithdrawalListActions />}
        aside={<WithdrawalFilterAside />}
        empty={false}
        title={translate('resources.withdrawals.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <WithdrawalListBody />
      </List>
      <WithdrawalDrawer />
    </Box>
  );
}

export default WithdrawalList;
