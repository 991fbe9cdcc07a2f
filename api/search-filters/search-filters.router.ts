import type { Deps } from '../common/context';
import { route } from '../common/route';
import { searchFilterBody, searchFilterIdKindParams, searchFilterIdParams, searchFilterKindParams, searchFilterListQuery } from './search-filters.schemas';
import * as filters from './search-filters.service';
import { searchFilterAnswer, searchFilterPage } from '../../domain/contract/people';

/** /api/search_filters: each administrator's own saved list filters (back-office spec §7). */
export function searchFilterRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      answer: searchFilterPage,
      summary: 'List my saved filters',
      access: 'search_filters:read',
      query: searchFilterListQuery,
      handle: ({ query, auth }) => filters.listSearchFilters(auth!.userId, query),
    }),
    route({
      method: 'post',
      path: '/:kind',
      answer: searchFilterAnswer,
      summary: 'Save a filter',
      access: 'search_filters:create',
      params: searchFilterKindParams,
      body: searchFilterBody,
      status: 201,
      handle: ({ params, body, auth, actor }) => filters.createSearchFilter(auth!.userId, params.kind, body, actor),
    }),
    route({
      method: 'put',
      path: '/:id/:kind',
      answer: searchFilterAnswer,
      summary: 'Update a saved filter',
      access: 'search_filters:update',
      params: searchFilterIdKindParams,
      body: searchFilterBody,
      handle: ({ params, body, auth, actor }) => filters.updateSearchFilter(auth!.userId, params.id, params.kind, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a saved filter',
      access: 'search_filters:delete',
      params: searchFilterIdParams,
      handle: ({ params, auth }) => filters.deleteSearchFilter(auth!.userId, params.id),
    }),
  ];
}
