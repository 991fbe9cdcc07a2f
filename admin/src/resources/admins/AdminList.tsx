import { BooleanField, CreateButton, DataTable, FilterButton, List, SearchInput, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SessionStatusChip } from '../../common/SessionStatusChip';
import { AdminDrawer } from './AdminDrawer';
import { AdminLogoutButton } from './AdminLogoutButton';
import { AdminRolesField } from './AdminRolesField';
import { fullName, type Administrator } from './adminPayload';
import { RoleNamesInput } from './RoleNamesInput';
import { NoResults } from '../../common/NoResults';
import { ExportButton } from '../../common/downloads/ExportButton';

function AdminListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="resources.admins.actions.create" />
      <ExportButton kind="administrators_csv" permission="admins:export" />
    </TopToolbar>
  );
}

/**
 * /admins: administrators by id ascending (back-office spec §9), keyword search and a roles filter,
 * session status chips, and the add/edit drawer on /admins/:id and /admins/create.
 */
export function AdminList() {
  const translate = useTranslate();
  const location = useLocation();
  // The roles filter lists GET /roles, which needs roles:read.
  const { canAccess: canReadRoles } = useCanAccess({ resource: 'roles', action: 'list' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.admins.filters.search')} />,
    ...(canReadRoles ? [<RoleNamesInput key="roles" source="roles" label="resources.admins.filters.roles" />] : []),
  ];
  return (
    <>
      <List<Administrator> sort={{ field: 'id', order: 'ASC' }} perPage={10} filters={filters} actions={<AdminListActions />} exporter={false}>
        <DataTable<Administrator> empty={<NoResults />} rowClick={(id) => `/admins/${id}${location.search}`} bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="lastName" label="resources.admins.fields.fullName" render={(record) => fullName(record as Administrator)} />
          <DataTable.Col source="email" />
          <DataTable.Col source="roles" disableSort>
            <AdminRolesField />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort render={(record) => <SessionStatusChip status={(record as Administrator).status} />} />
          <DataTable.Col source="active" disableSort field={BooleanField} />
          <DataTable.Col source="actions" label=" " disableSort render={(record) => <AdminLogoutButton record={record as Administrator} variant="icon" />} />
        </DataTable>
      </List>
      <AdminDrawer />
    </>
  );
}

export default AdminList;
