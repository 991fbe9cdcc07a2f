import { Box, Button as MuiButton, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, SaveButton, TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { MoneyInput } from '../../common/money';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { moneyProblem } from '../../common/billingShared';
import { ApplicationPicker } from './ApplicationPicker';
import { REFUNDS, toCreateRefundPayload, type NewRefund } from './refundRecord';

const f = (key: string) => `resources.refunds.create.${key}`;

/** The dialog's own checks: an application, an amount, a tax that is money when typed. */
export function validateNewRefund(values: NewRefund): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.applicationId === null || values.applicationId === undefined || values.applicationId === '') errors.applicationId = 'ra.validation.required';
  const amount = moneyProblem(values.amountToBeRefunded);
  if (amount) errors.amountToBeRefunded = amount;
  const blankTax = values.taxToBeRefunded === null || values.taxToBeRefunded === undefined || (values.taxToBeRefunded as unknown) === '';
  const tax = blankTax ? undefined : moneyProblem(values.taxToBeRefunded, { allowZero: true });
  if (tax) errors.taxToBeRefunded = tax;
  return errors;
}

/**
 * 'New refund' (refunds:create): a CUSTOM refund of an application → POST /refund_queues
 * { applicationId, amountToBeRefunded, taxToBeRefunded?, comments? }. On success the refund's drawer
 * opens; 'Pending refunds' and 'Amount exceeds the refund balance or the amount paid' are notified.
 */
export function RefundCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const refused = useServerRefusal();

  async function save(values: NewRefund) {
    try {
      const { data } = await dataProvider.create<RaRecord>(REFUNDS, { data: toCreateRefundPayload(values) });
      notify('resources.refunds.notifications.created', { type: 'success' });
      onClose();
      navigate(`/${REFUNDS}/${data.id}${search}`);
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="create-refund-dialog">
      <DialogTitle>{translate(f('title'))}</DialogTitle>
      <DialogContent>
        {open ? (
          <Form onSubmit={save as never} validate={validateNewRefund as never} noValidate>
            <Stack spacing={0} sx={{ pt: 1 }}>
              <ApplicationPicker source="applicationId" label={f('application')} />
              <Stack direction="row" spacing={2}>
                <MoneyInput source="amountToBeRefunded" label={f('amountToBeRefunded')} min={0} />
                <MoneyInput source="taxToBeRefunded" label={f('taxToBeRefunded')} min={0} />
              </Stack>
              <TextInput source="comments" label={f('comments')} multiline minRows={2} fullWidth />
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
              <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton label={f('submit')} alwaysEnable data-testid="create-refund-submit" />
            </Box>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
