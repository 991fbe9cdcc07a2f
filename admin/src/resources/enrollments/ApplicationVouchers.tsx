import { useState, type FormEvent } from 'react';
import { Box, Button as MuiButton, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Confirm, useCanAccess, useGetList, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { TextButton } from '../../common/TextButton';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import type { HttpError } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { discountText } from './ApplicationOverview';
import { ENROLLMENTS, type ApplicationRecord } from '../../common/applicationRecord';

const v = (key: string) => `resources.enrollments.vouchers.${key}`;
const VOUCHER_REFUNDS = 'voucher-refunds';
/** Statuses in which staff may still apply a promo code (after ENROLLED it becomes a voucher refund). */
const PROMO_STATUSES = new Set(['CREATED', 'APPLIED', 'WAITING_TO_AGREE', 'WAITING_TO_SIGN', 'SIGNED', 'ENROLLED']);

const requestColor: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  COMPLETED: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** The application vouchers (voucher refunds) of one application, each linking to its drawer. */
function ApplicationVoucherRows({ applicationId }: { applicationId: Identifier }) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList(VOUCHER_REFUNDS, { filter: { applicationId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'DESC' } });
  if (isPending) return <LinearProgress />;
  if (!data.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-application-vouchers">
        {translate(v('no_refunds'))}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid="application-voucher-rows">
      <TableHead>
        <TableRow>
          <TableCell>{translate(v('id'))}</TableCell>
          <TableCell>{translate(v('code'))}</TableCell>
          <TableCell align="right">{translate(v('totalToBeRefunded'))}</TableCell>
          <TableCell>{translate(v('status'))}</TableCell>
          <TableCell>{translate(v('updatedAt'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row) => (
          <TableRow key={row.id} hover component={RouterLink} to={`/${VOUCHER_REFUNDS}/${row.id}`} sx={{ textDecoration: 'none' }} data-testid={`application-voucher-${row.id}`}>
            <TableCell>{row.id}</TableCell>
            <TableCell>{row.voucher?.code ?? ''}</TableCell>
            <TableCell align="right">{formatMoney(row.totalToBeRefunded)}</TableCell>
            <TableCell>
              <Chip size="small" color={requestColor[row.status] ?? 'default'} label={translate(`enums.RequestStatus.${row.status}`, { _: String(row.status) })} />
            </TableCell>
            <TableCell>{formatDate(row.updatedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The vouchers tab: the voucher the application holds and its discount, 'Apply promo code' (POST
 * /applications/{id}/promo_code; 'Invalid promo code' shows under the code), 'Remove' while the
 * application is CREATED (DELETE …/promo_code), and the application vouchers (voucher refunds) of
 * the application. After ENROLLED, applying a code creates a voucher refund instead (the API's rule).
 */
export function ApplicationVouchers({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ENROLLMENTS, action: 'edit' });
  const { canAccess: canReadRefunds = false } = useCanAccess({ resource: VOUCHER_REFUNDS, action: 'list' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError('ra.validation.required');
      return;
    }
    setPending(true);
    try {
      await dataProvider.applyPromoCode(record.id, code.trim());
      notify(record.status === 'ENROLLED' ? v('refund_requested') : v('applied'), { type: 'success' });
      setCode('');
      refresh();
    } catch (error) {
      const body = (error as HttpError | null)?.body;
      const fields = fieldErrorsOf(error);
      if (body?.code === 'INVALID_PROMO_CODE') setCodeError(body.message);
      else if (fields?.code) setCodeError(fields.code);
      else refused(error);
    } finally {
      setPending(false);
    }
  }

  async function remove() {
    setRemoving(false);
    setPending(true);
    try {
      await dataProvider.removePromoCode(record.id);
      notify(v('removed'), { type: 'success' });
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Box data-testid="application-vouchers">
      <InfoSection title={v('current')}>
        <InfoRow label={v('code')} testId="current-voucher">
          {record.voucher?.code}
        </InfoRow>
        <InfoRow label={v('discount')}>{record.voucher ? discountText(record.voucher, translate) : null}</InfoRow>
        <InfoRow label={v('voucherDiscount')}>{record.voucher ? formatMoney(record.voucherDiscount) : null}</InfoRow>
      </InfoSection>
      {canEdit && record.voucher && record.status === 'CREATED' ? (
        <Box sx={{ mb: 2 }}>
          <TextButton label={v('remove')} size="small" variant="outlined" color="warning" disabled={pending} onClick={() => setRemoving(true)} data-testid="remove-promo-code" />
        </Box>
      ) : null}
      {canEdit && PROMO_STATUSES.has(record.status) ? (
        <Box component="form" onSubmit={apply} noValidate sx={{ mb: 3 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField
              size="small"
              label={translate(v('promo_code'))}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                setCodeError(null);
              }}
              error={Boolean(codeError)}
              helperText={codeError ? translate(codeError, { _: codeError }) : translate(record.status === 'ENROLLED' ? v('enrolled_hint') : v('promo_hint'))}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'promo-code-input' } }}
            />
            <MuiButton type="submit" variant="contained" size="medium" disabled={pending} data-testid="apply-promo-code">
              {translate(v('apply'))}
            </MuiButton>
          </Stack>
        </Box>
      ) : null}
      {canReadRefunds ? (
        <>
          <Typography variant="subtitle2" color="text.secondary" gutterBottom>
            {translate(v('refunds'))}
          </Typography>
          <ApplicationVoucherRows applicationId={record.id} />
        </>
      ) : null}
      <Confirm isOpen={removing} title={v('remove_title')} content={v('remove_content')} onClose={() => setRemoving(false)} onConfirm={remove} />
    </Box>
  );
}
