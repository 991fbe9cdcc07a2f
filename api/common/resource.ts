import { UniqueConstraintError, type Model, type ModelStatic, type Transaction, type WhereOptions } from 'sequelize';
import { z, type ZodType } from 'zod';
import { id as idParam } from '../../models/validation';
import type { Permission } from '../../models/permissions';
import { diff, recordActivity, stamp, type ActivityInput } from './audit';
import type { Actor } from './context';
import { AppError } from './errors';
import { criteriaSchema, criteriaWhere, pagingQuery, runList, type CriteriaSpec, type ListSpec, type Page, type PagingQuery } from './list';
import { route, type AnyRouteSpec } from './route';
import { page } from '../../domain/contract/common';

/**
 * One declaration of a resource → its standard routes (list, get, create, update, delete,
 * find_by_criteria), their OpenAPI (through the route registry) and the service functions behind
 * them. What a resource adds to plain CRUD is declared, not rewritten: its rules before a save or a
 * delete (a 409 with the catalogue's message), the activity entry, a parent it lives under
 * (`/:id/accounting_lines/:itemId`), and a unique index's 409. Anything that is not CRUD (a status
 * move, a publish, a money operation) stays a route of its own area beside these.
 */

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete' | 'find_by_criteria';
type Action = 'read' | 'create' | 'update' | 'delete';

export interface ResourceSpec<M extends Model, Dto, Input> {
  /** The record's name in a 404 ('Module group'). */
  label: string;
  /** The permission resource: list and get need `<permission>:read`, and so on. */
  permission: string;
  model: ModelStatic<M>;
  operations: readonly Operation[];
  /** Sorting and keyword search of the list (the list layer's options). */
  list: Omit<ListSpec<M>, 'model'>;
  /** The list's query schema when it differs from the plain paging query (another default size). */
  listQuery?: ZodType<PagingQuery>;
  /** find_by_criteria's body: criteria keys and how each filters. */
  criteria?: CriteriaSpec;
  dto: (row: M) => Dto;
  /** The schema of one record as `dto` answers it (domain/contract/): get, create and update answer it, list and find_by_criteria a page of it (OpenAPI). */
  answer?: ZodType;
  /** Create and update body. */
  body?: ZodType<Input>;
  /** The columns a checked body writes (default: the body as it is). */
  values?: (input: Input) => Record<string, unknown>;
  /** Whether the model has updatedById / updatedByName. */
  stamped?: boolean;
  /** An activity-log entry for each create, update and delete. */
  activity?: Pick<ActivityInput, 'entityType' | 'category'>;
  /** The record lives under a parent record: `/:id/<path>` and `/:id/<path>/:<itemParam>` (default `itemId`), scoped by `column`. */
  parent?: { label: string; model: ModelStatic<Model>; column: string; path: string; itemParam?: string };
  /** Checks inside the write's transaction; each throws the rule's AppError (409). */
  rules?: {
    beforeSave?: (input: Input, existing: M | null, ctx: { transaction: Transaction; parentId: number | null }) => Promise<void>;
    beforeDelete?: (row: M, transaction: Transaction) => Promise<void>;
    /** A unique index refused the write (a race the rule's check did not see). */
    onUnique?: () => AppError;
  };
  /** Summaries for OpenAPI, per operation (defaults name the label). */
  summaries?: Partial<Record<Operation, string>>;
}

export interface Resource<M extends Model, Dto, Input> {
  list(q: PagingQuery, parentId?: number | null): Promise<Page<Dto>>;
  findByCriteria(q: PagingQuery, criteria: Record<string, unknown>, parentId?: number | null): Promise<Page<Dto>>;
  find(id: number, parentId?: number | null, transaction?: Transaction): Promise<M>;
  get(id: number, parentId?: number | null): Promise<Dto>;
  create(input: Input, actor: Actor, parentId?: number | null): Promise<Dto>;
  update(id: number, input: Input, actor: Actor, parentId?: number | null): Promise<Dto>;
  remove(id: number, actor: Actor, parentId?: number | null): Promise<void>;
  routes(): AnyRouteSpec[];
}

