import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { RoleInputs } from './RoleInputs';
import { toRolePayload, type Role } from './rolePayload';
import { useRoleText } from '../../common/roleText';

/** Delete with confirmation; 'The role is assigned to administrators' and the like come from the server. */
function RoleDeleteButton() {
  const record = useRecordContext<Role>();
  if (!record || record.system) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="resources.roles.actions.delete_title"
      confirmContent="resources.roles.actions.delete_content"
      titleTranslateOptions={{ name: record.name }}
      redirect="list"
    />
  );
}

function RoleEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <RoleDeleteButton />
    </Toolbar>
  );
}

/** 'Role Finance': a built-in role by its label (react-admin's default title showed the raw name). */
function RoleEditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<Role>();
  const roleText = useRoleText();
  return <>{translate('ra.page.edit', { name: translate('resources.roles.name', { smart_count: 1 }), recordRepresentation: record ? roleText.name(record.name) : '' })}</>;
}

/**
 * /roles/:id: name, description and the permission matrix, saved pessimistically. Refusals (a
 * protected role, a duplicate name) arrive as the server's message; the success message is the spec's
 * role-save message.
 */
export function RoleEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Role>
      title={<RoleEditTitle />}
      mutationMode="pessimistic"
      transform={(data) => toRolePayload(data) as unknown as Role}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.roles.notifications.saved', { type: 'success' });
          redirect('list', 'roles');
        },
      }}
    >
      <SimpleForm toolbar={<RoleEditToolbar />}>
        <RoleInputs />
      </SimpleForm>
    </Edit>
  );
}

export default RoleEdit;
