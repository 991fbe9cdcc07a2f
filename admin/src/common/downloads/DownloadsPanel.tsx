import { useMemo, useRef, useState } from 'react';
import { Badge, Box, Button as MuiButton, IconButton, LinearProgress, List, ListItem, Popover, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ReplayIcon from '@mui/icons-material/Replay';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '../../../../models/permissions';
import { isExportInProgress, isExportRetryable } from '../../../../domain/state/exports';
import { formatDateTime } from '../dates';
import { saveFile } from '../saveFile';
import { useServerRefusal } from '../useServerRefusal';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useDownloads } from './DownloadsContext';
import { exportsApi, type ExportRecord } from './exportsApi';

const t = (key: string) => `downloads.${key}`;

/** One export: its kind and when, a progress bar while it runs, then Download (or Retry when FAILED). */
function ExportRow({ record }: { record: ExportRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => exportsApi(dataProvider), [dataProvider]);
  const { refresh } = useDownloads();
  const refused = useServerRefusal({ keepFieldErrors: false });
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };
  const total = record.rowsTotal;
  const percent = total ? Math.min(100, Math.round((record.rowsDone / total) * 100)) : 0;
  return (
    <ListItem divider data-testid={`export-${record.id}`} data-status={record.status} sx={{ display: 'block', py: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {translate(`enums.FileExportType.${record.type}`, { _: record.type })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(record.createdAt, locale)}
        </Typography>
      </Box>
      <Typography variant="caption" color={record.status === 'FAILED' ? 'error' : 'text.secondary'} data-testid={`export-${record.id}-status`}>
        {translate(`enums.FileExportStatus.${record.status}`, { _: record.status })}
        {record.status === 'COMPLETED' ? ` · ${translate(t('rows'), { smart_count: record.rowsDone })}` : ''}
      </Typography>
      {isExportInProgress(record) ? (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={percent} aria-label={translate(t('title'))} data-testid={`export-${record.id}-progress`} />
          <Typography variant="caption" color="text.secondary">
            {total === null ? translate(t('waiting')) : translate(t('progress'), { done: record.rowsDone.toLocaleString(), total: total.toLocaleString() })}
          </Typography>
        </Box>
      ) : null}
      {record.status === 'COMPLETED' && record.fileName ? (
        <MuiButton
          size="small"
          startIcon={<DownloadIcon />}
          disabled={busy}
          data-testid={`export-${record.id}-download`}
          data-file-name={record.fileName}
          href={`/api/files/download?fileName=${encodeURIComponent(record.fileName)}`}
          onClick={(event) => {
            // The file needs the session's token: fetched with it, then saved under the export's name.
            event.preventDefault();
            void act(async () => saveFile(await api.download(record.fileName!), record.originalName ?? 'export.csv'))();
          }}
        >
          {translate(t('download'))}
        </MuiButton>
      ) : null}
      {isExportRetryable(record) ? (
        <>
          {record.error ? (
            <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {record.error}
            </Typography>
          ) : null}
          <MuiButton
            size="small"
            startIcon={<ReplayIcon />}
            disabled={busy}
            data-testid={`export-${record.id}-retry`}
            onClick={act(async () => {
              await api.retry(record.id);
              await refresh();
            })}
          >
            {translate(t('retry'))}
          </MuiButton>
        </>
      ) : null}
    </ListItem>
  );
}

/** The app bar's Downloads button: a badge with the exports running, opening the list of one's exports. */
export function DownloadsButton() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { exports, running, open, setOpen, refresh } = useDownloads();
  const anchor = useRef<HTMLButtonElement>(null);
  if (!Array.isArray(permissions) || !hasPermission(permissions, 'exports:read')) return null;
  const label = running ? `${translate(t('open'))}: ${translate(t('running'), { smart_count: running })}` : translate(t('open'));
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          ref={anchor}
          color="inherit"
          aria-label={label}
          data-testid="downloads-button"
          onClick={() => {
            setOpen(true);
            void refresh();
          }}
        >
          <Badge badgeContent={running} color="secondary" data-testid="downloads-badge">
            <CloudDownloadIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: '70vh' } } }}
      >
        <Box data-testid="downloads-panel" role="region" aria-label={translate(t('title'))}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 2, pt: 1.5 }}>
            <Typography variant="subtitle1">{translate(t('title'))}</Typography>
            <MuiButton size="small" onClick={() => setOpen(false)}>
              {translate(t('close'))}
            </MuiButton>
          </Box>
          {exports.length ? (
            <List dense>
              {exports.map((e) => (
                <ExportRow key={e.id} record={e} />
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
              {translate(t('empty'))}
            </Typography>
          )}
        </Box>
      </Popover>
    </>
  );
}
