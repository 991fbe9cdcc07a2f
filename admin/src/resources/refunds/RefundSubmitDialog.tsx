import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Form, RadioButtonGroupInput, SaveButton, TextInput, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useEnumChoices } from '../../common/enums';
import { MoneyInput, formatMoney } from '../../common/money';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import type { HttpError } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { moneyProblem } from '../../common/billingShared';
import { refundApi } from './refundApi';
import { remainingToRefund, type RefundRecord, type SubmitRefund } from './refundRecord';
import { toCents } from '../../../../domain/money';

const t = (key: string) => `resources.refunds.submit.${key}`;

/** The inputs of the chosen way: the two amounts for MIXED; a reference for what is paid outside the gateway; a comment. */
function SubmitInputs({ total }: { total: number }) {
  const translate = useTranslate();
  const refundType = useWatch({ name: 'refundType' });
  return (
    <>
      {refundType === 'ONLINE' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t('online_hint'), { total: formatMoney(total) })}
        </Typography>
      ) : null}
      {refundType === 'EXTERNAL' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t('external_hint'), { total: formatMoney(total) })}
        </Typography>
      ) : null}
      {refundType === 'MIXED' ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(t('mixed_hint'), { total: formatMoney(total) })}
          </Typography>
          <Stack direction="row" spacing={2}>
            <MoneyInput source="externalAmount" label={t('externalAmount')} min={0} />
            <MoneyInput source="onlineAmount" label={t('onlineAmount')} min={0} />
          </Stack>
        </>
      ) : null}
      {refundType === 'EXTERNAL' || refundType === 'MIXED' ? (
        <TextInput source="referenceNumber" label={t('referenceNumber')} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
      ) : null}
      <TextInput source="comment" label={t('comment')} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
    </>
  );
}

/** The dialog's own checks: both amounts of a MIXED refund are money and together not above what is left. */
export function validateSubmit(values: Partial<SubmitRefund>, total: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.refundType) errors.refundType = 'ra.validation.required';
  if (values.refundType === 'MIXED') {
    const external = moneyProblem(values.externalAmount);
    const online = moneyProblem(values.onlineAmount);
    if (external) errors.externalAmount = external;
    if (online) errors.onlineAmount = online;
    if (!external && !online && toCents(values.externalAmount) + toCents(values.onlineAmount) > toCents(total)) {
      errors.onlineAmount = t('sum_exceeded');
    }
  }
  return errors;
}

/**
 * 'Submit refund' on an approved refund (payments:refund) → POST /refund_queues/{id}/submit: EXTERNAL
 * (paid outside the gateway, with its reference), ONLINE (the gateway refunds the plan's card
 * payments) or MIXED (the two amounts). 400 field errors show under the inputs. A gateway
 * failure ('Payment failure …') is shown in the dialog and notified; the refund then reads 'Refund
 * failed' and stays approved, so it can be submitted again.
 */
export function RefundSubmitDialog({ record, open, onClose }: { record: RefundRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal();
  const types = useEnumChoices('RefundType');
  const [failure, setFailure] = useState<string | null>(null);
  const total = remainingToRefund(record);

  async function save(values: SubmitRefund) {
    setFailure(null);
    try {
      await refundApi(dataProvider).submit(record.id, values);
      notify('resources.refunds.notifications.submitted', { type: 'success' });
      onClose();
      refresh();
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) return fields;
      const message = (error as HttpError | null)?.message;
      if (message) setFailure(message);
      refused(error);
      refresh();
      return undefined;
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="refund-submit-dialog">
      <DialogTitle>{translate(t('title'), { id: record.id })}</DialogTitle>
      <DialogContent>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="refund-submit-failure">
            {translate(failure, { _: failure })}
          </Alert>
        ) : null}
        {open ? (
          <Form
            record={{ refundType: 'EXTERNAL' } as unknown as RaRecord}
            onSubmit={save as never}
            validate={(values) => validateSubmit(values as Partial<SubmitRefund>, total)}
            noValidate
          >
            <RadioButtonGroupInput source="refundType" label={t('refundType')} choices={types} row />
            <SubmitInputs total={total} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
              <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
              <SaveButton label={t('submit')} alwaysEnable data-testid="refund-submit-confirm" />
            </Box>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
