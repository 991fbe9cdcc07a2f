import { useState } from 'react';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatMoney } from '../../common/money';
import { useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { personName } from '../../common/billingShared';
import { FAILED_PAYMENTS, failedPaymentApi, isRetryable, retryOutcome, type FailedPaymentRecord, type RetryOutcome } from './failedPaymentRecord';

const t = (key: string) => `resources.failed-payments.retry.${key}`;

/**
 * The row's 'Retry' (payments:create, FAILED rows only): asks first, then POST
 * /failed_payments/{id}/retry, and shows what came of it in the dialog: the payment accepted, or the
 * gateway's refusal ('Payment failure Your card was declined') in the console's language. The list
 * reloads either way (a success resolves the row; a failure counts one more attempt).
 */
export function FailedPaymentRetry({ record }: { record: FailedPaymentRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess = false } = useCanAccess({ resource: FAILED_PAYMENTS, action: 'retry' });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<RetryOutcome | null>(null);
  if (!canAccess || !isRetryable(record)) return null;

  const close = () => {
    setOpen(false);
    setOutcome(null);
  };

  async function retry() {
    setPending(true);
    try {
      const answer = await failedPaymentApi(dataProvider).retry(record.id);
      const result = retryOutcome(answer, record.amountToBePaid);
      setOutcome(result);
      if (result.ok) notify(t('succeeded'), { type: 'success', messageArgs: { amount: formatMoney(result.amount) } });
      else notify(result.message, { type: 'error' });
    } catch (error) {
      const message = (error as Error | null)?.message || 'ra.notification.http_error';
      setOutcome({ ok: false, message });
      refused(error);
    } finally {
      setPending(false);
      refresh();
    }
  }

  return (
    <>
      <Button
        label={t('action')}
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid={`retry-failed-payment-${record.id}`}
      >
        <ReplayIcon />
      </Button>
      <Dialog open={open} onClose={close} onClick={(event) => event.stopPropagation()} maxWidth="xs" fullWidth data-testid="retry-dialog">
        <DialogTitle>{translate(t('title'), { id: record.id })}</DialogTitle>
        <DialogContent>
          {outcome === null ? (
            <DialogContentText>
              {translate(t('content'), { amount: formatMoney(record.amountToBePaid), name: personName(record.student) || `#${record.studentId}` })}
            </DialogContentText>
          ) : outcome.ok ? (
            <Alert severity="success" data-testid="retry-outcome">
              {translate(t('succeeded'), { amount: formatMoney(outcome.amount) })}
            </Alert>
          ) : (
            <Alert severity="error" data-testid="retry-outcome">
              {translate(outcome.message, { _: outcome.message })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {outcome === null ? (
            <>
              <MuiButton onClick={close} disabled={pending}>
                {translate('ra.action.cancel')}
              </MuiButton>
              <MuiButton variant="contained" onClick={() => void retry()} disabled={pending} data-testid="retry-confirm">
                {translate(t('confirm'))}
              </MuiButton>
            </>
          ) : (
            <MuiButton onClick={close} data-testid="retry-close">
              {translate('ra.action.close')}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
