import { useEffect, useMemo, useRef } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogContent, DialogTitle, Divider, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, SaveButton, SelectInput, TextInput, required, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { applicationLabel, type ApplicationRecord } from './applicationRecord';
import { MoneyInput } from './money';
import { TransferPreviewFigures } from './TransferMoney';
import { TRANSFERS, toTransferPayload, transferApi, transferFeeProblem, type NewTransfer, type TransferPreview } from './transferRecord';
import { previewRefusalText, useLivePreview, type LivePreview } from './useLivePreview';
import { fieldErrorsOf, useServerRefusal } from './useServerRefusal';

const c = (key: string) => `resources.transfers.create.${key}`;

/** The dialog's own checks: a destination product, a fee of 0–300 in cents when typed. */
export function validateNewTransfer(values: NewTransfer): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.destinationProductId === null || values.destinationProductId === undefined || values.destinationProductId === '')
    errors.destinationProductId = 'ra.validation.required';
  const fee = transferFeeProblem(values.transferFee);
  if (fee) errors.transferFee = fee;
  return errors;
}

/** GET /transfers/destinations: where the application may go (the API's own target checks), with classes and plans. */
interface Destinations {
  applicationId: Identifier;
  products: Array<{ id: Identifier; name: string; cohorts: Array<{ id: Identifier; label: string }>; paymentPlans: Array<{ id: Identifier; name: string }> }>;
}

/**
 * Destination product, class and plan, the fee, why. The products offered are the destinations the API
 * takes for this application (published, same business category, a class that has not ended, not its
 * own classes), as the portal offers them. A new product clears the class and plan chosen for the old one.
 */
function TransferInputs({ application }: { application: ApplicationRecord }) {
  const dataProvider = useAppDataProvider();
  const { setValue } = useFormContext();
  const productId = useWatch({ name: 'destinationProductId' }) as Identifier | null | undefined;
  const { data, isPending } = useQuery({
    queryKey: ['transfers', 'destinations', application.id],
    queryFn: async () => (await dataProvider.request({ path: '/transfers/destinations', query: { applicationId: application.id } })) as Destinations,
    staleTime: 60_000,
  });
  const products = useMemo(() => data?.products ?? [], [data]);
  const productChoices = useMemo(() => products.map((p) => ({ id: p.id, name: p.name })), [products]);
  const product = products.find((p) => String(p.id) === String(productId));
  const cohortChoices = (product?.cohorts ?? []).map((co) => ({ id: co.id, name: co.label }));
  const planChoices = product?.paymentPlans ?? [];
  const previous = useRef(productId);
  useEffect(() => {
    if (previous.current === productId) return;
    previous.current = productId;
    setValue('destinationCohortId', null);
    setValue('productPaymentPlanId', null);
  }, [productId, setValue]);
  return (
    <Stack spacing={0}>
      <SelectInput
        source="destinationProductId"
        label={c('destinationProduct')}
        choices={productChoices}
        isPending={isPending}
        validate={required()}
        helperText={!isPending && productChoices.length === 0 ? c('no_destinations') : undefined}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <SelectInput
          source="destinationCohortId"
          label={c('destinationCohort')}
          choices={cohortChoices}
          helperText={c('first_when_blank')}
          emptyText={c('first_class')}
          fullWidth
        />
        <SelectInput source="productPaymentPlanId" label={c('productPaymentPlan')} choices={planChoices} helperText={c('first_when_blank')} emptyText={c('first_plan')} fullWidth />
      </Stack>
      <MoneyInput source="transferFee" label={c('transferFee')} min={0} max={300} helperText={c('fee_hint')} />
      <TextInput source="reason" label={c('reason')} fullWidth />
      <TextInput source="comments" label={c('comments')} multiline minRows={2} fullWidth />
    </Stack>
  );
}

/** The preview of what the form holds, and the Confirm button, enabled only once the server has previewed exactly that. */
function TransferPreviewAndConfirm({ application, onClose }: { application: ApplicationRecord; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => transferApi(dataProvider), [dataProvider]);
  const values = useWatch() as NewTransfer;
  const ready = !validateNewTransfer(values).destinationProductId && !transferFeeProblem(values.transferFee);
  const body = ready ? toTransferPayload(application.id, values) : null;
  const preview: LivePreview<TransferPreview> = useLivePreview(body, (b: Record<string, unknown>) => api.preview(b));
  return (
    <>
      <Divider sx={{ my: 2 }} />
      {!ready ? (
        <Alert severity="info" data-testid="transfer-preview-waiting">
          {translate(c('choose_product'))}
        </Alert>
      ) : null}
      {preview.loading ? <LinearProgress data-testid="transfer-preview-loading" /> : null}
      {preview.error ? (
        <Alert severity="error" data-testid="transfer-preview-refused">
          {previewRefusalText(preview.error, translate)}
        </Alert>
      ) : null}
      {preview.data ? <TransferPreviewFigures preview={preview.data} /> : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <SaveButton label={c('submit')} alwaysEnable={Boolean(preview.data)} disabled={!preview.data} data-testid="transfer-confirm" />
      </Box>
    </>
  );
}

/**
 * 'Transfer' on an ENROLLED application (transfers:create): the destination product, class and plan,
 * the fee, the reason and comments; on every change POST /transfers/preview shows the money the
 * transfer will move (fee, rollover, excess refund, the new plan and its schedule) before Confirm,
 * which offers it (POST /transfers, PENDING until the student accepts) and opens it in /transfers.
 * The server's refusals (409 'Pending transfers must be resolved first', 'Transfer limit reached'...)
 * are shown in the preview and notified on Confirm.
 */
export function TransferDialog({ application, open, onClose }: { application: ApplicationRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const refused = useServerRefusal();

  async function save(values: NewTransfer) {
    try {
      const created = await transferApi(dataProvider).create(toTransferPayload(application.id, values));
      notify('resources.transfers.notifications.created', { type: 'success' });
      onClose();
      navigate(`/${TRANSFERS}/${created.id}`);
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="transfer-dialog">
      <DialogTitle>{translate(c('title'), { application: applicationLabel(application) })}</DialogTitle>
      <DialogContent>
        {open ? (
          <Form onSubmit={save as never} validate={validateNewTransfer as never} noValidate>
            <Box sx={{ pt: 1 }}>
              <TransferInputs application={application} />
              <TransferPreviewAndConfirm application={application} onClose={onClose} />
            </Box>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
