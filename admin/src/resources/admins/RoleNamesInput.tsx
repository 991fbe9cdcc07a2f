import { useMemo } from 'react';
import { SelectArrayInput, useGetList, type SelectArrayInputProps } from 'react-admin';
import { useRoleText } from '../../common/roleText';

/**
 * The roles of an administrator: the API takes role names (`["FINANCE"]`), so the choices are the
 * names from GET /api/roles.
 */
export function RoleNamesInput(props: Omit<SelectArrayInputProps, 'choices'>) {
  const { data, isPending } = useGetList<{ id: number; name: string; description: string | null }>('roles', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const roleText = useRoleText();
  const choices = useMemo(() => (data ?? []).map((r) => ({ id: r.name, name: roleText.name(r.name) })), [data, roleText]);
  return <SelectArrayInput {...props} choices={choices} isPending={isPending} optionText="name" />;
}
