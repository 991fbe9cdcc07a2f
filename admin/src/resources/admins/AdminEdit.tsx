import { Box, LinearProgress } from '@mui/material';
import { DeleteWithConfirmButton, EditBase, SaveButton, SimpleForm, Toolbar, useEditContext, useGetIdentity, useNotify, useRecordContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { AdminActiveSwitch } from './AdminActiveSwitch';
import { AdminInputs } from './AdminInputs';
import { AdminSessionSummary } from './AdminSessionSummary';
import { fullName, toUpdatePayload, type Administrator } from './adminPayload';

/** Delete with a confirmation; a refusal ('The last super administrator cannot be removed') is the server's text. */
export function AdminDeleteButton() {
  const record = useRecordContext<Administrator>();
  const { identity } = useGetIdentity();
  const location = useLocation();
  if (!record || (identity && String(identity.id) === String(record.id))) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="resources.admins.actions.delete_title"
      confirmContent="resources.admins.actions.delete_content"
      titleTranslateOptions={{ name: fullName(record) }}
      contentTranslateOptions={{ name: fullName(record) }}
      redirect={() => `/admins${location.search}`}
    />
  );
}

function AdminEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <AdminDeleteButton />
    </Toolbar>
  );
}

function AdminEditBody() {
  const { isPending, record } = useEditContext<Administrator>();
  if (isPending || !record) return <LinearProgress />;
  return (
    <Box>
      <AdminSessionSummary />
      <AdminActiveSwitch />
      <SimpleForm toolbar={<AdminEditToolbar />} sx={{ px: 0 }}>
        <AdminInputs mode="edit" />
      </SimpleForm>
    </Box>
  );
}

/** The edit drawer of /admins/:id: pessimistic save of { email, firstName, lastName, roles }, then back to the list. */
export function AdminEdit({ id }: { id: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <EditBase<Administrator>
      resource="admins"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => toUpdatePayload(data) as unknown as Administrator}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.admins.notifications.updated', { type: 'success' });
          navigate({ pathname: '/admins', search: location.search });
        },
      }}
    >
      <AdminEditBody />
    </EditBase>
  );
}

export default AdminEdit;
