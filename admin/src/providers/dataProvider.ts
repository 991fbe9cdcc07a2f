import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { StatusMovesAnswer } from '../../../domain/state/applications';
import type { HttpClient, QueryValue } from './http';
import type { EnrollingStatusAnswer } from '../../../domain/contract/products';
import type { BundleProgramsAnswer, FlowRequirementsAnswer, ModuleGroupAnswer } from '../../../domain/contract/programs';
import type { PermissionCatalogueAnswer, SearchFilterAnswer, SessionAnswer } from '../../../domain/contract/people';
import type { ApplicationIssuedPlanAnswer, CommentAnswer, CrmNotificationAnswer, EnvelopeAnswer, QuestionAnswer } from '../../../domain/contract/applications';
import type { LookupsAnswer } from '../../../domain/contract/enrollments';
import type { LmsSyncRunAnswer } from '../../../domain/contract/lms';

/** A module group as a react-admin record (domain/contract/programs.ts). */
export type ModuleGroupRecord = Omit<ModuleGroupAnswer, 'id'> & RaRecord;

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
  refunds: 'refund_queues',
  'disputed-payments': 'disputes',
  'payment-information': 'payment_plans',
  'migrated-payment-plans': 'payment_plans',
  'information-banner': 'information_banner',
  'coaching-circles-types': 'coaching_circle_types',
  'coaching-circles-attendance': 'coaching_circle_attendance',
  lms: 'lms_connection',
  // Issue 21: purchases and coaches' products.
  'extra-product-purchases': 'purchases',
  'cmp-transactions': 'coach_product_purchases',
  'cmp-sessions': 'coach_product_sign_up',
};

/** Resources whose API has no `find_by_criteria`: filters become query parameters of the plain list. */
export const plainListResources = new Set([
  'roles',
  'business-categories',
  'domain-events',
  'information-banner',
  'app-versions',
  'communications',
  'communication-templates',
  'email-templates',
  'coaching-circles-types',
  'lms',
]);

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
  const list = answer?.content ? answer : (answer?.data ?? { content: [], pagination: { total: 0 } });
  return { data: list.content ?? [], total: list.pagination?.total ?? list.content?.length ?? 0 };
}

