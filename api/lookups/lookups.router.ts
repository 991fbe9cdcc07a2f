import { z } from 'zod';
import { Lookup } from '../../models';
import { LookupType } from '../../models/enums';
import type { Deps } from '../common/context';
import { route } from '../common/route';
import { lookupsAnswer } from '../../domain/contract/enrollments';

const query = z.object({ type: z.union([z.enum(LookupType), z.array(z.enum(LookupType))]).optional() }).strict();

/** GET /api/public/lookups: reference values for selects, optionally of some types. No token needed. */
export function lookupRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/lookups',
      answer: lookupsAnswer,
      summary: 'Lookup items (type, value, label)',
      access: 'public',
      query,
      handle: async ({ query: q }) => {
        const types = q.type === undefined ? undefined : Array.isArray(q.type) ? q.type : [q.type];
        const rows = await Lookup.findAll({
          where: types ? { type: types } : {},
          order: [
            ['type', 'ASC'],
            ['displayOrder', 'ASC'],
          ],
          attributes: ['type', 'value', 'label'],
          raw: true,
        });
        return { content: rows };
      },
    }),
  ];
}
