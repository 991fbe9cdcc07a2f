/**
 * Pieces the transfer and withdrawal screens share: the calls hook, and the money a preview answers —
 * a transfer's (paid, fee, rollover, excess refund, new principal, the current plan's balance, the new
 * plan's schedule) and a withdrawal's (responsibility, reduction, refund, tax, what stays owed and its
 * plan, each class's share) — in the student's words.
 */
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { enumLabel } from '../../../../models/labels';
import { useApi } from '../../components/PortalContext';
import { transfersApi, type TransferPreview, type TransfersApi, type WithdrawalPreview } from '../../lib/transfers-api';
import { date, money, percent } from '../enrollment/format';
import { DataTable, Section, Terms, type Column } from '../payments/parts';
import { useT } from './i18n';

/** The transfer and withdrawal calls over the portal's one HTTP client. */
export function useTransfersApi(): TransfersApi {
  const api = useApi();
  const [calls] = useState(() => transfersApi(api.http));
  return calls;
}

type TransferEntry = TransferPreview['schedule'][number] & { id: number };
type ReissuedEntry = WithdrawalPreview['schedule'][number] & { id: number };

/** What a transfer moves: its figures and the new plan's schedule (the fee as the API will charge it). */
export function TransferCost({ preview }: { preview: TransferPreview }) {
  const { t, locale } = useT();
  const usd = (value: number) => money(value, locale);
  const fee = preview.transferNumber === 1 ? t('moves.cost.free') : usd(preview.transferFee);
  const items = [
    { key: 'paid', label: t('moves.cost.paid'), value: usd(preview.paid) },
    { key: 'fee', label: t('moves.cost.fee'), value: fee },
    { key: 'rollover', label: t('moves.cost.rollover'), value: usd(preview.tuitionRollover) },
    ...(preview.excessRefund > 0 ? [{ key: 'excess', label: t('moves.cost.excess'), value: usd(preview.excessRefund) }] : []),
    { key: 'oldBalance', label: t('moves.cost.oldBalance'), value: usd(preview.oldPlanBalance) },
    { key: 'newPrincipal', label: t('moves.cost.newPrincipal'), value: usd(preview.newPrincipal) },
    { key: 'totalInterest', label: t('moves.cost.totalInterest'), value: usd(preview.totalInterest) },
    { key: 'totalOwed', label: t('moves.cost.totalOwed'), value: usd(preview.totalOwed) },
  ];
  const columns: Array<Column<TransferEntry>> = [
    { key: 'number', label: t('moves.schedule.number'), render: (e) => e.number },
    { key: 'kind', label: t('moves.schedule.kind'), render: (e) => t(e.kind === 'DEPOSIT' ? 'moves.schedule.deposit' : 'moves.schedule.installment') },
    { key: 'dueDate', label: t('moves.schedule.dueDate'), render: (e) => date(e.dueDate) },
    { key: 'amount', label: t('moves.schedule.amount'), align: 'right', render: (e) => usd(e.amount) },
    { key: 'balance', label: t('moves.schedule.balance'), align: 'right', render: (e) => usd(e.balance) },
  ];
  return (
    <>
      <Section title={t('moves.cost.title')} id="transfer-cost-heading">
        <Terms testId="transfer-cost" items={items} />
      </Section>
      <Section title={t('moves.schedule.title')} id="transfer-schedule-heading">
        {preview.schedule.length ? (
          <DataTable label={t('moves.schedule.title')} columns={columns} rows={preview.schedule.map((e) => ({ ...e, id: e.number }))} testId="transfer-schedule" />
        ) : (
          <Typography color="text.secondary">{t('moves.schedule.none')}</Typography>
        )}
      </Section>
    </>
  );
}

/** What a withdrawal moves: responsibility, refund, what stays owed (and its plan), each class's share. */
export function WithdrawalCost({ preview }: { preview: WithdrawalPreview }) {
  const { t, locale } = useT();
  const usd = (value: number) => money(value, locale);
  const items = [
    { key: 'paid', label: t('moves.cost.paid'), value: usd(preview.paid) },
    { key: 'responsibility', label: t('moves.cost.responsibility'), value: usd(preview.tuitionResponsibility) },
    { key: 'reduction', label: t('moves.cost.reduction'), value: usd(preview.reductionAmount) },
    { key: 'refund', label: t('moves.cost.refund'), value: usd(preview.amountToBeRefund) },
    ...(preview.taxToBeRefund > 0 ? [{ key: 'taxRefund', label: t('moves.cost.taxRefund'), value: usd(preview.taxToBeRefund) }] : []),
    ...(preview.reissuedAmount > 0 ? [{ key: 'reissued', label: t('moves.cost.reissued'), value: usd(preview.reissuedAmount) }] : []),
    { key: 'newStatus', label: t('moves.cost.newStatus'), value: enumLabel('ApplicationStatus', preview.applicationStatus, locale) },
  ];
  const classLine = (c: WithdrawalPreview['courses'][number]) => {
    const label = c.label ?? '';
    if (!c.withdrawn) return t(c.percent === null ? 'moves.cost.classEarlier' : 'moves.cost.classStays', { label });
    return t('moves.cost.classOwed', { label, percent: percent(c.percent ?? 0, locale), amount: usd(c.tuitionResponsibility ?? 0) });
  };
  const columns: Array<Column<ReissuedEntry>> = [
    { key: 'number', label: t('moves.schedule.number'), render: (e) => e.number },
    { key: 'dueDate', label: t('moves.schedule.dueDate'), render: (e) => date(e.dueDate) },
    { key: 'amount', label: t('moves.schedule.amount'), align: 'right', render: (e) => usd(e.amount) },
    { key: 'balance', label: t('moves.schedule.balance'), align: 'right', render: (e) => usd(e.balance) },
  ];
  return (
    <>
      <Section title={t('moves.cost.title')} id="withdrawal-cost-heading">
        {preview.cancellation && (
          <Typography variant="body2" sx={{ mb: 2 }} data-testid="withdrawal-cancellation">
            {t('moves.cost.cancellation')}
          </Typography>
        )}
        <Terms testId="withdrawal-cost" items={items} />
        <Typography component="ul" variant="body2" sx={{ mt: 2, mb: 0, pl: 3 }} data-testid="withdrawal-classes">
          {preview.courses.map((c) => (
            <li key={c.cohortId}>{classLine(c)}</li>
          ))}
        </Typography>
      </Section>
      {preview.schedule.length > 0 && (
        <Section title={t('moves.schedule.reissuedTitle')} id="withdrawal-schedule-heading">
          <DataTable label={t('moves.schedule.reissuedTitle')} columns={columns} rows={preview.schedule.map((e) => ({ ...e, id: e.number }))} testId="reissued-schedule" />
        </Section>
      )}
    </>
  );
}
