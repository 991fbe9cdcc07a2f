import { useMemo } from 'react';
import { Box } from '@mui/material';
import { BooleanInput, Form, NumberInput, SaveButton, SelectInput, TextInput, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import type { HttpError } from '../../providers/http';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { FormSection } from '../../common/FormSection';
import { VOUCHERS, toVoucherFormValues, toVoucherPayload, validateVoucher, type VoucherFormValues, type VoucherRecord } from './voucherRefundRecord';

const f = (key: string) => `resources.voucher-refunds.voucher.fields.${key}`;

/** The emails box only matters for a voucher limited to some students. */
function EmailsInput() {
  const scope = useWatch({ name: 'scope' });
  if (scope !== 'EMAIL_IDS') return null;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <TextInput source="emailText" label={f('emailIds')} helperText="resources.voucher-refunds.voucher.emails_hint" multiline minRows={3} fullWidth />
    </Box>
  );
}

/** The value is a percentage or an amount, by kind. */
function ValueInput() {
  const kind = useWatch({ name: 'discountKind' });
  return (
    <NumberInput
      source="discountValue"
      label={f(kind === 'AMOUNT_OFF' ? 'amountOff' : 'percentOff')}
      min={0}
      max={kind === 'PERCENT_OFF' ? 100 : undefined}
      step={kind === 'PERCENT_OFF' ? 1 : 0.01}
    />
  );
}

/**
 * The voucher's add/edit drawer body (back-office spec §2: add/edit drawers exist for voucher):
 * code, description, discount kind and value, scope (everyone or some emails), validity dates, use
 * limit and active → POST /vouchers or PUT /vouchers/{id} with exactly those fields. A code already
 * taken ('Voucher code already exists') shows under the code; 400 field errors under their inputs.
 */
export function VoucherForm({ record, onDone }: { record: VoucherRecord | null; onDone: () => void }) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal();
  const kinds = useEnumChoices('VoucherDiscountKind');
  const scopes = useEnumChoices('VoucherScope');
  const values = useMemo(() => toVoucherFormValues(record), [record]);

  async function save(data: VoucherFormValues) {
    const payload = toVoucherPayload(data);
    try {
      if (record) await dataProvider.update<RaRecord>(VOUCHERS, { id: record.id, data: payload, previousData: record });
      else await dataProvider.create<RaRecord>(VOUCHERS, { data: payload });
      notify(`resources.voucher-refunds.voucher.notifications.${record ? 'saved' : 'created'}`, { type: 'success' });
      onDone();
      refresh();
      return undefined;
    } catch (error) {
      const body = (error as HttpError | null)?.body;
      if (body?.code === 'VOUCHER_CODE_EXISTS') return { code: body.message };
      const fields = fieldErrorsOf(error);
      if (fields) {
        // The emails are one text box here: an error on any of them (emailIds.2) shows under it.
        const emailError = Object.entries(fields).find(([key]) => key === 'emailIds' || key.startsWith('emailIds.'))?.[1];
        return emailError ? { ...fields, emailText: emailError } : fields;
      }
      refused(error);
      return undefined;
    }
  }

  return (
    <Form record={values as RaRecord} onSubmit={save as never} validate={validateVoucher as never} noValidate>
      <FormSection title="resources.voucher-refunds.voucher.sections.voucher">
        <TextInput source="code" label={f('code')} slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }} />
        <BooleanInput source="active" label={f('active')} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput source="description" label={f('description')} fullWidth slotProps={{ htmlInput: { maxLength: 255 } }} />
        </Box>
      </FormSection>
      <FormSection title="resources.voucher-refunds.voucher.sections.discount">
        <SelectInput source="discountKind" label={f('discountKind')} choices={kinds} />
        <ValueInput />
        <SelectInput source="scope" label={f('scope')} choices={scopes} />
        <NumberInput source="useLimit" label={f('useLimit')} min={1} step={1} helperText="resources.voucher-refunds.voucher.use_limit_hint" />
        <EmailsInput />
      </FormSection>
      <FormSection title="resources.voucher-refunds.voucher.sections.validity">
        <DateInput source="validFrom" label={f('validFrom')} />
        <DateInput source="validTo" label={f('validTo')} />
      </FormSection>
      <Box sx={{ mt: 1 }}>
        <SaveButton alwaysEnable={!record} data-testid="save-voucher" />
      </Box>
    </Form>
  );
}
