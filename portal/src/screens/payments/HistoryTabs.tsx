/**
 * Payment information → the history tabs: account history (the ledger, ten rows a page by event date
 * ascending, platform spec §9, with the columns of §3 "Account history row"), CRM history, gateway
 * history, refunds, purchases and card-provider history.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describedText } from '../../../../models/descriptions';
import { enumLabel } from '../../../../models/labels';
import {
  ACCOUNT_HISTORY_SIZE,
  CRM_HISTORY_SIZE,
  PROVIDER_HISTORY_SIZE,
  type CrmNotificationRow,
  type GatewayEventRow,
  type LedgerRow,
  type PlanDetail,
  type RefundRow,
} from '../../lib/billing-api';
import { dateTime, money } from '../enrollment/format';
import { useLoad } from '../enrollment/useLoad';
import { openLabel, useT } from './i18n';
import { DataTable, Empty, LoadedView, PagedTable, schoolDate, Section, Terms, useBillingApi, type Column } from './parts';

export function AccountHistoryTab({ studentId, plan }: { studentId: number; plan: PlanDetail }) {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const [page, setPage] = useState(0);
  const loaded = useLoad(() => calls.accountHistory(studentId, { applicationId: plan.applicationId, page }), [calls, studentId, plan.applicationId, page]);
  // The refunds of the application, to say which move a refund line is (a withdrawal's, a transfer's excess, a voucher's).
  const refunds = useLoad(() => calls.refunds(studentId, plan.applicationId).catch(() => [] as RefundRow[]), [calls, studentId, plan.applicationId]);
  const usd = (value: number | null | undefined) => money(value ?? 0, locale);
  const moveOf = (r: LedgerRow) => moveLabel(r, plan, refunds.data ?? [], t, usd);
  const title = t('pay.tab.accountHistory');
  const columns: Array<Column<LedgerRow>> = [
    { key: 'date', label: t('pay.history.date'), render: (r) => schoolDate(r.eventDate) },
    {
      key: 'description',
      label: t('pay.history.description'),
      render: (r) => (
        <>
          {enumLabel('LedgerKind', r.kind, locale)}
          {describedText(r, locale) && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {describedText(r, locale)}
            </Typography>
          )}
          {moveOf(r) && (
            <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 500 }} data-testid={`ledger-${r.id}-move`}>
              {moveOf(r)!.label}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'program', label: t('pay.history.program'), render: (r) => r.program ?? '' },
    { key: 'principal', label: t('pay.history.principal'), align: 'right', render: (r) => usd(r.principal) },
    { key: 'tax', label: t('pay.history.tax'), align: 'right', render: (r) => usd(r.tax) },
    { key: 'total', label: t('pay.history.total'), align: 'right', render: (r) => usd(r.total) },
    { key: 'accountBalance', label: t('pay.history.accountBalance'), align: 'right', render: (r) => usd(r.accountBalance) },
    { key: 'principalBalance', label: t('pay.history.principalBalance'), align: 'right', render: (r) => usd(r.principalBalance) },
    { key: 'last4', label: t('pay.history.last4'), render: (r) => r.last4 ?? '' },
    { key: 'referenceNumber', label: t('pay.history.referenceNumber'), render: (r) => r.referenceNumber ?? '' },
    { key: 'comment', label: t('pay.history.comment'), render: (r) => (moveOf(r)?.hideComment ? '' : (r.comment ?? '')) },
  ];
  return (
    <Section title={title} id="account-history-heading">
      <PagedTable
        title={title}
        loaded={loaded}
        page={page}
        size={ACCOUNT_HISTORY_SIZE}
        onPage={setPage}
        columns={columns}
        empty={t('pay.history.none')}
        testIds={{ view: 'account-history', rows: 'ledger', pager: 'account-history-page' }}
      />
    </Section>
  );
}

/**
 * Which transfer or withdrawal move an account-history line is (issue 18), in words: the plan issued
 * by a transfer (its tuition rollover), the plan reissued after a withdrawal, and the refund lines of a
 * withdrawal, of what a transfer left paid beyond the new plan (its comment is the server's note, not
 * shown), or of a voucher. Null for the other lines.
 */
