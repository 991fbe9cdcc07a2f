import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Confirm, Form, SaveButton, SelectInput, TextInput, useCanAccess, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { TextButton } from '../../common/TextButton';
import { schoolToday } from '../../../../models/catalogue';
import { DateInput, formatDate } from '../../common/dates';
import { useEnumChoices } from '../../common/enums';
import { MoneyInput, formatMoney } from '../../common/money';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { denseCells, stickyActions, visuallyHidden } from '../../common/tableLayout';
import { saveFile } from '../../common/saveFile';
import { usePlanApi } from '../../common/planApi';
import {
  PAYMENT_INFORMATION,
  entryDue,
  isOpenEntry,
  validateExternalPayment,
  validateTaxAmount,
  type ExternalPaymentValues,
  type PlanRecord,
  type ScheduleEntry,
} from '../../common/planRecord';

const t = (key: string) => `resources.payment-information.${key}`;

/** A refusal with field errors goes back to the form (shown under the inputs); any other is notified. */
function useFormRefusal() {
  const refused = useServerRefusal();
  return (error: unknown): Record<string, string> | undefined => {
    const fields = fieldErrorsOf(error);
    if (fields) return fields;
    refused(error);
    return undefined;
  };
}

/**
 * 'Record external payment' (payments:create): method (check, wire transfer, other), amount (what is
 * still due on the entry by default), date (today by default), reference and comment →
 * POST /students/{sid}/payment_schedule/{eid}/external_payment. It is recorded PENDING: the payment
 * counts once accepted under External payments.
 */
