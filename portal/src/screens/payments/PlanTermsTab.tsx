/**
 * Payment information → plan terms: the terms and the breakdown of platform spec §3 ("Payment plan
 * terms", "Payment plan breakdown") in the spec's words, and the plan's schedule.
 */
import { enumLabel } from '../../../../models/labels';
import type { PlanDetail, ScheduleEntry } from '../../lib/billing-api';
import { cardLabel, date, money, percent } from '../enrollment/format';
import { openLabel, useT, type PaymentsKey } from './i18n';
import { DataTable, Section, Terms, type Column } from './parts';

const BREAKDOWN = [
  'tuitionRollover',
  'withdrawalReduction',
  'transferReduction',
  'withdrawalRefund',
  'voucherRefund',
  'additionalRefund',
  'totalTaxesPaid',
  'totalInterest',
  'principalPaid',
  'netTuition',
  'totalPaid',
  'totalRefunded',
  'totalRemaining',
] as const;

export function PlanTermsTab({ plan }: { plan: PlanDetail }) {
  const { t, locale } = useT();
  const terms = plan.terms;
  const usd = (value: number | null | undefined) => money(value ?? 0, locale);
  const columns: Array<Column<ScheduleEntry>> = [
    { key: 'number', label: t('pay.schedule.number'), render: (e) => e.number },
    { key: 'dueDate', label: t('pay.schedule.dueDate'), render: (e) => date(e.dueDate) },
    { key: 'amount', label: t('pay.schedule.amount'), align: 'right', render: (e) => usd(e.amount) },
    { key: 'tax', label: t('pay.schedule.tax'), align: 'right', render: (e) => usd(e.taxAmount) },
    { key: 'paid', label: t('pay.schedule.paid'), align: 'right', render: (e) => usd(e.paidAmount) },
    { key: 'balance', label: t('pay.schedule.balance'), align: 'right', render: (e) => usd(e.balance) },
    { key: 'status', label: t('pay.schedule.status'), render: (e) => openLabel(t, 'pay.schedule.status', e.status) },
  ];
  return (
    <>
      <Section title={t('pay.terms.title')} id="terms-heading">
        <Terms
          testId="plan-terms"
          items={[
            { key: 'description', label: t('pay.terms.description'), value: terms.description || plan.name },
            { key: 'installmentAmount', label: t('pay.terms.installmentAmount'), value: usd(terms.installmentAmount) },
            { key: 'totalOwed', label: t('pay.terms.totalOwed'), value: usd(terms.totalOwed) },
            { key: 'amountDue', label: t('pay.terms.amountDue'), value: usd(terms.amountDue) },
            { key: 'interestRate', label: t('pay.terms.interestRate'), value: percent(terms.interestRate, locale) },
            { key: 'depositAmount', label: t('pay.terms.depositAmount'), value: usd(terms.depositAmount) },
            { key: 'installmentsCount', label: t('pay.terms.installmentsCount'), value: String(terms.installmentsCount ?? 0) },
            { key: 'taxAmount', label: t('pay.terms.taxAmount'), value: usd(terms.taxAmount) },
            { key: 'amountPaid', label: t('pay.terms.amountPaid'), value: usd(terms.amountPaid) },
            { key: 'paymentDueDate', label: t('pay.terms.paymentDueDate'), value: terms.paymentDueDate ? date(terms.paymentDueDate) : t('pay.terms.none') },
            {
              key: 'captureMethod',
              label: t('pay.terms.captureMethod'),
              value: t(terms.captureMethod === 'automatic' ? 'pay.terms.capture.automatic' : 'pay.terms.capture.manual'),
            },
            { key: 'currency', label: t('pay.terms.currency'), value: String(terms.currency ?? 'usd').toUpperCase() },
            { key: 'status', label: t('pay.terms.status'), value: enumLabel('StudentPaymentPlanStatus', terms.status ?? plan.status, locale) },
            { key: 'paymentMethod', label: t('pay.terms.paymentMethod'), value: terms.paymentMethod ? cardLabel(terms.paymentMethod) : t('pay.terms.none') },
          ]}
        />
      </Section>
      <Section title={t('pay.breakdown.title')} id="breakdown-heading">
        <Terms testId="plan-breakdown" items={BREAKDOWN.map((key) => ({ key, label: t(`pay.breakdown.${key}` as PaymentsKey), value: usd(plan.breakdown?.[key]) }))} />
      </Section>
      {plan.schedules?.length > 0 && (
        <Section title={t('pay.schedule.title')} id="schedule-heading">
          <DataTable label={t('pay.schedule.title')} columns={columns} rows={plan.schedules} testId="schedule" />
        </Section>
      )}
    </>
  );
}
