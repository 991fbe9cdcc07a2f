import { useState, type ReactNode } from 'react';
import { Box, Button, Drawer, IconButton, LinearProgress, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LinkIcon from '@mui/icons-material/Link';
import { useGetOne, useTranslate } from 'react-admin';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { Messages } from '../../../models/messages';
import { HttpError } from '../providers/http';

/** Default drawer width; under the breakpoint (and when maximized) the drawer takes the full width. */
export const DRAWER_WIDTH = 700;
export const FULL_WIDTH_BREAKPOINT = 500;

/** Writes text to the clipboard, falling back to a hidden textarea where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** The full address of a console path (`/students/42` → `https://host/admin/students/42`). */
export function directLink(path: string, origin = window.location.origin): string {
  return `${origin}/admin${path}`;
}

export function CopyLinkButton({ path }: { path: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const title = translate(copied ? 'app.drawer.copied' : 'app.drawer.copy_link');
  return (
    <Tooltip title={title} open={copied ? true : undefined} onClose={() => setCopied(false)}>
      <IconButton
        aria-label={translate('app.drawer.copy_link')}
        data-testid="copy-direct-link"
        onClick={async () => {
          await copyText(directLink(path));
          setCopied(true);
        }}
      >
        <LinkIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The record a drawer opened on a record route shows (`create` is not a record). */
export interface DrawerRecord {
  resource: string;
  id: string;
}

/**
 * Why the drawer's record cannot be shown: its load failed and nothing was loaded before (a failed
 * refetch keeps what is shown). The query is the one the screen inside makes, so it costs no request.
 */
function useRecordLoadError(record: DrawerRecord | undefined): Error | null {
  const enabled = Boolean(record && record.id !== 'create');
  const { data, error } = useGetOne(record?.resource ?? '', { id: record?.id ?? '' }, { enabled });
  return enabled && error && data === undefined ? error : null;
}

/** A 401 says nothing about the record: the visitor is on the way to sign in (or to /verify). */
const signedOut = (error: Error) => error instanceof HttpError && error.status === 401;

/**
 * What a drawer shows instead of a record it cannot load: 'Record not found' for an id the server
 * does not know (404, or 400 for an id that cannot be one), else the server's reason; both with the
 * way back to the list.
 */
export function RecordUnavailable({ id, error, onBack }: { id: string; error: Error; onBack: () => void }) {
  const translate = useTranslate();
  const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
  const reason = error instanceof HttpError ? error.message : Messages.GENERIC;
  return (
    <Box data-testid="record-unavailable" role="status" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {translate(missing ? 'app.drawer.not_found' : 'app.drawer.load_failed')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {missing ? translate('app.drawer.not_found_text', { id }) : translate(reason, { _: reason })}
      </Typography>
      <Button variant="contained" onClick={onBack}>
        {translate('app.drawer.back_to_list')}
      </Button>
    </Box>
  );
}

export interface DrawerFrameProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The record route, for 'Copy direct link' (absent for drawers not opened on a record route). */
  linkPath?: string;
  /** The record shown, when the drawer is opened on a record route: if it cannot be loaded, the frame says so. */
  record?: DrawerRecord;
  children: ReactNode;
}

/**
 * A right-hand drawer with close and maximize controls, 700 px wide or full width on small screens.
 * On a record that cannot be loaded it shows why and the way back instead of its content.
 */
export function DrawerFrame({ open, onClose, title, linkPath, record, children }: DrawerFrameProps) {
  const translate = useTranslate();
  const [maximized, setMaximized] = useState(false);
  const small = useMediaQuery(`(max-width:${FULL_WIDTH_BREAKPOINT}px)`);
  const width = maximized || small ? '100vw' : DRAWER_WIDTH;
  const loadError = useRecordLoadError(open ? record : undefined);
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width, maxWidth: '100vw' }, 'data-testid': 'record-drawer' } as object }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {linkPath && !loadError ? <CopyLinkButton path={linkPath} /> : null}
        {small ? null : (
          <Tooltip title={translate(maximized ? 'app.drawer.restore' : 'app.drawer.maximize')}>
            <IconButton aria-label={translate(maximized ? 'app.drawer.restore' : 'app.drawer.maximize')} onClick={() => setMaximized((m) => !m)}>
              {maximized ? <FullscreenExitIcon /> : <FullscreenIcon />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={translate('app.drawer.close')}>
          <IconButton aria-label={translate('app.drawer.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1 }}>
        {!open ? null : loadError && record ? signedOut(loadError) ? <LinearProgress /> : <RecordUnavailable id={record.id} error={loadError} onBack={onClose} /> : children}
      </Box>
    </Drawer>
  );
}

export interface RecordDrawerProps {
  /** The resource's list route, e.g. `/students`; the drawer opens on `/students/:id`. */
  basePath: string;
  title?: (id: string) => ReactNode;
  children: (id: string) => ReactNode;
}

/**
 * The drawer of a record route: `/students/42` opens it over the list, closing returns to `/students`
 * with the list's filters kept. `create` counts as a record id, so add drawers use the same frame.
 * The record is the resource's (`students` 42): a missing one reads 'Record not found'.
 */
export function RecordDrawer({ basePath, title, children }: RecordDrawerProps) {
  const match = useMatch(`${basePath}/:id`);
  const navigate = useNavigate();
  const location = useLocation();
  const id = match?.params.id;
  const close = () => navigate({ pathname: basePath, search: location.search });
  return (
    <DrawerFrame
      open={Boolean(id)}
      onClose={close}
      title={id ? title?.(id) : null}
      linkPath={id && id !== 'create' ? `${basePath}/${id}` : undefined}
      record={id ? { resource: basePath.slice(1), id } : undefined}
    >
      {id ? children(id) : null}
    </DrawerFrame>
  );
}
