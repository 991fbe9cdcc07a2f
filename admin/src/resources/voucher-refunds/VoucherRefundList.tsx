import { Box, Tab, Tabs } from '@mui/material';
import { DataTable, FilterLiveSearch, List, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { FilterChips } from '../../common/FilterChips';
import { formatMoney } from '../../common/money';
import { RequestStatusChip, VoucherRefundDrawer } from './VoucherRefundDrawer';
import { VoucherRefundFilterAside, useVoucherRefundDescriptors } from './voucherRefundFilters';
import { VOUCHERS, VOUCHER_REFUNDS, refundStudentName, type VoucherRefundRecord } from './voucherRefundRecord';
import { VoucherList } from './VoucherList';
import { NoResults } from '../../common/NoResults';

const f = (key: string) => `resources.voucher-refunds.fields.${key}`;

/** The screen's two views: the refunds (the route's own list) and the voucher definitions (`#vouchers`). */
export const VOUCHERS_HASH = '#vouchers';

function Views() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const { canAccess: canReadVouchers = false } = useCanAccess({ resource: VOUCHERS, action: 'list' });
  const view = location.hash === VOUCHERS_HASH ? 'vouchers' : 'refunds';
  if (!canReadVouchers) return null;
  return (
    <Tabs
      value={view}
      onChange={(_, value: 'refunds' | 'vouchers') => navigate({ pathname: `/${VOUCHER_REFUNDS}`, search: location.search, hash: value === 'vouchers' ? VOUCHERS_HASH : '' })}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
    >
      <Tab value="refunds" label={translate('resources.voucher-refunds.views.refunds')} data-testid="view-refunds" />
      <Tab value="vouchers" label={translate('resources.voucher-refunds.views.vouchers')} data-testid="view-vouchers" />
    </Tabs>
  );
}

function VoucherRefundListActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label="resources.voucher-refunds.filters.search" placeholder="" sx={{ minWidth: 260 }} />
    </TopToolbar>
  );
}

function VoucherRefundListBody() {
  const { search } = useLocation();
  const descriptors = useVoucherRefundDescriptors();
  const money = (value: unknown) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value)}
    </Box>
  );
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<VoucherRefundRecord> empty={<NoResults />} rowClick={(id) => `/${VOUCHER_REFUNDS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="application" label={f('student')} disableSort render={(record) => refundStudentName(record as VoucherRefundRecord)} />
          <DataTable.Col source="application.product.name" label={f('product')} disableSort />
          <DataTable.Col source="voucher.code" label={f('voucher')} disableSort />
          <DataTable.Col source="totalToBeRefunded" label={f('totalToBeRefunded')} align="right" render={(record) => money(record.totalToBeRefunded)} />
          <DataTable.Col source="totalRefunded" label={f('totalRefunded')} align="right" disableSort render={(record) => money(record.totalRefunded)} />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <RequestStatusChip status={(record as VoucherRefundRecord).status} testId={`refund-status-${record.id}`} />}
          />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDate(record.updatedAt)} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /voucher-refunds/:id? — application vouchers (back-office spec §2): keyword search (plain list) or
 * the criteria (statuses, students, total to be refunded, updated) by find_by_criteria, chips,
 * newest first, 10 a page; a row opens the refund's drawer. The 'Vouchers' view lists the voucher
 * definitions with their add/edit drawer.
 */
export function VoucherRefundList() {
  const translate = useTranslate();
  const { hash } = useLocation();
  const vouchersView = hash === VOUCHERS_HASH;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Views />
      {vouchersView ? (
        <VoucherList />
      ) : (
        <>
          <List
            resource={VOUCHER_REFUNDS}
            sort={{ field: 'id', order: 'DESC' }}
            perPage={10}
            actions={<VoucherRefundListActions />}
            aside={<VoucherRefundFilterAside />}
            empty={false}
            title={translate('resources.voucher-refunds.name', { smart_count: 2 })}
            sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
          >
            <VoucherRefundListBody />
          </List>
          <VoucherRefundDrawer />
        </>
      )}
    </Box>
  );
}

export default VoucherRefundList;
