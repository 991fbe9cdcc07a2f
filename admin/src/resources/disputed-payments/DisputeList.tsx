import { Box } from '@mui/material';
import { DataTable, List, SelectArrayInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { FilterChips, type FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { useEnumChoices } from '../../common/enums';
import { EnumChip, filterInputProps, moneyCell, personName } from '../../common/billingShared';
import { CriteriaOnlyData } from '../../common/criteriaOnlyData';
import { DISPUTED_PAYMENTS, disputeStatusColor, disputedPaymentText, type DisputeRecord } from './disputeRecord';
import { DisputeVerify } from './DisputeVerify';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.disputed-payments.fields.${key}`;
const label = (key: string) => `resources.disputed-payments.filters.${key}`;

/** The criteria of the disputes list (the contract's disputes find_by_criteria): email and statuses. */
export const disputeFilterDescriptors: FilterDescriptors = {
  email: { label: label('email'), kind: 'text' },
  statuses: { label: label('statuses'), kind: 'enum', enumName: 'DisputeStatus' },
};

function DisputeFilterAside() {
  const statuses = useEnumChoices('DisputeStatus');
  return (
    <FilterAside title={label('title')}>
      <TextInput source="email" label={label('email')} resettable {...filterInputProps} />
      <SelectArrayInput source="statuses" label={label('statuses')} choices={statuses} {...filterInputProps} />
    </FilterAside>
  );
}

function DisputeListBody() {
  const [locale] = useLocaleState();
  return (
    <>
      <FilterChips descriptors={disputeFilterDescriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<DisputeRecord> empty={<NoResults />} rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName((record as DisputeRecord).student) || `#${record.studentId}`} />
          <DataTable.Col source="student.email" label={f('email')} disableSort />
          <DataTable.Col source="paymentId" label={f('payment')} disableSort render={(record) => disputedPaymentText(record as DisputeRecord)} />
          <DataTable.Col source="amount" label={f('amount')} align="right" render={(record) => moneyCell(record.amount)} />
          <DataTable.Col source="reason" label={f('reason')} disableSort />
          <DataTable.Col source="createdAt" label={f('createdAt')} render={(record) => formatDateTime(record.createdAt, locale)} />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <EnumChip enumName="DisputeStatus" value={record.status} colors={disputeStatusColor} testId={`dispute-status-${record.id}`} />}
          />
          <DataTable.Col source="verifiedAt" label={f('verifiedAt')} disableSort render={(record) => formatDateTime(record.verifiedAt, locale)} />
          <DataTable.Col source="actions" label={f('actions')} disableSort render={(record) => <DisputeVerify record={record as DisputeRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /disputed-payments — card disputes reported by the gateway (back-office spec §2): criteria only
 * (POST /disputes/find_by_criteria: email, statuses), newest first, 10 a page; a pending dispute is
 * verified Won or Lost from its row.
 */
export function DisputeList() {
  const translate = useTranslate();
  return (
    <CriteriaOnlyData resources={[DISPUTED_PAYMENTS]}>
      <List
        resource={DISPUTED_PAYMENTS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={false}
        aside={<DisputeFilterAside />}
        empty={false}
        title={translate('resources.disputed-payments.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <DisputeListBody />
      </List>
    </CriteriaOnlyData>
  );
}

export default DisputeList;