function moveLabel(
  r: LedgerRow,
  plan: PlanDetail,
  refunds: RefundRow[],
  t: ReturnType<typeof useT>['t'],
  usd: (value: number) => string,
): { label: string; hideComment?: boolean } | null {
  const ofThisPlan = r.studentPaymentPlanId === undefined || r.studentPaymentPlanId === null || r.studentPaymentPlanId === plan.id;
  if (r.kind === 'PLAN_ISSUED' && ofThisPlan) {
    if (plan.source === 'WITHDRAWAL') return { label: t('pay.history.move.reissued') };
    if (Number(plan.rollover) > 0) return { label: t('pay.history.move.rollover', { amount: usd(plan.rollover) }) };
    return null;
  }
  if (r.kind !== 'REFUND' || !r.refundId) return null;
  const refund = refunds.find((x) => x.id === r.refundId);
  if (!refund) return null;
  if (refund.source === 'WITHDRAWAL') return { label: t('pay.history.move.withdrawalRefund') };
  if (refund.source === 'VOUCHER') return { label: t('pay.history.move.voucherRefund') };
  // A custom refund made by a transfer carries the transfer's id; staff's own custom refunds none.
  if (refund.source === 'CUSTOM' && refund.sourceId) return { label: t('pay.history.move.transferRefund'), hideComment: true };
  return null;
}

/**
 * CRM history: what was reported about the application to the institute's CRM (Salesforce), newest
 * first, ten a page (GET /applications/{id}/salesforce_notifications, the student's view): each
 * status change and whether it was delivered.
 */
export function CrmHistoryTab({ plan }: { plan: PlanDetail }) {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const [page, setPage] = useState(0);
  const applicationId = plan.application?.id ?? plan.applicationId;
  const loaded = useLoad(() => calls.crmHistory(applicationId, page), [calls, applicationId, page]);
  const title = t('pay.tab.crmHistory');
  const status = (value: string | null) => enumLabel('ApplicationStatus', value, locale) || '—';
  const columns: Array<Column<CrmNotificationRow>> = [
    { key: 'date', label: t('pay.crm.date'), render: (r) => dateTime(r.createdAt, locale) },
    { key: 'update', label: t('pay.crm.update'), render: (r) => openLabel(t, 'pay.crm.event', r.event, { from: status(r.payload.previousStatus), to: status(r.payload.status) }) },
    { key: 'delivery', label: t('pay.crm.delivery'), render: (r) => openLabel(t, 'pay.crm.status', r.status) },
    { key: 'sentAt', label: t('pay.crm.sentAt'), render: (r) => (r.sentAt ? dateTime(r.sentAt, locale) : '') },
  ];
  return (
    <Section title={title} id="crm-heading">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="crm-intro">
        {t('pay.crm.intro')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <Terms
          testId="crm-terms"
          items={[
            {
              key: 'application',
              label: t('pay.crm.application'),
              value: t('pay.crm.applicationValue', { id: applicationId, status: enumLabel('ApplicationStatus', plan.application?.status, locale) }),
            },
            { key: 'program', label: t('pay.crm.program'), value: plan.programName ?? '' },
          ]}
        />
      </Box>
      <PagedTable
        title={title}
        loaded={loaded}
        page={page}
        size={CRM_HISTORY_SIZE}
        onPage={setPage}
        columns={columns}
        empty={t('pay.crm.none')}
        testIds={{ view: 'crm-history', rows: 'crm', pager: 'crm-page' }}
      />
    </Section>
  );
}

/** Gateway calls: the gateway's message goes through the spec's catalogue (`tm`) when it is one of its messages. */
function gatewayColumns({ t, tm, locale }: ReturnType<typeof useT>): Array<Column<GatewayEventRow>> {
  return [
    { key: 'date', label: t('pay.gateway.date'), render: (r) => dateTime(r.createdAt, locale) },
    { key: 'provider', label: t('pay.gateway.provider'), render: (r) => enumLabel('GatewayProvider', r.provider, locale) },
    { key: 'kind', label: t('pay.gateway.kind'), render: (r) => enumLabel('GatewayEventKind', r.kind, locale) },
    { key: 'amount', label: t('pay.gateway.amount'), align: 'right', render: (r) => (r.amount === null || r.amount === undefined ? '' : money(r.amount, locale)) },
    { key: 'status', label: t('pay.gateway.status'), render: (r) => enumLabel('GatewayEventStatus', r.status, locale) },
    { key: 'reference', label: t('pay.gateway.reference'), render: (r) => r.reference ?? '' },
    { key: 'message', label: t('pay.gateway.message'), render: (r) => tm(r.message) },
  ];
}

export function GatewayHistoryTab({ studentId }: { studentId: number }) {
  const calls = useBillingApi();
  const i18n = useT();
  const { t } = i18n;
  const loaded = useLoad(() => calls.stripeHistory(studentId), [calls, studentId]);
  const title = t('pay.tab.gatewayHistory');
  return (
    <Section title={title} id="gateway-heading">
      <LoadedView loaded={loaded} testId="gateway-history">
        {(rows) =>
          rows.length ? (
            <DataTable label={title} columns={gatewayColumns(i18n)} rows={rows} testId="gateway" />
          ) : (
            <Empty testId="gateway-history-none">{t('pay.gateway.none')}</Empty>
          )
        }
      </LoadedView>
    </Section>
  );
}

export function CardProviderHistoryTab({ studentId }: { studentId: number }) {
  const calls = useBillingApi();
  const i18n = useT();
  const { t } = i18n;
  const [page, setPage] = useState(0);
  const loaded = useLoad(() => calls.authorizeNetHistory(studentId, page), [calls, studentId, page]);
  const title = t('pay.tab.cardProviderHistory');
  return (
    <Section title={title} id="card-provider-heading">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('pay.cardProvider.intro')}
      </Typography>
      <PagedTable
        title={title}
        loaded={loaded}
        page={page}
        size={PROVIDER_HISTORY_SIZE}
        onPage={setPage}
        columns={gatewayColumns(i18n)}
        empty={t('pay.cardProvider.none')}
        testIds={{ view: 'card-provider-history', rows: 'card-provider', pager: 'card-provider-page' }}
      />
    </Section>
  );
}

