import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { SeededRoles } from '../../../models/permissions';

/**
 * How a role reads in the console's language. A built-in role's name is a RoleName with a label
 * ('Finanzas' for FINANCE); a role staff made is shown by the name they gave it. A built-in role's
 * description reads in the console's language while it is the one it was created with; once staff
 * have written their own, that is shown as written.
 */
export function useRoleText() {
  const translate = useTranslate();
  return useMemo(
    () => ({
      name: (name: string) => translate(`enums.RoleName.${name}`, { _: name }),
      description: (role: { name: string; description: string | null; system?: boolean }) => {
        const seeded = SeededRoles.find((r) => r.name === role.name);
        if (role.system && seeded && seeded.description === role.description) return translate(`resources.roles.seeded_descriptions.${role.name}`, { _: role.description });
        return role.description ?? '';
      },
    }),
    [translate],
  );
}
