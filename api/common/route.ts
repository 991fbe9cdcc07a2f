import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { z, type ZodType } from 'zod';
import { User } from '../../models';
import { Messages } from '../../models/messages';
import { hasPermission, type Permission } from '../../models/permissions';
import { AppError, fieldErrors } from './errors';
import { CsvFile, sendCsv } from './csv';
import { actorOf, type Ctx, type Deps, type Principal } from './context';
import { setRouteLabel } from './metrics';
import { RateLimiter } from './rate-limit';
import { selectList } from './rows';
import { selectRows } from './sql';
import { verifyAccessToken } from './tokens';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Infer<S> = S extends ZodType ? z.output<S> : Record<string, never>;

/**
 * One endpoint: its access rule, its input schemas and its handler. `permission` is what an
 * administrator needs; `self` lets a student or coach reach the endpoint for their own records only.
 */
export interface RouteSpec<P extends ZodType | undefined, Q extends ZodType | undefined, B extends ZodType | undefined> {
  method: Method;
  path: string;
  summary: string;
  access: Permission | 'public' | 'authenticated';
  self?: (ctx: Ctx<Infer<P>, Infer<Q>, Infer<B>>) => boolean | Promise<boolean>;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Success status: 200 by default, 201 for creations; 204 (no body, whatever the handler returns) for
   * every DELETE (contract "Records") and for calls that answer nothing.
   */
  status?: number;
  /** At most `max` calls per client address per `windowSeconds` (public account calls). */
  rateLimit?: { max: number; windowSeconds: number };
  /** The success answer's schema (domain/contract/), which the OpenAPI description documents. */
  answer?: ZodType;
  /**
   * A file upload (issue 20): the body is multipart/form-data (415 otherwise) with the file in `field`,
   * read by the handler itself once the caller is known (api/files/upload.ts), never by the JSON parser.
   */
  upload?: { field: string; maxBytes: number };
  handle: (ctx: Ctx<Infer<P>, Infer<Q>, Infer<B>>) => unknown;
}

export interface RegisteredRoute {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  access: string;
  self: boolean;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  answer?: ZodType;
  upload?: { field: string; maxBytes: number };
  status: number;
}

/**
 * A route spec whatever its schemas: what a router's list holds. Each spec's handler takes its own
 * schemas' types, which no wider type accepts (function parameters are contravariant), hence `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of specs of different schemas (see above)
export type AnyRouteSpec = RouteSpec<any, any, any>;

/** Every route of the app, for the OpenAPI description. */
export const routeRegistry: RegisteredRoute[] = [];

/** The `self` rule of /students/{id}/… routes: a student reaches only their own records. */
export const ownStudent = (ctx: Ctx<{ id: number }, unknown, unknown>): boolean => ctx.auth?.studentId === ctx.params.id;

/** Typed helper so each spec infers its own schema types. */
export function route<P extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, B extends ZodType | undefined = undefined>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}

function parse(schema: ZodType | undefined, value: unknown, prefix: string): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw AppError.badRequest(fieldErrors(result.error, prefix ? [prefix] : []));
  return result.data;
}

// ---- What a request's body may be (issue 15): JSON or nothing ----

/** The media types a request body may have: JSON, also with parameters (`; charset=utf-8`) or a `+json` suffix. */
export const JSON_BODY_TYPES = ['application/json', 'application/*+json'];

/**
 * A request that carries a body must say it is JSON, on every route: a text/plain, form-encoded or
 * untyped body is 415 before anything else is read (the JSON parser leaves such a body unread, and it
 * would otherwise run as an empty one). No body at all (no Content-Length, or 0) is not refused here.
 */
