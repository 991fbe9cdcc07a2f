import { CreateBase, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { AdminInputs } from './AdminInputs';
import { toCreatePayload, type Administrator } from './adminPayload';

/**
 * The add drawer of /admins/create. With a password the account can sign in at once; without one the
 * API emails an invitation, and the notification says so.
 */
export function AdminCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <CreateBase<Administrator>
      resource="admins"
      redirect={false}
      transform={(data) => toCreatePayload(data) as unknown as Administrator}
      mutationOptions={{
        onSuccess: (created: Administrator, variables: { data?: Partial<Administrator> & { password?: string } }) => {
          const invited = !variables?.data?.password;
          notify(invited ? 'resources.admins.notifications.invited' : 'resources.admins.notifications.created', { type: 'success', messageArgs: { email: created.email } });
          navigate({ pathname: '/admins', search: location.search });
        },
      }}
    >
      <SimpleForm
        defaultValues={{ roles: [] }}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        sx={{ px: 0 }}
      >
        <AdminInputs mode="create" />
      </SimpleForm>
    </CreateBase>
  );
}

export default AdminCreate;