/** A saved filter (GET /search_filters, POST, PUT): the answer schema's type (domain/contract/people.ts). */
export type SavedFilter = SearchFilterAnswer;

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
    studentSession: (id: Identifier) => request<SessionAnswer>({ path: at('students', id, '/session') }),

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
    permissionCatalogue: () => request<PermissionCatalogueAnswer>({ path: '/roles/permissions' }),

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
    lookups: async (type: string) => (await request<LookupsAnswer>({ path: '/public/lookups', query: { type }, auth: false })).content,

    // ---- Programs (core): archive, undelete, bundle, enrollment-flow requirements, learning-system calls.
    /** DELETE /programs/{id}: archives the program (409 while it has current cohorts). */
    archiveProgram: (id: Identifier) => request<void>({ method: 'DELETE', path: at('programs', id) }),
    /** PATCH /programs/{id}/undeleted: brings an archived program back; answers the program. */
    undeleteProgram: (id: Identifier) => request<RaRecord>({ method: 'PATCH', path: at('programs', id, '/undeleted') }),
    /** GET /programs/{id}/programs: the programs a bundle includes. */
    bundlePrograms: (id: Identifier) => request<BundleProgramsAnswer>({ path: at('programs', id, '/programs') }),
    /** POST /programs/{id}/programs: replaces the programs a bundle includes; answers them. */
    setBundlePrograms: (id: Identifier, programIds: Identifier[]) => request<BundleProgramsAnswer>({ method: 'POST', path: at('programs', id, '/programs'), body: { programIds } }),
    /** GET /programs/{id}/enrollment_flow_requirements: the six steps and whether each is required. */
    enrollmentFlowRequirements: (id: Identifier) => request<FlowRequirementsAnswer>({ path: at('programs', id, '/enrollment_flow_requirements') }),
    /** PUT /programs/{id}/enrollment_flow_requirements with [{ step, required }]. */
    setEnrollmentFlowRequirements: (id: Identifier, requirements: FlowRequirementsAnswer) =>
      request<FlowRequirementsAnswer>({ method: 'PUT', path: at('programs', id, '/enrollment_flow_requirements'), body: requirements }),
    /** The program's learning-system calls: POST sync_from_d2l / sync_topic_videos_from_d2l, GET sync_academic_status. */
    /** POST /programs/{id}/{call}?dryRun: a learning-system sync of the program (issue 21); answers the run (counts and changes). */
    programLmsCall: (id: Identifier, call: 'sync_from_d2l' | 'sync_topic_videos_from_d2l' | 'sync_academic_status', dryRun = false) =>
      request<LmsSyncRunAnswer>({ method: 'POST', path: at('programs', id, `/${call}`), query: { dryRun } }),
    // ---- end of programs (core)

    // ---- Products: archive, undelete, publish, enrolling status, the plan templates a product plan points at.
    /** DELETE /products/{id}: archives the product (it is unpublished too; 409 while a later area blocks it). */
    archiveProduct: (id: Identifier) => request<void>({ method: 'DELETE', path: at('products', id) }),
    /** PATCH /products/{id}/undeleted: brings an archived product back, unpublished; answers the product. */
    undeleteProduct: (id: Identifier) => request<RaRecord>({ method: 'PATCH', path: at('products', id, '/undeleted') }),
    /** POST /products/{id}/publish (or ?publish=false to unpublish); 409 without a payment plan and a product item. */
    publishProduct: (id: Identifier, publish = true) =>
      request<RaRecord>({ method: 'POST', path: at('products', id, '/publish'), query: publish ? undefined : { publish: false } }),
    /** GET /products/{id}/check_enrolling_status: whether it is enrolling today, and its window. */
    productEnrollingStatus: (id: Identifier) => request<EnrollingStatusAnswer>({ path: at('products', id, '/check_enrolling_status') }),
    /** GET /business_categories/payment_plans: every category's plan templates (one page of 1000, by description). */
    paymentPlanTemplates: async () =>
      readList<RaRecord>(await request({ path: '/business_categories/payment_plans', query: { size: 1000, page: 0, sortBy: 'description', descending: false } })).data,
    // ---- end of products

    // ---- Program parts: extra products (list with the archived toggle, publish, archive) and module groups.
    /** GET /programs/{id}/extra_products?deleted: one program's extra products (archived ones only with deleted=true), all of them by name. */
    programExtraProducts: async (programId: Identifier, { deleted = false }: { deleted?: boolean } = {}) =>
      readList<RaRecord>(await request({ path: at('programs', programId, '/extra_products'), query: { deleted, size: 1000, page: 0, sortBy: 'name', descending: false } })),
    /** PATCH /programs/{id}/extra_products/{extraProductId}/publish?publish=true|false; answers the extra product. */
    publishExtraProduct: (programId: Identifier, extraProductId: Identifier, publish: boolean) =>
      request<RaRecord>({ method: 'PATCH', path: at('programs', programId, `/extra_products/${encodeURIComponent(String(extraProductId))}/publish`), query: { publish } }),
    /** DELETE /programs/{id}/extra_products/{extraProductId}: archives it (soft delete, unpublished). */
    archiveExtraProduct: (programId: Identifier, extraProductId: Identifier) =>
      request<void>({ method: 'DELETE', path: at('programs', programId, `/extra_products/${encodeURIComponent(String(extraProductId))}`) }),
    /** GET /module_groups: every module group by name (one page of 1000). */
    moduleGroups: async () => readList<ModuleGroupRecord>(await request({ path: '/module_groups', query: { size: 1000, page: 0, sortBy: 'name', descending: false } })).data,
    /** POST /module_groups { name }: 409 MODULE_GROUP_NAME_TAKEN when the name exists (whatever its case). */
    createModuleGroup: (name: string) => request<ModuleGroupRecord>({ method: 'POST', path: '/module_groups', body: { name } }),
    // ---- end of program parts
    // ---- Cohorts: archive, undelete, publish, flags, coaching-circle windows, LMS sync, cohort modules.
    /** DELETE /cohorts/{id}: archives the cohort (409 COHORT_IN_PRODUCT, or a later area's block). */
    archiveCohort: (id: Identifier) => request<void>({ method: 'DELETE', path: at('cohorts', id) }),
    /** PATCH /cohorts/{id}/undeleted: brings an archived cohort back, unpublished; answers the cohort. */
    undeleteCohort: (id: Identifier) => request<RaRecord>({ method: 'PATCH', path: at('cohorts', id, '/undeleted') }),
    /** POST /cohorts/publish { cohortIds, published }: all the cohorts or none; answers them. */
    publishCohorts: (cohortIds: Identifier[], published: boolean) =>
      request<RaRecord[]>({ method: 'POST', path: '/cohorts/publish', body: { cohortIds: cohortIds.map(Number), published } }),
    /** PATCH /cohorts/{id}/useCoachingCircle | accessDisabled | cancelled { value }; answers the cohort. */
    setCohortFlag: (id: Identifier, flag: 'useCoachingCircle' | 'accessDisabled' | 'cancelled', value: boolean) =>
      request<RaRecord>({ method: 'PATCH', path: at('cohorts', id, `/${flag}`), body: { value } }),
    /** PATCH /cohorts/{id}/coaching_circle_open_close_dates: the keys sent change (null clears); answers the cohort. */
    setCoachingCircleDates: (
      id: Identifier,
      dates: Partial<Record<'coachingCircleOpenDate' | 'coachingCircleCloseDate' | 'sessionOpenDate' | 'sessionCloseDate', string | null>>,
    ) => request<RaRecord>({ method: 'PATCH', path: at('cohorts', id, '/coaching_circle_open_close_dates'), body: dates }),
    /** POST /cohorts/{id}/sync_from_d2l?dryRun: the cohort's students enrolled in its LMS course or section (issue 21); answers the run. */
    syncCohortFromLms: (id: Identifier, dryRun = false) => request<LmsSyncRunAnswer>({ method: 'POST', path: at('cohorts', id, '/sync_from_d2l'), query: { dryRun } }),
    /** POST /cohorts/{id}/modules/sync: copies the program's modules the cohort lacks; answers the first page of its modules. */
    syncCohortModules: async (id: Identifier) => readList<RaRecord>(await request({ method: 'POST', path: at('cohorts', id, '/modules/sync') })),
    /** PATCH /cohorts/{id}/cohort_modules/{moduleId}/open_date { openDate } or .../close_date { closeDate }; answers the module. */
    setCohortModuleDate: (cohortId: Identifier, moduleId: Identifier, field: 'openDate' | 'closeDate', value: string | null) =>
      request<RaRecord>({
        method: 'PATCH',
        path: at('cohorts', cohortId, `/cohort_modules/${encodeURIComponent(String(moduleId))}/${field === 'openDate' ? 'open_date' : 'close_date'}`),
        body: { [field]: value },
      }),
    /** PATCH /cohorts/{id}/cohort_modules/{moduleId}/module_group { moduleGroupId } (null takes it out); answers the module. */
    setCohortModuleGroup: (cohortId: Identifier, moduleId: Identifier, moduleGroupId: Identifier | null) =>
      request<RaRecord>({ method: 'PATCH', path: at('cohorts', cohortId, `/cohort_modules/${encodeURIComponent(String(moduleId))}/module_group`), body: { moduleGroupId } }),
    /** DELETE /cohorts/{id}/modules/{moduleId}: removes the module from the cohort (a later sync copies it again). */
    deleteCohortModule: (cohortId: Identifier, moduleId: Identifier) =>
      request<void>({ method: 'DELETE', path: at('cohorts', cohortId, `/modules/${encodeURIComponent(String(moduleId))}`) }),
    // ---- end of cohorts

    // ---- Enrollments (applications) and voucher refunds (application vouchers): the calls beyond CRUD.
    /** PATCH /applications/{id}/status?status=: one move of the status machine; answers the application. */
    changeApplicationStatus: (id: Identifier, status: string) => request<RaRecord>({ method: 'PATCH', path: at('enrollments', id, '/status'), query: { status } }),
    /** GET /applications/{id}/status_moves: the staff moves from the current status, each allowed or with the server's reason, and where its messages go. */
    applicationStatusMoves: (id: Identifier) => request<StatusMovesAnswer>({ path: at('enrollments', id, '/status_moves') }),
    /** PATCH /applications/{id}/call_attempts/{n}: sets the count; answers the application. */
    setCallAttempts: (id: Identifier, n: number) => request<RaRecord>({ method: 'PATCH', path: at('enrollments', id, `/call_attempts/${n}`) }),
    /** GET /applications/{id}/payment_plans: the student payment plans issued, with their schedules. */
    applicationPaymentPlans: async (id: Identifier) => readList<ApplicationIssuedPlanAnswer>(await request({ path: at('enrollments', id, '/payment_plans') })).data,
    /** GET /applications/{id}/answers. */
    applicationAnswers: async (id: Identifier) => readList<QuestionAnswer>(await request({ path: at('enrollments', id, '/answers') })).data,
    /** GET /applications/{id}/comments?size&page (newest first); POST, PUT .../{commentId}, DELETE .../{commentId}. */
    applicationComments: async (id: Identifier, page: number, size: number) =>
      readList<CommentAnswer>(await request({ path: at('enrollments', id, '/comments'), query: { size, page } })),
    addApplicationComment: (id: Identifier, content: string) => request<RaRecord>({ method: 'POST', path: at('enrollments', id, '/comments'), body: { content } }),
    editApplicationComment: (id: Identifier, commentId: Identifier, content: string) =>
      request<RaRecord>({ method: 'PUT', path: at('enrollments', id, `/comments/${encodeURIComponent(String(commentId))}`), body: { content } }),
    deleteApplicationComment: (id: Identifier, commentId: Identifier) =>
      request<unknown>({ method: 'DELETE', path: at('enrollments', id, `/comments/${encodeURIComponent(String(commentId))}`) }),
    /** GET /applications/{id}/envelopes (newest first); POST prepares the current one. */
    applicationEnvelopes: async (id: Identifier) => readList<EnvelopeAnswer>(await request({ path: at('enrollments', id, '/envelopes') })).data,
    prepareEnvelope: (id: Identifier) => request<RaRecord>({ method: 'POST', path: at('enrollments', id, '/envelopes') }),
    /** POST /envelopes/{id}/recreate: voids it and answers a fresh SENT envelope. */
    recreateEnvelope: (envelopeId: Identifier) => request<RaRecord>({ method: 'POST', path: `/envelopes/${encodeURIComponent(String(envelopeId))}/recreate` }),
    /** GET /envelopes/{id}/pdf with the bearer, as a file. */
    envelopePdf: async (envelopeId: Identifier) => (await request<Response>({ path: `/envelopes/${encodeURIComponent(String(envelopeId))}/pdf`, raw: true })).blob(),
    /** GET /applications/{id}/salesforce_notifications (newest first); POST .../{notificationId} retries one. */
    crmNotifications: async (id: Identifier, page: number, size: number) =>
      readList<CrmNotificationAnswer>(await request({ path: at('enrollments', id, '/salesforce_notifications'), query: { size, page, sortBy: 'id', descending: true } })),
    retryCrmNotification: (id: Identifier, notificationId: Identifier) =>
      request<RaRecord>({ method: 'POST', path: at('enrollments', id, `/salesforce_notifications/${encodeURIComponent(String(notificationId))}`) }),
    /** POST /applications/{id}/promo_code { code }; DELETE removes it (CREATED only). */
    applyPromoCode: (id: Identifier, code: string) => request<RaRecord>({ method: 'POST', path: at('enrollments', id, '/promo_code'), body: { code } }),
    removePromoCode: (id: Identifier) => request<unknown>({ method: 'DELETE', path: at('enrollments', id, '/promo_code') }),
    /** PATCH /application_vouchers/{id}/status?status=: approve, reject, cancel or complete a voucher refund. */
    changeVoucherRefundStatus: (id: Identifier, status: string) => request<RaRecord>({ method: 'PATCH', path: at('voucher-refunds', id, '/status'), query: { status } }),
    // ---- end of enrollments
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
