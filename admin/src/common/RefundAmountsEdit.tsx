import { Box, Typography } from '@mui/material';
import { EditBase, SaveButton, SimpleForm, TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { MoneyInput } from './money';
import { useServerRefusal } from './useServerRefusal';

/** The part of a refund staff may change while it is requested. */
export interface RefundAmounts {
  amountToBeRefunded?: number | string | null;
  taxToBeRefunded?: number | string | null;
  comments?: string | null;
}

const amount = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** PUT body of a requested refund (voucher refunds and the refund queue): the amounts and the comments; the total is the server's sum. */
export function toRefundPayload(data: RefundAmounts) {
  return { amountToBeRefunded: amount(data.amountToBeRefunded), taxToBeRefunded: amount(data.taxToBeRefunded), comments: text(data.comments) };
}

/**
 * The amounts and comments of a requested refund, saved pessimistically with PUT /{resource}/{id}:
 * one form for the voucher refunds and the refund queue. `prefix` is the resource's i18n prefix
 * (`resources.refunds`), which holds `sections.request`, the three field labels and `notifications.saved`.
 */
export function RefundAmountsEdit({ resource, id, prefix }: { resource: string; id: RaRecord['id']; prefix: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerRefusal();
  const t = (key: string) => `${prefix}.${key}`;
  return (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: RefundAmounts) => toRefundPayload(data) as unknown as RaRecord}
      mutationOptions={{ onSuccess: () => notify(t('notifications.saved'), { type: 'success' }), onError }}
    >
      <SimpleForm
        noValidate
        sx={{ p: 0 }}
        toolbar={
          <Box sx={{ mt: 1 }}>
            <SaveButton />
          </Box>
        }
      >
        <Typography variant="subtitle2" color="text.secondary">
          {translate(t('sections.request'))}
        </Typography>
        <MoneyInput source="amountToBeRefunded" label={t('fields.amountToBeRefunded')} min={0} />
        <MoneyInput source="taxToBeRefunded" label={t('fields.taxToBeRefunded')} min={0} />
        <TextInput source="comments" label={t('fields.comments')} multiline minRows={2} fullWidth />
      </SimpleForm>
    </EditBase>
  );
}
