import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient, QueryValue } from './http';

/**
 * The console's one data provider, in the style of ra-data-simple-rest, over the API's paged and
 * `find_by_criteria` conventions (back-office spec §4 "List pattern", §7):
 *
 * getList     GET  /api/{path}?size&page&sortBy&descending&keyword          (keyword only, or no criteria)
 *             POST /api/{path}/find_by_criteria?size&page&sortBy&descending&keyword  body: criteria
 * getOne      GET  /api/{path}/{id}
 * getMany     POST /api/{path}/find_by_criteria  body: { ids }   (or one GET per id where there is no criteria search)
 * getManyReference  as getList with { [target]: id } added to the criteria
 * create      POST /api/{path}
 * update      PUT  /api/{path}/{id}
 * delete      DELETE /api/{path}/{id}
 * updateMany / deleteMany  one call per id
 *
 * The console's resource names are the spec's routes (`business-categories`); the API path is the
 * same with underscores unless `resourcePaths` says otherwise. Forms send exactly what the API
 * expects (each resource shapes its payload with `transform`), so this layer passes bodies as they are.
 */

/** Console resource → API path segment where the two differ by more than `-` → `_`. */
export const resourcePaths: Record<string, string> = {
  enrollments: 'applications',
  'voucher-refunds': 'application_vouchers',
  'payment-information': 'payment_plans',
  'information-banner': 'information_banner',
};

/** Resources whose API has no `find_by_criteria`: filters become query parameters of the plain list. */
export const plainListResources = new Set(['roles']);

/** Filter keys that are list state, not criteria. */
export const SAVED_FILTER_KEYS = ['savedFilterId', 'savedFilterName'] as const;

export function apiPath(resource: string): string {
  return resourcePaths[resource] ?? resource.replace(/-/g, '_');
}

