import { LinearProgress, Stack } from '@mui/material';
import { EmailField, Labeled, ShowBase, TextField, useShowContext } from 'react-admin';
import { AdminDeleteButton } from './AdminEdit';
import { AdminRolesField } from './AdminRolesField';
import { AdminSessionSummary } from './AdminSessionSummary';
import type { Administrator } from './adminPayload';

function AdminShowBody() {
  const { isPending, record } = useShowContext<Administrator>();
  if (isPending || !record) return <LinearProgress />;
  return (
    <Stack spacing={2}>
      <AdminSessionSummary />
      <Stack direction="row" spacing={4}>
        <Labeled label="resources.admins.fields.firstName">
          <TextField source="firstName" />
        </Labeled>
        <Labeled label="resources.admins.fields.lastName">
          <TextField source="lastName" />
        </Labeled>
      </Stack>
      <Labeled label="resources.admins.fields.email">
        <EmailField source="email" />
      </Labeled>
      <Labeled label="resources.admins.fields.roles">
        <AdminRolesField />
      </Labeled>
      <div>
        <AdminDeleteButton />
      </div>
    </Stack>
  );
}

/** The drawer of /admins/:id for those who may read administrators but not change them. */
export function AdminShow({ id }: { id: string }) {
  return (
    <ShowBase<Administrator> resource="admins" id={id}>
      <AdminShowBody />
    </ShowBase>
  );
}

export default AdminShow;
