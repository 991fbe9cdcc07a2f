import { useEffect, useState } from 'react';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { WITHDRAWALS, withdrawalApi, type WithdrawalSetting } from '../../common/withdrawalRecord';
import { fieldErrorsOf, useServerRefusal } from '../../common/useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const s = (key: string) => `resources.withdrawals.settings_editor.${key}`;
const FIELDS = ['cancellationDays', 'roundUpToPercent', 'fullResponsibilityAtPercent'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

const draftOf = (setting: WithdrawalSetting): Draft => ({
  cancellationDays: String(setting.cancellationDays),
  roundUpToPercent: String(setting.roundUpToPercent),
  fullResponsibilityAtPercent: String(setting.fullResponsibilityAtPercent),
});

/** One kind's row: its three settings as whole numbers, saved with PUT /withdrawals/settings/{kind}. */
function SettingRow({ setting, canEdit, phone }: { setting: WithdrawalSetting; canEdit: boolean; phone: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useServerRefusal();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(setting));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(draftOf(setting)), [setting]);
  const changed = FIELDS.some((field) => draft[field] !== String(setting[field]));

  async function save() {
    const body: Record<string, number | string> = {};
    const local: Record<string, string> = {};
    for (const field of FIELDS) {
      const text = draft[field].trim();
      if (!/^\d+$/.test(text)) local[field] = translate(s('whole_number'));
      body[field] = Number(text);
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      await withdrawalApi(dataProvider).updateSettings(setting.kind, body);
      notify(s('saved'), { type: 'success', messageArgs: { kind: translate(`enums.WithdrawalKind.${setting.kind}`) } });
      await queryClient.invalidateQueries({ queryKey: [WITHDRAWALS, 'settings'] });
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
      refused(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <TableRow data-testid={`withdrawal-setting-${setting.kind}`}>
      <TableCell component="th" scope="row">
        {translate(`enums.WithdrawalKind.${setting.kind}`)}
      </TableCell>
      {FIELDS.map((field) => (
        <TableCell key={field}>
          <TextField
            size="small"
            value={draft[field]}
            disabled={!canEdit || saving}
            onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            error={Boolean(errors[field])}
            helperText={errors[field] ? translate(errors[field], { _: errors[field] }) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${translate(`enums.WithdrawalKind.${setting.kind}`)}: ${translate(s(field))}` } }}
            sx={{ width: { xs: 46, sm: 96 } }}
          />
        </TableCell>
      ))}
      <TableCell>
        {canEdit && phone ? (
          <IconButton
            color="primary"
            aria-label={translate('ra.action.save')}
            disabled={!changed || saving}
            onClick={() => void save()}
            data-testid={`withdrawal-setting-save-${setting.kind}`}
          >
            <SaveIcon />
          </IconButton>
        ) : canEdit ? (
          <MuiButton size="small" variant="contained" disabled={!changed || saving} onClick={() => void save()} data-testid={`withdrawal-setting-save-${setting.kind}`}>
            {translate('ra.action.save')}
          </MuiButton>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/**
 * "Withdrawal rules" on the withdrawals list: each kind's settings the engine uses for the tuition
 * responsibility (domain rules "Withdrawals and refunds"): the days after signing within which only
 * the registration fee is owed, the step the owed percent is rounded up to, and the percent of the
 * class from which everything is owed. Staff with `withdrawals:status` edit them; the next preview
 * and every later withdrawal use them (decided ones keep their figures).
 */
export function WithdrawalSettingsButton() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  // A phone gets the whole screen: the six kinds' three inputs and Save stay in reach without scrolling sideways.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess: canEdit = false } = useCanAccess({ resource: WITHDRAWALS, action: 'status' });
  const { data, isPending, error } = useQuery({
    queryKey: [WITHDRAWALS, 'settings'],
    queryFn: () => withdrawalApi(dataProvider).settings(),
    enabled: open,
  });
  return (
    <>
      <Button label={s('open')} onClick={() => setOpen(true)} data-testid="withdrawal-settings-open">
        <TuneIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth fullScreen={phone} data-testid="withdrawal-settings">
        <DialogTitle>{translate(s('title'))}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(s('intro'))}
          </Typography>
          {isPending && open ? <LinearProgress /> : null}
          {error ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert> : null}
          {data ? (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } }, '& th, & td:first-of-type': { fontSize: { xs: 12, sm: 14 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(s('kind'))}</TableCell>
                    {FIELDS.map((field) => (
                      <TableCell key={field}>{translate(s(field))}</TableCell>
                    ))}
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((setting: WithdrawalSetting) => (
                    <SettingRow key={setting.kind} setting={setting} canEdit={canEdit} phone={phone} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
