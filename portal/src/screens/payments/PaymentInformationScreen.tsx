/**
 * /settings/payment-information/:tab? — Payment information (platform spec §2 "Payment information
 * tabs", in that order): overview, payment method, plan terms, account history, CRM history, gateway
 * history, refunds, purchases, card-provider history. Each section is one of the Settings tabs (one
 * row, SettingsLayout); communication preferences are Settings' own tab (the old section address
 * leads there, App.tsx). The student's plans come from GET /students/{id}/payment_plans; with several, a chooser picks
 * one (`?planId=`), which the tabs keep.
 */
import Box from '@mui/material/Box';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../components/PortalContext';
import { SelectInput } from '../../components/SelectInput';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { enumLabel } from '../../../../models/labels';
import type { PlanDetail } from '../../lib/billing-api';
import { useLoad } from '../enrollment/useLoad';
import { CardsTab } from './CardsTab';
import { AccountHistoryTab, CardProviderHistoryTab, CrmHistoryTab, GatewayHistoryTab, PurchasesTab, RefundsTab } from './HistoryTabs';
import { useT } from './i18n';
import { PAYMENT_SECTIONS, paymentNavLabel, type PaymentSectionSlug } from './nav';
import { OverviewTab } from './OverviewTab';
import { PlanTermsTab } from './PlanTermsTab';
import { useBillingApi } from './parts';

/** Sections that show something without a plan (cards, purchases). */
const PLANLESS: readonly PaymentSectionSlug[] = ['payment-method', 'purchases'];

export default function PaymentInformationScreen() {
  const calls = useBillingApi();
  const { t, locale, language } = useT();
  const studentId = useSession()?.studentId;
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const current = PAYMENT_SECTIONS.find((section) => section.slug === (params.tab ?? '')) ?? PAYMENT_SECTIONS[0];
  useDocumentTitle(paymentNavLabel(language, current.label));
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
            name="planId"
            label={t('pay.plan')}
            value={String(plan.id)}
            onValueChange={(value) => setSearch({ planId: value }, { replace: true })}
            options={list.map((p) => ({
              value: String(p.id),
              label: `${t('pay.planOption', { name: p.name, program: p.programName ?? '' })} (${enumLabel('StudentPaymentPlanStatus', p.status, locale)})`,
            }))}
          />
        </Box>
      )}
      {!plan && !PLANLESS.includes(current.slug) ? (
        <FormMessage severity="info" testId="no-plans">
          {t('pay.noPlans')}
        </FormMessage>
      ) : (
        <TabContent slug={current.slug} plan={plan} studentId={studentId} onPlan={replacePlan} />
      )}
    </Box>
  );
}

function TabContent({ slug, plan, studentId, onPlan }: { slug: PaymentSectionSlug; plan: PlanDetail | null; studentId: number; onPlan(plan: PlanDetail): void }) {
  switch (slug) {
    case 'payment-method':
      return <CardsTab studentId={studentId} plan={plan} />;
    case 'purchases':
      return <PurchasesTab />;
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
