import { useState } from 'react';
import { Box, Chip } from '@mui/material';
import { Confirm, DataTable, FilterLiveSearch, List, SelectArrayInput, TopToolbar, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DateInput, formatDateTime } from '../../common/dates';
import { FilterChips, type FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { moneyCell, personName, StudentsFilterInput, filterInputProps, useStudentLabels } from '../../common/billingShared';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { TextButton } from '../../common/TextButton';
import { ExportButton } from '../../common/downloads/ExportButton';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { formatDollars } from '../../../../domain/money';
import { EXTRA_PRODUCT_PURCHASES, isRefundable, purchaseApi, refundableOf, type PurchaseRecord } from './purchaseRecord';

const t = (key: string) => `resources.extra-product-purchases.${key}`;

const statusColor: Record<PurchaseRecord['status'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  PENDING: 'warning',
  PAID: 'success',
  FAILED: 'error',
  REFUNDED: 'info',
};

export function PurchaseStatusChip({ status }: { status: PurchaseRecord['status'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor[status]} label={translate(`enums.PurchaseStatus.${status}`, { _: status })} />;
}

function useDescriptors(): FilterDescriptors {
  const students = useStudentLabels('students');
  return {
    students: { label: t('filters.students'), kind: 'lookup', labels: students },
    statuses: { label: t('filters.statuses'), kind: 'enum', enumName: 'PurchaseStatus' },
    types: { label: t('filters.types'), kind: 'enum', enumName: 'ExtraProductType' },
    purchasedAt: { label: t('filters.purchasedAt'), kind: 'dateRange' },
  };
}

function PurchaseFilterAside() {
  const statuses = useEnumChoices('PurchaseStatus');
  const types = useEnumChoices('ExtraProductType');
  return (
    <FilterAside title={t('filters.title')}>
      <StudentsFilterInput source="students" label={t('filters.students')} />
      <SelectArrayInput source="statuses" label={t('filters.statuses')} choices={statuses} {...filterInputProps} />
      <SelectArrayInput source="types" label={t('filters.types')} choices={types} {...filterInputProps} />
      <DateInput source="purchasedAt.from" label={t('filters.purchasedAtFrom')} {...filterInputProps} />
      <DateInput source="purchasedAt.to" label={t('filters.purchasedAtTo')} {...filterInputProps} />
    </FilterAside>
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 260 }} />
      <ExportButton kind="extra_product-purchases_csv" permission="payments:read" />
    </TopToolbar>
  );
}

/** The row's Refund button: PAID purchases with something left; the refund waits in the refund queue. */
function RefundButton({ record }: { record: PurchaseRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const onError = useServerRefusal({ keepFieldErrors: false });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: EXTRA_PRODUCT_PURCHASES, action: 'refund' });
  if (!canAccess || !isRefundable(record)) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await purchaseApi(dataProvider).requestRefund(record.id);
      notify(t('notifications.refund_requested'), { type: 'success' });
      refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <TextButton label={t('actions.refund')} onClick={() => setOpen(true)} disabled={busy} data-testid={`purchase-refund-${record.id}`} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(t('actions.refund_title'), { id: record.id })}
        content={translate(t('actions.refund_content'), { amount: formatDollars(refundableOf(record)) })}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function PurchaseListBody() {
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  const descriptors = useDescriptors();
  return (
    <>
      <FilterChips descriptors={descriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<PurchaseRecord> empty={<NoResults />} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" label={t('fields.id')} />
          <DataTable.Col source="purchasedAt" label={t('fields.purchasedAt')} render={(r) => formatDateTime(r.purchasedAt, locale)} />
          <DataTable.Col source="student" label={t('fields.student')} disableSort render={(r) => personName((r as PurchaseRecord).student) || `#${r.studentId}`} />
          <DataTable.Col source="program" label={t('fields.program')} disableSort render={(r) => (r as PurchaseRecord).program?.name ?? ''} />
          <DataTable.Col source="productName" label={t('fields.product')} disableSort />
          <DataTable.Col
            source="productType"
            label={t('fields.type')}
            disableSort
            render={(r) => translate(`enums.ExtraProductType.${r.productType}`, { _: String(r.productType) })}
          />
          <DataTable.Col source="quantity" label={t('fields.quantity')} disableSort align="right" />
          <DataTable.Col source="amount" label={t('fields.amount')} disableSort align="right" render={(r) => moneyCell(r.amount)} />
          <DataTable.Col source="taxAmount" label={t('fields.taxAmount')} disableSort align="right" render={(r) => moneyCell(r.taxAmount)} />
          <DataTable.Col source="total" label={t('fields.total')} align="right" render={(r) => moneyCell(r.total)} />
          <DataTable.Col source="refundedAmount" label={t('fields.refundedAmount')} disableSort align="right" render={(r) => moneyCell(r.refundedAmount)} />
          <DataTable.Col source="status" label={t('fields.status')} render={(r) => <PurchaseStatusChip status={(r as PurchaseRecord).status} />} />
          <DataTable.Col source="cardLast4" label={t('fields.card')} disableSort render={(r) => (r.cardLast4 ? `${r.cardBrand ?? ''} •••• ${r.cardLast4}` : '')} />
          <DataTable.Col source="actions" label={t('fields.actions')} disableSort render={(r) => <RefundButton record={r as PurchaseRecord} />} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /extra-product-purchases — every purchase of an extra product (issue 21): keyword (student, email,
 * product, ids) or the criteria (students, statuses, types, purchase dates) as chips; newest first;
 * the export of the same rows; a paid purchase's Refund puts it on the refund queue.
 */
export function PurchaseList() {
  const translate = useTranslate();
  return (
    <List
      resource={EXTRA_PRODUCT_PURCHASES}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      actions={<Actions />}
      aside={<PurchaseFilterAside />}
      empty={false}
      title={translate(t('name'), { smart_count: 2 })}
      sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <PurchaseListBody />
    </List>
  );
}

export default PurchaseList;
