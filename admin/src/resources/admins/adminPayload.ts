import type { RaRecord } from 'react-admin';
import type { AdministratorAnswer } from '../../../../domain/contract/people';

/** An administrator as GET /api/admins answers it: the answer schema's type (domain/contract/people.ts). */
export type Administrator = Omit<AdministratorAnswer, 'id'> & RaRecord;

export const fullName = (a: Pick<Administrator, 'firstName' | 'lastName' | 'email'> | undefined | null) => (a ? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() || a.email : '');

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * PUT /api/admins/{id} takes exactly { email, firstName, lastName, roles } (a strict schema): the
 * read-only parts of the record the form holds (status, active, dates) stay behind.
 */
export function toUpdatePayload(data: Partial<Administrator>) {
  return { email: trimmed(data.email), firstName: trimmed(data.firstName), lastName: trimmed(data.lastName), roles: data.roles ?? [] };
}

/** POST /api/admins: the same plus an optional password; without one the API emails an invitation. */
export function toCreatePayload(data: Partial<Administrator> & { password?: string | null }) {
  const password = typeof data.password === 'string' && data.password !== '' ? data.password : undefined;
  return { ...toUpdatePayload(data), ...(password ? { password } : {}) };
}
