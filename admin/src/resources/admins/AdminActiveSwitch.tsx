import { useState } from 'react';
import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { fullName, type Administrator } from './adminPayload';

/**
 * The administrator's active flag. It is not part of the form: the API's administrator bodies do not
 * take it, the account's PUT /users/{userId}/toggle_active flips it (needs users:update, and
 * admins:update for another administrator's account). Nobody deactivates themself.
 */
export function AdminActiveSwitch() {
  const record = useRecordContext<Administrator>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const { identity } = useGetIdentity();
  const users = useCanAccess({ resource: 'users', action: 'update' });
  const admins = useCanAccess({ resource: 'admins', action: 'edit' });
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const self = identity != null && String(identity.id) === String(record.id);
  const allowed = Boolean(users.canAccess && admins.canAccess) && !self;

  async function toggle() {
    setPending(true);
    try {
      const answer = (await dataProvider.toggleActive('users', record!.userId)) as unknown as { active: boolean };
      const name = fullName(record);
      notify(answer.active ? 'resources.admins.notifications.activated' : 'resources.admins.notifications.deactivated', { type: 'success', messageArgs: { name } });
      refresh();
    } catch (error) {
      const message = (error as Error)?.message;
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <FormControlLabel
        control={<Switch checked={Boolean(record.active)} onChange={toggle} disabled={!allowed || pending} data-testid="admin-active" />}
        label={translate('resources.admins.fields.active')}
      />
      <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{translate('resources.admins.helpers.active')}</FormHelperText>
    </div>
  );
}
