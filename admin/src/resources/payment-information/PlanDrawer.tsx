import { useState } from 'react';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { useRecordView } from '../../common/useRecordView';
import { RecordDrawer } from '../../common/RecordDrawer';
import { PlanAccountHistory, PlanCardHistory, PlanPayments, PlanRefunds } from './PlanHistory';
import { PlanOverview } from './PlanOverview';
import { planStudentName, type PlanRecord, type PlanResource } from '../../common/planRecord';
import { PlanSchedule } from './PlanSchedule';

export type PlanTab = 'overview' | 'schedule' | 'payments' | 'account_history' | 'refunds' | 'card_history';
export const planTabs: PlanTab[] = ['overview', 'schedule', 'payments', 'account_history', 'refunds', 'card_history'];

/** Tabs shown only to staff who may read what they list (the plan itself is payment_plans:read; the API's reads are payments:read and refunds:read). */
const tabAccess: Partial<Record<PlanTab, string>> = { payments: 'payments', account_history: 'payments', refunds: 'refunds', card_history: 'payments' };

/**
 * The plan detail (back-office spec §2: "payment plan detail has tabs (default overview)"): GET
 * /payment_plans/{id}, opening on the overview each time (the drawer is keyed by id). The tabs load
 * their own calls when shown.
 */
export function PlanDetail({ resource, id, initialTab = 'overview' }: { resource: PlanResource; id: string; initialTab?: PlanTab }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<PlanTab>(initialTab);
  const { data: record, error, isPending } = useGetOne<PlanRecord>(resource, { id });
  const { canAccess: canReadPayments = false } = useCanAccess({ resource: 'payments', action: 'list' });
  const { canAccess: canReadRefunds = false } = useCanAccess({ resource: 'refunds', action: 'list' });
  if (isPending) return <LinearProgress />;
  if (error || !record) {
    const message = (error as Error | null)?.message;
    return (
      <Alert severity="error" data-testid="plan-load-error">
        {translate('resources.payment-information.messages.not_found')}
        {message ? ` ${translate(message, { _: message })}` : ''}
      </Alert>
    );
  }
  const allowed: Record<string, boolean> = { payments: canReadPayments, refunds: canReadRefunds };
  const tabs = planTabs.filter((name) => !tabAccess[name] || allowed[tabAccess[name]!]);
  return (
    <ResourceContextProvider value={resource}>
      <Tabs
        value={tabs.includes(tab) ? tab : 'overview'}
        onChange={(_, value: PlanTab) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={translate(`resources.payment-information.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'overview' ? <PlanOverview resource={resource} record={record} /> : null}
        {tab === 'schedule' ? <PlanSchedule record={record} /> : null}
        {tab === 'payments' ? <PlanPayments record={record} /> : null}
        {tab === 'account_history' ? <PlanAccountHistory record={record} /> : null}
        {tab === 'refunds' ? <PlanRefunds record={record} /> : null}
        {tab === 'card_history' ? <PlanCardHistory record={record} /> : null}
      </Box>
    </ResourceContextProvider>
  );
}

function PlanDrawerTitle({ resource, id }: { resource: PlanResource; id: string }) {
  const translate = useTranslate();
  const { data } = useGetOne<PlanRecord>(resource, { id });
  const title = data ? translate('resources.payment-information.titles.plan', { plan: data.name, student: planStudentName(data) }) : undefined;
  useRecordView('PAYMENT_PLAN', id, title);
  return <span data-testid="drawer-title">{title ?? `#${id}`}</span>;
}

/** The plan drawer over the list on /{resource}/:id, with 'Copy direct link'. */
export function PlanDrawer({ resource }: { resource: PlanResource }) {
  return (
    <RecordDrawer basePath={`/${resource}`} title={(id) => <PlanDrawerTitle resource={resource} id={id} />}>
      {(id) => <PlanDetail key={id} resource={resource} id={id} />}
    </RecordDrawer>
  );
}
