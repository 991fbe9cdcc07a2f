import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { RoleInputs } from './RoleInputs';
import { toRolePayload, type Role } from './rolePayload';

/** /roles/create: a new role with its permissions. */
export function RoleCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<Role>
      transform={(data) => toRolePayload(data) as unknown as Role}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.roles.notifications.saved', { type: 'success' });
          redirect('list', 'roles');
        },
      }}
    >
      <SimpleForm defaultValues={{ permissions: [] }}>
        <RoleInputs />
      </SimpleForm>
    </Create>
  );
}

export default RoleCreate;
