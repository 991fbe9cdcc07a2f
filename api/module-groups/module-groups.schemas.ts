import { z } from 'zod';
import { Messages } from '../../models/messages';
import { requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

export const moduleGroupSortable = { id: 'id', ID: 'id', name: 'name', NAME: 'name' };
/** GET /module_groups: every group by name, 100 a page by default. */
export const moduleGroupListQuery = pagingQuery(
  { sortable: moduleGroupSortable, defaultSort: 'NAME' },
  {
    size: z.coerce
      .number()
      .int(Messages.INVALID_VALUE)
      .min(1, Messages.INVALID_VALUE)
      .default(100)
      .transform((v) => Math.min(v, 1000)),
  },
);
export const moduleGroupBody = z.object({ name: requiredText(200) }).strict();
export type ModuleGroupInput = z.output<typeof moduleGroupBody>;
