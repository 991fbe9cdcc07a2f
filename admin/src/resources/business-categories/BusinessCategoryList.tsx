import type { MouseEvent } from 'react';
import { Box, Typography } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, DataTable, List, Pagination, SearchInput, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { BusinessCategoryDrawer } from './BusinessCategoryDrawer';
import { categoryLabel, type BusinessCategory } from '../../common/businessCategoryRecord';

const t = (key: string) => `resources.business-categories.${key}`;

/** The row's way to the spec's /business-categories/:id/payment-plans (the drawer on its plans tab). */
function PaymentPlansLink({ record }: { record: BusinessCategory }) {
  const { search } = useLocation();
  return (
    <Button
      component={RouterLink}
      to={`/business-categories/${record.id}/payment-plans${search}`}
      label={t('actions.payment_plans')}
      size="small"
      onClick={(event: MouseEvent) => event.stopPropagation()}
      data-testid={`category-plans-${record.id}`}
    >
      <PaymentsIcon />
    </Button>
  );
}

function CategoryName({ record }: { record: BusinessCategory }) {
  const [locale] = useLocaleState();
  return (
    <Box>
      <Typography variant="body2">{categoryLabel(record, locale)}</Typography>
      {/* The category's code (what integrations use): an identifier, not a word to translate. */}
      <Typography variant="caption" color="text.secondary" component="code" translate="no" sx={{ fontFamily: 'monospace', display: 'block' }}>
        {record.name}
      </Typography>
    </Box>
  );
}

function d2lText(record: BusinessCategory): string {
  const d2l = record.d2LUserType;
  if (!d2l) return '';
  return [d2l.displayName, d2l.code].filter(Boolean).join(' · ');
}

/**
 * /business-categories: the 11 fixed categories, 20 a page sorted by NAME (spec §9), keyword search.
 * No add button (categories are fixed). A row opens the category's drawer on /business-categories/:id;
 * its 'Payment plans' button opens it on /business-categories/:id/payment-plans.
 */
export function BusinessCategoryList() {
  const translate = useTranslate();
  const { search } = useLocation();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate(t('filters.search'))} />];
  return (
    <>
      <List<BusinessCategory>
        sort={{ field: 'NAME', order: 'ASC' }}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[20]} />}
        filters={filters}
        actions={false}
        empty={false}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<BusinessCategory>
            rowClick={(id) => `/business-categories/${id}${search}`}
            bulkActionButtons={false}
            empty={<Typography sx={{ p: 2 }}>{translate(t('empty'))}</Typography>}
          >
            <DataTable.Col source="NAME" label={t('fields.name')} render={(record) => <CategoryName record={record as BusinessCategory} />} />
            <DataTable.Col source="description" label={t('fields.description')} disableSort />
            <DataTable.Col source="d2LUserType" label={t('fields.d2LUserType.label')} disableSort render={d2lText} />
            <DataTable.Col source="updatedAt" label={t('fields.updatedAt')} render={(record) => formatDate(record.updatedAt)} />
            <DataTable.Col source="plans" label=" " disableSort render={(record) => <PaymentPlansLink record={record as BusinessCategory} />} />
          </DataTable>
        </Box>
      </List>
      <BusinessCategoryDrawer />
    </>
  );
}

export default BusinessCategoryList;
