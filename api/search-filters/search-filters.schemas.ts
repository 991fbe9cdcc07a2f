import { z } from 'zod';
import { SearchFilterKind } from '../../models/enums';
import { id, requiredText } from '../../models/validation';
import { pagingQuery } from '../common/list';

export const searchFilterSortable = { id: 'id', name: 'name', NAME: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' };

const kind = z.enum(SearchFilterKind);

/** GET /search_filters?size&type: the console asks for one kind at a time, 100 filters at most (spec §9). */
export const searchFilterListQuery = pagingQuery(
  { sortable: searchFilterSortable, defaultSort: 'name', maxSize: 100 },
  {
    size: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .transform((n) => Math.min(n, 100)),
    type: kind.optional(),
  },
);

export const searchFilterIdParams = z.object({ id: id() });
export const searchFilterKindParams = z.object({ kind });
export const searchFilterIdKindParams = z.object({ id: id(), kind });

/** The criteria are checked against the kind's own criteria schema by the service. */
export const searchFilterBody = z
  .object({
    name: requiredText(100),
    criteria: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type SearchFilterInput = z.output<typeof searchFilterBody>;
