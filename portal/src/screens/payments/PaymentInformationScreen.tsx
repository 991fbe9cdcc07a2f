/**
 * /settings/payment-information/:tab? — Payment information (platform spec §2 "Payment information
 * tabs", in that order): overview, payment method, plan terms, account history, CRM history, gateway
 * history, refunds, purchases, card-provider history, communication preferences. The student's plans
 * come from GET /students/{id}/payment_plans; with several, a chooser picks one (`?planId=`).
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { SelectInput } from '../../components/SelectInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { enumLabel } from '../../../../models/labels';
import type { PlanDetail } from '../../lib/billing-api';
import CommunicationPreferencesScreen from '../settings/CommunicationPreferencesScreen';
import { useLoad } from '../enrollment/useLoad';
import { CardsTab } from './CardsTab';
import { AccountHistoryTab, CardProviderHistoryTab, CrmHistoryTab, GatewayHistoryTab, PurchasesTab, RefundsTab } from './HistoryTabs';
import { useT, type PaymentsKey } from './i18n';
import { PAYMENT_INFORMATION_PATH } from './nav';
import { OverviewTab } from './OverviewTab';
import { PlanTermsTab } from './PlanTermsTab';
import { useBillingApi } from './parts';

export const PAYMENT_TABS = [
  { slug: '', label: 'pay.tab.overview' },
  { slug: 'payment-method', label: 'pay.tab.paymentMethod' },
  { slug: 'plan-terms', label: 'pay.tab.planTerms' },
  { slug: 'account-history', label: 'pay.tab.accountHistory' },
  { slug: 'crm-history', label: 'pay.tab.crmHistory' },
  { slug: 'gateway-history', label: 'pay.tab.gatewayHistory' },
  { slug: 'refunds', label: 'pay.tab.refunds' },
  { slug: 'purchases', label: 'pay.tab.purchases' },
  { slug: 'card-provider-history', label: 'pay.tab.cardProviderHistory' },
  { slug: 'communication-preferences', label: 'pay.tab.communication' },
] as const satisfies ReadonlyArray<{ slug: string; label: PaymentsKey }>;

type Slug = (typeof PAYMENT_TABS)[number]['slug'];
/** Tabs that show something without a plan (cards, preferences, purchases). */
const PLANLESS: readonly Slug[] = ['payment-method', 'purchases', 'communication-preferences'];

export const tabPath = (slug: string, planId?: number | null) => `${PAYMENT_INFORMATION_PATH}${slug ? `/${slug}` : ''}${planId ? `?planId=${planId}` : ''}`;

export default function PaymentInformationScreen() {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const studentId = useSession()?.studentId;
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const current = PAYMENT_TABS.find((tab) => tab.slug === (params.tab ?? '')) ?? PAYMENT_TABS[0];
  useDocumentTitle(t(current.label));
  const plans = useLoad(() => (studentId ? calls.studentPlans(studentId) : Promise.resolve([] as PlanDetail[])), [calls, studentId]);

  if (!studentId) return <FormMessage severity="info">{t('pay.noStudent')}</FormMessage>;
  if (plans.loading && !plans.data) return <PageLoading />;
  if (!plans.data) return <ErrorAlert error={plans.error} testId="plans-error" />;
  const list = plans.data;
  const wanted = Number(search.get('planId'));
  const plan = list.find((p) => p.id === wanted) ?? list.find((p) => p.status === 'ACTIVE') ?? list[0] ?? null;
  const replacePlan = (updated: PlanDetail) => plans.setData(list.map((p) => (p.id === updated.id ? updated : p)));

  return (
    <Box>
      {list.length > 1 && plan && (
        <Box sx={{ maxWidth: 480 }}>
          <SelectInput
            name="planId" label={t('pay.plan')} value={String(plan.id)}
            onValueChange={(value) => setSearch({ planId: value }, { replace: true })}
            options={list.map((p) => ({ value: String(p.id), label: `${t('pay.planOption', { name: p.name, program: p.programName ?? '' })} (${enumLabel('StudentPaymentPlanStatus', p.status, locale)})` }))}
          />
        </Box>
      )}
      <Tabs
        value={current.slug} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('pay.sections')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {PAYMENT_TABS.map((tab) => (
          <Tab key={tab.slug} value={tab.slug} label={t(tab.label)} component={Link} to={tabPath(tab.slug, list.length > 1 ? plan?.id : null)} />
        ))}
      </Tabs>
      {!plan && !PLANLESS.includes(current.slug) ? (
        <FormMessage severity="info" testId="no-plans">{t('pay.noPlans')}</FormMessage>
      ) : (
        <TabContent slug={current.slug} plan={plan} studentId={studentId} onPlan={replacePlan} />
      )}
    </Box>
  );
}

function TabContent({ slug, plan, studentId, onPlan }: { slug: Slug; plan: PlanDetail | null; studentId: number; onPlan(plan: PlanDetail): void }) {
  switch (slug) {
    case 'payment-method':
      return <CardsTab studentId={studentId} plan={plan} />;
    case 'purchases':
      return <PurchasesTab />;
    case 'communication-preferences':
      return <CommunicationPreferencesScreen />;
  }
  if (!plan) return null;
  switch (slug) {
    case 'plan-terms':
      return <PlanTermsTab plan={plan} />;
    case 'account-history':
      return <AccountHistoryTab studentId={studentId} plan={plan} />;
    case 'crm-history':
      return <CrmHistoryTab plan={plan} />;
    case 'gateway-history':
      return <GatewayHistoryTab studentId={studentId} />;
    case 'refunds':
      return <RefundsTab plan={plan} />;
    case 'card-provider-history':
      return <CardProviderHistoryTab studentId={studentId} />;
    default:
      return <OverviewTab plan={plan} onPlan={onPlan} />;
  }
}
