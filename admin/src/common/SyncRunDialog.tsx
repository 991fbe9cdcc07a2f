import { useEffect, useState } from 'react';
import { Alert, Box, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { LmsSyncRunAnswer } from '../../../domain/contract/lms';
import { useServerRefusal } from './useServerRefusal';

const t = (key: string) => `app.lms_sync.${key}`;
const SHOWN = 20;

function Counts({ run }: { run: LmsSyncRunAnswer }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mb: 1 }} data-testid="sync-counts">
      <Chip size="small" color={run.created ? 'success' : 'default'} label={`${translate(t('created'))}: ${run.created}`} />
      <Chip size="small" color={run.updated ? 'info' : 'default'} label={`${translate(t('updated'))}: ${run.updated}`} />
      <Chip size="small" label={`${translate(t('unchanged'))}: ${run.unchanged}`} />
      <Chip size="small" color={run.failed ? 'error' : 'default'} label={`${translate(t('failed'))}: ${run.failed}`} />
    </Stack>
  );
}

function Changes({ run }: { run: LmsSyncRunAnswer }) {
  const translate = useTranslate();
  if (!run.changes.length) return <Typography variant="body2">{translate(t('nothing'))}</Typography>;
  return (
    <List dense disablePadding data-testid="sync-changes">
      {run.changes.slice(0, SHOWN).map((c, i) => (
        <ListItem key={`${c.entity}-${c.externalId}-${i}`} disableGutters>
          <ListItemText
            primary={`${translate(t(`action.${c.action}`))} · ${translate(t(`entity.${c.entity}`), { _: c.entity })}: ${c.name}`}
            secondary={c.error ?? (c.fields?.length ? c.fields.join(', ') : null)}
          />
        </ListItem>
      ))}
      {run.changes.length > SHOWN ? <ListItem disableGutters>{translate(t('more'), { smart_count: run.changes.length - SHOWN })}</ListItem> : null}
    </List>
  );
}

/**
 * A learning-system sync (issue 21), dry run first: opening it asks the API what would change
 * (`run(true)`) and shows the counts and the changes; "Run sync" runs it (`run(false)`) and shows the
 * run's counts. The server's refusals (no LMS, no org unit, a sync already running) are shown as sent.
 */
export function SyncRunDialog({
  open,
  title,
  onClose,
  run,
  onDone,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  run: (dryRun: boolean) => Promise<LmsSyncRunAnswer>;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [preview, setPreview] = useState<LmsSyncRunAnswer | null>(null);
  const [done, setDone] = useState<LmsSyncRunAnswer | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setPreview(null);
    setDone(null);
    setPending(true);
    run(true)
      .then(setPreview)
      .catch((error: unknown) => {
        refused(error);
        onClose();
      })
      .finally(() => setPending(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);
  const shown = done ?? preview;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="sync-dialog">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        {pending ? <LinearProgress sx={{ mb: 2 }} /> : null}
        {shown ? (
          <Box>
            <Alert severity={shown.status === 'FAILED' ? 'error' : done ? 'success' : 'info'} sx={{ mb: 2 }} data-testid={done ? 'sync-result' : 'sync-preview'}>
              {translate(t(shown.status === 'FAILED' ? 'failed_run' : done ? 'done' : 'preview'))}
              {shown.error ? <div>{shown.error}</div> : null}
            </Alert>
            <Counts run={shown} />
            <Changes run={shown} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button label={done ? 'ra.action.close' : 'ra.action.cancel'} onClick={onClose} />
        {!done && preview && preview.status !== 'FAILED' ? (
          <Button
            label={t('run')}
            variant="contained"
            disabled={pending}
            data-testid="sync-run"
            onClick={async () => {
              setPending(true);
              try {
                setDone(await run(false));
                onDone?.();
              } catch (error) {
                refused(error);
              } finally {
                setPending(false);
              }
            }}
          />
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
