import type { RaRecord } from 'react-admin';

/** A role as GET /api/roles answers it. `system` marks the seeded roles (not renamed, not deleted). */
export interface Role extends RaRecord {
  name: string;
  description: string | null;
  permissions: string[];
  system: boolean;
}

/** POST and PUT /api/roles take exactly { name, description, permissions } (a strict schema). */
export function toRolePayload(data: Partial<Role>) {
  const description = typeof data.description === 'string' ? data.description.trim() : data.description;
  return {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    description: description === '' ? null : (description ?? null),
    permissions: data.permissions ?? [],
  };
}
