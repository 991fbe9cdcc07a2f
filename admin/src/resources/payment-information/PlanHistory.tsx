import { useState, type ReactNode } from 'react';
import { Box, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { describedText } from '../../../../models/descriptions';
import { formatDate, formatDateTime } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { denseCells } from '../../common/tableLayout';
import { LoadError } from '../../common/LoadError';
import { usePlanApi, type Paged } from '../../common/planApi';
import { cardLabel, type GatewayEventRow, type LedgerRow, type PaymentRow, type PlanRecord, type RefundRow } from '../../common/planRecord';

const t = (key: string) => `resources.payment-information.${key}`;

export interface Column<T> {
  key: string;
  /** Translation key of the header. */
  label: string;
  align?: 'right';
  render: (row: T) => ReactNode;
}

/** A small read-only table of a tab, with an empty text and, when paged, the pager under it. */
export function HistoryTable<T extends { id: number | string }>(props: {
  rows: T[];
  columns: Array<Column<T>>;
  empty: string;
  testId: string;
  rowHref?: (row: T) => string;
  paging?: { page: number; size: number; total: number; onPage: (page: number) => void };
}) {
  const translate = useTranslate();
  const { rows, columns, paging } = props;
  if (!rows.length && !(paging && paging.page > 0)) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid={`${props.testId}-empty`}>
        {translate(props.empty)}
      </Typography>
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={props.testId} sx={denseCells}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                  {translate(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.id}
                data-testid={`${props.testId}-row-${row.id}`}
                {...(props.rowHref ? { hover: true, component: RouterLink, to: props.rowHref(row), sx: { textDecoration: 'none' } } : {})}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {paging && paging.total > paging.size ? (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page}
          rowsPerPage={paging.size}
          rowsPerPageOptions={[]}
          onPageChange={(_, page) => paging.onPage(page)}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          getItemAriaLabel={(type) => translate(type === 'next' ? 'ra.navigation.next' : type === 'previous' ? 'ra.navigation.previous' : `ra.navigation.${type}`)}
        />
      ) : null}
    </Box>
  );
}

/** One paged call of a tab (zero-based pages), the previous page kept on screen while the next loads. */
function usePaged<T>(key: unknown[], load: (page: number) => Promise<Paged<T>>) {
  const [page, setPage] = useState(0);
  const query = useQuery({ queryKey: [...key, page], queryFn: () => load(page), placeholderData: keepPreviousData });
  return { ...query, page, setPage };
}

const nowrap = (text: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {text}
  </Box>
);
const money = (v: unknown) => nowrap(formatMoney(v));

const paymentColor: Record<string, 'success' | 'warning' | 'error' | 'default'> = { ACCEPTED: 'success', IN_PROGRESS: 'warning', INVALID: 'error', DELETED: 'default' };

