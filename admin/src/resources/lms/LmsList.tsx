import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, SelectInput, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { LmsDrawer } from './LmsDrawer';
import { StatusChip, VendorChip, t } from './LmsParts';
import { LMS, type LmsRecord } from './lmsRecord';

const f = (key: string) => t(`fields.${key}`);

function LmsListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: LMS, action: 'create' });
  return <TopToolbar>{canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${LMS}/create`, search }} /> : null}</TopToolbar>;
}

function useLmsFilters() {
  const vendors = useEnumChoices('LmsVendor');
  const statuses = useEnumChoices('LmsConnectionStatus');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="vendor" source="vendor" label={f('vendor')} choices={vendors} alwaysOn data-testid="filter-vendor" />,
    <SelectInput key="status" source="status" label={f('status')} choices={statuses} alwaysOn data-testid="filter-status" />,
  ];
}

function LmsListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<LmsRecord> empty={<NoResults />} rowClick={(id) => `/${LMS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="name" label={f('name')} />
          <DataTable.Col source="vendor" label={f('vendor')} render={(record) => <VendorChip vendor={record.vendor} testId={`lms-vendor-${record.id}`} />} />
          <DataTable.Col source="status" label={f('status')} render={(record) => <StatusChip status={record.status} testId={`lms-status-${record.id}`} />} />
          <DataTable.Col source="checkedAt" label={f('checkedAt')} disableSort render={(record) => (record.checkedAt ? formatDateTime(record.checkedAt, locale) : '')} />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDateTime(record.updatedAt, locale)} />
        </DataTable>
      </Box>
    </>
  );
}

/** /lms — the connections (GET /lms_connection?keyword&vendor&status), by name, 10 a page; a row opens its drawer. */
export function LmsList() {
  const translate = useTranslate();
  const filters = useLmsFilters();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={LMS}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={10}
        filters={filters}
        actions={<LmsListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <LmsListBody />
      </List>
      <LmsDrawer />
    </Box>
  );
}

export default LmsList;
