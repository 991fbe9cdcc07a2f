import { useState, type MouseEvent } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Button, Confirm, useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { fullName, type Administrator } from './adminPayload';

/**
 * 'Log out' another administrator (platform spec §6): confirm, POST /admins/{id}/logout, tell the user,
 * and reload so the session chip turns INACTIVE. Hidden without admins:logout and on one's own record
 * (the user menu signs oneself out).
 */
export function AdminLogoutButton({ record: recordProp, variant = 'button' }: { record?: Administrator; variant?: 'button' | 'icon' }) {
  const record = useRecordContext<Administrator>({ record: recordProp });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ resource: 'admins', action: 'logout' });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  if (!record || !canAccess || (identity && String(identity.id) === String(record.id))) return null;
  const name = fullName(record);

  async function logOut() {
    setPending(true);
    try {
      await dataProvider.logoutAdministrator(record!.id);
      notify('resources.admins.notifications.logged_out', { type: 'success', messageArgs: { name } });
      refresh();
    } catch (error) {
      const message = (error as Error)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  const label = translate('resources.admins.actions.logout');
  return (
    // The button may sit in a clickable row, and clicks in the dialog bubble through the portal to it.
    <span onClick={(event: MouseEvent) => event.stopPropagation()}>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => setOpen(true)} data-testid={`logout-admin-${record.id}`}>
            <LogoutIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label="resources.admins.actions.logout" onClick={() => setOpen(true)} data-testid={`logout-admin-${record.id}`}>
          <LogoutIcon />
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.admins.actions.logout_title"
        content="resources.admins.actions.logout_content"
        translateOptions={{ name }}
        confirm="resources.admins.actions.logout"
        onConfirm={logOut}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