export function defineResource<M extends Model, Dto extends Record<string, unknown>, Input>(spec: ResourceSpec<M, Dto, Input>): Resource<M, Dto, Input> {
  const listSpec: ListSpec<M> = { ...spec.list, model: spec.model };
  const parentColumn = spec.parent?.column;
  const scoped = (parentId: number | null | undefined): WhereOptions | null => (parentColumn && parentId ? ({ [parentColumn]: parentId } as WhereOptions) : null);
  const sequelize = () => spec.model.sequelize!;

  async function assertParent(parentId: number | null | undefined, transaction?: Transaction): Promise<void> {
    if (!spec.parent) return;
    if (!parentId || !(await spec.parent.model.findByPk(parentId, { attributes: ['id'], transaction }))) throw AppError.notFound(spec.parent.label);
  }

  /** The record; one of another parent is 404 like a missing one. */
  async function find(id: number, parentId?: number | null, transaction?: Transaction): Promise<M> {
    const row = await spec.model.findOne({ where: { id, ...(scoped(parentId) ?? {}) } as WhereOptions, transaction });
    if (!row) throw AppError.notFound(spec.label);
    return row;
  }

  const write = async <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> => {
    try {
      return await sequelize().transaction(work);
    } catch (err) {
      if (err instanceof UniqueConstraintError && spec.rules?.onUnique) throw spec.rules.onUnique();
      throw err;
    }
  };

  const columns = (input: Input, actor: Actor) => ({ ...(spec.values ? spec.values(input) : (input as Record<string, unknown>)), ...(spec.stamped ? stamp(actor) : {}) });

  const log = (
    actor: Actor,
    entityId: number,
    type: 'CREATED' | 'UPDATED' | 'DELETED',
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    transaction: Transaction,
  ) => (spec.activity ? recordActivity(actor, { ...spec.activity, entityId, type, changes: diff(before, after) }, transaction) : Promise.resolve());

  const resource: Resource<M, Dto, Input> = {
    async list(q, parentId) {
      await assertParent(parentId);
      return runList(listSpec, q, [scoped(parentId)], spec.dto);
    },
    async findByCriteria(q, criteria, parentId) {
      await assertParent(parentId);
      return runList(listSpec, q, [scoped(parentId), ...criteriaWhere(spec.criteria ?? {}, criteria, sequelize().getDialect())], spec.dto);
    },
    find,
    async get(id, parentId) {
      return spec.dto(await find(id, parentId));
    },
    async create(input, actor, parentId) {
      await assertParent(parentId);
      return write(async (transaction) => {
        await spec.rules?.beforeSave?.(input, null, { transaction, parentId: parentId ?? null });
        const row = await spec.model.create({ ...columns(input, actor), ...(scoped(parentId) ?? {}) } as never, { transaction });
        const dto = spec.dto(row);
        await log(actor, (row as unknown as { id: number }).id, 'CREATED', {}, dto, transaction);
        return dto;
      });
    },
    async update(id, input, actor, parentId) {
      return write(async (transaction) => {
        const row = await find(id, parentId, transaction);
        const before = spec.dto(row);
        await spec.rules?.beforeSave?.(input, row, { transaction, parentId: parentId ?? null });
        await row.update(columns(input, actor) as never, { transaction });
        const after = spec.dto(row);
        await log(actor, id, 'UPDATED', before, after, transaction);
        return after;
      });
    },
    async remove(id, actor, parentId) {
      await write(async (transaction) => {
        const row = await find(id, parentId, transaction);
        await spec.rules?.beforeDelete?.(row, transaction);
        await row.destroy({ transaction });
        await log(actor, id, 'DELETED', spec.dto(row), {}, transaction);
      });
    },
    routes() {
      return resourceRoutes(spec, resource);
    },
  };
  return resource;
}

