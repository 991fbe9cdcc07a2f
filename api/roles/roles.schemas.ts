import { z } from 'zod';
import { AllPermissions } from '../../models/permissions';
import { Messages } from '../../models/messages';
import { id, optionalText } from '../../models/validation';
import { pagingQuery } from '../common/list';

export const roleSortable = { id: 'id', name: 'name', NAME: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' };
export const roleListQuery = pagingQuery({ sortable: roleSortable, maxSize: 1000 });
export const roleIdParams = z.object({ id: id() });

const permission = z.string().refine((p) => p === '*' || AllPermissions.includes(p) || /^[a-z_]+:\*$/.test(p), Messages.INVALID_VALUE);

export const roleBody = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/\s+/g, '_') : v),
      z
        .string()
        .min(1, Messages.REQUIRED)
        .max(50)
        .regex(/^[A-Z][A-Z0-9_]*$/, Messages.INVALID_VALUE),
    ),
    description: optionalText(255),
    permissions: z.array(permission).max(500),
  })
  .strict();
export type RoleInput = z.infer<typeof roleBody>;