export function assertJsonBody(req: Request): void {
  const length = req.headers['content-length'];
  const carriesBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (carriesBody && !req.is(JSON_BODY_TYPES)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', Messages.UNSUPPORTED_MEDIA_TYPE);
}

/** An upload route's body must be multipart/form-data (api/files/upload.ts reads it); anything else, or nothing, is 415. */
export function assertMultipartBody(req: Request): void {
  if (!req.is('multipart/form-data')) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', Messages.UPLOAD_MEDIA_TYPE);
}

/** The body of a route that takes none: nothing, or an empty JSON object; any field is 400 'Unknown field'. */
const NO_BODY = z.object({}).strict();

let userFields: string | null = null;
const USER_FIELDS_OF = () => (userFields ??= selectList(User, ['id', 'active', 'tokensValidAfter', 'lastActivityAt']));

/** Reads and checks the bearer token: signature, expiry, account still active, not revoked. */
export async function authenticate(req: Request, deps: Deps): Promise<Principal | null> {
  const header = req.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const claims = verifyAccessToken(deps.config.JWT_SECRET, header.slice(7).trim());
  if (!claims) throw AppError.unauthorized();
  const userId = Number(claims.sub);
  // Every request reads its account (deactivated, signed out everywhere): one plain SELECT on the driver (./sql.ts).
  const [user] = await selectRows<{ id: number; active: boolean | number; tokensValidAfter: Date | string | null; lastActivityAt: Date | string | null }>(
    User.sequelize!,
    `SELECT ${USER_FIELDS_OF()} FROM users WHERE id = ${Number.isSafeInteger(userId) ? userId : 0}`,
  );
  if (!user || !user.active) throw AppError.unauthorized();
  if (user.tokensValidAfter && claims.iatMs < new Date(user.tokensValidAfter).getTime()) throw AppError.unauthorized();
  // Session status (ACTIVE / IDLE / INACTIVE) reads last activity; refresh it at most once a minute.
  const now = Date.now();
  if (!user.lastActivityAt || now - new Date(user.lastActivityAt).getTime() > 60_000) {
    User.update({ lastActivityAt: new Date(now) }, { where: { id: userId }, silent: true, hooks: false }).catch((err) => deps.log.warn({ err }, 'last activity not recorded'));
  }
  return {
    userId,
    kind: claims.kind,
    administratorId: claims.aid,
    studentId: claims.sid,
    coachId: claims.cid,
    name: claims.name,
    permissions: claims.perms ?? [],
  };
}

/** Mounts route specs on a router under one OpenAPI tag, with the whole pipeline per route. */
export function mount(router: Router, deps: Deps, tag: string, prefix: string, specs: AnyRouteSpec[]): void {
  for (const spec of specs) {
    const status = spec.status ?? (spec.method === 'delete' ? 204 : 200);
    const template = `${prefix}${spec.path === '/' ? '' : spec.path}`;
    routeRegistry.push({
      method: spec.method,
      path: template,
      summary: spec.summary,
      tag,
      access: spec.access,
      self: Boolean(spec.self),
      params: spec.params,
      query: spec.query,
      body: spec.body,
      answer: spec.answer,
      upload: spec.upload,
      status,
    });
    const limiter = spec.rateLimit ? new RateLimiter(spec.rateLimit.max, spec.rateLimit.windowSeconds * 1000) : null;
    const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      setRouteLabel(res, template);
      limiter?.hit(req.ip ?? 'unknown');
      if (spec.upload) assertMultipartBody(req);
      else assertJsonBody(req);
      const auth = spec.access === 'public' ? await authenticate(req, deps).catch(() => null) : await authenticate(req, deps);
      if (spec.access !== 'public') {
        if (!auth) throw AppError.unauthorized();
        if (spec.access !== 'authenticated') {
          const allowed = auth.kind === 'ADMIN' ? hasPermission(auth.permissions, spec.access) : Boolean(spec.self);
          if (!allowed) throw AppError.forbidden();
        }
      }
      const params = parse(spec.params, req.params, '');
      const query = parse(spec.query, req.query, '');
      const body = parse(spec.body ?? NO_BODY, req.body, '');
      const ctx: Ctx<unknown, unknown, unknown> = { params, query, body, auth, actor: actorOf(auth), deps, req, res };
      if (auth && auth.kind !== 'ADMIN' && spec.access !== 'authenticated' && spec.access !== 'public') {
        if (!spec.self || !(await spec.self(ctx))) throw AppError.forbidden();
      }
      const result = await spec.handle(ctx);
      if (res.headersSent) return;
      if (result instanceof CsvFile) {
        await sendCsv(res, result);
        return;
      }
      if (result === undefined || status === 204) {
        res.status(204).end();
        return;
      }
      res.status(status).json(result);
      void next;
    };
    router[spec.method](spec.path, handler);
  }
}