export function ExternalPaymentDialog({ record, entry, onClose }: { record: PlanRecord; entry: ScheduleEntry; onClose: () => void }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const formRefusal = useFormRefusal();
  const methods = useEnumChoices('ManualPaymentMethod');
  const defaults = useMemo(() => ({ method: 'CHECK', paymentAmount: entryDue(entry), paymentDate: schoolToday(), referenceNumber: '', comment: '' }), [entry]);

  async function save(values: ExternalPaymentValues) {
    try {
      await api.recordExternalPayment(record.studentId, entry.id, values);
      notify(t('notifications.external_payment'), { type: 'success' });
      onClose();
      refresh();
      return undefined;
    } catch (error) {
      return formRefusal(error);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="external-payment-title">
      <DialogTitle id="external-payment-title">{translate(t('external.title'), { number: entry.number })}</DialogTitle>
      <DialogContent>
        <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
          {translate(t('external.hint'))}
        </Alert>
        <Form record={defaults as unknown as RaRecord} onSubmit={save as never} validate={validateExternalPayment as never} noValidate>
          <Box data-testid="external-payment-form">
            <SelectInput source="method" label={t('external.method')} choices={methods} fullWidth />
            <MoneyInput source="paymentAmount" label={t('external.paymentAmount')} fullWidth />
            <DateInput source="paymentDate" label={t('external.paymentDate')} fullWidth />
            <TextInput source="referenceNumber" label={t('external.referenceNumber')} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextInput source="comment" label={t('external.comment')} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <TextButton label="ra.action.cancel" onClick={onClose} />
              <SaveButton label={t('external.save')} alwaysEnable data-testid="save-external-payment" />
            </Stack>
          </Box>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Set tax amount' (payments:update) → POST /students/{sid}/payment_schedule/{eid}/tax_amount { taxAmount }. */
function TaxDialog({ record, entry, onClose }: { record: PlanRecord; entry: ScheduleEntry; onClose: () => void }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const formRefusal = useFormRefusal();
  const defaults = useMemo(() => ({ taxAmount: entry.taxAmount ?? 0 }), [entry]);

  async function save(values: { taxAmount: number }) {
    try {
      await api.setTaxAmount(record.studentId, entry.id, Number(values.taxAmount));
      notify(t('notifications.tax'), { type: 'success' });
      onClose();
      refresh();
      return undefined;
    } catch (error) {
      return formRefusal(error);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="tax-title">
      <DialogTitle id="tax-title">{translate(t('tax.title'), { number: entry.number })}</DialogTitle>
      <DialogContent>
        <Form record={defaults as unknown as RaRecord} onSubmit={save as never} noValidate>
          <MoneyInput source="taxAmount" label={t('tax.taxAmount')} validate={validateTaxAmount} fullWidth />
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <TextButton label="ra.action.cancel" onClick={onClose} />
            <SaveButton label={t('tax.save')} alwaysEnable data-testid="save-tax" />
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type EntryAction = 'external' | 'tax' | 'cancel_online' | 'notify';

/** The actions of one entry, in a menu: only the ones the user may take and the entry allows. */
function EntryMenu({ entry, actions, onPick }: { entry: ScheduleEntry; actions: EntryAction[]; onPick: (action: EntryAction) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!actions.length) return null;
  const label: Record<EntryAction, string> = {
    external: t('schedule.record_external'),
    tax: t('schedule.set_tax'),
    cancel_online: t('schedule.cancel_online'),
    notify: t('schedule.send_notification'),
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate(t('schedule.entry_actions'), { number: entry.number })}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`entry-actions-${entry.id}`}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onPick(action);
            }}
            data-testid={`entry-${action}-${entry.id}`}
          >
            {translate(label[action])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** 'Export schedule' (GET /payment_schedules/{planId}/export?fullName&address): the plan's schedule as CSV. */
function ScheduleExport({ planId }: { planId: number | string }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [fullName, setFullName] = useState(false);
  const [address, setAddress] = useState(false);
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    try {
      saveFile(await api.exportSchedule(planId, { fullName, address }), `payment-schedule-${planId}.csv`);
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
      <Button label={t('schedule.export')} size="small" variant="outlined" disabled={pending} onClick={run} data-testid="export-schedule">
        <DownloadIcon />
      </Button>
      <FormControlLabel control={<Checkbox size="small" checked={fullName} onChange={(e) => setFullName(e.target.checked)} />} label={translate(t('schedule.export_full_name'))} />
      <FormControlLabel control={<Checkbox size="small" checked={address} onChange={(e) => setAddress(e.target.checked)} />} label={translate(t('schedule.export_address'))} />
    </Stack>
  );
}

/**
 * The schedule tab: every entry (number, kind, due date, principal, interest, tax, amount, paid,
 * still due, status), and per open entry the staff actions: record an external payment
 * (payments:create), set the tax amount and cancel the online payment in progress (payments:update),
 * send the equal-payment notification (payment_plans:update). Refusals are shown translated.
 */
export function PlanSchedule({ record }: { record: PlanRecord }) {
  const translate = useTranslate();
  const api = usePlanApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const { canAccess: canCreatePayments = false } = useCanAccess({ resource: 'payments', action: 'create' });
  const { canAccess: canUpdatePayments = false } = useCanAccess({ resource: 'payments', action: 'edit' });
  const { canAccess: canUpdatePlans = false } = useCanAccess({ resource: PAYMENT_INFORMATION, action: 'edit' });
  const [open, setOpen] = useState<{ action: EntryAction; entry: ScheduleEntry } | null>(null);
  const [pending, setPending] = useState(false);
  const entries = record.schedules ?? [];

  const actionsOf = (entry: ScheduleEntry): EntryAction[] => {
    if (!isOpenEntry(entry)) return [];
    const out: EntryAction[] = [];
    if (canCreatePayments) out.push('external');
    if (canUpdatePayments) out.push('tax', 'cancel_online');
    if (canUpdatePlans) out.push('notify');
    return out;
  };

  async function direct(action: 'cancel_online' | 'notify', entry: ScheduleEntry) {
    setPending(true);
    try {
      if (action === 'notify') {
        const answer = await api.sendEqualNotification(entry.id);
        notify(t('notifications.notification_sent'), { type: 'success', messageArgs: { to: answer?.to ?? '' } });
      } else {
        await api.cancelOnlinePayment(record.studentId, entry.id);
        notify(t('notifications.cancelled'), { type: 'success' });
        refresh();
      }
    } catch (error) {
      refused(error);
    } finally {
      setPending(false);
    }
  }

  if (!entries.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="schedule-empty">
        {translate(t('schedule.empty'))}
      </Typography>
    );
  }
  const h = (key: string, align?: 'right') => <TableCell align={align}>{translate(t(`schedule.${key}`))}</TableCell>;
  return (
    <Box data-testid="plan-schedule">
      <ScheduleExport planId={record.id} />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="schedule-table" sx={denseCells}>
          <TableHead>
            <TableRow>
              {h('number')}
              {h('kind')}
              {h('dueDate')}
              {h('principal', 'right')}
              {h('interest', 'right')}
              {h('taxAmount', 'right')}
              {h('amount', 'right')}
              {h('paidAmount', 'right')}
              {h('due', 'right')}
              {h('status')}
              <TableCell sx={stickyActions}>
                <Box component="span" sx={visuallyHidden}>
                  {translate(t('schedule.actions'))}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} data-testid={`entry-${entry.id}`}>
                <TableCell>{entry.number}</TableCell>
                <TableCell>{translate(t(`schedule.kinds.${entry.kind}`), { _: entry.kind })}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.dueDate)}</TableCell>
                <TableCell align="right">{formatMoney(entry.principal)}</TableCell>
                <TableCell align="right">{formatMoney(entry.interest)}</TableCell>
                <TableCell align="right">{formatMoney(entry.taxAmount)}</TableCell>
                <TableCell align="right">{formatMoney(entry.amount)}</TableCell>
                <TableCell align="right">{formatMoney(entry.paidAmount)}</TableCell>
                <TableCell align="right">{formatMoney((entry as ScheduleEntry & { amountDue?: number }).amountDue ?? entryDue(entry))}</TableCell>
                <TableCell>{translate(t(`schedule.statuses.${entry.status}`), { _: entry.status })}</TableCell>
                <TableCell padding="none" sx={stickyActions}>
                  <EntryMenu
                    entry={entry}
                    actions={pending ? [] : actionsOf(entry)}
                    onPick={(action) => (action === 'notify' ? void direct('notify', entry) : setOpen({ action, entry }))}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {open?.action === 'external' ? <ExternalPaymentDialog record={record} entry={open.entry} onClose={() => setOpen(null)} /> : null}
      {open?.action === 'tax' ? <TaxDialog record={record} entry={open.entry} onClose={() => setOpen(null)} /> : null}
      <Confirm
        isOpen={open?.action === 'cancel_online'}
        loading={pending}
        title={t('schedule.cancel_online_title')}
        titleTranslateOptions={{ number: open?.entry.number ?? '' }}
        content={t('schedule.cancel_online_content')}
        onClose={() => setOpen(null)}
        onConfirm={() => {
          const entry = open?.entry;
          setOpen(null);
          if (entry) void direct('cancel_online', entry);
        }}
      />
    </Box>
  );
}
