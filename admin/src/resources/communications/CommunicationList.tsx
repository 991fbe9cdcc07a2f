import { Box } from '@mui/material';
import { CreateButton, DataTable, FilterLiveSearch, List, SelectArrayInput, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { FilterChips, type FilterDescriptors } from '../../common/FilterChips';
import { FilterAside } from '../../common/ListFilters';
import { NoResults } from '../../common/NoResults';
import { SavedFilters } from '../../common/SavedFilters';
import { CommunicationDrawer } from './CommunicationDrawer';
import { CommunicationStatusChip } from './CommunicationIntents';
import { DeliveryBacklog } from './DeliveryBacklog';
import { COMMUNICATIONS, SAVED_FILTER_KIND, type CommunicationRecord } from './communicationRecord';

const t = (key: string) => `resources.communications.${key}`;
const f = (key: string) => t(`fields.${key}`);

/** The list's criteria (GET /communications: categories, statuses) as chips. */
export const communicationFilterDescriptors: FilterDescriptors = {
  categories: { label: t('filters.categories'), kind: 'enum', enumName: 'CommunicationCategory' },
  statuses: { label: t('filters.statuses'), kind: 'enum', enumName: 'CommunicationStatus' },
};

function CommunicationFilterAside() {
  const categories = useEnumChoices('CommunicationCategory');
  const statuses = useEnumChoices('CommunicationStatus');
  const inputProps = { helperText: false as const, size: 'small' as const, margin: 'dense' as const };
  return (
    <FilterAside title={t('filters.title')}>
      <SelectArrayInput source="categories" label={t('filters.categories')} choices={categories} {...inputProps} />
      <SelectArrayInput source="statuses" label={t('filters.statuses')} choices={statuses} {...inputProps} />
    </FilterAside>
  );
}

function CommunicationListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate = false } = useCanAccess({ resource: COMMUNICATIONS, action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FilterLiveSearch source="q" label={t('filters.search')} placeholder="" sx={{ minWidth: 240 }} />
      <SavedFilters kind={SAVED_FILTER_KIND} />
      {canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${COMMUNICATIONS}/create`, search }} data-testid="create-communication" /> : null}
    </TopToolbar>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function CommunicationListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  return (
    <>
      <DeliveryBacklog />
      <FilterChips descriptors={communicationFilterDescriptors} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<CommunicationRecord> empty={<NoResults />} rowClick={(id) => `/${COMMUNICATIONS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="subject" label={f('subject')} render={(record) => <Box sx={{ minWidth: 160, fontWeight: 500 }}>{record.subject}</Box>} />
          <DataTable.Col source="type" label={f('type')} disableSort render={(record) => translate(`enums.CommunicationKind.${record.type}`, { _: record.type })} />
          <DataTable.Col
            source="category"
            label={f('category')}
            disableSort
            render={(record) => translate(`enums.CommunicationCategory.${record.category}`, { _: record.category })}
          />
          <DataTable.Col
            source="recipientType"
            label={f('recipientType')}
            disableSort
            render={(record) => translate(`enums.RecipientType.${record.recipientType}`, { _: record.recipientType })}
          />
          <DataTable.Col source="recipientCount" label={f('recipientCount')} align="right" disableSort />
          <DataTable.Col
            source="status"
            label={f('status')}
            disableSort
            render={(record) => <CommunicationStatusChip status={record.status} testId={`communication-status-${record.id}`} />}
          />
          <DataTable.Col
            source="sentAt"
            label={f('sentAt')}
            render={(record) => (
              <Box component="span" sx={nowrap}>
                {record.sentAt
                  ? formatDateTime(record.sentAt, locale)
                  : record.status === 'SCHEDULED'
                    ? `${translate(f('scheduledAt'))} ${formatDateTime(record.scheduledAt, locale)}`
                    : ''}
              </Box>
            )}
          />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /communications/:id? — what staff wrote to students (back-office spec §7): keyword on the subject,
 * categories and statuses in the aside and as chips, saved filters; last sent first (spec §9), 10 a
 * page. A row opens its drawer at /communications/{id}; /communications/create writes one.
 */
export function CommunicationList() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={COMMUNICATIONS}
        sort={{ field: 'sentAt', order: 'DESC' }}
        perPage={10}
        actions={<CommunicationListActions />}
        aside={<CommunicationFilterAside />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <CommunicationListBody />
      </List>
      <CommunicationDrawer />
    </Box>
  );
}

export default CommunicationList;
