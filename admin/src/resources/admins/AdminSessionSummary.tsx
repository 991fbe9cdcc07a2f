import { Stack, Typography } from '@mui/material';
import { Labeled, useRecordContext } from 'react-admin';
import { DateField } from '../../common/dates';
import { SessionStatusChip } from '../../common/SessionStatusChip';
import type { Administrator } from './adminPayload';
import { AdminLogoutButton } from './AdminLogoutButton';

/** Session status (ACTIVE green, IDLE orange, INACTIVE grey), last activity and sign-in, and 'Log out'. */
export function AdminSessionSummary() {
  const record = useRecordContext<Administrator>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={3} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
      <Labeled label="resources.admins.fields.status">
        <SessionStatusChip status={record.status} />
      </Labeled>
      <Labeled label="resources.admins.fields.lastActivityAt">{record.lastActivityAt ? <DateField source="lastActivityAt" /> : <Typography variant="body2">—</Typography>}</Labeled>
      <Labeled label="resources.admins.fields.lastLoginAt">{record.lastLoginAt ? <DateField source="lastLoginAt" /> : <Typography variant="body2">—</Typography>}</Labeled>
      <AdminLogoutButton />
    </Stack>
  );
}
