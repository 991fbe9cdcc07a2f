import { Stack } from '@mui/material';
import { PasswordInput, TextInput } from 'react-admin';
import { RoleNamesInput } from './RoleNamesInput';
import { emailFormat, oneWord, requiredValue, strongPassword } from '../../common/validation';

/**
 * The administrator form body shared by the add and edit drawers. Sources are the API's keys, so a
 * 400's field errors land under the right input. On create an empty password means "invite".
 */
export function AdminInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput source="firstName" validate={[requiredValue, oneWord]} autoComplete="off" fullWidth />
        <TextInput source="lastName" validate={[requiredValue, oneWord]} autoComplete="off" fullWidth />
      </Stack>
      <TextInput source="email" type="email" validate={[requiredValue, emailFormat]} helperText="resources.admins.helpers.email" autoComplete="off" fullWidth />
      <RoleNamesInput source="roles" validate={requiredValue} helperText="resources.admins.helpers.roles" fullWidth />
      {mode === 'create' ? (
        <PasswordInput source="password" validate={strongPassword} helperText="resources.admins.helpers.password" autoComplete="new-password" fullWidth />
      ) : null}
    </>
  );
}
