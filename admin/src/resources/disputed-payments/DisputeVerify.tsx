import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import GavelIcon from '@mui/icons-material/Gavel';
import { Button, useCanAccess, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import { formatMoney } from '../../common/money';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { personName } from '../../common/billingShared';
import { DISPUTED_PAYMENTS, disputeApi, disputedPaymentText, isVerifiable, type DisputeRecord, type DisputeVerdict } from './disputeRecord';

const t = (key: string) => `resources.disputed-payments.${key}`;

/**
 * The row's 'Verify' (payments:update, PENDING disputes only): the dispute's details, a comment, and
 * Won or Lost → PATCH /disputes/{id}/verify. Lost warns that the payment is reversed. A refusal
 * ('Only pending disputes can be verified') stays in the dialog and is notified.
 */
export function DisputeVerify({ record }: { record: DisputeRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: DISPUTED_PAYMENTS, action: 'verify' });
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!canAccess || !isVerifiable(record)) return null;

  const close = () => {
    setOpen(false);
    setFailure(null);
  };

  async function verify(status: DisputeVerdict) {
    setPending(true);
    setFailure(null);
    try {
      await disputeApi(dataProvider).verify(record.id, status, comment);
      notify(t(`notifications.${status}`), { type: 'success' });
      setOpen(false);
      setComment('');
      refresh();
    } catch (error) {
      setFailure((error as Error | null)?.message || 'ra.notification.http_error');
      refused(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        label={t('verify.action')}
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid={`verify-dispute-${record.id}`}
      >
        <GavelIcon />
      </Button>
      <Dialog open={open} onClose={close} onClick={(event) => event.stopPropagation()} maxWidth="sm" fullWidth data-testid="verify-dialog">
        <DialogTitle>{translate(t('verify.title'), { id: record.id })}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="verify-failure">
              {translate(failure, { _: failure })}
            </Alert>
          ) : null}
          <InfoSection title={t('verify.details')}>
            <InfoRow label={t('fields.student')}>{personName(record.student) || `#${record.studentId}`}</InfoRow>
            <InfoRow label={t('fields.payment')}>{disputedPaymentText(record)}</InfoRow>
            <InfoRow label={t('fields.amount')}>{formatMoney(record.amount)}</InfoRow>
            <InfoRow label={t('fields.reason')}>{record.reason}</InfoRow>
            <InfoRow label={t('fields.createdAt')}>{formatDateTime(record.createdAt, locale)}</InfoRow>
            <InfoRow label={t('fields.gatewayDisputeId')}>{record.gatewayDisputeId}</InfoRow>
          </InfoSection>
          <DialogContentText sx={{ mb: 1 }}>{translate(t('verify.content'), { amount: formatMoney(record.amount) })}</DialogContentText>
          <Box>
            <TextField
              label={translate(t('verify.comment'))}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              slotProps={{ htmlInput: { 'data-testid': 'verify-comment' } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={pending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" color="error" onClick={() => void verify('LOST')} disabled={pending} data-testid="verify-LOST">
            {translate(t('verify.LOST'))}
          </MuiButton>
          <MuiButton variant="contained" color="success" onClick={() => void verify('WON')} disabled={pending} data-testid="verify-WON">
            {translate(t('verify.WON'))}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
