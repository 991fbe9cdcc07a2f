import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, List, NullableBooleanInput, SearchInput, SelectInput, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { NoResults } from '../../common/NoResults';
import { BannerDrawer } from './BannerDrawer';
import { LevelChip, PublishedChip, t } from './BannerParts';
import { BANNERS, type BannerRecord } from './bannerRecord';

const f = (key: string) => t(`fields.${key}`);

function BannerListActions() {
  const { search } = useLocation();
  const { canAccess: canCreate } = useCanAccess({ resource: BANNERS, action: 'create' });
  return <TopToolbar>{canCreate ? <CreateButton label={t('actions.create')} to={{ pathname: `/${BANNERS}/create`, search }} /> : null}</TopToolbar>;
}

function useBannerFilters() {
  const levels = useEnumChoices('BannerLevel');
  const audiences = useEnumChoices('BannerAudience');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="published" source="published" label={t('filters.published')} alwaysOn data-testid="filter-published" />,
    <SelectInput key="type" source="type" label={t('filters.type')} choices={levels} alwaysOn data-testid="filter-type" />,
    <SelectInput key="audience" source="audience" label={t('filters.audience')} choices={audiences} alwaysOn data-testid="filter-audience" />,
  ];
}

function BannerListBody() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { search } = useLocation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(t('messages.intro'))}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<BannerRecord> empty={<NoResults />} rowClick={(id) => `/${BANNERS}/${id}${search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" label={f('id')} />
          <DataTable.Col source="title" label={f('title')} />
          <DataTable.Col source="type" label={f('type')} render={(record) => <LevelChip level={record.type} testId={`banner-level-${record.id}`} />} />
          <DataTable.Col source="audience" label={f('audience')} render={(record) => translate(`enums.BannerAudience.${record.audience}`, { _: record.audience })} />
          <DataTable.Col source="published" label={f('published')} render={(record) => <PublishedChip published={record.published} testId={`banner-published-${record.id}`} />} />
          <DataTable.Col source="updatedAt" label={f('updatedAt')} render={(record) => formatDateTime(record.updatedAt, locale)} />
        </DataTable>
      </Box>
    </>
  );
}

/**
 * /information-banner — the banners (GET /information_banner?keyword&published&type&audience), id
 * ascending, 10 a page (back-office spec §9). A row opens its drawer at /information-banner/{id};
 * /information-banner/create adds one (banners:create).
 */
export function BannerList() {
  const translate = useTranslate();
  const filters = useBannerFilters();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <List
        resource={BANNERS}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={10}
        filters={filters}
        actions={<BannerListActions />}
        empty={false}
        title={translate(t('name'), { smart_count: 2 })}
        sx={{ flex: 1, minWidth: 0, '& .RaList-main': { minWidth: 0 } }}
      >
        <BannerListBody />
      </List>
      <BannerDrawer />
    </Box>
  );
}

export default BannerList;
