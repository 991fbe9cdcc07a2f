import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { CountCardView } from './CountCard';

/**
 * Administrators signed in and active now (session status ACTIVE). The API has no criteria on session
 * status, so the card reads the administrators (a few dozen at most) and counts; it opens the list.
 */
export function AdministratorsOnlineCard() {
  const translate = useTranslate();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'admins', action: 'list' });
  const { data, total, isPending, isError } = useGetList<{ id: number; status: string }>(
    'admins',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} },
    { enabled: Boolean(canAccess) },
  );
  if (checking || !canAccess) return null;
  const active = data?.filter((a) => a.status === 'ACTIVE').length;
  return (
    <CountCardView
      to="/admins"
      title={translate('dashboard.cards.admins_online')}
      subtitle={isPending || isError ? undefined : translate('dashboard.cards.admins_total', { smart_count: total ?? 0 })}
      icon={<AdminPanelSettingsIcon />}
      color="success.main"
      value={isError ? undefined : isPending ? null : active}
      testId="count-dashboard.cards.admins_online"
    />
  );
}
