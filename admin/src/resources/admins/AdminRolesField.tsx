import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Administrator } from './adminPayload';
import { useRoleText } from '../../common/roleText';

/** The administrator's roles as chips (a built-in role by its label). */
export function AdminRolesField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<Administrator>();
  const roleText = useRoleText();
  if (!record?.roles?.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid="admin-roles">
      {record.roles.map((role) => (
        <Chip key={role} label={roleText.name(role)} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}
