import { z } from 'zod';
import { Messages } from '../../models/messages';
import { email, id, personName, strongPassword } from '../../models/validation';
import { criteriaSchema, pagingQuery, type CriteriaSpec } from '../common/list';

export const adminSortable = {
  id: 'id',
  email: 'email',
  EMAIL: 'email',
  firstName: 'firstName',
  FIRST_NAME: 'firstName',
  lastName: 'lastName',
  LAST_NAME: 'lastName',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};
export const adminListQuery = pagingQuery({ sortable: adminSortable });
export const adminIdParams = z.object({ id: id() });

/** Criteria translated by criteriaWhere; `roles` is resolved separately (it lives in another table). */
export const adminCriteria: CriteriaSpec = {
  ids: { kind: 'ids', column: 'id' },
  email: { kind: 'prefix', column: 'email' },
  name: { kind: 'text', columns: ['firstName', 'lastName'] },
  createdAt: { kind: 'dateRange', column: 'createdAt', dateTime: true },
  updatedAt: { kind: 'dateRange', column: 'updatedAt', dateTime: true },
  updatedBy: { kind: 'ids', column: 'updatedById' },
};
export const adminCriteriaBody = criteriaSchema({ ...adminCriteria, roles: { kind: 'in', column: 'roles' } });
export type AdminCriteria = z.infer<typeof adminCriteriaBody>;

// Role names are upper snake case; accept what a form may send ('finance', ' Finance ') and de-duplicate.
const roleNames = z
  .array(
    z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string().min(1, Messages.REQUIRED).max(50, Messages.INVALID_VALUE)),
    { error: Messages.REQUIRED },
  )
  .min(1, Messages.REQUIRED)
  .max(20)
  .transform((names) => [...new Set(names)]);

const adminFields = {
  email: email(),
  firstName: personName(100),
  lastName: personName(100),
  roles: roleNames,
};

export const adminCreateBody = z.object({ ...adminFields, password: strongPassword().optional() }).strict();
export const adminUpdateBody = z.object(adminFields).strict();
export type AdminCreateInput = z.infer<typeof adminCreateBody>;
export type AdminUpdateInput = z.infer<typeof adminUpdateBody>;
