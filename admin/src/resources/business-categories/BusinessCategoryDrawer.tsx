import { useState } from 'react';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { DrawerFrame } from '../../common/RecordDrawer';
import { AccountingLines } from './AccountingLines';
import { BusinessCategoryDetails } from './BusinessCategoryDetails';
import { categoryLabel, CATEGORIES, type BusinessCategory } from '../../common/businessCategoryRecord';
import { PaymentPlans } from './PaymentPlans';

/**
 * The business category drawer over the list. /business-categories/:id opens it on its details (the
 * spec's business category edit drawer: description and D2L user type; the name is fixed) with an
 * accounting lines tab; /business-categories/:id/payment-plans — the spec's route for a category's
 * payment plans — opens the same drawer on its payment plans tab, and choosing that tab goes there, so
 * 'Copy direct link' copies the tab's own address. Opening a category starts on its details (tabs reset).
 */

export type CategoryTab = 'details' | 'lines' | 'plans';
const BASE = `/${CATEGORIES}`;

function useCategoryRoute() {
  const plansRoute = useMatch(`${BASE}/:id/payment-plans`);
  const recordRoute = useMatch(`${BASE}/:id`);
  const id = plansRoute?.params.id ?? recordRoute?.params.id;
  return { id, onPlans: Boolean(plansRoute) };
}

function DrawerTitle({ id }: { id: string }) {
  const [locale] = useLocaleState();
  const { data } = useGetOne<BusinessCategory>(CATEGORIES, { id });
  return <span data-testid="drawer-title">{data ? categoryLabel(data, locale) : ''}</span>;
}

export function BusinessCategoryDetail({ id, onPlans }: { id: string; onPlans: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [localTab, setLocalTab] = useState<Exclude<CategoryTab, 'plans'>>('details');
  const { data: record, error, isPending } = useGetOne<BusinessCategory>(CATEGORIES, { id });
  const tab: CategoryTab = onPlans ? 'plans' : localTab;

  const choose = (next: CategoryTab) => {
    if (next === 'plans') {
      navigate(`${BASE}/${id}/payment-plans${search}`);
      return;
    }
    setLocalTab(next);
    if (onPlans) navigate(`${BASE}/${id}${search}`);
  };

  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="category-load-error">
        {translate('resources.business-categories.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }

  return (
    <ResourceContextProvider value={CATEGORIES}>
      <Tabs
        value={tab}
        onChange={(_, value: CategoryTab) => choose(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
      >
        {(['details', 'lines', 'plans'] as const).map((name) => (
          <Tab key={name} value={name} label={translate(`resources.business-categories.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'details' ? <BusinessCategoryDetails record={record} /> : null}
        {tab === 'lines' ? <AccountingLines category={record} /> : null}
        {tab === 'plans' ? <PaymentPlans category={record} /> : null}
      </Box>
    </ResourceContextProvider>
  );
}

/** The drawer itself: mounted beside the list, open whenever the route names a category. */
export function BusinessCategoryDrawer() {
  const { id, onPlans } = useCategoryRoute();
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => navigate({ pathname: BASE, search });
  return (
    <DrawerFrame
      open={Boolean(id)}
      onClose={close}
      title={id ? <DrawerTitle id={id} /> : null}
      linkPath={id ? `${BASE}/${id}${onPlans ? '/payment-plans' : ''}` : undefined}
      record={id ? { resource: CATEGORIES, id } : undefined}
    >
      {id ? <BusinessCategoryDetail key={id} id={id} onPlans={onPlans} /> : null}
    </DrawerFrame>
  );
}