export function RefundsTab({ plan }: { plan: PlanDetail }) {
  const calls = useBillingApi();
  const { t, locale } = useT();
  const loaded = useLoad(() => calls.refunds(plan.studentId, plan.applicationId), [calls, plan.studentId, plan.applicationId]);
  const usd = (value: number | null | undefined) => money(value ?? 0, locale);
  const title = t('pay.tab.refunds');
  const columns: Array<Column<RefundRow>> = [
    { key: 'date', label: t('pay.refunds.date'), render: (r) => schoolDate(r.createdAt) },
    { key: 'source', label: t('pay.refunds.source'), render: (r) => enumLabel('RefundSource', r.source, locale) },
    { key: 'status', label: t('pay.refunds.status'), render: (r) => enumLabel('RequestStatus', r.status, locale) },
    { key: 'money', label: t('pay.refunds.money'), render: (r) => enumLabel('RefundMoneyStatus', r.refundStatus, locale) },
    { key: 'amount', label: t('pay.refunds.amount'), align: 'right', render: (r) => usd(r.amountToBeRefunded) },
    { key: 'tax', label: t('pay.refunds.tax'), align: 'right', render: (r) => usd(r.taxToBeRefunded) },
    { key: 'refunded', label: t('pay.refunds.refunded'), align: 'right', render: (r) => usd(r.totalRefunded) },
    { key: 'reference', label: t('pay.refunds.reference'), render: (r) => r.referenceNumber ?? '' },
  ];
  return (
    <Section title={title} id="refunds-heading">
      <LoadedView loaded={loaded} testId="refunds">
        {(rows) => (rows.length ? <DataTable label={title} columns={columns} rows={rows} testId="refund" /> : <Empty testId="refunds-none">{t('pay.refunds.none')}</Empty>)}
      </LoadedView>
    </Section>
  );
}

/** Purchases of extra products: no API yet, so an honest empty state rather than a made-up list. */
export function PurchasesTab() {
  const { t } = useT();
  return (
    <Section title={t('pay.tab.purchases')} id="purchases-heading">
      <Empty testId="purchases-none">{t('pay.purchases.none')}</Empty>
    </Section>
  );
}
