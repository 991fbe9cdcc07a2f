import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Administrator } from './adminPayload';

/** The administrator's role names as chips. */
export function AdminRolesField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<Administrator>();
  if (!record?.roles?.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid="admin-roles">
      {record.roles.map((role) => (
        <Chip key={role} label={role} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}
