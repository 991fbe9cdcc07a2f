import { useState, type ReactNode } from 'react';
import { Box, Drawer, IconButton, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LinkIcon from '@mui/icons-material/Link';
import { useTranslate } from 'react-admin';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';

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

export interface DrawerFrameProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The record route, for 'Copy direct link' (absent for drawers not opened on a record route). */
  linkPath?: string;
  children: ReactNode;
}

/** A right-hand drawer with close and maximize controls, 700 px wide or full width on small screens. */
export function DrawerFrame({ open, onClose, title, linkPath, children }: DrawerFrameProps) {
  const translate = useTranslate();
  const [maximized, setMaximized] = useState(false);
  const small = useMediaQuery(`(max-width:${FULL_WIDTH_BREAKPOINT}px)`);
  const width = maximized || small ? '100vw' : DRAWER_WIDTH;
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width, maxWidth: '100vw' }, 'data-testid': 'record-drawer' } as object }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {linkPath ? <CopyLinkButton path={linkPath} /> : null}
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
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1 }}>{open ? children : null}</Box>
    </Drawer>
  );
}

export interface RecordDrawerProps {
  /** The list route, e.g. `/students`; the drawer opens on `/students/:id`. */
  basePath: string;
  title?: (id: string) => ReactNode;
  children: (id: string) => ReactNode;
}

/**
 * The drawer of a record route: `/students/42` opens it over the list, closing returns to `/students`
 * with the list's filters kept. `create` counts as a record id, so add drawers use the same frame.
 */
export function RecordDrawer({ basePath, title, children }: RecordDrawerProps) {
  const match = useMatch(`${basePath}/:id`);
  const navigate = useNavigate();
  const location = useLocation();
  const id = match?.params.id;
  const close = () => navigate({ pathname: basePath, search: location.search });
  return (
    <DrawerFrame open={Boolean(id)} onClose={close} title={id ? title?.(id) : null} linkPath={id && id !== 'create' ? `${basePath}/${id}` : undefined}>
      {id ? children(id) : null}
    </DrawerFrame>
  );
}