/** The routes of the declared operations, nested under the parent when there is one. */
function resourceRoutes<M extends Model, Dto, Input>(spec: ResourceSpec<M, Dto, Input>, r: Resource<M, Dto, Input>): AnyRouteSpec[] {
  const can = (action: Action) => `${spec.permission}:${action}` as Permission;
  const has = (op: Operation) => spec.operations.includes(op);
  const base = spec.parent ? `/:id/${spec.parent.path}` : '';
  const itemParam = spec.parent?.itemParam ?? 'itemId';
  const itemPath = spec.parent ? `${base}/:${itemParam}` : '/:id';
  const collectionParams = spec.parent ? z.object({ id: idParam() }) : undefined;
  const itemParams = spec.parent ? z.object({ id: idParam(), [itemParam]: idParam() }) : z.object({ id: idParam() });
  const item = (params: Record<string, number>) => (spec.parent ? { id: params[itemParam], parentId: params.id } : { id: params.id, parentId: null });
  const parentOf = (params: unknown) => (spec.parent ? (params as { id: number }).id : null);
  const listQuery = spec.listQuery ?? pagingQuery(listSpecOf(spec));
  const summary = (op: Operation, fallback: string) => spec.summaries?.[op] ?? fallback;
  const label = spec.label.toLowerCase();
  const one = spec.answer;
  const many = one ? page(one) : undefined;
  const routes: AnyRouteSpec[] = [];

  if (has('list')) {
    routes.push(
      route({
        method: 'get',
        path: base || '/',
        summary: summary('list', `List ${label} records`),
        answer: many,
        access: can('read'),
        params: collectionParams,
        query: listQuery,
        handle: ({ params, query }) => r.list(query, parentOf(params)),
      }),
    );
  }
  if (has('find_by_criteria')) {
    const body = criteriaSchema(spec.criteria ?? {});
    routes.push(
      route({
        method: 'post',
        path: `${base}/find_by_criteria`,
        summary: summary('find_by_criteria', `Find ${label} records by criteria`),
        answer: many,
        access: can('read'),
        params: collectionParams,
        query: listQuery,
        body,
        handle: ({ params, query, body: criteria }) => r.findByCriteria(query, criteria as Record<string, unknown>, parentOf(params)),
      }),
    );
  }
  if (has('get')) {
    routes.push(
      route({
        method: 'get',
        path: itemPath,
        summary: summary('get', `Get a ${label}`),
        answer: one,
        access: can('read'),
        params: itemParams,
        handle: ({ params }) => r.get(item(params).id, item(params).parentId),
      }),
    );
  }
  if (has('create') && spec.body) {
    routes.push(
      route({
        method: 'post',
        path: base || '/',
        summary: summary('create', `Create a ${label}`),
        answer: one,
        access: can('create'),
        params: collectionParams,
        body: spec.body,
        status: 201,
        handle: ({ params, body, actor }) => r.create(body as Input, actor, parentOf(params)),
      }),
    );
  }
  if (has('update') && spec.body) {
    routes.push(
      route({
        method: 'put',
        path: itemPath,
        summary: summary('update', `Update a ${label}`),
        answer: one,
        access: can('update'),
        params: itemParams,
        body: spec.body,
        handle: ({ params, body, actor }) => r.update(item(params).id, body as Input, actor, item(params).parentId),
      }),
    );
  }
  if (has('delete')) {
    routes.push(
      route({
        method: 'delete',
        path: itemPath,
        summary: summary('delete', `Delete a ${label}`),
        access: can('delete'),
        params: itemParams,
        handle: ({ params, actor }) => r.remove(item(params).id, actor, item(params).parentId),
      }),
    );
  }
  return routes;
}

function listSpecOf<M extends Model, Dto, Input>(spec: ResourceSpec<M, Dto, Input>) {
  return { sortable: spec.list.sortable, defaultSort: spec.list.defaultSort, defaultDescending: spec.list.defaultDescending, maxSize: spec.list.maxSize };
}
