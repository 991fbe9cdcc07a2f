import { Alert } from '@mui/material';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { requiredValue } from '../../common/validation';
import { PermissionMatrixInput } from './PermissionMatrixInput';
import type { Role } from './rolePayload';

// The API upper-cases names and turns blanks into underscores; the form shows what will be stored.
const toRoleName = (value: unknown) => (typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '_') : value);

/** The role form body shared by create and edit: name, description and the permission matrix. */
export function RoleInputs() {
  const record = useRecordContext<Role>();
  const translate = useTranslate();
  const builtIn = Boolean(record?.system);
  return (
    <>
      {builtIn ? (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="role-protected">
          {translate('resources.roles.protected_hint')}
        </Alert>
      ) : null}
      <TextInput
        source="name"
        validate={requiredValue}
        parse={toRoleName}
        readOnly={builtIn}
        helperText={
          builtIn ? (
            'resources.roles.helpers.name_protected'
          ) : (
            <>
              {translate('resources.roles.helpers.name')} <code translate="no">FINANCE_LEAD</code>
            </>
          )
        }
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <TextInput source="description" multiline minRows={2} sx={{ maxWidth: 720 }} fullWidth />
      <PermissionMatrixInput source="permissions" />
    </>
  );
}
