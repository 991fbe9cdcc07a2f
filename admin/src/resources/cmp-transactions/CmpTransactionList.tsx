import { Box, Chip } from '@mui/material';
import { DataTable, FilterLiveSearch, List, SelectInput, TopToolbar, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { FilterAside } from '../../common/ListFilters';
import { filterInputProps, moneyCell, personName } from '../../common/billingShared';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import type { CoachPurchaseAnswer } from '../../../../domain/contract/coach-products';

export const CMP_TRANSACTIONS = 'cmp-transactions';
export type CmpTransactionRecord = Omit<CoachPurchaseAnswer, 'id'> & RaRecord;

const t = (key: string) => `resources.cmp-transactions.${key}`;
const statusColor: Record<CmpTransactionRecord['status'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  PENDING: 'warning',
  PAID: 'success',
  FAILED: 'error',
  REFUNDED: 'info',
};

function Aside() {
  const statuses = useEnumChoices('PurchaseStatus');
  const types = useEnumChoices('CoachProductType');
  return (
    <FilterAside title={t('filters.title')}>
      <SelectInput source="status" label={t('filters.status')} choices={statuses} {...filterInputProps} />
      <SelectInput source="coachProductType" label={t('filters.coachProductType')} choices={types} {...filterInputProps} />
    </FilterAside>
  );
}

/**
 * /cmp-transactions — purchases of coaches' products (issue 21): keyword (customer, email, product,
 * ids) or the criteria (status, product type) through find_by_criteria; newest first.
 */
export function CmpTransactionList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      resource={CMP_TRANSACTIONS}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      actions={
        <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 260 }} />
        </TopToolbar>
      }
      aside={<Aside />}
      empty={false}
      title={translate(t('name'), { smart_count: 2 })}
      sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CmpTransactionRecord> empty={<NoResults />} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="id" label={t('fields.id')} />
          <DataTable.Col source="purchasedAt" label={t('fields.purchasedAt')} render={(r) => formatDateTime(r.purchasedAt, locale)} />
          <DataTable.Col source="coach" label={t('fields.coach')} disableSort render={(r) => r.coach?.name ?? ''} />
          <DataTable.Col source="customer" label={t('fields.customer')} disableSort render={(r) => personName(r.customer) || `#${r.customerId}`} />
          <DataTable.Col source="productName" label={t('fields.product')} disableSort />
          <DataTable.Col source="productType" label={t('fields.type')} disableSort render={(r) => translate(`enums.CoachProductType.${r.productType}`, { _: r.productType })} />
          <DataTable.Col source="amount" label={t('fields.amount')} align="right" render={(r) => moneyCell(r.amount)} />
          <DataTable.Col
            source="status"
            label={t('fields.status')}
            render={(r) => <Chip size="small" color={statusColor[(r as CmpTransactionRecord).status]} label={translate(`enums.PurchaseStatus.${r.status}`, { _: r.status })} />}
          />
          <DataTable.Col source="cardLast4" label={t('fields.card')} disableSort render={(r) => (r.cardLast4 ? `${r.cardBrand ?? ''} •••• ${r.cardLast4}` : '')} />
          <DataTable.Col source="failureMessage" label={t('fields.failure')} disableSort />
        </DataTable>
      </Box>
    </List>
  );
}

export default CmpTransactionList;
