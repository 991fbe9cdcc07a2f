import { z } from 'zod';
import { Messages } from '../../models/messages';
import { confirmationMatches, email, id, optionalText, strongPassword } from '../../models/validation';
import { pagingQuery } from '../common/list';

export const userIdParams = z.object({ id: id() });
export const historyParams = z.object({ id: id(), historyId: id() });

export const userUpdateBody = z.object({ email: email() }).strict();

export const updatePasswordBody = z
  .object({
    password: strongPassword(),
    passwordConfirmation: z.string(),
    // Checked against the stored hash as typed: never trimmed or otherwise altered.
    currentPassword: z.string().max(200).optional(),
  })
  .strict()
  .superRefine(confirmationMatches('password'));
export type UpdatePasswordInput = z.infer<typeof updatePasswordBody>;

const entityType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string()
    .min(1, Messages.REQUIRED)
    .max(40, Messages.INVALID_VALUE)
    .regex(/^[A-Z][A-Z0-9_]*$/, Messages.INVALID_VALUE),
);

// "Recently viewed" reads newest first, unlike the contract's id-ascending default for lists.
export const historySortable = { viewedAt: 'viewedAt', VIEWED_AT: 'viewedAt', id: 'id' };
export const historyListQuery = pagingQuery({ sortable: historySortable, defaultSort: 'viewedAt', defaultDescending: true }, { entityType: entityType.optional() });

export const historyBody = z.object({ entityType, entityId: id(), label: optionalText(200) }).strict();
export type HistoryInput = z.infer<typeof historyBody>;
