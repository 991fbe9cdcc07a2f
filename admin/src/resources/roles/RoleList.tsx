import { Chip } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { countPermissions } from './permissionMatrix';
import type { Role } from './rolePayload';
import { usePermissionCatalogue } from './usePermissionCatalogue';
import { NoResults } from '../../common/NoResults';
import { useRoleText } from '../../common/roleText';

function RoleListActions() {
  return (
    <TopToolbar>
      <CreateButton label="resources.roles.actions.create" />
    </TopToolbar>
  );
}

/** "Everything", or "n of m permissions" over the catalogue. */
function PermissionCount({ record }: { record: Role }) {
  const translate = useTranslate();
  const { catalogue } = usePermissionCatalogue();
  const permissions = record.permissions ?? [];
  if (permissions.includes('*')) return <>{translate('resources.roles.everything_value')}</>;
  if (!catalogue) return <>{permissions.length}</>;
  const { granted, total } = countPermissions(permissions, catalogue);
  return <>{translate('resources.roles.matrix.count', { granted, total })}</>;
}

function BuiltInChip({ record }: { record: Role }) {
  const translate = useTranslate();
  return record.system ? <Chip size="small" icon={<LockIcon fontSize="small" />} label={translate('resources.roles.fields.system')} data-testid="role-built-in" /> : null;
}

/** /roles: every role with its description, how much it grants, and whether it is built in. */
export function RoleList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'roles', action: 'edit' });
  const roleText = useRoleText();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.roles.filters.search')} />];
  return (
    <List<Role> sort={{ field: 'id', order: 'ASC' }} perPage={25} filters={filters} actions={<RoleListActions />}>
      <DataTable<Role> empty={<NoResults />} rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" render={(record) => roleText.name((record as Role).name)} />
        <DataTable.Col source="description" disableSort render={(record) => roleText.description(record as Role)} />
        <DataTable.Col source="permissionCount" disableSort render={(record) => <PermissionCount record={record as Role} />} />
        <DataTable.Col source="system" disableSort render={(record) => <BuiltInChip record={record as Role} />} />
      </DataTable>
    </List>
  );
}

export default RoleList;