/** The payments tab: GET /students/{sid}/payments?applicationId (newest first, 10 a page). */
export function PlanPayments({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const size = 10;
  const { data, error, isPending, page, setPage } = usePaged(['payment-information', 'payments', record.studentId, record.applicationId, record.updatedAt], (p) =>
    api.payments(record.studentId, record.applicationId, p, size),
  );
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  const columns: Array<Column<PaymentRow>> = [
    { key: 'id', label: t('payments.id'), render: (p) => p.id },
    { key: 'date', label: t('payments.date'), render: (p) => nowrap(formatDate(p.paymentDate ?? p.processedAt ?? p.createdAt)) },
    { key: 'type', label: t('payments.type'), render: (p) => enumText('PaymentType', p.type) },
    { key: 'channel', label: t('payments.channel'), render: (p) => enumText('PaymentChannel', p.channel) },
    { key: 'amount', label: t('payments.amount'), align: 'right', render: (p) => money(p.amount) },
    { key: 'principal', label: t('payments.principal'), align: 'right', render: (p) => money(p.principalAmount) },
    { key: 'interest', label: t('payments.interest'), align: 'right', render: (p) => money(p.interestAmount) },
    { key: 'tax', label: t('payments.tax'), align: 'right', render: (p) => money(p.taxAmount) },
    { key: 'refunded', label: t('payments.refunded'), align: 'right', render: (p) => money(p.refundedAmount) },
    {
      key: 'status',
      label: t('payments.status'),
      render: (p) => <Chip size="small" color={paymentColor[p.status] ?? 'default'} label={enumText('PaymentStatus', p.status)} data-testid={`payment-status-${p.id}`} />,
    },
    { key: 'card', label: t('payments.card'), render: (p) => cardLabel({ brand: p.cardBrand, last4: p.cardLast4 }) || p.referenceNumber || '' },
    { key: 'failure', label: t('payments.failure'), render: (p) => (p.failureMessage ? translate(p.failureMessage, { _: p.failureMessage }) : '') },
  ];
  return (
    <HistoryTable rows={data?.data ?? []} columns={columns} empty={t('payments.empty')} testId="plan-payments" paging={{ page, size, total: data?.total ?? 0, onPage: setPage }} />
  );
}

/** The account history tab: GET /students/{sid}/account_history?applicationId (by event date, oldest first, 10 a page). */
export function PlanAccountHistory({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = usePlanApi();
  const size = 10;
  const { data, error, isPending, page, setPage } = usePaged(['payment-information', 'history', record.studentId, record.applicationId, record.updatedAt], (p) =>
    api.accountHistory(record.studentId, record.applicationId, p, size),
  );
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  const columns: Array<Column<LedgerRow>> = [
    { key: 'eventDate', label: t('history.eventDate'), render: (r) => nowrap(formatDate(r.eventDate)) },
    { key: 'kind', label: t('history.kind'), render: (r) => translate(`enums.LedgerKind.${r.kind}`, { _: r.kind }) },
    { key: 'description', label: t('history.description'), render: (r) => describedText(r, locale === 'es' ? 'es' : 'en') },
    { key: 'program', label: t('history.program'), render: (r) => r.program ?? '' },
    { key: 'principal', label: t('history.principal'), align: 'right', render: (r) => money(r.principal) },
    { key: 'tax', label: t('history.tax'), align: 'right', render: (r) => money(r.tax) },
    { key: 'total', label: t('history.total'), align: 'right', render: (r) => money(r.total) },
    { key: 'accountBalance', label: t('history.accountBalance'), align: 'right', render: (r) => money(r.accountBalance) },
    { key: 'principalBalance', label: t('history.principalBalance'), align: 'right', render: (r) => money(r.principalBalance) },
    { key: 'reference', label: t('history.reference'), render: (r) => [r.last4 ? `•••• ${r.last4}` : '', r.referenceNumber ?? ''].filter(Boolean).join(' · ') },
    { key: 'comment', label: t('history.comment'), render: (r) => r.comment ?? '' },
  ];
  return (
    <HistoryTable rows={data?.data ?? []} columns={columns} empty={t('history.empty')} testId="plan-history" paging={{ page, size, total: data?.total ?? 0, onPage: setPage }} />
  );
}

/** The refunds tab: the refund queue items of the plan's application (GET /refund_queues?applicationId), each opening its refund. */
export function PlanRefunds({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const { data, error, isPending } = useQuery({
    queryKey: ['payment-information', 'refunds', record.applicationId, record.updatedAt],
    queryFn: () => api.refunds(record.applicationId),
  });
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  const enumText = (name: string, value: string | null) => (value ? translate(`enums.${name}.${value}`, { _: value }) : '');
  const columns: Array<Column<RefundRow>> = [
    { key: 'id', label: t('refunds.id'), render: (r) => r.id },
    { key: 'source', label: t('refunds.source'), render: (r) => enumText('RefundSource', r.source) },
    { key: 'status', label: t('refunds.status'), render: (r) => enumText('RequestStatus', r.status) },
    { key: 'refundStatus', label: t('refunds.refundStatus'), render: (r) => enumText('RefundMoneyStatus', r.refundStatus) },
    { key: 'refundType', label: t('refunds.refundType'), render: (r) => enumText('RefundType', r.refundType) },
    { key: 'totalToBeRefunded', label: t('refunds.totalToBeRefunded'), align: 'right', render: (r) => money(r.totalToBeRefunded) },
    { key: 'totalRefunded', label: t('refunds.totalRefunded'), align: 'right', render: (r) => money(r.totalRefunded) },
    { key: 'updatedAt', label: t('refunds.updatedAt'), render: (r) => nowrap(formatDate(r.updatedAt)) },
  ];
  return <HistoryTable rows={data?.data ?? []} columns={columns} empty={t('refunds.empty')} testId="plan-refunds" rowHref={(r) => `/refunds/${r.id}`} />;
}

function gatewayColumns(translate: ReturnType<typeof useTranslate>, locale: string): Array<Column<GatewayEventRow>> {
  return [
    { key: 'date', label: t('card_history.date'), render: (e) => nowrap(formatDateTime(e.createdAt, locale)) },
    { key: 'provider', label: t('card_history.provider'), render: (e) => translate(`enums.GatewayProvider.${e.provider}`, { _: e.provider }) },
    { key: 'kind', label: t('card_history.kind'), render: (e) => translate(`enums.GatewayEventKind.${e.kind}`, { _: e.kind }) },
    { key: 'amount', label: t('card_history.amount'), align: 'right', render: (e) => money(e.amount) },
    { key: 'status', label: t('card_history.status'), render: (e) => translate(`enums.GatewayEventStatus.${e.status}`, { _: e.status }) },
    { key: 'reference', label: t('card_history.reference'), render: (e) => e.reference ?? '' },
    { key: 'message', label: t('card_history.message'), render: (e) => (e.message ? translate(e.message, { _: e.message }) : '') },
  ];
}

/**
 * The card-provider history tab: the student's card payments through Stripe (or the sandbox;
 * GET /students/{sid}/stripe_history, newest 50) and the migrated Authorize.Net history
 * (GET /students/{sid}/authorize_net_history, paged).
 */
export function PlanCardHistory({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = usePlanApi();
  const size = 10;
  const stripe = useQuery({ queryKey: ['payment-information', 'stripe', record.studentId, record.updatedAt], queryFn: () => api.stripeHistory(record.studentId) });
  const authorizeNet = usePaged(['payment-information', 'authorize-net', record.studentId], (p) => api.authorizeNetHistory(record.studentId, p, size));
  const columns = gatewayColumns(translate, locale);
  const section = (title: string, body: ReactNode) => (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(title)}
      </Typography>
      {body}
    </Box>
  );
  return (
    <Box data-testid="plan-card-history">
      {section(
        t('card_history.stripe'),
        stripe.isPending ? (
          <LinearProgress />
        ) : stripe.error ? (
          <LoadError error={stripe.error} />
        ) : (
          <HistoryTable rows={stripe.data?.data ?? []} columns={columns} empty={t('card_history.empty')} testId="stripe-history" />
        ),
      )}
      {section(
        t('card_history.authorize_net'),
        authorizeNet.isPending ? (
          <LinearProgress />
        ) : authorizeNet.error ? (
          <LoadError error={authorizeNet.error} />
        ) : (
          <HistoryTable
            rows={authorizeNet.data?.data ?? []}
            columns={columns}
            empty={t('card_history.empty')}
            testId="authorize-net-history"
            paging={{ page: authorizeNet.page, size, total: authorizeNet.data?.total ?? 0, onPage: authorizeNet.setPage }}
          />
        ),
      )}
    </Box>
  );
}
