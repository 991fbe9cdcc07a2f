import { useState } from 'react';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { FilterChips } from '../../common/FilterChips';
import { moneyCell, personName } from '../../common/billingShared';
import { RefundCreateDialog } from './RefundCreateDialog';
import { RefundDrawer, RefundMoneyStatusChip, RefundStatusChip } from './RefundDrawer';
import { RefundFilterAside, useRefundDescriptors } from './refundFilters';
import { REFUNDS, refundStudent, type RefundRecord } from './refundRecord';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.refunds.fields.${key}`;

function RefundListActions() {
  const { canAccess: canCreate = false } = useCanAccess({ resource: REFUNDS, action: 'create' });
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.refunds.filters.search" placeholder="" sx={{ minWidth: 260 }} />
      {canCreate ? (
        <>
          <Button label="resources.refunds.create.open" onClick={() => setOpen(true)} data-testid="create-refund">
            <AddIcon />
          </Button>
          <RefundCreateDialog open={open} onClose={() => setOpen(false)} />
        </>
      ) : null}
    </TopToolbar>
  );
}

function RefundListBody() {
  const translate = useTranslate();
  const { search } = useLocation();
  const descriptors = useRefundDescriptors();
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<RefundRecord> empty={<NoResults />} rowClick={(id) => `/${REFUNDS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="applicationId" label={f('application')} disableSort render={(record) => `#${record.applicationId}`} />
          <DataTable.Col source="student" label={f('student')} disableSort render={(record) => personName(refundStudent(record as RefundRecord)) || `#${record.studentId}`} />
          <DataTable.Col source="source" label={f('source')} disableSort render={(record) => translate(`enums.RefundSource.${record.source}`, { _: String(record.source) })} />
          <DataTable.Col source="amountToBeRefunded" label={f('amountToBeRefunded')} align="right" render={(record) => moneyCell(record.amountToBeRefunded)} />
          <DataTable.Col source="taxToBeRefunded" label={f('taxToBeRefunded')} align="right" disableSort render={(record) => moneyCell(record.taxToBeRefunded)} />
          <DataTable.Col source="totalRefunded" label={f('totalRefunded')} align="right" disableSort render={(record) => moneyCell(record.totalRefunded)} />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <RefundStatusChip status={(record as RefundRecord).status} testId={`refund-status-${record.id}`} />}
          />
          <DataTable.Col
            source="refundStatus"
            label={f('refundStatus')}
            disableSort
            render={(record) => <RefundMoneyStatusChip status={(record as RefundRecord).refundStatus} testId={`refund-money-status-${record.id}`} />}
          />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /refunds/:id? — the refund queue (back-office spec §2): keyword search (plain list) or the criteria
 * (students, sources, statuses, refund statuses, the four amounts, updated by and when) by
 * find_by_criteria, as chips; newest first, 10 a page; a row opens the refund's drawer. 'New refund'
 * creates a custom refund.
 */
export function RefundList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={REFUNDS}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        actions={<RefundListActions />}
        aside={<RefundFilterAside />}
        empty={false}
        title={translate('resources.refunds.name', { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <RefundListBody />
      </List>
      <RefundDrawer />
    </Box>
  );
}

export default RefundList;
