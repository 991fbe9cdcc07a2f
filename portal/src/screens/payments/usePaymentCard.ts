/**
 * What the home page says about payments: for the student's active plan (else the latest), what is
 * past due or the next payment, with links to the payment information and "Make a payment". Null
 * while loading, without a plan, or when the plans cannot be read (the home page stays as it was).
 */
import { useSession } from '../../components/PortalContext';
import type { PlanDetail } from '../../lib/billing-api';
import { date, money } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { useT } from './i18n';
import { PAYMENT_INFORMATION_PATH } from './nav';
import { canPayOnline, makePaymentPath } from './OverviewTab';
import { useBillingApi } from './parts';

export interface PaymentCardSpec {
  title: string;
  body: string;
  action: string;
  to: string;
  secondary?: { label: string; to: string };
}

export function usePaymentCard(): PaymentCardSpec | null {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const studentId = useSession()?.studentId;
  const plans = useLoad(() => (studentId ? calls.studentPlans(studentId) : Promise.resolve([] as PlanDetail[])), [calls, studentId]);
  const list = plans.data ?? [];
  const plan = list.find((p) => p.status === 'ACTIVE') ?? list[0];
  if (!plan) return null;
  const next = plan.nextPaymentSchedule;
  const body =
    Number(plan.totalPastDueAmount) > 0
      ? t('home.payments.pastDue', { amount: money(plan.totalPastDueAmount, locale) })
      : next
        ? t('home.payments.next', { amount: money(next.amountDue, locale), date: date(next.dueDate) })
        : t('home.payments.paidOff');
  return {
    title: t('home.payments.title'),
    body,
    action: t('home.payments.action'),
    to: `${PAYMENT_INFORMATION_PATH}${list.length > 1 ? `?planId=${plan.id}` : ''}`,
    secondary: canPayOnline(plan) ? { label: t('home.payments.pay'), to: makePaymentPath(plan.id) } : undefined,
  };
}
