import { useMemo } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogContent, DialogTitle, Divider, LinearProgress, Stack } from '@mui/material';
import { CheckboxGroupInput, Form, SaveButton, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { schoolToday } from '../../../models/catalogue';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { applicationLabel, type ApplicationRecord } from './applicationRecord';
import { DateInput } from './dates';
import { useEnumChoices } from './enums';
import { MoneyInput } from './money';
import { previewRefusalText, useLivePreview, type LivePreview } from './useLivePreview';
import { fieldErrorsOf, useServerRefusal } from './useServerRefusal';
import { WithdrawalPreviewFigures } from './WithdrawalMoney';
import {
  WITHDRAWALS,
  defaultWithdrawalKind,
  toWithdrawalPayload,
  validateNewWithdrawal,
  withdrawalApi,
  type NewWithdrawal,
  type WithdrawalKindValue,
  type WithdrawalPreview,
} from './withdrawalRecord';

const c = (key: string) => `resources.withdrawals.create.${key}`;

/** The classes a withdrawal may leave: the application's classes still ACTIVE (all of them when no enrollment is listed). */
export function activeClasses(application: Pick<ApplicationRecord, 'applicationCohorts' | 'enrollments'>): Array<{ id: number; name: string }> {
  const active = new Set((application.enrollments ?? []).filter((e) => e.status === 'ACTIVE').map((e) => e.cohortId));
  const all = application.applicationCohorts ?? [];
  const left = application.enrollments?.length ? all.filter((co) => active.has(co.cohortId)) : all;
  return left.map((co) => ({ id: co.cohortId, name: [co.programName, co.cohortLabel ?? `#${co.cohortId}`].filter(Boolean).join(': ') }));
}

function WithdrawInputs({ classes }: { classes: Array<{ id: number; name: string }> }) {
  const kinds = useEnumChoices('WithdrawalKind');
  return (
    <Stack spacing={0}>
      <SelectInput source="kind" label={c('kind')} choices={kinds} validate={required()} fullWidth />
      <CheckboxGroupInput source="cohortIds" label={c('cohortIds')} choices={classes} helperText={c('cohortIds_hint')} row={false} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <DateInput source="withdrawalDate" label={c('withdrawalDate')} helperText={c('withdrawalDate_hint')} />
        <MoneyInput source="installmentAmount" label={c('installmentAmount')} min={0} helperText={c('installment_hint')} />
      </Stack>
      <TextInput source="reason" label={c('reason')} fullWidth />
      <TextInput source="comments" label={c('comments')} multiline minRows={2} fullWidth />
    </Stack>
  );
}

/** The preview of what the form holds, and Confirm, enabled only once the server has previewed exactly that. */
function WithdrawPreviewAndConfirm({ application, onClose }: { application: ApplicationRecord; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => withdrawalApi(dataProvider), [dataProvider]);
  const values = useWatch() as NewWithdrawal;
  const ready = Object.keys(validateNewWithdrawal(values)).length === 0;
  const request = ready ? { kind: values.kind as WithdrawalKindValue, body: toWithdrawalPayload(application.id, values) } : null;
  const preview: LivePreview<WithdrawalPreview> = useLivePreview(request, (r: { kind: WithdrawalKindValue; body: Record<string, unknown> }) => api.preview(r.kind, r.body));
  return (
    <>
      <Divider sx={{ my: 2 }} />
      {!ready ? (
        <Alert severity="info" data-testid="withdrawal-preview-waiting">
          {translate(c('choose_classes'))}
        </Alert>
      ) : null}
      {preview.loading ? <LinearProgress data-testid="withdrawal-preview-loading" /> : null}
      {preview.error ? (
        <Alert severity="error" data-testid="withdrawal-preview-refused">
          {previewRefusalText(preview.error, translate)}
        </Alert>
      ) : null}
      {preview.data ? <WithdrawalPreviewFigures preview={preview.data} /> : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <SaveButton label={c('submit')} alwaysEnable={Boolean(preview.data)} disabled={!preview.data} data-testid="withdrawal-confirm" />
      </Box>
    </>
  );
}

/**
 * 'Withdraw' on an ENROLLED or PARTIAL_WITHDRAWN application (withdrawals:create): the kind, the
 * classes left (all the active ones unless some are unticked: a partial withdrawal), the last date of
 * attendance (today by default), the reissued plan's installment, the reason and comments; on every
 * change POST /withdrawals/{kind}/preview shows the money (responsibility, reduction, refund, tax,
 * the reissued plan and its schedule, each class's percent) before Confirm, which requests it
 * (POST /withdrawals/{kind}, REQUESTED until staff approve it) and opens it in /withdrawals.
 */
export function WithdrawDialog({ application, open, onClose }: { application: ApplicationRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const refused = useServerRefusal();
  const classes = activeClasses(application);
  const defaults: NewWithdrawal = useMemo(
    () => ({ kind: defaultWithdrawalKind(application.flowType), cohortIds: classes.map((co) => co.id), withdrawalDate: schoolToday() }),
    // The defaults are read once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open],
  );

  async function save(values: NewWithdrawal) {
    try {
      const created = await withdrawalApi(dataProvider).create(values.kind as WithdrawalKindValue, toWithdrawalPayload(application.id, values));
      notify('resources.withdrawals.notifications.created', { type: 'success' });
      onClose();
      navigate(`/${WITHDRAWALS}/${created.id}`);
      return undefined;
    } catch (error) {
      refused(error);
      return fieldErrorsOf(error) ?? undefined;
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="withdraw-dialog">
      <DialogTitle>{translate(c('title'), { application: applicationLabel(application) })}</DialogTitle>
      <DialogContent>
        {open ? (
          <Form onSubmit={save as never} validate={validateNewWithdrawal as never} defaultValues={defaults} noValidate>
            <Box sx={{ pt: 1 }}>
              <WithdrawInputs classes={classes} />
              <WithdrawPreviewAndConfirm application={application} onClose={onClose} />
            </Box>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