/** react-admin paging/sorting → the API's query: one-based page → zero-based, perPage → size, order → descending. */
export function pagingToQuery(params: Pick<GetListParams, 'pagination' | 'sort'>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (params.pagination) {
    query.size = params.pagination.perPage;
    query.page = Math.max(0, params.pagination.page - 1);
  }
  if (params.sort?.field) {
    query.sortBy = params.sort.field;
    query.descending = params.sort.order === 'DESC';
  }
  return query;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Drops the empty parts of criteria (back-office spec §5): empty strings, empty arrays, null/undefined
 * flags and selections, ranges whose lower bound is missing, date ranges without a from-date, and
 * objects left empty. Booleans (false included) are kept.
 */
export function cleanCriteria(criteria: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') out[key] = value.trim();
      continue;
    }
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== null && v !== undefined && v !== '');
      if (items.length) out[key] = items;
      continue;
    }
    if (isPlainObject(value)) {
      if ('min' in value || 'max' in value) {
        if (value.min === null || value.min === undefined || value.min === '') continue;
      }
      if ('from' in value || 'to' in value) {
        if (value.from === null || value.from === undefined || value.from === '') continue;
      }
      const inner = cleanCriteria(value);
      if (Object.keys(inner).length) out[key] = inner;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/** Splits a react-admin filter object into the keyword (`q`) and the cleaned criteria. */
export function splitFilter(filter: Record<string, unknown> | undefined): { keyword?: string; criteria: Record<string, unknown> } {
  const { q, ...rest } = filter ?? {};
  for (const key of SAVED_FILTER_KEYS) delete rest[key];
  const keyword = typeof q === 'string' && q.trim() ? q.trim() : undefined;
  return { keyword, criteria: cleanCriteria(rest) };
}

interface ListAnswer<T> {
  content: T[];
  pagination: { total: number; page?: number; size?: number };
}

/** `{ content, pagination.total }` (or a bare array) → react-admin's `{ data, total }`. */
export function readList<T extends RaRecord>(body: unknown): { data: T[]; total: number } {
  if (Array.isArray(body)) return { data: body as T[], total: body.length };
  const answer = body as ListAnswer<T> & { data?: ListAnswer<T> };
  const list = answer?.content ? answer : answer?.data ?? { content: [], pagination: { total: 0 } };
  return { data: list.content ?? [], total: list.pagination?.total ?? list.content?.length ?? 0 };
}

export interface SavedFilter {
  id: number;
  name: string;
  kind: string;
  criteria: Record<string, unknown>;
}

export interface AdministratorSession {
  id: number;
  userId: number;
  status: 'ACTIVE' | 'IDLE' | 'INACTIVE';
}

/** Builds the provider on an http client; the extra methods are the API's actions beyond CRUD. */
export function createDataProvider(http: HttpClient) {
  const { request } = http;

  async function list(resource: string, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) {
    const path = apiPath(resource);
    const { keyword, criteria } = splitFilter(params.filter);
    const query = { ...pagingToQuery(params), keyword };
    const useCriteria = Object.keys(criteria).length > 0 && !plainListResources.has(resource);
    const body = useCriteria
      ? await request({ method: 'POST', path: `/${path}/find_by_criteria`, query, body: criteria })
      : await request({ method: 'GET', path: `/${path}`, query: plainListResources.has(resource) ? { ...query, ...flatQuery(criteria) } : query });
    return readList(body);
  }

  const base: DataProvider = {
    getList: (resource, params) => list(resource, params) as never,

    getOne: async (resource, params) => ({
      data: (await request({ path: `/${apiPath(resource)}/${encodeURIComponent(String(params.id))}` })) as never,
    }),

    getMany: async (resource, params) => {
      const ids = [...new Set(params.ids)];
      if (!ids.length) return { data: [] };
      if (plainListResources.has(resource)) {
        const { data } = await list(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
        const wanted = new Set(ids.map(String));
        return { data: data.filter((r) => wanted.has(String(r.id))) as never };
      }
      const { data } = await list(resource, { pagination: { page: 1, perPage: ids.length }, sort: { field: 'id', order: 'ASC' }, filter: { ids } });
      return { data: data as never };
    },

    getManyReference: async (resource, params) => {
      const filter = { ...params.filter, [params.target]: params.id };
      return list(resource, { ...params, filter }) as never;
    },

    create: async (resource, params) => ({
      data: (await request({ method: 'POST', path: `/${apiPath(resource)}`, body: params.data })) as never,
    }),

    update: async (resource, params) => ({
      data: (await request({ method: 'PUT', path: `/${apiPath(resource)}/${encodeURIComponent(String(params.id))}`, body: params.data })) as never,
    }),

    updateMany: async (resource, params) => {
      for (const id of params.ids) await request({ method: 'PUT', path: `/${apiPath(resource)}/${encodeURIComponent(String(id))}`, body: params.data });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await request({ method: 'DELETE', path: `/${apiPath(resource)}/${encodeURIComponent(String(params.id))}` });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await request({ method: 'DELETE', path: `/${apiPath(resource)}/${encodeURIComponent(String(id))}` });
      return { data: params.ids };
    },
  };

  const at = (resource: string, id: Identifier, suffix = '') => `/${apiPath(resource)}/${encodeURIComponent(String(id))}${suffix}`;

  return {
    ...base,
    /** Any API call with the provider's session handling, for screens with one-off needs. */
    request,

    /** PUT /students/{id}/toggle_active (and the same on users). */
    toggleActive: (resource: 'students' | 'users', id: Identifier) => request<RaRecord>({ method: 'PUT', path: at(resource, id, '/toggle_active') }),

    /** POST /admins/{id}/logout: ends another administrator's sessions at once. */
    logoutAdministrator: (id: Identifier) => request<void>({ method: 'POST', path: at('admins', id, '/logout') }),

    /** GET /students/{id}/session: ACTIVE / IDLE / INACTIVE. */
    studentSession: (id: Identifier) => request<{ status: 'ACTIVE' | 'IDLE' | 'INACTIVE'; lastActivityAt: string | null }>({ path: at('students', id, '/session') }),

    /** GET /students/{id}/activity_log (paged, categories, types). */
    activityLog: async (id: Identifier, params: Pick<GetListParams, 'pagination' | 'sort'> & { categories?: string[]; types?: string[] }) =>
      readList(await request({ path: at('students', id, '/activity_log'), query: { ...pagingToQuery(params), categories: params.categories, types: params.types } })),

    /** PATCH /students/{id}/email: the sign-in email. */
    changeStudentEmail: (id: Identifier, email: string) => request<RaRecord>({ method: 'PATCH', path: at('students', id, '/email'), body: { email } }),

    /** POST /students/merge. */
    mergeStudents: (keepId: Identifier, mergeId: Identifier) => request<RaRecord>({ method: 'POST', path: '/students/merge', body: { keepId, mergeId } }),

    /** PATCH /users/{id}/update_password: the signed-in user's own password. */
    updatePassword: (userId: Identifier, body: { currentPassword: string; password: string; passwordConfirmation: string }) =>
      request<void>({ method: 'PATCH', path: at('users', userId, '/update_password'), body }),

    /** GET /roles/permissions: the permission catalogue for the role editor. */
    permissionCatalogue: () => request<Array<{ resource: string; actions: string[] }>>({ path: '/roles/permissions' }),

    /** Saved filters of one kind (GET /search_filters?type&size=100). */
    savedFilters: async (kind: string) => readList<SavedFilter & RaRecord>(await request({ path: '/search_filters', query: { type: kind, size: 100 } })).data as SavedFilter[],
    createSavedFilter: (kind: string, name: string, criteria: Record<string, unknown>) =>
      request<SavedFilter>({ method: 'POST', path: `/search_filters/${kind}`, body: { name, criteria: cleanCriteria(criteria) } }),
    updateSavedFilter: (id: number, kind: string, name: string, criteria: Record<string, unknown>) =>
      request<SavedFilter>({ method: 'PUT', path: `/search_filters/${id}/${kind}`, body: { name, criteria: cleanCriteria(criteria) } }),
    deleteSavedFilter: (id: number) => request<void>({ method: 'DELETE', path: `/search_filters/${id}` }),

    /** The total of a list with optional criteria, read from a one-row page (dashboard counts). */
    count: async (resource: string, filter: Record<string, unknown> = {}) =>
      (await list(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter })).total,

    /** Public lookups by type (GET /public/lookups?type=). */
    lookups: async (type: string) =>
      (await request<{ content: Array<{ type: string; value: string; label: string }> }>({ path: '/public/lookups', query: { type }, auth: false })).content,
  };
}

/** Criteria of a plain-list resource as query parameters (only flat values make sense there). */
function flatQuery(criteria: Record<string, unknown>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(criteria)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (Array.isArray(v)) out[k] = v as Array<string | number>;
  }
  return out;
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;
