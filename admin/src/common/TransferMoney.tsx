import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from './dates';
import { InfoRow, InfoSection } from './InfoSection';
import { formatMoney } from './money';
import type { TransferPreview } from './transferRecord';

const m = (key: string) => `resources.transfers.money.${key}`;

export interface ScheduleRow {
  number: number;
  kind?: string | null;
  dueDate: string;
  principal?: number | null;
  interest?: number | null;
  amount: number;
  balance: number;
}

/** A plan's schedule as a small table: number, kind (deposit or installment), due date, principal and interest when known, amount, balance. */
export function ScheduleTable({ rows, testId, title }: { rows: ScheduleRow[]; testId: string; title: string }) {
  const translate = useTranslate();
  const split = rows.some((r) => r.principal !== undefined && r.principal !== null);
  const kinds = rows.some((r) => r.kind);
  return (
    <Box sx={{ mb: 2, overflowX: 'auto' }} data-testid={testId}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(title)}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(m('no_schedule'))}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(m('schedule.number'))}</TableCell>
              {kinds ? <TableCell>{translate(m('schedule.kind'))}</TableCell> : null}
              <TableCell>{translate(m('schedule.dueDate'))}</TableCell>
              {split ? <TableCell align="right">{translate(m('schedule.principal'))}</TableCell> : null}
              {split ? <TableCell align="right">{translate(m('schedule.interest'))}</TableCell> : null}
              <TableCell align="right">{translate(m('schedule.amount'))}</TableCell>
              <TableCell align="right">{translate(m('schedule.balance'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.number}>
                <TableCell>{row.number}</TableCell>
                {kinds ? <TableCell>{row.kind ? translate(m(`schedule.kinds.${row.kind}`), { _: row.kind }) : ''}</TableCell> : null}
                <TableCell>{formatDate(row.dueDate)}</TableCell>
                {split ? <TableCell align="right">{formatMoney(row.principal)}</TableCell> : null}
                {split ? <TableCell align="right">{formatMoney(row.interest)}</TableCell> : null}
                <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                <TableCell align="right">{formatMoney(row.balance)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * The money a transfer moves, as the engine computes it (POST /transfers/preview, GET
 * /transfers/{id}/preview): what the student paid, the fee (the first transfer is free), the tuition
 * rolled over to the new plan, what is paid beyond it (refunded), the new plan's principal, the old
 * plan's balance (cancelled), and the new plan's schedule.
 */
export function TransferPreviewFigures({ preview }: { preview: TransferPreview }) {
  const translate = useTranslate();
  return (
    <Box data-testid="transfer-preview">
      <InfoSection title={m('title')}>
        <InfoRow label={m('transferNumber')}>{translate(m(preview.transferNumber === 1 ? 'first_transfer' : 'nth_transfer'), { number: preview.transferNumber })}</InfoRow>
        <InfoRow label={m('paid')} testId="transfer-preview-paid">
          {formatMoney(preview.paid)}
        </InfoRow>
        <InfoRow label={m('transferFee')} testId="transfer-preview-fee">
          {formatMoney(preview.transferFee)}
        </InfoRow>
        <InfoRow label={m('tuitionRollover')} testId="transfer-preview-rollover">
          {formatMoney(preview.tuitionRollover)}
        </InfoRow>
        <InfoRow label={m('excessRefund')} testId="transfer-preview-excess">
          {formatMoney(preview.excessRefund)}
        </InfoRow>
        <InfoRow label={m('newPrincipal')} testId="transfer-preview-principal">
          {formatMoney(preview.newPrincipal)}
        </InfoRow>
        <InfoRow label={m('oldPlanBalance')} testId="transfer-preview-old-balance">
          {formatMoney(preview.oldPlanBalance)}
        </InfoRow>
        <InfoRow label={m('totalInterest')}>{formatMoney(preview.totalInterest)}</InfoRow>
        <InfoRow label={m('totalOwed')} testId="transfer-preview-total">
          {formatMoney(preview.totalOwed)}
        </InfoRow>
      </InfoSection>
      <ScheduleTable rows={preview.schedule} testId="transfer-preview-schedule" title={m('new_schedule')} />
    </Box>
  );
}
