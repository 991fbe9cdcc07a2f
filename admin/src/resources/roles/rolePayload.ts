import type { RaRecord } from 'react-admin';
import type { RoleAnswer } from '../../../../domain/contract/people';

/** A role as GET /api/roles answers it (domain/contract/people.ts). `system` marks the seeded roles (not renamed, not deleted). */
export type Role = Omit<RoleAnswer, 'id'> & RaRecord;

/** POST and PUT /api/roles take exactly { name, description, permissions } (a strict schema). */
export function toRolePayload(data: Partial<Role>) {
  const description = typeof data.description === 'string' ? data.description.trim() : data.description;
  return {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    description: description === '' ? null : (description ?? null),
    permissions: data.permissions ?? [],
  };
}
