import { AppError } from '../common/errors';
import type { Ctx } from '../common/context';
import { sha256 } from '../common/tokens';
import { idempotencyKey } from './payments.schemas';

/**
 * A charge's Idempotency-Key and a hash of the request it came with, stored together on the payment
 * (docs/decisions.md, issue 15 "Security and HTTP"): the same key with the same request answers the first result, with another
 * request 409 IDEMPOTENCY_KEY_REUSED.
 */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/** JSON with every object's keys in order, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's Idempotency-Key header (optional; over 100 characters is 400) and the hash of what the
 * request asks: the call (method and route) with its path parameters and body as validated.
 */
export function idempotencyOf(ctx: Ctx<unknown, unknown, unknown>): Idempotency | undefined {
  const parsed = idempotencyKey.safeParse(ctx.req.get('Idempotency-Key') ?? undefined);
  if (!parsed.success) throw AppError.badRequest({ 'Idempotency-Key': parsed.error.issues[0]?.message ?? 'Invalid value' });
  if (parsed.data === undefined) return undefined;
  const call = `${ctx.req.method} ${ctx.req.baseUrl.toLowerCase()}${(ctx.req.route as { path?: string } | undefined)?.path ?? ctx.req.path}`;
  return { key: parsed.data, requestHash: sha256(canonical([call, ctx.params, ctx.body])) };
}
