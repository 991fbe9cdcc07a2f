import { LmsAuthError, LmsError } from './client';

/**
 * The HTTP calls of the LMS adapters: JSON or form bodies, a bearer token, a timeout, and the
 * vendor's error turned into an LmsError (401/403 → LmsAuthError). A token is never put in a message.
 */

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface HttpCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  /** Statuses answered instead of thrown (e.g. 404 when looking someone up). */
  accept?: number[];
  timeoutMs?: number;
}

const TIMEOUT_MS = 15_000;

function reason(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['error_description', 'message', 'Message', 'error', 'Title', 'Detail']) {
      const v = b[key];
      if (typeof v === 'string' && v) return v;
    }
    if (Array.isArray(b.errors) && b.errors.length) {
      const first = b.errors[0] as Record<string, unknown> | string;
      if (typeof first === 'string') return first;
      if (first && typeof first.message === 'string') return first.message;
    }
  }
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 200);
  return fallback;
}

export async function http<T = unknown>(call: HttpCall): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  let res: Response;
  try {
    res = await fetch(call.url, { method: call.method ?? 'GET', headers, body, signal: AbortSignal.timeout(call.timeoutMs ?? TIMEOUT_MS) });
  } catch (err) {
    throw new LmsError(`${new URL(call.url).host} not reached (${err instanceof Error ? err.message : String(err)})`, 0);
  }
  const text = await res.text();
  let parsed: unknown = text;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  } else if (!text) parsed = null;
  if (res.ok || call.accept?.includes(res.status)) return { status: res.status, headers: res.headers, body: parsed as T };
  const message = `${res.status} ${reason(parsed, res.statusText || 'error')}`;
  if (res.status === 401 || res.status === 403) throw new LmsAuthError(message, res.status);
  throw new LmsError(message, res.status);
}

/** The `next` address of an RFC 5988 Link header (Canvas pagination), if any. */
export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (m) return m[1];
  }
  return null;
}

/** `base` without a trailing slash. */
export const trimBase = (base: string) => base.replace(/\/+$/, '');

/** Runs `call` with the token; on a 401 renews once (when it can) and tries again. */
export async function withRenewal<T>(call: () => Promise<T>, renew: (() => Promise<boolean>) | null): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof LmsAuthError && err.status === 401 && renew && (await renew())) return call();
    throw err;
  }
}
